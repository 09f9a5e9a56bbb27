package nqueens

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"runtime"
	"slices"
	"strings"

	"github.com/queenslab/nqueens/encode"
	"github.com/queenslab/nqueens/internal/memlimit"
	"github.com/queenslab/nqueens/model"
	"github.com/queenslab/nqueens/solvers/dlx"
	"github.com/queenslab/nqueens/solvers/sat"
)

// DefaultSATSolver is the CNF solver of method sat when none is named.
const DefaultSATSolver = "gini"

// SATMaxN and DLXMaxN bound the boards of methods sat and dlx: the CNF and
// the exact cover grow as N^2 options and up to N^3 clauses.
const (
	SATMaxN = 1000
	DLXMaxN = 1000
)

// satSetup resolves the solver and the encoding of method sat.
func satSetup(p model.Problem, solverName, amoName string) (sat.Solver, *encode.CNF, error) {
	if solverName == "" {
		solverName = DefaultSATSolver
	}
	s, err := sat.Lookup(solverName)
	if err != nil {
		return nil, nil, &OptionError{err}
	}
	if amoName == "" {
		amoName = DefaultSATAMO(s.Name(), p.N)
	}
	amo, err := encode.ParseAMO(amoName)
	if err != nil {
		return nil, nil, &OptionError{err}
	}
	cnf, err := encode.NewCNF(p, amo)
	if err != nil {
		return nil, nil, &OptionError{err}
	}
	if err := memlimit.Check(satMemory(s, cnf), fmt.Sprintf("N = %d with the %s encoding in %s", p.N, amo.Name(), s.Name())); err != nil {
		return nil, nil, &OptionError{fmt.Errorf("%w%s", err, fittingAMO(p, s))}
	}
	return s, cnf, nil
}

// satAMOBySolver is the encoding method sat gives each solver above
// encode.PairwiseMaxN when --amo names none: the one fastest to a first
// solution of the classic problem over N = 100 to 1000 in the tables of
// docs/benchmarks.md, "SAT at large N" (docs/sat-table.md and docs/sat-table-large.md, written by
// scripts/sat-table.sh): the least total time over the sizes, ties to the
// larger sizes. A solver not listed gets encode.DefaultAMO.
var satAMOBySolver = map[string]string{
	"gini":           "product",
	"gophersat":      "binary",
	"cadical":        "binary",
	"minisat":        "product",
	"cryptominisat5": "product",
	"picosat":        "product",
	"clasp":          "bimander",
}

// DefaultSATAMO names the at-most-one encoding of method sat for solver
// (a name of sat.Lookup, or the path of a DIMACS solver) on a board of side
// n when none is named: encode.DefaultAMO (pairwise) up to
// encode.PairwiseMaxN, where every encoding is solved in a blink and
// pairwise adds no variables, and above it the encoding measured fastest
// for that solver (satAMOBySolver), or encode.DefaultAMO for a solver not
// measured.
func DefaultSATAMO(solver string, n int) string {
	if n > encode.PairwiseMaxN {
		if a, ok := satAMOBySolver[filepath.Base(solver)]; ok {
			return a
		}
	}
	return encode.DefaultAMO(n)
}

// DefaultSATAMORule states DefaultSATAMO for help texts, drawn from
// satAMOBySolver so that the two cannot differ.
func DefaultSATAMORule() string {
	var groups []string
	for _, amo := range encode.AMONames {
		var who []string
		for _, solver := range append([]string{"gini", "gophersat"}, sat.ExternalNames...) {
			if satAMOBySolver[solver] == amo {
				who = append(who, solver)
			}
		}
		if len(who) > 0 {
			groups = append(groups, strings.Join(who, ", ")+": "+amo)
		}
	}
	return fmt.Sprintf("pairwise up to N = %d; above, the encoding measured fastest for the solver (%s), %s for a solver not measured",
		encode.PairwiseMaxN, strings.Join(groups, "; "), encode.DefaultAMO(encode.PairwiseMaxN+1))
}

