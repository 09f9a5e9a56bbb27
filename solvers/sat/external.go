package sat

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/queenslab/nqueens/cnf"
	"github.com/queenslab/nqueens/cnf/drat"
	"github.com/queenslab/nqueens/internal/panics"
	"github.com/queenslab/nqueens/internal/platform"
	"github.com/queenslab/nqueens/internal/textio"
)

// External is a DIMACS solver run as a process. The formula is written to a
// temporary file (or, with Pipe, fed on standard input); the answer is read
// from the SAT competition output ("s" and "v" lines, exit status 10 for
// SAT and 20 for UNSAT) or, for minisat, from its result file. On a
// cancelled or expired context the solver's whole process group is killed.
// A crash, an unexpected exit status, garbage, a truncated model, or a
// model that falsifies a clause is an error, never an answer.
type External struct {
	Program string   // "cadical", or the path given
	Path    string   // the executable
	Args    []string // options before the input file
	// Pipe feeds the formula on standard input instead of a file.
	Pipe bool
	// Proves says that the solver writes a DRAT proof of UNSAT into the
	// file named after its input, as cadical and kissat do (Certify).
	Proves bool

	minisat  bool     // answer in a result file (minisat FILE RESULT)
	enumArgs []string // options that make the solver list all models
	projects bool     // the enumeration honours "c ind" (projection)
}

// knownSolvers are the DIMACS solvers with their options.
var knownSolvers = map[string]External{
	"cadical":        {Args: []string{"-q"}, Proves: true},
	"kissat":         {Args: []string{"-q"}, Proves: true},
	"minisat":        {Args: []string{"-verb=0"}, minisat: true},
	"cryptominisat5": {Args: []string{"--verb", "0"}, enumArgs: []string{"--maxsol", "2147483647"}, projects: true},
	"picosat":        {},
	"clasp":          {enumArgs: []string{"-n", "0"}},
}

// ExternalNames lists the solvers known by name, in a fixed order.
var ExternalNames = []string{"cadical", "kissat", "minisat", "cryptominisat5", "picosat", "clasp"}

// LookupExternal finds a solver by name on the PATH (one of ExternalNames)
// or by path (any program that speaks the SAT competition format).
func LookupExternal(name string) (*External, error) {
	if k, ok := knownSolvers[name]; ok {
		path, err := exec.LookPath(name)
		if err != nil {
			return nil, fmt.Errorf("sat: solver %s is not installed (not found on the PATH)", name)
		}
		k.Program, k.Path = name, path
		return &k, nil
	}
	if !strings.ContainsRune(name, filepath.Separator) {
		return nil, fmt.Errorf("sat: unknown solver %q (known: gini, gophersat, %s, or a path to a DIMACS solver)", name, strings.Join(ExternalNames, ", "))
	}
	st, err := os.Stat(name)
	if err != nil {
		return nil, fmt.Errorf("sat: solver %s: %v", name, errors.Unwrap(err))
	}
	if st.IsDir() || st.Mode()&0o111 == 0 {
		return nil, fmt.Errorf("sat: solver %s is not an executable file", name)
	}
	abs, _ := filepath.Abs(name)
	return &External{Program: name, Path: abs}, nil
}

// Caps implements Solver: an external solver enumerates when it has an
// option for it (clasp -n 0, cryptominisat5 --maxsol), projects when that
// enumeration honours "c ind" (cryptominisat5), and runs one search at a
// time, without cubes.
func (e *External) Caps() Caps {
	return Caps{Enumerate: e.enumArgs != nil, Project: e.projects, Prove: e.Proves}
}

// Name implements Solver: the name or path the solver was looked up by.
func (e *External) Name() string { return e.Program }

// header is the DIMACS header of a solver's input: the projection ind, if
// any, on one "c ind" line.
func header(ind []int) cnf.Header {
	if len(ind) == 0 {
		return cnf.Header{}
	}
	return cnf.Header{Ind: slices.Values(ind)}
}

