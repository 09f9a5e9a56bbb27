package model

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// MaxN is the largest board size the model accepts. Columns are stored in
// 32 bits by the fast solvers, and a board larger than this would not fit in
// memory anyway.
const MaxN = 1<<32 - 1

// Unset marks a row without a queen in a partial Placement.
const Unset = -1

// Square is a square of the board, 0-based.
type Square struct {
	Row, Col int
}

// String gives the square 1-based, as a person reads it: "row 2, column 5".
func (s Square) String() string {
	return fmt.Sprintf("row %d, column %d", s.Row+1, s.Col+1)
}

// Placement gives the column of the queen in each row, 0-based. A partial
// placement has Unset in the rows without a queen.
type Placement []int

// Clone returns a copy of p.
func (p Placement) Clone() Placement {
	return append(Placement(nil), p...)
}

// Problem is an N-Queens instance: an N x N board, queens that must stand on
// the Fixed squares (n-queens completion) and no queen on the Blocked squares
// (blocked n-queens). The zero values of Fixed and Blocked give the classic
// problem.
type Problem struct {
	N       int
	Fixed   []Square
	Blocked []Square
}

// Classic returns the classic problem on an n x n board.
func Classic(n int) Problem { return Problem{N: n} }

// IsClassic reports whether p has neither pre-placed queens nor blocked squares.
func (p Problem) IsClassic() bool { return len(p.Fixed) == 0 && len(p.Blocked) == 0 }

// Validate checks that the board size is in range and that every fixed and
// blocked square lies on the board. Fixed queens that attack each other, or
// a fixed queen on a blocked square, make a valid problem with no solution.
func (p Problem) Validate() error {
	if p.N < 1 || p.N > MaxN {
		return fmt.Errorf("model: N = %d is out of range (1..%d)", p.N, MaxN)
	}
	for _, set := range []struct {
		name string
		sq   []Square
	}{{"pre-placed queen", p.Fixed}, {"blocked square", p.Blocked}} {
		for _, s := range set.sq {
			if s.Row < 0 || s.Row >= p.N || s.Col < 0 || s.Col >= p.N {
				return fmt.Errorf("model: %s at row %d, column %d is off the %dx%d board", set.name, s.Row+1, s.Col+1, p.N, p.N)
			}
		}
	}
	return nil
}

// Variant names the kind of problem: "classic", "completion", "blocked" or
// "completion+blocked".
func (p Problem) Variant() string {
	switch {
	case len(p.Fixed) > 0 && len(p.Blocked) > 0:
		return "completion+blocked"
	case len(p.Fixed) > 0:
		return "completion"
	case len(p.Blocked) > 0:
		return "blocked"
	}
	return "classic"
}

// ParseSquares reads a list of squares as a person types it, 1-based:
// "1:1,2:3" is row 1 column 1 and row 2 column 3. Spaces are allowed
// around the numbers; the empty string is the empty list.
func ParseSquares(s string) ([]Square, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return nil, nil
	}
	var out []Square
	for i, item := range strings.Split(s, ",") {
		r, c, ok := strings.Cut(item, ":")
		if !ok {
			return nil, fmt.Errorf("model: square %d %q is not ROW:COL", i+1, strings.TrimSpace(item))
		}
		row, err1 := strconv.Atoi(strings.TrimSpace(r))
		col, err2 := strconv.Atoi(strings.TrimSpace(c))
		if err := errors.Join(err1, err2); err != nil {
			return nil, fmt.Errorf("model: square %d %q is not ROW:COL with whole numbers", i+1, strings.TrimSpace(item))
		}
		if row < 1 || col < 1 {
			return nil, fmt.Errorf("model: square %d %q: rows and columns count from 1", i+1, strings.TrimSpace(item))
		}
		out = append(out, Square{Row: row - 1, Col: col - 1})
	}
	return out, nil
}

// FormatSquares writes squares as ParseSquares reads them: 1-based
// ROW:COL, comma-separated ("1:1,2:3").
func FormatSquares(sq []Square) string {
	parts := make([]string, len(sq))
	for i, s := range sq {
		parts[i] = fmt.Sprintf("%d:%d", s.Row+1, s.Col+1)
	}
	return strings.Join(parts, ",")
}
