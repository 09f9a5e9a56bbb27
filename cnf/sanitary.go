package cnf

import (
	"fmt"
	"io"
	"slices"
)

// Sanitary checks a DIMACS file against what the SAT competitions ask of
// a benchmark (satcompetition.github.io, "Benchmark Format"): its "p cnf V
// C" line gives exactly the variables that occur (every one of 1..V in a
// clause), no clause holds a literal twice, and none holds a literal and
// its negation (a tautology). The error names the first clause that does
// not hold, or the variable that does not occur.
func Sanitary(r io.Reader) error {
	s := &sanitary{}
	info, err := ReadDIMACS(r, s)
	if err != nil {
		return err
	}
	if s.err != nil {
		return s.err
	}
	for v := 1; v <= info.Vars; v++ {
		if v >= len(s.seen) || !s.seen[v] {
			return fmt.Errorf("cnf: variable %d of the %d that p cnf declares occurs in no clause", v, info.Vars)
		}
	}
	return nil
}

// sanitary is the Adder of Sanitary: the variables seen, the clause at
// hand, the first fault.
type sanitary struct {
	seen    []bool
	cur     []int
	clauses int
	err     error
}

func (s *sanitary) Add(lit int) {
	if s.err != nil {
		return
	}
	if lit != 0 {
		s.cur = append(s.cur, lit)
		v := abs(lit)
		if v >= len(s.seen) {
			s.seen = slices.Grow(s.seen, v+1-len(s.seen))[:v+1]
		}
		s.seen[v] = true
		return
	}
	s.clauses++
	c := slices.Clone(s.cur)
	slices.SortFunc(c, func(a, b int) int { return abs(a) - abs(b) })
	for i := 1; i < len(c); i++ {
		switch {
		case c[i] == c[i-1]:
			s.err = fmt.Errorf("cnf: clause %d holds the literal %d twice", s.clauses, c[i])
		case c[i] == -c[i-1]:
			s.err = fmt.Errorf("cnf: clause %d holds %d and %d: a tautology", s.clauses, c[i-1], c[i])
		}
		if s.err != nil {
			return
		}
	}
	s.cur = s.cur[:0]
}
