package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image/gif"
	"image/png"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/queenslab/nqueens"
	"github.com/queenslab/nqueens/cluster"
	"github.com/queenslab/nqueens/cnf"
	"github.com/queenslab/nqueens/confirm"
	"github.com/queenslab/nqueens/encode"
	"github.com/queenslab/nqueens/internal/cmdline"
	"github.com/queenslab/nqueens/internal/memlimit"
	"github.com/queenslab/nqueens/internal/panics"
	"github.com/queenslab/nqueens/lab"
	"github.com/queenslab/nqueens/model"
	"github.com/queenslab/nqueens/native/counting"
	"github.com/queenslab/nqueens/solvers/sat"
	"github.com/spf13/cobra"
)

// runCLI runs the command in-process and returns its exit status and output.
func runCLI(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(args, strings.NewReader(stdin), &out, &errb)
	return code, out.String(), errb.String()
}

func TestSolveMethods(t *testing.T) {
	for _, m := range []string{"localsearch", "construct", "backtrack"} {
		for _, n := range []string{"1", "4", "8", "30"} {
			code, out, errs := runCLI(t, "", "solve", n, "--method", m, "--seed", "7")
			want := regexp.MustCompile(`^N = ` + n + `: solution found in \d+\.\d{3} s, verified, method ` + m)
			if code != 0 || !want.MatchString(out) || errs != "" {
				t.Errorf("solve %s -m %s: %d %q %q", n, m, code, out, errs)
			}
		}
	}
	_, out, _ := runCLI(t, "", "solve", "100", "--seed", "42")
	if !strings.HasSuffix(strings.TrimSpace(out), "method localsearch, seed 42") {
		t.Errorf("seed not printed: %q", out)
	}
	_, out, _ = runCLI(t, "", "solve", "8", "-m", "backtrack")
	if !strings.Contains(out, ", 114 nodes") {
		t.Errorf("backtrack nodes: %q", out)
	}
}

func TestSolveJSONAndBoard(t *testing.T) {
	code, out, _ := runCLI(t, "", "solve", "8", "-m", "backtrack", "--json")
	var j solveJSON
	if code != 0 || json.Unmarshal([]byte(out), &j) != nil {
		t.Fatalf("%d %q", code, out)
	}
	if j.N != 8 || !j.Verified || len(j.Solution) != 8 || j.Solution[0] != 0 || j.Solution[1] != 4 {
		t.Errorf("JSON %+v", j)
	}
	code, out, _ = runCLI(t, "", "solve", "6", "-m", "backtrack", "--board")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 0 || len(lines) != 7 || lines[1] != "-*----" || lines[4] != "*-----" {
		t.Errorf("board:\n%s", out)
	}
}

func TestSolveOutputFileAndVerify(t *testing.T) {
	dir := t.TempDir()
	for _, n := range []string{"8", "20", "21", "5000"} {
		path := filepath.Join(dir, "sol-"+n+".txt")
		if code, _, errs := runCLI(t, "", "solve", n, "-o", path); code != 0 {
			t.Fatalf("solve %s: %s", n, errs)
		}
		code, out, _ := runCLI(t, "", "verify", n, path)
		if code != 0 || out != "valid\n" {
			t.Errorf("verify %s: %d %q", n, code, out)
		}
		raw, _ := os.ReadFile(path)
		if code, out, _ := runCLI(t, string(raw), "verify", n, "-"); code != 0 || out != "valid\n" {
			t.Errorf("verify %s from stdin: %d %q", n, code, out)
		}
		if code, out, _ := runCLI(t, string(raw), "verify", n); code != 0 || out != "valid\n" {
			t.Errorf("verify %s from stdin: %d %q", n, code, out)
		}
	}
	// No temporary files left behind.
	ents, _ := os.ReadDir(dir)
	if len(ents) != 4 {
		t.Errorf("%d files in the output folder", len(ents))
	}
}

func TestVerifyLocalSearchFile(t *testing.T) {
	code, out, _ := runCLI(t, "", "verify", "8", filepath.Join("..", "..", "model", "testdata", "localsearch-n8.txt"))
	if code != 0 || out != "valid\n" {
		t.Errorf("%d %q", code, out)
	}
}

// TestVerifyFileWrittenByCProgram builds the C program of Sosič and Gu's
// local search (testdata/sosic-gu-localsearch.c), lets it write solutions
// and verifies them.
func TestVerifyFileWrittenByCProgram(t *testing.T) {
	if _, err := exec.LookPath("cc"); err != nil {
		t.Skip("SKIP: no C compiler")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "localsearch")
	if out, err := exec.Command("cc", "-O2", "-o", bin, filepath.Join("testdata", "sosic-gu-localsearch.c")).CombinedOutput(); err != nil {
		t.Fatalf("building the C program: %v\n%s", err, out)
	}
	for _, n := range []string{"8", "20", "1000"} {
		file := filepath.Join(dir, "seed-"+n+".txt")
		if out, err := exec.Command(bin, n, file).CombinedOutput(); err != nil {
			t.Fatalf("C program: %v %s", err, out)
		}
		if code, out, errs := runCLI(t, "", "verify", n, file); code != 0 || out != "valid\n" {
			t.Errorf("verify %s of the seed program's file: %d %q %q", n, code, out, errs)
		}
		// Its file, with the queen of row 2 moved to row 1's column, is
		// invalid, and says why.
		raw, _ := os.ReadFile(file)
		q, err := model.ReadSolution(bytes.NewReader(raw), 0)
		if err != nil {
			t.Fatal(err)
		}
		q[1] = q[0]
		var b bytes.Buffer
		model.WriteSolution(&b, q)
		code, out, _ := runCLI(t, b.String(), "verify", n)
		if want := "invalid: rows 1 and 2 share column "; code != 1 || !strings.HasPrefix(out, want) {
			t.Errorf("swapped: %d %q", code, out)
		}
	}
}

func TestCount(t *testing.T) {
	for _, m := range []string{"constellation", "bitmask"} {
		args := []string{"count", "8", "--unique"}
		if m != "constellation" { // the default with --unique
			args = append(args, "-m", m)
		}
		code, out, _ := runCLI(t, "", args...)
		want := regexp.MustCompile(`^N = 8: 92 solutions, 12 essentially distinct; [\d,]+ nodes in \d+\.\d{3} s, method ` + m + `, \d+ jobs?; agrees with OEIS\n$`)
		if code != 0 || !want.MatchString(out) {
			t.Errorf("%d %q", code, out)
		}
	}
	// The default for all solutions is the join from N = 8 on, the
	// constellation count below; --unique and the join refuse each other.
	for _, c := range []struct{ n, method string }{{"12", "join"}, {"8", "join"}, {"7", "constellation"}} {
		code, out, _ := runCLI(t, "", "count", c.n)
		if code != 0 || !strings.Contains(out, ", method "+c.method+",") || !strings.HasSuffix(out, "; agrees with OEIS\n") {
			t.Errorf("count %s: %d %q, want method %s", c.n, code, out, c.method)
		}
	}
	if code, _, errs := runCLI(t, "", "count", "12", "-m", "join", "--unique"); code != 2 || !strings.Contains(errs, "all solutions only") {
		t.Errorf("count 12 -m join --unique: %d %q", code, errs)
	}
	code, out, _ := runCLI(t, "", "count", "10", "-m", "backtrack")
	if code != 0 || !strings.HasPrefix(out, "N = 10: 724 solutions; 35,539 nodes in ") {
		t.Errorf("%d %q", code, out)
	}
	code, out, _ = runCLI(t, "", "count", "9", "-m", "backtrack", "--unique", "--json")
	var j countJSON
	if code != 0 || json.Unmarshal([]byte(out), &j) != nil || j.Solutions != 352 || j.Distinct == nil || *j.Distinct != 46 || j.OEIS != "agrees" {
		t.Errorf("%d %q", code, out)
	}
	code, out, _ = runCLI(t, "", "count", "12", "-j", "1", "--json")
	j = countJSON{}
	if code != 0 || json.Unmarshal([]byte(out), &j) != nil || j.Solutions != 14200 || j.Distinct != nil || j.Jobs != 1 {
		t.Errorf("%d %q", code, out)
	}
	code, out, _ = runCLI(t, "", "count", "6", "-m", "backtrack", "--fix", "1:2")
	if code != 0 || !strings.HasPrefix(out, "N = 6: 1 solution (completion problem)") {
		t.Errorf("%d %q", code, out)
	}
}

