package suite

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/queenslab/nqueens"
	"github.com/queenslab/nqueens/cnf"
	"github.com/queenslab/nqueens/encode"
	"github.com/queenslab/nqueens/internal/lockfile"
	"github.com/queenslab/nqueens/internal/panics"
	"github.com/queenslab/nqueens/internal/textio"
	"github.com/queenslab/nqueens/model"
	"github.com/queenslab/nqueens/solvers/sat"
)

// Statuses of a run, as Record.Status gives them.
const (
	StatusSat     = "SAT"     // a model, verified against the instance
	StatusUnsat   = "UNSAT"   // unsatisfiable, as the manifest says
	StatusTimeout = "TIMEOUT" // killed at the wall-time limit
	StatusMemout  = "MEMOUT"  // failed at the memory limit
	StatusCrash   = "CRASH"   // no answer: a crash, garbage, an exit status without one
	StatusUnknown = "UNKNOWN" // the solver gave up ("s UNKNOWN")
	StatusWrong   = "WRONG"   // a model that fails the instance, or an answer against the manifest
)

// RunOptions describe a run of solvers over a suite.
type RunOptions struct {
	// Solvers are the solvers to run, by name: gini, gophersat (DIMACS, in a
	// process of the nqueens command), dlx (XCC, likewise), any of
	// sat.ExternalNames or the path of a DIMACS solver (clasp reads the OPB
	// files too), minizinc (mzn-inline files, with Gecode).
	Solvers []string
	// Timeout is the wall-time limit of one run (default a minute).
	Timeout time.Duration
	// Memory is the limit of one run's address space in bytes
	// (RLIMIT_AS); 0 for none.
	Memory int64
	// Jobs is the number of runs at once (default 1: timings are cleanest
	// with a core to spare).
	Jobs int
	// Results is the JSON-lines file of the runs (default
	// DIR/results.jsonl). Runs it holds for the same file, solver,
	// solver version and limits are not run again.
	Results string
	// Self is the nqueens executable: it runs the in-process solvers as
	// processes and applies the memory limit (its limit-exec command).
	Self string
	// Progress, if set, is called after each run with the runs done and
	// their total (resumed ones included).
	Progress func(done, total int)
}

// Record is one run: a line of the results file.
type Record struct {
	File          string  `json:"file"`
	ID            string  `json:"id"` // the instance, the same in every format
	SHA256        string  `json:"sha256"`
	Solver        string  `json:"solver"`
	SolverVersion string  `json:"solver_version"`
	Family        string  `json:"family"`
	N             int     `json:"n"`
	M             int     `json:"m"`
	Format        string  `json:"format"`
	Encoding      string  `json:"encoding,omitempty"`
	Expected      string  `json:"expected"`
	Status        string  `json:"status"`
	Verified      bool    `json:"verified"` // SAT: the model was decoded and verified
	Wall          float64 `json:"wall_s"`
	CPU           float64 `json:"cpu_s"`
	PeakKB        int64   `json:"peak_kb"`
	Timeout       float64 `json:"timeout_s"`
	MemoryMB      int64   `json:"memory_mb,omitempty"`
	Exit          int     `json:"exit"`
	Detail        string  `json:"detail,omitempty"`
	// Command is the solver's command line, the file relative to the suite.
	Command string `json:"command"`
}

// key identifies a run for resuming: the same file bytes, solver build and
// limits.
func (r Record) key() string {
	return strings.Join([]string{r.SHA256, r.Solver, r.SolverVersion, strconv.FormatFloat(r.Timeout, 'g', -1, 64), strconv.FormatInt(r.MemoryMB, 10)}, "\x00")
}

// Solved tells whether the run answered (right).
func (r Record) Solved() bool { return r.Status == StatusSat || r.Status == StatusUnsat }

// resultsHeader is the first line of a results file: it ties the runs to
// one suite (its manifest's SHA-256).
type resultsHeader struct {
	Format   string `json:"format"`
	Version  string `json:"version"`
	Manifest string `json:"manifest_sha256"`
	Command  string `json:"suite_command"`
}

