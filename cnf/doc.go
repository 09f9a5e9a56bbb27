// Package cnf holds formulas in conjunctive normal form of any origin, not
// only N-Queens: the Adder that encoders write clauses into, a formula in
// memory, the Source interface of formulas that stream their clauses, and
// the DIMACS format, read strictly and written in one streaming pass.
//
// Literals are DIMACS numbers: variable v is the literal v, its negation -v,
// and 0 ends a clause. Adder is the shape of gini's inter.Adder, so one
// encoder feeds a DIMACS writer, an in-process solver or a Formula alike.
package cnf
