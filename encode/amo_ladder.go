package encode

import "github.com/queenslab/nqueens/cnf"

// Ladder is the ladder encoding of I. P. Gent and P. Nightingale, "A new
// encoding of AllDifferent into SAT", CP 2004 workshop on modelling and
// reformulating CSPs, applied to the k+1 values "x_1 is the one", ...,
// "x_k is the one", "none is". Ladder variables y_1..y_k satisfy
// y_{i+1} → y_i (k-1 clauses), so they read 1..1 0..0; the value is where
// the ladder stops, channelled both ways: x_1 ↔ ¬y_1 (2 clauses) and, for
// i >= 2, x_i ↔ (y_{i-1} ∧ ¬y_i) (3 clauses).
//
// For k >= 2 literals: k auxiliary variables, 4k-2 clauses (none for
// k <= 1). Parsimonious: the full channelling makes the ladder a function
// of the literals.
type Ladder struct{}

func (Ladder) Name() string       { return "ladder" }
func (Ladder) Parsimonious() bool { return true }

func (Ladder) Size(k int) (vars, clauses int) {
	if k <= 1 {
		return 0, 0
	}
	return k, 4*k - 2
}

func (Ladder) Encode(dst cnf.Adder, vars *cnf.Vars, x []int) {
	k := len(x)
	if k <= 1 {
		return
	}
	y := make([]int, k)
	for i := range y {
		y[i] = vars.New()
	}
	for i := 0; i+1 < k; i++ {
		cnf.AddClause(dst, -y[i+1], y[i])
	}
	cnf.AddClause(dst, -x[0], -y[0])
	cnf.AddClause(dst, x[0], y[0])
	for i := 1; i < k; i++ {
		cnf.AddClause(dst, -x[i], y[i-1])
		cnf.AddClause(dst, -x[i], -y[i])
		cnf.AddClause(dst, -y[i-1], y[i], x[i])
	}
}
