package sat

import (
	"fmt"

	"github.com/queenslab/nqueens/cnf"
	"github.com/queenslab/nqueens/internal/memlimit"
)

// TooLargeError is a formula refused before it is loaded because the
// solver would need more memory than the process may take.
type TooLargeError = memlimit.TooLargeError

// Memory estimates the bytes an in-process solver takes for a formula of
// vars variables and clauses clauses with literals literals in all
// (measured on gini v1.0.4: about 220 bytes a variable and 25 a literal
// once loaded), 0 for an external solver, whose memory is its own process's.
func Memory(s Solver, vars, clauses, literals int) uint64 {
	v, c, l := uint64(vars), uint64(clauses), uint64(literals)
	switch s.(type) {
	case Gini:
		// gini itself, and the formula in memory for cube enumeration.
		return 256*v + 40*l + 48*c
	case Gophersat:
		// the formula, its copy for gophersat, gophersat's clauses.
		return 160*v + 32*l + 112*c
	}
	return 0
}

// literalsOf counts the literals of in when it is held in memory, and
// estimates them (3 a clause) when it streams.
func literalsOf(in cnf.Source) (vars, clauses, literals int) {
	vars, clauses = in.Size()
	if f, ok := in.(*cnf.Formula); ok {
		for _, c := range f.Clauses {
			literals += len(c)
		}
		return vars, clauses, literals
	}
	return vars, clauses, 3 * clauses
}

// checkMemory refuses in for s when it would not fit (see Memory).
func checkMemory(s Solver, in cnf.Source) error {
	v, c, l := literalsOf(in)
	return memlimit.Check(Memory(s, v, c, l), fmt.Sprintf("%s on %d variables and %d clauses", s.Name(), v, c))
}