// run starts the solver on in (with "c ind" ind when given) and hands its
// standard output to read while it runs. It returns the exit status, or an
// error for a crash or a failure to start.
func (e *External) run(ctx context.Context, in cnf.Source, ind []int, extra, after []string, read func(io.Reader) error) (exit int, resultFile []byte, tail string, err error) {
	dir, err := os.MkdirTemp("", "nqueens-sat-*")
	if err != nil {
		return 0, nil, "", fmt.Errorf("sat: %v", err)
	}
	defer os.RemoveAll(dir)
	args := append(append([]string(nil), e.Args...), extra...)
	input := filepath.Join(dir, "input.cnf")
	if !e.Pipe {
		f, err := os.Create(input)
		if err != nil {
			return 0, nil, "", fmt.Errorf("sat: %v", err)
		}
		w := bufio.NewWriterSize(f, 1<<20)
		err = cnf.WriteDIMACS(ctx, w, in, header(ind))
		if err == nil {
			err = w.Flush()
		}
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return 0, nil, "", err
		}
		args = append(args, input)
		args = append(args, after...)
	}
	result := filepath.Join(dir, "result.txt")
	if e.minisat {
		args = append(args, result)
	}
	cmd := exec.CommandContext(ctx, e.Path, args...)
	platform.Group(cmd)
	cmd.WaitDelay = 500 * time.Millisecond
	var stderr tailBuffer
	cmd.Stderr = &stderr
	// The output reaches read through a pipe of ours that exec fills: Wait
	// then returns WaitDelay after the solver ends even when a process it
	// left behind (setsid, a daemon) holds its standard output, and the
	// answer printed before is read all the same.
	stdout, stdoutW := io.Pipe()
	cmd.Stdout = stdoutW
	var stdin io.WriteCloser
	if e.Pipe {
		if stdin, err = cmd.StdinPipe(); err != nil {
			return 0, nil, "", fmt.Errorf("sat: %v", err)
		}
	}
	if err := platform.Start(cmd); err != nil {
		return 0, nil, "", fmt.Errorf("sat: cannot start %s: %v", e.Program, err)
	}
	pid := cmd.Process.Pid
	// Whatever happens, nothing of the solver's process group outlives the call.
	defer platform.KillGroup(pid)
	var feedErr error
	var wg sync.WaitGroup
	var caught panics.Catcher
	if e.Pipe {
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() {
				if err := caught.Err(); err != nil && feedErr == nil {
					feedErr = err
				}
			}()
			defer stdin.Close()
			defer caught.Recover(nil)
			w := bufio.NewWriterSize(stdin, 1<<20)
			feedErr = cnf.WriteDIMACS(ctx, w, in, header(ind))
			if feedErr == nil {
				feedErr = w.Flush()
			}
		}()
	}
	readDone := make(chan error, 1)
	go func() {
		defer func() {
			if r := recover(); r != nil {
				platform.KillGroup(pid)
				io.Copy(io.Discard, stdout)
				readDone <- fmt.Errorf("sat: %s: reading its output: panic: %v", e.Program, r)
			}
		}()
		err := read(stdout)
		if err != nil {
			// Stop the solver: its answer is already wrong.
			platform.KillGroup(pid)
			err = fmt.Errorf("sat: %s: %w", e.Program, err)
		}
		io.Copy(io.Discard, stdout)
		readDone <- err
	}()
	waitErr := cmd.Wait()
	stdoutW.Close() // the end of the output for read, when it waits for more
	readErr := <-readDone
	wg.Wait()
	if errors.Is(waitErr, exec.ErrWaitDelay) {
		// The solver ended, a process it left holds its output: its exit
		// status stands.
		waitErr = nil
		if code := cmd.ProcessState.ExitCode(); code != 0 {
			waitErr = &exec.ExitError{ProcessState: cmd.ProcessState}
		}
	}
	if ctx.Err() != nil {
		return 0, nil, "", ctx.Err()
	}
	if readErr != nil {
		return 0, nil, "", readErr
	}
	var ee *exec.ExitError
	switch {
	case errors.As(waitErr, &ee):
		if name, _, ok := platform.Signaled(ee.ProcessState); ok {
			return 0, nil, "", fmt.Errorf("sat: %s crashed (%s)%s", e.Program, name, stderr.last())
		}
		exit = ee.ExitCode()
	case waitErr != nil:
		return 0, nil, "", fmt.Errorf("sat: %s: %v", e.Program, waitErr)
	}
	if feedErr != nil && exit != 10 && exit != 20 {
		return 0, nil, "", fmt.Errorf("sat: feeding %s: %v", e.Program, feedErr)
	}
	if e.minisat {
		// A model takes a few bytes a variable; no file is no answer.
		vars, _ := in.Size()
		resultFile, err = textio.ReadFile(result, 16*int64(vars)+1024)
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return 0, nil, "", fmt.Errorf("sat: %s: its result file: %v", e.Program, err)
		}
	}
	return exit, resultFile, stderr.last(), nil
}

