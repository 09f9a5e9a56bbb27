package model

import (
	"fmt"
	"math"
)

// FarkasMaxN is the largest board whose refutations Check reads: checking
// one looks at every square.
const FarkasMaxN = 4096

// farkasMaxWeight bounds every weight of a refutation, so that no sum
// Check forms can overflow: at most 2 * FarkasMaxN + 2 * (2 * FarkasMaxN - 1)
// weights of at most 2^40 each add up to less than 2^55.
const farkasMaxWeight = 1 << 40

// Farkas is a proof that a problem has no solution, read off its linear
// relaxation by Farkas' lemma (1902): integer weights u on the rows and
// the columns that still take a queen and v >= 0 on the diagonals still
// free, such that on every square where a queen may still stand,
//
//	u[row] + u[column] + v[sum diagonal] + v[difference diagonal] >= 0,
//
// while the weights of all those rows, columns and diagonals add up to a
// negative number. A solution would put exactly one queen on each of
// those rows and columns and at most one on each diagonal; adding the
// inequality over its queens gives a sum that is at least 0 and at most
// that negative total. So there is none, and the proof is checked with
// integer arithmetic only: no trust in the linear programming that found
// it. "Still" is after the pre-placed queens: their rows, columns and
// diagonals are taken, and their weights are ignored.
type Farkas struct {
	N int
	// Rows and Cols are u by row and column (N each); Sums and Diffs are
	// v by sum diagonal r + c and by difference diagonal r - c + N-1
	// (2N-1 each).
	Rows, Cols, Sums, Diffs []int64
}

// total is the sum of the weights of the lines a solution must fill or
// may use: negative in a valid refutation.
func (f *Farkas) total(free freeSet) int64 {
	var t int64
	for _, x := range []struct {
		free []bool
		w    []int64
	}{{free.rows, f.Rows}, {free.cols, f.Cols}, {free.sums, f.Sums}, {free.diffs, f.Diffs}} {
		for i, ok := range x.free {
			if ok {
				t += x.w[i]
			}
		}
	}
	return t
}

// square is the weight of the square (r, c): its row's, column's and two
// diagonals'.
func (f *Farkas) square(r, c int) int64 {
	return f.Rows[r] + f.Cols[c] + f.Sums[r+c] + f.Diffs[r-c+f.N-1]
}

// Check verifies that f proves p has no solution; the error says what
// fails.
func (f *Farkas) Check(p Problem) error {
	if err := p.Validate(); err != nil {
		return err
	}
	n := p.N
	if n > FarkasMaxN {
		return fmt.Errorf("model: a refutation of N = %d is too large to check (at most %d)", n, FarkasMaxN)
	}
	if f.N != n || len(f.Rows) != n || len(f.Cols) != n || len(f.Sums) != 2*n-1 || len(f.Diffs) != 2*n-1 {
		return fmt.Errorf("model: the refutation is not of an %dx%d board", n, n)
	}
	for _, w := range [][]int64{f.Rows, f.Cols, f.Sums, f.Diffs} {
		for _, x := range w {
			if x > farkasMaxWeight || x < -farkasMaxWeight {
				return fmt.Errorf("model: a weight of the refutation, %d, is out of range (|w| <= 2^40)", x)
			}
		}
	}
	free, err := freeLines(p)
	if err != nil {
		return err
	}
	for i, ok := range free.sums {
		if ok && f.Sums[i] < 0 {
			return fmt.Errorf("model: the refutation weighs sum diagonal %d negatively", i)
		}
	}
	for i, ok := range free.diffs {
		if ok && f.Diffs[i] < 0 {
			return fmt.Errorf("model: the refutation weighs difference diagonal %d negatively", i-(n-1))
		}
	}
	var bad error
	free.squares(func(r, c int) bool {
		if w := f.square(r, c); w < 0 {
			bad = fmt.Errorf("model: the refutation weighs the square at row %d, column %d negatively (%d)", r+1, c+1, w)
			return false
		}
		return true
	})
	if bad != nil {
		return bad
	}
	if t := f.total(free); t >= 0 {
		return fmt.Errorf("model: the refutation's total weight is %d, not negative", t)
	}
	return nil
}

// freeSet is what the pre-placed queens of a problem leave: the rows and
// columns that still take a queen, the diagonals no queen stands on and
// that are not excluded, and the board.
type freeSet struct {
	rows, cols, sums, diffs []bool
	board                   *Board
}

// squares calls f with every square where a queen may still stand, row by
// row, until it returns false.
func (fs freeSet) squares(f func(r, c int) bool) {
	n := len(fs.rows)
	for r := range n {
		if !fs.rows[r] {
			continue
		}
		for c := range n {
			if fs.cols[c] && fs.sums[r+c] && fs.diffs[r-c+n-1] && fs.board.Open(r, c) && !f(r, c) {
				return
			}
		}
	}
}

