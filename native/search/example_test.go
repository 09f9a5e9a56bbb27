package search_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/queenslab/nqueens/model"
	"github.com/queenslab/nqueens/native/search"
)

func ExampleBacktrack() {
	r, _ := search.Backtrack(context.Background(), model.Classic(8), search.BacktrackOptions{})
	fmt.Println(r.Count, r.First, r.Nodes)
	// Output: 92 [0 4 7 5 2 6 1 3] 2057
}

// The first 12 diagonals of a list drawn by Gent, Jefferson and
// Nightingale's generator (their diag-12-4-2.param) leave no solution, and
// the linear relaxation proves it: the proof is integers, checked apart
// from the solver that found them.
func ExampleRefute() {
	l, _ := model.ReadParam(strings.NewReader(`n = 12
numdiags = 12
diags = [[1, 1], [2, 1], [21, 1], [11, 1], [11, 0], [5, 1], [9, 1], [14, 0], [8, 1], [17, 1], [0, 1], [14, 1]]
`))
	p, _ := l.Problem(12)
	f, _ := search.Refute(context.Background(), p)
	fmt.Println(f != nil, f.Check(p))
	r, _ := search.CP(context.Background(), p, search.CPOptions{NoRelaxation: true})
	fmt.Println(r.Count)
	// Output:
	// true <nil>
	// 0
}

// Before a long search, Knuth's estimate says how big its tree is: here
// the count of 12 queens, estimated from 20,000 probes, then searched.
func ExampleEstimateCP() {
	p := model.Classic(12)
	e, _ := search.EstimateCP(context.Background(), p, 20_000, 1, 2)
	r, _ := search.CP(context.Background(), p, search.CPOptions{Jobs: 2})
	fmt.Printf("estimated: %.3g nodes, %.3g solutions\n", e.Nodes, e.Solutions)
	fmt.Printf("searched:  %d nodes, %d solutions\n", r.Nodes, r.Count)
	// Output:
	// estimated: 2.56e+05 nodes, 1.43e+04 solutions
	// searched:  255461 nodes, 14200 solutions
}

// The 12-queens problem without the corner square: constraint propagation
// counts it, and the relaxation finds no proof of "no solution" (there are
// solutions).
func ExampleCP() {
	ctx := context.Background()
	p := model.Problem{N: 12, Blocked: []model.Square{{Row: 0, Col: 0}}}
	r, _ := search.CP(ctx, p, search.CPOptions{Jobs: 2})
	f, _ := search.Refute(ctx, p)
	fmt.Println(r.Count, f == nil)
	// Output: 13700 true
}
