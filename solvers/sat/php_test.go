package sat_test

import "github.com/queenslab/nqueens/cnf"

// pigeonhole returns PHP(p, p-1): p pigeons in p-1 holes, unsatisfiable and
// exponentially hard for resolution, so for CDCL solvers.
func pigeonhole(p int) *cnf.Formula {
	h := p - 1
	v := func(i, j int) int { return i*h + j + 1 }
	f := &cnf.Formula{Vars: p * h}
	for i := 0; i < p; i++ {
		c := []int{}
		for j := 0; j < h; j++ {
			c = append(c, v(i, j))
		}
		f.Clauses = append(f.Clauses, c)
	}
	for j := 0; j < h; j++ {
		for i := 0; i < p; i++ {
			for k := i + 1; k < p; k++ {
				f.Clauses = append(f.Clauses, []int{-v(i, j), -v(k, j)})
			}
		}
	}
	return f
}
