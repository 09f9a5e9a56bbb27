package encode

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/queenslab/nqueens/model"
)

// ExactCover is an exact cover problem with primary items (covered exactly
// once) and secondary items (covered at most once), as Knuth's DLX programs
// read it.
type ExactCover struct {
	Primary, Secondary []string
	// Options lists the items of each option by index: 0..len(Primary)-1
	// are the primary items, then the secondary ones in order.
	Options [][]int
}

// Items returns the number of items, primary and secondary.
func (x *ExactCover) Items() int { return len(x.Primary) + len(x.Secondary) }

// Name returns the name of item i.
func (x *ExactCover) Name(i int) string {
	if i < len(x.Primary) {
		return x.Primary[i]
	}
	return x.Secondary[i-len(x.Primary)]
}

// MaxNameLen is the longest item name Knuth's programs accept.
const MaxNameLen = 8

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

// XCCMaxN is the largest board whose item names (r, c, a, b and a 0-based
// number; diagonals up to 2N-3) fit in MaxNameLen characters.
const XCCMaxN = 5_000_001

// queensCover describes the exact cover of a problem without building it:
// the item names and, for each square, the items of its option.
type queensCover struct {
	p     model.Problem
	order Order
	// keep[r*n+c] is false for squares whose option is left out: blocked
	// squares and squares in the row or column of a pre-placed queen
	// elsewhere. (nil when nothing is left out.)
	keep []bool
}

func newQueensCover(p model.Problem, order Order) (*queensCover, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	if p.N > XCCMaxN {
		return nil, fmt.Errorf("encode: N = %d is too large for XCC: item names are at most %d characters (N <= %d)", p.N, MaxNameLen, XCCMaxN)
	}
	q := &queensCover{p: p, order: order}
	if !p.IsClassic() {
		n := p.N
		q.keep = make([]bool, n*n)
		for i := range q.keep {
			q.keep[i] = true
		}
		for _, s := range p.Blocked {
			q.keep[s.Row*n+s.Col] = false
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

// names returns the primary and secondary item names.
func (q *queensCover) names() (primary, secondary []string) {
	n := q.p.N
	for j := 0; j < n; j++ {
		t := strconv.Itoa(q.order.lineAt(n, j))
		primary = append(primary, "r"+t, "c"+t)
	}
	for t := 1; t < 2*n-2; t++ {
		s := strconv.Itoa(t)
		secondary = append(secondary, "a"+s, "b"+s)
	}
	return primary, secondary
}

// options calls f for each option in row-major order with its square and
// its items as indices into names(): row, column, then the diagonal r+c
// and the anti-diagonal n-1-r+c when they have two squares or more.
func (q *queensCover) options(f func(sq model.Square, items []int) bool) {
	n := q.p.N
	pos := make([]int, n) // pos[line] = index of r<line> in primary
	for j := 0; j < n; j++ {
		pos[q.order.lineAt(n, j)] = 2 * j
	}
	items := make([]int, 0, 4)
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			if q.keep != nil && !q.keep[r*n+c] {
				continue
			}
			items = append(items[:0], pos[r], pos[c]+1)
			if t := r + c; t > 0 && t < 2*n-2 {
				items = append(items, 2*n+2*(t-1))
			}
			if t := n - 1 - r + c; t > 0 && t < 2*n-2 {
				items = append(items, 2*n+2*(t-1)+1)
			}
			if !f(model.Square{Row: r, Col: c}, items) {
				return
			}
		}
	}
}

// QueensCover builds the exact cover of p in memory, with the primary items
// in the given order, and returns, beside it, the square of each option.
// Options of blocked squares are left out, and so are the other squares of
// the row and column of each pre-placed queen, which forces it; pre-placed
// queens that attack each other leave a primary item without options.
func QueensCover(p model.Problem, order Order) (*ExactCover, []model.Square, error) {
	q, err := newQueensCover(p, order)
	if err != nil {
		return nil, nil, err
	}
	x := &ExactCover{}
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
		"encoding: exact cover, " + order.String() + " item order; primary items rK and cK for row and column K (0-based),",
		"secondary items aK (r+c = K) and bK (N-1-r+c = K) for the diagonals of two squares or more;",
		"one option per free square, row by row: the option of row r, column c places a queen there",
	})
	if err != nil {
		return err
	}
	dw := &dimacsWriter{ctx: ctx, w: w, buf: make([]byte, 0, 1<<17)}
	writeXCCHead(dw, lines, primary, secondary)
	names := append(primary, secondary...)
	q.options(func(_ model.Square, items []int) bool {
		dw.buf = appendOption(dw.buf, names, items)
		dw.maybeFlush()
		return dw.err == nil
	})
	dw.flush()
	return dw.err
}