func TestBadInput(t *testing.T) {
	cases := []struct {
		args  []string
		stdin string
		code  int
		msg   string
	}{
		{[]string{"solve", "x"}, "", 2, `nqueens: N must be a whole number, not "x"`},
		{[]string{"solve", "0"}, "", 2, "nqueens: N must be at least 1, not 0"},
		{[]string{"solve", "-5"}, "", 2, "unknown shorthand flag"},
		{[]string{"solve"}, "", 2, "nqueens: give N (or --diagonals FILE.param, which gives it)"},
		{[]string{"solve", "8", "-m", "magic"}, "", 2, `nqueens: unknown method "magic" for finding a solution (known: backtrack, construct, cp, dlx, localsearch, sat)`},
		{[]string{"solve", "8", "--frob"}, "", 2, "nqueens: unknown flag: --frob"},
		{[]string{"solve", "2000", "-m", "backtrack"}, "", 2, "nqueens: N = 2000 is too large for method backtrack (at most 1000)"},
		{[]string{"solve", "5000000000"}, "", 2, "nqueens: model: N = 5000000000 is out of range (1..4294967295)"},
		{[]string{"solve", "8", "--fix", "9:1", "-m", "backtrack"}, "", 2, "nqueens: model: pre-placed queen at row 9, column 1 is off the 8x8 board"},
		{[]string{"solve", "8", "--fix", "1:1", "-m", "localsearch"}, "", 2, "nqueens: method localsearch solves the classic problem only"},
		{[]string{"solve", "8", "--fix", "1-1", "-m", "backtrack"}, "", 2, `nqueens: --fix: model: square 1 "1-1" is not ROW:COL`},
		{[]string{"solve", "500", "--board"}, "", 2, "nqueens: --board draws boards up to N = 200"},
		{[]string{"solve", "8", "-o", "/nonexistent/dir/x.txt"}, "", 2, "nqueens: cannot write /nonexistent/dir/x.txt: folder /nonexistent/dir: no such file or directory"},
		// One file for two roles: refused before anything is written.
		{[]string{"count", "12", "--shard", "0/2", "-o", "one.json", "--checkpoint", "one.json"}, "", 2, "nqueens: --checkpoint one.json is also written as -o: one file cannot be both"},
		{[]string{"count", "12", "--shard", "0/2", "-o", "./x/../one.json", "--checkpoint", "one.json"}, "", 2, "is also written as -o: one file cannot be both"},
		{[]string{"solve", "8", "-o", "s.txt", "--svg", "s.txt"}, "", 2, "nqueens: -o s.txt is also written as --svg: one file cannot be both"},
		{[]string{"solve", "--diagonals", "../../testdata/gent2017/diag-10-4-1.param:4", "--refutation", "../../testdata/gent2017/diag-10-4-1.param"}, "", 2, "is also read as --diagonals: one file cannot be both"},
		{[]string{"solve", "3"}, "", 1, ""},
		{[]string{"solve", "8", "-m", "backtrack", "--fix", "1:1,2:2"}, "", 1, ""},
		{[]string{"count", "33"}, "", 2, "nqueens: N = 33 is too large for counting with constellation (at most 32)"},
		{[]string{"count", "8", "-j", "-1"}, "", 2, "nqueens: --jobs must be 0 (all cores) or more, not -1"},
		// Sizes from flags are bounded before anything is allocated.
		{[]string{"count", "10", "-m", "constellation", "-j", "1000000000"}, "", 2, "nqueens: --jobs must be at most 1024, not 1000000000"},
		{[]string{"solve", "10", "-m", "cp", "-j", "1000000000"}, "", 2, "nqueens: --jobs must be at most 1024"},
		{[]string{"estimate", "12", "--probes", "1000000000000"}, "", 2, "nqueens: --probes must be at most 4294967296, not 1000000000000"},
		{[]string{"estimate", "12", "--probes", "4611686018427387904"}, "", 2, "nqueens: --probes must be at most 4294967296"},
		{[]string{"check", "--to", "1000000000000"}, "", 2, "nqueens: --from 1 --to 1000000000000: at most 10000 sizes at once"},
		{[]string{"gen", "completion", "--n", "8", "--m", "1", "--count", "1000000000", "--out", "/nonexistent/gc"}, "", 2, "nqueens: completion: at most 1000000 instances a suite"},
		{[]string{"encode", "6", "--fix", "1:1", "--format", "param"}, "", 2, "nqueens: encode: the .param format holds excluded diagonals only: no pre-placed queens, blocked squares or subset of rows and columns"},
		{[]string{"encode", "6", "--rows", "1,2", "--cols", "1,2", "--format", "param"}, "", 2, "nqueens: encode: the .param format holds excluded diagonals only"},
		{[]string{"gen", "diagonals", "--n", "10", "--m", "4", "--amo", "foo", "--out", "/nonexistent/gd"}, "", 2, `nqueens: encode: unknown at-most-one encoding "foo"`},
		{[]string{"count", "8", "--block", "1:1", "-m", "constellation"}, "", 2, "nqueens: method constellation counts the classic problem only"},
		{[]string{"verify", "4", "/nonexistent"}, "", 2, "nqueens: cannot read /nonexistent: no such file or directory"},
		{[]string{"verify", "--diagonals", "../../testdata/gent2017/diag-10-4-2.param:4", "/nonexistent"}, "", 2, "nqueens: cannot read /nonexistent: no such file or directory"},
		{[]string{"verify"}, "", 2, "nqueens: give N (or --diagonals FILE.param, which gives it)"},
		{[]string{"verify", "4"}, "2 4 1\n", 2, "nqueens: standard input: solution file: line 1: 3 columns, want 4"},
		{[]string{"verify", "4"}, "2 4 1 9\n", 2, "nqueens: standard input: solution file: line 1, field 4: column 9 is out of range (1 to 4)"},
		{[]string{"verify", "4"}, "1 2 3 4\n", 1, ""},
		{[]string{"frob"}, "", 2, `nqueens: unknown command "frob" for "nqueens"`},
		{[]string{"solve", "8", "-m", "sat", "--solver", "nosuch"}, "", 2, `nqueens: sat: unknown solver "nosuch"`},
		{[]string{"solve", "8", "-m", "sat", "--amo", "nosuch"}, "", 2, `nqueens: encode: unknown at-most-one encoding "nosuch"`},
		{[]string{"solve", "8", "--solver", "gini"}, "", 2, "nqueens: --solver and --amo apply to --method sat only"},
		{[]string{"solve", "8", "-m", "sat", "--timeout", "-1s"}, "", 2, "nqueens: --timeout must be positive, not -1s"},
		{[]string{"solve", "2000", "-m", "dlx"}, "", 2, "nqueens: N = 2000 is too large for method dlx (at most 1000)"},
		{[]string{"count", "8", "-m", "sat", "--solver", "cadical"}, "", 2, "nqueens: solver cadical cannot list all models"},
		{[]string{"count", "8", "-m", "sat", "--solver", "clasp", "--amo", "binary"}, "", 2, "nqueens: clasp lists models over all variables and cannot project, and the binary encoding is not parsimonious"},
		{[]string{"sat", "/nonexistent.cnf"}, "", 2, "nqueens: cannot read /nonexistent.cnf: no such file or directory"},
		{[]string{"sat"}, "p cnf 2 1\n1 3 0\n", 2, "nqueens: standard input: dimacs: line 2, column 3: literal 3 is out of range: the problem line gives 2 variables"},
		{[]string{"sat", "--amo", "pairwise"}, "p cnf 1 1\n1 0\n", 2, "nqueens: unknown flag: --amo"},
		{[]string{"sat", "--count", "--solver", "clasp"}, "c ind 1 0\np cnf 2 1\n1 2 0\n", 2, "nqueens: clasp cannot project on the 1 variables of c ind"},
		{[]string{"sat", "--all", "--count"}, "p cnf 1 1\n1 0\n", 2, "nqueens: --all and --count: choose one"},
		{[]string{"xcc"}, "a b\na z\n", 2, `nqueens: standard input: xcc: line 2, column 3: unknown item "z"`},
		{[]string{"xcc", "--all", "--count"}, "a\na\n", 2, "nqueens: --all and --count: choose one"},
		{[]string{"xcc"}, "a b\na\n", 1, ""},
		{[]string{"encode", "8", "--format", "sat"}, "", 2, `nqueens: encode: unknown format "sat" (known: ` + encode.FormatNames() + ")"},
		{[]string{"encode", "8", "--amo", "totalizer"}, "", 2, `nqueens: encode: unknown at-most-one encoding "totalizer" (known: pairwise, sequential, ladder, commander, product, bimander, binary)`},
		{[]string{"encode", "8", "--amo", "commander:1"}, "", 2, "nqueens: encode: commander group size must be at least 2, not 1"},
		{[]string{"encode", "8", "-f", "xcc", "--amo", "pairwise"}, "", 2, "nqueens: an at-most-one encoding applies to the dimacs format only, not xcc"},
		{[]string{"encode", "8", "--order", "natural"}, "", 2, "nqueens: an item order applies to the xcc format only, not dimacs"},
		{[]string{"encode", "8", "-f", "xcc", "--order", "random"}, "", 2, `nqueens: encode: unknown item order "random" (known: natural, organ-pipe)`},
		{[]string{"encode", "8", "--fix", "9:9"}, "", 2, "nqueens: model: pre-placed queen at row 9, column 9 is off the 8x8 board"},
		{[]string{"encode", "8", "--block", "0:1"}, "", 2, `nqueens: --block: model: square 1 "0:1": rows and columns count from 1`},
		{[]string{"encode", "8", "--fix", "2:3", "--block", "1:1,2:3"}, "", 2, "nqueens: square 2:3 is both pre-placed (--fix) and blocked (--block)"},
		{[]string{"encode", "50000"}, "", 2, "nqueens: N = 50000 is too large for dimacs: 2500000000 queen variables"},
		{[]string{"encode", "6000000", "-f", "xcc"}, "", 2, "nqueens: N = 6000000 is too large for xcc"},
		{[]string{"encode", "8", "-o", "/nonexistent/x.cnf"}, "", 2, "nqueens: cannot write /nonexistent/x.cnf: folder /nonexistent: no such file or directory"},
	}
	for _, c := range cases {
		t.Run(strings.Join(c.args, " "), func(t *testing.T) {
			code, out, errs := runCLI(t, c.stdin, c.args...)
			if code != c.code {
				t.Errorf("exit %d, want %d (stdout %q, stderr %q)", code, c.code, out, errs)
			}
			if c.msg != "" && !strings.Contains(errs, c.msg) {
				t.Errorf("stderr %q, want %q", errs, c.msg)
			}
			if c.code == 2 && strings.Count(errs, "\n") != 1 {
				t.Errorf("stderr is not one line: %q", errs)
			}
		})
	}
	code, out, _ := runCLI(t, "", "solve", "3")
	if code != 1 || !regexp.MustCompile(`^N = 3: no solution exists \(method localsearch; confirmed by OEIS A000170\); \d+\.\d{3} s\n$`).MatchString(out) {
		t.Errorf("N = 3: %d %q", code, out)
	}
	code, out, _ = runCLI(t, "1 2 3 4\n", "verify", "4")
	if code != 1 || out != "invalid: rows 1 and 2 share a diagonal\n" {
		t.Errorf("invalid: %d %q", code, out)
	}
}

// TestEncode writes every format through the command line, to standard
// output and to a file, and reads the DIMACS back with the strict reader.
func TestEncode(t *testing.T) {
	dir := t.TempDir()
	for _, args := range [][]string{
		{"encode", "8", "--amo", "pairwise"},
		{"encode", "8", "--amo", "commander:4", "--fix", "1:1", "--block", "8:8"},
		{"encode", "8", "-f", "xcc", "--order", "natural"},
		{"encode", "8", "-f", "xcc", "--block", "4:4"},
		{"encode", "8", "-f", "opb"},
		{"encode", "8", "-f", "mzn", "--fix", "2:2"},
		{"encode", "8", "-f", "xcsp3"},
	} {
		code, out, errs := runCLI(t, "", args...)
		if code != 0 || errs != "" {
			t.Fatalf("%v: exit %d, stderr %q", args, code, errs)
		}
		path := filepath.Join(dir, "out")
		if code, _, errs := runCLI(t, "", append(args, "-o", path)...); code != 0 || errs != "" {
			t.Fatalf("%v -o: exit %d, stderr %q", args, code, errs)
		}
		raw, _ := os.ReadFile(path)
		// The file is standard output's bytes: -o is not recorded.
		if string(raw) != out {
			t.Errorf("%v: the file differs from standard output", args)
		}
		command := "command: nqueens " + strings.Join(args, " ") + "\n"
		if args[len(args)-1] == "xcsp3" {
			command = "<?nqueens-command nqueens " + strings.Join(args, " ") + "?>\n" // an XML comment holds no "--"
		}
		if !strings.Contains(out, command) {
			t.Errorf("%v: header lacks the command line:\n%s", args, out[:min(len(out), 400)])
		}
		if args[1] == "8" && len(args) == 4 && args[2] == "--amo" {
			f, info, err := cnf.ReadFormula(strings.NewReader(out))
			if err != nil || info.Clauses != len(f.Clauses) || !strings.Contains(out, "c expected solutions: 92 (OEIS A000170)\n") {
				t.Errorf("%v: %v", args, err)
			}
		}
	}
	_, out, _ := runCLI(t, "", "encode", "6", "--fix", "1:2")
	if !strings.Contains(out, "c expected solutions: 1 (counted by backtracking)\n") {
		t.Errorf("completion count missing from the header")
	}
	code, out, _ := runCLI(t, "", "encode", "6", "--fix", "1:1,2:2", "-f", "opb")
	if code != 0 || !strings.Contains(out, "* expected solutions: 0 (unsatisfiable: the pre-placed queens at row 1, column 1 and row 2, column 2 attack each other)\n") {
		t.Errorf("attacking queens: exit %d\n%s", code, out)
	}
	if got := cmdline.Join([]string{"encode", "4", "--fix", "1:1, 2:3"}); got != "nqueens encode 4 --fix '1:1, 2:3'" {
		t.Errorf("command line %q", got)
	}
}