// satMemory estimates what solver s takes for the CNF (Solver.Memory; 0
// for an external solver).
func satMemory(s sat.Solver, f *encode.CNF) uint64 {
	v, c := f.Size()
	return s.Memory(v, c, 3*c)
}

// fittingAMO names the encoding of p that needs least memory in s, when it
// fits, as advice after a refusal; "" when none does.
func fittingAMO(p model.Problem, s sat.Solver) string {
	best, need := "", uint64(0)
	for _, a := range encode.AllAMO() {
		f, err := encode.NewCNF(p, a)
		if err != nil {
			continue
		}
		if m := satMemory(s, f); best == "" || m < need {
			best, need = a.Name(), m
		}
	}
	if best == "" || memlimit.Check(need, "") != nil {
		return ""
	}
	return fmt.Sprintf("; the %s encoding needs about %s", best, memlimit.GB(need))
}

// decodeColumns turns a model of the CNF into 32-bit columns.
func decodeColumns(n int, m sat.Model) ([]uint32, error) {
	q, err := encode.Decode(n, func(v int) bool { return m[v] })
	if err != nil {
		return nil, err
	}
	return columns(q), nil
}

func findSAT(ctx context.Context, p model.Problem, opt FindOptions) (*Solution, error) {
	s, cnf, err := satSetup(p, opt.Solver, opt.AMO)
	if err != nil {
		return nil, err
	}
	r, err := s.Solve(ctx, cnf)
	switch {
	case err != nil:
		return nil, err
	case r.Status == sat.Unsat:
		return nil, model.ErrNoSolution
	case r.Status != sat.Sat:
		return nil, fmt.Errorf("%s gave no answer", s.Name())
	}
	cols, err := decodeColumns(p.N, r.Model)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", s.Name(), err)
	}
	return &Solution{Columns: cols, Solver: s.Name(), AMO: cnf.AMO.Name()}, nil
}

// queensCover builds the dancing-links structure of p, organ-pipe order.
func queensCover(p model.Problem) (*dlx.Problem, []model.Square, error) {
	x, squares, err := encode.QueensCover(p, encode.OrganPipe)
	if err != nil {
		return nil, nil, err
	}
	d, err := dlx.New(x)
	return d, squares, err
}

// placementOf turns the options of an exact cover into a placement.
func placementOf(n int, squares []model.Square, opts []int) model.Placement {
	q := make(model.Placement, n)
	for i := range q {
		q[i] = model.Unset
	}
	for _, o := range opts {
		q[squares[o].Row] = squares[o].Col
	}
	return q
}

func findDLX(ctx context.Context, p model.Problem, opt FindOptions) (*Solution, error) {
	if noQueens(p) {
		// An exact cover of no primary items (Knuth's format has none):
		// the empty set of options, the placement of no queen.
		return &Solution{Columns: columns(emptyPlacement(p.N))}, nil
	}
	d, squares, err := queensCover(p)
	if err != nil {
		return nil, err
	}
	var first []int
	var st dlx.Stats
	if opt.Order == OrderHeuristic {
		first, st, _, err = d.FirstRandom(ctx, max(opt.Seed, 1))
	} else {
		if opt.Progress != nil {
			d.Progress = func(nodes uint64) { opt.Progress(int64(nodes), 0) }
		}
		first, st, err = d.First(ctx)
	}
	if err != nil {
		return nil, err
	}
	if first == nil {
		return nil, model.ErrNoSolution
	}
	return &Solution{Columns: columns(placementOf(p.N, squares, first)), Nodes: st.Nodes}, nil
}

// satCubeDepth is the number of first rows whose placements split an
// in-process SAT count into cubes: N/4, the depth at which gini with two
// jobs enumerates fastest at N = 12 (BenchmarkGiniEnumerate12 in
// solvers/sat compares depths 2 to 4; docs/benchmarks.md, "SAT at large N",
// gives the figures).
func satCubeDepth(n int) int { return min(n-1, n/4) }

