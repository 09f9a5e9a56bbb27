package sat

import (
	"context"
	"sync"
	"sync/atomic"
	"time"

	"github.com/go-air/gini"
	"github.com/go-air/gini/z"
	"github.com/queenslab/nqueens/cnf"
	"github.com/queenslab/nqueens/internal/panics"
)

// Gini is the in-process CDCL solver github.com/go-air/gini. Its searches
// run in slices (see giniSolve), so a timeout or cancel returns on time.
type Gini struct{}

func (Gini) Name() string { return "gini" }

// Caps implements Solver: gini enumerates by blocking clauses over any
// projection, cube by cube, with one solver per job.
func (Gini) Caps() Caps { return Caps{Enumerate: true, Project: true, Cubes: true, Parallel: true} }

// giniAdder feeds DIMACS literals to gini.
type giniAdder struct{ g *gini.Gini }

func (a giniAdder) Add(lit int) { a.g.Add(z.Dimacs2Lit(lit)) }

func newGini(in cnf.Source) (*gini.Gini, int) {
	vars, clauses := in.Size()
	g := gini.NewVc(vars+1, clauses)
	in.Encode(giniAdder{g})
	return g, vars
}

// giniSlice is the longest a gini search of giniSolve runs without
// looking at its context: a Ctrl-C is noticed within about this time.
const giniSlice = 100 * time.Millisecond

// giniSolve runs one search that the context can stop, for the many short
// searches of an enumeration on one solver. It uses gini's Try in slices
// of at most giniSlice, ending at the context's deadline; a slice that runs
// out resumes with what the solver has learnt. Only Try is used on such a
// solver, never plain Solve (after a Try that timed out, gini's Solve keeps
// the stale deadline and answers 0: see DESIGN.md). A single search of a
// fresh solver runs by giniSolveOnce instead.
func giniSolve(ctx context.Context, g *gini.Gini) Status {
	for {
		if ctx.Err() != nil {
			return Unknown
		}
		slice := giniSlice
		if dl, ok := ctx.Deadline(); ok {
			slice = min(slice, time.Until(dl))
		}
		if slice <= 0 {
			return Unknown
		}
		if r := g.Try(slice); r != 0 {
			return giniStatus(r)
		}
	}
}

// giniSolveOnce runs the one search of a fresh solver (one that never ran
// Try) that the context can stop, as a series of slices: each a Solve of
// gini in its own goroutine (GoSolve), stopped when the slice's time is up
// and solved again, with what it has learnt and its saved phases, until it
// answers. Each Solve of gini begins at decision level 0 with its restart
// schedule (Luby) from the start, so the slices act as restarts of their
// own, and they help: gini in one unbroken search takes 3.6 s for N = 300
// and 10 s for N = 500 (product encoding), in slices of 100 ms 0.8 s and
// 2.6 s. But a slice too short for one descent to a full assignment never
// answers (N = 500 in slices of 30 ms, N = 1000 in slices of 100 or 300
// ms: not in minutes), hence the slices start at giniSlice and grow by a
// quarter each time: N = 1000 answers once they pass about a second (12 s
// in all; growing by half, 17 s, and N = 500 in 5.8 s instead of 2.4 s).
// The answer is polled for at intervals growing from 20 µs to giniPoll, and
// a Ctrl-C is noticed within giniPoll (and gini's own check, every few
// thousand propagations), however long the slice.
func giniSolveOnce(ctx context.Context, g *gini.Gini) Status {
	slice := giniSlice
	timer := time.NewTimer(time.Hour)
	defer timer.Stop()
	for {
		if ctx.Err() != nil {
			return Unknown
		}
		ctl := g.GoSolve()
		end := time.Now().Add(slice)
		wait := 20 * time.Microsecond
		for time.Now().Before(end) {
			if r, done := ctl.Test(); done {
				return giniStatus(r)
			}
			timer.Reset(min(wait, time.Until(end)))
			select {
			case <-ctx.Done():
				// Stop returns the answer if the search ended meanwhile.
				return giniStatus(ctl.Stop())
			case <-timer.C:
			}
			wait = min(2*wait, giniPoll)
		}
		if r := ctl.Stop(); r != 0 {
			return giniStatus(r)
		}
		slice += slice / 4
	}
}

// giniPoll is the longest giniSolveOnce waits between two looks at the
// search.
const giniPoll = 20 * time.Millisecond

func giniStatus(r int) Status {
	switch r {
	case 1:
		return Sat
	case -1:
		return Unsat
	}
	return Unknown
}

