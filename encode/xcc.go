package encode

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/queenslab/nqueens/model"
	"github.com/queenslab/nqueens/xcc"
)

// Order is the order of the primary items of the queens exact cover. Knuth's
// dancing links pick, among the items with fewest options, the first in
// this order, so it steers the search.
type Order int

const (
	// Natural lists rows and columns from the first: r0 c0 r1 c1 ...
	Natural Order = iota
	// OrganPipe lists them from the centre outwards, as Knuth's
	// queens-dlx generator does: for n = 8, r4 c4 r3 c3 r5 c5 r2 c2 ...
	OrganPipe
)

func (o Order) String() string {
	if o == OrganPipe {
		return "organ-pipe"
	}
	return "natural"
}

// ParseOrder reads "natural" or "organ-pipe".
func ParseOrder(s string) (Order, error) {
	switch s {
	case "natural":
		return Natural, nil
	case "organ-pipe":
		return OrganPipe, nil
	}
	return 0, fmt.Errorf("encode: unknown item order %q (known: natural, organ-pipe)", s)
}

// lineAt returns the row (and column) that comes j-th in order o.
func (o Order) lineAt(n, j int) int {
	if o == Natural {
		return j
	}
	if j&1 == 1 {
		return (n - 1 - j) >> 1
	}
	return (n + j) >> 1
}

// XCCMaxN is the largest board of the queens exact cover; its item names
// (see ItemNumber) stay far within MaxNameLen characters.
const XCCMaxN = 5_000_001

// ItemNumber writes the number of a row, column or diagonal in an item
// name as Knuth's queens-dlx generator does: one character, 0-9 for 0..9,
// a-z for 10..35, A-Z for 36..61 (so "ra" is row 10). Beyond 61, which
// queens-dlx does not reach (it stops at n = 32), the same digits make a
// number in base 62, most significant first ("r10" is row 62).
func ItemNumber(x int) string {
	const digits = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
	if x < len(digits) {
		return digits[x : x+1]
	}
	return ItemNumber(x/len(digits)) + digits[x%len(digits):x%len(digits)+1]
}

// queensCover describes the exact cover of a problem without building it:
// the item names and, for each square, the items of its option.
type queensCover struct {
	p     model.Problem
	order Order
	board *model.Board
	// fixedRow and fixedCol mark the lines of pre-placed queens: they have
	// their item even when they take no queen otherwise, so that a queen
	// pre-placed there, on a closed square, leaves it without an option.
	fixedRow, fixedCol map[int]bool
	// keep[r*n+c] is false for squares whose option is left out: closed
	// squares (blocked, on an excluded diagonal, in a row or column that
	// takes no queen) and squares in the row or column of a pre-placed
	// queen elsewhere. (nil when nothing is left out.)
	keep []bool
}

func newQueensCover(p model.Problem, order Order) (*queensCover, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	if p.N > XCCMaxN {
		return nil, fmt.Errorf("encode: N = %d is too large for XCC: item names are at most %d characters (N <= %d)", p.N, xcc.MaxNameLen, XCCMaxN)
	}
	q := &queensCover{p: p, order: order, board: p.Board(), fixedRow: map[int]bool{}, fixedCol: map[int]bool{}}
	for _, f := range p.Fixed {
		q.fixedRow[f.Row], q.fixedCol[f.Col] = true, true
	}
	if !p.IsClassic() {
		n := p.N
		q.keep = make([]bool, n*n)
		for r := range n {
			for c := range n {
				q.keep[r*n+c] = q.board.Open(r, c)
			}
		}
		for _, s := range p.Fixed {
			for k := 0; k < n; k++ {
				if k != s.Col {
					q.keep[s.Row*n+k] = false
				}
				if k != s.Row {
					q.keep[k*n+s.Col] = false
				}
			}
		}
	}
	return q, nil
}

// rowItem and colItem report whether a row or column has its primary item:
// it takes a queen, or a queen is pre-placed in it.
func (q *queensCover) rowItem(r int) bool { return q.board.RowTakesQueen(r) || q.fixedRow[r] }
func (q *queensCover) colItem(c int) bool { return q.board.ColTakesQueen(c) || q.fixedCol[c] }

// names returns the primary and secondary item names: the rows and
// columns that take a queen, in the item order, then the diagonals of two
// squares or more.
func (q *queensCover) names() (primary, secondary []string) {
	n := q.p.N
	for j := 0; j < n; j++ {
		line := q.order.lineAt(n, j)
		t := ItemNumber(line)
		if q.rowItem(line) {
			primary = append(primary, "r"+t)
		}
		if q.colItem(line) {
			primary = append(primary, "c"+t)
		}
	}
	for t := 1; t < 2*n-2; t++ {
		s := ItemNumber(t)
		secondary = append(secondary, "a"+s, "b"+s)
	}
	return primary, secondary
}