// TestSATAndDLXMethods runs the sat and dlx methods through the command
// line, with the in-process solvers and an external one.
func TestSATAndDLXMethods(t *testing.T) {
	for _, args := range [][]string{
		{"solve", "12", "-m", "sat"},
		{"solve", "12", "-m", "sat", "--solver", "gophersat", "--amo", "commander:4"},
		{"solve", "12", "-m", "dlx", "--fix", "1:2"},
		{"solve", "30", "-m", "sat", "--solver", "picosat", "--amo", "ladder", "--timeout", "1m"},
	} {
		code, out, errs := runCLI(t, "", args...)
		if code != 0 || !strings.Contains(out, "solution found in") || !strings.Contains(out, "verified, method "+args[3]) {
			t.Errorf("%v: exit %d %q %q", args, code, out, errs)
		}
	}
	for _, args := range [][]string{
		{"count", "9", "-m", "sat", "--unique"},
		{"count", "9", "-m", "sat", "--solver", "cryptominisat5", "--amo", "sequential"},
		{"count", "9", "-m", "dlx", "--unique", "-j", "2"},
	} {
		code, out, errs := runCLI(t, "", args...)
		if code != 0 || !strings.HasPrefix(out, "N = 9: 352 solutions") || !strings.HasSuffix(out, "agrees with OEIS\n") {
			t.Errorf("%v: exit %d %q %q", args, code, out, errs)
		}
	}
	code, out, _ := runCLI(t, "", "solve", "3", "-m", "dlx")
	if code != 1 || !regexp.MustCompile(`^N = 3: no solution exists \(method dlx; confirmed by OEIS A000170\); \d+\.\d{3} s\n$`).MatchString(out) {
		t.Errorf("dlx n = 3: %d %q", code, out)
	}
	code, _, errs := runCLI(t, "", "solve", "200", "-m", "sat", "--solver", "../../solvers/sat/testdata/fake/hang.sh", "--timeout", "300ms")
	if code != 1 || errs != "nqueens: no answer within 300ms (method sat)\n" {
		t.Errorf("timeout: %d %q", code, errs)
	}
}

// TestSATAndXCCFiles solves and counts files written by nqueens encode.
func TestSATAndXCCFiles(t *testing.T) {
	_, dimacs, _ := runCLI(t, "", "encode", "8", "--amo", "binary")
	code, out, _ := runCLI(t, dimacs, "sat", "--count")
	if code != exitSat || !strings.HasPrefix(out, "92 models, projected on the 64 variables of c ind") {
		t.Errorf("sat --count: %d %q", code, out)
	}
	// --all lists them: 92 models of 8 queens each, then the count.
	code, out, _ = runCLI(t, dimacs, "sat", "--all")
	if code != exitSat || strings.Count(out, "\n\n") != 92 || strings.Count(out, " 0\n") != 92 || !strings.Contains(out, "\nc 92 models, projected on the 64 variables of c ind") {
		t.Errorf("sat --all: %d %q", code, out[:min(len(out), 400)])
	}
	for _, model := range strings.Split(strings.TrimSpace(out[:strings.LastIndex(out, "\nc ")]), "\n\n") {
		if queens := len(strings.Fields(model)) - strings.Count(model, "-") - strings.Count(model, "v") - 1; queens != 8 {
			t.Errorf("a model of %d queens: %q", queens, model)
			break
		}
	}
	// Without c ind: the variables that occur, not the header's; none is 20.
	code, out, _ = runCLI(t, "p cnf 5 2\n1 2 0\n-1 0\n", "sat", "--count")
	if code != exitSat || out[:strings.Index(out, ";")] != "1 model, projected on the 2 variables that occur in the clauses (the header declares 5)" {
		t.Errorf("sat --all without c ind: %d %q", code, out)
	}
	code, out, _ = runCLI(t, "p cnf 1 2\n1 0\n-1 0\n", "sat", "--count")
	if code != exitUnsat || !strings.HasPrefix(out, "0 models, ") {
		t.Errorf("sat --all, none: %d %q", code, out)
	}
	code, out, _ = runCLI(t, dimacs, "sat", "--solver", "cadical")
	if code != exitSat || !strings.Contains(out, "\ns SATISFIABLE\nv ") {
		t.Errorf("sat: %d %q", code, out)
	}
	f, _, err := cnf.ReadFormula(strings.NewReader(dimacs))
	if err != nil {
		t.Fatal(err)
	}
	m := sat.Model{false}
	for _, line := range strings.Split(out, "\n") {
		if strings.HasPrefix(line, "v ") {
			for _, tok := range strings.Fields(line)[1:] {
				if tok != "0" {
					m = append(m, tok[0] != '-')
				}
			}
		}
	}
	if err := sat.CheckModel(f, m); err != nil {
		t.Errorf("the printed model: %v", err)
	}
	_, unsat, _ := runCLI(t, "", "encode", "6", "--fix", "1:1,2:3")
	if code, out, _ := runCLI(t, unsat, "sat"); code != exitUnsat || !strings.Contains(out, "s UNSATISFIABLE\n") {
		t.Errorf("unsat: %d %q", code, out)
	}
	_, xcc, _ := runCLI(t, "", "encode", "10", "-f", "xcc")
	code, out, _ = runCLI(t, xcc, "xcc", "--count")
	if code != 0 || !strings.HasPrefix(out, "724 solutions; ") {
		t.Errorf("xcc --count: %d %q", code, out)
	}
	_, xcc, _ = runCLI(t, "", "encode", "6", "-f", "xcc")
	code, out, errs := runCLI(t, xcc, "xcc", "--all")
	if code != exitSat || strings.Count(out, "\n\n") != 4 || !strings.HasSuffix(out, "\n\n") || !regexp.MustCompile(`^4 solutions; [0-9,]+ nodes, [0-9,]+ updates in \d+\.\d{3} s\n$`).MatchString(errs) {
		t.Errorf("xcc --all: %d\n%s\n%s", code, out, errs)
	}
	_, none, _ := runCLI(t, "", "encode", "3", "-f", "xcc")
	if code, out, errs := runCLI(t, none, "xcc", "--all"); code != exitUnsat || out != "" || !strings.HasPrefix(errs, "0 solutions; ") {
		t.Errorf("xcc --all, none: %d %q %q", code, out, errs)
	}
	if code, out, _ := runCLI(t, none, "xcc", "--count"); code != 0 || strings.Count(out, "\n") != 1 || !strings.HasPrefix(out, "0 solutions; ") {
		t.Errorf("xcc --count, none: %d %q", code, out)
	}
	_, one, _ := runCLI(t, "", "encode", "1", "-f", "xcc")
	if code, out, _ := runCLI(t, one, "xcc", "--count"); code != 0 || !strings.HasPrefix(out, "1 solution; ") {
		t.Errorf("xcc --count, one: %d %q", code, out)
	}
}

// TestCheckCommand runs nqueens check in every output format, and with a
// broken solver first on the PATH, which must fail the check with the
// command that reproduces the failure.
func TestCheckCommand(t *testing.T) {
	code, out, errs := runCLI(t, "", "check", "--to", "6", "--methods", "bitmask,dlx,sat/gini/binary,find/sat/gini")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 0 || errs != "" || len(lines) != 8 || !strings.HasPrefix(lines[1], "bitmask") || !strings.Contains(lines[1], "  1  ") ||
		!strings.HasPrefix(lines[6], "T: not finished within --budget (20s); T+: a counter not run past its timeout; >max: N beyond the method's reach; n/a: not installed") ||
		!strings.HasPrefix(lines[7], "24 runs of 4 methods on N = 1..6: 24 agree with each other and with OEIS A000170/A002562, every solution verified; 0 timed out; 0 skipped (0 after a timeout, 0 beyond a method's reach, 0 not installed) (") {
		t.Errorf("table: exit %d %q\n%s", code, errs, out)
	}
	code, out, _ = runCLI(t, "", "check", "--from", "4", "--to", "5", "--methods", "backtrack", "--json")
	var cells []checkRow
	// "backtrack" names the method and its orders: backtrack, backtrack/heuristic.
	if code != 0 || json.Unmarshal([]byte(out), &cells) != nil || len(cells) != 4 || *cells[2].Count != 10 || *cells[3].Count != 10 || *cells[3].Distinct != 2 {
		t.Errorf("json: %d %s", code, out)
	}
	code, out, _ = runCLI(t, "", "check", "--to", "3", "--methods", "dlx", "--csv")
	if code != 0 || !strings.HasPrefix(out, "n,method,status,count,distinct,found,seconds,note,reproduce\n1,dlx,ok,1,1,false,") || strings.Count(out, "\n") != 4 {
		t.Errorf("csv: %d %q", code, out)
	}
	code, out, _ = runCLI(t, "", "check", "--to", "2", "--methods", "dlx", "--markdown")
	if code != 0 || !strings.HasPrefix(out, "| method | N=1 | N=2 | seconds |\n| --- | --- | --- | --- |\n| dlx | 1 | 0 |") {
		t.Errorf("markdown: %d %q", code, out)
	}
	abs, _ := filepath.Abs("testdata/badpath")
	t.Setenv("PATH", abs+string(os.PathListSeparator)+os.Getenv("PATH"))
	code, out, _ = runCLI(t, "", "check", "--to", "5", "--methods", "find/sat/picosat,bitmask")
	if code != 1 || !strings.Contains(out, "find/sat/picosat on N = 4: error (sat: picosat: solver output: the output ends inside a model (no terminating 0): truncated); reproduce: nqueens solve 4 -m sat --solver picosat\n") ||
		!strings.Contains(out, "\n5 disagreements or errors; 10 runs of 2 methods on N = 1..5: 5 agree with each other") {
		t.Errorf("broken picosat: exit %d\n%s", code, out)
	}
	for _, args := range [][]string{{"check", "--to", "0"}, {"check", "--methods", "nosuch"}, {"check", "--json", "--csv"}, {"check", "5"}} {
		if code, _, errs := runCLI(t, "", args...); code != 2 || strings.Count(errs, "\n") != 1 {
			t.Errorf("%v: exit %d %q", args, code, errs)
		}
	}
}