// tailBuffer keeps the end of a stream (the solver's standard error).
type tailBuffer struct {
	mu  sync.Mutex
	buf []byte
}

func (t *tailBuffer) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf = append(t.buf, p...)
	if len(t.buf) > 4096 {
		t.buf = t.buf[len(t.buf)-4096:]
	}
	return len(p), nil
}

// last returns ": " and the last non-empty line written, or "".
func (t *tailBuffer) last() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	lines := strings.Split(strings.TrimSpace(string(t.buf)), "\n")
	if l := strings.TrimSpace(lines[len(lines)-1]); l != "" {
		return ": " + textio.Clip(l, 60)
	}
	return ""
}

// badExit refuses an exit status that no answer has (a failure), with the
// last line the solver wrote on standard error.
func (e *External) badExit(exit int, tail string) error {
	switch exit {
	case 0, 10, 20, 30:
		return nil
	}
	return fmt.Errorf("sat: %s exited with status %d%s", e.Program, exit, tail)
}

// checkExit compares the exit status with the answer printed.
func (e *External) checkExit(exit int, st Status, tail string) error {
	want := map[int]Status{10: Sat, 20: Unsat}
	if w, ok := want[exit]; ok && w != st {
		return fmt.Errorf("sat: %s exited with status %d (%v) but answered %v", e.Program, exit, w, st)
	}
	return e.badExit(exit, tail)
}

// Solve implements Solver.
func (e *External) Solve(ctx context.Context, in cnf.Source) (Result, error) {
	return e.solve(ctx, in, nil)
}

// solve runs the solver once, with after as arguments after the input file.
func (e *External) solve(ctx context.Context, in cnf.Source, after []string) (Result, error) {
	vars, _ := in.Size()
	var statuses []Status
	var models []Model
	exit, resultFile, tail, err := e.run(ctx, in, nil, nil, after, func(r io.Reader) error {
		if e.minisat {
			_, err := io.Copy(io.Discard, r) // statistics
			return err
		}
		var err error
		statuses, err = ParseOutput(r, vars, func(m Model) error {
			models = append(models, m)
			if len(models) > 1 {
				return &OutputError{Msg: "more than one model"}
			}
			return nil
		})
		return err
	})
	if err != nil {
		return Result{Status: Unknown}, err
	}
	if err := e.badExit(exit, tail); err != nil {
		return Result{}, err
	}
	if e.minisat {
		st, m, err := parseMinisatResult(resultFile, vars)
		if err != nil {
			return Result{}, fmt.Errorf("sat: %s: %w", e.Program, err)
		}
		statuses = []Status{st}
		if m != nil {
			models = []Model{m}
		}
	}
	if len(statuses) != 1 {
		return Result{}, fmt.Errorf("sat: %s gave %d status lines, want 1 (exit status %d)", e.Program, len(statuses), exit)
	}
	st := statuses[0]
	if err := e.checkExit(exit, st, tail); err != nil {
		return Result{}, err
	}
	switch {
	case st == Sat && len(models) == 0:
		return Result{}, fmt.Errorf("sat: %s answered SAT without a model", e.Program)
	case st != Sat && len(models) > 0:
		return Result{}, fmt.Errorf("sat: %s answered %v with a model", e.Program, st)
	case st == Sat:
		if err := CheckModel(in, models[0]); err != nil {
			return Result{}, fmt.Errorf("sat: %s gave a wrong model: %w", e.Program, err)
		}
		return Result{Status: Sat, Model: models[0]}, nil
	}
	return Result{Status: st}, nil
}

