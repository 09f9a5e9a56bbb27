package encode

import (
	"context"
	"fmt"
	"io"
	"iter"
	"slices"

	"github.com/queenslab/nqueens/cnf"
)

// WriteDIMACS writes f as DIMACS CNF in one streaming pass: the comment
// header (see Options), "c ind" lines naming the N*N queen variables as the
// projection set when the encoding adds auxiliary variables, and the same
// set as "c p show" lines for model counters (d4, ganak, gpmc), the exact
// "p cnf V C" line computed from the formulas, then the clauses. Memory
// does not depend on the number of clauses. It stops with ctx.Err() when
// ctx is cancelled.
func WriteDIMACS(ctx context.Context, w io.Writer, f *CNF, opt Options) error {
	n := f.Problem.N
	vars, _ := f.Size()
	format := []string{
		"encoding: CNF, rows and columns exactly one, diagonals at most one, at-most-one encoding " + f.AMO.Name(),
		fmt.Sprintf("variables 1..%d: the queen at row r, column c (1-based) is variable (r-1)*%d + c", n*n, n),
	}
	if f.sums() {
		format = append(format, "with the diagonal sums: y variables true exactly where a diagonal holds a queen; for the sum diagonals (r+c) and the difference diagonals (r-c), exactly as many y as queens, their indices adding up to the rows' and columns' (a BDD)")
	}
	h := cnf.Header{}
	if vars > n*n {
		format = append(format, fmt.Sprintf("variables %d..%d: auxiliary, of the %s encoding; count models projected on 1..%d (c ind)", n*n+1, vars, f.AMO.Name(), n*n))
		if f.AMO.Parsimonious() {
			format = append(format, "the encoding is parsimonious: the model count over all variables is the number of solutions")
		} else {
			format = append(format, "the encoding is not parsimonious: only the count projected on the queen variables is the number of solutions")
		}
		h.Ind, h.IndLine, h.Show = QueenVars(n), n, true
	}
	var src cnf.Source = f
	if opt.Shuffle != 0 {
		sh, err := NewShuffle(opt.Shuffle, vars)
		if err != nil {
			return err
		}
		format[1] += ", before the shuffle"
		format = append(format, fmt.Sprintf("%s%d: variables renamed and their polarities flipped, the clauses and their literals reordered, as the seed draws them (encode.Shuffle); a model maps back by the seed", shuffledPrefix, opt.Shuffle))
		if h.Ind != nil {
			h.Ind = slices.Values(sh.mappedVars(n * n))
		}
		if src, err = sh.scramble(f); err != nil {
			return err
		}
	}
	lines, err := describe(f.Problem, opt, format)
	if err != nil {
		return err
	}
	h.Comments = lines
	return cnf.WriteDIMACS(ctx, w, src, h)
}

// shuffledPrefix begins the header line of a scrambled file, before its
// seed.
const shuffledPrefix = "shuffled with seed "

// QueenVars is the sequence of the N*N queen variables 1..N*N, the
// projection set of every CNF of the problem.
func QueenVars(n int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for v := 1; v <= n*n; v++ {
			if !yield(v) {
				return
			}
		}
	}
}
