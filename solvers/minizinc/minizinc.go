// Package minizinc runs the MiniZinc toolchain (minizinc, with a solver such
// as Gecode) as a process on a model of any origin and reads its answers:
// the text of each solution, and whether the search was complete.
package minizinc

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/queenslab/nqueens/internal/platform"
)

// Options shape a run.
type Options struct {
	// Solver is the backend (--solver); "" is "gecode".
	Solver string
	// All asks for every solution (--all-solutions) instead of the first.
	All bool
	// Data, if not nil, is a data file (.dzn) for the model.
	Data []byte
}

// Result is what a run found.
type Result struct {
	// Solutions is the number of solutions printed.
	Solutions uint64
	// Complete says that the search ended: every solution was printed
	// ("=========="), or none exists ("=====UNSATISFIABLE=====").
	Complete bool
}

// MaxLine caps the length of one line of minizinc's output.
const MaxLine = 16 << 20

// Available says why minizinc cannot run here, or returns nil.
func Available() error {
	if _, err := exec.LookPath("minizinc"); err != nil {
		return errors.New("minizinc: minizinc is not installed")
	}
	return nil
}

// Solve writes the model to a temporary .mzn file, runs minizinc on it and
// calls each with the text of every solution (its lines, without the
// "----------" that ends it), until each returns an error, which Solve
// returns. Output it does not understand is an error, and so is a run that
// is cut short by ctx (its error is returned). The process is killed when
// ctx is done.
func Solve(ctx context.Context, model []byte, o Options, each func(solution string) error) (Result, error) {
	if ctx == nil || each == nil {
		return Result{}, errors.New("minizinc: Solve was given a nil context or function")
	}
	var res Result
	if err := Available(); err != nil {
		return res, err
	}
	dir, err := os.MkdirTemp("", "nqueens-mzn-*")
	if err != nil {
		return res, fmt.Errorf("minizinc: %v", err)
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "model.mzn")
	if err := os.WriteFile(path, model, 0o600); err != nil {
		return res, fmt.Errorf("minizinc: %v", err)
	}
	solver := o.Solver
	if solver == "" {
		solver = "gecode"
	}
	args := []string{"--solver", solver}
	if o.All {
		args = append(args, "--all-solutions")
	}
	args = append(args, path)
	if o.Data != nil {
		data := filepath.Join(dir, "data.dzn")
		if err := os.WriteFile(data, o.Data, 0o600); err != nil {
			return res, fmt.Errorf("minizinc: %v", err)
		}
		args = append(args, data)
	}
	cmd := exec.CommandContext(ctx, "minizinc", args...)
	// minizinc starts its solver (fzn-gecode) as a process of its own:
	// the group is killed whole, on cancel and at the end.
	platform.Group(cmd)
	cmd.WaitDelay = time.Second
	var stderr strings.Builder
	cmd.Stderr = &limitedWriter{w: &stderr, left: 4096}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return res, fmt.Errorf("minizinc: %v", err)
	}
	if err := platform.Start(cmd); err != nil {
		if ctx.Err() != nil {
			return res, ctx.Err()
		}
		return res, fmt.Errorf("minizinc: %v", err)
	}
	defer platform.KillGroup(cmd.Process.Pid)
	res, perr := ReadOutput(out, each)
	if perr != nil {
		platform.KillGroup(cmd.Process.Pid)
	}
	werr := cmd.Wait()
	switch {
	case ctx.Err() != nil:
		return res, ctx.Err()
	case perr != nil:
		return res, perr
	case werr != nil:
		return res, fmt.Errorf("minizinc: %v: %s", werr, strings.Join(strings.Fields(stderr.String()), " "))
	}
	return res, nil
}

// ReadOutput reads minizinc's output: each solution's text (its lines,
// without the "----------" that ends it) is given to each until each
// returns an error, which ReadOutput returns; "==========" or
// "=====UNSATISFIABLE=====" says the search was complete. Another
// "=====" line (=====UNKNOWN=====, =====ERROR=====), text after the last
// solution, or a line over MaxLine is an error.
func ReadOutput(r io.Reader, each func(solution string) error) (Result, error) {
	var res Result
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, MaxLine)
	var sol strings.Builder
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		switch line {
		case "----------":
			res.Solutions++
			if err := each(sol.String()); err != nil {
				return res, err
			}
			sol.Reset()
		case "==========", "=====UNSATISFIABLE=====":
			res.Complete = true
		case "":
		default:
			if strings.HasPrefix(line, "=====") {
				return res, fmt.Errorf("minizinc: %s", line)
			}
			if sol.Len()+len(line) > MaxLine {
				return res, errors.New("minizinc: a solution longer than MaxLine")
			}
			sol.WriteString(line + "\n")
		}
	}
	if err := sc.Err(); err != nil {
		return res, fmt.Errorf("minizinc: %v", err)
	}
	if sol.Len() > 0 {
		return res, fmt.Errorf("minizinc: output after the last solution: %q", strings.TrimSpace(sol.String()))
	}
	return res, nil
}

// limitedWriter keeps the first left bytes written to it.
type limitedWriter struct {
	w    *strings.Builder
	left int
}

func (l *limitedWriter) Write(b []byte) (int, error) {
	if k := min(l.left, len(b)); k > 0 {
		l.w.Write(b[:k])
		l.left -= k
	}
	return len(b), nil
}
