package main

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestVerifyOutside: verify --instance on answers that lie, break the
// format, or answer a file that was changed; on a CNF of another origin;
// and its flags.
func TestVerifyOutside(t *testing.T) {
	dir := t.TempDir()
	sat, unsat := filepath.Join(dir, "sat.cnf"), filepath.Join(dir, "unsat.cnf")
	// N = 6 with a queen at 1:2 has one solution (2 4 6 1 3 5); at 1:1 none.
	for _, c := range [][]string{{"encode", "6", "--fix", "1:2", "--amo", "sequential+sums", "-o", sat}, {"encode", "6", "--fix", "1:1", "-o", unsat}} {
		if code, _, errs := runCLI(t, "", c...); code != 0 {
			t.Fatalf("%v: %s", c, errs)
		}
	}
	model := func(queens []int, vars int) string {
		var b strings.Builder
		b.WriteString("s SATISFIABLE\nv")
		on := map[int]bool{}
		for r, c := range queens {
			on[r*6+c+1] = true
		}
		for v := 1; v <= vars; v++ {
			if on[v] {
				b.WriteString(" " + itoa(v))
			} else {
				b.WriteString(" -" + itoa(v))
			}
		}
		b.WriteString(" 0\n")
		return b.String()
	}
	right := []int{1, 3, 5, 0, 2, 4}
	vars := 36 // the pairwise encoding has no auxiliary variables
	for _, c := range []struct {
		name, file, answer string
		args               []string
		code               int
		out, err           string
	}{
		{"a right UNSAT", unsat, "s UNSATISFIABLE\n", nil, 0, "valid: UNSAT; the instance (N = 6, completion problem) has no solution, confirmed by ", ""},
		{"a model of the wrong queens", unsat, model(right, vars), nil, 1, "WRONG: the model falsifies clause 1 (1)", ""},
		{"UNSAT of a SAT instance", sat, "s UNSATISFIABLE\n", nil, 1, "WRONG: it says UNSAT, but constraint propagation (cp) found one, verified", ""},
		{"UNKNOWN", unsat, "c out of time\ns UNKNOWN\n", nil, 1, "unverified: the solver gave no answer (UNKNOWN)", ""},
		{"garbage", unsat, "s UNSATISFIABLE\nhello\n", nil, 2, "", "nqueens: standard input: solver output line 2: unexpected output \"hello\"\n"},
		{"two statuses", unsat, "s UNSATISFIABLE\ns SATISFIABLE\n", nil, 2, "", "2 status lines, want 1"},
		{"a short model", unsat, "s SATISFIABLE\nv 1 -2 0\n", nil, 2, "", "model ends after 2 of 36 variables"},
		{"minisat's result", unsat, "UNSAT\n", nil, 0, "valid: UNSAT;", ""},
		{"a proof that is not one", unsat, "s UNSATISFIABLE\n", []string{"--proof", sat}, 2, "", "nqueens: --proof " + sat + ": drat: proof line "},
		{"a proof of an XCC file", filepath.Join(dir, "x.dlx"), "", []string{"--proof", sat}, 2, "", "--proof is a DRAT proof of a DIMACS file, not of a xcc file"},
		{"no format", filepath.Join(dir, "x.txt"), "", nil, 2, "", "the extension names no format: give --format"},
		{"a problem flag", unsat, "", []string{"--fix", "1:1"}, 2, "", "the problem is the instance's own"},
		{"no such instance", filepath.Join(dir, "none.cnf"), "", nil, 2, "", "cannot read " + filepath.Join(dir, "none.cnf") + ": no such file or directory"},
	} {
		t.Run(c.name, func(t *testing.T) {
			code, out, errs := runCLI(t, c.answer, append([]string{"verify", "--instance", c.file}, c.args...)...)
			if code != c.code || !strings.HasPrefix(out, c.out) || c.out == "" && out != "" || !strings.Contains(errs, c.err) || code == 2 && strings.Count(errs, "\n") != 1 {
				t.Errorf("exit %d %q %q", code, out, errs)
			}
		})
	}
	// A right SAT answer, written as a solution file and as JSON.
	data, _ := os.ReadFile(sat)
	satVars := 0
	for _, l := range strings.Split(string(data), "\n") {
		if f := strings.Fields(l); len(f) == 4 && f[0] == "p" {
			satVars = atoi(t, f[2])
		}
	}
	sol := filepath.Join(dir, "sol.txt")
	code, out, errs := runCLI(t, fullModel(t, sat, right, satVars), "verify", "--instance", sat, "-o", sol, "--json")
	var j outsideJSON
	if code != 0 || json.Unmarshal([]byte(out), &j) != nil || j.Verdict != "valid" || j.Status != "SAT" || !j.Verified || !j.Same || j.N != 6 || len(j.Solution) != 6 {
		t.Errorf("--json: %d %q %q", code, out, errs)
	}
	if code, out, _ := runCLI(t, "", "verify", "6", "--fix", "1:2", sol); code != 0 || out != "valid\n" {
		t.Errorf("the solution file: %d %q", code, out)
	}
	// A file whose clauses were changed: its SAT answer still checked
	// against the clauses and the header's problem, with a note; its UNSAT
	// answer unverified without a proof.
	changed := filepath.Join(dir, "changed.cnf")
	edited := strings.Replace(string(data), "\n-1 37 0\n", "\n-1 -2 37 0\n", 1)
	if edited == string(data) {
		t.Fatal("no clause -1 37 to change")
	}
	os.WriteFile(changed, []byte(edited), 0o644)
	code, out, _ = runCLI(t, fullModel(t, changed, right, satVars), "verify", "--instance", changed)
	if code != 0 || !strings.Contains(out, "the file is not the encoding of its header's problem") {
		t.Errorf("a changed file, SAT: %d %q", code, out)
	}
	code, out, _ = runCLI(t, "s UNSATISFIABLE\n", "verify", "--instance", changed)
	if code != 1 || !strings.HasPrefix(out, "unverified: UNSAT; the file is not the encoding of its header's problem") {
		t.Errorf("a changed file, UNSAT: %d %q", code, out)
	}
	// A CNF of another origin: its model checked against its clauses.
	other := filepath.Join(dir, "php.cnf")
	os.WriteFile(other, []byte("p cnf 2 2\n1 2 0\n-1 0\n"), 0o644)
	if code, out, _ := runCLI(t, "s SATISFIABLE\nv -1 2 0\n", "verify", "--instance", other); code != 0 || out != "valid: SAT; the model satisfies all 2 clauses (no header of nqueens: the queens are not decoded)\n" {
		t.Errorf("another CNF, SAT: %d %q", code, out)
	}
	if code, out, _ := runCLI(t, "s SATISFIABLE\nv 1 2 0\n", "verify", "--instance", other); code != 1 || out != "WRONG: the model falsifies clause 2 (-1)\n" {
		t.Errorf("another CNF, a wrong model: %d %q", code, out)
	}
	if code, out, _ := runCLI(t, "s UNSATISFIABLE\n", "verify", "--instance", other); code != 1 || !strings.HasPrefix(out, "unverified: UNSAT; a CNF of unknown origin") {
		t.Errorf("another CNF, UNSAT: %d %q", code, out)
	}
	// A FIFO as the instance is refused at once, not waited on.
	fifo := filepath.Join(dir, "fifo.cnf")
	if err := syscall.Mkfifo(fifo, 0o644); err == nil {
		done := make(chan int)
		go func() { code, _, _ := runCLI(t, "", "verify", "--instance", fifo); done <- code }()
		select {
		case code := <-done:
			if code != 2 {
				t.Errorf("a FIFO instance: exit %d", code)
			}
		case <-time.After(5 * time.Second):
			t.Fatal("verify --instance FIFO waits for a writer")
		}
	}
	// A real UNSAT proof of cadical's, checked.
	if _, err := exec.LookPath("cadical"); err == nil {
		proof := filepath.Join(dir, "proof.drat")
		out, _ := exec.Command("cadical", "-q", unsat, proof).Output()
		if code, got, errs := runCLI(t, string(out), "verify", "--instance", unsat, "--proof", proof); code != 0 || !strings.Contains(got, "confirmed by the DRAT proof given, checked: ") {
			t.Errorf("cadical's proof: %d %q %q", code, got, errs)
		}
		// The header of N = 6 over the clauses of N = 6 with a queen at
		// 1:1: the proof refutes the file, not the board, which has
		// solutions (OEIS): WRONG.
		classic := filepath.Join(dir, "classic.cnf")
		runCLI(t, "", "encode", "6", "-o", classic)
		head, _ := os.ReadFile(classic)
		body, _ := os.ReadFile(unsat)
		forged := filepath.Join(dir, "forged.cnf")
		os.WriteFile(forged, append(head[:len(head)-len(bodyOf(head))], bodyOf(body)...), 0o644)
		fout, _ := exec.Command("cadical", "-q", forged, proof).Output()
		code, got, _ := runCLI(t, string(fout), "verify", "--instance", forged, "--proof", proof, "--json")
		if code != 1 || json.Unmarshal([]byte(got), &j) != nil || j.Verdict != "WRONG" || j.Same || !strings.Contains(j.Detail, "N = 6 has solutions") {
			t.Errorf("a proof of a forged file: %d %q", code, got)
		}
		// The header of a completion problem with one solution over the
		// clauses of one with none: valid of the file's clauses only.
		forged2 := filepath.Join(dir, "forged2.cnf")
		os.WriteFile(forged2, append(data[:len(data)-len(bodyOf(data))], bodyOf(body)...), 0o644)
		fout, _ = exec.Command("cadical", "-q", forged2, proof).Output()
		code, got, _ = runCLI(t, string(fout), "verify", "--instance", forged2, "--proof", proof, "--json")
		if code != 0 || json.Unmarshal([]byte(got), &j) != nil || j.Verdict != "valid" || !j.FileOnly || j.Same {
			t.Errorf("a proof of an edited file: %d %q", code, got)
		}
		code, got, _ = runCLI(t, string(fout), "verify", "--instance", forged2, "--proof", proof)
		if code != 0 || !strings.HasPrefix(got, "valid: UNSAT of the file's clauses, confirmed by the DRAT proof given") || !strings.Contains(got, "says nothing of the header's problem") {
			t.Errorf("a proof of an edited file: %d %q", code, got)
		}
	}
	// A compressed instance keeps its header: a lying UNSAT is WRONG.
	classic := filepath.Join(dir, "c6.cnf")
	runCLI(t, "", "encode", "6", "-o", classic)
	raw, _ := os.ReadFile(classic)
	var z bytes.Buffer
	zw := gzip.NewWriter(&z)
	zw.Write(raw)
	zw.Close()
	os.WriteFile(classic+".gz", z.Bytes(), 0o644)
	if code, got, _ := runCLI(t, "s UNSATISFIABLE\n", "verify", "--instance", classic+".gz"); code != 1 || !strings.HasPrefix(got, "WRONG: it says UNSAT, but N = 6 has solutions") {
		t.Errorf("a compressed instance: %d %q", code, got)
	}
}

