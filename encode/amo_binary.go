package encode

import (
	"strconv"

	"github.com/queenslab/nqueens/cnf"
)

// Binary is the binary (bitwise) encoding of A. M. Frisch, T. J. Peugniez,
// A. J. Doggett and P. W. Nightingale, "Solving non-Boolean satisfiability
// problems with stochastic local search", IJCAI 2001 (also A. M. Frisch and
// P. A. Giannaros, ModRef 2010): b = ⌈log2 k⌉ bit variables, and literal i
// implies the bits of i in binary (k·b clauses). Two literals differ in some
// bit.
//
// For k literals: ⌈log2 k⌉ auxiliary variables and k·⌈log2 k⌉ clauses. Not
// parsimonious: the bits are free when no literal is true.
type Binary struct{}

func (Binary) Name() string       { return "binary" }
func (Binary) Parsimonious() bool { return false }

func (Binary) Size(k int) (vars, clauses int) {
	b := ceilLog2(k)
	return b, k * b
}

func (Binary) Encode(dst cnf.Adder, vars *cnf.Vars, x []int) {
	bits := ceilLog2(len(x))
	bv := make([]int, bits)
	for j := range bv {
		bv[j] = vars.New()
	}
	for i, l := range x {
		for j, v := range bv {
			cnf.AddClause(dst, -l, bitLit(v, i, j))
		}
	}
}

func itoa(i int) string { return strconv.Itoa(i) }
