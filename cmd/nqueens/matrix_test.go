package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/queenslab/nqueens/encode"
	"github.com/queenslab/nqueens/lab"
	"github.com/queenslab/nqueens/solvers/sat"
	"github.com/queenslab/nqueens/suite"
)

var matrixLarge = flag.Bool("matrix-large", false, "TestLabMatrix: larger boards and more instances of every family (minutes)")

// matrixFamily is one family of the matrix, as gen takes it.
type matrixFamily struct {
	name string
	args []string
}

// matrixFamilies are the families of gen at sizes that give both answers
// (and instances that the linear relaxation refutes, and ones it does
// not), small enough to run everything in seconds; with -matrix-large,
// larger boards and more instances.
func matrixFamilies() []matrixFamily {
	if *matrixLarge {
		return []matrixFamily{
			{"classic", []string{"classic", "--from", "1", "--to", "12"}},
			{"completion", []string{"completion", "--n", "14", "--hard", "--count", "8"}},
			{"blocked", []string{"blocked", "--n", "12", "--m", "40", "--count", "8"}},
			{"unsat", []string{"unsat", "--n", "12", "--m", "4", "--count", "4"}},
			{"diagonals-prefixes", []string{"diagonals", "--n", "12", "--count", "1"}},
			{"diagonals-hard", []string{"diagonals", "--n", "16", "--hard", "--count", "6"}},
		}
	}
	return []matrixFamily{
		{"classic", []string{"classic", "--from", "2", "--to", "6"}},
		{"completion", []string{"completion", "--n", "8", "--m", "3", "--count", "3"}},
		{"blocked", []string{"blocked", "--n", "6", "--m", "8", "--count", "3"}},
		{"unsat", []string{"unsat", "--n", "7", "--m", "2", "--count", "2"}},
		// Every prefix of a list: SAT, and UNSAT refuted by the relaxation.
		{"diagonals-prefixes", []string{"diagonals", "--n", "8", "--count", "1"}},
		// UNSAT that the relaxation does not refute: cp searches.
		{"diagonals-searched", []string{"diagonals", "--n", "10", "--m", "6", "--count", "2", "--seed", "3"}},
	}
}

// matrixSolvers are every solver of nqueens run that is here: the
// toolkit's own, and the installed external ones (CI installs them all).
func matrixSolvers(t *testing.T) []string {
	solvers := []string{"gini", "gophersat", "dlx", "cp", "backtrack"}
	for _, s := range append(slices.Clone(sat.ExternalNames), "minizinc") {
		if _, err := exec.LookPath(s); err == nil {
			solvers = append(solvers, s)
		} else if s != "kissat" && os.Getenv("NQUEENS_REQUIRE_SOLVERS") != "" {
			t.Fatalf("%s is not installed", s)
		}
	}
	return solvers
}

// TestLabMatrix runs the chain gen -> gen --verify -> run -> report on
// every family, in every format and every at-most-one encoding (with and
// without the diagonal sums), with every solver that reads each format:
// every suite verifies, every run's status is the manifest's answer (no
// CRASH, UNKNOWN or WRONG for a right answer), every SAT answer is
// verified, and every report of the runs is written.
func TestLabMatrix(t *testing.T) {
	if testing.Short() {
		t.Skip("the whole matrix: not with -short")
	}
	t.Setenv(beCLI, "1")
	var amos []string
	for _, a := range encode.AMONames {
		amos = append(amos, a, a+encode.SumsSuffix)
	}
	solvers := matrixSolvers(t)
	seen := map[lab.Status]int{}
	refuted := 0
	for _, fam := range matrixFamilies() {
		t.Run(fam.name, func(t *testing.T) {
			dir := t.TempDir()
			s := filepath.Join(dir, "suite")
			var formats []string
			for _, f := range encode.Formats() {
				if f != encode.Param || fam.args[0] == "diagonals" {
					formats = append(formats, string(f))
				}
			}
			gen := append(slices.Clone(fam.args), "--formats", strings.Join(formats, ","), "--amo", strings.Join(amos, ","), "--out", s, "-q")
			if code, out, errs := runCLI(t, "", append([]string{"gen"}, gen...)...); code != 0 {
				t.Fatalf("gen %v: %d %s %s", gen, code, out, errs)
			}
			if code, out, errs := runCLI(t, "", "gen", "--verify", s, "-q"); code != 0 || !strings.HasSuffix(out, "hashes and expected answers verified\n") {
				t.Fatalf("gen --verify: %d %s %s", code, out, errs)
			}
			man, _, err := suite.ReadManifest(s)
			if err != nil {
				t.Fatal(err)
			}
			// The solvers that read a format of this suite, and the runs
			// each file gets.
			runners, err := runners(t.Context(), solvers, os.Args[0])
			if err != nil {
				t.Fatal(err)
			}
			var names []string
			want := 0
			for _, r := range runners {
				n := 0
				for _, row := range man.Files {
					if row.Format == r.Reads() {
						n++
					}
				}
				if n > 0 && !slices.Contains(names, r.Name()) {
					names = append(names, r.Name())
				}
				want += n
			}
			results := filepath.Join(dir, "results.jsonl")
			code, out, errs := runCLI(t, "", "run", s, "--solvers", strings.Join(names, ","), "--results", results, "-j", "2", "--timeout", "60s", "--csv", "-q")
			if code != 0 {
				t.Fatalf("run: %d %s %s", code, out, errs)
			}
			recs := readRecords(t, results)
			if len(recs) != want {
				t.Errorf("%d runs, want %d", len(recs), want)
			}
			for _, r := range recs {
				seen[r.Status]++
				if string(r.Status) != string(r.Expected) || r.Verified != (r.Status == lab.Sat) {
					t.Errorf("%s on %s: %s (%s), the manifest %s, verified %v", r.Solver, r.File, r.Status, r.Detail, r.Expected, r.Verified)
				}
			}
			for _, row := range man.Files {
				if row.Refutation != "" && row.Format == encode.Param {
					refuted++
				}
			}
			// Every answer again, given from outside the lab: the solvers'
			// own output, read back by verify --instance.
			verifyOutside(t, s, man)
			// Every report of the runs.
			page, runsCSV := filepath.Join(dir, "report.html"), filepath.Join(dir, "runs.csv")
			if code, out, errs := runCLI(t, "", "report", results, "-o", page, "--runs", runsCSV); code != 0 {
				t.Fatalf("report -o: %d %s %s", code, out, errs)
			}
			html, _ := os.ReadFile(page)
			for _, name := range names {
				if !strings.Contains(string(html), name) {
					t.Errorf("the report page names no %s", name)
				}
			}
			for _, format := range []string{"--markdown", "--csv", "--json"} {
				code, out, errs := runCLI(t, "", "report", results, format)
				if code != 0 || out == "" {
					t.Errorf("report %s: %d %s", format, code, errs)
				}
				if format == "--json" {
					dec := json.NewDecoder(strings.NewReader(out))
					for dec.More() {
						var v any
						if err := dec.Decode(&v); err != nil {
							t.Errorf("report --json: %v", err)
							break
						}
					}
				}
			}
		})
	}
	// The matrix held both answers, and refutations as well as searches.
	if seen[lab.Sat] == 0 || seen[lab.Unsat] == 0 || refuted == 0 {
		t.Errorf("the matrix ran %v, %d refuted instances: both answers and a refutation are needed", seen, refuted)
	}
	t.Log(fmt.Sprintf("runs by status: %v", seen))
}

