// Package search decides and counts every variant of N-Queens by complete
// search, and proves "no solution" where it can:
//
//	p := model.Problem{N: 12, Blocked: []model.Square{{Row: 0, Col: 0}}}
//	r, _ := search.CP(ctx, p, search.CPOptions{Jobs: 2})
//	fmt.Println(r.Count, r.Nodes) // the solutions and the search tree
//	f, _ := search.Refute(ctx, p) // nil, or a proof that p has no solution
//	e, _ := search.EstimateCP(ctx, p, 20_000, 1, 2)
//	fmt.Printf("%.3g nodes\n", e.Nodes) // Knuth's estimate, before a long search
//	b, _ := search.Backtrack(ctx, model.Classic(8), search.BacktrackOptions{})
//	fmt.Println(b.Count, b.First, b.Nodes) // 92 [0 4 7 5 2 6 1 3] 2057
//
// CP is constraint propagation on bitsets with forward checking, the
// diagonal-sum bound and randomized restarts, for every variant (pre-placed
// queens, blocked squares, excluded diagonals, subsets of rows and
// columns) up to CPMaxN. Refute solves the linear relaxation and returns
// Farkas multipliers, integers that model.Farkas.Check verifies apart
// from the solver. EstimateCP and ForecastCP say how big CP's tree is and
// how long it will take. Backtrack is the search of the textbooks (Wirth
// 1976), with its node count and a trace that package draw animates;
// Heuristic orders it by the fewest open squares.
//
// Search imports no counting, so that a count of package counting
// confirmed here is confirmed by code that shares nothing with it.
package search

import "github.com/queenslab/nqueens/native/internal/work"

// TooLargeError says that a board is beyond what a method accepts.
type TooLargeError = work.TooLargeError
