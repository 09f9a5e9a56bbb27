package encode

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"strconv"
)

// WriteDIMACS writes f as DIMACS CNF in one streaming pass: the comment
// header (see Options), "c ind" lines naming the N*N queen variables as the
// projection set when the encoding adds auxiliary variables, the exact
// "p cnf V C" line computed from the formulas, then the clauses. Memory
// does not depend on the number of clauses. It stops with ctx.Err() when
// ctx is cancelled.
func WriteDIMACS(ctx context.Context, w io.Writer, f *CNF, opt Options) error {
	n := f.Problem.N
	vars, clauses := f.Size()
	format := []string{
		"encoding: CNF, rows and columns exactly one, diagonals at most one, at-most-one encoding " + f.AMO.Name(),
		fmt.Sprintf("variables 1..%d: the queen at row r, column c (1-based) is variable (r-1)*%d + c", n*n, n),
	}
	if vars > n*n {
		format = append(format, fmt.Sprintf("variables %d..%d: auxiliary, of the %s encoding; count models projected on 1..%d (c ind)", n*n+1, vars, f.AMO.Name(), n*n))
		if f.AMO.Parsimonious() {
			format = append(format, "the encoding is parsimonious: the model count over all variables is the number of solutions")
		} else {
			format = append(format, "the encoding is not parsimonious: only the count projected on the queen variables is the number of solutions")
		}
	}
	lines, err := describe(f.Problem, opt, format)
	if err != nil {
		return err
	}
	dw := &dimacsWriter{ctx: ctx, w: w, buf: make([]byte, 0, 1<<17)}
	for _, l := range lines {
		dw.buf = append(dw.buf, "c "...)
		dw.buf = append(dw.buf, l...)
		dw.buf = append(dw.buf, '\n')
	}
	if vars > n*n {
		for r := 0; r < n; r++ {
			dw.buf = append(dw.buf, "c ind"...)
			for c := 0; c < n; c++ {
				dw.buf = append(dw.buf, ' ')
				dw.buf = strconv.AppendInt(dw.buf, int64(QueenVar(n, r, c)), 10)
			}
			dw.buf = append(dw.buf, " 0\n"...)
			dw.maybeFlush()
		}
	}
	dw.buf = fmt.Appendf(dw.buf, "p cnf %d %d\n", vars, clauses)
	f.Encode(dw)
	dw.flush()
	if dw.err != nil {
		return dw.err
	}
	if dw.err == nil && dw.clauses != clauses {
		return fmt.Errorf("encode: internal error: header says %d clauses, %d written", clauses, dw.clauses)
	}
	return nil
}

// dimacsWriter is an Adder that formats clauses into a buffer and writes it
// out in large blocks. After an error it discards what it is given.
type dimacsWriter struct {
	ctx     context.Context
	w       io.Writer
	buf     []byte
	err     error
	clauses int
}

func (d *dimacsWriter) Add(lit int) {
	if lit != 0 {
		d.buf = strconv.AppendInt(d.buf, int64(lit), 10)
		d.buf = append(d.buf, ' ')
		return
	}
	d.buf = append(d.buf, '0', '\n')
	d.clauses++
	d.maybeFlush()
}

// Err returns the first error met, which stops CNF.Encode.
func (d *dimacsWriter) Err() error { return d.err }

func (d *dimacsWriter) maybeFlush() {
	if len(d.buf) >= 1<<16 {
		d.flush()
	}
}

func (d *dimacsWriter) flush() {
	if d.err == nil {
		d.err = d.ctx.Err()
	}
	if d.err == nil {
		_, d.err = d.w.Write(d.buf)
	}
	d.buf = d.buf[:0]
}

// DIMACSInfo is what ReadDIMACS learns besides the clauses.
type DIMACSInfo struct {
	Vars, Clauses int // from the "p cnf" line, checked against the body
	// Ind is the projection set given by "c ind ... 0" lines, in order.
	Ind []int
	// Comments are the comment lines without the leading "c" and one space.
	Comments []string
}