const resultsFormat = "nqueens-results-1"

// solverSpec is how one solver is run.
type solverSpec struct {
	name, version string
	format        string // the manifest format it reads
	argv          func(file, result string) []string
	// ext reads a DIMACS solver's answer; otherwise read decodes the
	// answer of dlx, clasp on OPB or minizinc.
	ext  *sat.External
	read func(out []byte, exit int, errText string, n int) (sat.Status, model.Placement, error)
}

func (o RunOptions) withDefaults(dir string) RunOptions {
	if o.Timeout <= 0 {
		o.Timeout = time.Minute
	}
	if o.Jobs <= 0 {
		o.Jobs = 1
	}
	if o.Results == "" {
		o.Results = filepath.Join(dir, "results.jsonl")
	}
	return o
}

// lookupSolvers resolves the names of o.Solvers, each once.
func (o RunOptions) lookupSolvers(ctx context.Context) ([]solverSpec, error) {
	if len(o.Solvers) == 0 {
		return nil, &nqueens.OptionError{Err: errors.New("run: no solvers given")}
	}
	if o.Self == "" {
		return nil, errors.New("run: the nqueens executable (Self) is not known")
	}
	var specs []solverSpec
	seen := map[string]bool{}
	for _, name := range o.Solvers {
		if seen[name] {
			return nil, &nqueens.OptionError{Err: fmt.Errorf("run: solver %s is given twice", name)}
		}
		seen[name] = true
		switch name {
		case "gini", "gophersat":
			specs = append(specs, solverSpec{name: name, version: inProcessVersion(name), format: "dimacs",
				argv: func(file, _ string) []string { return []string{o.Self, "sat", file, "--solver", name, "-q"} },
				ext:  &sat.External{Program: name, Path: o.Self}})
		case "dlx":
			specs = append(specs, solverSpec{name: name, version: inProcessVersion(name), format: "xcc",
				argv: func(file, _ string) []string { return []string{o.Self, "xcc", file, "-q"} }, read: dlxAnswer})
		case "minizinc":
			path, err := exec.LookPath("minizinc")
			if err != nil {
				return nil, &nqueens.OptionError{Err: errors.New("run: minizinc is not installed (not found on the PATH)")}
			}
			specs = append(specs, solverSpec{name: name, version: externalVersion(ctx, path) + ", gecode", format: "mzn-inline",
				argv: func(file, _ string) []string { return []string{path, "--solver", "gecode", file} }, read: minizincAnswer})
		default:
			e, err := sat.LookupExternal(name)
			if err != nil {
				return nil, &nqueens.OptionError{Err: fmt.Errorf("run: %v", err)}
			}
			specs = append(specs, solverSpec{name: name, version: externalVersion(ctx, e.Path), format: "dimacs", argv: e.CommandLine, ext: e})
			if name == "clasp" {
				// clasp reads pseudo-Boolean files too.
				specs = append(specs, solverSpec{name: name, version: specs[len(specs)-1].version, format: "opb",
					argv: func(file, _ string) []string { return []string{e.Path, file} }, read: opbAnswer})
			}
		}
	}
	return specs, nil
}

// inProcessVersion names the build of an in-process solver: the toolkit's
// version and the solver module's.
func inProcessVersion(name string) string {
	v := "nqueens " + nqueens.Version
	mod := map[string]string{"gini": "github.com/go-air/gini", "gophersat": "github.com/crillab/gophersat"}[name]
	if bi, ok := debug.ReadBuildInfo(); ok && mod != "" {
		for _, d := range bi.Deps {
			if d.Path == mod {
				v += ", " + name + " " + d.Version
			}
		}
	}
	return v
}

