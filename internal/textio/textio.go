// Package textio holds what the readers and writers of the line-based
// solver formats (DIMACS CNF, Knuth's exact cover) share: a line reader
// with a length cap that numbers its lines, white-space fields with their
// columns, a strict integer parser, the error that names a line and column,
// and a buffered writer that looks at its context between blocks.
package textio

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"iter"
	"math/bits"
	"os"
	"strconv"
	"strings"

	"github.com/queenslab/nqueens/internal/memlimit"
)

// ParseError is a reader's complaint about its input, with the 1-based line
// and column at fault (column 0 when the whole line or file is at fault).
type ParseError struct {
	Format    string // "dimacs" or "xcc"
	Line, Col int
	Msg       string
}

func (e *ParseError) Error() string {
	switch {
	case e.Line == 0:
		return fmt.Sprintf("%s: %s", e.Format, e.Msg)
	case e.Col == 0:
		return fmt.Sprintf("%s: line %d: %s", e.Format, e.Line, e.Msg)
	}
	return fmt.Sprintf("%s: line %d, column %d: %s", e.Format, e.Line, e.Col, e.Msg)
}

// MaxLine is the default cap on the length of one line: 64 MiB, room for a
// clause of several million literals.
const MaxLine = 64 << 20

// LineReader gives the lines of a file without their line ending, numbered
// from 1, each at most Max bytes long.
type LineReader struct {
	// Format names the format in errors ("dimacs").
	Format string
	// Max is the longest line accepted; a longer one is a *ParseError.
	Max int

	br    *bufio.Reader
	line  int
	long  []byte
	size  int  // bytes of the last line, its line end included
	ended bool // the last line had its line end
}

// NewLineReader reads the lines of r, at most MaxLine bytes each.
func NewLineReader(r io.Reader, format string) *LineReader {
	return &LineReader{Format: format, Max: MaxLine, br: bufio.NewReaderSize(r, 1<<16)}
}

// Line is the number of the line last returned by Next.
func (lr *LineReader) Line() int { return lr.line }

// Next returns the next line, valid until the following call, or io.EOF.
func (lr *LineReader) Next() ([]byte, error) {
	b, err := lr.br.ReadSlice('\n')
	if errors.Is(err, bufio.ErrBufferFull) {
		lr.long = append(lr.long[:0], b...)
		for errors.Is(err, bufio.ErrBufferFull) {
			if len(lr.long) > lr.Max {
				return nil, &ParseError{Format: lr.Format, Line: lr.line + 1, Msg: fmt.Sprintf("line longer than %d bytes", lr.Max)}
			}
			b, err = lr.br.ReadSlice('\n')
			if len(lr.long)+len(b) > cap(lr.long) && cap(lr.long) >= 1<<20 {
				// A long line doubles its buffer as it grows: the
				// doubling must fit in memory before it is made.
				if err := memlimit.Check(2*uint64(cap(lr.long)), fmt.Sprintf("a line of %s and more", memlimit.GB(uint64(len(lr.long))))); err != nil {
					return nil, &ParseError{Format: lr.Format, Line: lr.line + 1, Msg: err.Error()}
				}
			}
			lr.long = append(lr.long, b...)
		}
		b = lr.long
	}
	if err != nil && !errors.Is(err, io.EOF) {
		return nil, err
	}
	if len(b) == 0 && errors.Is(err, io.EOF) {
		return nil, io.EOF
	}
	lr.line++
	if len(b) > lr.Max+1 {
		return nil, lr.Errorf(0, "line longer than %d bytes", lr.Max)
	}
	lr.size, lr.ended = len(b), bytes.HasSuffix(b, []byte("\n"))
	b = bytes.TrimSuffix(b, []byte("\n"))
	b = bytes.TrimSuffix(b, []byte("\r"))
	return b, nil
}

// Size is the number of bytes of the line last returned by Next, its line
// end included; Ended tells whether it had one (the last line of a file
// may not).
func (lr *LineReader) Size() int   { return lr.size }
func (lr *LineReader) Ended() bool { return lr.ended }

// Lines is the sequence of the lines that are not blank, each with the
// error that ends the sequence, if any (io.EOF ends it without one).
func (lr *LineReader) Lines() iter.Seq2[[]byte, error] {
	return func(yield func([]byte, error) bool) {
		for {
			b, err := lr.Next()
			if err == io.EOF {
				return
			}
			if err != nil {
				yield(nil, err)
				return
			}
			if len(bytes.TrimLeft(b, Space)) > 0 && !yield(b, nil) {
				return
			}
		}
	}
}

// Errorf is a *ParseError at column col of the line last returned.
func (lr *LineReader) Errorf(col int, format string, a ...any) error {
	return &ParseError{Format: lr.Format, Line: lr.line, Col: col, Msg: fmt.Sprintf(format, a...)}
}

// Field is one whitespace-separated token of a line and its 1-based column.
type Field struct {
	Text []byte
	Col  int
}

// Space is the white space that separates fields: space, tab, carriage
// return, vertical tab and form feed.
const Space = " \t\r\v\f"

// IsSpace reports whether c is in Space.
func IsSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f' }

// Fields splits a line at white space, reusing dst.
func Fields(dst []Field, b []byte) []Field {
	dst = dst[:0]
	for i := 0; i < len(b); {
		for i < len(b) && IsSpace(b[i]) {
			i++
		}
		j := i
		for j < len(b) && !IsSpace(b[j]) {
			j++
		}
		if j > i {
			dst = append(dst, Field{b[i:j], i + 1})
		}
		i = j
	}
	return dst
}

