// Package xcc holds exact cover problems of any origin, not only N-Queens,
// in the text format of Knuth's dancing-links programs (DLX1): primary
// items, which every solution covers exactly once, secondary items, covered
// at most once, and options, each a set of items.
//
// The format: the first line that is not a comment names the primary
// items, then "|", then the secondary items; every further line is an
// option, the names of its items. Lines starting with "|" are comments.
// Item names have at most MaxNameLen characters.
package xcc

import (
	"bytes"
	"context"
	"io"
	"strings"

	"github.com/queenslab/nqueens/internal/textio"
)

// Problem is an exact cover problem with primary items (covered exactly
// once) and secondary items (covered at most once).
type Problem struct {
	Primary, Secondary []string
	// Options lists the items of each option by index: 0..len(Primary)-1
	// are the primary items, then the secondary ones in order.
	Options [][]int
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

// MaxNameLen is the longest item name Knuth's programs accept.
const MaxNameLen = 8

// ParseError is a reader's complaint about its input, with the 1-based line
// and column at fault (column 0 when the whole line or file is at fault).
type ParseError = textio.ParseError

// Read reads an exact cover problem in Knuth's text format. It rejects,
// with the line and column: names longer than MaxNameLen characters, an
// item declared twice, an unknown item in an option, an item twice in one
// option, an option with no primary item, and the color controls of DLX2
// ("item:color"), which are not supported. Every error is a *ParseError.
func Read(r io.Reader) (*Problem, error) {
	lr := textio.NewLineReader(r, "xcc")
	var x *Problem
	index := map[string]int{}
	var fs []textio.Field
	var seen []int // seen[item] = number of the option that last used it, +1
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
				if name == "|" {
					if secondary {
						return nil, lr.Errorf(f.Col, "a second | in the item line")
					}
					secondary = true
					continue
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
		opt := make([]int, 0, len(fs))
		hasPrimary := false
		for _, f := range fs {
			name := string(f.Text)
			i, ok := index[name]
			if !ok {
				if strings.Contains(name, ":") {
					return nil, lr.Errorf(f.Col, "%q: color controls (item:color, as in DLX2) are not supported", name)
				}
				return nil, lr.Errorf(f.Col, "unknown item %q", name)
			}
			if seen[i] == len(x.Options)+1 {
				return nil, lr.Errorf(f.Col, "item %q appears twice in this option", name)
			}
			seen[i] = len(x.Options) + 1
			hasPrimary = hasPrimary || i < len(x.Primary)
			opt = append(opt, i)
		}
		if !hasPrimary {
			return nil, lr.Errorf(0, "option has no primary item")
		}
		x.Options = append(x.Options, opt)
	}
	if x == nil {
		return nil, &ParseError{Format: "xcc", Msg: "no item line"}
	}
	return x, nil
}

// checkName refuses item names that Knuth's programs would not read.
func checkName(name string, col int, lr *textio.LineReader) error {
	switch {
	case strings.ContainsAny(name, ":"):
		return lr.Errorf(col, "item name %q contains ':' (color controls and multiplicities are not supported)", name)
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
	xw.Head(comments, x.Primary, x.Secondary)
	names := append(append([]string(nil), x.Primary...), x.Secondary...)
	for _, o := range x.Options {
		xw.Option(names, o)
	}
	return xw.Flush()
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
		w.Line("| ", l)
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