// externalVersion is the first line that "PROGRAM --version" prints when it
// has a version number in it, else the SHA-256 of the executable (16 hex
// digits), which names the build as well.
func externalVersion(ctx context.Context, path string) string {
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, path, "--version")
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	out, _ := cmd.CombinedOutput()
	for _, l := range strings.Split(string(out), "\n") {
		l = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(l), "c "))
		if len(l) < 100 && strings.ContainsAny(l, "0123456789") && strings.Contains(l, ".") {
			return l
		}
	}
	f, err := os.Open(path)
	if err != nil {
		return "unknown"
	}
	defer f.Close()
	h := sha256.New()
	io.Copy(h, f)
	return "sha256:" + hex.EncodeToString(h.Sum(nil)[:8])
}

// Run runs every solver on every file of the suite in dir that it reads
// (DIMACS for SAT solvers, and OPB for clasp; XCC for dlx; mzn-inline for
// minizinc), each run in its own process group
// under the limits, and checks each answer: a SAT answer's model is
// decoded and verified against the instance (its pre-placed and blocked
// squares), and an answer against the manifest's is WRONG. Each run is
// appended to the results file as one line, synced, as it finishes; runs
// already there (same file hash, solver version and limits) are kept, not
// run again, and a results file of another suite is refused. It returns
// every record of the suite's runs, the kept ones included.
func Run(ctx context.Context, dir string, o RunOptions) ([]Record, error) {
	o = o.withDefaults(dir)
	if o.Memory < 0 {
		return nil, &nqueens.OptionError{Err: fmt.Errorf("run: a memory limit must be positive, not %d", o.Memory)}
	}
	man, raw, err := readManifest(dir)
	if err != nil {
		return nil, err
	}
	rows := man.Files
	specs, err := o.lookupSolvers(ctx)
	if err != nil {
		return nil, err
	}
	sum := sha256.Sum256(raw)
	header := resultsHeader{Format: resultsFormat, Version: nqueens.Version, Manifest: hex.EncodeToString(sum[:]), Command: man.Command}
	res, old, err := openResults(o.Results, header)
	if err != nil {
		return nil, err
	}
	defer res.close()

	type task struct {
		row  Row
		spec solverSpec
	}
	var tasks []task
	var records []Record
	done := map[string]Record{}
	for _, r := range old {
		done[r.key()] = r
	}
	memMB := o.Memory >> 20
	for _, r := range rows {
		for _, s := range specs {
			if r.Format != s.format {
				continue
			}
			k := Record{SHA256: r.SHA256, Solver: s.name, SolverVersion: s.version, Timeout: o.Timeout.Seconds(), MemoryMB: memMB}.key()
			if prev, ok := done[k]; ok && prev.File == r.File {
				records = append(records, prev)
				continue
			}
			tasks = append(tasks, task{r, s})
		}
	}
	total, finished := len(records)+len(tasks), len(records)
	if total == 0 {
		return nil, &nqueens.OptionError{Err: fmt.Errorf("run: none of the solvers reads a file of the suite in %s (its formats: %s)", dir, strings.Join(formatsOf(rows), ", "))}
	}
	if o.Progress != nil {
		o.Progress(finished, total)
	}
	feed := make(chan task)
	var mu sync.Mutex
	var werr error
	var caught panics.Catcher
	var wg sync.WaitGroup
	for range o.Jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer caught.Recover(nil)
			for t := range feed {
				rec := runOne(ctx, dir, t.row, t.spec, o)
				if ctx.Err() != nil {
					continue // cut short by the user: not a result
				}
				mu.Lock()
				if werr == nil {
					werr = res.append(rec)
				}
				records = append(records, rec)
				finished++
				if o.Progress != nil {
					o.Progress(finished, total)
				}
				mu.Unlock()
			}
		}()
	}
	failed := func() bool {
		mu.Lock()
		defer mu.Unlock()
		return werr != nil
	}
	for _, t := range tasks {
		if ctx.Err() != nil || failed() {
			break
		}
		feed <- t
	}
	close(feed)
	wg.Wait()
	if err := caught.Err(); err != nil {
		return records, err
	}
	if werr != nil {
		return records, fmt.Errorf("run: results %s: %v", o.Results, werr)
	}
	sort.SliceStable(records, func(i, j int) bool {
		if records[i].File != records[j].File {
			return records[i].File < records[j].File
		}
		return records[i].Solver < records[j].Solver
	})
	return records, ctx.Err()
}

