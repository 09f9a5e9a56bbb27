package nqueens

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/queenslab/nqueens/internal/memlimit"
	"github.com/queenslab/nqueens/model"
	"github.com/queenslab/nqueens/native/counting"
	"github.com/queenslab/nqueens/native/huge"
	"github.com/queenslab/nqueens/native/search"
)

// Version is the toolkit's version, written into every file it generates.
const Version = "0.2.0"

// Solution is a verified solution and how it was found.
type Solution struct {
	Method  Method
	Problem model.Problem
	// Columns gives the 0-based column of the queen in each row; a row
	// without a queen (one not in the problem's Rows) has NoQueen.
	Columns []uint32
	// Seed is the random seed used (localsearch), else 0.
	Seed uint64
	// Nodes is the number of search-tree nodes (backtrack, dlx), else 0.
	Nodes uint64
	// Solver and AMO name the CNF solver and encoding (method sat).
	Solver, AMO string
	Elapsed     time.Duration
}

// CountResult is a count of solutions.
type CountResult struct {
	Method Method
	N      int
	// All is the number of solutions.
	All uint64
	// Distinct is the number of essentially distinct solutions; valid when
	// HasDistinct.
	Distinct    uint64
	HasDistinct bool
	Nodes       uint64
	Jobs        int
	// Solver and AMO name the CNF solver and encoding (method sat).
	Solver, AMO string
	Elapsed     time.Duration
	// Provenance is what the count is held to: the published counts, or
	// the pre-placed queens, or the method's own refutation (checked) of
	// a count of 0; package confirm adds a second method.
	Provenance Provenance
	// relaxation is what the method learnt of the linear relaxation (cp):
	// its proof of a count of 0, or that it has none.
	relaxation relaxation
}

// FindOptions are the options of a finder; each method reads the ones that
// concern it.
type FindOptions struct {
	Seed         uint64 // localsearch: 0 = from the clock
	ForwardCheck bool   // backtrack
	// Order is the search order of a method that takes one
	// (Finder.Orders).
	Order  Order
	Solver string // sat: gini (default), gophersat, an external solver's name or path
	AMO    string // sat: at-most-one encoding (encode.ParseAMO), "" for the default
	// Progress, if set, is told how far the search is: localsearch the
	// collisions removed of those after the greedy start; backtrack and
	// dlx in their default orders the nodes searched, with total 0
	// (unknown).
	Progress func(done, total int64)
	// Jobs is the number of goroutines of a method that searches in
	// parallel (Finder.Parallel), 0 for one a core.
	Jobs int
}

// CountOptions are the options of a counter.
type CountOptions struct {
	Jobs         int    // constellation, bitmask, dlx, sat with gini: goroutines, 0 = all cores
	Distinct     bool   // backtrack, dlx, sat: also count essentially distinct solutions
	ForwardCheck bool   // backtrack
	Order        Order  // a method that takes one (Counter.Orders)
	Solver       string // sat: as in FindOptions
	AMO          string // sat: as in FindOptions
	// Progress is called with work units done and their total, by a
	// counter whose Progress is ProgressFraction, or with the nodes
	// searched so far and 0, by one whose Progress is ProgressNodes.
	Progress func(done, total int)
}

// Finder is a method that finds one solution.
type Finder struct {
	Name Method
	Doc  string
	// MaxN is the largest N the method accepts.
	MaxN int
	// AcceptsVariants reports whether it honours pre-placed queens and blocked squares.
	AcceptsVariants bool
	// BytesPerQueen estimates its memory, verification included.
	BytesPerQueen float64
	// Orders are the search orders it takes (FindOptions.Order); nil for
	// a method with one way of searching.
	Orders []Order
	// Progress is what it tells FindOptions.Progress, from boards of
	// ProgressFrom queens on (see Reports).
	Progress     Progress
	ProgressFrom int
	// Parallel says that it searches with FindOptions.Jobs goroutines.
	Parallel bool
	find     func(ctx context.Context, p model.Problem, opt FindOptions) (*Solution, error)
}

// Reports says what the finder tells FindOptions.Progress on a board of n
// queens searched in order: its Progress from ProgressFrom on, the nodes
// of a complete search in OrderLex only (the heuristic orders restart).
func (f Finder) Reports(n int, order Order) Progress {
	if n < f.ProgressFrom || f.Progress == ProgressNodes && order != OrderLex {
		return NoProgress
	}
	return f.Progress
}

