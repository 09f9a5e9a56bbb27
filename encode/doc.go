// Package encode writes an N-Queens problem (model.Problem) as input for other
// solvers: CNF with a choice of at-most-one encodings (DIMACS), exact cover
// (Knuth's XCC text for his DLX programs), pseudo-Boolean constraints (OPB),
// MiniZinc and XCSP3, and a refutation file (WriteRefutation) with the header
// the others have. The CNF is a cnf.Source and the exact cover an
// xcc.Problem: what is not about queens (formulas, the DIMACS and XCC
// formats) lives in packages cnf and xcc.
//
// Every writer streams: the sizes in a header (DIMACS "p cnf V C", OPB
// "#variable= #constraint=") are computed from formulas before the first
// clause, and memory does not grow with the number of clauses.
//
// # Variables
//
// The queen at row r, column c (0-based) is variable r*N + c + 1, so the
// queen variables are 1..N*N. Auxiliary variables of an at-most-one encoding
// come after N*N. In the human-readable parts of the files (comments, the
// MiniZinc model) rows and columns count from 1; XCSP3 and XCC item names
// follow the 0-based conventions of those formats.
//
// # Constraints
//
// Every row and every column holds exactly one queen (at-least-one clause
// plus at-most-one), every diagonal of length two or more at most one.
// A pre-placed queen is a unit clause, a blocked square a negative unit
// clause. Pre-placed queens that attack each other give an unsatisfiable
// instance, which is written as such and said so in the header. An
// encoding named with SumsSuffix (WithSums, "pairwise+sums") adds an
// implied constraint that CDCL solvers do not derive: the queens' sum
// diagonals, and their difference diagonals, are distinct and their
// indices add up to a sum fixed by the rows and columns (a BDD, with
// variables after the at-most-one encoding's).
package encode