// TestGenCommand writes a suite, verifies it, and refuses bad parameters
// without writing anything.
func TestGenCommand(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "suite")
	code, out, errs := runCLI(t, "", "gen", "completion", "--n", "8", "--m", "2", "--count", "3", "--formats", "dimacs,xcc,opb", "--amo", "pairwise,sequential", "--out", dir)
	if code != 0 || errs != "" || !strings.HasPrefix(out, dir+": 12 files for 3 instances (") {
		t.Fatalf("gen: %d %q %q", code, out, errs)
	}
	code, out, _ = runCLI(t, "", "gen", "--verify", dir)
	if code != 0 || out != dir+": 12 files, hashes and expected answers verified\n" {
		t.Errorf("verify: %d %q", code, out)
	}
	ents, _ := os.ReadDir(dir)
	os.WriteFile(filepath.Join(dir, ents[0].Name()), []byte("changed"), 0o644)
	if code, out, _ = runCLI(t, "", "gen", "--verify", dir); code != 1 || !strings.Contains(out, "SHA-256 differs") {
		t.Errorf("verify after a change: %d %q", code, out)
	}
	bad := filepath.Join(t.TempDir(), "bad")
	for _, args := range [][]string{
		{"gen", "nosuch", "--out", bad},
		{"gen", "completion", "--n", "4", "--m", "5", "--out", bad},
		{"gen", "blocked", "--n", "4", "--m", "20", "--out", bad},
		{"gen", "completion", "--n", "8", "--m", "1", "--formats", "cnf", "--out", bad},
		{"gen", "completion", "--n", "8", "--m", "1"},
		{"gen", "--verify", bad},
	} {
		if code, _, errs := runCLI(t, "", args...); code != 2 || strings.Count(errs, "\n") != 1 {
			t.Errorf("%v: exit %d %q", args, code, errs)
		}
		if _, err := os.Stat(bad); err == nil {
			t.Errorf("%v: wrote %s", args, bad)
		}
	}
}

// TestCheckpointKill counts N = 18 on two jobs with a checkpoint, kills
// the process with SIGKILL at a random moment once units are saved, and
// resumes: the total is exact. Then the same with Ctrl-C (SIGINT), which
// saves and exits 130. (N = 17 on two jobs takes 0.8 s now, and could end
// before a signal sent at a random moment of its first second; N = 18
// takes 0.9 s, 0.6 s of it after the first unit is saved.)
func TestCheckpointKill(t *testing.T) {
	if testing.Short() {
		t.Skip("SKIP: builds the binary and counts N = 17 twice")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "nqueens")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	for _, sig := range []syscall.Signal{syscall.SIGKILL, syscall.SIGINT} {
		ck := filepath.Join(dir, "ck-"+sig.String())
		cmd := exec.Command(bin, "count", "18", "--checkpoint", ck, "--jobs", "2")
		var errb bytes.Buffer
		cmd.Stderr = &errb
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		// Once the journal holds a unit (the table built, the units
		// begun), a random moment of the next 200 ms.
		for start := time.Now(); time.Since(start) < time.Minute; time.Sleep(20 * time.Millisecond) {
			if raw, _ := os.ReadFile(ck); strings.Count(string(raw), "\n") >= 2 {
				break
			}
		}
		time.Sleep(time.Duration(rand.IntN(200)) * time.Millisecond)
		cmd.Process.Signal(sig)
		err := cmd.Wait()
		ee, ok := err.(*exec.ExitError)
		if !ok {
			t.Fatalf("%v: the count ended before the signal (%v)", sig, err)
		}
		if sig == syscall.SIGINT && (ee.ExitCode() != exitInterrupt || !strings.Contains(errb.String(), "work units are saved in "+ck+": run the same command to resume")) {
			t.Errorf("SIGINT: exit %d, stderr %q", ee.ExitCode(), errb.String())
		}
		raw, _ := os.ReadFile(ck)
		saved := strings.Count(string(raw), "\n") - 1
		out, err := exec.Command(bin, "count", "18", "--checkpoint", ck, "--jobs", "2").Output()
		if err != nil || !strings.HasPrefix(string(out), "N = 18: 666,090,624 solutions; ") || !strings.Contains(string(out), "of the join") {
			t.Errorf("%v, resumed: %v %q", sig, err, out)
		}
		t.Logf("%v after %d saved units: %s", sig, saved, strings.TrimSpace(string(out)))
	}
}

// TestDrawAndTrace draws through the command line and checks the files
// decode; the trace of 4 queens ends with the solution.
func TestDrawAndTrace(t *testing.T) {
	dir := t.TempDir()
	sol := filepath.Join(dir, "s.txt")
	code, _, errs := runCLI(t, "", "solve", "12", "-m", "backtrack", "--fix", "1:2", "-o", sol, "--svg", filepath.Join(dir, "s.svg"), "--png", filepath.Join(dir, "s.png"))
	if code != 0 || errs != "" {
		t.Fatalf("solve --svg --png: %d %q", code, errs)
	}
	if code, _, errs := runCLI(t, "", "draw", "12", sol, "--fix", "1:2", "--png", filepath.Join(dir, "d.png")); code != 0 || errs != "" {
		t.Fatalf("draw: %d %q", code, errs)
	}
	a, _ := os.ReadFile(filepath.Join(dir, "s.png"))
	b, _ := os.ReadFile(filepath.Join(dir, "d.png"))
	if len(a) == 0 || !bytes.Equal(a, b) {
		t.Errorf("the PNG of solve and of draw differ (%d and %d bytes)", len(a), len(b))
	}
	if _, err := png.Decode(bytes.NewReader(a)); err != nil {
		t.Error(err)
	}
	code, out, _ := runCLI(t, "", "trace", "4")
	if code != 0 || !strings.HasPrefix(out, "Row 1: queen in column 1.\nRow 2: columns 1 and 2 attacked; column 3 is safe.\n") || !strings.HasSuffix(out, "Solution [2 4 1 3]:\n-*--\n---*\n*---\n--*-\n") {
		t.Errorf("trace 4: %d\n%s", code, out)
	}
	code, out, _ = runCLI(t, "", "trace", "5", "--gif", filepath.Join(dir, "t.gif"))
	g, err := os.Open(filepath.Join(dir, "t.gif"))
	if err != nil || code != 0 || !strings.HasPrefix(out, "t.gif: ") {
		t.Fatalf("trace --gif: %d %q %v", code, out, err)
	}
	defer g.Close()
	if _, err := gif.DecodeAll(g); err != nil {
		t.Error(err)
	}
	code, out, _ = runCLI(t, "", "trace", "10", "-m", "localsearch", "--seed", "4")
	if code != 0 || !strings.HasPrefix(out, "Greedy start: ") || !strings.Contains(out, "Solution [") {
		t.Errorf("trace -m localsearch: %d\n%s", code, out)
	}
	for _, args := range [][]string{
		{"trace", "100", "-m", "localsearch"},
		{"trace", "8", "-m", "dlx"},
		{"draw", "8"},
		{"draw", "8", "/nonexistent", "--png", filepath.Join(dir, "x.png")},
		{"draw", "8", "--png", "/nonexistent/x.png"},
		{"trace", "40"},
		{"trace", "8", "--cell", "1"},
	} {
		if code, _, errs := runCLI(t, "", args...); code != 2 || strings.Count(errs, "\n") != 1 {
			t.Errorf("%v: %d %q", args, code, errs)
		}
	}
	if code, _, errs := runCLI(t, "1 2 3\n", "draw", "4", "-", "--png", filepath.Join(dir, "y.png")); code != 2 || !strings.Contains(errs, "3 columns, want 4") {
		t.Errorf("bad solution file: %d %q", code, errs)
	}
}

// TestProgressJSON: --progress=json prints one JSON line per update on
// standard error, the last one complete; --quiet and pipes print none.
func TestProgressJSON(t *testing.T) {
	for _, args := range [][]string{
		{"count", "13", "--progress", "json"},
		{"count", "12", "--checkpoint", filepath.Join(t.TempDir(), "ck"), "--progress=json"},
		{"check", "--to", "5", "--methods", "dlx", "--progress", "json"},
		{"gen", "classic", "--from", "4", "--to", "6", "--out", t.TempDir(), "--progress", "json"},
	} {
		code, _, errs := runCLI(t, "", args...)
		lines := strings.Split(strings.TrimSpace(errs), "\n")
		var last struct {
			Task        string
			Done, Total int64
		}
		if code != 0 || json.Unmarshal([]byte(lines[len(lines)-1]), &last) != nil || last.Done != last.Total || last.Total == 0 || last.Task == "" {
			t.Errorf("%v: exit %d, stderr %q", args, code, errs)
		}
	}
	if code, _, errs := runCLI(t, "", "count", "13", "--progress", "json", "--quiet"); code != 0 || errs != "" {
		t.Errorf("--quiet: %d %q", code, errs)
	}
	if code, _, errs := runCLI(t, "", "count", "13"); code != 0 || errs != "" {
		t.Errorf("not a terminal: %d %q", code, errs)
	}
}

// TestProgressRateAfterResume: the steps a resumed count finds done at its
// start (its journal's) do not count in its rate and time left.
func TestProgressRateAfterResume(t *testing.T) {
	var errb bytes.Buffer
	e := &env{stderr: &errb, progressMode: progressJSON}
	r := e.progress("counting", 1000)
	r.startAt(900) // the journal's 900 units
	r.set(900, 1000)
	// One second later, 10 units more.
	r.baseTime = r.baseTime.Add(-time.Second)
	r.last = time.Time{}
	r.set(910, 1000)
	lines := strings.Split(strings.TrimSpace(errb.String()), "\n")
	var l progressLine
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &l); err != nil {
		t.Fatalf("%q: %v", errb.String(), err)
	}
	if l.Rate < 5 || l.Rate > 20 || l.ETA < 4 || l.ETA > 18 {
		t.Errorf("after resuming: %.1f per second, %.1f s left; want about 10 and 9", l.Rate, l.ETA)
	}
}