// Counter is a method that counts all solutions.
type Counter struct {
	Name            Method
	Doc             string
	MaxN            int
	AcceptsVariants bool
	// Orders are the search orders it takes (CountOptions.Order).
	Orders []Order
	// Parallel says that it counts with CountOptions.Jobs goroutines.
	Parallel bool
	// Nodes says that its result gives the nodes of its search tree.
	Nodes bool
	// Progress is what it tells CountOptions.Progress.
	Progress Progress
	// Units says that its count is cut into work units, which package
	// cluster journals and shards.
	Units bool
	// AllOnly says that it counts all solutions only: it refuses
	// CountOptions.Distinct.
	AllOnly bool
	count   func(ctx context.Context, p model.Problem, opt CountOptions) (*CountResult, error)
	// memory, where the method's need grows past what a machine holds, is
	// the bytes its count of p on jobs goroutines takes at its peak.
	memory func(p model.Problem, jobs int) uint64
}

// localSearchProgressFrom is the smallest board whose local search reports
// its progress: below a million queens it takes well under a second.
const localSearchProgressFrom = 1_000_000

// verifyBytesPerQueen is what model.VerifyColumns needs: 5 bits a queen.
const verifyBytesPerQueen = 5.0 / 8

var finders = []Finder{
	{
		Name: LocalSearch, Doc: "conflict-minimizing local search (Sosič and Gu 1990, 1994), one solution for any N >= 4",
		MaxN: huge.LocalSearchMaxN, BytesPerQueen: huge.LocalSearchBytesPerQueen + verifyBytesPerQueen,
		Progress: ProgressFraction, ProgressFrom: localSearchProgressFrom,
		find: func(ctx context.Context, p model.Problem, opt FindOptions) (*Solution, error) {
			lo := huge.LocalSearchOptions{Seed: opt.Seed}
			if opt.Progress != nil {
				lo.Progress = func(left, initial int64) { opt.Progress(initial-left, initial) }
			}
			r, err := huge.LocalSearch(ctx, p.N, lo)
			if err != nil {
				return nil, err
			}
			return &Solution{Columns: r.Columns, Seed: r.Seed}, nil
		},
	},
	{
		Name: Construct, Doc: "explicit construction of Hoffman, Loessi and Moore (1969), O(N)",
		MaxN: huge.ConstructMaxN, BytesPerQueen: 4 + verifyBytesPerQueen,
		find: func(ctx context.Context, p model.Problem, opt FindOptions) (*Solution, error) {
			q, err := huge.Construct(p.N)
			if err != nil {
				return nil, err
			}
			return &Solution{Columns: q}, nil
		},
	},
	{
		Name: Backtrack, Doc: "backtracking row by row (Wirth 1976), the lexicographically first solution",
		MaxN: search.BacktrackMaxN, AcceptsVariants: true, BytesPerQueen: 64,
		Orders: []Order{OrderLex, OrderHeuristic}, Progress: ProgressNodes, ProgressFrom: 1,
		find: func(ctx context.Context, p model.Problem, opt FindOptions) (*Solution, error) {
			bo := search.BacktrackOptions{FirstOnly: true, ForwardCheck: opt.ForwardCheck}
			if opt.Progress != nil {
				bo.Progress = func(nodes uint64) { opt.Progress(int64(nodes), 0) }
			}
			r, err := backtrack(ctx, p, opt.Order, opt.Seed, bo)
			if err != nil {
				return nil, err
			}
			if r.First == nil {
				return nil, model.ErrNoSolution
			}
			q := make([]uint32, len(r.First))
			for i, c := range r.First {
				q[i] = uint32(c)
			}
			return &Solution{Columns: q, Nodes: r.Nodes}, nil
		},
	},
	{Name: SAT, Doc: "the CNF, in a chosen at-most-one encoding, answered by a SAT solver (gini, gophersat, cadical, ...)",
		MaxN: SATMaxN, AcceptsVariants: true, BytesPerQueen: 1 << 10, find: findSAT},
	{Name: DLX, Doc: "exact cover answered by dancing links (Knuth 2000, DLX1), organ-pipe order",
		MaxN: DLXMaxN, AcceptsVariants: true, BytesPerQueen: 1 << 10, find: findDLX,
		Orders: []Order{OrderLex, OrderHeuristic}, Progress: ProgressNodes, ProgressFrom: 1},
	{Name: CP, Doc: "constraint propagation on bitsets: the line (row or column) with fewest open squares first, forward checking, and the diagonal-sum bound; randomized restarts, then the complete search, in parallel; N <= 64",
		MaxN: search.CPMaxN, AcceptsVariants: true, BytesPerQueen: 1 << 10, Parallel: true, Progress: ProgressNodes, ProgressFrom: 1,
		find: func(ctx context.Context, p model.Problem, opt FindOptions) (*Solution, error) {
			co := search.CPOptions{FirstOnly: true, Jobs: opt.Jobs, Seed: opt.Seed}
			if opt.Progress != nil {
				co.Progress = func(nodes uint64) { opt.Progress(int64(nodes), 0) }
			}
			r, err := search.CP(ctx, p, co)
			if err != nil {
				return nil, err
			}
			switch {
			case r.Refutation != nil || r.First == nil && r.Relaxed:
				return nil, &relaxedError{relaxation{r.Refutation, r.Relaxed}}
			case r.First == nil:
				return nil, model.ErrNoSolution
			}
			return &Solution{Columns: columns(r.First), Nodes: r.Nodes}, nil
		}},
}