// freeLines is the freeSet of p; pre-placed queens that attack each other
// or stand where no queen may are an error (p has no solution, and needs
// no refutation to say so).
func freeLines(p Problem) (freeSet, error) {
	n := p.N
	b := p.Board()
	fs := freeSet{make([]bool, n), make([]bool, n), make([]bool, 2*n-1), make([]bool, 2*n-1), b}
	for i := range n {
		fs.rows[i], fs.cols[i] = b.RowTakesQueen(i), b.ColTakesQueen(i)
	}
	for i := range 2*n - 1 {
		fs.sums[i] = !b.Excluded(Diagonal{Sum, i})
		fs.diffs[i] = !b.Excluded(Diagonal{Difference, i - (n - 1)})
	}
	seen := make(map[Square]bool, len(p.Fixed))
	for _, s := range p.Fixed {
		if seen[s] {
			continue
		}
		seen[s] = true
		r, c := s.Row, s.Col
		if !b.Open(r, c) || !fs.rows[r] || !fs.cols[c] || !fs.sums[r+c] || !fs.diffs[r-c+n-1] {
			return fs, fmt.Errorf("model: the pre-placed queen at row %d, column %d cannot stand: the problem has no solution without a refutation", r+1, c+1)
		}
		fs.rows[r], fs.cols[c], fs.sums[r+c], fs.diffs[r-c+n-1] = false, false, false, false
	}
	return fs, nil
}

// FarkasFromReals turns real weights (u on rows and columns, v on
// diagonals, as a linear programming solver finds them: near a
// refutation, with rounding errors) into an integer refutation of p. The
// weights of a vertex are rational, often with a small common
// denominator: the first of the scales 1 to 64 times the smallest weight
// (in size, of those above 10^-6 of the largest) at which the rounded
// weights check gives a proof of small whole numbers. Failing that, the
// weights are scaled so that the largest is 2^30, rounded, negative
// diagonal weights raised to 0, and a square left below 0 by the rounding
// raised by its row's weight. Either is divided by the greatest common
// divisor of its weights (the same proof, shorter to read). It returns
// nil when no result checks.
func FarkasFromReals(p Problem, rows, cols, sums, diffs []float64) *Farkas {
	n := p.N
	if n > FarkasMaxN || len(rows) != n || len(cols) != n || len(sums) != 2*n-1 || len(diffs) != 2*n-1 {
		return nil
	}
	big := 0.0
	for _, w := range [][]float64{rows, cols, sums, diffs} {
		for _, x := range w {
			if math.IsNaN(x) || math.IsInf(x, 0) {
				return nil
			}
			big = max(big, math.Abs(x))
		}
	}
	if big == 0 {
		return nil
	}
	small := big
	for _, w := range [][]float64{rows, cols, sums, diffs} {
		for _, x := range w {
			if a := math.Abs(x); a > 1e-6*big {
				small = min(small, a)
			}
		}
	}
	for k := 1; k <= 64; k++ {
		if 2*float64(k)*big/small > farkasMaxWeight {
			break
		}
		f := roundFarkas(n, float64(k)/small, rows, cols, sums, diffs)
		if f.Check(p) == nil {
			f.reduce()
			return f
		}
	}
	free, err := freeLines(p)
	if err != nil {
		return nil
	}
	f := roundFarkas(n, (1<<30)/big, rows, cols, sums, diffs)
	free.squares(func(r, c int) bool {
		if w := f.square(r, c); w < 0 {
			f.Rows[r] -= w
		}
		return true
	})
	f.reduce()
	if f.Check(p) != nil {
		return nil
	}
	return f
}

// roundFarkas is the weights times scale, rounded to whole numbers, the
// diagonals' at least 0.
func roundFarkas(n int, scale float64, rows, cols, sums, diffs []float64) *Farkas {
	round := func(w []float64, floor0 bool) []int64 {
		out := make([]int64, len(w))
		for i, x := range w {
			out[i] = int64(math.Round(x * scale))
			if floor0 && out[i] < 0 {
				out[i] = 0
			}
		}
		return out
	}
	return &Farkas{N: n, Rows: round(rows, false), Cols: round(cols, false), Sums: round(sums, true), Diffs: round(diffs, true)}
}

// reduce divides the weights by their greatest common divisor: every
// inequality of the proof keeps its sign.
func (f *Farkas) reduce() {
	var g int64
	for _, ws := range [][]int64{f.Rows, f.Cols, f.Sums, f.Diffs} {
		for _, x := range ws {
			a, b := g, max(x, -x)
			for b != 0 {
				a, b = b, a%b
			}
			g = a
		}
	}
	if g <= 1 {
		return
	}
	for _, ws := range [][]int64{f.Rows, f.Cols, f.Sums, f.Diffs} {
		for i := range ws {
			ws[i] /= g
		}
	}
}
