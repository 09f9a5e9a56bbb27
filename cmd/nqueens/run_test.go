package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/queenslab/nqueens/encode"
	"github.com/queenslab/nqueens/internal/cgroup"
	"github.com/queenslab/nqueens/internal/cmdline"
	"github.com/queenslab/nqueens/lab"
	"github.com/queenslab/nqueens/suite"
)

// beCLI makes this test binary act as the nqueens command in the child
// processes that nqueens run starts (limit-exec, sat, xcc).
const beCLI = "NQUEENS_TEST_BE_CLI"

// allocEnv makes this test binary, started again, a program that touches
// that many MiB, keeps them a while and exits (a solver's child).
const allocEnv = "NQUEENS_TEST_ALLOC_MIB"

func TestMain(m *testing.M) {
	if v := os.Getenv(allocEnv); v != "" {
		mib, _ := strconv.Atoi(v)
		b := make([]byte, mib<<20)
		for i := 0; i < len(b); i += 4096 {
			b[i] = 1
		}
		time.Sleep(300 * time.Millisecond)
		os.Exit(int(b[len(b)/2]) - 1)
	}
	if os.Getenv(beCLI) == "1" {
		os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// fakeSolver writes a shell script that behaves as a solver.
func fakeSolver(t *testing.T, dir, name, body string) string {
	t.Helper()
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte("#!/bin/sh\n"+body+"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	return path
}

func readRecords(t *testing.T, path string) []lab.Record {
	t.Helper()
	recs, err := lab.ReadResults(path)
	if err != nil {
		t.Fatal(err)
	}
	return recs
}

// TestRunSuite generates a suite with SAT and UNSAT instances in DIMACS and
// XCC, runs real solvers on it, resumes, and runs solvers that lie, crash,
// hang, print garbage and run out of memory: each gets its status, and a
// wrong answer is exit 1 naming it.
func TestRunSuite(t *testing.T) {
	t.Setenv(beCLI, "1")
	dir := t.TempDir()
	suiteDir := filepath.Join(dir, "s")
	if code, _, errs := runCLI(t, "", "gen", "classic", "--from", "2", "--to", "7", "--formats", "dimacs,xcc,opb,mzn-inline", "--out", suiteDir, "-q"); code != 0 {
		t.Fatalf("gen: %d %s", code, errs)
	}
	solvers := []string{"gini", "gophersat", "dlx"}
	for _, s := range []string{"cadical", "minisat", "picosat", "clasp", "minizinc"} {
		if _, err := exec.LookPath(s); err == nil {
			solvers = append(solvers, s)
		} else if os.Getenv("NQUEENS_REQUIRE_SOLVERS") != "" {
			t.Fatalf("%s is not installed", s)
		}
	}
	results := filepath.Join(dir, "r.jsonl")
	memArgs := []string{"--memory", "4G"}
	if raceEnabled {
		memArgs = nil
	}
	code, out, errs := runCLI(t, "", append([]string{"run", suiteDir, "--solvers", strings.Join(solvers, ","), "--results", results, "--timeout", "30s", "--csv", "-q"}, memArgs...)...)
	if code != 0 {
		t.Fatalf("run: %d %s %s", code, out, errs)
	}
	// A solver named that reads none of the suite's formats (cp reads
	// .param files) is refused in one line, not left out without a word.
	if code, _, errs := runCLI(t, "", "run", suiteDir, "--solvers", "gini,cp", "--results", filepath.Join(dir, "cp.jsonl"), "-q"); code != 2 || !strings.Contains(errs, "cp reads param files") || strings.Count(errs, "\n") != 1 {
		t.Errorf("run --solvers gini,cp without .param files: %d %q", code, errs)
	}
	recs := readRecords(t, results)
	// 6 instances in DIMACS for each SAT solver, 6 in XCC for dlx, 6 in
	// OPB for clasp besides, 6 in MiniZinc for minizinc.
	want := 6 * len(solvers)
	if slices.Contains(solvers, "clasp") {
		want += 6
	}
	if len(recs) != want {
		t.Fatalf("%d runs recorded, want %d", len(recs), want)
	}
	manifest, _, err := suite.ReadManifest(suiteDir)
	if err != nil {
		t.Fatal(err)
	}
	gbd := map[string]string{}
	for _, row := range manifest.Files {
		gbd[row.File] = row.GBDHash
	}
	for _, r := range recs {
		if string(r.Status) != string(r.Expected) || (r.Status == lab.Sat) != r.Verified || r.SolverVersion == "" || r.PeakKB <= 0 || r.Command == "" {
			t.Errorf("%s on %s: %+v", r.Solver, r.File, r)
		}
		if r.GBDHash != gbd[r.File] || (r.Format == encode.DIMACS) != (r.GBDHash != "") {
			t.Errorf("%s on %s: GBD hash %q, the manifest's %q", r.Solver, r.File, r.GBDHash, gbd[r.File])
		}
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 2+want/6 || !strings.HasPrefix(lines[0], "solver,encoding,runs,SAT,UNSAT,TIMEOUT") || !strings.HasPrefix(lines[len(lines)-1], "VBS,,6,4,2,0,") {
		t.Errorf("summary: %q", out)
	}
	// The same command again: nothing is run, the summary is the same.
	before, _ := os.ReadFile(results)
	code, out2, _ := runCLI(t, "", append([]string{"run", suiteDir, "--solvers", strings.Join(solvers, ","), "--results", results, "--timeout", "30s", "--csv", "-q"}, memArgs...)...)
	after, _ := os.ReadFile(results)
	if code != 0 || string(before) != string(after) || out2 != out {
		t.Errorf("resumed run: %d, results changed %v, summary %q", code, string(before) != string(after), out2)
	}
	// Another timeout is another run.
	code, _, _ = runCLI(t, "", "run", suiteDir, "--solvers", "gini", "--results", results, "--timeout", "29s", "-q")
	if n := len(readRecords(t, results)); code != 0 || n != len(recs)+6 {
		t.Errorf("new limits: %d, %d records", code, n)
	}

	// Solvers that fail in every way. The hanging one sleeps for a time
	// of this process's own, so that looking for it afterwards does not
	// find another program's sleep.
	hangCommand := fmt.Sprintf("sleep 300.%d", os.Getpid())
	fakes := []struct {
		name, body string
		status     lab.Status
	}{
		{"liar", `echo "s UNSATISFIABLE"; exit 20`, ""},
		{"badmodel", `echo "s SATISFIABLE"; echo "v $(seq 1 $(grep '^p cnf' "$1" | cut -d' ' -f3) | tr '\n' ' ')0"; exit 10`, lab.Wrong},
		{"crash", `kill -SEGV $$`, lab.Crash},
		{"garbage", `echo hello; exit 10`, lab.Crash},
		{"hang", hangCommand, lab.Timeout},
		{"memhog", `exec dd if=/dev/zero of=/dev/null bs=400M count=1`, lab.Memout}, // more than the limit at once: no race with the 2 s timeout
		{"giveup", `echo "s UNKNOWN"; exit 0`, lab.Unknown},
		{"oomsays", `echo "c out of memory"; exit 1`, lab.Memout}, // said on standard output
		{"statsays", `echo "c memory used: 12 MB"; exit 1`, lab.Crash},
	}
	var names []string
	memory := "256M"
	for _, f := range fakes {
		if raceEnabled && f.name == "memhog" {
			memory = "0"
			continue
		}
		names = append(names, fakeSolver(t, dir, f.name, f.body))
	}
	results2 := filepath.Join(dir, "r2.jsonl")
	args := []string{"run", suiteDir, "--solvers", strings.Join(names, ","), "--results", results2, "--timeout", "2s", "--jobs", "2", "-q"}
	if memory != "0" {
		args = append(args, "--memory", memory)
	}
	// This process's own peak (a large count before, here 300 MB held and
	// freed) must not show as the solvers' peak, nor make them MEMOUT:
	// Linux hands a child started by vfork its parent's peak.
	ballast := make([]byte, 300<<20)
	for i := range ballast {
		ballast[i] = 1
	}
	ballast = nil
	code, _, errs = runCLI(t, "", args...)
	if code != 1 || !strings.Contains(errs, "WRONG: ") || !strings.Contains(errs, "(run it: ") {
		t.Errorf("fake solvers: exit %d, %q", code, errs)
	}
	for _, r := range readRecords(t, results2) {
		want := lab.Status("")
		for _, f := range fakes {
			if strings.HasSuffix(r.Solver, "/"+f.name) {
				want = f.status
			}
		}
		if want == "" { // the liar: right on the UNSAT instances only
			want = map[suite.Answer]lab.Status{suite.Satisfiable: lab.Wrong, suite.Unsatisfiable: lab.Unsat}[r.Expected]
		}
		if r.Status != want || r.Status == lab.Wrong && r.Detail == "" {
			t.Errorf("%s on %s: %s (%s, peak %d KB, exit %d), want %s", filepath.Base(r.Solver), r.File, r.Status, r.Detail, r.PeakKB, r.Exit, want)
		}
		if r.Status == lab.Timeout && r.Wall > 2.5 {
			t.Errorf("%s: a timeout of 2 s recorded as %.2f s", r.Solver, r.Wall)
		}
	}
	if out, _ := exec.Command("pgrep", "-f", hangCommand).Output(); len(out) > 0 {
		t.Errorf("a hanging solver outlived its run: %s", out)
	}

	// The CPU-time limit: a spinning solver is a TIMEOUT by CPU long
	// before the wall-time limit; the limits are recorded.
	spin := fakeSolver(t, dir, "spin", `while :; do :; done`)
	results3 := filepath.Join(dir, "r3.jsonl")
	if code, _, errs := runCLI(t, "", "run", suiteDir, "--solvers", spin, "--results", results3, "--timeout", "60s", "--cpu", "1s", "-q"); code != 0 {
		t.Errorf("cpu limit: %d %q", code, errs)
	}
	for _, r := range readRecords(t, results3) {
		if r.Status != lab.Timeout || !strings.Contains(r.Detail, "CPU-time limit") || r.CPULimit != 1 || r.Wall > 30 {
			t.Errorf("spin on %s under --cpu 1s: %s %q, cpu limit %g, wall %.1f s", r.File, r.Status, r.Detail, r.CPULimit, r.Wall)
		}
	}
	// Go solvers (processes of this program) run under the least memory
	// limit; less is refused in one line.
	if !raceEnabled {
		results4 := filepath.Join(dir, "r4.jsonl")
		if code, _, errs := runCLI(t, "", "run", suiteDir, "--solvers", "gini,gophersat,dlx", "--results", results4, "--memory", "256M", "-q"); code != 0 {
			t.Errorf("Go solvers under --memory 256M: %d %q", code, errs)
		}
		for _, r := range readRecords(t, results4) {
			if string(r.Status) != string(r.Expected) || r.MemoryMB != 256 {
				t.Errorf("%s on %s under --memory 256M: %s %s", r.Solver, r.File, r.Status, r.Detail)
			}
		}
	}
	for _, args := range [][]string{{"--memory", "100M"}, {"--cpu", "500ms"}, {"--cpu", "-1s"}} {
		if code, _, errs := runCLI(t, "", append([]string{"run", suiteDir, "--solvers", "gini", "--results", filepath.Join(dir, "r5.jsonl"), "-q"}, args...)...); code != 2 || strings.Count(errs, "\n") != 1 {
			t.Errorf("%v: %d %q", args, code, errs)
		}
	}

	// A changed suite is refused; so is a results file of something else.
	m := filepath.Join(suiteDir, "manifest.json")
	raw, _ := os.ReadFile(m)
	os.WriteFile(m, append(raw, ' '), 0o644)
	if code, _, errs := runCLI(t, "", "run", suiteDir, "--solvers", "gini", "--results", results, "-q"); code != 2 || !strings.Contains(errs, "another suite") {
		t.Errorf("changed suite: %d %q", code, errs)
	}
	os.WriteFile(m, raw, 0o644)
	junk := filepath.Join(dir, "junk")
	os.WriteFile(junk, []byte("hello\nworld\n"), 0o644)
	for _, args := range [][]string{
		{"run", suiteDir, "--solvers", "gini", "--results", junk},
		{"run", suiteDir},
		{"run", suiteDir, "--solvers", "nosuch"},
		{"run", suiteDir, "--solvers", "gini", "--memory", "lots"},
		{"run", suiteDir, "--solvers", "gini", "--timeout", "0s"},
		{"run", dir, "--solvers", "gini"},
	} {
		if code, _, errs := runCLI(t, "", append(args, "-q")...); code != 2 || strings.Count(errs, "\n") != 1 {
			t.Errorf("%v: %d %q", args, code, errs)
		}
	}
	// An instance edited by hand is not run: the run is an error, no
	// result is recorded for it, and a solver that rewrites its instance
	// is reported, its answer judged against the bytes as they were.
	var man suite.Manifest
	json.Unmarshal(raw, &man)
	inst := filepath.Join(suiteDir, man.Files[0].File)
	orig, _ := os.ReadFile(inst)
	os.WriteFile(inst, append(append([]byte{}, orig...), []byte("c edited\n")...), 0o644)
	fresh := filepath.Join(dir, "fresh.jsonl")
	if code, _, errs := runCLI(t, "", "run", suiteDir, "--solvers", "gini", "--results", fresh, "-q"); code != 1 || !strings.Contains(errs, "has changed since the suite was written") {
		t.Errorf("edited instance: %d %q", code, errs)
	}
	for _, r := range readRecords(t, fresh) {
		if r.File == man.Files[0].File {
			t.Errorf("a run of the edited instance was recorded: %+v", r)
		}
	}
	os.WriteFile(inst, orig, 0o644)
	saved := map[string][]byte{}
	for _, f := range man.Files {
		saved[f.File], _ = os.ReadFile(filepath.Join(suiteDir, f.File))
	}
	rewriter := fakeSolver(t, dir, "rewriter", `[ -f "$1" ] && printf 'p cnf 1 1\n1 0\n' > "$1"; echo "s UNSATISFIABLE"; exit 20`)
	if code, _, errs := runCLI(t, "", "run", suiteDir, "--solvers", rewriter, "--results", filepath.Join(dir, "rw.jsonl"), "-q"); code != 1 || !strings.Contains(errs, "was changed during the run") {
		t.Errorf("a solver that rewrites its instance: %d %q", code, errs)
	}
	for name, b := range saved {
		os.WriteFile(filepath.Join(suiteDir, name), b, 0o644)
	}
	// JSON summary.
	code, out, _ = runCLI(t, "", append([]string{"run", suiteDir, "--solvers", "gini", "--results", results, "--timeout", "30s", "--json", "-q"}, memArgs...)...)
	var rows []lab.Summary
	if err := json.Unmarshal([]byte(out), &rows); code != 0 || err != nil || len(rows) != 2 || rows[0].Sat != 4 || rows[0].Unsat != 2 || rows[1].Solver != lab.VBS || rows[1].PAR2 != rows[0].PAR2 {
		t.Errorf("json summary: %d %v %s", code, err, out)
	}
	_ = fmt.Sprint
}

// TestPlot draws the three charts of a results file as PNG and SVG.
func TestPlot(t *testing.T) {
	t.Setenv(beCLI, "1")
	dir := t.TempDir()
	suiteDir := filepath.Join(dir, "s")
	if code, _, errs := runCLI(t, "", "gen", "classic", "--from", "4", "--to", "8", "--formats", "dimacs,xcc", "--out", suiteDir, "-q"); code != 0 {
		t.Fatalf("gen: %d %s", code, errs)
	}
	if code, _, errs := runCLI(t, "", "run", suiteDir, "--solvers", "gini,gophersat,dlx", "-q"); code != 0 {
		t.Fatalf("run: %d %s", code, errs)
	}
	res := filepath.Join(suiteDir, "results.jsonl")
	png, svg, sc := filepath.Join(dir, "c.png"), filepath.Join(dir, "n.svg"), filepath.Join(dir, "s.png")
	if code, _, errs := runCLI(t, "", "plot", res, "--cactus", png, "--by-n", svg, "--scatter", "gini", "dlx", sc); code != 0 {
		t.Fatalf("plot: %d %s", code, errs)
	}
	for _, f := range []string{png, sc} {
		b, _ := os.ReadFile(f)
		if len(b) < 1000 || string(b[1:4]) != "PNG" {
			t.Errorf("%s is not a PNG (%d bytes)", f, len(b))
		}
	}
	if b, _ := os.ReadFile(svg); !strings.Contains(string(b), "<svg") || !strings.Contains(string(b), "classic, gini/pairwise") {
		t.Errorf("%s is not the SVG chart", svg)
	}
	for _, args := range [][]string{
		{"plot", res},
		{"plot", res, "--cactus", filepath.Join(dir, "x.gif")},
		{"plot", res, "--scatter", "gini", "nosuch", sc},
		{"plot", res, "--scatter", "gini"},
		{"plot", filepath.Join(dir, "none.jsonl"), "--cactus", png},
		{"plot", filepath.Join(suiteDir, "manifest.json"), "--cactus", png},
	} {
		if code, _, errs := runCLI(t, "", args...); code != 2 || strings.Count(errs, "\n") != 1 {
			t.Errorf("%v: %d %q", args, code, errs)
		}
	}
	// Valid results that leave a chart little to draw are drawn: a
	// single run, nothing solved, times of 0 (on log axes), a huge N.
	raw, _ := os.ReadFile(res)
	lines := strings.SplitAfter(string(raw), "\n")
	status := regexp.MustCompile(`"status":"[A-Z]+"`)
	wall := regexp.MustCompile(`"(wall|cpu)_s":[0-9.e+-]+`)
	one := lines[0] + lines[1]
	for name, content := range map[string]string{
		"one run":        one,
		"nothing solved": lines[0] + status.ReplaceAllString(strings.Join(lines[1:], ""), `"status":"TIMEOUT"`),
		"zero times":     lines[0] + wall.ReplaceAllString(strings.Join(lines[1:], ""), `"${1}_s":0`),
		"n = 2^32-1":     strings.Replace(one, `"n":4,`, `"n":4294967295,`, 1),
	} {
		f := filepath.Join(dir, "edge.jsonl")
		os.WriteFile(f, []byte(content), 0o644)
		out := filepath.Join(dir, "edge.png")
		os.Remove(out)
		if code, _, errs := runCLI(t, "", "plot", f, "--cactus", out, "--by-n", filepath.Join(dir, "edge-n.svg")); code != 0 {
			t.Errorf("%s: exit %d: %s", name, code, errs)
		}
		if b, _ := os.ReadFile(out); len(b) < 1000 || string(b[1:4]) != "PNG" {
			t.Errorf("%s: no PNG drawn", name)
		}
	}
	// Values no run can have are refused in one line.
	for content, msg := range map[string]string{
		wall.ReplaceAllString(one, `"${1}_s":-1`):                     "line 2: a negative time",
		strings.Replace(one, `"n":4,`, `"n":4611686018427387904,`, 1): "line 2: n = 4611686018427387904 is out of range",
	} {
		os.WriteFile(filepath.Join(dir, "bad.jsonl"), []byte(content), 0o644)
		if code, _, errs := runCLI(t, "", "plot", filepath.Join(dir, "bad.jsonl"), "--cactus", png); code != 2 || !strings.Contains(errs, msg) || strings.Count(errs, "\n") != 1 {
			t.Errorf("%s: %d %q", msg, code, errs)
		}
	}
}

// TestLimitExec: the fallback that sets the limits where prlimit is
// missing sets them and becomes the program.
func TestLimitExec(t *testing.T) {
	if raceEnabled {
		t.Skip("SKIPPED: the race runtime cannot start under a 1 GiB data limit")
	}
	cmd := exec.Command(os.Args[0], "limit-exec", "--data", "1073741824", "--cpu", "7", "--", "/bin/sh", "-c", "ulimit -d; ulimit -t")
	cmd.Env = append(os.Environ(), beCLI+"=1")
	out, err := cmd.Output()
	if err != nil || strings.Fields(string(out))[0] != "1048576" || strings.Fields(string(out))[1] != "7" {
		t.Errorf("limit-exec: %v %q, want the limits 1048576 KB and 7 s", err, out)
	}
	if code, _, errs := runCLI(t, "", "limit-exec", "--", "/nonexistent/solver"); code != 2 || !strings.Contains(errs, "limit-exec") {
		t.Errorf("a missing program: %d %q", code, errs)
	}
}

// TestSearchProgress: a complete search reports the nodes searched, with
// their rate and the time so far, and no total or time left (unknown).
func TestSearchProgress(t *testing.T) {
	for _, m := range []string{"backtrack", "dlx"} {
		n := map[string]string{"backtrack": "28", "dlx": "62"}[m]
		code, _, errs := runCLI(t, "", "solve", n, "-m", m, "--progress=json")
		first := strings.SplitN(errs, "\n", 2)[0]
		var l progressLine
		if err := json.Unmarshal([]byte(first), &l); code != 0 || err != nil || l.Task != "N = "+n+": nodes searched" || l.Done <= 0 || l.Total != 0 || l.Rate <= 0 || l.ETA != 0 {
			t.Errorf("%s: %d %q (%v)", m, code, errs, err)
		}
	}
}

// TestRunPeakMemory: a run's peak memory measured by rusage is the
// solver's own, as GNU time measures it (within 10%), though this process
// holds a ballast of 300 MiB, and it does not grow from run to run.
func TestRunPeakMemory(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the solver's own peak is measured on Linux")
	}
	gnuTime, err1 := exec.LookPath("/usr/bin/time")
	_, err2 := exec.LookPath("cadical")
	if err1 != nil || err2 != nil {
		if os.Getenv("NQUEENS_REQUIRE_SOLVERS") != "" {
			t.Fatal("cadical and GNU time are needed")
		}
		t.Skip("SKIP: cadical or GNU time is not installed")
	}
	dir := t.TempDir()
	s := filepath.Join(dir, "s")
	if code, _, errs := runCLI(t, "", "gen", "classic", "--from", "44", "--to", "50", "--formats", "dimacs", "--out", s, "-q"); code != 0 {
		t.Fatalf("gen: %s", errs)
	}
	ballast := make([]byte, 300<<20)
	for i := 0; i < len(ballast); i += 4096 {
		ballast[i] = 1
	}
	var peaks [][]int64
	for try, timeout := range []string{"60s", "61s", "62s"} {
		results := filepath.Join(dir, "r.jsonl")
		if code, _, errs := runCLI(t, "", "run", s, "--solvers", "cadical", "--results", results, "--timeout", timeout, "--measure", "rusage", "-q"); code != 0 {
			t.Fatalf("run: %s", errs)
		}
		recs := readRecords(t, results)
		var these []int64
		for _, r := range recs {
			if r.Timeout != float64(60+try) {
				continue
			}
			these = append(these, r.PeakKB)
			if try > 0 {
				continue
			}
			out, err := exec.Command(gnuTime, "-f", "%M", "cadical", "-q", filepath.Join(s, r.File)).CombinedOutput()
			lines := strings.Split(strings.TrimSpace(string(out)), "\n")
			kb, perr := strconv.ParseInt(lines[len(lines)-1], 10, 64)
			if err != nil && !strings.Contains(err.Error(), "exit status 10") || perr != nil {
				t.Fatalf("GNU time: %v %q", err, out)
			}
			t.Logf("%s: peak %d KB, GNU time %d KB", r.File, r.PeakKB, kb)
			if d := float64(r.PeakKB-kb) / float64(kb); d < -0.1 || d > 0.1 {
				t.Errorf("%s: peak %d KB, GNU time %d KB", r.File, r.PeakKB, kb)
			}
		}
		peaks = append(peaks, these)
	}
	for i := range peaks[0] {
		for try := 1; try < len(peaks); try++ {
			if d := float64(peaks[try][i]-peaks[0][i]) / float64(peaks[0][i]); d > 0.1 || d < -0.1 {
				t.Errorf("run %d: peaks %v, run 1: %v", try+1, peaks[try], peaks[0])
			}
		}
	}
	runtime.KeepAlive(ballast)
}

// TestRunOneFormat: every solver runs on a suite of each single format it
// reads (clasp on DIMACS alone, minizinc on data files with their models),
// and one that reads none of a suite's formats is refused in one line.
func TestRunOneFormat(t *testing.T) {
	t.Setenv(beCLI, "1")
	dir := t.TempDir()
	for _, c := range []struct {
		formats, solver string
		code, runs      int
	}{
		{"dimacs", "clasp", 0, 2},
		{"opb", "clasp", 0, 2},
		{"mzn,dzn", "minizinc", 0, 2},
		{"mzn-inline", "minizinc", 0, 2},
		{"dzn", "minizinc", 2, 0}, // the data without its model
		{"xcc", "clasp", 2, 0},
		{"xcsp3", "minizinc", 2, 0},
	} {
		if _, err := exec.LookPath(c.solver); err != nil {
			if os.Getenv("NQUEENS_REQUIRE_SOLVERS") != "" {
				t.Fatalf("%s is not installed", c.solver)
			}
			continue
		}
		s := filepath.Join(dir, strings.NewReplacer(",", "-").Replace(c.formats)+"-"+c.solver)
		if code, _, errs := runCLI(t, "", "gen", "classic", "--from", "3", "--to", "4", "--formats", c.formats, "--out", s, "-q"); code != 0 {
			t.Fatalf("gen: %s", errs)
		}
		results := filepath.Join(s, "results.jsonl")
		code, _, errs := runCLI(t, "", "run", s, "--solvers", c.solver, "-q")
		if code != c.code || code == 2 && strings.Count(errs, "\n") != 1 {
			t.Errorf("%s on %s: exit %d %q", c.solver, c.formats, code, errs)
			continue
		}
		if code != 0 {
			continue
		}
		recs := readRecords(t, results)
		for _, r := range recs {
			if string(r.Status) != string(r.Expected) {
				t.Errorf("%s on %s: %+v", c.solver, r.File, r)
			}
		}
		if len(recs) != c.runs {
			t.Errorf("%s on %s: %d runs, want %d", c.solver, c.formats, len(recs), c.runs)
		}
	}
}

// TestRunMeasuresTree: with a control group each (--measure cgroup), a
// run's memory peak and CPU time are its whole process tree's: a solver
// that forks two children of 150 MB each is recorded at 300 MB or more,
// within 10% of the sum of what GNU time measures of each child alone, and
// is MEMOUT under a limit of 256M; a child's CPU time counts in the run's
// (at least 0.8 of what its work takes alone), and past a CPU-time limit of 1 s the run
// is a TIMEOUT; a child left behind out of the process group (setsid) is
// killed when the run ends; two runs at once run on disjoint cores.
func TestRunMeasuresTree(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("control groups are Linux's")
	}
	if _, err := cgroup.Detect(); err != nil {
		if os.Getenv("NQUEENS_REQUIRE_CGROUPS") == "1" {
			t.Fatalf("%v, and NQUEENS_REQUIRE_CGROUPS=1", err)
		}
		t.Skip(err)
	}
	t.Setenv(beCLI, "1")
	t.Setenv("ME", os.Args[0])
	dir := t.TempDir()
	s := filepath.Join(dir, "s")
	if code, _, errs := runCLI(t, "", "gen", "classic", "--from", "4", "--to", "4", "--formats", "dimacs", "--out", s, "-q"); code != 0 {
		t.Fatalf("gen: %s", errs)
	}
	answer := `echo "s UNKNOWN"`
	two := fakeSolver(t, dir, "two.sh", allocEnv+`=150 "$ME" & `+allocEnv+`=150 "$ME" & wait; `+answer)
	// A fixed amount of work, not of wall time (the machine may be
	// loaded): a few tenths of a second of CPU.
	burner := `i=0; while [ $i -lt 300000 ]; do i=$((i+1)); done`
	burn := fakeSolver(t, dir, "burn.sh", `sh -c '`+burner+`' & wait; `+answer)
	spin := fakeSolver(t, dir, "spin.sh", `sh -c 'while :; do :; done' & sh -c 'while :; do :; done' & wait`)
	pidFile := filepath.Join(dir, "daemon.pid")
	daemon := fakeSolver(t, dir, "daemon.sh", `setsid sleep 1000 </dev/null >/dev/null 2>&1 & echo $! >`+pidFile+`; `+answer)
	runOne := func(solver string, extra ...string) lab.Record {
		t.Helper()
		results := filepath.Join(dir, filepath.Base(solver)+strings.Join(extra, "")+".jsonl")
		args := append([]string{"run", s, "--solvers", solver, "--results", results, "--timeout", "20s", "--measure", "cgroup", "-q"}, extra...)
		if code, _, errs := runCLI(t, "", args...); code != 0 {
			t.Fatalf("run %v: %d %s", args, code, errs)
		}
		recs := readRecords(t, results)
		if len(recs) != 1 || !strings.HasPrefix(recs[0].Measured, "cgroup v") {
			t.Fatalf("%v: %+v", args, recs)
		}
		return recs[0]
	}
	r := runOne(two)
	gnuTime, err := exec.LookPath("/usr/bin/time")
	if err == nil {
		cmd := exec.Command(gnuTime, "-f", "%M", os.Args[0])
		cmd.Env = append(os.Environ(), allocEnv+"=150")
		out, err := cmd.CombinedOutput()
		lines := strings.Split(strings.TrimSpace(string(out)), "\n")
		one, perr := strconv.ParseInt(lines[len(lines)-1], 10, 64)
		if err != nil || perr != nil {
			t.Fatalf("GNU time: %v %q", err, out)
		}
		t.Logf("two children of 150 MB: %d KB; GNU time of one: %d KB", r.PeakKB, one)
		if d := float64(r.PeakKB-2*one) / float64(2*one); d < -0.1 || d > 0.1 {
			t.Errorf("peak %d KB, twice GNU time's %d KB", r.PeakKB, one)
		}
	}
	if r.PeakKB < 300<<10 || r.Status != lab.Unknown {
		t.Errorf("two children of 150 MB: %s, %d KB", r.Status, r.PeakKB)
	}
	if r := runOne(two, "--memory", "256M"); r.Status != lab.Memout {
		t.Errorf("two children of 150 MB under 256M: %s (%s), %d KB", r.Status, r.Detail, r.PeakKB)
	}
	alone := exec.Command("/bin/sh", "-c", burner)
	if err := alone.Run(); err != nil {
		t.Fatal(err)
	}
	own := (alone.ProcessState.UserTime() + alone.ProcessState.SystemTime()).Seconds()
	if r := runOne(burn); r.CPU < 0.8*own {
		t.Errorf("a child burning %g s of CPU: the run's CPU %g s", own, r.CPU)
	}
	if r := runOne(spin, "--cpu", "1s"); r.Status != lab.Timeout || r.Wall > 5 {
		t.Errorf("two children spinning past 1 s of CPU: %s after %g s (%g s of CPU)", r.Status, r.Wall, r.CPU)
	}
	runOne(daemon)
	raw, err := os.ReadFile(pidFile)
	if err != nil {
		t.Fatal(err)
	}
	pid, _ := strconv.Atoi(strings.TrimSpace(string(raw)))
	if err := syscall.Kill(pid, 0); err == nil && !exitedProcess(pid) {
		syscall.Kill(pid, syscall.SIGKILL)
		t.Errorf("a child that left the process group outlives its run")
	}
	// Two runs at once, each on its own core.
	if runtime.NumCPU() >= 2 {
		results := filepath.Join(dir, "pinned.jsonl")
		s2 := filepath.Join(dir, "s2")
		runCLI(t, "", "gen", "classic", "--from", "4", "--to", "7", "--formats", "dimacs", "--out", s2, "-q")
		if code, _, errs := runCLI(t, "", "run", s2, "--solvers", "gini", "--results", results, "-j", "2", "--measure", "cgroup", "-q"); code != 0 {
			t.Fatalf("run -j 2: %s", errs)
		}
		cores := map[string]bool{}
		for _, r := range readRecords(t, results) {
			cores[r.Cores] = true
		}
		if len(cores) != 2 || cores[""] {
			t.Errorf("two runs at once on cores %v, want two disjoint sets", cores)
		}
	}
}

// exitedProcess says whether the process has ended (a zombie not yet
// reaped).
func exitedProcess(pid int) bool {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return true
	}
	_, rest, _ := strings.Cut(string(b), ") ")
	return strings.HasPrefix(rest, "Z")
}

// TestShuffledSuite: a suite of scrambled files (gen --shuffle) through
// the whole chain: gen --verify holds every file to its row and seed, run
// checks a real solver's models through the seeds (every answer right),
// verify --instance maps cadical's model back to the board, and a model of
// the plain file is WRONG, naming the clause it breaks; a file whose
// recorded seed is not its bytes' is found; a seed that is not a number
// is refused.
func TestShuffledSuite(t *testing.T) {
	t.Setenv(beCLI, "1")
	dir := t.TempDir()
	s := filepath.Join(dir, "s")
	if code, _, errs := runCLI(t, "", "gen", "completion", "--n", "10", "--m", "3", "--count", "6", "--formats", "dimacs,xcc", "--amo", "pairwise,sequential", "--shuffle", "7", "--out", s, "-q"); code != 0 {
		t.Fatalf("gen: %d %s", code, errs)
	}
	m, _, err := suite.ReadManifest(s)
	if err != nil {
		t.Fatal(err)
	}
	seeds := map[uint64]bool{}
	for _, r := range m.Files {
		if (r.Shuffle != 0) != (r.Format == encode.DIMACS) {
			t.Errorf("%s: shuffle %d", r.File, r.Shuffle)
		}
		seeds[r.Shuffle] = true
	}
	if len(seeds) != 6*2+1 {
		t.Errorf("%d seeds for 12 DIMACS files (and none for XCC)", len(seeds)-1)
	}
	if code, out, errs := runCLI(t, "", "gen", "--verify", s); code != 0 {
		t.Fatalf("gen --verify: %d %q %q", code, out, errs)
	}
	solvers := "gini,dlx"
	if _, err := exec.LookPath("cadical"); err == nil {
		solvers += ",cadical"
	} else if os.Getenv("NQUEENS_REQUIRE_SOLVERS") != "" {
		t.Fatal("cadical is not installed")
	}
	if code, _, errs := runCLI(t, "", "run", s, "--solvers", solvers, "-q"); code != 0 {
		t.Fatalf("run: %d %s", code, errs)
	}
	for _, r := range readRecords(t, filepath.Join(s, "results.jsonl")) {
		if !r.Solved() || r.Status == lab.Sat && !r.Verified {
			t.Errorf("%s on %s: %s %s", r.Solver, r.File, r.Status, r.Detail)
		}
	}
	// A SAT file by hand: cadical's model maps back; the plain file's
	// model is WRONG.
	var satFile string
	for _, r := range m.Files {
		if r.Format == encode.DIMACS && r.Expected == suite.Satisfiable && r.Encoding == "pairwise" {
			satFile = filepath.Join(s, r.File)
			break
		}
	}
	data, _ := os.ReadFile(satFile)
	_, answer, _ := runCLI(t, string(data), "sat")
	if code, out, _ := runCLI(t, answer, "verify", "--instance", satFile); code != 0 || !strings.HasPrefix(out, "valid: SAT;") {
		t.Errorf("a model of the scrambled file: %d %q", code, out)
	}
	line := string(data)[strings.Index(string(data), "c command: ")+len("c command: "):]
	words := cmdline.Split(line[:strings.IndexByte(line, '\n')])
	var plainArgs []string
	for i := 1; i < len(words); i++ {
		if words[i] == "--shuffle" {
			i++
			continue
		}
		plainArgs = append(plainArgs, words[i])
	}
	code, plain, errs := runCLI(t, "", plainArgs...)
	if code != 0 {
		t.Fatalf("%v: %s", plainArgs, errs)
	}
	_, plainAnswer, _ := runCLI(t, plain, "sat")
	if code, out, _ := runCLI(t, plainAnswer, "verify", "--instance", satFile); code != 1 || !strings.HasPrefix(out, "WRONG: the model falsifies clause ") {
		t.Errorf("a model of the plain file given for the scrambled one: %d %q", code, out)
	}
	// The recorded seed is not the bytes'.
	forged := strings.Replace(string(data), "c shuffled with seed ", "c shuffled with seed 1", 1)
	os.WriteFile(satFile, []byte(forged), 0o644)
	if code, out, _ := runCLI(t, "", "gen", "--verify", s); code == 0 || !strings.Contains(out, "changed") && !strings.Contains(out, "not the encoding") {
		t.Errorf("a scrambled file with another seed recorded: %d %q", code, out)
	}
	if code, _, errs := runCLI(t, "", "encode", "8", "--shuffle", "abc"); code != 2 || strings.Count(errs, "\n") != 1 {
		t.Errorf("--shuffle abc: %d %q", code, errs)
	}
}
