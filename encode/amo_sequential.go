package encode

import "github.com/queenslab/nqueens/cnf"

// Sequential is the sequential counter of C. Sinz, "Towards an optimal CNF
// encoding of Boolean cardinality constraints", CP 2005, for at most one:
// register variables s_1..s_{k-1}, s_i meaning "one of x_1..x_i is true",
// with clauses ¬x_1 ∨ s_1; for 1 < i < k: ¬x_i ∨ s_i, ¬s_{i-1} ∨ s_i,
// ¬x_i ∨ ¬s_{i-1}; and ¬x_k ∨ ¬s_{k-1}.
//
// For k >= 2 literals: k-1 auxiliary variables, 3k-4 clauses (none for
// k <= 1). Not parsimonious: when x_1..x_i are all false, s_i is free to be
// true, so an empty diagonal has several models.
type Sequential struct{}

func (Sequential) Name() string       { return "sequential" }
func (Sequential) Parsimonious() bool { return false }

func (Sequential) Size(k int) (vars, clauses int) {
	if k <= 1 {
		return 0, 0
	}
	return k - 1, 3*k - 4
}

func (Sequential) Encode(dst cnf.Adder, vars *cnf.Vars, x []int) {
	k := len(x)
	if k <= 1 {
		return
	}
	prev := vars.New()
	cnf.AddClause(dst, -x[0], prev)
	for i := 1; i < k-1; i++ {
		s := vars.New()
		cnf.AddClause(dst, -x[i], s)
		cnf.AddClause(dst, -prev, s)
		cnf.AddClause(dst, -x[i], -prev)
		prev = s
	}
	cnf.AddClause(dst, -x[k-1], -prev)
}