// TestBench runs the quick benchmark with a plot and decodes the PNG.
func TestBench(t *testing.T) {
	path := filepath.Join(t.TempDir(), "bench.png")
	code, out, errs := runCLI(t, "", "bench", "--quick", "--plot", path)
	total := 0
	for _, sizes := range lab.BenchSizes(true) {
		total += len(sizes)
	}
	if code != 0 || errs != "" || strings.Count(out, "\n") != total+1 || !strings.Contains(out, "bitmask              12    14,200 sol.") {
		t.Fatalf("bench: %d %q\n%s", code, errs, out)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil || img.Bounds().Dx() < 1000 {
		t.Errorf("plot: %v %v", err, img.Bounds())
	}
	code, out, _ = runCLI(t, "", "bench", "--quick", "--json")
	var pts []lab.BenchPoint
	if code != 0 || json.Unmarshal([]byte(out), &pts) != nil || len(pts) != total {
		t.Errorf("bench --json: %d %d points", code, len(pts))
	}
}

func TestMemoryCheck(t *testing.T) {
	f, _ := nqueens.LookupFinder("localsearch")
	err := memoryCheck(f, 1_000_000_000, memlimit.Limit{Bytes: 4 << 30, Source: "RLIMIT_AS"})
	if err == nil || err.Error() != "N = 1000000000 with method localsearch needs about 5.6 GB of memory, more than the 4.3 GB available (RLIMIT_AS)" {
		t.Errorf("%v", err)
	}
	if err := memoryCheck(f, 1_000_000_000, memlimit.Limit{Bytes: 24 << 30, Source: "MemAvailable"}); err != nil {
		t.Errorf("24 GiB: %v", err)
	}
}

// TestInterruptLeavesNoFile runs the real binary on a large board, sends it
// SIGINT during the search and checks that no output file appears.
func TestInterruptLeavesNoFile(t *testing.T) {
	if testing.Short() {
		t.Skip("SKIP: builds the binary")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "nqueens")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	for _, args := range [][]string{
		{"solve", "300000000"},
		{"encode", "3000", "--amo", "pairwise"},
	} {
		path := filepath.Join(dir, "big.out")
		cmd := exec.Command(bin, append(args, "-o", path)...)
		var errb bytes.Buffer
		cmd.Stderr = &errb
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(1500 * time.Millisecond)
		cmd.Process.Signal(syscall.SIGINT)
		err := cmd.Wait()
		ee, ok := err.(*exec.ExitError)
		if !ok || ee.ExitCode() != exitInterrupt || strings.TrimSpace(errb.String()) != "nqueens: interrupted" {
			t.Fatalf("%v: exit %v, stderr %q", args, err, errb.String())
		}
		ents, _ := os.ReadDir(dir)
		for _, e := range ents {
			if e.Name() != "nqueens" {
				t.Errorf("%v: left behind: %s", args, e.Name())
			}
		}
	}
}

// TestInternalError: a panic in a command, or one caught in a worker
// goroutine and returned as *panics.Error, is one line "internal error ...
// (please report)" and exit 3, never a stack trace.
func TestInternalError(t *testing.T) {
	testCommands = []func(*env) *cobra.Command{
		func(*env) *cobra.Command {
			return &cobra.Command{Use: "boom", RunE: func(*cobra.Command, []string) error {
				var m map[int]int
				m[1]++
				return nil
			}}
		},
		func(*env) *cobra.Command {
			return &cobra.Command{Use: "workerboom", RunE: func(*cobra.Command, []string) error {
				var c panics.Catcher
				done := make(chan bool)
				go func() {
					defer close(done)
					defer c.Recover(nil)
					panic("a worker's bug")
				}()
				<-done
				return c.Err()
			}}
		},
	}
	defer func() { testCommands = nil }()
	for cmd, want := range map[string]string{
		"boom":       "nqueens: internal error: assignment to entry in nil map (please report)\n",
		"workerboom": "nqueens: internal error: a worker's bug (please report)\n",
	} {
		code, out, errs := runCLI(t, "", cmd)
		if code != exitInternal || out != "" || errs != want {
			t.Errorf("%s: exit %d, %q, %q; want 3 and %q", cmd, code, out, errs, want)
		}
	}
}

// TestNoSolutionTrust: "no solution" is printed only confirmed (by OEIS, the
// pre-placed queens, a second method, or a checked DRAT proof); a solver
// that says UNSAT where there is a solution is named, exit 1.
func TestNoSolutionTrust(t *testing.T) {
	liar := filepath.Join("..", "..", "solvers", "sat", "testdata", "fake", "unsat.sh")
	for _, tc := range []struct {
		args []string
		code int
		out  string
		err  string
	}{
		{[]string{"solve", "8", "-m", "sat", "--solver", liar}, 1, "", "says N = 8 has no solution, but Q(8) = 92 (OEIS A000170): the answer is wrong"},
		{[]string{"solve", "6", "-m", "sat", "--solver", liar, "--fix", "1:2"}, 1, "", "says the problem has no solution, but constraint propagation (cp) found one, verified"},
		{[]string{"solve", "6", "-m", "sat", "--fix", "1:1"}, 1, "N = 6: no solution exists (method sat, solver gini; confirmed by constraint propagation (cp))", ""},
		{[]string{"solve", "6", "-m", "dlx", "--fix", "1:1"}, 1, "N = 6: no solution exists (method dlx; confirmed by constraint propagation (cp))", ""},
		{[]string{"solve", "6", "-m", "cp", "--fix", "1:1"}, 1, "N = 6: no solution exists (method cp; confirmed by dancing links)", ""},
		{[]string{"solve", "6", "--fix", "1:1"}, 1, "N = 6: no solution exists (method cp; confirmed by dancing links)", ""},
		{[]string{"solve", "8", "-m", "backtrack", "--fix", "1:1,2:4", "--certify"}, 1, "N = 8: no solution exists (method backtrack; confirmed by a DRAT proof from cadical (sequential CNF), checked: ", ""},
		{[]string{"solve", "8", "-m", "sat", "--solver", liar, "--fix", "1:2", "--certify"}, 1, "", "says the problem has no solution, but cadical found one, verified"},
	} {
		code, out, errs := runCLI(t, "", tc.args...)
		if code != tc.code || !strings.HasPrefix(out, tc.out) || tc.out == "" && out != "" || !strings.Contains(errs, tc.err) {
			t.Errorf("%v: exit %d, %q, %q", tc.args, code, out, errs)
		}
	}
	_, cnfText, _ := runCLI(t, "", "encode", "8", "--fix", "1:1,2:4")
	code, out, _ := runCLI(t, cnfText, "sat", "--certify", "--no-model")
	if code != exitUnsat || !strings.Contains(out, "\nc DRAT proof checked: ") || !strings.HasSuffix(out, "s UNSATISFIABLE\n") {
		t.Errorf("sat --certify: %d %q", code, out)
	}
}

// TestSuiteReproducible: the same gen into two folders, given by absolute
// paths, writes the same bytes, manifests included; and every instance's
// header holds the nqueens encode command that writes it again, byte for
// byte.
func TestSuiteReproducible(t *testing.T) {
	a, b := t.TempDir(), t.TempDir()
	for _, dir := range []string{a, b} {
		code, _, errs := runCLI(t, "", "--quiet", "gen", "completion", "--n", "9", "--m", "2", "--count", "3", "--seed", "5",
			"--formats", "dimacs,xcc,opb,mzn,dzn,mzn-inline,xcsp3", "--amo", "pairwise,ladder", "--out", dir)
		if code != 0 {
			t.Fatalf("gen: %d %s", code, errs)
		}
	}
	files, _ := os.ReadDir(a)
	if len(files) < 20 {
		t.Fatalf("%d files", len(files))
	}
	header := regexp.MustCompile(`(?m)^(?:(?:c |\| |\* |% |  )command: (.*)|<\?nqueens-command (.*)\?>)$`)
	for _, f := range files {
		x, _ := os.ReadFile(filepath.Join(a, f.Name()))
		y, err := os.ReadFile(filepath.Join(b, f.Name()))
		if err != nil || !bytes.Equal(x, y) {
			t.Errorf("%s differs between the two folders (%v)", f.Name(), err)
		}
		if bytes.Contains(x, []byte(a)) {
			t.Errorf("%s names the folder it was written into", f.Name())
		}
		if strings.HasPrefix(f.Name(), "manifest") {
			continue
		}
		m := header.FindSubmatch(x)
		if m == nil {
			t.Errorf("%s: no command in the header", f.Name())
			continue
		}
		line := string(m[1]) + string(m[2]) // XCSP3's in its processing instruction
		args := cmdline.Split(line)
		if len(args) < 2 || args[0] != "nqueens" || args[1] != "encode" {
			t.Errorf("%s: header command %q", f.Name(), line)
			continue
		}
		code, out, errs := runCLI(t, "", args[1:]...)
		if code != 0 || out != string(x) {
			t.Errorf("%s: %q does not write it again (exit %d, %s)", f.Name(), line, code, errs)
		}
	}
	raw, _ := os.ReadFile(filepath.Join(a, "manifest.json"))
	if !bytes.Contains(raw, []byte(`"command": "nqueens gen completion --n 9 --m 2 --count 3 --seed 5`)) || bytes.Contains(raw, []byte("--out")) || bytes.Contains(raw, []byte("--quiet")) {
		t.Errorf("the manifest's gen command:\n%s", raw[:min(len(raw), 400)])
	}
}

// TestBacktrackOrders: the heuristic order finds a verified first solution
// at N = 1000 and counts as the plain order does, variants included.
func TestBacktrackOrders(t *testing.T) {
	code, out, errs := runCLI(t, "", "solve", "1000", "-m", "backtrack", "--order", "heuristic")
	if code != 0 || !strings.HasPrefix(out, "N = 1000: solution found in ") || !strings.Contains(out, "verified, method backtrack") {
		t.Errorf("%d %q %q", code, out, errs)
	}
	code, out, errs = runCLI(t, "", "solve", "200", "-m", "dlx", "--order", "heuristic", "--fix", "1:7")
	if code != 0 || !strings.Contains(out, "verified, method dlx") {
		t.Errorf("dlx: %d %q %q", code, out, errs)
	}
	for _, args := range [][]string{{"count", "9"}, {"count", "10", "--fix", "1:2", "--block", "5:5"}} {
		_, lex, _ := runCLI(t, "", append(args, "-m", "backtrack")...)
		_, heur, _ := runCLI(t, "", append(args, "-m", "backtrack", "--order", "heuristic")...)
		count := func(s string) string { return s[:strings.Index(s, ";")] }
		if lex == "" || count(lex) != count(heur) {
			t.Errorf("%v: %q against %q", args, lex, heur)
		}
	}
	if code, _, errs := runCLI(t, "", "solve", "8", "--order", "heuristic"); code != 2 || !strings.Contains(errs, "--order applies to --method backtrack and dlx") {
		t.Errorf("--order with localsearch: %d %q", code, errs)
	}
}

// TestExcludedDiagonals: the excluded diagonals problem from a .param file
// of Gent, Jefferson and Nightingale and from flags, solved, counted,
// encoded and verified; a hard published instance decided and confirmed;
// gen diagonals writing the authors' own file again; bad files refused in
// one line.
func TestExcludedDiagonals(t *testing.T) {
	param := func(name string) string { return filepath.Join("..", "..", "testdata", "gent2017", name+".param") }
	// 4.7 x 10^9 nodes for the authors' solver, refuted by the linear
	// relaxation; 3.2 x 10^9, confirmed by dancing links.
	hard := param("diag-20-4-75") + ":18"
	code, out, errs := runCLI(t, "", "solve", "--diagonals", hard)
	if code != 1 || !regexp.MustCompile(`^N = 20: no solution exists \(method cp; confirmed by `+regexp.QuoteMeta(nqueens.RefutedText)+`\); \d+\.\d{3} s, confirmation \d+\.\d{3} s\n$`).MatchString(out) {
		t.Errorf("solve %s: %d %q %q", hard, code, out, errs)
	}
	code, out, errs = runCLI(t, "", "count", "20", "--diagonals", hard, "-q")
	if code != 0 || !strings.HasPrefix(out, "N = 20: 0 solutions (excluded-diagonals problem); ") || !regexp.MustCompile(`; confirmed by `+regexp.QuoteMeta(nqueens.RefutedText)+`( \(\d+\.\d{3} s\))?\n$`).MatchString(out) {
		t.Errorf("count: %d %q %q", code, out, errs)
	}
	hard = param("diag-21-4-163") + ":23"
	code, out, errs = runCLI(t, "", "solve", "--diagonals", hard)
	if code != 1 || !regexp.MustCompile(`^N = 21: no solution exists \(method cp; confirmed by dancing links\); \d+\.\d{3} s, confirmation \d+\.\d{3} s\n$`).MatchString(out) {
		t.Errorf("solve %s: %d %q %q", hard, code, out, errs)
	}
	code, out, errs = runCLI(t, "", "count", "--diagonals", hard, "-q")
	if code != 0 || !strings.HasPrefix(out, "N = 21: 0 solutions (excluded-diagonals problem); ") || !regexp.MustCompile(`; confirmed by dancing links \(\d+\.\d{3} s\)\n$`).MatchString(out) {
		t.Errorf("count: %d %q %q", code, out, errs)
	}
	easy := param("diag-10-4-1") + ":4"
	code, out, _ = runCLI(t, "", "count", "--diagonals", easy, "--json")
	var cj countJSON
	if code != 0 || json.Unmarshal([]byte(out), &cj) != nil || cj.Variant != "excluded-diagonals" || cj.ConfirmedBy == "" || cj.Method != nqueens.CP {
		t.Errorf("count --json: %d %q", code, out)
	}
	// The same instance from flags: [4,1] [2,1] [14,0] [8,1] are r+c = 4, 2,
	// 8 (0-based) and r-c = 14-9 = 5.
	_, byFlags, _ := runCLI(t, "", "count", "10", "--exclude-sum", "6,4,10", "--exclude-diff", "5", "--json")
	var fj countJSON
	if json.Unmarshal([]byte(byFlags), &fj) != nil || fj.Solutions != cj.Solutions {
		t.Errorf("the same instance from flags: %q against %q", byFlags, out)
	}
	// A solution file of it, verified; and refused for the problem without
	// its diagonals only when it breaks them.
	dir := t.TempDir()
	sol := filepath.Join(dir, "s.txt")
	if code, _, errs := runCLI(t, "", "solve", "--diagonals", easy, "-o", sol, "-q"); code != 0 {
		t.Fatalf("solve -o: %d %s", code, errs)
	}
	if code, out, _ := runCLI(t, "", "verify", "10", sol, "--diagonals", easy); code != 0 || out != "valid\n" {
		t.Errorf("verify: %d %q", code, out)
	}
	code, out, _ = runCLI(t, "", "verify", "10", sol, "--exclude-sum", "2,3,5,7,9,11,13,15,17,19")
	if code != 1 || !strings.Contains(out, "excluded diagonal") {
		t.Errorf("verify against other diagonals: %d %q", code, out)
	}
	// encode: the header lists the diagonals.
	code, out, _ = runCLI(t, "", "encode", "--diagonals", easy, "--format", "xcc")
	if code != 0 || !strings.Contains(out, "| excluded diagonals (4): sum r+c (1-based) in {4,6,10}, difference r-c in {5}") {
		t.Errorf("encode: %d %q", code, out[:min(len(out), 500)])
	}
	// gen diagonals with the authors' seed writes their file again.
	suiteDir := filepath.Join(dir, "g")
	if code, _, errs := runCLI(t, "", "gen", "diagonals", "--n", "10", "--seed", "1", "--count", "1", "--formats", "param,xcc", "-o", suiteDir, "-q"); code != 0 {
		t.Fatalf("gen diagonals: %d %s", code, errs)
	}
	want, _ := os.ReadFile(param("diag-10-4-1"))
	got, _ := os.ReadFile(filepath.Join(suiteDir, "diagonals-n10-k4-s1-d14.param"))
	if !bytes.Equal(got, want) {
		t.Errorf("gen diagonals --seed 1 wrote\n%s\nnot the authors' diag-10-4-1.param\n%s", got, want)
	}
	if code, out, errs := runCLI(t, "", "gen", "--verify", suiteDir); code != 0 {
		t.Errorf("gen --verify: %d %q %q", code, out, errs)
	}
	// Bad files and counts: one line, exit 2.
	bad := filepath.Join(dir, "bad.param")
	os.WriteFile(bad, []byte("n = 10\nnumdiags = 1\ndiags = [[4, 2]]\n"), 0o644)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"solve", "--diagonals", bad}, "the type is 1 (sum) or 0 (difference), not 2"},
		{[]string{"solve", "--diagonals", param("diag-10-4-1") + ":15"}, "15 diagonals asked, the file lists 14 (numdiags)"},
		{[]string{"solve", "--diagonals", param("diag-10-4-1") + ":x"}, `"x" after the colon is not a number of diagonals`},
		{[]string{"solve", "12", "--diagonals", param("diag-10-4-1")}, "N = 12, but"},
		{[]string{"solve", "--diagonals", filepath.Join(dir, "none.param")}, "cannot read"},
		{[]string{"count", "8", "--exclude-sum", "17"}, "sum diagonal r+c = 17 is not a diagonal of the 8x8 board"},
		{[]string{"count", "8", "--exclude-diff", "x"}, "--exclude-diff: model: diagonal 1"},
		{[]string{"count", "8", "--rows", "1,2"}, "--rows and --cols go together"},
		{[]string{"count", "8", "--rows", "1,2", "--cols", "3"}, "2 rows and 1 columns take a queen"},
		{[]string{"gen", "diagonals", "--n", "10", "--k", "11", "-o", filepath.Join(dir, "x")}, "open squares (k)"},
	} {
		code, _, errs := runCLI(t, "", tc.args...)
		if code != 2 || !strings.Contains(errs, tc.want) || strings.Count(errs, "\n") != 1 {
			t.Errorf("%v: exit %d, %q, want %q", tc.args, code, errs, tc.want)
		}
	}
}

