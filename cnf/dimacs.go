package cnf

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"iter"
	"slices"
	"strconv"

	"github.com/queenslab/nqueens/internal/memlimit"
	"github.com/queenslab/nqueens/internal/textio"
)

// ParseError is a reader's complaint about its input, with the 1-based line
// and column at fault (column 0 when the whole line or file is at fault).
type ParseError = textio.ParseError

// MaxVars is the largest number of variables a DIMACS file may declare:
// solvers number literals with 32-bit integers.
const MaxVars = 1<<31 - 1

// Info is what ReadDIMACS learns besides the clauses.
type Info struct {
	Vars, Clauses int // from the "p cnf" line, checked against the body
	// Ind is the projection set given by "c ind ... 0" and "c p show ... 0"
	// lines, in order, each variable once.
	Ind   []int
	inInd map[int]bool
	// Comments are the comment lines without the leading "c" and one
	// space, as many as fit in MaxComments bytes (a file of endless
	// comments is read in bounded memory); the rest are read and dropped.
	Comments     []string
	commentBytes int
}

// MaxComments bounds the bytes of the comment lines that ReadDIMACS keeps.
const MaxComments = 1 << 20

// ReadDIMACS reads a DIMACS CNF file of any origin and adds its clauses to
// dst. It is strict: one "p cnf V C" line before the first clause; every
// literal a whole number with |lit| <= V; every clause ended by 0 (a
// clause may span lines); exactly C clauses. Comment lines start with "c"
// and may appear anywhere; "c ind" and "c p show" lines are read as the
// projection set.
// A line "%" ends the file, as in the SATLIB benchmark files. Input
// compressed with gzip, bzip2 or xz is decompressed (see Decompress). Every
// error is a *ParseError naming the line and column (a compressed stream
// that breaks off names its compression).
func ReadDIMACS(r io.Reader, dst Adder) (*Info, error) {
	r, compression, err := Decompress(r)
	if err != nil {
		return nil, &ParseError{Format: "dimacs", Msg: err.Error()}
	}
	lr := textio.NewLineReader(r, "dimacs")
	info := &Info{Vars: -1}
	var fs []textio.Field
	clauses, open, openLine := 0, false, 0
lines:
	for b, err := range lr.Lines() {
		if err != nil {
			var pe *ParseError
			if compression != "" && !errors.As(err, &pe) {
				return nil, &ParseError{Format: "dimacs", Line: lr.Line() + 1, Msg: fmt.Sprintf("%s: %v", compression, err)}
			}
			return nil, err
		}
		trimmed := bytes.TrimLeft(b, textio.Space)
		switch trimmed[0] {
		case 'c':
			if len(trimmed) > 1 && !textio.IsSpace(trimmed[1]) {
				return nil, lr.Errorf(len(b)-len(trimmed)+1, "%q is neither a comment (c followed by a space) nor a clause", textio.FirstField(trimmed))
			}
			if err := readInd(info, textio.Fields(fs, trimmed), lr); err != nil {
				return nil, err
			}
			if c := bytes.TrimPrefix(bytes.TrimPrefix(trimmed[1:], []byte(" ")), []byte("\t")); info.commentBytes+len(c) <= MaxComments {
				info.Comments = append(info.Comments, string(c))
				info.commentBytes += len(c)
			}
			continue
		case 'p':
			if info.Vars >= 0 {
				return nil, lr.Errorf(0, "a second problem line (the first gave %d variables, %d clauses)", info.Vars, info.Clauses)
			}
			fs = textio.Fields(fs, b)
			if len(fs) != 4 || string(fs[0].Text) != "p" || string(fs[1].Text) != "cnf" {
				return nil, lr.Errorf(0, "problem line must be \"p cnf VARIABLES CLAUSES\"")
			}
			for i, p := range []*int{&info.Vars, &info.Clauses} {
				v, ok := textio.ParseInt(fs[2+i].Text)
				if !ok && i == 0 && len(bytes.TrimLeft(fs[2].Text, "0123456789")) == 0 {
					// Digits beyond an int (18 of them, 9 on a 32-bit platform).
					return nil, lr.Errorf(fs[2].Col, "%s variables: more than the %d that DIMACS solvers number", fs[2].Text, MaxVars)
				}
				if !ok || v < 0 || fs[2+i].Text[0] == '+' || fs[2+i].Text[0] == '-' {
					return nil, lr.Errorf(fs[2+i].Col, "%q is not a count", fs[2+i].Text)
				}
				*p = v
			}
			if info.Vars > MaxVars {
				return nil, lr.Errorf(fs[2].Col, "%d variables: more than the %d that DIMACS solvers number", info.Vars, MaxVars)
			}
			continue
		case '%':
			if len(bytes.TrimSpace(trimmed)) == 1 {
				break lines
			}
		}
		if info.Vars < 0 {
			return nil, lr.Errorf(0, "clause before the problem line \"p cnf VARIABLES CLAUSES\"")
		}
		fs = textio.Fields(fs, b)
		for _, f := range fs {
			lit, ok := textio.ParseInt(f.Text)
			if !ok {
				return nil, lr.Errorf(f.Col, "%q is not a literal", f.Text)
			}
			if lit > info.Vars || -lit > info.Vars {
				return nil, lr.Errorf(f.Col, "literal %d is out of range: the problem line gives %d variables", lit, info.Vars)
			}
			if lit == 0 {
				if clauses == info.Clauses {
					return nil, lr.Errorf(f.Col, "more clauses than the %d of the problem line", info.Clauses)
				}
				clauses++
				open = false
			} else if !open {
				open, openLine = true, lr.Line()
			}
			dst.Add(lit)
		}
	}
	switch {
	case info.Vars < 0:
		return nil, &ParseError{Format: "dimacs", Msg: "no problem line \"p cnf VARIABLES CLAUSES\""}
	case open:
		return nil, &ParseError{Format: "dimacs", Line: openLine, Msg: "the last clause has no terminating 0"}
	case clauses != info.Clauses:
		return nil, &ParseError{Format: "dimacs", Line: lr.Line(), Msg: fmt.Sprintf("the problem line gives %d clauses, the file has %d", info.Clauses, clauses)}
	}
	for _, v := range info.Ind {
		if v > info.Vars {
			return nil, &ParseError{Format: "dimacs", Msg: fmt.Sprintf("c ind names variable %d, beyond the %d of the problem line", v, info.Vars)}
		}
	}
	return info, nil
}

