package encode

import (
	"github.com/queenslab/nqueens/cnf"

	"fmt"

	"github.com/queenslab/nqueens/model"
)

// CNF is the N-Queens problem as clauses, with the at-most-one encoding AMO.
type CNF struct {
	Problem model.Problem
	AMO     AMO
	// sumsBuilt holds the diagonal sums' constraints of a WithSums AMO,
	// built once by NewCNF.
	sumsBuilt *[2]sumConstraint
}

// NewCNF checks p and returns its CNF with the encoding amo (nil for
// DefaultAMO(N)).
func NewCNF(p model.Problem, amo AMO) (*CNF, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	if amo == nil {
		var err error
		if amo, err = ParseAMO(DefaultAMO(p.N)); err != nil {
			return nil, err
		}
	}
	if n := uint64(p.N); n*n > 1<<31-1 {
		return nil, fmt.Errorf("encode: N = %d gives %d queen variables, more than DIMACS solvers number (2^31-1)", p.N, n*n)
	}
	f := &CNF{Problem: p, AMO: amo}
	if f.sums() {
		if p.N > SumsMaxN {
			return nil, fmt.Errorf("encode: the diagonal sums (%s) are encoded up to N = %d, not %d", amo.Name(), SumsMaxN, p.N)
		}
		f.sumsBuilt = newSumConstraints(p)
	}
	return f, nil
}

// QueenVar is the DIMACS variable of the queen at row r, column c (0-based).
func QueenVar(n, r, c int) int { return r*n + c + 1 }

// RowCubes lists the placements of the first d rows of p (all rows if d >
// p.N) that respect its pre-placed queens and blocked squares and have no
// two queens attacking, each as the cube of its queens' literals
// (QueenVar): every solution extends exactly one, so they partition the
// models of p's CNF for a cube-and-conquer count.
func RowCubes(p model.Problem, d int) [][]int {
	n := p.N
	d = min(d, n)
	fixed := map[int]int{}
	for _, s := range p.Fixed {
		fixed[s.Row] = s.Col
	}
	board := p.Board()
	var out [][]int
	cols := make([]int, 0, d) // per row, its queen's column, or -1
	var rec func()
	rec = func() {
		r := len(cols)
		if r == d {
			var cube []int
			for i, c := range cols {
				if c >= 0 {
					cube = append(cube, QueenVar(n, i, c))
				}
			}
			out = append(out, cube)
			return
		}
		if !board.RowTakesQueen(r) {
			cols = append(cols, -1)
			rec()
			cols = cols[:len(cols)-1]
			return
		}
	next:
		for c := 0; c < n; c++ {
			if f, ok := fixed[r]; ok && f != c || !board.Open(r, c) {
				continue
			}
			for r2, c2 := range cols {
				if c2 >= 0 && (c2 == c || r-r2 == c-c2 || r-r2 == c2-c) {
					continue next
				}
			}
			cols = append(cols, c)
			rec()
			cols = cols[:len(cols)-1]
		}
	}
	rec()
	return out
}

// Lines calls f with the squares of every line the constraints speak of:
// each row and each column, then each diagonal r+c = d and each
// anti-diagonal n-1-r+c = d of two squares or more, in that order, until f
// returns false. The slice is reused between calls.
func Lines(n int, f func(kind LineKind, index int, sq []model.Square) bool) {
	sq := make([]model.Square, 0, n)
	for r := 0; r < n; r++ {
		sq = sq[:0]
		for c := 0; c < n; c++ {
			sq = append(sq, model.Square{Row: r, Col: c})
		}
		if !f(Row, r, sq) {
			return
		}
	}
	for c := 0; c < n; c++ {
		sq = sq[:0]
		for r := 0; r < n; r++ {
			sq = append(sq, model.Square{Row: r, Col: c})
		}
		if !f(Column, c, sq) {
			return
		}
	}
	for d := 1; d < 2*n-2; d++ { // r + c = d; d = 0 and 2n-2 are corners
		sq = sq[:0]
		for r := max(0, d-n+1); r <= min(d, n-1); r++ {
			sq = append(sq, model.Square{Row: r, Col: d - r})
		}
		if !f(Diagonal, d, sq) {
			return
		}
	}
	for d := 1; d < 2*n-2; d++ { // n-1 - r + c = d
		sq = sq[:0]
		for r := max(0, n-1-d); r <= min(n-1, 2*n-2-d); r++ {
			sq = append(sq, model.Square{Row: r, Col: d - (n - 1) + r})
		}
		if !f(AntiDiagonal, d, sq) {
			return
		}
	}
}

