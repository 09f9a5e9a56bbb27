package model_test

import (
	"testing"

	"github.com/queenslab/nqueens/internal/brute"
	"github.com/queenslab/nqueens/model"
)

// zeroFarkas is a refutation of an n x n board with every weight 0.
func zeroFarkas(n int) *model.Farkas {
	return &model.Farkas{N: n, Rows: make([]int64, n), Cols: make([]int64, n), Sums: make([]int64, 2*n-1), Diffs: make([]int64, 2*n-1)}
}

// A row with every square blocked: the weight -1 on it alone refutes.
func TestFarkasCheckEmptyRow(t *testing.T) {
	p := model.Problem{N: 3, Blocked: []model.Square{{Row: 1, Col: 0}, {Row: 1, Col: 1}, {Row: 1, Col: 2}}}
	f := zeroFarkas(3)
	f.Rows[1] = -1
	if err := f.Check(p); err != nil {
		t.Fatalf("a valid refutation rejected: %v", err)
	}
	if c := brute.Count(p); c != 0 {
		t.Fatalf("brute force finds %d solutions", c)
	}
	// The same weights do not refute the open board: row 2's squares
	// weigh -1 there.
	if err := f.Check(model.Classic(3)); err == nil {
		t.Fatal("a refutation of the classic N = 3 accepted: its squares of row 2 weigh -1")
	}
}

// Two pre-placed queens leave the one free square of row 3 of a 3x3 board
// on a taken diagonal: the free lines are row 3 and column 2, and row 3
// has no square left.
func TestFarkasCheckAfterFixed(t *testing.T) {
	p := model.Problem{N: 3, Fixed: []model.Square{{Row: 0, Col: 0}, {Row: 1, Col: 2}}}
	f := zeroFarkas(3)
	f.Rows[2] = -1
	f.Rows[0] = 5 // a pre-placed queen's row: its weight is not counted
	if err := f.Check(p); err != nil {
		t.Fatalf("a valid refutation rejected: %v", err)
	}
	bad := model.Problem{N: 3, Fixed: []model.Square{{Row: 0, Col: 0}, {Row: 1, Col: 1}}}
	if err := f.Check(bad); err == nil {
		t.Fatal("a refutation of pre-placed queens that attack each other accepted")
	}
}

func TestFarkasCheckRejects(t *testing.T) {
	p := model.Problem{N: 3, Blocked: []model.Square{{Row: 1, Col: 0}, {Row: 1, Col: 1}, {Row: 1, Col: 2}}}
	for _, c := range []struct {
		name string
		edit func(f *model.Farkas)
	}{
		{"total 0", func(f *model.Farkas) { f.Rows[1] = 0 }},
		{"a negative diagonal", func(f *model.Farkas) { f.Sums[0] = -1; f.Rows[0] = 1 }},
		{"a negative difference diagonal", func(f *model.Farkas) { f.Diffs[2] = -1; f.Rows[0] = 1 }},
		{"a negative square", func(f *model.Farkas) { f.Cols[0] = -1; f.Rows[1] = 0 }},
		{"too few rows", func(f *model.Farkas) { f.Rows = f.Rows[:2] }},
		{"another board", func(f *model.Farkas) { f.N = 4 }},
		{"a weight out of range", func(f *model.Farkas) { f.Rows[1] = -1 << 41 }},
	} {
		f := zeroFarkas(3)
		f.Rows[1] = -1
		c.edit(f)
		if err := f.Check(p); err == nil {
			t.Errorf("%s: accepted", c.name)
		}
	}
}

func TestFarkasFromReals(t *testing.T) {
	p := model.Problem{N: 3, Blocked: []model.Square{{Row: 1, Col: 0}, {Row: 1, Col: 1}, {Row: 1, Col: 2}}}
	rows, cols := []float64{1e-12, -0.5, -1e-12}, make([]float64, 3)
	sums, diffs := make([]float64, 5), []float64{0, -1e-13, 0, 0, 0}
	f := model.FarkasFromReals(p, rows, cols, sums, diffs)
	if f == nil {
		t.Fatal("no refutation from weights a rounding away from one")
	}
	if err := f.Check(p); err != nil {
		t.Fatal(err)
	}
	if model.FarkasFromReals(model.Classic(3), rows, cols, sums, diffs) != nil {
		t.Fatal("a refutation of the classic N = 3")
	}
}

// FuzzFarkasCheck holds the checker to brute force: whatever weights it
// accepts for whatever small problem, that problem has no solution.
func FuzzFarkasCheck(f *testing.F) {
	f.Add([]byte{3, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9})
	f.Add([]byte{4, 7, 7, 7, 1, 0, 0, 0, 15, 3, 3, 3})
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) == 0 {
			return
		}
		i := 0
		next := func(k int) int {
			if i >= len(data) || k <= 1 {
				return 0
			}
			i++
			return int(data[i-1]) % k
		}
		n := int(data[0])%5 + 1
		i = 1
		p := brute.Problem(n, next)
		if p.Validate() != nil {
			return
		}
		w := zeroFarkas(n)
		for _, ws := range [][]int64{w.Rows, w.Cols, w.Sums, w.Diffs} {
			for j := range ws {
				ws[j] = int64(next(17)) - 8
			}
		}
		if w.Check(p) == nil {
			if c := brute.Count(p); c != 0 {
				t.Fatalf("a refutation of %+v accepted, which has %d solutions: %+v", p, c, w)
			}
		}
	})
}