// NoQueen is the column of a row without a queen in Solution.Columns
// (2^32-1): a row not among the problem's Rows.
const NoQueen = 1<<32 - 1

// columns is a placement of a problem whose every row takes a queen or
// none (Unset), as the 32-bit columns of a Solution (Unset: 2^32-1).
func columns(q model.Placement) []uint32 {
	out := make([]uint32, len(q))
	for i, c := range q {
		out[i] = uint32(c)
	}
	return out
}

// symmetryCount is the result of a counter that uses the symmetries of
// the square (both counts in one run).
func symmetryCount(r counting.SymmetryCount, err error) (*CountResult, error) {
	return &CountResult{All: r.All, Distinct: r.Distinct, HasDistinct: true, Nodes: r.Nodes, Jobs: max(1, r.Jobs)}, err
}

var counters = []Counter{
	{
		Name: Constellation, Doc: "border constellations (Q27, NQueensFAF): the queens of the edge rows and columns, one placement per symmetry class weighted by its orbit, then a bitmask search of the inner rows, in parallel",
		MaxN: counting.BitmaskMaxN, Parallel: true, Nodes: true, Progress: ProgressFraction, Units: true,
		count: func(ctx context.Context, p model.Problem, opt CountOptions) (*CountResult, error) {
			return symmetryCount(counting.ConstellationCount(ctx, p.N, counting.ConstellationOptions{Jobs: opt.Jobs, Progress: opt.Progress}))
		},
	},
	{
		Name: Join, Doc: "quarter boards joined into half boards, and the pairs of halves that fit counted bit-sliced (meet in the middle, as Kluev's N-Queens-Count-Sol), one set of rows per symmetry class, in parallel; Q(N) only; variants with each quarter on its open squares and no symmetry",
		MaxN: counting.JoinMaxN, AcceptsVariants: true, Parallel: true, Progress: ProgressFraction, AllOnly: true, Units: true,
		memory: counting.JoinProblemMemory,
		count: func(ctx context.Context, p model.Problem, opt CountOptions) (*CountResult, error) {
			if opt.Distinct {
				return nil, &OptionError{errors.New("method join counts all solutions only: use constellation or bitmask for essentially distinct ones")}
			}
			r, err := counting.JoinCountProblem(ctx, p, counting.JoinOptions{Jobs: opt.Jobs, Progress: opt.Progress})
			return &CountResult{All: r.All, Jobs: max(1, r.Jobs)}, err
		},
	},
	{
		Name: Bitmask, Doc: "bitmask search over one solution per symmetry class, weighted by orbit (Takaken's method), in parallel",
		MaxN: counting.BitmaskMaxN, Parallel: true, Nodes: true, Progress: ProgressFraction,
		count: func(ctx context.Context, p model.Problem, opt CountOptions) (*CountResult, error) {
			return symmetryCount(counting.Bitmask(ctx, p.N, counting.BitmaskOptions{Jobs: opt.Jobs, Progress: opt.Progress}))
		},
	},
	{
		Name: Backtrack, Doc: "backtracking row by row (Wirth 1976), with the node count of the search tree",
		MaxN: search.BacktrackMaxN, AcceptsVariants: true, Orders: []Order{OrderLex, OrderHeuristic}, Nodes: true,
		count: func(ctx context.Context, p model.Problem, opt CountOptions) (*CountResult, error) {
			res := &CountResult{Jobs: 1}
			bo := search.BacktrackOptions{ForwardCheck: opt.ForwardCheck}
			var classes model.Classes
			var canonErr error
			if opt.Distinct {
				if !p.IsClassic() {
					return nil, errors.New("essentially distinct counts are defined for the classic problem only")
				}
				bo.Each = func(q model.Placement) bool {
					_, canonErr = classes.Add(q)
					return canonErr == nil
				}
			}
			r, err := backtrack(ctx, p, opt.Order, 0, bo)
			if errors.As(err, new(*OptionError)) {
				return nil, err
			}
			res.All, res.Nodes = r.Count, r.Nodes
			if opt.Distinct {
				res.Distinct, res.HasDistinct = uint64(classes.Len()), true
			}
			return res, errors.Join(err, canonErr)
		},
	},
	{Name: SAT, Doc: "models of the CNF projected on the queen variables (gini, gophersat, clasp, cryptominisat5)",
		MaxN: SATMaxN, AcceptsVariants: true, Parallel: true, count: countSAT},
	{Name: DLX, Doc: "exact covers counted by dancing links (Knuth 2000), in parallel over the first item's options",
		MaxN: DLXMaxN, AcceptsVariants: true, Parallel: true, Nodes: true, count: countDLX},
	{Name: CP, Doc: "constraint propagation on bitsets with the diagonal-sum bound (see solve), the tree cut into subtrees for the goroutines; N <= 64",
		MaxN: search.CPMaxN, AcceptsVariants: true, Parallel: true, Nodes: true, Progress: ProgressNodes,
		count: func(ctx context.Context, p model.Problem, opt CountOptions) (*CountResult, error) {
			co := search.CPOptions{Jobs: opt.Jobs}
			if opt.Progress != nil {
				co.Progress = func(nodes uint64) { opt.Progress(int(nodes), 0) }
			}
			var classes model.Classes
			var canonErr error
			if opt.Distinct {
				if !p.IsClassic() {
					return nil, &OptionError{errors.New("essentially distinct counts are defined for the classic problem only")}
				}
				co.Each = func(q model.Placement) bool {
					_, canonErr = classes.Add(q)
					return canonErr == nil
				}
			}
			r, err := search.CP(ctx, p, co)
			res := &CountResult{All: r.Count, Nodes: r.Nodes, Jobs: r.Jobs, relaxation: relaxation{r.Refutation, r.Relaxed}}
			if opt.Distinct {
				res.Distinct, res.HasDistinct = uint64(classes.Len()), true
			}
			return res, errors.Join(err, canonErr)
		}},
}

