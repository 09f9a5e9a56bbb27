package nqueens

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/queenslab/nqueens/encode"
	"github.com/queenslab/nqueens/model"
	"github.com/queenslab/nqueens/native/search"
	"github.com/queenslab/nqueens/xcc"
)

// EncodeOptions choose the output of Encode.
type EncodeOptions struct {
	// Format is one of encode.Formats(); "" is encode.DIMACS.
	Format encode.Format
	// AMO names the at-most-one encoding of "dimacs" (see encode.ParseAMO);
	// "" is encode.DefaultAMO(N). Other formats refuse it.
	AMO string
	// Order is "natural" or "organ-pipe" for "xcc"; "" is "organ-pipe".
	// Other formats refuse it.
	Order string
	// Command is the command line written into the header, and Note a
	// line after it.
	Command, Note string
	// Answer, "SAT" or "UNSAT", is the answer the header gives where the
	// number of solutions is not known (a suite's, decided by two
	// methods); one that a known count contradicts is an error.
	Answer string
	// Shuffle, if not 0, scrambles a DIMACS file with this seed
	// (encode.Shuffle); other formats refuse it.
	Shuffle uint64
}

// ExpectedCountMaxN is the largest N for which Encode counts the solutions
// of a completion or blocked variant (by backtracking) to write them into
// the header; above it the header says "unknown".
const ExpectedCountMaxN = 12

// Validate checks the options and p for Encode, before anything is written.
func (o EncodeOptions) Validate(p model.Problem) error {
	_, _, err := o.parse(p)
	return err
}

func (o EncodeOptions) parse(p model.Problem) (amo encode.AMO, order encode.Order, err error) {
	if err := p.Validate(); err != nil {
		return nil, 0, err
	}
	format := cmp.Or(o.Format, encode.DIMACS)
	if _, err := encode.ParseFormat(string(format)); err != nil {
		return nil, 0, err
	}
	if err := format.Holds(p); err != nil {
		return nil, 0, err
	}
	if o.AMO != "" && format != encode.DIMACS {
		return nil, 0, fmt.Errorf("an at-most-one encoding applies to the dimacs format only, not %s", format)
	}
	if o.Order != "" && format != encode.XCC {
		return nil, 0, fmt.Errorf("an item order applies to the xcc format only, not %s", format)
	}
	order = encode.OrganPipe
	if o.Order != "" {
		if order, err = encode.ParseOrder(o.Order); err != nil {
			return nil, 0, err
		}
	}
	if format == encode.DIMACS {
		name := o.AMO
		if name == "" {
			name = encode.DefaultAMO(p.N)
		}
		if amo, err = encode.ParseAMO(name); err != nil {
			return nil, 0, err
		}
	}
	switch {
	case (format == encode.DIMACS || format == encode.OPB) && uint64(p.N)*uint64(p.N) > 1<<31-1:
		return nil, 0, fmt.Errorf("N = %d is too large for %s: %d queen variables, beyond the 2^31-1 that solvers number", p.N, format, uint64(p.N)*uint64(p.N))
	case format == encode.XCC && p.N > encode.XCCMaxN:
		return nil, 0, fmt.Errorf("N = %d is too large for xcc: item names have at most %d characters (N <= %d)", p.N, xcc.MaxNameLen, encode.XCCMaxN)
	}
	return amo, order, nil
}

// Encode writes p to w as solver input. The header gives the toolkit's
// version, the command, and the number of solutions when it is known:
// OEIS for the classic problem, 0 for attacking pre-placed queens, and a
// count by backtracking for other variants with N <= ExpectedCountMaxN.
func Encode(ctx context.Context, w io.Writer, p model.Problem, o EncodeOptions) error {
	if ctx == nil || w == nil {
		return &OptionError{errors.New("Encode was given a nil context or writer")}
	}
	amo, order, err := o.parse(p)
	if err != nil {
		return err
	}
	opt := encode.Options{Generator: "nqueens " + Version, Command: o.Command, Note: o.Note, Answer: o.Answer, Shuffle: o.Shuffle}
	if _, _, known := encode.Expected(p); !known && p.N <= ExpectedCountMaxN {
		r, err := search.Backtrack(ctx, p, search.BacktrackOptions{})
		if err != nil {
			return err
		}
		opt.Expected, opt.ExpectedSource = &r.Count, "counted by backtracking"
	}
	return encode.Write(ctx, w, p, cmp.Or(o.Format, encode.DIMACS), amo, order, opt)
}