func formatsOf(rows []Row) []string {
	var fs []string
	for _, r := range rows {
		if !slices.Contains(fs, r.Format) {
			fs = append(fs, r.Format)
		}
	}
	return fs
}

// runOne runs one solver on one file under the limits and judges the
// answer.
func runOne(ctx context.Context, dir string, row Row, s solverSpec, o RunOptions) Record {
	rec := Record{File: row.File, ID: row.ID, SHA256: row.SHA256, Solver: s.name, SolverVersion: s.version, Family: row.Family,
		N: row.N, M: row.M, Format: row.Format, Encoding: row.Encoding, Expected: row.Expected,
		Timeout: o.Timeout.Seconds(), MemoryMB: o.Memory >> 20}
	tmp, err := os.MkdirTemp("", "nqueens-run-*")
	if err != nil {
		rec.Status, rec.Detail = StatusCrash, err.Error()
		return rec
	}
	defer os.RemoveAll(tmp)
	path := filepath.Join(dir, row.File)
	result := filepath.Join(tmp, "result.txt")
	argv := s.argv(path, result)
	shown := s.argv(row.File, "RESULT")
	shown[0] = filepath.Base(shown[0])
	rec.Command = strings.Join(shown, " ")
	if o.Memory > 0 {
		argv = append(memoryLimit(o), argv...)
	}
	rctx, cancel := context.WithTimeout(ctx, o.Timeout)
	defer cancel()
	cmd := exec.CommandContext(rctx, argv[0], argv[1:]...)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	cmd.WaitDelay = time.Second
	var stdout capped
	stdout.max = 256 << 20
	var stderr capped
	stderr.max = 64 << 10
	stderr.tail = true
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	err = cmd.Start()
	if err != nil {
		rec.Status, rec.Detail = StatusCrash, fmt.Sprintf("cannot start: %v", err)
		return rec
	}
	pid := cmd.Process.Pid
	waitErr := cmd.Wait()
	syscall.Kill(-pid, syscall.SIGKILL) // nothing of the run outlives it
	rec.Wall = time.Since(start).Seconds()
	if ps := cmd.ProcessState; ps != nil {
		if ru, ok := ps.SysUsage().(*syscall.Rusage); ok {
			rec.CPU = tv(ru.Utime) + tv(ru.Stime)
			rec.PeakKB = ru.Maxrss
		}
		rec.Exit = ps.ExitCode()
	}
	if rctx.Err() == context.DeadlineExceeded && ctx.Err() == nil {
		rec.Status = StatusTimeout
		rec.Wall = min(rec.Wall, o.Timeout.Seconds())
		return rec
	}
	errText := strings.TrimSpace(stderr.String())
	lastErr := errText
	if i := strings.LastIndexByte(lastErr, '\n'); i >= 0 {
		lastErr = lastErr[i+1:]
	}
	var ee *exec.ExitError
	if errors.As(waitErr, &ee) {
		if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			rec.Exit = -int(ws.Signal())
			rec.Status, rec.Detail = memoutOr(StatusCrash, o, rec, errText), fmt.Sprintf("killed by %v", ws.Signal())
			return rec
		}
	} else if waitErr != nil {
		rec.Status, rec.Detail = StatusCrash, waitErr.Error()
		return rec
	}
	if stdout.over {
		rec.Status, rec.Detail = StatusCrash, fmt.Sprintf("more than %d MiB of output", stdout.max>>20)
		return rec
	}
	var st sat.Status
	var placement model.Placement
	var answerErr error
	if s.ext != nil {
		resultFile, _ := textio.ReadFile(result, 256<<20)
		var r sat.Result
		r, answerErr = s.ext.Answer(bytes.NewReader(stdout.Bytes()), resultFile, rec.Exit, row.Variables)
		st = r.Status
		if answerErr == nil && st == sat.Sat {
			placement, answerErr = checkModel(path, row, r.Model)
			if answerErr != nil {
				rec.Status, rec.Detail = StatusWrong, answerErr.Error()
				return rec
			}
		}
	} else {
		st, placement, answerErr = s.read(stdout.Bytes(), rec.Exit, errText, row.N)
	}
	if answerErr != nil {
		rec.Status, rec.Detail = memoutOr(StatusCrash, o, rec, errText), answerErr.Error()
		if lastErr != "" && rec.Status == StatusCrash {
			rec.Detail += " (" + clipText(lastErr) + ")"
		}
		return rec
	}
	switch st {
	case sat.Unknown:
		rec.Status, rec.Detail = memoutOr(StatusUnknown, o, rec, errText), clipText(lastErr)
		return rec
	case sat.Sat:
		p, err := rowProblem(row)
		if err == nil {
			err = model.Verify(p, placement)
		}
		if err != nil {
			rec.Status, rec.Detail = StatusWrong, "its solution fails the instance: "+err.Error()
			return rec
		}
		rec.Verified = true
	}
	got := map[sat.Status]string{sat.Sat: StatusSat, sat.Unsat: StatusUnsat}[st]
	if row.Expected != "" && row.Expected != "UNKNOWN" && got != row.Expected {
		rec.Status, rec.Detail = StatusWrong, fmt.Sprintf("answered %s, the manifest says %s", got, row.Expected)
		return rec
	}
	rec.Status = got
	return rec
}

