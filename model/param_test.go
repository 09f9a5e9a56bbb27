package model

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReadParamPublished reads the sample of Gent, Jefferson and
// Nightingale's published .param files and writes each back byte for byte.
func TestReadParamPublished(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("..", "testdata", "gent2017", "*.param"))
	if len(files) < 20 {
		t.Fatalf("%d .param files in testdata/gent2017", len(files))
	}
	for _, f := range files {
		raw, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		l, err := ReadParam(bytes.NewReader(raw))
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		var back bytes.Buffer
		if err := WriteParam(&back, l); err != nil || !bytes.Equal(back.Bytes(), raw) {
			t.Errorf("%s: written back otherwise (%v):\n%s", f, err, back.String())
		}
		for d := range len(l.Diagonals) + 1 {
			p, err := l.Problem(d)
			if err != nil || len(p.Excluded) != d || p.Variant() != map[bool]string{true: "classic", false: "excluded-diagonals"}[d == 0] {
				t.Fatalf("%s, d = %d: %+v %v", f, d, p, err)
			}
		}
		if _, err := l.Problem(len(l.Diagonals) + 1); err == nil {
			t.Errorf("%s: more diagonals than the list accepted", f)
		}
	}
}

// TestReadParamBad: every malformed file is a *FileError naming what is
// wrong (and its line).
func TestReadParamBad(t *testing.T) {
	good := "n =  4\nnumdiags =  2\ndiags =  [[1, 1], [3, 0]]\n"
	if l, err := ReadParam(strings.NewReader(good)); err != nil || l.N != 4 ||
		l.Diagonals[0] != (Diagonal{Sum, 1}) || l.Diagonals[1] != (Diagonal{Difference, 0}) {
		t.Fatalf("good file: %+v %v", l, err)
	}
	multi := "n = 4\nnumdiags = 2\ndiags = [[1, 1],\n   [3, 0]]\n"
	if _, err := ReadParam(strings.NewReader(multi)); err != nil {
		t.Errorf("a list over two lines: %v", err)
	}
	for _, tc := range []struct{ text, want string }{
		{"", "no n ="},
		{"n = 4\nnumdiags = 1\n", "no diags ="},
		{"n = x\nnumdiags = 0\ndiags = []\n", `n = "x" is not a board size`},
		{"n = 0\nnumdiags = 0\ndiags = []\n", "is not a board size from 1 to 1000"},
		{"n = 4\nn = 4\nnumdiags = 0\ndiags = []\n", "line 2: n is given twice"},
		{"n = 4\nnumdiags = 3\ndiags = [[1, 1]]\n", "numdiags = 3, but diags lists 1"},
		{"n = 4\nnumdiags = 1\ndiags = [[1, 2]]\n", "the type is 1 (sum) or 0 (difference), not 2"},
		{"n = 4\nnumdiags = 1\ndiags = [[7, 1]]\n", "7 is not from 0 to 6"},
		{"n = 4\nnumdiags = 1\ndiags = [[-1, 0]]\n", "-1 is not from 0 to 6"},
		{"n = 4\nnumdiags = 2\ndiags = [[1, 1], [1, 1]]\n", "is listed twice"},
		{"n = 4\nnumdiags = 1\ndiags = [1, 1]\n", "is not [v, t]"},
		{"n = 4\nnumdiags = 1\ndiags = [[1, 1]\n", `"[1, 1" is not [v, t]`},
		{"n = 4\nnumdiags = 1\ndiags = (1, 1)\n", "is not a list in brackets"},
		{"n = 4\nnumdiags = 1\ndiags = [[1 1]]\n", "is not [v, t]"},
		{"n = 4\nnumdiags = 1\ndiags = [[1, a]]\n", `"a" is not a whole number`},
		{"n = 4\nnumdiags = 1\ndiags = [[1, 1],]\n", "a comma with no pair after it"},
		{"n = 4\nnumdiags = 2\ndiags = [[1, 1] [2, 1]]\n", "is not a comma"},
		{"n = 4\nwhat = 1\n", `line 2: "what = 1" is not n =`},
		{strings.Repeat("x", maxParamBytes+1), "longer than"},
	} {
		_, err := ReadParam(strings.NewReader(tc.text))
		var pe *FileError
		if !errors.As(err, &pe) || !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), "model: .param file") {
			t.Errorf("%q: %v, want a FileError with %q", tc.text, err, tc.want)
		}
	}
}