// jobsOr is the number of goroutines that jobs asks for: all cores for 0.
func jobsOr(jobs int) int {
	if jobs <= 0 {
		return runtime.NumCPU()
	}
	return jobs
}

// backtrack runs the backtracking search of p in the given order: Wirth's
// (search.Backtrack) or the heuristic one (search.Heuristic, seeded by
// seed for a first solution).
func backtrack(ctx context.Context, p model.Problem, order Order, seed uint64, bo search.BacktrackOptions) (search.BacktrackResult, error) {
	if order != OrderHeuristic {
		return search.Backtrack(ctx, p, bo)
	}
	h, err := search.Heuristic(ctx, p, search.HeuristicOptions{FirstOnly: bo.FirstOnly, Seed: seed, Each: bo.Each})
	return h.BacktrackResult, err
}

// Finders lists the methods that find one solution, in a fixed order.
func Finders() []Finder { return append([]Finder(nil), finders...) }

// Counters lists the methods that count all solutions.
func Counters() []Counter { return append([]Counter(nil), counters...) }

// errZero is the error of a method's zero value (not from the registry):
// what it is, the function that gives one, and the known names.
func errZero(what, lookup, known string) error {
	return &OptionError{fmt.Errorf("a zero %s names no method: get one from %s (known: %s)", what, lookup, known)}
}

