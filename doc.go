// Package nqueens is the registry of the toolkit's methods: every way it has
// to find one N-Queens solution (Finders: local search, construction,
// backtracking, SAT, dancing links, constraint propagation) and to count
// all of them (Counters: joins of quarter boards, border constellations,
// Takaken's bitmask search, backtracking, dancing links, SAT model
// enumeration, constraint propagation), each with the boards it accepts.
// Finder.Find verifies every solution before returning it; a method whose
// answer fails is an *InvalidSolutionError, never a result. Every count
// and every answer "no solution" carries its Provenance: what it is held
// to without a second search (the published counts, pre-placed queens
// that cannot stand, the method's own checked refutation); a count or
// answer that contradicts it is a *WrongAnswerError. Encode writes a
// problem as input for other solvers.
//
// The registry runs no second method: package confirm does, for a caller
// that asks (confirm.Find, confirm.Count), and holds the tables of which
// method is fastest where. The problem itself is package model; the
// algorithms live in native, the solvers in solvers/..., the encodings in
// encode. Cross-checking all methods is package check, benchmark suites
// package suite, resumable and sharded counts package cluster. The command
// line is cmd/nqueens.
package nqueens
