package encode

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
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

// lineReader gives the lines of a file without their line ending, of any
// length, numbered from 1.
type lineReader struct {
	br   *bufio.Reader
	line int
	long []byte
}

func newLineReader(r io.Reader) *lineReader {
	return &lineReader{br: bufio.NewReaderSize(r, 1<<16)}
}

// next returns the next line, valid until the following call, or io.EOF.
func (lr *lineReader) next() ([]byte, error) {
	b, err := lr.br.ReadSlice('\n')
	if errors.Is(err, bufio.ErrBufferFull) {
		lr.long = append(lr.long[:0], b...)
		for errors.Is(err, bufio.ErrBufferFull) {
			b, err = lr.br.ReadSlice('\n')
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
	b = bytes.TrimSuffix(b, []byte("\n"))
	b = bytes.TrimSuffix(b, []byte("\r"))
	return b, nil
}

// field is one whitespace-separated token of a line and its 1-based column.
type field struct {
	text []byte
	col  int
}

// space is the white space that separates fields: space, tab, carriage
// return, vertical tab and form feed.
const space = " \t\r\v\f"

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f' }

// fields splits a line at white space, reusing dst.
func fields(dst []field, b []byte) []field {
	dst = dst[:0]
	for i := 0; i < len(b); {
		for i < len(b) && isSpace(b[i]) {
			i++
		}
		j := i
		for j < len(b) && !isSpace(b[j]) {
			j++
		}
		if j > i {
			dst = append(dst, field{b[i:j], i + 1})
		}
		i = j
	}
	return dst
}

// parseInt reads a decimal integer with an optional sign, refusing
// anything else and values beyond ±2^62.
func parseInt(b []byte) (int, bool) {
	neg := false
	if len(b) > 0 && (b[0] == '-' || b[0] == '+') {
		neg = b[0] == '-'
		b = b[1:]
	}
	if len(b) == 0 || len(b) > 18 {
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
