package encode

import (
	"context"
	"fmt"
	"io"
	"slices"
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

// mznDiagonals is the model of the excluded diagonals problem (and of any
// problem with a subset of rows and columns): q[r] in COLS for the rows of
// ROWS, 0 for the others (an array over 1..n: MiniZinc wants a contiguous
// index set, and ROWS need not be one); SUMS and DIFFS are the excluded
// diagonals, by the values of r+c and r-c (1-based rows and columns); the
// output gives every row, 0 for a row without a queen.
const mznDiagonals = `include "alldifferent.mzn";

int: n;
set of 1..n: ROWS;
set of 1..n: COLS;
set of int: SUMS;
set of int: DIFFS;
array[int] of 1..n: fixed_row;
array[int] of 1..n: fixed_col;
array[int] of 1..n: blocked_row;
array[int] of 1..n: blocked_col;
array[1..n] of var 0..n: q;

constraint forall(i in 1..n)(if i in ROWS then q[i] in COLS else q[i] = 0 endif);
constraint alldifferent([q[i] | i in ROWS]);
constraint alldifferent([q[i] + i | i in ROWS]);
constraint alldifferent([q[i] - i | i in ROWS]);
constraint forall(i in ROWS)(not (q[i] + i in SUMS) /\ not (i - q[i] in DIFFS));
constraint forall(k in index_set(fixed_row))(fixed_row[k] in ROWS /\ q[fixed_row[k]] = fixed_col[k]);
constraint forall(k in index_set(blocked_row))(blocked_row[k] in ROWS -> q[blocked_row[k]] != blocked_col[k]);

solve satisfy;

output ["q = \(q)\n"];
`

// excludedVariant reports whether p needs the model of the excluded
// diagonals problem: excluded diagonals, or a subset of rows and columns.
func excludedVariant(p model.Problem) bool { return len(p.Excluded) > 0 || p.Rows != nil }

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
	if excludedVariant(p) {
		what += "; rows in ROWS only, columns in COLS, q[i]+i not in SUMS and i-q[i] not in DIFFS (the excluded diagonals); output 0 for a row without a queen"
	}
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
		b.Comment("% ", l)
	}
	switch {
	case modelPart && excludedVariant(p):
		b.Buf = append(b.Buf, mznDiagonals...)
	case modelPart:
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
		if excludedVariant(p) {
			lines := func(xs []int) string {
				if xs == nil {
					return fmt.Sprintf("1..%d", p.N)
				}
				return "{" + setList(xs, 1) + "}"
			}
			var sums, diffs []int
			for _, d := range p.Excluded {
				if d.Kind == model.Sum {
					sums = append(sums, d.Index+2)
				} else {
					diffs = append(diffs, d.Index)
				}
			}
			b.Buf = fmt.Appendf(b.Buf, "ROWS = %s;\nCOLS = %s;\nSUMS = {%s};\nDIFFS = {%s};\n", lines(p.Rows), lines(p.Cols), setList(sums, 0), setList(diffs, 0))
		}
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
// prints it (the output items above): one line "q = [c1, c2, ...]" of n
// 1-based columns, 0 for a row without a queen. It returns the 0-based
// placement (Unset for 0), not yet verified; anything else is an error.
func ReadMiniZincSolution(text string, n int) (model.Placement, error) {
	line := strings.TrimSpace(text)
	list, ok := strings.CutPrefix(line, "q = [")
	if ok {
		list, ok = strings.CutSuffix(strings.TrimSuffix(list, ";"), "]")
	}
	if !ok || strings.Contains(line, "\n") {
		return nil, fmt.Errorf("encode: not a solution of the MiniZinc model: %q", textio.Clip(line, 200))
	}
	q := make(model.Placement, 0, n)
	for _, f := range strings.Split(list, ",") {
		c, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || c < 0 || c > n || len(q) == n {
			return nil, fmt.Errorf("encode: not a solution of the MiniZinc model for N = %d: %q", n, textio.Clip(line, 200))
		}
		q = append(q, c-1)
	}
	if len(q) != n {
		return nil, fmt.Errorf("encode: %d queens in a solution for N = %d", len(q), n)
	}
	return q, nil
}

// setList writes numbers plus add, comma-separated, sorted, for a MiniZinc
// set.
func setList(xs []int, add int) string {
	s := slices.Sorted(slices.Values(xs))
	parts := make([]string, len(s))
	for i, x := range s {
		parts[i] = strconv.Itoa(x + add)
	}
	return strings.Join(parts, ", ")
}
