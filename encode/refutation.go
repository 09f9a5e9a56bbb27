package encode

import (
	"fmt"
	"io"

	"github.com/queenslab/nqueens/model"
)

// RefutationExtension is the file name extension of a refutation file.
const RefutationExtension = ".farkas"

// WriteRefutation writes f, a refutation of p, as a refutation file
// (model.WriteFarkas) whose comments describe p as every format's header
// does (generator, command, N, variant, squares and diagonals) and say
// what the weights prove and how to check them. f is checked against p
// first: a proof that does not hold is an error, and nothing is written.
func WriteRefutation(w io.Writer, p model.Problem, f *model.Farkas, opt Options) error {
	if err := f.Check(p); err != nil {
		return fmt.Errorf("encode: not a refutation of the problem: %v", err)
	}
	zero := uint64(0)
	opt.Expected, opt.ExpectedSource = &zero, "this refutation"
	lines, err := describe(p, opt, []string{
		"a refutation of the linear relaxation (Farkas' lemma): integer weights on the rows, the",
		"columns, the sum diagonals (by r+c, least first) and the difference diagonals (by r-c,",
		"from -(N-1)); every square where a queen may stand weighs its row's, column's and two",
		"diagonals' weights, at least 0; every diagonal that is open weighs at least 0; and the",
		"rows, columns and open diagonals that a solution would fill or may use weigh less than 0",
		"in all. A solution, summed over its queens, would weigh at least 0 and less than 0:",
		"there is none. Check it with: nqueens verify N (the problem's flags) FILE",
	})
	if err != nil {
		return err
	}
	return model.WriteFarkas(w, f, lines)
}
