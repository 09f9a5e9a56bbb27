package sat

import (
	"context"
	"fmt"

	"github.com/crillab/gophersat/solver"
	"github.com/queenslab/nqueens/cnf"
	"github.com/queenslab/nqueens/internal/panics"
)

// Gophersat is the in-process solver github.com/crillab/gophersat (v1.4.0),
// used through its plain Solve and AppendClause; its own CountModels and
// Enumerate over-count and are not used (see DESIGN.md).
//
// Gophersat cannot be interrupted: on a cancelled or expired context,
// Solve and Enumerate return at once with Unknown and the context's
// error, and the abandoned search goes on in its goroutine, using a core,
// until it ends by itself.
//
// Its traps are avoided here: a formula with an empty clause or with the
// unit clauses x and -x is answered UNSAT before gophersat sees it
// (gophersat v1.4.0 drops one of two contradictory units and answers SAT,
// seen with OPB input), and no two searches run at once (see gophersatLock).
type Gophersat struct{}

func (Gophersat) Name() string { return "gophersat" }

// Caps implements Solver: gophersat enumerates by blocking clauses over any
// projection, cube by cube, but one search at a time in a process (see
// gophersatLock).
func (Gophersat) Caps() Caps { return Caps{Enumerate: true, Project: true, Cubes: true} }

// unitsOf returns the unit clauses of f as a set of literals, and whether f
// is trivially unsatisfiable: an empty clause or two contradictory units.
func unitsOf(f *cnf.Formula) (map[int]bool, bool) {
	units := map[int]bool{}
	for _, c := range f.Clauses {
		switch len(c) {
		case 0:
			return nil, true
		case 1:
			if units[-c[0]] {
				return nil, true
			}
			units[c[0]] = true
		}
	}
	return units, false
}

// contradicts reports whether the literals of cube contradict the units or
// each other.
func contradicts(units map[int]bool, cube []int) bool {
	for i, l := range cube {
		if units[-l] {
			return true
		}
		for _, k := range cube[:i] {
			if k == -l {
				return true
			}
		}
	}
	return false
}

// gophersatLock serialises all use of gophersat in the process: v1.4.0
// learns clauses through a package-level buffer (solver.bufLits), so two
// solvers running at once corrupt each other's learnt clauses (seen here as
// models that falsify clauses). An abandoned search keeps the lock until it
// ends.
var gophersatLock = make(chan struct{}, 1)

// gophersatRun solves s in a goroutine so that the context can abandon it.
// A panic of gophersat's is an error (*panics.Error), and releases the lock.
func gophersatRun(ctx context.Context, s *solver.Solver) (Status, error) {
	select {
	case gophersatLock <- struct{}{}:
	case <-ctx.Done():
		return Unknown, ctx.Err()
	}
	type outcome struct {
		st  solver.Status
		err error
	}
	done := make(chan outcome, 1)
	go func() {
		var o outcome
		var c panics.Catcher
		defer func() {
			<-gophersatLock
			o.err = c.Err()
			done <- o
		}()
		defer c.Recover(nil)
		o.st = s.Solve()
	}()
	select {
	case o := <-done:
		switch {
		case o.err != nil:
			return Unknown, fmt.Errorf("sat: gophersat: %w", o.err)
		case o.st == solver.Sat:
			return Sat, nil
		case o.st == solver.Unsat:
			return Unsat, nil
		}
		return Unknown, nil
	case <-ctx.Done():
		return Unknown, ctx.Err()
	}
}

func gophersatModel(s *solver.Solver, vars int) Model {
	raw := s.Model()
	m := make(Model, vars+1)
	for v := 1; v <= vars && v <= len(raw); v++ {
		m[v] = raw[v-1]
	}
	return m
}

// newGophersat loads f plus the unit clauses extra, copying the clauses
// (gophersat keeps and may change the slices it is given).
func newGophersat(f *cnf.Formula, extra []int) (s *solver.Solver, err error) {
	var c panics.Catcher
	defer func() {
		if err == nil {
			if err = c.Err(); err != nil {
				err = fmt.Errorf("sat: gophersat: %w", err)
			}
		}
	}()
	defer c.Recover(nil)
	clauses := make([][]int, 0, len(f.Clauses)+len(extra))
	for _, c := range f.Clauses {
		clauses = append(clauses, append([]int(nil), c...))
	}
	for _, l := range extra {
		clauses = append(clauses, []int{l})
	}
	return solver.New(solver.ParseSliceNb(clauses, f.Vars)), nil
}

func (g Gophersat) Solve(ctx context.Context, in cnf.Source) (Result, error) {
	if err := ctx.Err(); err != nil {
		return Result{}, err
	}
	if err := checkMemory(g, in); err != nil {
		return Result{}, err
	}
	f := cnf.FormulaOf(in)
	if _, unsat := unitsOf(f); unsat {
		return Result{Status: Unsat}, nil
	}
	s, err := newGophersat(f, nil)
	if err != nil {
		return Result{}, err
	}
	st, err := gophersatRun(ctx, s)
	switch st {
	case Sat:
		m := gophersatModel(s, f.Vars)
		if err := CheckModel(f, m); err != nil {
			return Result{}, err
		}
		return Result{Status: Sat, Model: m}, nil
	case Unsat:
		return Result{Status: Unsat}, nil
	}
	return Result{Status: Unknown}, err
}

// Enumerate lists models with blocking clauses over the projection, one
// gophersat per cube, one cube after the other. Jobs is ignored: gophersat
// cannot run twice at once in one process (see gophersatLock).
func (g Gophersat) Enumerate(ctx context.Context, in cnf.Source, opt EnumOptions, each func(Model) bool) (uint64, error) {
	if err := checkMemory(g, in); err != nil {
		return 0, err
	}
	f := cnf.FormulaOf(in)
	units, unsat := unitsOf(f)
	if unsat {
		return 0, nil
	}
	project := projection(opt, f.Vars)
	cubes := opt.Cubes
	if len(cubes) == 0 {
		cubes = [][]int{nil}
	}
	var count uint64
nextCube:
	for _, cube := range cubes {
		if contradicts(units, cube) {
			continue
		}
		s, err := newGophersat(f, cube)
		if err != nil {
			return count, err
		}
		for {
			switch st, err := gophersatRun(ctx, s); st {
			case Unsat:
				continue nextCube
			case Unknown:
				return count, err
			}
			m := gophersatModel(s, f.Vars)
			count++
			if !each(m) {
				return count, nil
			}
			block := make([]solver.Lit, 0, len(project))
			for _, v := range project {
				switch {
				case m[v]:
					block = append(block, solver.IntToLit(int32(-v)))
				case !opt.BlockTrue:
					block = append(block, solver.IntToLit(int32(v)))
				}
			}
			select {
			case gophersatLock <- struct{}{}:
			case <-ctx.Done():
				return count, ctx.Err()
			}
			s.AppendClause(solver.NewClause(block))
			<-gophersatLock
		}
	}
	return count, nil
}