// readInd reads a projection line into info.Ind: "c ind v1 v2 ... 0" (as
// cryptominisat and approxmc write it) or "c p show v1 v2 ... 0" (the model
// counting competition's form, read by d4, ganak, gpmc and sharpSAT-TD);
// other comments are left alone.
func readInd(info *Info, fs []textio.Field, lr *textio.LineReader) error {
	var what string
	var vars []textio.Field
	switch {
	case len(fs) >= 2 && string(fs[0].Text) == "c" && string(fs[1].Text) == "ind":
		what, vars = "c ind", fs[2:]
	case len(fs) >= 3 && string(fs[0].Text) == "c" && string(fs[1].Text) == "p" && string(fs[2].Text) == "show":
		what, vars = "c p show", fs[3:]
	default:
		return nil
	}
	for i, f := range vars {
		v, ok := textio.ParseInt(f.Text)
		if !ok || v < 0 {
			return lr.Errorf(f.Col, "%s: %q is not a variable", what, f.Text)
		}
		if v == 0 {
			if i != len(vars)-1 {
				return lr.Errorf(f.Col, "%s: 0 before the end of the line", what)
			}
			return nil
		}
		if info.inInd == nil {
			info.inInd = map[int]bool{}
		}
		if !info.inInd[v] { // a variable given twice counts once
			info.inInd[v] = true
			info.Ind = append(info.Ind, v)
		}
	}
	return lr.Errorf(0, "%s line does not end with 0", what)
}

// ReadFormula reads a DIMACS file into memory (see ReadDIMACS). It stops
// with a *memlimit.TooLargeError when the clauses read would take more
// memory than the process may have.
func ReadFormula(r io.Reader) (*Formula, *Info, error) {
	var f Formula
	b := &bounded{f: &f}
	info, err := ReadDIMACS(r, b)
	if err == nil {
		err = b.err
	}
	if err != nil {
		return nil, nil, err
	}
	f.Vars, f.Ind = info.Vars, info.Ind
	return &f, info, nil
}

// bounded collects clauses into a Formula, checking the memory they take
// before it grows: every boundedStep literals, what the next step will
// take, and before the list of clauses is copied into a larger one (the
// old and the new are held at once), that copy.
type bounded struct {
	f    *Formula
	lits int
	err  error
}

