package sat_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/queenslab/nqueens/encode"
	"github.com/queenslab/nqueens/model"
	"github.com/queenslab/nqueens/solvers/sat"
)

// required are the solvers .ci/run installs; NQUEENS_REQUIRE_SOLVERS=1
// makes their absence a failure instead of a skip.
var required = map[string]bool{"cadical": true, "minisat": true, "cryptominisat5": true, "picosat": true, "clasp": true}

func external(t testing.TB, name string) *sat.External {
	t.Helper()
	e, err := sat.LookupExternal(name)
	if err != nil {
		if required[name] && os.Getenv("NQUEENS_REQUIRE_SOLVERS") == "1" {
			t.Fatalf("%v, and NQUEENS_REQUIRE_SOLVERS=1", err)
		}
		t.Skipf("SKIPPED: %v", err)
	}
	return e
}

// solveQueens solves p with s and verifies the placement.
func solveQueens(t *testing.T, s sat.Solver, p model.Problem, amo string) sat.Status {
	t.Helper()
	r, err := s.Solve(context.Background(), queensCNF(t, p, amo))
	if err != nil {
		t.Fatalf("%s n = %d %s: %v", s.Name(), p.N, amo, err)
	}
	if r.Status == sat.Sat {
		q, err := encode.Decode(p.N, func(v int) bool { return r.Model[v] })
		if err == nil {
			err = model.Verify(p, q)
		}
		if err != nil {
			t.Fatalf("%s n = %d %s: %v", s.Name(), p.N, amo, err)
		}
	}
	return r.Status
}

// TestSolvers runs every solver, in-process and external, on n = 8 and 50
// with two encodings (SAT, verified), n = 3 and attacking pre-placed queens
// (UNSAT).
func TestSolvers(t *testing.T) {
	attacking := model.Problem{N: 8, Fixed: []model.Square{{Row: 0, Col: 0}, {Row: 2, Col: 2}}}
	for _, name := range append([]string{"gini", "gophersat"}, sat.ExternalNames...) {
		t.Run(name, func(t *testing.T) {
			var s sat.Solver
			if name == "gini" || name == "gophersat" {
				s, _ = sat.Lookup(name)
			} else {
				s = external(t, name)
			}
			for _, amo := range []string{"pairwise", "sequential", "commander"} {
				for _, n := range []int{8, 50} {
					if got := solveQueens(t, s, model.Classic(n), amo); got != sat.Sat {
						t.Errorf("n = %d %s: %v, want SAT", n, amo, got)
					}
				}
				if got := solveQueens(t, s, model.Classic(3), amo); got != sat.Unsat {
					t.Errorf("n = 3 %s: %v, want UNSAT", amo, got)
				}
				if got := solveQueens(t, s, attacking, amo); got != sat.Unsat {
					t.Errorf("attacking pre-placed queens %s: %v, want UNSAT", amo, got)
				}
			}
		})
	}
}

// TestPipe feeds the formula on standard input.
func TestPipe(t *testing.T) {
	for _, name := range []string{"cadical", "picosat", "cryptominisat5"} {
		e := external(t, name)
		e.Pipe = true
		if got := solveQueens(t, e, model.Classic(20), "ladder"); got != sat.Sat {
			t.Errorf("%s through a pipe: %v", name, got)
		}
	}
}

// TestExternalCounts counts with clasp -n 0 (parsimonious encodings only:
// it cannot project) and cryptominisat5 --maxsol (projects on c ind).
func TestExternalCounts(t *testing.T) {
	clasp := external(t, "clasp")
	cms := external(t, "cryptominisat5")
	for n := 1; n <= 8; n++ {
		want, _, _ := model.KnownCount(n)
		if got := countQueens(t, clasp, model.Classic(n), "pairwise", sat.EnumOptions{}); got != want {
			t.Errorf("clasp n = %d pairwise: %d, want %d", n, got, want)
		}
		if got := countQueens(t, clasp, model.Classic(n), "ladder", sat.EnumOptions{}); got != want {
			t.Errorf("clasp n = %d ladder: %d, want %d", n, got, want)
		}
		if got := countQueens(t, cms, model.Classic(n), "sequential", sat.EnumOptions{Project: project(n)}); got != want {
			t.Errorf("cryptominisat5 n = %d sequential: %d, want %d", n, got, want)
		}
	}
	_, err := clasp.Enumerate(context.Background(), queensCNF(t, model.Classic(6), "sequential"), sat.EnumOptions{Project: project(6)}, func(sat.Model) bool { return true })
	if !errors.Is(err, sat.ErrNoProjection) {
		t.Errorf("clasp with a projection: %v, want ErrNoProjection", err)
	}
	// Stopping early.
	got, err := clasp.Enumerate(context.Background(), queensCNF(t, model.Classic(8), "pairwise"), sat.EnumOptions{}, func(sat.Model) bool { return false })
	if got != 1 || err != nil {
		t.Errorf("stop after one: %d %v", got, err)
	}
}

