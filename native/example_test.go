package native_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/queenslab/nqueens/model"
	"github.com/queenslab/nqueens/native"
)

func ExampleBacktrack() {
	r, _ := native.Backtrack(context.Background(), model.Classic(8), native.BacktrackOptions{})
	fmt.Println(r.Count, r.First, r.Nodes)
	// Output: 92 [0 4 7 5 2 6 1 3] 2057
}

func ExampleBitmask() {
	r, _ := native.Bitmask(context.Background(), 12, native.BitmaskOptions{Jobs: 2})
	fmt.Println(r.All, r.Distinct)
	// Output: 14200 1787
}

func ExampleLocalSearch() {
	r, _ := native.LocalSearch(context.Background(), 1_000_000, native.LocalSearchOptions{Seed: 42})
	fmt.Println(len(r.Columns), model.VerifyColumns(model.Classic(1_000_000), r.Columns))
	// Output: 1000000 <nil>
}

func ExampleConstruct() {
	q, _ := native.Construct(8)
	fmt.Println(q)
	// Output: [1 3 5 7 2 0 6 4]
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
	f, _ := native.Refute(context.Background(), p)
	fmt.Println(f != nil, f.Check(p))
	r, _ := native.CP(context.Background(), p, native.CPOptions{NoRelaxation: true})
	fmt.Println(r.Count)
	// Output:
	// true <nil>
	// 0
}

// Before a long search, Knuth's estimate says how big its tree is: here
// the count of 12 queens, estimated from 20,000 probes, then searched.
func ExampleEstimateCP() {
	p := model.Classic(12)
	e, _ := native.EstimateCP(context.Background(), p, 20_000, 1, 2)
	r, _ := native.CP(context.Background(), p, native.CPOptions{Jobs: 2})
	fmt.Printf("estimated: %.3g nodes, %.3g solutions\n", e.Nodes, e.Solutions)
	fmt.Printf("searched:  %d nodes, %d solutions\n", r.Nodes, r.Count)
	// Output:
	// estimated: 2.56e+05 nodes, 1.43e+04 solutions
	// searched:  255461 nodes, 14200 solutions
}

// The join counts a variant too: here the 12-queens solutions with a
// queen on row 1, column 3 (0-based row 0, column 2).
func ExampleJoinCountProblem() {
	p := model.Problem{N: 12, Fixed: []model.Square{{Row: 0, Col: 2}}}
	r, _ := native.JoinCountProblem(context.Background(), p, native.JoinOptions{Jobs: 2})
	fmt.Println(r.All)
	// Output: 1165
}
