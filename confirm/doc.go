// Package confirm holds answers of the registry (package nqueens) to
// independent evidence where the registry alone cannot: a count of a
// variant to a second, independent method (SecondCounter); an answer "no
// solution" to a checked refutation of the linear relaxation
// (native.Refute), a second complete method (SecondMethod) or a checked
// DRAT proof (CertifyNone). The registry verifies every solution and holds
// answers to what is known without a search (the published counts, the
// pre-placed queens, a method's own refutation); a caller that wants the
// second search asks for it here: Find, Count, None and Counted.
//
// It holds the measured tables of which method is fastest where
// (DefaultFinder, DefaultCounter, the deciders), and Decide, which
// answers a benchmark instance by two independent methods at once.
package confirm
