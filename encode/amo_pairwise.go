package encode

import "github.com/queenslab/nqueens/cnf"

// Pairwise is the direct encoding: a binary clause (¬a ∨ ¬b) for every pair.
// For k literals: 0 auxiliary variables, k(k-1)/2 clauses. Parsimonious.
type Pairwise struct{}

func (Pairwise) Name() string       { return "pairwise" }
func (Pairwise) Parsimonious() bool { return true }

func (Pairwise) Size(k int) (vars, clauses int) { return 0, k * (k - 1) / 2 }

func (Pairwise) Encode(dst cnf.Adder, _ *cnf.Vars, lits []int) {
	for i, a := range lits {
		for _, b := range lits[i+1:] {
			dst.Add(-a)
			dst.Add(-b)
			dst.Add(0)
		}
	}
}