// bodyOf is a DIMACS file from its first line that is not a comment on.
func bodyOf(data []byte) []byte {
	for bytes.HasPrefix(data, []byte("c")) {
		i := bytes.IndexByte(data, '\n')
		data = data[i+1:]
	}
	return data
}

// fullModel is the model of the CNF file path (vars variables) with the
// queens q, its auxiliary variables found by gini under those queens.
func fullModel(t *testing.T, path string, q []int, vars int) string {
	t.Helper()
	// The queens as unit clauses: the encoding's model is the one of q.
	data, _ := os.ReadFile(path)
	var units strings.Builder
	for r, c := range q {
		units.WriteString(itoa(r*len(q)+c+1) + " 0\n")
	}
	lines := strings.SplitN(string(data), "\n", -1)
	var b strings.Builder
	added := 0
	for _, l := range lines {
		if f := strings.Fields(l); len(f) == 4 && f[0] == "p" {
			l = "p cnf " + f[2] + " " + itoa(atoi(t, f[3])+len(q))
			added = len(q)
		}
		b.WriteString(l + "\n")
	}
	if added == 0 {
		t.Fatal("no p line")
	}
	b.WriteString(units.String())
	fixed := filepath.Join(t.TempDir(), "fixed.cnf")
	os.WriteFile(fixed, []byte(b.String()), 0o644)
	code, out, errs := runCLI(t, "", "sat", fixed)
	if code != 10 {
		t.Fatalf("sat %s: %d %q %q", fixed, code, out, errs)
	}
	return out
}

