// Package native is the map of the solvers that answer N-Queens directly,
// without an encoding; it holds no code. They are grouped by the question
// they answer, each group a package:
//
//	ctx := context.Background()
//	c, _ := counting.JoinCount(ctx, 12, counting.JoinOptions{})         // how many: 14200
//	s, _ := search.CP(ctx, model.Classic(12), search.CPOptions{})      // whether, which, how many of a variant
//	h, _ := huge.LocalSearch(ctx, 1_000_000, huge.LocalSearchOptions{}) // one solution of a huge board
//
// The packages:
//
//   - package counting: how many solutions. JoinCount, a meet in the
//     middle that joins the placements of quarter boards and enumerates no
//     solution (JoinCountProblem for the variants too); ConstellationCount,
//     by the queens of the border; Bitmask, Takaken's search. The three use
//     the symmetries of the square, run on all cores in work units that a
//     cluster can share out, and check each other;
//   - package search: deciding and counting every variant (pre-placed
//     queens, blocked squares, excluded diagonals, subsets of rows and
//     columns). CP, constraint propagation on bitsets with forward
//     checking, the diagonal-sum bound and randomized restarts; Refute, a
//     proof of "no solution" from the linear relaxation (Farkas' lemma);
//     EstimateCP, Knuth's estimate of CP's tree before it runs; Backtrack,
//     the search of the textbooks (first solution, count, node count,
//     forward checking, the trace that package draw animates) and
//     Heuristic, its heuristic order (fewest open squares first);
//   - package huge: one solution of a huge board. LocalSearch, Sosič and
//     Gu's local search, for hundreds of millions of queens, and
//     Construct, an explicit construction for every N >= 4.
//
// Counting imports no search and search no counting (the module's import
// test holds them to it), so that a count confirmed by a search, or a
// search by a count, is confirmed by code that shares nothing but package
// model. What the three share, the pool of work units and the errors of
// their entry points, is in native/internal/work. Long runs take a
// context.Context and return what they have with ctx.Err() when it ends;
// a board beyond a method is a *TooLargeError (each package names it),
// and a problem without a solution model.ErrNoSolution.
package native