// memoryLimit is the command that runs a program under the address-space
// limit: util-linux's prlimit, a small C program that sets the limit and
// becomes the program, or where it is missing nqueens limit-exec (Go,
// whose runtime may print a warning when one of its threads meets the
// limit before the program starts).
func memoryLimit(o RunOptions) []string {
	as := strconv.FormatInt(o.Memory, 10)
	if p, err := exec.LookPath("prlimit"); err == nil {
		return []string{p, "--as=" + as, "--"}
	}
	return []string{o.Self, "limit-exec", "--as", as, "--"}
}

// memoutOr tells a failure at the memory limit from other failures: peak
// memory at 90% of the limit or more, or a message about memory.
func memoutOr(status string, o RunOptions, rec Record, errText string) string {
	if o.Memory <= 0 {
		return status
	}
	low := strings.ToLower(errText)
	if rec.PeakKB*1024 >= o.Memory/10*9 || strings.Contains(low, "memory") || strings.Contains(low, "bad_alloc") || strings.Contains(low, "cannot allocate") {
		return StatusMemout
	}
	return status
}

func tv(t syscall.Timeval) float64 { return float64(t.Sec) + float64(t.Usec)/1e6 }

func clipText(s string) string {
	if len(s) > 200 {
		return s[:200] + "..."
	}
	return s
}

// rowProblem is the instance's problem, from the manifest's squares.
func rowProblem(row Row) (model.Problem, error) {
	p := model.Problem{N: row.N}
	var err error
	if p.Fixed, err = model.ParseSquares(row.Fixed); err == nil {
		p.Blocked, err = model.ParseSquares(row.Blocked)
	}
	return p, err
}

// checkModel checks a SAT solver's model against the clauses of the file
// and decodes the queens.
func checkModel(path string, row Row, m sat.Model) (model.Placement, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	formula, _, err := cnf.ReadFormula(bufio.NewReaderSize(f, 1<<20))
	if err != nil {
		return nil, fmt.Errorf("reading the instance again: %v", err)
	}
	if err := sat.CheckModel(formula, m); err != nil {
		return nil, fmt.Errorf("its model falsifies the instance: %v", err)
	}
	q, err := encode.Decode(row.N, func(v int) bool { return v < len(m) && m[v] })
	if err != nil {
		return nil, fmt.Errorf("its model is not a placement: %v", err)
	}
	return q, nil
}

