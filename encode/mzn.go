package encode

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/queenslab/nqueens/model"
)

// WriteMiniZinc writes p as a MiniZinc model: q[r] in 1..n is the column of
// the queen in row r (both 1-based, as MiniZinc arrays are), with the three
// all-different constraints on q[i], q[i]+i and q[i]-i; a pre-placed queen
// is "constraint q[r] = c", a blocked square "constraint q[r] != c". The
// board size is data: the model declares "int: n;" and the last line
// assigns it, so the line can be removed and n given with -D or a .dzn.
func WriteMiniZinc(_ context.Context, w io.Writer, p model.Problem, opt Options) error {
	if err := p.Validate(); err != nil {
		return err
	}
	lines, err := describe(p, opt, []string{
		"encoding: MiniZinc, q[r] = column of the queen in row r (both 1-based), alldifferent on q[i], q[i]+i, q[i]-i",
	})
	if err != nil {
		return err
	}
	var b strings.Builder
	for _, l := range lines {
		b.WriteString("% " + l + "\n")
	}
	b.WriteString(`include "alldifferent.mzn";

int: n;
array[1..n] of var 1..n: q;

constraint alldifferent(q);
constraint alldifferent([q[i] + i | i in 1..n]);
constraint alldifferent([q[i] - i | i in 1..n]);
`)
	for _, s := range p.Fixed {
		fmt.Fprintf(&b, "constraint q[%d] = %d;\n", s.Row+1, s.Col+1)
	}
	for _, s := range p.Blocked {
		fmt.Fprintf(&b, "constraint q[%d] != %d;\n", s.Row+1, s.Col+1)
	}
	fmt.Fprintf(&b, "\nsolve satisfy;\n\noutput [\"q = \\(q)\\n\"];\n\nn = %d;\n", p.N)
	_, err = io.WriteString(w, b.String())
	return err
}