func itoa(v int) string { return strconv.Itoa(v) }

func atoi(t *testing.T, s string) int {
	t.Helper()
	v, err := strconv.Atoi(s)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// TestInputWithinTimeout: sat's --timeout counts from the start, its
// input's reading too: a FIFO without a writer, and a standard input that
// gives nothing, end with the time given (s UNKNOWN, exit 1), not after.
func TestInputWithinTimeout(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "in.cnf")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("no FIFO here:", err)
	}
	pr, pw, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer pw.Close()
	defer pr.Close()
	for _, c := range []struct {
		name  string
		args  []string
		stdin *os.File
	}{
		{"a FIFO without a writer", []string{"sat", fifo, "--timeout", "200ms"}, nil},
		{"a pipe that gives nothing", []string{"sat", "--timeout", "200ms"}, pr},
	} {
		t.Run(c.name, func(t *testing.T) {
			type ended struct {
				code     int
				out, err string
			}
			done := make(chan ended, 1)
			go func() {
				var out, errb bytes.Buffer
				var in io.Reader = strings.NewReader("")
				if c.stdin != nil {
					in = c.stdin
				}
				code := run(c.args, in, &out, &errb)
				done <- ended{code, out.String(), errb.String()}
			}()
			select {
			case got := <-done:
				if got.code != 1 || got.out != "s UNKNOWN\n" || !strings.Contains(got.err, "no answer within 200ms") {
					t.Errorf("exit %d %q %q", got.code, got.out, got.err)
				}
			case <-time.After(5 * time.Second):
				t.Fatal("still waiting 5 s after a timeout of 200 ms")
			}
		})
	}
}
