package sat

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/queenslab/nqueens/cnf"
	"github.com/queenslab/nqueens/cnf/drat"
)

// Status is a solver's answer.
type Status int

const (
	Unknown Status = iota // no answer: time out, cancelled, or the solver gave up
	Sat                   // satisfiable, with a model
	Unsat                 // unsatisfiable
)

func (s Status) String() string {
	switch s {
	case Sat:
		return "SAT"
	case Unsat:
		return "UNSAT"
	}
	return "UNKNOWN"
}

// Model is an assignment: Model[v] is the value of variable v (Model[0] is
// unused).
type Model []bool

// Result is the answer to Solve.
type Result struct {
	Status Status
	Model  Model // when Status is Sat
	// Proof is the checked proof of an UNSAT answer (Certify), else nil.
	Proof *drat.Result
}

// Solver solves a CNF. On a cancelled or expired context, Solve returns
// Unknown with the context's error.
type Solver interface {
	Name() string
	Solve(ctx context.Context, in cnf.Source) (Result, error)
	// Caps says what the solver can do besides Solve.
	Caps() Caps
	// Memory estimates the bytes this process takes to solve a formula of
	// that many variables, clauses and literals, so that one too large is
	// refused before it is loaded.
	Memory(vars, clauses, literals int) uint64
}

// Caps is what a solver can do besides finding one model.
type Caps struct {
	// Enumerate: it lists all models (it is an Enumerator).
	Enumerate bool
	// Project: its models are distinct on EnumOptions.Project, not on all
	// variables.
	Project bool
	// Cubes: its enumeration splits the search by EnumOptions.Cubes.
	Cubes bool
	// Parallel: several of its searches may run at once in one process,
	// so EnumOptions.Jobs > 1 helps.
	Parallel bool
	// Prove: it writes a DRAT proof of UNSAT that Certify checks.
	Prove bool
}

// Enumerator is a Solver that can also list models.
type Enumerator interface {
	Solver
	// Enumerate calls each with every model, distinct on the projection
	// variables, until each returns false; it returns the number of models
	// given to each. On cancellation it returns the count so far with the
	// context's error. External solvers' models are checked against the
	// formula; in-process ones are not re-checked one by one (each should
	// verify what it needs: the nqueens facade verifies every placement).
	Enumerate(ctx context.Context, in cnf.Source, opt EnumOptions, each func(Model) bool) (uint64, error)
}

// EnumOptions shape an enumeration.
type EnumOptions struct {
	// Project lists the variables models must differ on; nil means all.
	Project []int
	// Cubes optionally split the search: each cube is a set of literals,
	// and the cubes must partition the models (every model satisfies
	// exactly one cube). Each cube is enumerated apart, in parallel with
	// Jobs goroutines where the solver allows.
	Cubes [][]int
	Jobs  int
	// BlockTrue says that every model has the same number of true
	// projection variables (the N queens of an N-Queens CNF), so that a
	// blocking clause needs only the negations of the true ones.
	BlockTrue bool
}

// EnumeratorOf returns s as an Enumerator when it can list all models
// (Caps().Enumerate: gini, gophersat, and the external solvers clasp and
// cryptominisat5); ok is false for the others.
func EnumeratorOf(s Solver) (e Enumerator, ok bool) {
	if !s.Caps().Enumerate {
		return nil, false
	}
	e, ok = s.(Enumerator)
	return e, ok
}

// ErrNoProjection is returned by an enumerator that cannot project when a
// projection smaller than all variables is asked for.
var ErrNoProjection = errors.New("sat: this solver enumerates over all variables and cannot project; use a parsimonious encoding or another solver")

// Checker is an cnf.Adder that checks each clause against a model: give
// it the clauses of a formula with Encode, then read Err.
type Checker struct {
	M       Model
	clause  int
	sat     bool
	started bool
	err     error
	lits    []int // the clause being read, its first shownLits literals
	more    int   // and how many more it has
}

// shownLits is how many literals of a falsified clause its error gives.
const shownLits = 16

// Add implements cnf.Adder.
func (c *Checker) Add(lit int) {
	if c.err != nil {
		return
	}
	if lit == 0 {
		c.clause++
		if !c.sat {
			var b strings.Builder
			for i, l := range c.lits {
				if i > 0 {
					b.WriteByte(' ')
				}
				b.WriteString(strconv.Itoa(l))
			}
			if c.more > 0 {
				fmt.Fprintf(&b, " and %d more", c.more)
			}
			if len(c.lits) == 0 {
				b.WriteString("the empty clause")
			}
			c.err = fmt.Errorf("sat: the model falsifies clause %d (%s)", c.clause, b.String())
		}
		c.sat = false
		c.lits, c.more = c.lits[:0], 0
		return
	}
	if len(c.lits) < shownLits {
		c.lits = append(c.lits, lit)
	} else {
		c.more++
	}
	v := lit
	if v < 0 {
		v = -v
	}
	if v >= len(c.M) {
		c.err = fmt.Errorf("sat: the model has no value for variable %d", v)
		return
	}
	if c.M[v] == (lit > 0) {
		c.sat = true
	}
}

// Err returns the first falsified clause, if any.
func (c *Checker) Err() error { return c.err }

// CheckModel streams the clauses of in and returns an error naming the
// first one that m falsifies.
func CheckModel(in cnf.Source, m Model) error {
	vars, _ := in.Size()
	if len(m) < vars+1 {
		return fmt.Errorf("sat: the model assigns %d variables, the formula has %d", len(m)-1, vars)
	}
	c := &Checker{M: m}
	in.Encode(c)
	return c.Err()
}

// projection returns the projection variables: opt.Project or 1..vars.
// A variable given twice counts once.
func projection(opt EnumOptions, vars int) []int {
	if opt.Project != nil {
		seen := make(map[int]bool, len(opt.Project))
		var p []int
		for _, v := range opt.Project {
			if !seen[v] {
				seen[v] = true
				p = append(p, v)
			}
		}
		return p
	}
	p := make([]int, vars)
	for i := range p {
		p[i] = i + 1
	}
	return p
}

// Lookup returns a solver by name: "gini", "gophersat", one of
// ExternalNames (found on the PATH), or the path of a DIMACS solver.
func Lookup(name string) (Solver, error) {
	switch name {
	case "gini":
		return Gini{}, nil
	case "gophersat":
		return Gophersat{}, nil
	}
	e, err := LookupExternal(name)
	if err != nil {
		return nil, err
	}
	return e, nil
}
