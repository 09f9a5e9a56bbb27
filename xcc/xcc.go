// Package xcc holds exact cover problems of any origin, not only N-Queens,
// in the text format of Knuth's dancing-links programs (DLX1, and DLX2 for
// colors): primary items, which every solution covers exactly once,
// secondary items, covered at most once, and options, each a set of items.
// A secondary item in an option may carry a color ("x:red"): options that
// give it the same color may then be chosen together (Knuth's "exact
// covering with colors", XCC).
//
// The format: the first line that is not a comment names the primary
// items, then "|", then the secondary items; every further line is an
// option, the names of its items. Lines starting with "|" are comments.
// Item names have at most MaxNameLen characters.
package xcc

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/queenslab/nqueens/internal/memlimit"
	"github.com/queenslab/nqueens/internal/textio"
)

// Problem is an exact cover problem with primary items (covered exactly
// once) and secondary items (covered at most once).
type Problem struct {
	Primary, Secondary []string
	// Options lists the items of each option by index: 0..len(Primary)-1
	// are the primary items, then the secondary ones in order.
	Options [][]int
	// Colors, when not nil, gives the color of each item of each option:
	// Colors[k][j] is that of Options[k][j], 0 for none, else an index
	// into ColorNames plus one. Only secondary items have colors.
	Colors     [][]int
	ColorNames []string
	// Bounds, when not nil, gives for each primary item the least and the
	// most options that may cover it (Knuth's DLX3, "u:v|name" in the item
	// line); nil means exactly one each.
	Bounds [][2]int
}

// Color returns the color name of item j of option k, "" for none.
func (x *Problem) Color(k, j int) string {
	if x.Colors == nil || x.Colors[k][j] == 0 {
		return ""
	}
	return x.ColorNames[x.Colors[k][j]-1]
}

// Items returns the number of items, primary and secondary.
func (x *Problem) Items() int { return len(x.Primary) + len(x.Secondary) }

// Name returns the name of item i.
func (x *Problem) Name(i int) string {
	if i < len(x.Primary) {
		return x.Primary[i]
	}
	return x.Secondary[i-len(x.Primary)]
}

// memoryCheckEvery is how many options are read between two checks that
// what is kept fits in memory (internal/memlimit).
const memoryCheckEvery = 1 << 16

// MaxNameLen is the longest item name Knuth's programs accept.
const MaxNameLen = 8

// ParseError is a reader's complaint about its input, with the 1-based line
// and column at fault (column 0 when the whole line or file is at fault).
type ParseError = textio.ParseError

// Read reads an exact cover problem in Knuth's text format, colors
// included. As Knuth's readers do, it takes a "|" attached to the first
// secondary item's name ("|x") and skips an option without a primary
// item (warn, if not nil, is told of each). It rejects, with the line and
// column: names longer than MaxNameLen characters, an item declared twice,
// an unknown item in an option, an item twice in one option, a color on a
// primary item, and an empty color. Every error is a *ParseError, but for
// a problem too large for the memory available (a *memlimit.TooLargeError,
// checked as options are read).
func Read(r io.Reader) (*Problem, error) { return ReadWarn(r, nil) }