// options calls f for each option in row-major order with its square and
// its items as indices into names(): row, column, then the diagonal r+c
// and the anti-diagonal n-1-r+c when they have two squares or more.
func (q *queensCover) options(f func(sq model.Square, items []int) bool) {
	n := q.p.N
	rowPos, colPos := make([]int, n), make([]int, n) // the index of r<line> and c<line> in primary
	base := 0
	for j := 0; j < n; j++ {
		line := q.order.lineAt(n, j)
		if q.rowItem(line) {
			rowPos[line] = base
			base++
		}
		if q.colItem(line) {
			colPos[line] = base
			base++
		}
	}
	items := make([]int, 0, 4)
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			if q.keep != nil && !q.keep[r*n+c] {
				continue
			}
			items = append(items[:0], rowPos[r], colPos[c])
			if t := r + c; t > 0 && t < 2*n-2 {
				items = append(items, base+2*(t-1))
			}
			if t := n - 1 - r + c; t > 0 && t < 2*n-2 {
				items = append(items, base+2*(t-1)+1)
			}
			if !f(model.Square{Row: r, Col: c}, items) {
				return
			}
		}
	}
}

// QueensCover builds the exact cover of p in memory, with the primary items
// in the given order, and returns, beside it, the square of each option.
// Rows and columns that take no queen have no item; options of closed
// squares (blocked, on an excluded diagonal) are left out, and so are the
// other squares of the row and column of each pre-placed queen, which
// forces it; pre-placed queens that attack each other leave a primary item
// without options.
func QueensCover(p model.Problem, order Order) (*xcc.Problem, []model.Square, error) {
	q, err := newQueensCover(p, order)
	if err != nil {
		return nil, nil, err
	}
	x := &xcc.Problem{}
	x.Primary, x.Secondary = q.names()
	var squares []model.Square
	q.options(func(sq model.Square, items []int) bool {
		x.Options = append(x.Options, append([]int(nil), items...))
		squares = append(squares, sq)
		return true
	})
	return x, squares, nil
}

// WriteQueensXCC writes the exact cover of p (see QueensCover) in Knuth's
// text format, streaming, with a header of "|" comment lines.
func WriteQueensXCC(ctx context.Context, w io.Writer, p model.Problem, order Order, opt Options) error {
	q, err := newQueensCover(p, order)
	if err != nil {
		return err
	}
	primary, secondary := q.names()
	lines, err := describe(p, opt, []string{
		"encoding: exact cover, " + order.String() + " item order; primary items rK and cK for row and column K (0-based) that take a queen,",
		"secondary items aK (r+c = K) and bK (N-1-r+c = K) for the diagonals of two squares or more;",
		"one option per free square, row by row: the option of row r, column c places a queen there;",
		"K is written as Knuth's queens-dlx writes it: 0-9, then a-z for 10-35, A-Z for 36-61 (base 62 beyond)",
	})
	if err != nil {
		return err
	}
	xw := xcc.NewWriter(ctx, w)
	xw.Head(lines, primary, secondary)
	names := append(primary, secondary...)
	q.options(func(_ model.Square, items []int) bool {
		xw.Option(names, items)
		return xw.Err() == nil
	})
	return xw.Flush()
}

// ParseItemNumber reads the number of an item name written by ItemNumber
// (the part after the item's letter).
func ParseItemNumber(s string) (int, error) {
	const digits = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
	if s == "" || len(s) > 6 {
		return 0, fmt.Errorf("encode: %q is not an item number", s)
	}
	x := 0
	for i := 0; i < len(s); i++ {
		d := strings.IndexByte(digits, s[i])
		if d < 0 || i == 0 && d == 0 && len(s) > 1 {
			return 0, fmt.Errorf("encode: %q is not an item number", s)
		}
		x = x*len(digits) + d
	}
	return x, nil
}

// OptionSquare is the square of an option of the queens exact cover, given
// by its item names (as a solver prints it: "r3 c0 a3 b2"): its row and
// column items.
func OptionSquare(items []string) (model.Square, error) {
	sq := model.Square{Row: -1, Col: -1}
	for _, it := range items {
		if it == "" {
			continue
		}
		var dst *int
		switch it[0] {
		case 'r':
			dst = &sq.Row
		case 'c':
			dst = &sq.Col
		default:
			continue
		}
		x, err := ParseItemNumber(it[1:])
		if err != nil {
			return sq, err
		}
		if *dst >= 0 {
			return sq, fmt.Errorf("encode: option %q has two items %c", strings.Join(items, " "), it[0])
		}
		*dst = x
	}
	if sq.Row < 0 || sq.Col < 0 {
		return sq, fmt.Errorf("encode: option %q is not a square (no row or no column item)", strings.Join(items, " "))
	}
	return sq, nil
}