// giniModel reads the model of a satisfied solver.
func giniModel(g *gini.Gini, vars int) Model {
	m := make(Model, vars+1)
	top := int(g.MaxVar())
	for v := 1; v <= vars && v <= top; v++ {
		m[v] = g.Value(z.Var(v).Pos())
	}
	return m
}

func (s Gini) Solve(ctx context.Context, in cnf.Source) (Result, error) {
	if err := checkMemory(s, in); err != nil {
		return Result{}, err
	}
	g, vars := newGini(in)
	switch giniSolveOnce(ctx, g) {
	case Sat:
		m := giniModel(g, vars)
		if err := CheckModel(in, m); err != nil {
			return Result{}, err
		}
		return Result{Status: Sat, Model: m}, nil
	case Unsat:
		return Result{Status: Unsat}, nil
	}
	return Result{Status: Unknown}, ctxErr(ctx)
}

// ctxErr is ctx.Err, or DeadlineExceeded once the deadline has passed even
// if the context's timer has not fired yet.
func ctxErr(ctx context.Context) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if dl, ok := ctx.Deadline(); ok && !time.Now().Before(dl) {
		return context.DeadlineExceeded
	}
	return nil
}

// Enumerate lists models with blocking clauses over the projection: after
// each model, the clause that excludes its values on the projection
// variables (only its true ones with BlockTrue). With cubes, each cube is
// enumerated apart, Jobs at a time: unit propagation of the cube's
// literals (gini's Test) fixes some variables, and a fresh gini gets only
// the clauses they leave open, shortened; cubes that propagation refutes
// are skipped.
func (s Gini) Enumerate(ctx context.Context, in cnf.Source, opt EnumOptions, each func(Model) bool) (uint64, error) {
	if err := checkMemory(s, in); err != nil {
		return 0, err
	}
	if len(opt.Cubes) > 0 {
		return giniCubes(ctx, in, opt, each)
	}
	g, vars := newGini(in)
	project := projection(opt, vars)
	var count uint64
	err := giniEnumerate(ctx, g, vars, project, opt.BlockTrue, func(m Model) bool {
		count++
		return each(m)
	})
	return count, err
}

// giniEnumerate lists the models of g, blocking each on the variables of
// project: on their true ones only with blockTrue.
func giniEnumerate(ctx context.Context, g *gini.Gini, vars int, project []int, blockTrue bool, each func(Model) bool) error {
	block := make([]z.Lit, 0, len(project))
	for {
		switch giniSolve(ctx, g) {
		case Unsat:
			return nil
		case Unknown:
			return ctxErr(ctx)
		}
		m := giniModel(g, vars)
		if !each(m) {
			return nil
		}
		block = block[:0]
		for _, v := range project {
			switch {
			case m[v]:
				block = append(block, z.Var(v).Neg())
			case !blockTrue:
				block = append(block, z.Var(v).Pos())
			}
		}
		if len(block) == 0 {
			return nil // the only model
		}
		for _, l := range block {
			g.Add(l)
		}
		g.Add(0)
	}
}