// WriteXCC writes x in Knuth's text format with the comment lines first.
func WriteXCC(w io.Writer, x *ExactCover, comments []string) error {
	dw := &dimacsWriter{ctx: context.Background(), w: w, buf: make([]byte, 0, 1<<17)}
	writeXCCHead(dw, comments, x.Primary, x.Secondary)
	names := append(append([]string(nil), x.Primary...), x.Secondary...)
	for _, o := range x.Options {
		dw.buf = appendOption(dw.buf, names, o)
		dw.maybeFlush()
	}
	dw.flush()
	return dw.err
}

func writeXCCHead(dw *dimacsWriter, comments, primary, secondary []string) {
	for _, l := range comments {
		dw.buf = append(dw.buf, "| "...)
		dw.buf = append(dw.buf, l...)
		dw.buf = append(dw.buf, '\n')
	}
	dw.buf = append(dw.buf, strings.Join(primary, " ")...)
	if len(secondary) > 0 {
		dw.buf = append(dw.buf, " | "...)
		dw.buf = append(dw.buf, strings.Join(secondary, " ")...)
	}
	dw.buf = append(dw.buf, '\n')
}

func appendOption(buf []byte, names []string, items []int) []byte {
	for i, it := range items {
		if i > 0 {
			buf = append(buf, ' ')
		}
		buf = append(buf, names[it]...)
	}
	return append(buf, '\n')
}

// ReadXCC reads an exact cover problem of any kind in the text format of
// Knuth's DLX programs: the first line that is not a comment names the
// primary items, then "|", then the secondary items; every further line is
// an option, the names of its items. Lines starting with "|" are comments,
// blank lines are skipped. It rejects, with the line and column: names
// longer than 8 characters, an item declared twice, an unknown item in an
// option, an item twice in one option, an option with no primary item, and
// the color controls of DLX2 ("item:color"), which are not supported.
func ReadXCC(r io.Reader) (*ExactCover, error) {
	lr := newLineReader(r)
	bad := func(col int, format string, a ...any) error {
		return &ParseError{Format: "xcc", Line: lr.line, Col: col, Msg: fmt.Sprintf(format, a...)}
	}
	var x *ExactCover
	index := map[string]int{}
	var fs []field
	var seen []int // seen[item] = number of the option that last used it, +1
	for {
		b, err := lr.next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		trimmed := bytes.TrimLeft(b, space)
		if len(trimmed) == 0 || trimmed[0] == '|' {
			continue
		}
		fs = fields(fs, b)
		if x == nil {
			x = &ExactCover{}
			secondary := false
			for _, f := range fs {
				name := string(f.text)
				if name == "|" {
					if secondary {
						return nil, bad(f.col, "a second | in the item line")
					}
					secondary = true
					continue
				}
				if err := checkName(name, f.col, bad); err != nil {
					return nil, err
				}
				if _, dup := index[name]; dup {
					return nil, bad(f.col, "item %q is declared twice", name)
				}
				if secondary {
					x.Secondary = append(x.Secondary, name)
					index[name] = -len(x.Secondary) // fixed below
				} else {
					x.Primary = append(x.Primary, name)
					index[name] = len(x.Primary) - 1
				}
			}
			if len(x.Primary) == 0 {
				return nil, bad(0, "no primary items in the item line")
			}
			for name, i := range index {
				if i < 0 {
					index[name] = len(x.Primary) - i - 1
				}
			}
			seen = make([]int, x.Items())
			continue
		}
		opt := make([]int, 0, len(fs))
		hasPrimary := false
		for _, f := range fs {
			name := string(f.text)
			i, ok := index[name]
			if !ok {
				if strings.Contains(name, ":") {
					return nil, bad(f.col, "%q: color controls (item:color, as in DLX2) are not supported", name)
				}
				return nil, bad(f.col, "unknown item %q", name)
			}
			if seen[i] == len(x.Options)+1 {
				return nil, bad(f.col, "item %q appears twice in this option", name)
			}
			seen[i] = len(x.Options) + 1
			hasPrimary = hasPrimary || i < len(x.Primary)
			opt = append(opt, i)
		}
		if !hasPrimary {
			return nil, bad(0, "option has no primary item")
		}
		x.Options = append(x.Options, opt)
	}
	if x == nil {
		return nil, &ParseError{Format: "xcc", Msg: "no item line"}
	}
	return x, nil
}

// checkName refuses item names that Knuth's programs would not read.
func checkName(name string, col int, bad func(int, string, ...any) error) error {
	switch {
	case strings.ContainsAny(name, ":"):
		return bad(col, "item name %q contains ':' (color controls and multiplicities are not supported)", name)
	case strings.Contains(name, "|"):
		return bad(col, "item name %q contains '|'", name)
	case len(name) > MaxNameLen:
		return bad(col, "item name %q is longer than %d characters", name, MaxNameLen)
	}
	return nil
}