// parseMinisatResult reads minisat's result file: "SAT" and a line of
// literals ended by 0, "UNSAT", or "INDET".
func parseMinisatResult(b []byte, vars int) (Status, Model, error) {
	first, rest, _ := bytes.Cut(b, []byte("\n"))
	switch strings.TrimSpace(string(first)) {
	case "UNSAT":
		return Unsat, nil, nil
	case "INDET":
		return Unknown, nil, nil
	case "SAT":
		var m Model
		_, err := ParseOutput(strings.NewReader("v "+string(rest)), vars, func(x Model) error {
			if m != nil {
				return &OutputError{Msg: "more than one model"}
			}
			m = x
			return nil
		})
		if err == nil && m == nil {
			err = &OutputError{Msg: "SAT without a model"}
		}
		return Sat, m, err
	}
	if len(b) == 0 {
		return Unknown, nil, &OutputError{Msg: "no result file"}
	}
	return Unknown, nil, &OutputError{Line: 1, Msg: fmt.Sprintf("unexpected result %q", textio.Clip(string(first), 60))}
}

// Enumerate implements Enumerator for clasp (-n 0) and cryptominisat5
// (--maxsol). Every model is checked against the formula and must differ
// from the ones before on the projection; a solver that cannot project
// refuses a projection smaller than all variables (ErrNoProjection).
// Cubes and Jobs are ignored.
func (e *External) Enumerate(ctx context.Context, in cnf.Source, opt EnumOptions, each func(Model) bool) (uint64, error) {
	if !e.Caps().Enumerate {
		return 0, fmt.Errorf("sat: %s cannot list all models (use clasp, cryptominisat5, gini or gophersat)", e.Program)
	}
	vars, _ := in.Size()
	project := projection(opt, vars)
	if len(project) < vars && !e.projects {
		return 0, fmt.Errorf("%w (%s)", ErrNoProjection, e.Program)
	}
	var ind []int
	if e.projects && len(project) < vars {
		ind = project
	}
	seen := map[string]bool{}
	var count uint64
	stopped := false
	var statuses []Status
	exit, _, tail, err := e.run(ctx, in, ind, e.enumArgs, nil, func(r io.Reader) error {
		var err error
		statuses, err = ParseOutput(r, vars, func(m Model) error {
			if stopped {
				return nil
			}
			if err := CheckModel(in, m); err != nil {
				return fmt.Errorf("sat: wrong model: %w", err)
			}
			key := make([]byte, 0, len(project)/8+1)
			for i, v := range project {
				if i%8 == 0 {
					key = append(key, 0)
				}
				if m[v] {
					key[len(key)-1] |= 1 << (i % 8)
				}
			}
			if seen[string(key)] {
				return &OutputError{Msg: "the same model twice (on the projection variables)"}
			}
			seen[string(key)] = true
			count++
			if !each(m) {
				stopped = true
				return errStop
			}
			return nil
		})
		return err
	})
	if errors.Is(err, errStop) {
		return count, nil
	}
	if err != nil {
		return count, err
	}
	if err := e.badExit(exit, tail); err != nil {
		return count, err
	}
	if len(statuses) == 0 {
		return count, fmt.Errorf("sat: %s ended without a status line (exit status %d)", e.Program, exit)
	}
	last := statuses[len(statuses)-1]
	// An exhaustive enumeration ends with exit status 30 and SAT (clasp),
	// or 20 and UNSAT (cryptominisat5, and clasp when there is no model).
	if exit == 30 && last == Sat || exit == 20 && last == Unsat {
		return count, nil
	}
	if err := e.checkExit(exit, last, tail); err != nil {
		return count, err
	}
	return count, fmt.Errorf("sat: %s stopped after %d models (exit status %d, %v) without saying that there are no more", e.Program, count, exit, last)
}

var errStop = errors.New("sat: stopped by the caller")

