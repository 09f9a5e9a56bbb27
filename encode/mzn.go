package encode

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/queenslab/nqueens/internal/textio"
	"github.com/queenslab/nqueens/model"
)

// The MiniZinc model: q[r] in 1..n is the column of the queen in row r
// (both 1-based, as MiniZinc arrays are), with the three all-different
// constraints on q[i], q[i]+i and q[i]-i. The instance is data, as the
// MiniZinc workflow has it: n, and for a completion or blocked problem the
// pre-placed queens (fixed_row[k], fixed_col[k]) and the blocked squares
// (blocked_row[k], blocked_col[k]). WriteMiniZinc writes the model,
// WriteMiniZincData the data (a .dzn file), WriteMiniZincInline both in
// one file. The model of the classic problem declares n only, so that
// "minizinc -D n=8 queens.mzn" runs it.

const mznModel = `include "alldifferent.mzn";

int: n;
array[1..n] of var 1..n: q;

constraint alldifferent(q);
constraint alldifferent([q[i] + i | i in 1..n]);
constraint alldifferent([q[i] - i | i in 1..n]);
`

const mznVariants = `
array[int] of 1..n: fixed_row;
array[int] of 1..n: fixed_col;
array[int] of 1..n: blocked_row;
array[int] of 1..n: blocked_col;
constraint forall(k in index_set(fixed_row))(q[fixed_row[k]] = fixed_col[k]);
constraint forall(k in index_set(blocked_row))(q[blocked_row[k]] != blocked_col[k]);
`

const mznSolve = `
solve satisfy;

output ["q = \(q)\n"];
`

// WriteMiniZinc writes the MiniZinc model of p (see above); its data is
// WriteMiniZincData's.
func WriteMiniZinc(ctx context.Context, w io.Writer, p model.Problem, opt Options) error {
	return writeMiniZinc(ctx, w, p, opt, true, false)
}

// WriteMiniZincData writes the data of p for the model of WriteMiniZinc: a
// .dzn file.
func WriteMiniZincData(ctx context.Context, w io.Writer, p model.Problem, opt Options) error {
	return writeMiniZinc(ctx, w, p, opt, false, true)
}

// WriteMiniZincInline writes the model and the data of p in one file.
func WriteMiniZincInline(ctx context.Context, w io.Writer, p model.Problem, opt Options) error {
	return writeMiniZinc(ctx, w, p, opt, true, true)
}

func writeMiniZinc(ctx context.Context, w io.Writer, p model.Problem, opt Options, modelPart, dataPart bool) error {
	if err := p.Validate(); err != nil {
		return err
	}
	what := "encoding: MiniZinc, q[r] = column of the queen in row r (both 1-based), alldifferent on q[i], q[i]+i, q[i]-i"
	switch {
	case !modelPart:
		what = "MiniZinc data (.dzn) for the N-Queens model that nqueens encode -f mzn writes"
	case !dataPart:
		what += "; the instance is in the data file (nqueens encode -f dzn)"
		if p.IsClassic() {
			what += ", or give n with -D"
		}
	}
	lines, err := describe(p, opt, []string{what})
	if err != nil {
		return err
	}
	b := textio.NewWriter(ctx, w)
	for _, l := range lines {
		b.Line("% ", l)
	}
	if modelPart {
		b.Buf = append(b.Buf, mznModel...)
		if !p.IsClassic() {
			b.Buf = append(b.Buf, mznVariants...)
		}
		b.Buf = append(b.Buf, mznSolve...)
	}
	if dataPart {
		if modelPart {
			b.Buf = append(b.Buf, '\n')
		}
		b.Buf = fmt.Appendf(b.Buf, "n = %d;\n", p.N)
		if !p.IsClassic() {
			for _, a := range []struct {
				name string
				sq   []model.Square
				col  bool
			}{{"fixed_row", p.Fixed, false}, {"fixed_col", p.Fixed, true}, {"blocked_row", p.Blocked, false}, {"blocked_col", p.Blocked, true}} {
				vals := make([]string, len(a.sq))
				for k, s := range a.sq {
					v := s.Row
					if a.col {
						v = s.Col
					}
					vals[k] = fmt.Sprint(v + 1)
				}
				b.Buf = fmt.Appendf(b.Buf, "%s = [%s];\n", a.name, strings.Join(vals, ", "))
				b.MaybeFlush()
			}
		}
	}
	b.Flush()
	return b.Err()
}

// ReadMiniZincSolution reads a solution of the MiniZinc model as minizinc
// prints it (the output item above): one line "q = [c1, c2, ...]" of n
// 1-based columns. It returns the 0-based placement, not yet verified;
// anything else is an error.
func ReadMiniZincSolution(text string, n int) (model.Placement, error) {
	line := strings.TrimSpace(text)
	list, ok := strings.CutPrefix(line, "q = [")
	if ok {
		list, ok = strings.CutSuffix(strings.TrimSuffix(list, ";"), "]")
	}
	if !ok || strings.Contains(line, "\n") {
		return nil, fmt.Errorf("encode: not a solution of the MiniZinc model: %q", clipText(line))
	}
	q := make(model.Placement, 0, n)
	for _, f := range strings.Split(list, ",") {
		c, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || c < 1 || c > n || len(q) == n {
			return nil, fmt.Errorf("encode: not a solution of the MiniZinc model for N = %d: %q", n, clipText(line))
		}
		q = append(q, c-1)
	}
	if len(q) != n {
		return nil, fmt.Errorf("encode: %d queens in a solution for N = %d", len(q), n)
	}
	return q, nil
}

// clipText shortens a text quoted in a message.
func clipText(s string) string {
	if len(s) > 200 {
		return s[:200] + "..."
	}
	return s
}
