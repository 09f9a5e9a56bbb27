package cnf_test

import (
	"bytes"
	"compress/gzip"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/queenslab/nqueens/cnf"
	"github.com/ulikunitz/xz"
)

func TestReadDIMACS(t *testing.T) {
	good := []struct {
		in      string
		clauses [][]int
		ind     []int
	}{
		{"p cnf 0 0\n", nil, nil},
		{"c hello\np cnf 3 2\n1 -2 0\n2 3 0\n", [][]int{{1, -2}, {2, 3}}, nil},
		{"p cnf 3 2\n1 -2\n 0 2\t3 0", [][]int{{1, -2}, {2, 3}}, nil}, // clauses span lines, no final newline
		{"c ind 1 2 0\nc ind 3 0\np cnf 3 1\nc late comment\n-3 0\n", [][]int{{-3}}, []int{1, 2, 3}},
		{"c ind 2 1 2 0\nc ind 1 3 0\np cnf 3 1\n-3 0\n", [][]int{{-3}}, []int{2, 1, 3}}, // repeated: once each
		{"c p show 3 1 0\np cnf 3 1\n-3 0\n", [][]int{{-3}}, []int{3, 1}},                // the model counting competition's form
		{"c ind 1 2 0\nc p show 1 2 0\np cnf 3 1\n-3 0\n", [][]int{{-3}}, []int{1, 2}},   // both forms of one set
		{"c p is a comment\np cnf 1 1\n1 0\n", [][]int{{1}}, nil},
		{"p cnf 2 1\r\n1 2 0\r\n", [][]int{{1, 2}}, nil},
		{"p cnf 2 1\n1 2 0\n%\n0\n", [][]int{{1, 2}}, nil}, // SATLIB end marker
		{"p cnf 2 1\n0\n", [][]int{nil}, nil},              // the empty clause
		{"c\np cnf 1 1\n\n1 0\n", [][]int{{1}}, nil},
	}
	for _, tc := range good {
		f, info, err := cnf.ReadFormula(strings.NewReader(tc.in))
		if err != nil {
			t.Errorf("ReadFormula(%q): %v", tc.in, err)
			continue
		}
		if !reflect.DeepEqual(f.Clauses, tc.clauses) || !reflect.DeepEqual(info.Ind, tc.ind) {
			t.Errorf("ReadFormula(%q) = %v ind %v, want %v ind %v", tc.in, f.Clauses, info.Ind, tc.clauses, tc.ind)
		}
	}
	for _, tc := range []struct{ in, err string }{
		{"", `dimacs: no problem line "p cnf VARIABLES CLAUSES"`},
		{"1 2 0\n", `dimacs: line 1: clause before the problem line "p cnf VARIABLES CLAUSES"`},
		{"p cnf 2\n", `dimacs: line 1: problem line must be "p cnf VARIABLES CLAUSES"`},
		{"p sat 2 1\n", `dimacs: line 1: problem line must be "p cnf VARIABLES CLAUSES"`},
		{"p cnf x 1\n", `dimacs: line 1, column 7: "x" is not a count`},
		{"p cnf 2 -1\n", `dimacs: line 1, column 9: "-1" is not a count`},
		{"p cnf 2 1\np cnf 2 1\n", "dimacs: line 2: a second problem line (the first gave 2 variables, 1 clauses)"},
		{"p cnf 2 1\n1 x 0\n", `dimacs: line 2, column 3: "x" is not a literal`},
		{"p cnf 2 1\n1 3 0\n", "dimacs: line 2, column 3: literal 3 is out of range: the problem line gives 2 variables"},
		{"p cnf 2 1\n1 -3 0\n", "dimacs: line 2, column 3: literal -3 is out of range: the problem line gives 2 variables"},
		{"p cnf 2 1\n1 2\n", "dimacs: line 2: the last clause has no terminating 0"},
		{"p cnf 2 2\n1 2 0\n", "dimacs: line 2: the problem line gives 2 clauses, the file has 1"},
		{"p cnf 2 1\n1 0\n2 0\n", "dimacs: line 3, column 3: more clauses than the 1 of the problem line"},
		{"p cnf 2 1\n1 0 2\n", "dimacs: line 2: the last clause has no terminating 0"},
		{"cnf\np cnf 1 0\n", `dimacs: line 1, column 1: "cnf" is neither a comment (c followed by a space) nor a clause`},
		{"c ind 1 2\np cnf 2 0\n", "dimacs: line 1: c ind line does not end with 0"},
		{"c p show 1 2\np cnf 2 0\n", "dimacs: line 1: c p show line does not end with 0"},
		{"c p show 1 x 0\np cnf 2 0\n", `dimacs: line 1, column 12: c p show: "x" is not a variable`},
		{"c ind 1 0 2\np cnf 2 0\n", "dimacs: line 1, column 9: c ind: 0 before the end of the line"},
		{"c ind 5 0\np cnf 2 0\n", "dimacs: c ind names variable 5, beyond the 2 of the problem line"},
		{"p cnf 2 1\n1 99999999999999999999 0\n", `dimacs: line 2, column 3: "99999999999999999999" is not a literal`},
		{"p cnf 99999999999999999 1\n1 0\n", "dimacs: line 1, column 7: 99999999999999999 variables: more than the 2147483647 that DIMACS solvers number"},
		{"p cnf 2147483648 0\n", "dimacs: line 1, column 7: 2147483648 variables: more than the 2147483647 that DIMACS solvers number"},
	} {
		_, _, err := cnf.ReadFormula(strings.NewReader(tc.in))
		if err == nil || err.Error() != tc.err {
			t.Errorf("ReadFormula(%q) error = %v, want %q", tc.in, err, tc.err)
		}
	}
}

