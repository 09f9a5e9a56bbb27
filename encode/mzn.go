package encode

import (
	"context"
	"fmt"
	"io"

	"github.com/queenslab/nqueens/internal/textio"
	"github.com/queenslab/nqueens/model"
)

// WriteMiniZinc writes p as a MiniZinc model: q[r] in 1..n is the column of
// the queen in row r (both 1-based, as MiniZinc arrays are), with the three
// all-different constraints on q[i], q[i]+i and q[i]-i; a pre-placed queen
// is "constraint q[r] = c", a blocked square "constraint q[r] != c". The
// board size is data: the model declares "int: n;" and the last line
// assigns it, so the line can be removed and n given with -D or a .dzn.
func WriteMiniZinc(ctx context.Context, w io.Writer, p model.Problem, opt Options) error {
	if err := p.Validate(); err != nil {
		return err
	}
	lines, err := describe(p, opt, []string{
		"encoding: MiniZinc, q[r] = column of the queen in row r (both 1-based), alldifferent on q[i], q[i]+i, q[i]-i",
	})
	if err != nil {
		return err
	}
	b := textio.NewWriter(ctx, w)
	for _, l := range lines {
		b.Line("% ", l)
	}
	b.Line("", `include "alldifferent.mzn";

int: n;
array[1..n] of var 1..n: q;

constraint alldifferent(q);
constraint alldifferent([q[i] + i | i in 1..n]);
constraint alldifferent([q[i] - i | i in 1..n]);`)
	for _, s := range p.Fixed {
		b.Buf = fmt.Appendf(b.Buf, "constraint q[%d] = %d;\n", s.Row+1, s.Col+1)
		b.MaybeFlush()
	}
	for _, s := range p.Blocked {
		b.Buf = fmt.Appendf(b.Buf, "constraint q[%d] != %d;\n", s.Row+1, s.Col+1)
		b.MaybeFlush()
	}
	b.Buf = fmt.Appendf(b.Buf, "\nsolve satisfy;\n\noutput [\"q = \\(q)\\n\"];\n\nn = %d;\n", p.N)
	b.Flush()
	return b.Err()
}
