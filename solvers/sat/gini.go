package sat

import (
	"context"
	"sync"
	"sync/atomic"
	"time"

	"github.com/go-air/gini"
	"github.com/go-air/gini/z"

	"github.com/queenslab/nqueens/encode"
)

// Gini is the in-process CDCL solver github.com/go-air/gini. Its searches
// run in slices (see giniSolve), so a timeout or cancel returns on time.
type Gini struct{}

func (Gini) Name() string { return "gini" }

// giniAdder feeds DIMACS literals to gini.
type giniAdder struct{ g *gini.Gini }

func (a giniAdder) Add(lit int) { a.g.Add(z.Dimacs2Lit(lit)) }

func newGini(in encode.Source) (*gini.Gini, int) {
	vars, clauses := in.Size()
	g := gini.NewVc(vars+1, clauses)
	in.Encode(giniAdder{g})
	return g, vars
}

// giniSlice is the longest a gini search runs without looking at its
// context: a Ctrl-C is noticed within about this time.
const giniSlice = 100 * time.Millisecond

// giniSolve runs one search that the context can stop. It uses gini's Try
// in slices of at most giniSlice, ending at the context's deadline; a slice
// that runs out resumes with what the solver has learnt. Only Try is used
// on a solver, never plain Solve (after a Try that timed out, gini's Solve
// keeps the stale deadline and answers 0: see DESIGN.md).
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

func (Gini) Solve(ctx context.Context, in encode.Source) (Result, error) {
	g, vars := newGini(in)
	switch giniSolve(ctx, g) {
	case Sat:
		m := giniModel(g, vars)
		if err := CheckModel(in, m); err != nil {
			return Result{}, err
		}
		return Result{Status: Sat, Model: m}, nil
	case Unsat:
		return Result{Status: Unsat}, nil
	}
	return Result{Status: Unknown}, ctx.Err()
}

// Enumerate lists models with blocking clauses over the projection: after
// each model, the clause that excludes its values on the projection
// variables. With cubes, each cube is enumerated in its own copy of the
// solver, Jobs at a time.
func (Gini) Enumerate(ctx context.Context, in encode.Source, opt EnumOptions, each func(Model) bool) (uint64, error) {
	base, vars := newGini(in)
	project := projection(opt, vars)
	var mu sync.Mutex // serialises each
	var count atomic.Uint64
	var stopped atomic.Bool
	var firstErr error
	run := func(g *gini.Gini) error {
		block := make([]z.Lit, 0, len(project))
		for !stopped.Load() {
			switch giniSolve(ctx, g) {
			case Unsat:
				return nil
			case Unknown:
				return ctx.Err()
			}
			m := giniModel(g, vars)
			mu.Lock()
			if !stopped.Load() {
				count.Add(1)
				if !each(m) {
					stopped.Store(true)
				}
			}
			mu.Unlock()
			block = block[:0]
			for _, v := range project {
				if m[v] {
					block = append(block, z.Var(v).Neg())
				} else if !opt.BlockTrue {
					block = append(block, z.Var(v).Pos())
				}
			}
			for _, l := range block {
				g.Add(l)
			}
			g.Add(0)
		}
		return nil
	}
	if len(opt.Cubes) == 0 {
		err := run(base)
		return count.Load(), err
	}
	jobs := max(1, opt.Jobs)
	next := atomic.Int64{}
	var wg sync.WaitGroup
	var errMu sync.Mutex
	for range jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for !stopped.Load() {
				i := int(next.Add(1) - 1)
				if i >= len(opt.Cubes) {
					return
				}
				errMu.Lock()
				g := base.Copy()
				errMu.Unlock()
				for _, l := range opt.Cubes[i] {
					g.Add(z.Dimacs2Lit(l))
					g.Add(0)
				}
				if err := run(g); err != nil {
					errMu.Lock()
					if firstErr == nil {
						firstErr = err
					}
					errMu.Unlock()
					stopped.Store(true)
					return
				}
			}
		}()
	}
	wg.Wait()
	return count.Load(), firstErr
}