func fake(t *testing.T, name string) *sat.External {
	t.Helper()
	e, err := sat.LookupExternal(filepath.Join(".", "testdata", "fake", name))
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// TestBrokenSolvers: crashes, garbage, wrong and truncated models, and a
// lying exit status are errors; a hanging solver is killed, with its
// children, within a second of the deadline.
func TestBrokenSolvers(t *testing.T) {
	in := queensCNF(t, model.Classic(6), "pairwise")
	for _, tc := range []struct{ script, err string }{
		{"crash.sh", "crashed (segmentation fault)"},
		{"garbage.sh", `solver output line 1: unexpected output "Segmentation fault`},
		{"wrong.sh", "gave a wrong model: sat: the model falsifies clause 1"},
		{"truncated.sh", "truncated"},
		{"liar.sh", "exited with status 10 (SAT) but answered UNSAT"},
		{"fails.sh", "exited with status 3: error: out of licences for this machine"},
	} {
		r, err := fake(t, tc.script).Solve(context.Background(), in)
		if err == nil || !strings.Contains(err.Error(), tc.err) || r.Status == sat.Sat {
			t.Errorf("%s: %v %v, want an error with %q", tc.script, r.Status, err, tc.err)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	start := time.Now()
	r, err := fake(t, "hang.sh").Solve(ctx, in)
	elapsed := time.Since(start)
	if !errors.Is(err, context.DeadlineExceeded) || r.Status != sat.Unknown {
		t.Errorf("hang: %v %v", r.Status, err)
	}
	if elapsed > 1300*time.Millisecond {
		t.Errorf("hang: returned after %v, more than a second past the deadline", elapsed)
	}
	// No sleep of the fake solver may survive.
	time.Sleep(100 * time.Millisecond)
	procs, _ := filepath.Glob("/proc/[0-9]*/cmdline")
	for _, path := range procs {
		if cmdline, _ := os.ReadFile(path); bytes.Equal(cmdline, []byte("sleep\x00987.25\x00")) {
			pid, _ := strconv.Atoi(strings.Split(path, "/")[2])
			t.Errorf("process %d (sleep 987.25) outlived the timeout", pid)
			syscall.Kill(pid, syscall.SIGKILL)
		}
	}
}

// TestTimeouts: the in-process solvers return within a second of the
// deadline on the pigeonhole formulas, which take them seconds: gini
// stops its search; gophersat's is abandoned (it runs on, holding
// gophersat's lock, and a second call waits for it within its own deadline).
func TestTimeouts(t *testing.T) {
	for _, tc := range []struct {
		s sat.Solver
		p int
	}{{sat.Gini{}, 10}, {sat.Gophersat{}, 9}, {sat.Gophersat{}, 8}} {
		ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
		start := time.Now()
		r, err := tc.s.Solve(ctx, pigeonhole(tc.p))
		cancel()
		if !errors.Is(err, context.DeadlineExceeded) || r.Status != sat.Unknown {
			t.Errorf("%s on PHP(%d): %v %v, want a timeout", tc.s.Name(), tc.p, r.Status, err)
		}
		if el := time.Since(start); el > 1100*time.Millisecond {
			t.Errorf("%s on PHP(%d) returned after %v", tc.s.Name(), tc.p, el)
		}
	}
	// The abandoned search ends by itself; then gophersat answers again.
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if r, err := (sat.Gophersat{}).Solve(ctx, pigeonhole(6)); err != nil || r.Status != sat.Unsat {
		t.Errorf("gophersat after a timeout: %v %v", r.Status, err)
	}
}

func TestLookup(t *testing.T) {
	for _, tc := range []struct{ name, err string }{
		{"minisat-pro", `sat: unknown solver "minisat-pro" (known: gini, gophersat, cadical, kissat, minisat, cryptominisat5, picosat, clasp, or a path to a DIMACS solver)`},
		{"./nonexistent/solver", "sat: solver ./nonexistent/solver: no such file or directory"},
		{"./testdata", "sat: solver ./testdata is not an executable file"},
	} {
		_, err := sat.Lookup(tc.name)
		if err == nil || err.Error() != tc.err {
			t.Errorf("Lookup(%q) = %v, want %q", tc.name, err, tc.err)
		}
	}
}

// TestParseOutputHostile: literals at the edge of int64 and an endless line
// are output errors, not a panic or unbounded memory.
func TestParseOutputHostile(t *testing.T) {
	for _, in := range []string{"v -9223372036854775808 0\n", "v 9223372036854775807 0\n", "v -0x1 0\n", "s SATISFIABLE\nv 1 -99999999999999999999 0\n"} {
		_, err := sat.ParseOutput(strings.NewReader(in), 3, func(sat.Model) error { return nil })
		var oe *sat.OutputError
		if !errors.As(err, &oe) || !strings.Contains(err.Error(), "literal") {
			t.Errorf("%q: %v", in, err)
		}
	}
	endless := io.MultiReader(strings.NewReader("s SATISFIABLE\nv"), repeat(" 1"))
	_, err := sat.ParseOutput(endless, 3, func(sat.Model) error { return nil })
	var oe *sat.OutputError
	if !errors.As(err, &oe) || oe.Line != 2 || !strings.Contains(err.Error(), "line longer than") {
		t.Errorf("endless line: %v", err)
	}
}

// repeater is an endless reader of s, s, s, ...
type repeater struct {
	s   string
	off int
}

func repeat(s string) *repeater { return &repeater{s: s} }

func (r *repeater) Read(b []byte) (int, error) {
	for i := range b {
		b[i] = r.s[r.off]
		r.off = (r.off + 1) % len(r.s)
	}
	return len(b), nil
}

func FuzzParseOutput(f *testing.F) {
	for _, s := range []string{"s SATISFIABLE\nv 1 -2 3 0\n", "c x\ns UNSATISFIABLE\n", "v 1 2\nv 3 0\n", "s SATISFIABLE\nv 1 -2\n", "hello\n", "v 1 1 0\n", "v -9223372036854775808 0\n", "v 9223372036854775807 0\n"} {
		f.Add([]byte(s), 3)
	}
	f.Fuzz(func(t *testing.T, data []byte, vars int) {
		if vars < 0 || vars > 1000 {
			return
		}
		_, err := sat.ParseOutput(bytes.NewReader(data), vars, func(m sat.Model) error {
			if len(m) != vars+1 {
				t.Fatalf("model of %d values for %d variables", len(m), vars)
			}
			return nil
		})
		var oe *sat.OutputError
		if err != nil && !errors.As(err, &oe) {
			t.Fatalf("error of type %T: %v", err, err)
		}
	})
}

// TestCaps: what each solver says it can do is what it does: a solver that
// says Enumerate lists the 10 models of the 5-queens pairwise CNF, one that
// says Project lists 10 on the queen variables of the sequential CNF (40
// over all its variables would be wrong), and EnumeratorOf follows Caps.
func TestCaps(t *testing.T) {
	want := map[string]sat.Caps{
		"gini":           {Enumerate: true, Project: true, Cubes: true, Parallel: true},
		"gophersat":      {Enumerate: true, Project: true, Cubes: true},
		"clasp":          {Enumerate: true},
		"cryptominisat5": {Enumerate: true, Project: true},
		"cadical":        {Prove: true},
	}
	for name, caps := range want {
		t.Run(name, func(t *testing.T) {
			var s sat.Solver = sat.Gini{}
			switch name {
			case "gophersat":
				s = sat.Gophersat{}
			case "gini":
			default:
				s = external(t, name)
			}
			if got := s.Caps(); got != caps {
				t.Fatalf("Caps() = %+v, want %+v", got, caps)
			}
			e, ok := sat.EnumeratorOf(s)
			if ok != caps.Enumerate {
				t.Fatalf("EnumeratorOf: %v, Caps says %v", ok, caps.Enumerate)
			}
			if !ok {
				return
			}
			p := model.Classic(5)
			n, err := e.Enumerate(context.Background(), queensCNF(t, p, "pairwise"), sat.EnumOptions{}, func(sat.Model) bool { return true })
			if err != nil || n != 10 {
				t.Errorf("pairwise: %d models, %v", n, err)
			}
			if caps.Project {
				n, err := e.Enumerate(context.Background(), queensCNF(t, p, "sequential"), sat.EnumOptions{Project: project(5)}, func(sat.Model) bool { return true })
				if err != nil || n != 10 {
					t.Errorf("sequential projected: %d models, %v", n, err)
				}
			}
		})
	}
}

// TestCertify: cadical's UNSAT answers come with a proof that checks, its
// SAT answers with a verified model; a solver whose proof proves nothing,
// and one that writes none, are errors, never an UNSAT; a solver that
// writes no proofs cannot certify.
func TestCertify(t *testing.T) {
	c := external(t, "cadical")
	unsat := model.Problem{N: 8, Fixed: []model.Square{{Row: 0, Col: 0}, {Row: 1, Col: 3}}}
	r, err := c.Certify(context.Background(), queensCNF(t, unsat, "sequential"))
	if err != nil || r.Status != sat.Unsat || r.Proof == nil || r.Proof.Lemmas == 0 || r.Proof.Core == 0 {
		t.Fatalf("UNSAT: %v %+v %+v", err, r.Status, r.Proof)
	}
	r, err = c.Certify(context.Background(), queensCNF(t, model.Classic(8), "sequential"))
	if err != nil || r.Status != sat.Sat || r.Proof != nil {
		t.Fatalf("SAT: %v %+v", err, r)
	}
	bad := fake(t, "badproof.sh")
	bad.Proves = true
	r, err = bad.Certify(context.Background(), queensCNF(t, unsat, "sequential"))
	if err == nil || r.Status == sat.Unsat || !strings.Contains(err.Error(), "proof of UNSAT does not check") {
		t.Errorf("a proof of nothing: %v %v", r.Status, err)
	}
	none := fake(t, "unsat.sh")
	none.Proves = true
	if _, err := none.Certify(context.Background(), queensCNF(t, unsat, "sequential")); err == nil || !strings.Contains(err.Error(), "without writing its proof") {
		t.Errorf("no proof: %v", err)
	}
	if _, err := fake(t, "unsat.sh").Certify(context.Background(), queensCNF(t, unsat, "sequential")); err == nil {
		t.Error("a solver that writes no proofs certified")
	}
	fifo := fake(t, "fifoproof.sh")
	fifo.Proves = true
	if _, err := fifo.Certify(context.Background(), queensCNF(t, unsat, "sequential")); err == nil || !strings.Contains(err.Error(), "not a regular file") {
		t.Errorf("a FIFO for a proof: %v", err)
	}
	endless := fake(t, "endlessproof.sh")
	endless.Proves = true
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	start := time.Now()
	if r, err := endless.Certify(ctx, queensCNF(t, unsat, "sequential")); err == nil || r.Status == sat.Unsat {
		t.Errorf("an endless proof: %v %v", r.Status, err)
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("an endless proof stopped after %v, the deadline was 2 s", d)
	}
}

// TestProgramVersion: the version line of a program's --version, however
// much it prints (a flood is read 64 KiB deep, not kept), and the
// executable's hash when it prints none.
func TestProgramVersion(t *testing.T) {
	dir := t.TempDir()
	script := func(name, body string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte("#!/bin/sh\n"+body+"\n"), 0o755); err != nil {
			t.Fatal(err)
		}
		return path
	}
	ctx := context.Background()
	for _, c := range []struct{ name, body, want string }{
		{"dotted", `echo "c solver"; echo "c version 1.9.5"`, "version 1.9.5"},
		{"digits", `echo sc2021`, "sc2021"},
		{"flood", `yes 'x' | head -c 300000000; echo "v 2.0"`, "sha256:"},
		{"silent", `exit 0`, "sha256:"},
	} {
		got := sat.ProgramVersion(ctx, script(c.name, c.body))
		if !strings.HasPrefix(got, c.want) {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
	// A probe that leaves a child behind: the child is killed with it.
	linger := fmt.Sprintf("sleep 302.%d", os.Getpid())
	defer exec.Command("pkill", "-f", linger).Run()
	if got := sat.ProgramVersion(ctx, script("forks", "( "+linger+" & )\necho 1.0")); got != "1.0" {
		t.Errorf("forks: %q", got)
	}
	for range 50 {
		if exec.Command("pgrep", "-f", linger).Run() != nil {
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Error("the probe's child outlives it")
}

// TestSolverLeavesAProcess: a solver that leaves a process behind holding
// its standard output (a wrapper that starts "setsid sleep" and then execs
// the solver) is answered when the solver itself ends, not when the
// process it left lets go of the output.
func TestSolverLeavesAProcess(t *testing.T) {
	real := external(t, "cadical")
	dir := t.TempDir()
	linger := fmt.Sprintf("sleep 60.%d", os.Getpid()) // this test's own, to find it again
	wrapper := filepath.Join(dir, "lingering")
	if err := os.WriteFile(wrapper, []byte("#!/bin/sh\nsetsid "+linger+" &\nexec "+real.Path+" \"$@\"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	defer exec.Command("pkill", "-f", linger).Run()
	e, err := sat.LookupExternal(wrapper)
	if err != nil {
		t.Fatal(err)
	}
	// Within half the lingering process's time, or the answer came only
	// when it ended.
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	r, err := e.Solve(ctx, queensCNF(t, model.Classic(8), "pairwise"))
	if err != nil || r.Status != sat.Sat {
		t.Fatalf("the solver's answer: %v, %v", r.Status, err)
	}
}

// TestAnswerReadersAgree: the two readers of an answer, DIMACS's (s and v
// lines, literals as numbers) and the PB solvers' (literals as x names),
// take and refuse the same answers: a variable given twice, with the same
// value or the other, is refused by both (the PB reader once let the last
// value win), as are variables out of range, two status lines and an
// unknown status; a right answer is read alike.
func TestAnswerReadersAgree(t *testing.T) {
	for _, c := range []struct {
		name       string
		dimacs, pb string
		ok         bool
	}{
		{"a model", "s SATISFIABLE\nv 1 -2 3 0\n", "s SATISFIABLE\nv x1 -x2 x3\n", true},
		{"UNSAT", "s UNSATISFIABLE\n", "s UNSATISFIABLE\n", true},
		{"a variable both ways", "s SATISFIABLE\nv 1 -2 3 -1 0\n", "s SATISFIABLE\nv x1 -x2 x3 -x1\n", false},
		{"a variable twice alike", "s SATISFIABLE\nv 1 -2 3 1 0\n", "s SATISFIABLE\nv x1 -x2 x3 x1\n", false},
		{"twice across lines", "s SATISFIABLE\nv 1 -2\nv 3 -2 0\n", "s SATISFIABLE\nv x1 -x2\nv x3 -x2\n", false},
		{"out of range", "s SATISFIABLE\nv 1 -2 4 0\n", "s SATISFIABLE\nv x1 -x2 x4\n", false},
		{"two statuses", "s SATISFIABLE\ns UNSATISFIABLE\n", "s SATISFIABLE\ns UNSATISFIABLE\n", false},
		{"an unknown status", "s MAYBE\n", "s MAYBE\n", false},
	} {
		d, derr := sat.ReadAnswer(strings.NewReader(c.dimacs), 3)
		p, perr := sat.ReadPBAnswer(strings.NewReader(c.pb), 0, 3)
		if (derr == nil) != c.ok || (perr == nil) != c.ok {
			t.Errorf("%s: DIMACS %v, PB %v; want taken %v", c.name, derr, perr, c.ok)
			continue
		}
		if c.ok && (d.Status != p.Status || d.Status == sat.Sat && fmt.Sprint(d.Model[1:]) != fmt.Sprint(p.Model[1:])) {
			t.Errorf("%s: DIMACS %v %v, PB %v %v", c.name, d.Status, d.Model, p.Status, p.Model)
		}
	}
}