// TestRefutationFile: solve and count write the proof of "no solution"
// with --refutation, verify checks it against the problem (valid, exit 0;
// another problem, exit 1; a malformed file, exit 2 in one line), and no
// file is written where the linear relaxation refutes nothing.
func TestRefutationFile(t *testing.T) {
	dir := t.TempDir()
	param := func(name string) string { return filepath.Join("..", "..", "testdata", "gent2017", name+".param") }
	hard := param("diag-20-4-75") + ":18"
	proof := filepath.Join(dir, "hard.farkas")
	code, out, errs := runCLI(t, "", "solve", "--diagonals", hard, "--refutation", proof)
	if code != 1 || !regexp.MustCompile(`^N = 20: no solution exists \(method cp; confirmed by `+regexp.QuoteMeta(nqueens.RefutedText)+`\); \d+\.\d{3} s, confirmation \d+\.\d{3} s\n$`).MatchString(out) {
		t.Fatalf("solve --refutation: %d %q %q", code, out, errs)
	}
	data, err := os.ReadFile(proof)
	if err != nil || !strings.HasPrefix(string(data), "c generated by nqueens ") || !strings.Contains(string(data), "\np farkas 20\nrows ") {
		t.Fatalf("the refutation file: %v\n%s", err, data)
	}
	f, err := model.ReadFarkas(bytes.NewReader(data))
	l, _ := model.ReadParam(mustOpen(t, param("diag-20-4-75")))
	p, _ := l.Problem(18)
	if err != nil || f.Check(p) != nil {
		t.Fatalf("the file does not refute the instance: %v", err)
	}
	// N is the list's: given or not, the same verdict.
	if code, out, errs := runCLI(t, "", "verify", "--diagonals", hard, proof); code != 0 || out != "valid: the refutation proves that no solution exists\n" {
		t.Errorf("verify without N: %d %q %q", code, out, errs)
	}
	if code, out, errs := runCLI(t, "", "verify", "20", "--diagonals", hard, proof); code != 0 || out != "valid: the refutation proves that no solution exists\n" {
		t.Errorf("verify: %d %q %q", code, out, errs)
	}
	// Fewer diagonals excluded: the weights no longer prove anything.
	if code, out, _ := runCLI(t, "", "verify", "20", "--diagonals", param("diag-20-4-75")+":17", proof); code != 1 || !strings.HasPrefix(out, "invalid: ") {
		t.Errorf("verify against another problem: %d %q", code, out)
	}
	if code, _, errs := runCLI(t, strings.Replace(string(data), "\ncols ", "\ncols 1 ", 1), "verify", "20", "--diagonals", hard); code != 2 || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, "21 weights on the cols line, not 20") {
		t.Errorf("verify of a malformed file: %d %q", code, errs)
	}
	counted := filepath.Join(dir, "count.farkas")
	if code, out, errs := runCLI(t, "", "count", "--diagonals", hard, "--refutation", counted, "-q"); code != 0 || !strings.HasPrefix(out, "N = 20: 0 solutions") {
		t.Errorf("count --refutation: %d %q %q", code, out, errs)
	}
	if code, out, _ := runCLI(t, "", "verify", "20", "--diagonals", hard, counted); code != 0 || !strings.HasPrefix(out, "valid") {
		t.Errorf("verify of count's file: %d %q", code, out)
	}
	var cj countJSON
	if code, out, _ := runCLI(t, "", "count", "--diagonals", hard, "--refutation", counted, "--json"); code != 0 || json.Unmarshal([]byte(out), &cj) != nil || cj.Refutation != counted {
		t.Errorf("count --json --refutation: %d %q", code, out)
	}
	// Confirmed by dancing links: the relaxation has a real solution.
	none := filepath.Join(dir, "none.farkas")
	code, out, _ = runCLI(t, "", "solve", "--diagonals", param("diag-21-4-163")+":23", "--refutation", none)
	if code != 1 || !regexp.MustCompile(`\(method cp; confirmed by dancing links\); \d+\.\d{3} s, confirmation \d+\.\d{3} s; no refutation written to `+regexp.QuoteMeta(none)+`: the linear relaxation does not refute it\n$`).MatchString(out) {
		t.Errorf("solve --refutation without one: %d %q", code, out)
	}
	if _, err := os.Stat(none); err == nil {
		t.Error("a refutation file written where there is none")
	}
	if code, _, errs := runCLI(t, "", "solve", "--diagonals", hard, "--refutation", filepath.Join(dir, "no", "such", "dir", "x")); code != 2 || strings.Count(errs, "\n") != 1 {
		t.Errorf("an unwritable --refutation: %d %q", code, errs)
	}
}