func countSAT(ctx context.Context, p model.Problem, opt CountOptions) (*CountResult, error) {
	s, cnf, err := satSetup(p, opt.Solver, opt.AMO)
	if err != nil {
		return nil, err
	}
	e, ok := sat.EnumeratorOf(s)
	if !ok {
		return nil, &OptionError{fmt.Errorf("solver %s cannot list all models: count with gini, gophersat, clasp or cryptominisat5", s.Name())}
	}
	n := p.N
	eo := sat.EnumOptions{BlockTrue: true, Jobs: opt.Jobs}
	if eo.Jobs <= 0 {
		eo.Jobs = runtime.NumCPU()
	}
	caps := s.Caps()
	switch {
	case caps.Project:
		eo.Project = slices.Collect(encode.QueenVars(n))
	case !cnf.AMO.Parsimonious():
		return nil, &OptionError{fmt.Errorf("%s lists models over all variables and cannot project, and the %s encoding is not parsimonious: use the pairwise, ladder or commander encoding, or another solver", s.Name(), cnf.AMO.Name())}
	}
	if !caps.Parallel {
		eo.Jobs = 1
	}
	if caps.Cubes {
		eo.Cubes = encode.RowCubes(p, satCubeDepth(n))
		eo.Jobs = max(1, min(eo.Jobs, len(eo.Cubes)))
	}
	res := &CountResult{Jobs: eo.Jobs, Solver: s.Name(), AMO: cnf.AMO.Name()}
	var classes model.Classes
	var bad error
	count, err := e.Enumerate(ctx, cnf, eo, func(m sat.Model) bool {
		q, err := encode.Decode(n, func(v int) bool { return m[v] })
		if err == nil {
			err = model.Verify(p, q)
		}
		if err == nil && opt.Distinct {
			_, err = classes.Add(q)
		}
		if err != nil {
			bad = fmt.Errorf("%s gave a model that is not a solution: %v", s.Name(), err)
			return false
		}
		return true
	})
	res.All = count
	if opt.Distinct {
		res.Distinct, res.HasDistinct = uint64(classes.Len()), true
	}
	return res, errors.Join(bad, err)
}

func countDLX(ctx context.Context, p model.Problem, opt CountOptions) (*CountResult, error) {
	if noQueens(p) {
		// The one cover of no primary items, the empty one.
		return &CountResult{All: 1, Distinct: 1, HasDistinct: opt.Distinct, Jobs: 1}, nil
	}
	d, squares, err := queensCover(p)
	if err != nil {
		return nil, err
	}
	jobs := opt.Jobs
	if jobs <= 0 {
		jobs = runtime.NumCPU()
	}
	res := &CountResult{Jobs: jobs}
	if !opt.Distinct {
		all, st, err := d.Count(ctx, jobs)
		res.All, res.Nodes, res.Jobs = all, st.Nodes, max(1, st.Jobs)
		return res, err
	}
	var classes model.Classes
	var bad error
	all, st, err := d.Enumerate(ctx, func(opts []int) bool {
		_, bad = classes.Add(placementOf(p.N, squares, opts))
		return bad == nil
	})
	res.All, res.Nodes, res.Jobs = all, st.Nodes, 1
	res.Distinct, res.HasDistinct = uint64(classes.Len()), true
	return res, errors.Join(bad, err)
}

// noQueens tells whether no row of p takes a queen (an empty subset of
// rows and columns): its one solution places none.
func noQueens(p model.Problem) bool { return p.Rows != nil && len(p.Rows) == 0 }

// emptyPlacement is the placement of no queen on an n x n board.
func emptyPlacement(n int) model.Placement {
	q := make(model.Placement, n)
	for i := range q {
		q[i] = model.Unset
	}
	return q
}