// verifyOutside solves every file of the suite in dir that verify
// --instance reads with a solver run here by hand (cadical, with and
// without its DRAT proof, and minisat's result file on DIMACS; nqueens
// xcc on XCC; clasp on OPB; minizinc on the MiniZinc files) and checks
// that verify --instance finds the answer valid, as the manifest says.
func verifyOutside(t *testing.T, dir string, man suite.Manifest) {
	t.Helper()
	tmp := t.TempDir()
	solve := func(name string, args ...string) []byte {
		if _, err := exec.LookPath(name); err != nil {
			return nil
		}
		out, err := exec.Command(name, args...).Output()
		var ee *exec.ExitError
		if err != nil && !errors.As(err, &ee) {
			t.Fatalf("%s %v: %v", name, args, err)
		}
		return out
	}
	verify := func(row suite.Row, answer []byte, extra ...string) {
		t.Helper()
		args := append([]string{"verify", "--instance", filepath.Join(dir, row.File)}, extra...)
		code, out, errs := runCLI(t, string(answer), args...)
		if code != 0 || !strings.HasPrefix(out, "valid: "+string(row.Expected)+";") {
			t.Errorf("verify %v: %d %q %q (answer %q)", args[1:], code, out, errs, textClip(answer))
		}
	}
	checked := 0
	for _, row := range man.Files {
		path := filepath.Join(dir, row.File)
		switch row.Format {
		case encode.DIMACS:
			proof := filepath.Join(tmp, "proof.drat")
			if out := solve("cadical", "-q", path, proof); out != nil {
				verify(row, out)
				if row.Expected == suite.Unsatisfiable {
					verify(row, out, "--proof", proof)
				}
				checked++
			}
			if row.Encoding == "pairwise" {
				result := filepath.Join(tmp, "result.txt")
				if solve("minisat", "-verb=0", path, result) != nil {
					answer, _ := os.ReadFile(result)
					verify(row, answer)
				}
			}
		case encode.XCC:
			code, out, errs := runCLI(t, "", "xcc", path, "-q")
			if code > 1 {
				t.Fatalf("xcc %s: %d %s", row.File, code, errs)
			}
			verify(row, []byte(out))
			checked++
		case encode.OPB:
			if out := solve("clasp", path); out != nil {
				verify(row, out)
				checked++
			}
		case encode.MiniZincInline, encode.MiniZincData:
			args := []string{"--solver", "gecode", path}
			if row.Format == encode.MiniZincData {
				args = []string{"--solver", "gecode", strings.TrimSuffix(path, ".dzn") + ".mzn", path}
			}
			if out := solve("minizinc", args...); out != nil {
				verify(row, out)
				checked++
			}
		}
	}
	if checked == 0 {
		t.Error("no answer was verified from outside")
	}
}

// textClip is the start of an answer, for a message.
func textClip(b []byte) string {
	if len(b) > 200 {
		return string(b[:200]) + "..."
	}
	return string(b)
}