// FirstField is the text of b up to its first white space.
func FirstField(b []byte) string {
	if i := bytes.IndexAny(b, Space); i >= 0 {
		b = b[:i]
	}
	return string(b)
}

// maxIntDigits is the most digits ParseInt takes: every number of 18
// digits fits a 64-bit int (below 2^62), every number of 9 a 32-bit one.
const maxIntDigits = 9 + 9*(bits.UintSize/64)

// ParseInt reads a decimal integer with an optional sign, refusing
// anything else and values of more than 18 digits (9 on a 32-bit
// platform), so that no value wraps around.
func ParseInt(b []byte) (int, bool) {
	neg := false
	if len(b) > 0 && (b[0] == '-' || b[0] == '+') {
		neg = b[0] == '-'
		b = b[1:]
	}
	if len(b) == 0 || len(b) > maxIntDigits {
		return 0, false
	}
	v := 0
	for _, c := range b {
		if c < '0' || c > '9' {
			return 0, false
		}
		v = v*10 + int(c-'0')
	}
	if neg {
		v = -v
	}
	return v, true
}

// Writer collects output in Buf and writes it out in blocks of 64 KiB or
// more. It checks its context before each block; after the first error it
// discards what it is given, and Err returns that error.
type Writer struct {
	Buf []byte

	ctx context.Context
	w   io.Writer
	err error
}

// NewWriter writes to w until ctx is done.
func NewWriter(ctx context.Context, w io.Writer) *Writer {
	return &Writer{ctx: ctx, w: w, Buf: make([]byte, 0, 1<<17)}
}

// Line appends prefix, s and a line end.
func (w *Writer) Line(prefix, s string) {
	w.Buf = append(w.Buf, prefix...)
	w.Buf = append(w.Buf, s...)
	w.Buf = append(w.Buf, '\n')
}

// Comment appends prefix, s with its control characters escaped
// (OneLine) and a line end: a comment line of a file format, which no
// text of a caller's can end early or follow with lines of its own.
func (w *Writer) Comment(prefix, s string) {
	w.Line(prefix, OneLine(s))
}

// OneLine is s with every control character (C0 and C1, DEL, and the
// Unicode line and paragraph separators) written as a Go escape (\n,
// \x01, \u2028), so that s stays on one line whatever reads it; s without
// any is returned as it is.
func OneLine(s string) string {
	if !strings.ContainsFunc(s, isControl) {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		if isControl(r) {
			q := strconv.QuoteRune(r)
			b.WriteString(q[1 : len(q)-1])
		} else {
			b.WriteRune(r)
		}
	}
	return b.String()
}

func isControl(r rune) bool {
	return r < 0x20 || r == 0x7f || r >= 0x80 && r < 0xa0 || r == 0x2028 || r == 0x2029
}

// MaybeFlush writes the buffer out once it holds 64 KiB.
func (w *Writer) MaybeFlush() {
	if len(w.Buf) >= 1<<16 {
		w.Flush()
	}
}

// Flush writes the buffer out.
func (w *Writer) Flush() {
	if w.err == nil {
		w.err = w.ctx.Err()
	}
	if w.err == nil {
		_, w.err = w.w.Write(w.Buf)
	}
	w.Buf = w.Buf[:0]
}

// Err returns the first error met.
func (w *Writer) Err() error { return w.err }

// ReadFile reads a regular file of at most max bytes whole. An error
// opening it is the *fs.PathError of os.Open; a file that is not regular
// (told before it is opened: a FIFO without a writer is refused, not
// waited for), or longer than max, is an error that names it.
func ReadFile(path string, max int64) ([]byte, error) {
	// The kind first: opening a FIFO without a writer would block.
	if st, err := os.Stat(path); err == nil && !st.Mode().IsRegular() {
		return nil, fmt.Errorf("%s is not a regular file", path)
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err == nil && !st.Mode().IsRegular() {
		return nil, fmt.Errorf("%s is not a regular file", path)
	}
	var raw []byte
	if err == nil && st.Size() <= max {
		// Held whole: it must fit, read into one buffer of its size
		// (ReadAll's doubling would take up to twice as much).
		if err := memlimit.Check(uint64(st.Size()), fmt.Sprintf("reading %s (%s)", path, memlimit.GB(uint64(st.Size())))); err != nil {
			return nil, err
		}
		raw = make([]byte, 0, st.Size()+1)
	}
	raw, err = readAllInto(raw, io.LimitReader(f, max+1))
	if err != nil {
		return nil, fmt.Errorf("cannot read %s: %v", path, err)
	}
	if int64(len(raw)) > max {
		return nil, fmt.Errorf("%s is larger than %d bytes", path, max)
	}
	return raw, nil
}

// readAllInto appends all of r to buf (grown as needed) and returns it.
func readAllInto(buf []byte, r io.Reader) ([]byte, error) {
	for {
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)]
		}
		n, err := r.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if errors.Is(err, io.EOF) {
			return buf, nil
		}
		if err != nil {
			return buf, err
		}
	}
}

// ParseCount reads a count written in decimal digits only (no sign, no
// space), at most 18 of them (9 on a 32-bit platform).
func ParseCount(s string) (int, bool) {
	if s == "" || s[0] == '+' || s[0] == '-' {
		return 0, false
	}
	return ParseInt([]byte(s))
}

// Clip shortens s, quoted in a message, to its first max bytes and "...".
func Clip(s string, max int) string {
	if len(s) > max {
		return s[:max] + "..."
	}
	return s
}