// TestReadLongLine: a clause longer than the reader's buffer.
func TestReadLongLine(t *testing.T) {
	var b strings.Builder
	b.WriteString("p cnf 100000 1\n")
	for v := 1; v <= 100000; v++ {
		b.WriteString(strconv.Itoa(-v) + " ")
	}
	b.WriteString("0\n")
	f, _, err := cnf.ReadFormula(strings.NewReader(b.String()))
	if err != nil || len(f.Clauses) != 1 || len(f.Clauses[0]) != 100000 || f.Clauses[0][99999] != -100000 {
		t.Fatalf("long clause: %v", err)
	}
}

// seedFiles adds the files of testdata as fuzz seeds.
func seedFiles(f interface{ Add(...any) }, ext string) {
	paths, _ := filepath.Glob(filepath.Join("testdata", "*"+ext))
	for _, p := range paths {
		if b, err := os.ReadFile(p); err == nil {
			f.Add(b)
		}
	}
}

// FuzzReadDIMACS: the reader never panics, and what it accepts it reads
// back the same after writing.
func FuzzReadDIMACS(f *testing.F) {
	seedFiles(f, ".cnf")
	for _, s := range []string{"p cnf 2 1\n1 -2 0\n", "c ind 1 0\np cnf 1 1\n1 0\n%\n", "p cnf 1 1\n1", "p cnf 3 1\n-0 0\n"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		got, _, err := cnf.ReadFormula(bytes.NewReader(data))
		if err != nil {
			if _, ok := err.(*cnf.ParseError); !ok {
				t.Fatalf("error of type %T: %v", err, err)
			}
			return
		}
		var buf bytes.Buffer
		if err := cnf.WriteFormula(&buf, got, nil); err != nil {
			t.Fatal(err)
		}
		again, _, err := cnf.ReadFormula(&buf)
		if err != nil {
			t.Fatalf("rereading %q: %v", buf.String(), err)
		}
		if again.Vars != got.Vars || !reflect.DeepEqual(again.Clauses, got.Clauses) || !reflect.DeepEqual(again.Ind, got.Ind) {
			t.Fatalf("round trip changed the formula")
		}
	})
}

// TestCompressed: gzip, bzip2 and xz input reads as the plain file does,
// told apart by its magic bytes; a stream cut short is a ParseError that
// names the compression.
func TestCompressed(t *testing.T) {
	plain, err := os.ReadFile(filepath.Join("testdata", "n5-completion.cnf"))
	if err != nil {
		t.Fatal(err)
	}
	want, _, err := cnf.ReadFormula(bytes.NewReader(plain))
	if err != nil {
		t.Fatal(err)
	}
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write(plain)
	zw.Close()
	var xzb bytes.Buffer
	xw, _ := xz.NewWriter(&xzb)
	xw.Write(plain)
	xw.Close()
	inputs := map[string][]byte{"gzip": gz.Bytes(), "xz": xzb.Bytes()}
	if bz, err := exec.Command("bzip2", "-c", filepath.Join("testdata", "n5-completion.cnf")).Output(); err == nil {
		inputs["bzip2"] = bz
	} else {
		t.Log("bzip2 is not installed: bzip2 input untested")
	}
	for name, data := range inputs {
		got, _, err := cnf.ReadFormula(bytes.NewReader(data))
		if err != nil || !reflect.DeepEqual(got.Clauses, want.Clauses) {
			t.Errorf("%s: %v", name, err)
		}
		// Cut anywhere, even where only the index and footer are lost
		// (the end of a block), the file is refused.
		for cut := len(data) - 1; cut >= 10; cut -= 1 + max(0, len(data)-64-cut) {
			_, _, err = cnf.ReadFormula(bytes.NewReader(data[:cut]))
			var pe *cnf.ParseError
			if !errors.As(err, &pe) || !strings.Contains(err.Error(), name) {
				t.Fatalf("%s cut to %d of %d bytes: %v", name, cut, len(data), err)
			}
		}
	}
	// Stream padding (zero bytes in fours) after the footer is allowed.
	if _, _, err := cnf.ReadFormula(bytes.NewReader(append(xzb.Bytes(), 0, 0, 0, 0))); err != nil {
		t.Errorf("xz with stream padding: %v", err)
	}
}

