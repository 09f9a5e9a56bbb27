// Package nqueens is the registry of the toolkit's methods: every way it has
// to find one N-Queens solution (Finders) and to count all of them
// (Counters), each verified, each answer told with what it rests on. The
// registry runs one method and holds its answer to what is known without a
// second search; it does not confirm an answer by another method: package
// confirm does, for a caller that asks (confirm.Find, confirm.Count).
//
// A walk-through (Example shows it run):
//
//	ctx := context.Background()
//	// One solution of the classic problem, verified before it is returned.
//	f, _ := nqueens.LookupFinder(nqueens.Backtrack)
//	s, _ := f.Find(ctx, model.Classic(8), nqueens.FindOptions{}) // s.Columns: [0 4 7 5 2 6 1 3]
//
//	// A count of the classic problem, held to OEIS A000170 by the registry.
//	c, _ := nqueens.LookupCounter(nqueens.Join)
//	r, _ := c.Count(ctx, model.Classic(12), nqueens.CountOptions{}) // r.All: 14200, r.Provenance: OEIS A000170
//
//	// A variant (a queen pre-placed at row 1, column 2): its count rests on
//	// the method alone until confirm.Counted runs a second, independent one.
//	p := model.Problem{N: 12, Fixed: []model.Square{{Row: 0, Col: 1}}}
//	v, _ := c.Count(ctx, p, nqueens.CountOptions{})               // v.All: 806, v.Provenance unconfirmed
//	_ = confirm.Counted(ctx, p, v, confirm.Options{})            // v.Provenance: confirmed by dancing links
//
//	// "No solution" is an error that says what it is held to.
//	_, err := f.Find(ctx, model.Classic(3), nqueens.FindOptions{})
//	var none *nqueens.NoSolutionError
//	errors.As(err, &none) // true; none.Provenance: OEIS A000170
//
// Finders: local search, construction, backtracking, SAT, dancing links,
// constraint propagation. Counters: joins of quarter boards, border
// constellations, Takaken's bitmask search, backtracking, dancing links,
// SAT model enumeration, constraint propagation; each with the boards it
// accepts. Finder.Find verifies every solution before returning it; a
// method whose answer fails is an *InvalidSolutionError, never a result.
// Every count and every answer "no solution" carries its Provenance: what
// it is held to without a second search (the published counts, pre-placed
// queens that cannot stand, the method's own checked refutation); a count
// or answer that contradicts it is a *WrongAnswerError. Encode writes a
// problem as input for other solvers.
//
// The problem itself is package model; the algorithms live in native, the
// solvers in solvers/..., the encodings in encode; confirmation and the
// tables of which method is fastest where are package confirm.
// Cross-checking all methods is package check, benchmark suites package
// suite and running solvers on them package lab, resumable and sharded
// counts package cluster. The command line is cmd/nqueens.
package nqueens
