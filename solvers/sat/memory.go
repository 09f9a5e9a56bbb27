package sat

import (
	"fmt"

	"github.com/queenslab/nqueens/cnf"
	"github.com/queenslab/nqueens/internal/memlimit"
)

// TooLargeError is a formula refused before it is loaded because the
// solver would need more memory than the process may take.
type TooLargeError = memlimit.TooLargeError

// Memory implements Solver: gini itself (measured on v1.0.4: about 220
// bytes a variable and 25 a literal once loaded), and the formula in
// memory for cube enumeration.
func (Gini) Memory(vars, clauses, literals int) uint64 {
	return 256*uint64(vars) + 40*uint64(literals) + 48*uint64(clauses)
}

// Memory implements Solver: the formula, its copy for gophersat, and
// gophersat's clauses.
func (Gophersat) Memory(vars, clauses, literals int) uint64 {
	return 160*uint64(vars) + 32*uint64(literals) + 112*uint64(clauses)
}

// Memory implements Solver: an external solver's memory is its own
// process's, none of this one's.
func (*External) Memory(vars, clauses, literals int) uint64 { return 0 }

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
	return memlimit.Check(s.Memory(v, c, l), fmt.Sprintf("%s on %d variables and %d clauses", s.Name(), v, c))
}