// errNilContext is the error of a call with a nil context.
func errNilContext(method Method) error {
	return &OptionError{fmt.Errorf("method %s was given a nil context (use context.Background())", method)}
}

// LookupFinder returns the finder of that name: a Method (LocalSearch,
// confirm.DefaultFinder's answer) or its name as a string ("backtrack").
func LookupFinder[M ~string](name M) (Finder, error) {
	for _, f := range finders {
		if string(f.Name) == string(name) {
			return f, nil
		}
	}
	return Finder{}, &OptionError{fmt.Errorf("unknown method %q for finding a solution (known: %s)", name, names(finders, func(f Finder) Method { return f.Name }))}
}

// LookupCounter returns the counter of that name: a Method (Join,
// confirm.DefaultCounter's answer) or its name as a string ("join").
func LookupCounter[M ~string](name M) (Counter, error) {
	for _, c := range counters {
		if string(c.Name) == string(name) {
			return c, nil
		}
	}
	return Counter{}, &OptionError{fmt.Errorf("unknown method %q for counting (known: %s)", name, names(counters, func(c Counter) Method { return c.Name }))}
}

// finder is the registry's finder of method m, which exists.
func finder(m Method) Finder {
	f, err := LookupFinder(m)
	if err != nil {
		panic(err)
	}
	return f
}

// counter is the registry's counter of method m, which exists.
func counter(m Method) Counter {
	c, err := LookupCounter(string(m))
	if err != nil {
		panic(err)
	}
	return c
}

func names[T any](xs []T, name func(T) Method) string {
	out := make([]string, len(xs))
	for i, x := range xs {
		out[i] = string(name(x))
	}
	sort.Strings(out)
	return strings.Join(out, ", ")
}

// Accepts says whether the finder takes p, before any work or allocation.
func (f Finder) Accepts(p model.Problem) error {
	return accepts(p, f.MaxN, f.AcceptsVariants, "method "+string(f.Name), "method "+string(f.Name)+" solves")
}

// TakesOrder says whether the finder searches in order o.
func (f Finder) TakesOrder(o Order) bool { return takesOrder(f.Orders, o) }

// TakesOrder says whether the counter searches in order o.
func (c Counter) TakesOrder(o Order) bool { return takesOrder(c.Orders, o) }

func takesOrder(orders []Order, o Order) bool {
	return o == OrderLex || slices.Contains(orders, o)
}

// accepts checks p against a method's limits; who and does name the method
// in the messages.
func accepts(p model.Problem, maxN int, variants bool, who, does string) error {
	if err := p.Validate(); err != nil {
		return err
	}
	if p.N > maxN {
		return fmt.Errorf("N = %d is too large for %s (at most %d)", p.N, who, maxN)
	}
	if !variants && !p.IsClassic() {
		return fmt.Errorf("%s the classic problem only: use backtrack for pre-placed queens or blocked squares", does)
	}
	return nil
}

// MemoryNeeded estimates the bytes the finder needs for N = n.
func (f Finder) MemoryNeeded(n int) uint64 {
	return uint64(f.BytesPerQueen*float64(n)) + 16<<20
}

// Find runs the finder on p and verifies the solution with model.Verify
// before returning it: a solution that fails verification is an
// *InvalidSolutionError, never a result. "No solution" is held to what is
// known without a second search (countProvenance): it is a
// *NoSolutionError, its Provenance confirmed or not, or a
// *WrongAnswerError when it is false. Package confirm runs the second
// method for one not confirmed.
func (f Finder) Find(ctx context.Context, p model.Problem, opt FindOptions) (*Solution, error) {
	switch {
	case f.find == nil:
		return nil, errZero("Finder", "LookupFinder", names(finders, func(f Finder) Method { return f.Name }))
	case ctx == nil:
		return nil, errNilContext(f.Name)
	}
	if err := f.Accepts(p); err != nil {
		return nil, err
	}
	if !f.TakesOrder(opt.Order) {
		return nil, &OptionError{fmt.Errorf("method %s has no order %v", f.Name, opt.Order)}
	}
	start := time.Now()
	s, err := f.find(ctx, p, opt)
	if errors.Is(err, model.ErrNoSolution) {
		var relaxed *relaxedError
		var known relaxation
		if errors.As(err, &relaxed) {
			known = relaxed.relaxation
		}
		solver := ""
		if f.Name == SAT {
			solver = cmp.Or(opt.Solver, DefaultSATSolver)
		}
		err := noneProvenance(p, f.Name, solver, known)
		var none *NoSolutionError
		if errors.As(err, &none) {
			none.Elapsed = time.Since(start)
		}
		return nil, err
	}
	if err != nil {
		return nil, err
	}
	s.Elapsed = time.Since(start)
	s.Method, s.Problem = f.Name, p
	if err := model.VerifyColumns(p, s.Columns); err != nil {
		return nil, &InvalidSolutionError{Method: f.Name, Err: err}
	}
	return s, nil
}

