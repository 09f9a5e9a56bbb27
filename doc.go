// Package nqueens is the registry of the toolkit's methods: every way it has
// to find one N-Queens solution (Finders: local search, construction,
// backtracking, SAT, dancing links) and to count all of them (Counters:
// border constellations, Takaken's bitmask search, backtracking, dancing
// links, SAT model enumeration), each with the boards it accepts. Finder.Find verifies every
// solution before returning it; a method whose answer fails is an
// *InvalidSolutionError, never a result. Encode writes a problem as input
// for other solvers.
//
// The problem itself is package model; the algorithms live in native, the
// solvers in solvers/..., the encodings in encode. Cross-checking all
// methods is package check, benchmark suites package suite, resumable and
// sharded counts package cluster. The command line is cmd/nqueens.
package nqueens
