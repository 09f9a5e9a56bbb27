package sat_test

import (
	"context"
	"fmt"

	"github.com/queenslab/nqueens/encode"
	"github.com/queenslab/nqueens/model"
	"github.com/queenslab/nqueens/solvers/sat"
)

// Count the 8-queens solutions with gini, projecting on the 64 queen
// variables so that the sequential encoding's auxiliary variables do not
// inflate the count.
func ExampleGini_Enumerate() {
	cnf, _ := encode.NewCNF(model.Classic(8), encode.Sequential{})
	queens := make([]int, 64)
	for i := range queens {
		queens[i] = i + 1
	}
	n, err := sat.Gini{}.Enumerate(context.Background(), cnf, sat.EnumOptions{Project: queens}, func(sat.Model) bool { return true })
	fmt.Println(n, err)
	// Output: 92 <nil>
}

// Solve a completion instance and read the placement from the model.
func ExampleGini_Solve() {
	p := model.Problem{N: 6, Fixed: []model.Square{{Row: 0, Col: 1}}}
	cnf, _ := encode.NewCNF(p, encode.Pairwise{})
	r, _ := sat.Gini{}.Solve(context.Background(), cnf)
	q, _ := encode.Decode(6, func(v int) bool { return r.Model[v] })
	fmt.Println(r.Status, q, model.Verify(p, q))
	// Output: SAT [1 3 5 0 2 4] <nil>
}