// Accepts says whether the counter takes p.
func (c Counter) Accepts(p model.Problem) error {
	return accepts(p, c.MaxN, c.AcceptsVariants, "counting with "+string(c.Name), "method "+string(c.Name)+" counts")
}

// Memory is what c's count of p on jobs goroutines (0 or less: one a
// core) takes at its peak, in bytes: the join's quarters and halves
// (counting.JoinProblemMemory); 0 for the methods whose need is small
// beside a machine's.
func (c Counter) Memory(p model.Problem, jobs int) uint64 {
	if c.memory == nil {
		return 0
	}
	return c.memory(p, jobsOr(jobs))
}

// Fits says whether c counts p on jobs goroutines (0 or less: one a
// core) here: nil, or why not: p beyond the method (Accepts), or its
// Memory above what this process may take (a *memlimit.TooLargeError
// with the need, the limit and where the limit comes from). It is the
// one decision of fit: Count asks it, and so do confirm's default method
// and plan, nqueens estimate --count and package cluster's shards.
func (c Counter) Fits(p model.Problem, jobs int) error {
	if err := c.Accepts(p); err != nil {
		return err
	}
	if need := c.Memory(p, jobs); need > 0 {
		return memlimit.Check(need, fmt.Sprintf("N = %d by %s on %d goroutines", p.N, Title(c.Name), jobsOr(jobs)))
	}
	return nil
}

// Count runs the counter on p and holds the count to what is known
// without a second count (CountResult.Provenance): the published counts,
// the pre-placed queens, the method's own refutation of a count of 0; a
// count that disagrees is a *WrongAnswerError. Package confirm counts
// again with a second method where that leaves the count unconfirmed. On
// cancellation it returns the partial counts with the context's error.
func (c Counter) Count(ctx context.Context, p model.Problem, opt CountOptions) (*CountResult, error) {
	switch {
	case c.count == nil:
		return nil, errZero("Counter", "LookupCounter", names(counters, func(c Counter) Method { return c.Name }))
	case ctx == nil:
		return nil, errNilContext(c.Name)
	}
	if err := c.Fits(p, opt.Jobs); err != nil {
		return nil, err
	}
	if !c.TakesOrder(opt.Order) {
		return nil, &OptionError{fmt.Errorf("method %s has no order %v", c.Name, opt.Order)}
	}
	start := time.Now()
	r, err := c.count(ctx, p, opt)
	if r != nil {
		r.Elapsed = time.Since(start)
		r.Method, r.N = c.Name, p.N
	}
	if err != nil {
		return r, err
	}
	if r.Provenance, err = countProvenance(p, r, r.relaxation); err != nil {
		return nil, err
	}
	return r, nil
}

// AgreesWithOEIS compares a count of the classic problem with OEIS A000170 and
// A002562; it returns nil when they agree or the value is not known.
func AgreesWithOEIS(r *CountResult) error {
	all, distinct, ok := model.KnownCount(r.N)
	if !ok {
		return nil
	}
	if r.All != all {
		return fmt.Errorf("count %d for N = %d disagrees with OEIS A000170 (%d)", r.All, r.N, all)
	}
	if r.HasDistinct && r.Distinct != distinct {
		return fmt.Errorf("distinct count %d for N = %d disagrees with OEIS A002562 (%d)", r.Distinct, r.N, distinct)
	}
	return nil
}