// LineKind tells a row, column, diagonal (r+c constant) or anti-diagonal
// (r-c constant) apart.
type LineKind int

const (
	Row LineKind = iota
	Column
	Diagonal
	AntiDiagonal
)

// Exact reports whether the line must hold exactly one queen (rows and
// columns) rather than at most one.
func (k LineKind) Exact() bool { return k == Row || k == Column }

// lineLength is the number of squares of diagonal index d (1..2n-3).
func lineLength(n, d int) int { return min(d, 2*n-2-d) + 1 }

// Size returns the number of variables and clauses of the CNF, from the
// formulas of the encoding, without building it (for the excluded
// diagonals problem, with one pass over the board to count its closed
// squares).
func (f *CNF) Size() (vars, clauses int) {
	n := f.Problem.N
	av, ac := f.AMO.Size(n)
	vars, clauses = n*n+2*n*av, 2*n*(1+ac)
	for d := 1; d < 2*n-2; d++ {
		av, ac := f.AMO.Size(lineLength(n, d))
		vars += 2 * av
		clauses += 2 * ac
	}
	clauses += len(f.Problem.Fixed) + len(f.Problem.Blocked)
	if f.sums() {
		sv, sc := sumsSize(f.sumConstraints())
		vars, clauses = vars+sv, clauses+sc
	}
	if !hasClosedLines(f.Problem) {
		return vars, clauses
	}
	// Lines with no clauses: rows and columns that take no queen, excluded
	// diagonals; and a unit clause for every square they close.
	board := f.Problem.Board()
	Lines(n, func(kind LineKind, index int, sq []model.Square) bool {
		if !lineActive(f.Problem, board, kind, index) {
			av, ac := f.AMO.Size(len(sq))
			vars -= av
			clauses -= ac
			if kind.Exact() {
				clauses--
			}
		}
		return true
	})
	clauses += extraClosed(f.Problem, board, func(int, int) {})
	return vars, clauses
}

// Encode adds every clause to dst: pre-placed queens and blocked squares
// first as unit clauses, then the other closed squares (on an excluded
// diagonal, in a row or column that takes no queen), then rows, columns,
// diagonals and anti-diagonals, each line that holds a queen or may. If dst
// has a method Err() error, Encode stops after the first line for which it
// returns an error.
func (f *CNF) Encode(dst cnf.Adder) {
	n := f.Problem.N
	for _, s := range f.Problem.Fixed {
		cnf.AddClause(dst, QueenVar(n, s.Row, s.Col))
	}
	for _, s := range f.Problem.Blocked {
		cnf.AddClause(dst, -QueenVar(n, s.Row, s.Col))
	}
	var board *model.Board
	if hasClosedLines(f.Problem) {
		board = f.Problem.Board()
		extraClosed(f.Problem, board, func(r, c int) { cnf.AddClause(dst, -QueenVar(n, r, c)) })
	}
	vars := cnf.NewVars(n * n)
	lits := make([]int, 0, n)
	failed, _ := dst.(interface{ Err() error })
	Lines(n, func(kind LineKind, index int, sq []model.Square) bool {
		if board != nil && !lineActive(f.Problem, board, kind, index) {
			return true
		}
		lits = lits[:0]
		for _, s := range sq {
			lits = append(lits, QueenVar(n, s.Row, s.Col))
		}
		if kind.Exact() {
			cnf.AddClause(dst, lits...)
		}
		f.AMO.Encode(dst, vars, lits)
		return failed == nil || failed.Err() == nil
	})
	if f.sums() && (failed == nil || failed.Err() == nil) {
		encodeSums(dst, vars, f.sumConstraints())
	}
}

// Decode reads the placement from a model of the CNF: value(v) tells whether
// variable v is true. A row without a queen is Unset (a problem whose rows
// do not all take one has such rows); a row with more than one is an
// error. The caller verifies the placement against the problem.
func Decode(n int, value func(v int) bool) (model.Placement, error) {
	q := make(model.Placement, n)
	for r := range q {
		q[r] = model.Unset
		for c := 0; c < n; c++ {
			if !value(QueenVar(n, r, c)) {
				continue
			}
			if q[r] != model.Unset {
				return nil, fmt.Errorf("encode: model has queens in columns %d and %d of row %d", q[r]+1, c+1, r+1)
			}
			q[r] = c
		}
	}
	return q, nil
}