// ReadDIMACS reads a DIMACS CNF file of any origin and adds its clauses to
// dst. It is strict: one "p cnf V C" line before the first clause; every
// literal a whole number with |lit| <= V; every clause ended by 0 (a
// clause may span lines); exactly C clauses. Comment lines start with "c"
// and may appear anywhere; "c ind" lines are read as the projection set.
// A line "%" ends the file, as in the SATLIB benchmark files. Every error
// is a *ParseError naming the line and column.
func ReadDIMACS(r io.Reader, dst Adder) (*DIMACSInfo, error) {
	lr := newLineReader(r)
	info := &DIMACSInfo{Vars: -1}
	bad := func(col int, format string, a ...any) error {
		return &ParseError{Format: "dimacs", Line: lr.line, Col: col, Msg: fmt.Sprintf(format, a...)}
	}
	var fs []field
	clauses, open, openLine := 0, false, 0
	for {
		b, err := lr.next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		trimmed := bytes.TrimLeft(b, space)
		if len(trimmed) == 0 {
			continue
		}
		switch trimmed[0] {
		case 'c':
			if len(trimmed) > 1 && !isSpace(trimmed[1]) {
				return nil, bad(len(b)-len(trimmed)+1, "%q is neither a comment (c followed by a space) nor a clause", firstField(trimmed))
			}
			if err := readInd(info, fields(fs, trimmed), bad); err != nil {
				return nil, err
			}
			info.Comments = append(info.Comments, string(bytes.TrimPrefix(bytes.TrimPrefix(trimmed[1:], []byte(" ")), []byte("\t"))))
			continue
		case 'p':
			if info.Vars >= 0 {
				return nil, bad(0, "a second problem line (the first gave %d variables, %d clauses)", info.Vars, info.Clauses)
			}
			fs = fields(fs, b)
			if len(fs) != 4 || string(fs[0].text) != "p" || string(fs[1].text) != "cnf" {
				return nil, bad(0, "problem line must be \"p cnf VARIABLES CLAUSES\"")
			}
			for i, p := range []*int{&info.Vars, &info.Clauses} {
				v, ok := parseInt(fs[2+i].text)
				if !ok || v < 0 || fs[2+i].text[0] == '+' || fs[2+i].text[0] == '-' {
					return nil, bad(fs[2+i].col, "%q is not a count", fs[2+i].text)
				}
				*p = v
			}
			continue
		case '%':
			if len(bytes.TrimSpace(trimmed)) == 1 {
				goto end
			}
		}
		if info.Vars < 0 {
			return nil, bad(0, "clause before the problem line \"p cnf VARIABLES CLAUSES\"")
		}
		fs = fields(fs, b)
		for _, f := range fs {
			lit, ok := parseInt(f.text)
			if !ok {
				return nil, bad(f.col, "%q is not a literal", f.text)
			}
			if lit > info.Vars || -lit > info.Vars {
				return nil, bad(f.col, "literal %d is out of range: the problem line gives %d variables", lit, info.Vars)
			}
			if lit == 0 {
				if clauses == info.Clauses {
					return nil, bad(f.col, "more clauses than the %d of the problem line", info.Clauses)
				}
				clauses++
				open = false
			} else if !open {
				open, openLine = true, lr.line
			}
			dst.Add(lit)
		}
	}
end:
	switch {
	case info.Vars < 0:
		return nil, &ParseError{Format: "dimacs", Msg: "no problem line \"p cnf VARIABLES CLAUSES\""}
	case open:
		return nil, &ParseError{Format: "dimacs", Line: openLine, Msg: "the last clause has no terminating 0"}
	case clauses != info.Clauses:
		return nil, &ParseError{Format: "dimacs", Line: lr.line, Msg: fmt.Sprintf("the problem line gives %d clauses, the file has %d", info.Clauses, clauses)}
	}
	for _, v := range info.Ind {
		if v > info.Vars {
			return nil, &ParseError{Format: "dimacs", Msg: fmt.Sprintf("c ind names variable %d, beyond the %d of the problem line", v, info.Vars)}
		}
	}
	return info, nil
}

// readInd reads a "c ind v1 v2 ... 0" line into info.Ind; other comments
// are left alone.
func readInd(info *DIMACSInfo, fs []field, bad func(int, string, ...any) error) error {
	if len(fs) < 2 || string(fs[0].text) != "c" || string(fs[1].text) != "ind" {
		return nil
	}
	for i, f := range fs[2:] {
		v, ok := parseInt(f.text)
		if !ok || v < 0 {
			return bad(f.col, "c ind: %q is not a variable", f.text)
		}
		if v == 0 {
			if i != len(fs)-3 {
				return bad(f.col, "c ind: 0 before the end of the line")
			}
			return nil
		}
		info.Ind = append(info.Ind, v)
	}
	return bad(0, "c ind line does not end with 0")
}

func firstField(b []byte) string {
	if i := bytes.IndexAny(b, space); i >= 0 {
		b = b[:i]
	}
	return string(b)
}

// ReadFormula reads a DIMACS file into memory (see ReadDIMACS).
func ReadFormula(r io.Reader) (*Formula, *DIMACSInfo, error) {
	var f Formula
	info, err := ReadDIMACS(r, &f)
	if err != nil {
		return nil, nil, err
	}
	f.Vars, f.Ind = info.Vars, info.Ind
	return &f, info, nil
}

// WriteFormula writes f as DIMACS, with the comment lines first and "c ind"
// when f.Ind is set.
func WriteFormula(w io.Writer, f *Formula, comments []string) error {
	return WriteSource(context.Background(), w, f, f.Ind, comments)
}

// WriteSource writes any CNF source as DIMACS in one streaming pass: the
// comment lines, one "c ind ... 0" line when ind is not empty, the exact
// "p cnf" line from src.Size, then the clauses.
func WriteSource(ctx context.Context, w io.Writer, src Source, ind []int, comments []string) error {
	dw := &dimacsWriter{ctx: ctx, w: w, buf: make([]byte, 0, 1<<17)}
	for _, l := range comments {
		dw.buf = append(dw.buf, "c "...)
		dw.buf = append(dw.buf, l...)
		dw.buf = append(dw.buf, '\n')
	}
	if len(ind) > 0 {
		dw.buf = append(dw.buf, "c ind"...)
		for _, v := range ind {
			dw.buf = append(dw.buf, ' ')
			dw.buf = strconv.AppendInt(dw.buf, int64(v), 10)
			dw.maybeFlush()
		}
		dw.buf = append(dw.buf, " 0\n"...)
	}
	vars, clauses := src.Size()
	dw.buf = fmt.Appendf(dw.buf, "p cnf %d %d\n", vars, clauses)
	src.Encode(dw)
	dw.flush()
	if dw.err == nil && dw.clauses != clauses {
		return fmt.Errorf("encode: the source gave %d clauses, its size says %d", dw.clauses, clauses)
	}
	return dw.err
}
