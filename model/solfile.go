package model

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
)

// DrawLimit is the largest N for which a solution file carries a drawing of
// the board, as in the classic local search program.
const DrawLimit = 20

// WriteSolution writes q in the classic solution file format: the 1-based
// column of each row on one line, separated by spaces (0 for a row without
// a queen, in a problem whose rows do not all take one); then, for
// N <= DrawLimit, one line per row with '*' for the queen and '-' elsewhere.
// Writing is buffered and streaming: a placement of 10^9 queens needs no
// extra memory.
func WriteSolution[C Column](w io.Writer, q []C) error {
	bw := bufio.NewWriterSize(w, 1<<16)
	buf := make([]byte, 0, 24)
	for r, c := range q {
		buf = strconv.AppendInt(buf[:0], int64(columnOf(c))+1, 10)
		if r == len(q)-1 {
			buf = append(buf, '\n')
		} else {
			buf = append(buf, ' ')
		}
		if _, err := bw.Write(buf); err != nil {
			return err
		}
	}
	if len(q) <= DrawLimit {
		if err := DrawBoard(bw, q); err != nil {
			return err
		}
	}
	return bw.Flush()
}

// DrawBoard writes one line per row, '*' for the queen and '-' for an empty
// square (an Unset row is all '-').
func DrawBoard[C Column](w io.Writer, q []C) error {
	line := make([]byte, len(q)+1)
	for _, c := range q {
		for i := range len(q) {
			line[i] = '-'
		}
		if int(c) >= 0 && int(c) < len(q) {
			line[int(c)] = '*'
		}
		line[len(q)] = '\n'
		if _, err := w.Write(line); err != nil {
			return err
		}
	}
	return nil
}

// FormatError is a solution file that does not follow the format. Line and
// Field count from 1; Field is 0 where the whole line is at fault.
type FormatError struct {
	Line, Field int
	Msg         string
}

func (e *FormatError) Error() string {
	if e.Field > 0 {
		return fmt.Sprintf("solution file: line %d, field %d: %s", e.Line, e.Field, e.Msg)
	}
	return fmt.Sprintf("solution file: line %d: %s", e.Line, e.Msg)
}

// ReadSolution reads a solution file in the format WriteSolution writes. With
// n > 0 the first line must hold exactly n columns; with n == 0 its length
// gives N. For N <= DrawLimit the drawing may follow; if it does, it must have
// N rows of N squares agreeing with the first line. Anything else (a missing
// or extra column, a field that is not a whole number, a column outside
// 1..N, text after the placement) is a *FormatError naming the line and
// field. The placement is returned 0-based, and is not verified: see Verify.
func ReadSolution(r io.Reader, n int) (Placement, error) { return readSolution(r, n, 1) }

// ReadPartialSolution is ReadSolution for a problem whose rows do not all
// take a queen (Problem.Rows): a column 0 is a row without one (Unset).
func ReadPartialSolution(r io.Reader, n int) (Placement, error) { return readSolution(r, n, 0) }

func readSolution(r io.Reader, n int, lowest int64) (Placement, error) {
	if n < 0 {
		return nil, fmt.Errorf("model: ReadSolution with n = %d", n)
	}
	br := bufio.NewReaderSize(r, 1<<16)
	q, err := readColumns(br, n, lowest)
	if err != nil {
		return nil, err
	}
	n = len(q)
	line := 1
	drawn := 0
	for {
		text, err := readLine(br)
		if err == io.EOF && text == nil {
			break
		}
		if err != nil && err != io.EOF {
			return nil, err
		}
		line++
		if isBlank(text) {
			if drawn > 0 && drawn < n {
				return nil, &FormatError{Line: line, Msg: fmt.Sprintf("the drawing stops after %d of %d rows", drawn, n)}
			}
			continue
		}
		if n > DrawLimit {
			return nil, &FormatError{Line: line, Msg: fmt.Sprintf("unexpected text after the placement (no drawing for N > %d)", DrawLimit)}
		}
		if drawn == n {
			return nil, &FormatError{Line: line, Msg: "unexpected text after the drawing"}
		}
		if drawn == 0 && line > 2 {
			return nil, &FormatError{Line: line, Msg: "blank line between the placement and the drawing"}
		}
		if err := checkDrawnRow(text, line, drawn, q); err != nil {
			return nil, err
		}
		drawn++
	}
	if drawn > 0 && drawn < n {
		return nil, &FormatError{Line: line + 1, Msg: fmt.Sprintf("the drawing stops after %d of %d rows", drawn, n)}
	}
	return q, nil
}

