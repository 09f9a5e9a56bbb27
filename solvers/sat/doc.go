// Package sat answers CNF formulas: gini and gophersat in-process, and any
// DIMACS solver (cadical, kissat, minisat, cryptominisat5, picosat, clasp,
// or a path) as a process. Every model a solver gives is checked against
// the formula before it is returned, so a broken solver is an error, never
// a wrong answer.
//
// Counting is by enumeration, projected on a set of variables (the N*N
// queen variables of an N-Queens CNF), so that auxiliary variables of a
// non-parsimonious at-most-one encoding do not inflate the count: gini and
// gophersat with blocking clauses over the projection, clasp (-n 0) and
// cryptominisat5 (--maxsol, which honours "c ind") as processes.
package sat
