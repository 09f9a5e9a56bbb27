// Package confirm holds the registry's answers (package nqueens) to
// independent evidence, where the registry alone cannot: a count of a
// variant to a second, independent method (SecondCounter); an answer "no
// solution" to a checked refutation of the linear relaxation
// (search.Refute), a second complete method (SecondMethod) or a checked
// DRAT proof (CertifyNone). The registry verifies every solution and holds
// answers to what is known without a search (the published counts, the
// pre-placed queens, a method's own refutation); it never runs a second
// method. A caller that wants the second search asks for it here.
//
// A walk-through (Example shows it run):
//
//	ctx := context.Background()
//	p := model.Problem{N: 6, Fixed: []model.Square{{Row: 0, Col: 0}}} // a queen in a corner
//	// The fastest method for p, looked up in the registry.
//	f, _ := nqueens.LookupFinder(confirm.DefaultFinder(p))
//	// Find: a solution as the registry verified it, or "no solution"
//	// confirmed by a refutation or a second complete method.
//	_, err := confirm.Find(ctx, f, p, nqueens.FindOptions{}, confirm.Options{})
//	var none *nqueens.NoSolutionError
//	errors.As(err, &none) // true; none.Provenance: "dancing links", Evidence SecondMethod
//
//	// Count: the count, confirmed by a second method unless it is known.
//	c, _ := nqueens.LookupCounter(confirm.DefaultCounter(p))
//	r, _ := confirm.Count(ctx, c, p, nqueens.CountOptions{}, confirm.Options{}) // r.All: 0
//
// Options.Progress tells each step of a confirmation as it goes, and
// Provenance.Elapsed the time it took. It holds the measured tables of
// which method is fastest where (DefaultFinder, DefaultCounter, the
// deciders), and Decide, which answers a benchmark instance by two
// independent methods at once.
package confirm