// ReadWarn is Read, telling warn of what it skips.
func ReadWarn(r io.Reader, warn func(line int, msg string)) (*Problem, error) {
	lr := textio.NewLineReader(r, "xcc")
	var x *Problem
	index := map[string]int{}
	var fs []textio.Field
	var seen []int // seen[item] = the option line that last used it
	lines := 0     // option lines read, skipped ones included
	colorIndex := map[string]int{}
	kept := 0 // bytes of the options kept, about
	for b, err := range lr.Lines() {
		if err != nil {
			return nil, err
		}
		if bytes.TrimLeft(b, textio.Space)[0] == '|' {
			continue
		}
		fs = textio.Fields(fs, b)
		if x == nil {
			x = &Problem{}
			secondary := false
			for _, f := range fs {
				name := string(f.Text)
				if strings.HasPrefix(name, "|") {
					if secondary {
						return nil, lr.Errorf(f.Col, "a second | in the item line")
					}
					secondary = true
					if name = name[1:]; name == "" {
						continue
					}
					f.Col++
				}
				bounds := [2]int{1, 1}
				if spec, rest, ok := strings.Cut(name, "|"); ok && !secondary {
					var bad string
					if bounds, bad = parseBounds(spec); bad != "" {
						return nil, lr.Errorf(f.Col, "%q: %s", name, bad)
					}
					if name = rest; name == "" {
						return nil, lr.Errorf(f.Col, "%q: no item name after the bounds", f.Text)
					}
				}
				if err := checkName(name, f.Col, lr); err != nil {
					return nil, err
				}
				if _, dup := index[name]; dup {
					return nil, lr.Errorf(f.Col, "item %q is declared twice", name)
				}
				if secondary {
					x.Secondary = append(x.Secondary, name)
					index[name] = -len(x.Secondary) // fixed below
				} else {
					x.Primary = append(x.Primary, name)
					index[name] = len(x.Primary) - 1
					if bounds != [2]int{1, 1} && x.Bounds == nil {
						x.Bounds = make([][2]int, len(x.Primary)-1, len(x.Primary))
						for i := range x.Bounds {
							x.Bounds[i] = [2]int{1, 1}
						}
					}
					if x.Bounds != nil {
						x.Bounds = append(x.Bounds, bounds)
					}
				}
			}
			if len(x.Primary) == 0 {
				return nil, lr.Errorf(0, "no primary items in the item line")
			}
			for name, i := range index {
				if i < 0 {
					index[name] = len(x.Primary) - i - 1
				}
			}
			seen = make([]int, x.Items())
			continue
		}
		lines++
		newColors := len(x.ColorNames) // colors this option names first start here
		opt := make([]int, 0, len(fs))
		var colors []int
		hasPrimary := false
		for _, f := range fs {
			name, color, colored := strings.Cut(string(f.Text), ":")
			i, ok := index[name]
			if !ok {
				return nil, lr.Errorf(f.Col, "unknown item %q", name)
			}
			if seen[i] == lines {
				return nil, lr.Errorf(f.Col, "item %q appears twice in this option", name)
			}
			seen[i] = lines
			hasPrimary = hasPrimary || i < len(x.Primary)
			opt = append(opt, i)
			c := 0
			if colored {
				switch {
				case i < len(x.Primary):
					return nil, lr.Errorf(f.Col, "%q: only secondary items have colors", f.Text)
				case color == "" || strings.Contains(color, ":"):
					return nil, lr.Errorf(f.Col, "%q: not a color", f.Text)
				}
				if c = colorIndex[color]; c == 0 {
					x.ColorNames = append(x.ColorNames, color)
					c = len(x.ColorNames)
					colorIndex[color] = c
				}
			}
			colors = append(colors, c)
		}
		if !hasPrimary {
			if warn != nil {
				warn(lr.Line(), "option has no primary item: skipped")
			}
			for _, c := range x.ColorNames[newColors:] {
				delete(colorIndex, c)
			}
			if x.ColorNames = x.ColorNames[:newColors]; newColors == 0 {
				x.ColorNames = nil
			}
			continue
		}
		x.Options = append(x.Options, opt)
		if kept += 32 + 8*len(opt) + 8*len(colors); len(x.Options)%memoryCheckEvery == 0 {
			// The options read so far, and the dancing links that a solver
			// makes of them (about twice as much again), must fit.
			if err := memlimit.Check(uint64(kept)*3, fmt.Sprintf("an exact cover of %d options and more", len(x.Options))); err != nil {
				return nil, err
			}
		}
		if len(colorIndex) > 0 && x.Colors == nil {
			x.Colors = make([][]int, len(x.Options)-1, len(x.Options))
			for k := range x.Colors {
				x.Colors[k] = make([]int, len(x.Options[k]))
			}
		}
		if x.Colors != nil {
			x.Colors = append(x.Colors, colors)
		}
	}
	if x == nil {
		return nil, &ParseError{Format: "xcc", Msg: "no item line"}
	}
	return x, nil
}