// dlxAnswer reads the answer of "nqueens xcc FILE": the options of a cover,
// one per line, or "no solution" alone with exit status 1.
func dlxAnswer(out []byte, exit int, errText string, n int) (sat.Status, model.Placement, error) {
	switch {
	case exit == 1 && strings.TrimSpace(string(out)) == "no solution":
		return sat.Unsat, nil, nil
	case exit != 0:
		return sat.Unknown, nil, fmt.Errorf("exit status %d", exit)
	}
	q := make(model.Placement, n)
	for i := range q {
		q[i] = model.Unset
	}
	for _, l := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		sq, err := encode.OptionSquare(strings.Fields(l))
		if err != nil {
			return sat.Unknown, nil, err
		}
		if sq.Row >= n || sq.Col >= n {
			return sat.Unknown, nil, fmt.Errorf("option %q is off the board", l)
		}
		if q[sq.Row] != model.Unset {
			return sat.Sat, q, fmt.Errorf("two options cover row %d", sq.Row+1)
		}
		q[sq.Row] = sq.Col
	}
	return sat.Sat, q, nil
}

// opbAnswer reads clasp's answer to a pseudo-Boolean file: "s" line and
// "v" lines of x<k> and -x<k> (the queen of row r, column c is x(r*n+c+1)),
// exit status 10 or 20 (or 0/30 with the "s" line).
func opbAnswer(out []byte, exit int, _ string, n int) (sat.Status, model.Placement, error) {
	st := sat.Unknown
	statuses := 0
	truth := map[int]bool{}
	for _, l := range strings.Split(string(out), "\n") {
		l = strings.TrimSpace(l)
		switch {
		case l == "" || strings.HasPrefix(l, "c"):
		case strings.HasPrefix(l, "s "):
			statuses++
			switch strings.TrimSpace(l[2:]) {
			case "SATISFIABLE", "OPTIMUM FOUND":
				st = sat.Sat
			case "UNSATISFIABLE":
				st = sat.Unsat
			case "UNKNOWN":
				st = sat.Unknown
			default:
				return sat.Unknown, nil, fmt.Errorf("unexpected status %q", clipText(l))
			}
		case strings.HasPrefix(l, "v "):
			for _, f := range strings.Fields(l[2:]) {
				neg := strings.HasPrefix(f, "-")
				k, err := strconv.Atoi(strings.TrimPrefix(strings.TrimPrefix(f, "-"), "x"))
				if err != nil || k < 1 || !strings.Contains(f, "x") {
					return sat.Unknown, nil, fmt.Errorf("unexpected literal %q", clipText(f))
				}
				truth[k] = !neg
			}
		default:
			return sat.Unknown, nil, fmt.Errorf("unexpected output %q", clipText(l))
		}
	}
	if statuses != 1 {
		return sat.Unknown, nil, fmt.Errorf("%d status lines, want 1 (exit status %d)", statuses, exit)
	}
	if want, ok := map[int]sat.Status{10: sat.Sat, 20: sat.Unsat}[exit]; ok && want != st {
		return sat.Unknown, nil, fmt.Errorf("exit status %d but answered %v", exit, st)
	}
	if st != sat.Sat {
		return st, nil, nil
	}
	q, err := encode.Decode(n, func(v int) bool { return truth[v] })
	if err != nil {
		return sat.Sat, nil, fmt.Errorf("its model is not a placement: %v", err)
	}
	return sat.Sat, q, nil
}

// minizincAnswer reads minizinc's answer to a queens model: "q = [c1, ...]"
// (1-based columns) and "----------", or "=====UNSATISFIABLE=====".
func minizincAnswer(out []byte, exit int, errText string, n int) (sat.Status, model.Placement, error) {
	var q model.Placement
	st := sat.Unknown
	for _, l := range strings.Split(string(out), "\n") {
		l = strings.TrimSpace(l)
		switch {
		case l == "":
		case l == "=====UNSATISFIABLE=====":
			st = sat.Unsat
		case l == "----------":
			if q == nil {
				return sat.Unknown, nil, errors.New("a solution without its queens")
			}
			st = sat.Sat
		case l == "==========":
		case strings.HasPrefix(l, "q = [") && strings.HasSuffix(l, "]"):
			for _, f := range strings.Split(l[5:len(l)-1], ",") {
				c, err := strconv.Atoi(strings.TrimSpace(f))
				if err != nil {
					return sat.Unknown, nil, fmt.Errorf("unexpected column %q", clipText(f))
				}
				q = append(q, c-1)
			}
			if len(q) != n {
				return sat.Unknown, nil, fmt.Errorf("%d queens for N = %d", len(q), n)
			}
		default:
			return sat.Unknown, nil, fmt.Errorf("unexpected output %q", clipText(l))
		}
	}
	if exit != 0 {
		return sat.Unknown, nil, fmt.Errorf("exit status %d", exit)
	}
	return st, q, nil
}