// TestCommentsBounded: a file of endless comment lines is read with at
// most MaxComments bytes of them kept.
func TestCommentsBounded(t *testing.T) {
	line := "c " + strings.Repeat("x", 1000) + "\n"
	body := io.MultiReader(strings.NewReader("p cnf 1 1\n"), strings.NewReader(strings.Repeat(line, 4*cnf.MaxComments/len(line))), strings.NewReader("1 0\n"))
	info, err := cnf.ReadDIMACS(body, &cnf.Tally{})
	if err != nil {
		t.Fatal(err)
	}
	kept := 0
	for _, c := range info.Comments {
		kept += len(c)
	}
	if kept > cnf.MaxComments || kept < cnf.MaxComments/2 {
		t.Errorf("%d bytes of comments kept, want at most %d", kept, cnf.MaxComments)
	}
}

// TestGBDHash: the Global Benchmark Database's identifier of files plain,
// compressed and of odd layout is the value GBD's own reference code
// computes for them (cnf/testdata/gbd/hashes.tsv); a layout change that
// keeps the clauses keeps it, another clause changes it.
func TestGBDHash(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join("testdata", "gbd", "hashes.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, line := range strings.Split(strings.TrimSpace(string(raw)), "\n") {
		if strings.HasPrefix(line, "#") {
			continue
		}
		name, want, _ := strings.Cut(line, "\t")
		f, err := os.Open(filepath.Join("testdata", "gbd", name))
		if err != nil {
			t.Fatal(err)
		}
		got, err := cnf.GBDHash(f)
		f.Close()
		if err != nil || got != want {
			t.Errorf("%s: %s %v, want %s", name, got, err, want)
		}
		n++
	}
	if n < 5 {
		t.Fatalf("%d files checked", n)
	}
	a, _ := cnf.GBDHash(strings.NewReader("c x\np cnf 2 2\n1 -2 0\n2 0\n"))
	b, _ := cnf.GBDHash(strings.NewReader("p cnf 2 2\n\t1   -2\n0 2\r\n"))
	c, _ := cnf.GBDHash(strings.NewReader("p cnf 2 2\n1 -2 0\n-2 0\n"))
	if a != b || a == c {
		t.Errorf("layout: %s %s, another clause: %s", a, b, c)
	}
}

// TestOccurring: the variables the clauses name, once each and in order,
// not the ones the header declares.
func TestOccurring(t *testing.T) {
	f := &cnf.Formula{Vars: 9, Clauses: [][]int{{3, -1}, {-3, 7}, {1}}}
	if got := f.Occurring(); !slices.Equal(got, []int{1, 3, 7}) {
		t.Errorf("%v, want [1 3 7]", got)
	}
	if got := (&cnf.Formula{Vars: 4}).Occurring(); len(got) != 0 {
		t.Errorf("no clauses: %v", got)
	}
}

// TestSanitary: a file as the SAT competitions ask is taken; one whose
// header declares a variable that no clause has, a clause with a literal
// twice, or a tautology is refused naming it.
func TestSanitary(t *testing.T) {
	for text, want := range map[string]string{
		"p cnf 3 2\n1 -2 0\n2 3 0\n":    "",
		"p cnf 4 2\n1 -2 0\n2 3 0\n":    "variable 4 of the 4",
		"p cnf 3 2\n1 -2 1 0\n2 3 0\n":  "clause 1 holds the literal 1 twice",
		"p cnf 3 2\n1 -2 0\n2 3 -2 0\n": "clause 2 holds 2 and -2: a tautology",
	} {
		err := cnf.Sanitary(strings.NewReader(text))
		if want == "" && err != nil || want != "" && (err == nil || !strings.Contains(err.Error(), want)) {
			t.Errorf("%q: %v, want %q", text, err, want)
		}
	}
}