// parseBounds reads the "u:v" or "v" before the "|" of a primary item's
// name in the item line (Knuth's DLX3): at least u and at most v options
// cover the item; v alone means exactly v.
func parseBounds(spec string) (bounds [2]int, bad string) {
	lo, hi, ranged := strings.Cut(spec, ":")
	if !ranged {
		hi = lo
	}
	// At most 9 digits: bounds stay far within the solver's 32 bits.
	u, ok1 := textio.ParseCount(lo)
	v, ok2 := textio.ParseCount(hi)
	ok1, ok2 = ok1 && len(lo) <= 9, ok2 && len(hi) <= 9
	switch {
	case !ok1 || !ok2:
		return [2]int{}, fmt.Sprintf("bounds %q are not u:v or v in decimal digits", spec)
	case v == 0:
		return [2]int{}, "upper bound zero"
	case u > v:
		return [2]int{}, fmt.Sprintf("lower bound %d exceeds upper bound %d", u, v)
	}
	return [2]int{u, v}, ""
}

// checkName refuses item names that Knuth's programs would not read.
func checkName(name string, col int, lr *textio.LineReader) error {
	switch {
	case strings.ContainsAny(name, ":"):
		return lr.Errorf(col, "item name %q contains ':'", name)
	case strings.Contains(name, "|"):
		return lr.Errorf(col, "item name %q contains '|'", name)
	case len(name) > MaxNameLen:
		return lr.Errorf(col, "item name %q is longer than %d characters", name, MaxNameLen)
	}
	return nil
}

// Write writes x in Knuth's text format with the comment lines first.
func Write(w io.Writer, x *Problem, comments []string) error {
	xw := NewWriter(context.Background(), w)
	primary := x.Primary
	if x.Bounds != nil {
		primary = make([]string, len(x.Primary))
		for i, name := range x.Primary {
			switch b := x.Bounds[i]; {
			case b == [2]int{1, 1}:
				primary[i] = name
			case b[0] == b[1]:
				primary[i] = fmt.Sprintf("%d|%s", b[1], name)
			default:
				primary[i] = fmt.Sprintf("%d:%d|%s", b[0], b[1], name)
			}
		}
	}
	xw.Head(comments, primary, x.Secondary)
	names := append(append([]string(nil), x.Primary...), x.Secondary...)
	for k, o := range x.Options {
		if x.Colors == nil {
			xw.Option(names, o)
			continue
		}
		colored := make([]string, len(o))
		for j, it := range o {
			colored[j] = names[it]
			if c := x.Color(k, j); c != "" {
				colored[j] += ":" + c
			}
		}
		xw.Option(colored, seq(len(o)))
	}
	return xw.Flush()
}

// seq is 0, 1, ..., n-1.
func seq(n int) []int {
	s := make([]int, n)
	for i := range s {
		s[i] = i
	}
	return s
}

// Writer writes an exact cover in one streaming pass: Head once, then
// Option for each option, then Flush. It stops with ctx.Err() when ctx is
// done; after an error it discards what it is given.
type Writer struct {
	w *textio.Writer
}

// NewWriter writes to w until ctx is done.
func NewWriter(ctx context.Context, w io.Writer) *Writer {
	return &Writer{w: textio.NewWriter(ctx, w)}
}

// Head writes the comment lines ("| " lines) and the item line.
func (xw *Writer) Head(comments, primary, secondary []string) {
	w := xw.w
	for _, l := range comments {
		w.Comment("| ", l)
	}
	w.Buf = append(w.Buf, strings.Join(primary, " ")...)
	if len(secondary) > 0 {
		w.Buf = append(w.Buf, " | "...)
		w.Buf = append(w.Buf, strings.Join(secondary, " ")...)
	}
	w.Buf = append(w.Buf, '\n')
}

// Option writes one option: the names of its items, names[items[i]].
func (xw *Writer) Option(names []string, items []int) {
	w := xw.w
	for i, it := range items {
		if i > 0 {
			w.Buf = append(w.Buf, ' ')
		}
		w.Buf = append(w.Buf, names[it]...)
	}
	w.Buf = append(w.Buf, '\n')
	w.MaybeFlush()
}

// Err returns the first error met so far.
func (xw *Writer) Err() error { return xw.w.Err() }

// Flush writes out what is buffered and returns the first error met.
func (xw *Writer) Flush() error {
	xw.w.Flush()
	return xw.w.Err()
}