// capped keeps at most max bytes of a stream (the first, or with tail the
// last), noting whether more came.
type capped struct {
	mu   sync.Mutex
	buf  bytes.Buffer
	max  int
	tail bool
	over bool
}

func (c *capped) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.buf.Len()+len(p) > c.max {
		c.over = true
		if !c.tail {
			return len(p), nil
		}
		b := append(c.buf.Bytes(), p...)
		b = b[max(0, len(b)-c.max):]
		c.buf.Reset()
		c.buf.Write(b)
		return len(p), nil
	}
	c.buf.Write(p)
	return len(p), nil
}

func (c *capped) Bytes() []byte  { return c.buf.Bytes() }
func (c *capped) String() string { return c.buf.String() }

// results is an open results file.
type results struct {
	f *os.File
}

// openResults opens the results file for the suite of header h, creating
// it or reading back its runs, and locks it; a file of another suite, or
// with a damaged line other than a last one cut short, is refused.
func openResults(path string, h resultsHeader) (*results, []Record, error) {
	f, err := lockfile.Open(path)
	switch {
	case errors.Is(err, lockfile.ErrBusy):
		return nil, nil, &nqueens.OptionError{Err: fmt.Errorf("run: results %s are in use by another run", path)}
	case err != nil:
		return nil, nil, &nqueens.OptionError{Err: fmt.Errorf("run: results %s: %v", path, unwrapPath(err))}
	}
	fail := func(err error) (*results, []Record, error) {
		f.Close()
		return nil, nil, err
	}
	raw, err := io.ReadAll(io.LimitReader(f, maxResults))
	if err != nil {
		return fail(err)
	}
	got, recs, good, err := parseResults(raw, path, true)
	switch {
	case err != nil && !bytes.Contains(raw, []byte("\n")):
		// Empty, or a header cut short: a new file.
		want, _ := json.Marshal(h)
		if err := f.Truncate(0); err != nil {
			return fail(err)
		}
		if _, err := f.WriteAt(append(want, '\n'), 0); err != nil {
			return fail(err)
		}
		if _, err := f.Seek(int64(len(want)+1), io.SeekStart); err != nil {
			return fail(err)
		}
		return &results{f: f}, nil, f.Sync()
	case err != nil:
		return fail(&nqueens.OptionError{Err: fmt.Errorf("run: %v", err)})
	case got.Manifest != h.Manifest:
		return fail(&nqueens.OptionError{Err: fmt.Errorf("run: %s holds runs of another suite (its manifest has changed): give another --results file", path)})
	}
	if err := f.Truncate(int64(good)); err != nil {
		return fail(err)
	}
	if _, err := f.Seek(int64(good), io.SeekStart); err != nil {
		return fail(err)
	}
	return &results{f: f}, recs, nil
}

// maxResults caps the size of a results file read back: 1 GiB, millions of
// runs.
const maxResults = 1 << 30