// boundedStep is how many literals bounded reads between two checks of
// memory: 2 MB of literals, a /proc read each (a few microseconds).
const boundedStep = 1 << 18

// need is what the formula read so far takes, and extra bytes more: 8
// bytes a literal and 24 a clause, twice for what a solver takes of it.
func (b *bounded) need(extra uint64) uint64 {
	return uint64(b.lits)*16 + uint64(len(b.f.Clauses))*48 + extra
}

func (b *bounded) Add(lit int) {
	if b.err != nil {
		return
	}
	if lit == 0 && len(b.f.Clauses) == cap(b.f.Clauses) && cap(b.f.Clauses) >= boundedStep {
		// append copies the list into one at most twice as long.
		b.err = memlimit.Check(b.need(uint64(cap(b.f.Clauses))*2*24), "the formula read")
		if b.err != nil {
			return
		}
	}
	b.f.Add(lit)
	if b.lits++; b.lits%boundedStep == 0 {
		// The next step's literals and clauses, at most one a literal.
		b.err = memlimit.Check(b.need(boundedStep*(16+48)), "the formula read")
	}
}

// Header is what WriteDIMACS puts before the clauses.
type Header struct {
	// Comments are written first, each as a "c " line.
	Comments []string
	// Ind is the projection set, written as "c ind ... 0" lines when not
	// nil and not empty: one line, or lines of IndLine variables when
	// IndLine > 0. It is a sequence so that a large set is never held in
	// memory.
	Ind     iter.Seq[int]
	IndLine int
	// Show writes the projection set a second time in the form of the
	// model counting competition, "c p show ... 0" lines.
	Show bool
}

// WriteDIMACS writes src as DIMACS in one streaming pass: the header, the
// exact "p cnf" line from src.Size, then the clauses; memory does not
// depend on the number of clauses. It stops with ctx.Err() when ctx is
// done, and fails if src gives another number of clauses than its size.
func WriteDIMACS(ctx context.Context, w io.Writer, src Source, h Header) error {
	dw := &dimacsWriter{Writer: textio.NewWriter(ctx, w)}
	for _, l := range h.Comments {
		dw.Comment("c ", l)
	}
	prefixes := []string{"c ind"}
	if h.Show {
		prefixes = append(prefixes, "c p show")
	}
	for _, prefix := range prefixes {
		if h.Ind == nil {
			break
		}
		k := 0
		for v := range h.Ind {
			if k == 0 {
				dw.Buf = append(dw.Buf, prefix...)
			}
			dw.Buf = append(dw.Buf, ' ')
			dw.Buf = strconv.AppendInt(dw.Buf, int64(v), 10)
			dw.MaybeFlush()
			if k++; k == h.IndLine {
				dw.Buf = append(dw.Buf, " 0\n"...)
				k = 0
			}
		}
		if k > 0 {
			dw.Buf = append(dw.Buf, " 0\n"...)
		}
	}
	vars, clauses := src.Size()
	dw.Buf = fmt.Appendf(dw.Buf, "p cnf %d %d\n", vars, clauses)
	src.Encode(dw)
	dw.Flush()
	if dw.Err() == nil && dw.clauses != clauses {
		return fmt.Errorf("cnf: the source gave %d clauses, its size says %d", dw.clauses, clauses)
	}
	return dw.Err()
}

// WriteFormula writes f as DIMACS, with the comment lines first and one
// "c ind" line when f.Ind is set.
func WriteFormula(w io.Writer, f *Formula, comments []string) error {
	h := Header{Comments: comments}
	if len(f.Ind) > 0 {
		h.Ind = slices.Values(f.Ind)
	}
	return WriteDIMACS(context.Background(), w, f, h)
}

// dimacsWriter is an Adder that formats clauses into its buffer. Its Err
// method stops a generator that looks for one (see encode.CNF.Encode).
type dimacsWriter struct {
	*textio.Writer
	clauses int
}

func (d *dimacsWriter) Add(lit int) {
	if lit != 0 {
		d.Buf = strconv.AppendInt(d.Buf, int64(lit), 10)
		d.Buf = append(d.Buf, ' ')
		return
	}
	d.Buf = append(d.Buf, '0', '\n')
	d.clauses++
	d.MaybeFlush()
}