// Certify solves in like Solve and, when the answer is UNSAT, has the
// solver write a DRAT proof and checks it in-process (package drat): the
// answer comes back with Proof set, or as an error when the proof does not
// check. A SAT answer's model is checked as always. Only solvers whose Caps
// say Prove (cadical, kissat) can certify.
func (e *External) Certify(ctx context.Context, in cnf.Source) (Result, error) {
	if !e.Proves {
		return Result{}, fmt.Errorf("sat: %s does not write DRAT proofs (cadical and kissat do)", e.Program)
	}
	dir, err := os.MkdirTemp("", "nqueens-proof-*")
	if err != nil {
		return Result{}, fmt.Errorf("sat: %v", err)
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "proof.drat")
	r, err := e.solve(ctx, in, []string{path})
	if err != nil || r.Status != Unsat {
		return r, err
	}
	f, err := openRegular(path, e.Program+"'s proof")
	if errors.Is(err, fs.ErrNotExist) {
		return Result{}, fmt.Errorf("sat: %s answered UNSAT without writing its proof", e.Program)
	}
	if err != nil {
		return Result{}, err
	}
	defer f.Close()
	proof, err := drat.Check(ctx, cnf.FormulaOf(in), f)
	if err != nil {
		return Result{}, fmt.Errorf("sat: %s's proof of UNSAT does not check: %w", e.Program, err)
	}
	r.Proof = proof
	return r, nil
}

// openRegular opens a file that a solver wrote, only if it is a regular
// file: never blocking on a FIFO put in its place, nor following a link.
// A writer that goes on writing is stopped by the caller's context.
// It is named what in errors.
func openRegular(path, what string) (*os.File, error) {
	f, err := platform.OpenRegular(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, fs.ErrNotExist
	case errors.Is(err, platform.ErrSymlink):
		return nil, fmt.Errorf("sat: %s is a symbolic link, not a regular file", what)
	case err != nil:
		return nil, fmt.Errorf("sat: %s: %v", what, err)
	}
	st, err := f.Stat()
	if err == nil && !st.Mode().IsRegular() {
		err = fmt.Errorf("sat: %s is not a regular file (%v)", what, st.Mode().Type())
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// CommandLine is the program and arguments that solve the DIMACS file
// input (read by the solver itself, not copied); result is the file that
// minisat writes its answer to (ignored by the others). A harness that
// runs the solver under its own limits uses it with Answer.
func (e *External) CommandLine(input, result string) []string {
	args := append([]string{e.Path}, e.Args...)
	args = append(args, input)
	if e.minisat {
		args = append(args, result)
	}
	return args
}

// Answer reads the answer of a run of CommandLine that ended with exit
// status exit: its standard output, and for minisat its result file, for
// a formula of vars variables. The model, when SAT, is not yet checked
// against the clauses (CheckModel). A status line that the exit status
// contradicts, garbage, or more than one answer is an error.
func (e *External) Answer(stdout io.Reader, resultFile []byte, exit, vars int) (Result, error) {
	var st Status
	var model Model
	if e.minisat {
		if _, err := io.Copy(io.Discard, stdout); err != nil {
			return Result{}, err
		}
		var err error
		if st, model, err = parseMinisatResult(resultFile, vars); err != nil {
			return Result{}, fmt.Errorf("sat: %s: %w", e.Program, err)
		}
	} else {
		var models []Model
		statuses, err := ParseOutput(stdout, vars, func(m Model) error {
			models = append(models, m)
			if len(models) > 1 {
				return &OutputError{Msg: "more than one model"}
			}
			return nil
		})
		if err != nil {
			return Result{}, fmt.Errorf("sat: %s: %w", e.Program, err)
		}
		if len(statuses) != 1 {
			return Result{}, fmt.Errorf("sat: %s gave %d status lines, want 1 (exit status %d)", e.Program, len(statuses), exit)
		}
		st = statuses[0]
		if len(models) == 1 {
			model = models[0]
		}
	}
	if err := e.checkExit(exit, st, ""); err != nil {
		return Result{}, err
	}
	switch {
	case st == Sat && model == nil:
		return Result{}, fmt.Errorf("sat: %s answered SAT without a model", e.Program)
	case st != Sat && model != nil:
		return Result{}, fmt.Errorf("sat: %s answered %v with a model", e.Program, st)
	}
	return Result{Status: st, Model: model}, nil
}