func mustOpen(t *testing.T, path string) *os.File {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	return f
}

// TestEstimate: the estimate of cp's tree agrees with the tree searched
// whole (n = 10, and one of the published n = 21 instances), the line and
// the JSON say the same, and bad input is a usage error.
func TestEstimate(t *testing.T) {
	param := filepath.Join("..", "..", "testdata", "gent2017", "diag-21-4-259.param")
	for _, args := range [][]string{{"10"}, {"--diagonals", param + ":19", "--measure", "1m"}} {
		code, out, errOut := runCLI(t, "", append([]string{"estimate", "--probes", "20000", "--json"}, args...)...)
		var j estimateJSON
		if code != 0 || json.Unmarshal([]byte(out), &j) != nil {
			t.Fatalf("%v: %d %q %q", args, code, out, errOut)
		}
		m := j.Measured
		if !m.Complete || j.Probes != 20000 || math.Abs(j.Nodes-float64(m.Nodes)) > 5*j.NodesErr || math.Abs(j.Solutions-float64(m.Solutions)) > 5*j.SolutionsErr+1e-9 {
			t.Errorf("%v: %+v", args, j)
		}
		if args[0] == "10" && m.Solutions != 724 {
			t.Errorf("n = 10: %d solutions searched", m.Solutions)
		}
		if args[0] != "10" && (m.Solutions != 0 || j.RefutedAtRoot) {
			t.Errorf("%v: the published answer is no solution, which the relaxation does not refute: %+v", args, j)
		}
	}
	// A tree too big for the measure: a time at the speed measured.
	code, out, _ := runCLI(t, "", "estimate", "--diagonals", param+":19", "--probes", "1000", "--measure", "20ms", "-j", "1")
	want := regexp.MustCompile(`^N = 21 \(excluded-diagonals problem\): cp's search tree estimated from 1,000 probes at 1\.\d\de\+06 nodes \(± [\d.]+%\) and 0 solutions; at [\d.e+]+ nodes/s \(1 job, 0\.0 s measured\) about [\d.]+ s\n$`)
	if code != 0 || !want.MatchString(out) {
		t.Errorf("%d %q", code, out)
	}
	code, out, _ = runCLI(t, "", "estimate", "--diagonals", filepath.Join("..", "..", "testdata", "gent2017", "diag-20-4-75.param")+":18", "--probes", "100")
	if code != 0 || !strings.HasSuffix(out, "; but the linear relaxation refutes it at the root: solve and count search nothing\n") {
		t.Errorf("%d %q", code, out)
	}
	for _, args := range [][]string{{"8", "--probes", "0"}, {"65"}, {"8", "--measure", "0s"}, {"8", "-j", "-1"}, {}} {
		code, _, errOut := runCLI(t, "", append([]string{"estimate"}, args...)...)
		if code != 2 || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%v: exit %d, %q", args, code, errOut)
		}
	}
}

// TestJoinShardsCLI: count -m join over shards and merge agree with OEIS;
// a shard of the constellation count among them, --depth and --unique
// with the join are refused in one line, exit 2.
func TestJoinShardsCLI(t *testing.T) {
	dir := t.TempDir()
	a, b, c := filepath.Join(dir, "a.json"), filepath.Join(dir, "b.json"), filepath.Join(dir, "c.json")
	for i, f := range []string{a, b} {
		if code, out, errs := runCLI(t, "", "count", "12", "-m", "join", "--shard", fmt.Sprintf("%d/2", i), "-o", f); code != 0 || !strings.Contains(out, "work units of the join") {
			t.Fatalf("shard %d: %d %q %q", i, code, out, errs)
		}
	}
	if code, out, errs := runCLI(t, "", "merge", a, b); code != 0 || out != "N = 12: 14,200 solutions; 2 shards, 472 work units of the join; agrees with OEIS\n" {
		t.Errorf("merge: %d %q %q", code, out, errs)
	}
	if code, _, errs := runCLI(t, "", "count", "12", "-m", "constellation", "--shard", "1/2", "-o", c); code != 0 {
		t.Fatalf("constellation shard: %d %q", code, errs)
	}
	if code, _, errs := runCLI(t, "", "merge", a, c); code != 2 || !strings.Contains(errs, "method constellation") || strings.Count(errs, "\n") != 1 {
		t.Errorf("mixed merge: %d %q", code, errs)
	}
	for _, args := range [][]string{{"count", "12", "-m", "join", "--depth", "1"}, {"count", "12", "-m", "join", "--unique", "--checkpoint", filepath.Join(dir, "ck")}} {
		if code, _, errs := runCLI(t, "", args...); code != 2 || strings.Count(errs, "\n") != 1 {
			t.Errorf("%v: %d %q", args, code, errs)
		}
	}
	// --unique with a journal and with shards: the constellation count,
	// whose units record their orbits, gives both counts.
	cku := filepath.Join(dir, "ck-unique")
	for _, want := range []string{"730 in all); agrees with OEIS", "730 resumed from " + cku} {
		if code, out, errs := runCLI(t, "", "count", "12", "--unique", "--checkpoint", cku); code != 0 || !strings.HasPrefix(out, "N = 12: 14,200 solutions, 1,787 essentially distinct;") || !strings.Contains(out, want) {
			t.Errorf("--unique --checkpoint: %d %q %q", code, out, errs)
		}
	}
	var uparts []string
	for i := range 3 {
		f := filepath.Join(dir, fmt.Sprintf("u%d.json", i))
		if code, _, errs := runCLI(t, "", "count", "13", "--unique", "--shard", fmt.Sprintf("%d/3", i), "-o", f); code != 0 {
			t.Fatalf("--unique --shard: %d %q", code, errs)
		}
		uparts = append(uparts, f)
	}
	if code, out, errs := runCLI(t, "", append([]string{"merge"}, uparts...)...); code != 0 || !strings.HasPrefix(out, "N = 13: 73,712 solutions, 9,233 essentially distinct; 3 shards") {
		t.Errorf("merge of --unique shards: %d %q %q", code, out, errs)
	}
	ck := filepath.Join(dir, "ck2")
	if code, out, errs := runCLI(t, "", "count", "13", "-m", "join", "--checkpoint", ck); code != 0 || !strings.HasPrefix(out, "N = 13: 73,712 solutions;") {
		t.Errorf("checkpoint: %d %q %q", code, out, errs)
	}
	if code, out, errs := runCLI(t, "", "count", "13", "-m", "join", "--checkpoint", ck); code != 0 || !strings.Contains(out, "resumed from") {
		t.Errorf("resumed: %d %q %q", code, out, errs)
	}
	// Without --method a journal is resumed by the method that began it,
	// and a new one is the default method's (the join).
	for _, m := range []string{"constellation", "join"} {
		ck := filepath.Join(dir, "ck-"+m)
		if code, _, errs := runCLI(t, "", "count", "13", "-m", m, "--checkpoint", ck); code != 0 {
			t.Fatalf("%s: %d %q", m, code, errs)
		}
		code, out, errs := runCLI(t, "", "count", "13", "--checkpoint", ck)
		if code != 0 || !strings.Contains(out, "resumed from") || strings.Contains(out, "of the join") != (m == "join") {
			t.Errorf("%s resumed without -m: %d %q %q", m, code, out, errs)
		}
	}
	if code, out, errs := runCLI(t, "", "count", "13", "--checkpoint", filepath.Join(dir, "ck-new")); code != 0 || !strings.Contains(out, "of the join") {
		t.Errorf("new checkpoint without -m: %d %q %q", code, out, errs)
	}
}

// TestVersion: --version and the version command name the build: the
// toolkit's version, the module's, the Go version and the platform.
func TestVersion(t *testing.T) {
	code, out, errs := runCLI(t, "", "version")
	if code != 0 || errs != "" || !strings.HasPrefix(out, "nqueens "+nqueens.Version+"\n") || !strings.Contains(out, "go:       "+runtime.Version()) ||
		!strings.Contains(out, "platform: "+runtime.GOOS+"/"+runtime.GOARCH) {
		t.Errorf("version: %d %q %q", code, out, errs)
	}
	code, out, _ = runCLI(t, "", "--version")
	if code != 0 || !strings.HasPrefix(out, "nqueens version "+nqueens.Version+" (") || !strings.Contains(out, runtime.Version()) {
		t.Errorf("--version: %d %q", code, out)
	}
	if code, _, errs := runCLI(t, "", "version", "x"); code != 2 || strings.Count(errs, "\n") != 1 {
		t.Errorf("version x: %d %q", code, errs)
	}
}

