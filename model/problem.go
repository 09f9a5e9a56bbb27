package model

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// MaxN is the largest board size the model accepts. Columns are stored in
// 32 bits by the fast solvers, and a board larger than this would not fit in
// memory anyway; on a 32-bit platform the bound is the largest int.
const MaxN = min(1<<32-1, math.MaxInt)

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
// the Fixed squares (n-queens completion), no queen on the Blocked squares
// (blocked n-queens) nor on the Excluded diagonals, and, when Rows and Cols
// are given, a queen in each of those rows and columns only (the excluded
// diagonals problem of Gent, Jefferson and Nightingale, "Complexity of
// n-Queens Completion", JAIR 59, 2017, which allows a subset of rows and
// columns of equal size). The zero values of the optional fields give the
// classic problem.
type Problem struct {
	N        int
	Fixed    []Square
	Blocked  []Square
	Excluded []Diagonal
	// Rows and Cols, when not nil, are the rows and the columns that take a
	// queen, exactly one each (as many rows as columns); the others stay
	// empty. Nil: every row and column.
	Rows, Cols []int
}

// Classic returns the classic problem on an n x n board.
func Classic(n int) Problem { return Problem{N: n} }

// IsClassic reports whether p is the classic problem: no pre-placed queens,
// blocked squares, excluded diagonals or subsets of rows and columns.
func (p Problem) IsClassic() bool {
	return len(p.Fixed) == 0 && len(p.Blocked) == 0 && len(p.Excluded) == 0 && p.Rows == nil && p.Cols == nil
}

// Queens is the number of queens of a solution: N, or the number of rows
// that take one.
func (p Problem) Queens() int {
	if p.Rows != nil {
		return len(p.Rows)
	}
	return p.N
}

// Validate checks that the board size is in range, that every fixed and
// blocked square and every excluded diagonal lies on the board, and that
// the rows and columns that take a queen, when given, are as many, on the
// board and each named once. Fixed queens that attack each other, or a
// fixed queen on a closed square, make a valid problem with no solution.
func (p Problem) Validate() error {
	if p.N < 1 || p.N > MaxN {
		return fmt.Errorf("model: N = %d is out of range (1..%d)", p.N, MaxN)
	}
	for _, d := range p.Excluded {
		if err := d.Validate(p.N); err != nil {
			return err
		}
	}
	switch {
	case p.Rows == nil && p.Cols != nil:
		return fmt.Errorf("model: the columns that take a queen are given (%d of them) without the rows: give both, as many of each, or neither (nil: every row and column)", len(p.Cols))
	case p.Rows != nil && p.Cols == nil:
		return fmt.Errorf("model: the rows that take a queen are given (%d of them) without the columns: give both, as many of each, or neither (nil: every row and column)", len(p.Rows))
	case len(p.Rows) != len(p.Cols):
		return fmt.Errorf("model: %d rows and %d columns take a queen: give as many of each", len(p.Rows), len(p.Cols))
	}
	for _, set := range []struct {
		name  string
		lines []int
	}{{"row", p.Rows}, {"column", p.Cols}} {
		seen := make(map[int]bool, len(set.lines))
		for _, x := range set.lines {
			if x < 0 || x >= p.N {
				return fmt.Errorf("model: %s %d is off the %dx%d board", set.name, x+1, p.N, p.N)
			}
			if seen[x] {
				return fmt.Errorf("model: %s %d is given twice", set.name, x+1)
			}
			seen[x] = true
		}
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

// Variant names the kind of problem: "classic", or its parts joined by
// "+": "completion" (pre-placed queens), "blocked" (blocked squares),
// "excluded-diagonals" (excluded diagonals or a subset of rows and
// columns): "completion", "completion+blocked", "excluded-diagonals".
func (p Problem) Variant() string {
	var parts []string
	if len(p.Fixed) > 0 {
		parts = append(parts, "completion")
	}
	if len(p.Blocked) > 0 {
		parts = append(parts, "blocked")
	}
	if len(p.Excluded) > 0 || p.Rows != nil {
		parts = append(parts, "excluded-diagonals")
	}
	if len(parts) == 0 {
		return "classic"
	}
	return strings.Join(parts, "+")
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

// ParseLines reads a list of rows or columns as a person types it,
// 1-based: "1,3,5"; the empty string is the empty list.
func ParseLines(s string) ([]int, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return nil, nil
	}
	var out []int
	for i, item := range strings.Split(s, ",") {
		v, err := strconv.Atoi(strings.TrimSpace(item))
		if err != nil {
			return nil, fmt.Errorf("model: item %d %q is not a whole number", i+1, strings.TrimSpace(item))
		}
		if v < 1 {
			return nil, fmt.Errorf("model: item %d %q: rows and columns count from 1", i+1, strings.TrimSpace(item))
		}
		out = append(out, v-1)
	}
	return out, nil
}

// FormatLines writes rows or columns as ParseLines reads them: 1-based,
// comma-separated.
func FormatLines(lines []int) string {
	parts := make([]string, len(lines))
	for i, x := range lines {
		parts[i] = strconv.Itoa(x + 1)
	}
	return strings.Join(parts, ",")
}

// ErrNoSolution is the error of a finder given a problem that has no
// solution (the classic boards N = 2 and 3, a variant proved to have none):
// the one sentinel of every method of the module, which errors.Is finds.
var ErrNoSolution = errors.New("model: no solution exists for this N")