func giniCubes(ctx context.Context, in cnf.Source, opt EnumOptions, each func(Model) bool) (uint64, error) {
	f := cnf.FormulaOf(in)
	vars := f.Vars
	project := projection(opt, vars)
	// Each cube is propagated by units here, not by gini's Test: when
	// propagation assigns every variable, Test checks the assignment and
	// ends the process (log.Fatal) if a clause is false, which a
	// contradiction at level 0 (an unsatisfiable variant) brings about.
	prop := newPropagator(f)
	level0 := make([]int8, vars+1)
	if !prop.propagate(level0, prop.units) {
		return 0, nil // the formula has no model: its units contradict
	}
	var mu sync.Mutex // serialises each
	var count atomic.Uint64
	var stopped atomic.Bool
	var firstErr error
	var next atomic.Int64
	var wg sync.WaitGroup
	var caught panics.Catcher
	for range max(1, min(opt.Jobs, len(opt.Cubes))) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer caught.Recover(func() { stopped.Store(true) })
			fixed := make([]int8, vars+1)
			loc := make([]int, vars+1)     // global variable -> local, 0 if none
			glob := make([]int, 1, vars+1) // local variable -> global
			var lproj []int
			var lits []z.Lit
			for !stopped.Load() {
				i := int(next.Add(1) - 1)
				if i >= len(opt.Cubes) {
					return
				}
				copy(fixed, level0)
				if !prop.propagate(fixed, opt.Cubes[i]) {
					continue // no model extends the cube
				}
				// The residual problem, numbered afresh: its variables are
				// the open ones of the projection and those of the clauses
				// left open (an open variable in neither is a don't-care,
				// false in the model).
				glob = glob[:1]
				local := func(v int) int {
					if loc[v] == 0 {
						glob = append(glob, v)
						loc[v] = len(glob) - 1
					}
					return loc[v]
				}
				lproj = lproj[:0]
				for _, v := range project {
					if fixed[v] == 0 {
						lproj = append(lproj, local(v))
					}
				}
				lits = lits[:0]
			clauses:
				for _, c := range f.Clauses {
					for _, l := range c {
						if fv := fixed[max(l, -l)]; fv != 0 && (fv > 0) == (l > 0) {
							continue clauses // satisfied
						}
					}
					for _, l := range c {
						if v := max(l, -l); fixed[v] == 0 {
							lits = append(lits, localLit(l, local(v)))
						}
					}
					lits = append(lits, 0)
				}
				g := gini.NewV(len(glob))
				for _, l := range lits {
					g.Add(l)
				}
				err := giniEnumerate(ctx, g, len(glob)-1, lproj, opt.BlockTrue, func(lm Model) bool {
					m := make(Model, vars+1)
					for v, f := range fixed {
						m[v] = f > 0
					}
					for lv := 1; lv < len(glob); lv++ {
						m[glob[lv]] = lm[lv]
					}
					mu.Lock()
					defer mu.Unlock()
					if stopped.Load() {
						return false
					}
					count.Add(1)
					if !each(m) {
						stopped.Store(true)
						return false
					}
					return true
				})
				for _, v := range glob[1:] {
					loc[v] = 0
				}
				if err != nil {
					mu.Lock()
					if firstErr == nil {
						firstErr = err
					}
					mu.Unlock()
					stopped.Store(true)
				}
			}
		}()
	}
	wg.Wait()
	if err := caught.Err(); err != nil {
		return count.Load(), err
	}
	return count.Load(), firstErr
}

// localLit is the gini literal of variable lv with the sign of the DIMACS
// literal l.
func localLit(l, lv int) z.Lit {
	if l < 0 {
		return z.Var(lv).Neg()
	}
	return z.Var(lv).Pos()
}

// propagator is unit propagation over the clauses of a formula, for the
// cube enumeration: occ[code(l)] lists the clauses holding literal l
// (code(l) = 2v, +1 when negative), units the literals of its unit
// clauses, and whether it has an empty one.
type propagator struct {
	clauses [][]int
	occ     [][]int32
	units   []int
	empty   bool // an empty clause: nothing satisfies the formula
}

func newPropagator(f *cnf.Formula) *propagator {
	p := &propagator{clauses: f.Clauses, occ: make([][]int32, 2*(f.Vars+1))}
	for i, c := range f.Clauses {
		for _, l := range c {
			p.occ[litCode(l)] = append(p.occ[litCode(l)], int32(i))
		}
		switch len(c) {
		case 0:
			p.empty = true
		case 1:
			p.units = append(p.units, c[0])
		}
	}
	return p
}

func litCode(l int) int {
	if l < 0 {
		return -2*l + 1
	}
	return 2 * l
}

// propagate sets the literals lits in val (val[v] = 1 true, -1 false, 0
// open) and what they imply by unit propagation; false when a clause
// becomes false (or an empty clause is met), the assignment then partial.
func (p *propagator) propagate(val []int8, lits []int) bool {
	var trail []int
	set := func(l int) bool {
		v, s := max(l, -l), int8(1)
		if l < 0 {
			s = -1
		}
		switch val[v] {
		case s:
			return true
		case -s:
			return false
		}
		val[v] = s
		trail = append(trail, l)
		return true
	}
	for _, l := range lits {
		if !set(l) {
			return false
		}
	}
	if p.empty {
		return false
	}
	for q := 0; q < len(trail); q++ {
		// The clauses where -trail[q] has become false.
		for _, ci := range p.occ[litCode(-trail[q])] {
			open, last := 0, 0
			sat := false
			for _, l := range p.clauses[ci] {
				switch x := val[max(l, -l)]; {
				case x == 0:
					open++
					last = l
				case (x > 0) == (l > 0):
					sat = true
				}
				if sat {
					break
				}
			}
			switch {
			case sat:
			case open == 0:
				return false
			case open == 1:
				set(last)
			}
		}
	}
	return true
}