// TestMergeSpotCheck: a part of the join whose unit count and total were
// changed, its checksum computed again, merges without a spot check (only
// OEIS would catch the total, where it knows it), and is caught by one,
// naming the part and the unit, exit 1, nothing merged; a total that its
// units do not add up to is refused outright.
func TestMergeSpotCheck(t *testing.T) {
	dir := t.TempDir()
	var parts []string
	for i := range 4 {
		f := filepath.Join(dir, fmt.Sprintf("part-%d.json", i))
		if code, _, errs := runCLI(t, "", "count", "16", "--shard", fmt.Sprintf("%d/4", i), "-o", f, "-q"); code != 0 {
			t.Fatalf("shard %d: %d %q", i, code, errs)
		}
		parts = append(parts, f)
	}
	if code, out, errs := runCLI(t, "", append([]string{"merge", "--spot-check", "3", "--seed", "7"}, parts...)...); code != 0 || !strings.Contains(out, "14,772,512 solutions") || !strings.Contains(out, "12 units recounted (3 a part at most) by the constraint-propagation search, all agree (--seed 7)") {
		t.Fatalf("honest merge: %d %q %q", code, out, errs)
	}
	if code, _, errs := runCLI(t, "", append([]string{"merge", "--spot-check", "some"}, parts...)...); code != 2 || !strings.Contains(errs, "--spot-check must be a number of units a part (0 or more) or all") {
		t.Errorf("--spot-check some: %d %q", code, errs)
	}
	// Forge part 2: one unit and the total, the checksum computed again.
	s, err := cluster.ReadShardFile(parts[2])
	if err != nil {
		t.Fatal(err)
	}
	s.UnitAll[5]++
	s.All++
	forged := cluster.NewShardFile(&cluster.Result{Method: nqueens.Join, N: s.N, Depth: s.Depth, Shard: s.Shard, Shards: s.Shards, Block: s.Block, Units: s.Units, Total: s.Total, Digest: s.Digest, All: s.All, Nodes: s.Nodes, UnitAll: s.UnitAll})
	raw, _ := json.Marshal(forged)
	os.WriteFile(parts[2], raw, 0o644)
	if code, out, _ := runCLI(t, "", append([]string{"merge"}, parts...)...); code != 1 || !strings.Contains(out, "14,772,513 solutions") || !strings.Contains(out, "DISAGREES with OEIS") {
		t.Errorf("a forged part without a spot check: %d %q (merged, caught only by OEIS)", code, out)
	}
	code, out, errs := runCLI(t, "", append([]string{"merge", "--spot-check", "100000"}, parts...)...)
	if code != 1 || strings.Contains(out, "solutions") || !strings.Contains(out, parts[2]+": unit 37 (") || !strings.Contains(out, "the part is wrong, nothing merged") {
		t.Errorf("a forged part with a spot check: %d %q %q", code, out, errs)
	}
	// A total its units do not add up to.
	s.All++
	forged = cluster.NewShardFile(&cluster.Result{Method: nqueens.Join, N: s.N, Depth: s.Depth, Shard: s.Shard, Shards: s.Shards, Block: s.Block, Units: s.Units, Total: s.Total, Digest: s.Digest, All: s.All, Nodes: s.Nodes, UnitAll: s.UnitAll})
	raw, _ = json.Marshal(forged)
	os.WriteFile(parts[2], raw, 0o644)
	if code, _, errs := runCLI(t, "", append([]string{"merge"}, parts...)...); code != 2 || !strings.Contains(errs, "its units add up to") {
		t.Errorf("a total its units do not add up to: %d %q", code, errs)
	}
}

// TestCountPlan: count says before it starts what the join's forecast is
// when over a minute, of the whole count or of the shard, and why it
// counts by constellations where the join's memory does not fit.
func TestCountPlan(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		args []string
		want string // "" for no line
	}{
		{[]string{"count", "21", "-j", "1"}, "nqueens: N = 21 by the join of quarter boards on 1 job: forecast about " + longDuration(confirm.JoinCoreSeconds(21))},
		{[]string{"count", "21", "-j", "1", "--shard", "1/2", "-o", filepath.Join(dir, "p1.json")}, "nqueens: N = 21, shard 1/2 by the join of quarter boards on 1 job: forecast about " + longDuration(confirm.JoinCoreSeconds(21)/2)},
		{[]string{"count", "21", "-j", "2", "--shard", "1/2", "-o", filepath.Join(dir, "p3.json")}, "nqueens: N = 21, shard 1/2 by the join of quarter boards on 2 jobs: forecast about " + longDuration(confirm.JoinCoreSeconds(21)/4)},
		{[]string{"count", "21", "-j", "1", "--shard", "1/" + fmt.Sprint(int(confirm.JoinCoreSeconds(21)/60)+1), "-o", filepath.Join(dir, "p2.json")}, ""},
		{[]string{"count", "18", "-j", "1"}, ""},
		{[]string{"count", "32", "-j", "1"}, "nqueens: N = 32: the join of quarter boards needs " + memlimit.GB(counting.JoinMemory(32, 1)) + " on one goroutine, more than the"},
		{[]string{"count", "32", "-j", "2"}, "nqueens: N = 32: the join of quarter boards needs " + memlimit.GB(counting.JoinMemory(32, 2)) + " on 2 goroutines, more than the"},
	} {
		_, _, errs := runCLI(t, "", append(c.args, "--progress", "off", "--timeout", "1ms")...)
		first, _, _ := strings.Cut(errs, "\n")
		if c.want == "" && strings.Contains(errs, "forecast") || c.want != "" && !strings.HasPrefix(first, c.want) {
			t.Errorf("%v: %q, want %q", c.args, errs, c.want)
		}
	}
}

// TestEstimateCount: estimate --count forecasts a count by the join with
// an interval, and says where the join's table does not fit.
func TestEstimateCount(t *testing.T) {
	code, out, errs := runCLI(t, "", "estimate", "--count", "14", "--sample", "64", "--json")
	var f countForecastJSON
	units, _ := counting.JoinUnitsDigest(14)
	if code != 0 || json.Unmarshal([]byte(out), &f) != nil || !f.Fits || f.Seconds <= 0 || f.Low > f.Seconds || f.High < f.Seconds || f.Sampled != 64 || f.Method != "join" || f.Units != units || f.UnitMax <= 0 || f.UnitMax > f.Low {
		t.Errorf("n = 14: %d %q %q", code, out, errs)
	}
	if !f.Bounded {
		t.Errorf("n = 14, 64 units: not bounded")
	}
	// One block of 16 units bounds nothing, and says so.
	code, out, errs = runCLI(t, "", "estimate", "--count", "14", "--sample", "16")
	if code != 0 || !strings.Contains(out, "no interval") || strings.Contains(out, "95%") {
		t.Errorf("n = 14, one block: %d %q %q", code, out, errs)
	}
	f = countForecastJSON{}
	code, out, _ = runCLI(t, "", "estimate", "--count", "14", "--sample", "16", "--json")
	if code != 0 || json.Unmarshal([]byte(out), &f) != nil || f.Bounded || f.High != 0 || f.Low <= 0 {
		t.Errorf("n = 14, one block, JSON: %d %q", code, out)
	}
	// n = 30 on two goroutines: about 49 GB a task, more than this
	// machine's 24 GiB (on one, 24.7 GB: too near it to say).
	code, out, _ = runCLI(t, "", "estimate", "--count", "30", "-j", "2")
	if code != 0 || !strings.Contains(out, "more than the") || !strings.Contains(out, "not timed here") {
		t.Errorf("n = 30: %d %q", code, out)
	}
	// In JSON: fits says whether a task's memory fits here, whether or
	// not units were timed (--sample 0 times none); the memory is a
	// task's on one goroutine, or on --jobs (0: all cores, as count
	// takes it).
	for _, c := range []struct {
		args       []string
		fits       bool
		goroutines int
	}{
		{[]string{"24", "--sample", "0"}, true, 1},
		{[]string{"24", "--sample", "0", "-j", "2"}, true, 2},
		{[]string{"24", "--sample", "0", "-j", "0"}, true, runtime.NumCPU()},
		{[]string{"30", "--sample", "0", "-j", "2"}, false, 2},
	} {
		f = countForecastJSON{}
		code, out, _ = runCLI(t, "", append([]string{"estimate", "--json", "--count"}, c.args...)...)
		if code != 0 || json.Unmarshal([]byte(out), &f) != nil || f.Fits != c.fits || f.Sampled != 0 || f.Jobs != c.goroutines || f.Memory != counting.JoinMemory(f.N, c.goroutines) {
			t.Errorf("%v: %d %q, want fits %v on %d goroutines", c.args, code, out, c.fits, c.goroutines)
		}
	}
	for _, args := range [][]string{{"estimate", "--count"}, {"estimate", "--count", "40"}, {"estimate", "--count", "14", "--sample", "-1"}, {"estimate", "--count", "14", "--fix", "1:1"}} {
		if code, _, errs := runCLI(t, "", args...); code != 2 || strings.Count(errs, "\n") != 1 {
			t.Errorf("%v: %d %q", args, code, errs)
		}
	}
	// A problem flag is refused by the name of the flag that has none.
	if code, _, errs := runCLI(t, "", "estimate", "--count", "14", "--block", "1:1"); code != 2 || !strings.Contains(errs, "--block with --count:") {
		t.Errorf("--block with --count: %d %q", code, errs)
	}
	// The largest sample there is: every unit timed, not 16.
	f = countForecastJSON{}
	code, out, _ = runCLI(t, "", "estimate", "--count", "12", "--sample", "9223372036854775807", "--json")
	if all, _ := counting.JoinUnitsDigest(12); code != 0 || json.Unmarshal([]byte(out), &f) != nil || f.Sampled < all/16*16 {
		t.Errorf("--sample 2^63-1: %d %q", code, out)
	}
}

// TestReproducibleBytes: the flags that change only what a command shows
// or where it writes (--progress, --quiet, --jobs, -o, --out, --force)
// are not recorded: one suite written under each has the same bytes,
// manifest and files alike, and so has one instance encoded under each;
// the command a header records runs again to the same bytes.
func TestReproducibleBytes(t *testing.T) {
	dir := t.TempDir()
	base := []string{"gen", "completion", "--n", "8", "--m", "2", "--count", "2", "--formats", "dimacs,xcc,xcsp3,opb"}
	var first map[string]string
	for i, extra := range [][]string{nil, {"-q"}, {"--progress", "off"}, {"--progress=json", "--quiet"}, {"--force"}} {
		out := filepath.Join(dir, fmt.Sprintf("s%d", i))
		args := append(append(append([]string{}, base...), extra...), "--out", out)
		if code, _, errs := runCLI(t, "", args...); code != 0 {
			t.Fatalf("%v: %d %s", args, code, errs)
		}
		files := map[string]string{}
		entries, _ := os.ReadDir(out)
		for _, e := range entries {
			if !strings.HasPrefix(e.Name(), ".") {
				b, _ := os.ReadFile(filepath.Join(out, e.Name()))
				files[e.Name()] = string(b)
			}
		}
		if first == nil {
			first = files
			continue
		}
		for name, b := range first {
			if files[name] != b {
				t.Errorf("%v: %s differs from the suite written without them", extra, name)
			}
		}
	}
	var header string
	for _, extra := range [][]string{{"-q"}, {"--progress", "off"}, nil} {
		out := filepath.Join(dir, "e.cnf")
		args := append([]string{"encode", "7", "--fix", "1:1"}, extra...)
		args = append(args, "-o", out)
		if code, _, errs := runCLI(t, "", args...); code != 0 {
			t.Fatalf("%v: %d %s", args, code, errs)
		}
		b, _ := os.ReadFile(out)
		if header == "" {
			header = string(b)
		} else if string(b) != header {
			t.Errorf("encode %v: other bytes", extra)
		}
	}
	if !strings.Contains(header, "c command: nqueens encode 7 --fix 1:1\n") {
		t.Errorf("the header's command:\n%s", header[:300])
	}
	// The command recorded writes the same bytes again.
	line := header[strings.Index(header, "c command: ")+len("c command: "):]
	line = line[:strings.IndexByte(line, '\n')]
	words := cmdline.Split(line)
	code, again, _ := runCLI(t, "", words[1:]...)
	if code != 0 || again != header {
		t.Errorf("the header's command %q writes other bytes", line)
	}
}