// parseResults reads the content of the results file at path: its header,
// its runs, and the number of its bytes that hold them. With cut, a last
// line that is not a whole record (a write cut short) is left out, to be
// run again; otherwise it is an error, as is any other bad line.
func parseResults(raw []byte, path string, cut bool) (resultsHeader, []Record, int, error) {
	var h resultsHeader
	first, rest, _ := bytes.Cut(raw, []byte("\n"))
	if json.Unmarshal(first, &h) != nil || h.Format != resultsFormat {
		return h, nil, 0, fmt.Errorf("%s is not a results file of nqueens run", path)
	}
	good := len(first) + 1
	var recs []Record
	lines := bytes.SplitAfter(rest, []byte("\n"))
	for k, l := range lines {
		if len(l) == 0 || !cut && len(bytes.TrimSpace(l)) == 0 {
			continue
		}
		var r Record
		whole := bytes.HasSuffix(l, []byte("\n")) || !cut
		if !whole || json.Unmarshal(l, &r) != nil || r.SHA256 == "" {
			if cut && k >= len(lines)-2 {
				break
			}
			return h, nil, 0, fmt.Errorf("%s, line %d: not a run record", path, k+2)
		}
		recs = append(recs, r)
		good += len(l)
	}
	return h, recs, min(good, len(raw)), nil
}

func (r *results) append(rec Record) error {
	b, err := json.Marshal(rec)
	if err != nil {
		return err
	}
	if _, err := r.f.Write(append(b, '\n')); err != nil {
		return err
	}
	return r.f.Sync()
}

func (r *results) close() error { return r.f.Close() }

// unwrapPath is the system's error without the path that the caller
// names already.
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// ReadResults reads the runs of a results file.
func ReadResults(path string) ([]Record, error) {
	raw, err := textio.ReadFile(path, maxResults)
	if err != nil {
		return nil, &nqueens.OptionError{Err: fmt.Errorf("results %s: %v", path, err)}
	}
	_, recs, _, err := parseResults(raw, path, false)
	if err != nil {
		return nil, &nqueens.OptionError{Err: err}
	}
	return recs, nil
}

// Summary is one row of the summary of runs: a solver, and for SAT
// solvers an encoding.
type Summary struct {
	Solver   string `json:"solver"`
	Encoding string `json:"encoding"`
	Runs     int    `json:"runs"`
	Sat      int    `json:"sat"`
	Unsat    int    `json:"unsat"`
	Timeout  int    `json:"timeout"`
	Memout   int    `json:"memout"`
	Crash    int    `json:"crash"`
	Unknown  int    `json:"unknown"`
	Wrong    int    `json:"wrong"`
	// PAR2 is the penalised average runtime: the mean over the runs of the
	// wall time, or twice the timeout for a run not solved.
	PAR2 float64 `json:"par2_s"`
	CPU  float64 `json:"cpu_s"` // total
}

// Summarize groups runs by solver and encoding (the format for files
// other than DIMACS), in order of solver then encoding.
func Summarize(recs []Record) []Summary {
	by := map[[2]string]*Summary{}
	var keys [][2]string
	for _, r := range recs {
		enc := r.Encoding
		if r.Format != "dimacs" || enc == "" {
			enc = r.Format
		}
		k := [2]string{r.Solver, enc}
		s := by[k]
		if s == nil {
			s = &Summary{Solver: r.Solver, Encoding: enc}
			by[k] = s
			keys = append(keys, k)
		}
		s.Runs++
		s.CPU += r.CPU
		switch r.Status {
		case StatusSat:
			s.Sat++
		case StatusUnsat:
			s.Unsat++
		case StatusTimeout:
			s.Timeout++
		case StatusMemout:
			s.Memout++
		case StatusCrash:
			s.Crash++
		case StatusUnknown:
			s.Unknown++
		case StatusWrong:
			s.Wrong++
		}
		if r.Solved() {
			s.PAR2 += r.Wall
		} else {
			s.PAR2 += 2 * r.Timeout
		}
	}
	sort.Slice(keys, func(i, j int) bool {
		if keys[i][0] != keys[j][0] {
			return keys[i][0] < keys[j][0]
		}
		return keys[i][1] < keys[j][1]
	})
	out := make([]Summary, len(keys))
	for i, k := range keys {
		s := *by[k]
		s.PAR2 /= float64(s.Runs)
		out[i] = s
	}
	return out
}