func isBlank(b []byte) bool {
	for _, c := range b {
		if c != ' ' && c != '\t' && c != '\r' {
			return false
		}
	}
	return true
}

// readLine returns the next line without its end, or nil and io.EOF at the
// end of the input.
func readLine(br *bufio.Reader) ([]byte, error) {
	var out []byte
	for {
		chunk, err := br.ReadSlice('\n')
		out = append(out, chunk...)
		if err == bufio.ErrBufferFull {
			if len(out) > 1<<20 {
				return nil, errors.New("model: solution file: line too long for a drawing")
			}
			continue
		}
		if err == io.EOF {
			if len(out) == 0 {
				return nil, io.EOF
			}
			return out, nil
		}
		if err != nil {
			return nil, err
		}
		return out[:len(out)-1], nil
	}
}

func checkDrawnRow(text []byte, line, row int, q Placement) error {
	n := len(q)
	if len(text) > 0 && text[len(text)-1] == '\r' {
		text = text[:len(text)-1]
	}
	if len(text) != n {
		return &FormatError{Line: line, Msg: fmt.Sprintf("drawing row %d has %d squares, want %d", row+1, len(text), n)}
	}
	queen := -1
	for i, ch := range text {
		switch ch {
		case '*':
			if queen >= 0 {
				return &FormatError{Line: line, Field: i + 1, Msg: fmt.Sprintf("a second queen in drawing row %d", row+1)}
			}
			queen = i
		case '-':
		default:
			return &FormatError{Line: line, Field: i + 1, Msg: fmt.Sprintf("%q is not '*' or '-'", ch)}
		}
	}
	if queen != q[row] {
		where := "no queen"
		if queen >= 0 {
			where = fmt.Sprintf("its queen in column %d", queen+1)
		}
		return &FormatError{Line: line, Msg: fmt.Sprintf("drawing row %d has %s, but line 1 says column %d", row+1, where, q[row]+1)}
	}
	return nil
}

// readColumns reads the first line: whole numbers separated by spaces or tabs.
// It streams, so a line of 10^8 columns needs only the placement's memory;
// the placement grows with the columns read, not with the N claimed.
func readColumns(br *bufio.Reader, n int, lowest int64) (Placement, error) {
	var q Placement
	if n > 0 {
		q = make(Placement, 0, min(n, 1<<20))
	}
	field := 0
	var tok []byte
	flush := func() error {
		if len(tok) == 0 {
			return nil
		}
		field++
		if n > 0 && field > n {
			return &FormatError{Line: 1, Field: field, Msg: fmt.Sprintf("more than %d columns", n)}
		}
		v, err := strconv.ParseInt(string(tok), 10, 64)
		if err != nil {
			shown := string(tok)
			if len(shown) > 20 {
				shown = shown[:20] + "..."
			}
			return &FormatError{Line: 1, Field: field, Msg: fmt.Sprintf("%q is not a whole number", shown)}
		}
		if v < lowest || (n > 0 && v > int64(n)) || v > MaxN {
			rng := "1 or more"
			if n > 0 {
				rng = fmt.Sprintf("1 to %d", n)
			}
			if lowest == 0 {
				rng += "; 0 for a row without a queen"
			}
			return &FormatError{Line: 1, Field: field, Msg: fmt.Sprintf("column %d is out of range (%s)", v, rng)}
		}
		q = append(q, int(v-1)) // 0: Unset, a row without a queen
		tok = tok[:0]
		return nil
	}
	for {
		ch, err := br.ReadByte()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		if ch == '\n' {
			break
		}
		if ch == ' ' || ch == '\t' || ch == '\r' {
			if err := flush(); err != nil {
				return nil, err
			}
			continue
		}
		if len(tok) > 64 {
			field++
			return nil, &FormatError{Line: 1, Field: field, Msg: "field too long to be a column"}
		}
		tok = append(tok, ch)
	}
	if err := flush(); err != nil {
		return nil, err
	}
	if field == 0 {
		return nil, &FormatError{Line: 1, Msg: "no columns: want one line of N columns"}
	}
	if n > 0 && field < n {
		return nil, &FormatError{Line: 1, Msg: fmt.Sprintf("%d columns, want %d", field, n)}
	}
	if n == 0 {
		// The columns were checked against MaxN only; check them against N now.
		for i, c := range q {
			if c >= len(q) {
				return nil, &FormatError{Line: 1, Field: i + 1, Msg: fmt.Sprintf("column %d is out of range (1 to %d)", c+1, len(q))}
			}
		}
	}
	return q, nil
}
