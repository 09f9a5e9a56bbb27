package search

import (
	"context"

	"github.com/queenslab/nqueens/model"
	"github.com/queenslab/nqueens/native/internal/work"
)

// RelaxMaxN is the largest board whose linear relaxation Refute solves:
// its tableau has a column a square.
const RelaxMaxN = CPMaxN

// Refute looks for a proof that p has no solution in p's linear
// relaxation: a variable 0 <= x <= 1 on every square where a queen may
// stand once the pre-placed queens are placed, the squares of each row and
// column that takes a queen adding up to 1, those of each diagonal to at
// most 1. When that system has no real solution, the multipliers that show
// it (Farkas' lemma) are read off the final tableau of phase one of the
// simplex method (Dantzig 1951; Bland's rule, 1977, against cycling), made
// integers, and checked by model.Farkas.Check: the proof stands on that
// check alone. The simplex is our own because gonum's lp.Simplex reports
// infeasibility without the multipliers that prove it. It returns nil when the relaxation has a solution (the
// problem may still have none) or no proof checks.
//
// On the excluded diagonals instances of Gent, Jefferson and Nightingale
// (JAIR 2017) this refutes about half of the unsatisfiable ones at the
// peak of hardness at the root, in milliseconds, where a search needs
// millions of nodes: the relaxation couples the rows, the columns and both
// families of diagonals, and its multipliers are, near enough, a quadratic
// in the row and the column (the identity sum (r+c)^2 + (r-c)^2 =
// 2 sum r^2 + 2 sum c^2) with the excluded diagonals' gaps in it. Deeper in
// a search it refutes most branches only where they are small already, at
// more cost than searching them, so CP uses it at the root only (see
// docs/design.md).
func Refute(ctx context.Context, p model.Problem) (*model.Farkas, error) {
	if ctx == nil {
		return nil, work.NilContext("Refute")
	}
	if err := p.Validate(); err != nil {
		return nil, err
	}
	if p.N > RelaxMaxN {
		return nil, work.TooLarge("the linear relaxation", p.N, RelaxMaxN)
	}
	lp, ok := newRelaxation(p)
	if !ok {
		return nil, nil // pre-placed queens that cannot stand: not a refutation's business
	}
	w, err := lp.phaseOne(ctx)
	if err != nil || w < relaxInfeasible {
		return nil, err
	}
	return lp.farkas(p), nil
}

// Tolerances of the simplex method. The proof is checked exactly, so they
// decide only whether one is found, never whether an answer is right.
const (
	relaxPivot      = 1e-9 // smallest entry pivoted on
	relaxCost       = 1e-9 // reduced costs above -relaxCost are not negative
	relaxInfeasible = 1e-6 // phase one's optimum above this: no real solution
)

// relaxation is the linear system of a problem in a dense simplex tableau:
// rows for the lines that take a queen (= 1, an artificial variable each)
// and the free diagonals of two open squares or more (<= 1, a slack each),
// columns for the open squares, then the slacks, then the artificials, then
// the right-hand side; a last row holds phase one's reduced costs.
type relaxation struct {
	n          int
	m, cols    int // constraints; columns before the right-hand side
	width      int // cols + 1
	t          []float64
	basis      []int
	lineOf     []relaxLine // each constraint's line
	slack, art int         // first slack and first artificial column
	nz         []int32     // the pivot row's other nonzero columns
}

// relaxLine names a constraint's line: a row, a column, a sum or a
// difference diagonal (kind lineRow, ... of cp.go) and its index.
type relaxLine struct{ kind, index int }

func newRelaxation(p model.Problem) (*relaxation, bool) {
	n := p.N
	s, root, ok := newCPSearch(p)
	if !ok {
		return nil, false
	}
	type square struct{ r, c int }
	var squares []square
	var sumSq, difSq [2*CPMaxN - 1]int
	for r := range n {
		if root.rows>>r&1 == 0 {
			continue
		}
		for c := range n {
			if root.cols>>c&1 == 0 || s.rowOpen[r]>>c&1 == 0 || root.sum.has(r+c) || root.dif.has(c-r+n-1) {
				continue
			}
			squares = append(squares, square{r, c})
			sumSq[r+c]++
			difSq[r-c+n-1]++
		}
	}
	lp := &relaxation{n: n}
	var lines []relaxLine
	for r := range n {
		if root.rows>>r&1 != 0 {
			lines = append(lines, relaxLine{lineRow, r})
		}
	}
	for c := range n {
		if root.cols>>c&1 != 0 {
			lines = append(lines, relaxLine{lineCol, c})
		}
	}
	eq := len(lines)
	for i := range 2*n - 1 {
		if sumSq[i] >= 2 {
			lines = append(lines, relaxLine{lineSum, i})
		}
	}
	for i := range 2*n - 1 {
		if difSq[i] >= 2 { // indexed by r - c + n-1
			lines = append(lines, relaxLine{lineDif, i})
		}
	}
	lp.m = len(lines)
	lp.lineOf = lines
	lp.slack = len(squares)
	lp.art = lp.slack + lp.m - eq
	lp.cols = lp.art + eq
	lp.width = lp.cols + 1
	lp.t = make([]float64, (lp.m+1)*lp.width)
	lp.basis = make([]int, lp.m)
	at := make(map[relaxLine]int, lp.m)
	for i, l := range lines {
		at[l] = i
	}
	for j, q := range squares {
		for _, l := range []relaxLine{{lineRow, q.r}, {lineCol, q.c}, {lineSum, q.r + q.c}, {lineDif, q.r - q.c + n - 1}} {
			if i, ok := at[l]; ok {
				lp.t[i*lp.width+j] = 1
			}
		}
	}
	obj := lp.t[lp.m*lp.width:]
	for i := range lp.m {
		row := lp.t[i*lp.width:]
		row[lp.cols] = 1
		if i < eq {
			lp.basis[i] = lp.art + i
			row[lp.art+i] = 1
			// Phase one minimises the artificials' sum: reduced costs
			// are minus the sums of the equality rows.
			for j := range lp.art {
				obj[j] -= row[j]
			}
			obj[lp.cols]--
		} else {
			lp.basis[i] = lp.slack + i - eq
			row[lp.slack+i-eq] = 1
		}
	}
	return lp, true
}

