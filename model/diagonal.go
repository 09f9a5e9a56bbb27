package model

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// DiagonalKind tells the two families of diagonals apart.
type DiagonalKind int

const (
	// Sum diagonals hold the squares with the same r + c, from the top
	// left corner (0) to the bottom right (2N-2); in 1-based rows and
	// columns, r + c runs from 2 to 2N.
	Sum DiagonalKind = iota
	// Difference diagonals hold the squares with the same r - c, from the
	// top right corner (-(N-1)) to the bottom left (N-1), the same
	// 0-based or 1-based.
	Difference
)

func (k DiagonalKind) String() string {
	if k == Difference {
		return "difference"
	}
	return "sum"
}

// Diagonal is one diagonal of the board: the squares with r + c = Index
// (Sum) or r - c = Index (Difference), rows and columns 0-based.
type Diagonal struct {
	Kind  DiagonalKind
	Index int
}

// SumDiagonal and DifferenceDiagonal are the diagonals through square s.
func SumDiagonal(s Square) Diagonal        { return Diagonal{Sum, s.Row + s.Col} }
func DifferenceDiagonal(s Square) Diagonal { return Diagonal{Difference, s.Row - s.Col} }

// Contains reports whether square s lies on d.
func (d Diagonal) Contains(s Square) bool {
	if d.Kind == Sum {
		return s.Row+s.Col == d.Index
	}
	return s.Row-s.Col == d.Index
}

// Validate checks that d is a diagonal of an n x n board.
func (d Diagonal) Validate(n int) error {
	lo, hi := 0, 2*n-2
	if d.Kind == Difference {
		lo, hi = -(n - 1), n-1
	}
	if d.Kind != Sum && d.Kind != Difference || d.Index < lo || d.Index > hi {
		return fmt.Errorf("model: %s is not a diagonal of the %dx%d board", d, n, n)
	}
	return nil
}

// Squares lists the squares of d on an n x n board, from the top row down.
func (d Diagonal) Squares(n int) []Square {
	var out []Square
	for r := range n {
		c := d.Index - r
		if d.Kind == Difference {
			c = r - d.Index
		}
		if c >= 0 && c < n {
			out = append(out, Square{r, c})
		}
	}
	return out
}

// String names d as a person reads it, in 1-based rows and columns:
// "sum diagonal r+c = 5", "difference diagonal r-c = -2".
func (d Diagonal) String() string {
	if d.Kind == Sum {
		return fmt.Sprintf("sum diagonal r+c = %d", d.Index+2)
	}
	return fmt.Sprintf("difference diagonal r-c = %d", d.Index)
}

// SortDiagonals puts diagonals in their canonical order: sum diagonals
// before difference diagonals, each by index. The problem is the same in
// any order; headers and reports list them in this one.
func SortDiagonals(ds []Diagonal) {
	slices.SortFunc(ds, func(a, b Diagonal) int {
		if a.Kind != b.Kind {
			return int(a.Kind) - int(b.Kind)
		}
		return a.Index - b.Index
	})
}

// ParseDiagonals reads a list of diagonals of one kind as a person types
// it, in 1-based rows and columns: for Sum the values of r + c (2 to 2N),
// for Difference the values of r - c (1-N to N-1), comma-separated; the
// empty string is the empty list.
func ParseDiagonals(s string, kind DiagonalKind) ([]Diagonal, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return nil, nil
	}
	var out []Diagonal
	for i, item := range strings.Split(s, ",") {
		v, err := strconv.Atoi(strings.TrimSpace(item))
		if err != nil {
			return nil, fmt.Errorf("model: diagonal %d %q is not a whole number", i+1, strings.TrimSpace(item))
		}
		if kind == Sum {
			v -= 2
		}
		out = append(out, Diagonal{kind, v})
	}
	return out, nil
}

// FormatDiagonals writes the diagonals of one kind as ParseDiagonals reads
// them (those of the other kind are left out).
func FormatDiagonals(ds []Diagonal, kind DiagonalKind) string {
	var parts []string
	for _, d := range ds {
		if d.Kind != kind {
			continue
		}
		v := d.Index
		if kind == Sum {
			v += 2
		}
		parts = append(parts, strconv.Itoa(v))
	}
	return strings.Join(parts, ",")
}

// Board answers, square by square, whether a problem lets a queen stand
// there: its row and column take a queen, the square is not blocked, and
// neither of its diagonals is excluded. Pre-placed queens are not its
// business. It holds O(N) flags, and none for the classic problem.
type Board struct {
	n            int
	rows, cols   []bool // nil: every row (column) takes a queen
	blocked      map[Square]bool
	sums, diffs  []bool // excluded diagonals by index (difference: index + N-1); nil for none
	anyExclusion bool
}

// Board returns the lookup of p's open squares; p must be valid.
func (p Problem) Board() *Board {
	b := &Board{n: p.N}
	if p.Rows != nil {
		b.rows, b.cols = make([]bool, p.N), make([]bool, p.N)
		for _, r := range p.Rows {
			b.rows[r] = true
		}
		for _, c := range p.Cols {
			b.cols[c] = true
		}
	}
	if len(p.Blocked) > 0 {
		b.blocked = make(map[Square]bool, len(p.Blocked))
		for _, s := range p.Blocked {
			b.blocked[s] = true
		}
	}
	if len(p.Excluded) > 0 {
		b.sums, b.diffs = make([]bool, 2*p.N-1), make([]bool, 2*p.N-1)
		for _, d := range p.Excluded {
			if d.Kind == Sum {
				b.sums[d.Index] = true
			} else {
				b.diffs[d.Index+p.N-1] = true
			}
		}
	}
	b.anyExclusion = b.rows != nil || b.blocked != nil || b.sums != nil
	return b
}

// RowTakesQueen and ColTakesQueen report whether row r or column c must
// hold a queen (the others stay empty).
func (b *Board) RowTakesQueen(r int) bool { return b.rows == nil || b.rows[r] }
func (b *Board) ColTakesQueen(c int) bool { return b.cols == nil || b.cols[c] }

// Open reports whether a queen may stand on (r, c).
func (b *Board) Open(r, c int) bool {
	if !b.anyExclusion {
		return true
	}
	if b.rows != nil && (!b.rows[r] || !b.cols[c]) {
		return false
	}
	if b.sums != nil && (b.sums[r+c] || b.diffs[r-c+b.n-1]) {
		return false
	}
	return b.blocked == nil || !b.blocked[Square{r, c}]
}

// Excluded reports whether diagonal d is excluded.
func (b *Board) Excluded(d Diagonal) bool {
	if b.sums == nil {
		return false
	}
	if d.Kind == Sum {
		return b.sums[d.Index]
	}
	return b.diffs[d.Index+b.n-1]
}

// AllOpen reports whether every square is open (the classic board, or one
// with pre-placed queens only).
func (b *Board) AllOpen() bool { return !b.anyExclusion }