// TestDiagonals: squares, validation, the lists people type, and the
// board lookup.
func TestDiagonals(t *testing.T) {
	n := 5
	for _, d := range []Diagonal{{Sum, 0}, {Sum, 8}, {Difference, -4}, {Difference, 4}, {Sum, 4}, {Difference, 0}} {
		sq := d.Squares(n)
		want := n - max(d.Index-(n-1), (n-1)-d.Index)
		if d.Kind == Difference {
			want = n - max(d.Index, -d.Index)
		}
		if len(sq) != want {
			t.Errorf("%v: %d squares, want %d", d, len(sq), want)
		}
		for _, s := range sq {
			if !d.Contains(s) {
				t.Errorf("%v does not contain its square %v", d, s)
			}
		}
	}
	for _, d := range []Diagonal{{Sum, -1}, {Sum, 9}, {Difference, 5}, {Difference, -5}, {DiagonalKind(7), 0}} {
		if d.Validate(n) == nil {
			t.Errorf("%v accepted on a 5x5 board", d)
		}
	}
	ds, err := ParseDiagonals("2, 10", Sum)
	if err != nil || ds[0] != (Diagonal{Sum, 0}) || ds[1] != (Diagonal{Sum, 8}) || FormatDiagonals(ds, Sum) != "2,10" {
		t.Errorf("sum list: %v %v", ds, err)
	}
	if _, err := ParseDiagonals("1,x", Difference); err == nil {
		t.Error("a list with a word accepted")
	}
	p := Problem{N: 4, Excluded: []Diagonal{{Sum, 3}}, Rows: []int{0, 1, 2}, Cols: []int{1, 2, 3}, Blocked: []Square{{0, 1}}}
	if err := p.Validate(); err != nil {
		t.Fatal(err)
	}
	b := p.Board()
	for r := range 4 {
		for c := range 4 {
			want := r != 3 && c != 0 && r+c != 3 && !(r == 0 && c == 1)
			if b.Open(r, c) != want {
				t.Errorf("square %d,%d: open %v, want %v", r, c, b.Open(r, c), want)
			}
		}
	}
	for _, bad := range []Problem{
		{N: 4, Rows: []int{0}, Cols: []int{0, 1}},
		{N: 4, Rows: []int{0}},
		{N: 4, Rows: []int{0, 0}, Cols: []int{0, 1}},
		{N: 4, Rows: []int{4}, Cols: []int{0}},
		{N: 4, Excluded: []Diagonal{{Sum, 7}}},
	} {
		if bad.Validate() == nil {
			t.Errorf("%+v accepted", bad)
		}
	}
}

// FuzzReadParam: any bytes are read without a panic, refused as a
// *FileError, or give a list of distinct diagonals of the board that is
// written back into a file that reads the same.
func FuzzReadParam(f *testing.F) {
	for _, s := range []string{"n =  4\nnumdiags =  2\ndiags =  [[1, 1], [3, 0]]\n", "n = 1\nnumdiags = 0\ndiags = []\n",
		"n = 4\nnumdiags = 1\ndiags = [[1,\n 1]]\n", "diags = [[", "n = 99999999999999999999"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		l, err := ReadParam(bytes.NewReader(raw))
		if err != nil {
			var pe *FileError
			if !errors.As(err, &pe) {
				t.Fatalf("error of type %T: %v", err, err)
			}
			return
		}
		seen := map[Diagonal]bool{}
		for _, d := range l.Diagonals {
			if d.Validate(l.N) != nil || seen[d] {
				t.Fatalf("accepted %v on a board of %d (twice: %v)", d, l.N, seen[d])
			}
			seen[d] = true
		}
		var b bytes.Buffer
		WriteParam(&b, l)
		back, err := ReadParam(&b)
		if err != nil || back.N != l.N || len(back.Diagonals) != len(l.Diagonals) {
			t.Fatalf("written back and read: %+v %v", back, err)
		}
	})
}