// phaseOne minimises the sum of the artificial variables and returns it:
// 0 when the system has a solution.
func (lp *relaxation) phaseOne(ctx context.Context) (float64, error) {
	w := lp.width
	obj := lp.t[lp.m*w : (lp.m+1)*w]
	degenerate := 0
	limit := 50 * (lp.m + lp.cols)
	for it := 0; it < limit; it++ {
		if it&63 == 63 && ctx.Err() != nil {
			return 0, ctx.Err()
		}
		// Entering: the most negative reduced cost (Dantzig), or, after a
		// run of degenerate pivots, the first negative one (Bland).
		bland := degenerate > 20
		e := -1
		best := -relaxCost
		for j := range lp.cols {
			if obj[j] < best {
				e, best = j, obj[j]
				if bland {
					break
				}
			}
		}
		if e < 0 {
			return -obj[lp.cols], nil
		}
		// Leaving: the least ratio; ties to the largest entry, or, with
		// Bland's rule, to the smallest basic column.
		l := -1
		var ratio, piv float64
		for i := range lp.m {
			a := lp.t[i*w+e]
			if a <= relaxPivot {
				continue
			}
			q := lp.t[i*w+lp.cols] / a
			switch {
			case l < 0 || q < ratio-1e-12:
			case q > ratio+1e-12:
				continue
			case bland && lp.basis[i] < lp.basis[l]:
			case !bland && a > piv:
			default:
				continue
			}
			l, ratio, piv = i, q, a
		}
		if l < 0 {
			return 0, nil // unbounded: cannot happen in phase one; no proof
		}
		if ratio <= 1e-12 {
			degenerate++
		} else {
			degenerate = 0
		}
		lp.pivot(l, e)
	}
	return 0, nil // no end in sight: no proof
}

// pivot makes column e basic in row l. The rows are mostly zeros: the
// pivot row's other entries are listed once and only they are updated.
func (lp *relaxation) pivot(l, e int) {
	w := lp.width
	prow := lp.t[l*w : (l+1)*w]
	inv := 1 / prow[e]
	nz := lp.nz[:0]
	for j, x := range prow {
		if x != 0 {
			prow[j] = x * inv
			if j != e {
				nz = append(nz, int32(j))
			}
		}
	}
	lp.nz = nz
	prow[e] = 1
	for i := 0; i <= lp.m; i++ {
		if i == l {
			continue
		}
		row := lp.t[i*w : (i+1)*w]
		f := row[e]
		if f == 0 {
			continue
		}
		for _, j := range nz {
			row[j] -= f * prow[j]
		}
		row[e] = 0
	}
	lp.basis[l] = e
}

// farkas reads the multipliers of phase one's optimum off the reduced
// costs: y = 1 - d for an equality's artificial, y = -d for a diagonal's
// slack; the refutation's weights are -y (model.FarkasFromReals makes
// them integers and checks them).
func (lp *relaxation) farkas(p model.Problem) *model.Farkas {
	n := lp.n
	obj := lp.t[lp.m*lp.width:]
	rows, cols := make([]float64, n), make([]float64, n)
	sums, diffs := make([]float64, 2*n-1), make([]float64, 2*n-1)
	eq := lp.cols - lp.art
	for i, l := range lp.lineOf {
		var u float64
		if i < eq {
			u = obj[lp.art+i] - 1
		} else {
			u = obj[lp.slack+i-eq]
		}
		switch l.kind {
		case lineRow:
			rows[l.index] = u
		case lineCol:
			cols[l.index] = u
		case lineSum:
			sums[l.index] = u
		case lineDif:
			diffs[l.index] = u
		}
	}
	return model.FarkasFromReals(p, rows, cols, sums, diffs)
}
