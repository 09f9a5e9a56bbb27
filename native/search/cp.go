package search

import (
	"context"
	"math/rand/v2"
	"sync"
	"sync/atomic"

	"github.com/queenslab/nqueens/model"
	"github.com/queenslab/nqueens/native/internal/work"
)

// CPMaxN is the largest board CP searches: its rows and columns are sets
// of 64 bits.
const CPMaxN = 64

// CPOptions choose what CP does.
type CPOptions struct {
	// FirstOnly stops at the first solution instead of counting them all.
	FirstOnly bool
	// Jobs is the number of goroutines (0: one a core).
	Jobs int
	// Seed seeds the randomized restarts that a first solution is looked
	// for with before the complete search (0: 1).
	Seed uint64
	// Restarts bounds the nodes of those restarts, per goroutine: 0 for
	// the default (DefaultCPRestartNodes, doubled for each queen to place
	// past 20, up to 1,024 times), a negative value for none.
	Restarts int64
	// Each, if set, is called with every solution found (serialised
	// across goroutines; the slice is reused). Returning false stops the
	// search.
	Each func(model.Placement) bool
	// Progress, if set, is told the nodes searched so far, now and then.
	Progress func(nodes uint64)
	// NoRelaxation skips the linear relaxation (Refute) at the root: the
	// search alone, as measured before it.
	NoRelaxation bool
}

// cpProbeNodes bounds the first pass of the complete search for a first
// solution, before the restarts.
const cpProbeNodes = 4096

// DefaultCPRestartNodes bounds the randomized restarts of a search for a
// first solution with up to cpRestartGrowthFrom queens to place: about a
// quarter of a second a goroutine. They find a solution of a satisfiable
// instance in a few thousand nodes where the complete search may need
// millions, and cost little when there is none.
const DefaultCPRestartNodes = 50_000

// Past cpRestartGrowthFrom queens to place, the restarts' default budget
// doubles with each queen, as the search trees of the excluded diagonals
// instances at the peak do (5 to 15 times for 2 more), up to
// cpRestartGrowthMax doublings: 51 M nodes a goroutine from 30 queens,
// about 10 s. They find satisfiable instances at the peak at n = 30 that
// the complete search does not within a minute (2 of 20 lists, in 3.6 and
// 5.4 s on two goroutines), and the unsatisfiable ones that need a search
// there need minutes of it; at n = 24 they cost 0.2 s.
const (
	cpRestartGrowthFrom = 20
	cpRestartGrowthMax  = 10
)

// defaultRestarts is the restarts' default budget a goroutine for k queens
// to place.
func defaultRestarts(k int) int64 {
	return DefaultCPRestartNodes << min(max(k-cpRestartGrowthFrom, 0), cpRestartGrowthMax)
}

// CPResult is what CP found.
type CPResult struct {
	// Count is the number of solutions (1 or 0 with FirstOnly).
	Count uint64
	// First is a solution, or nil: the first in the search's order when
	// counting with one goroutine.
	First model.Placement
	// Nodes is the number of search-tree nodes, the restarts' included.
	Nodes uint64
	// Jobs is the number of goroutines that searched.
	Jobs int
	// Restarts is the number of restarts (FirstOnly).
	Restarts int
	// Refutation, when not nil, is the checked proof that there is no
	// solution which the linear relaxation gave at the root (Refute); no
	// search was needed.
	Refutation *model.Farkas
	// Relaxed is true when the linear relaxation was solved and gave no
	// proof: Refute, which is deterministic, gives none for the problem
	// again, and a confirmation of "no solution" need not ask it.
	Relaxed bool
}

// CP decides and counts any problem of the model up to CPMaxN: pre-placed
// queens, blocked squares, excluded diagonals, a subset of rows and
// columns. It is a constraint-propagation search on bitsets:
//
//   - Branching: on the line with the fewest open squares (MRV), rows and
//     columns alike, as dancing links chooses an item (Knuth 2000), with
//     forward checking (Haralick and Elliott 1980): a line left without an
//     open square ends the branch. Each node computes every open line's
//     squares from four sets (the open rows and columns, the sum and
//     difference diagonals taken), a few word operations a line.
//   - The diagonal sums. In any solution the k queens still to place stand
//     on k distinct sum diagonals whose indices add up to the sum of the
//     open rows' and columns' indices (each queen's r + c), and on k
//     distinct difference diagonals adding up to the columns' sum less
//     the rows'. So the diagonals still reachable, A of them, must leave
//     out |A| - k whose indices add up to exactly sum(A) less that
//     target: between the sum of the |A| - k smallest and of the |A| - k
//     largest. A branch where that fails has no solution; where |A| - k
//     is 1, the one diagonal to leave out is known and is closed; where
//     it is 0, every reachable diagonal must take a queen, and a diagonal
//     with one or two open squares is a line to branch on. This one
//     identity refutes most of the excluded-diagonals instances that
//     Gent, Jefferson and Nightingale (JAIR 2017) found hardest for their
//     solvers at the root of the search.
//   - The linear relaxation (Refute), unless the problem is the classic
//     one or (FirstOnly) a first pass of the search decides it: when it has no real
//     solution, its Farkas certificate, checked, is the answer and there
//     is no search. It settles about half of the unsatisfiable excluded
//     diagonals instances at the peak of hardness up to N = 30 at least,
//     in milliseconds, where the search would need up to billions of
//     nodes.
//   - Parallel: the tree is cut into subtrees at a depth that gives each
//     goroutine dozens, handed out in order; a first solution is looked
//     for by randomized restarts first (ties and values at random, Luby's
//     node budgets), then by the complete search.
//
// Counts and node counts do not depend on Jobs. On cancellation it returns
// what it has with ctx.Err().
func CP(ctx context.Context, p model.Problem, opt CPOptions) (CPResult, error) {
	if ctx == nil {
		return CPResult{}, work.NilContext("CP")
	}
	if err := p.Validate(); err != nil {
		return CPResult{}, err
	}
	if p.N > CPMaxN {
		return CPResult{}, work.TooLarge("the constraint-propagation search", p.N, CPMaxN)
	}
	jobs := work.Jobs(opt.Jobs)
	base, root, ok := newCPSearch(p)
	res := CPResult{Jobs: 1}
	if !ok { // the pre-placed queens contradict each other or the board
		res.Nodes = 1
		return res, nil
	}
	shared := &cpShared{ctx: ctx, progress: opt.Progress, each: opt.Each, firstOnly: opt.FirstOnly}
	if opt.FirstOnly {
		budget := opt.Restarts
		if budget == 0 {
			budget = defaultRestarts(root.k)
		}
		if budget > 0 {
			// A small tree is searched whole at once: a first pass of the
			// complete search, stopped after cpProbeNodes, costs little
			// and spares the restarts most easy instances.
			probe := base
			probe.sh, probe.budget = shared, cpProbeNodes
			probe.start(root)
			res.Nodes = probe.nodes
			switch {
			case probe.first != nil:
				res.Count, res.First = 1, probe.first
				return res, nil
			case shared.cancelled.Load():
				return res, ctx.Err()
			case !probe.outOfBud:
				return res, nil // the whole tree, no solution
			}
			if done, err := res.relax(ctx, p, opt); done {
				return res, err
			}
			found, exhausted, nodes, restarts, err := shared.restarts(base, root, jobs, max(opt.Seed, 1), budget)
			res.Nodes, res.Restarts, res.Jobs = res.Nodes+nodes, restarts, jobs
			switch {
			case err != nil:
				return res, err
			case found != nil:
				res.Count, res.First = 1, found
				return res, nil
			case shared.cancelled.Load():
				return res, ctx.Err()
			case exhausted:
				return res, nil
			}
		}
	}
	if !opt.FirstOnly || opt.Restarts < 0 {
		if done, err := res.relax(ctx, p, opt); done {
			return res, err
		}
	}
	r, err := shared.complete(base, root, jobs)
	r.Nodes += res.Nodes
	r.Restarts, r.Relaxed = res.Restarts, res.Relaxed
	if err != nil {
		return r, err
	}
	if shared.cancelled.Load() {
		return r, ctx.Err()
	}
	return r, nil
}

// relax is CP's use of Refute: none for the classic problem (it has
// solutions from N = 4 on, and the relaxation of N = 2 or 3 has one too) or
// with opt.NoRelaxation. It records in res the proof, or that Refute ran to
// its end without one (Relaxed), and says whether CP is done: a proof, or
// an error.
func (res *CPResult) relax(ctx context.Context, p model.Problem, opt CPOptions) (done bool, err error) {
	if p.IsClassic() || opt.NoRelaxation {
		return false, nil
	}
	proof, err := Refute(ctx, p)
	res.Refutation, res.Relaxed = proof, proof == nil && err == nil
	return proof != nil || err != nil, err
}

// cpSearch is what one goroutine searches with: the problem's static
// squares and its own counters.
type cpSearch struct {
	n        int
	rowOpen  [CPMaxN]uint64 // the open squares of each row, by column
	colOpen  [CPMaxN]uint64 // of each column, by row
	sh       *cpShared
	nodes    uint64
	count    uint64
	first    model.Placement
	rnd      *rand.Rand
	budget   int64 // nodes left before a restart; < 0 for none
	outOfBud bool
	// split: nodes at this depth are handed to cut instead of searched;
	// dry: a pass that only measures the cut (its leaves are counted, not
	// reported).
	splitAt int
	cut     func(cpNode)
	dry     bool
	sol     model.Placement
	// stack holds the nodes of the current branch, from the root of the
	// search (of depth rootDepth) down: a child is built in place, not on
	// the heap.
	stack     [CPMaxN + 2]cpNode
	stack64   [CPMaxN + 2]cpNode64
	rootDepth int
	// moves holds, per node of the branch, the squares it branches on
	// when they are not a row's or column's set in order.
	moves [CPMaxN + 1][2][CPMaxN]int8
	// probe, when set, makes the search one probe of Knuth's estimator
	// (see EstimateCP): one child at random, drawn from probe, at each
	// node; probeW is the product of the branching degrees above the
	// node, and probeNodes and probeSols add it up over the nodes and
	// the solutions met.
	probe                         *rand.Rand
	probeW, probeNodes, probeSols float64
}

// cpShared is what the goroutines of one search share.
type cpShared struct {
	ctx       context.Context
	cancelled atomic.Bool
	stop      atomic.Bool
	firstOnly bool
	mu        sync.Mutex // each, progress
	each      func(model.Placement) bool
	progress  func(nodes uint64)
	nodes     atomic.Uint64 // reported so far
}

// newCPSearch sets the problem up: the open squares, and the root with the
// pre-placed queens placed; ok is false when they cannot all stand.
func newCPSearch(p model.Problem) (cpSearch, cpNode, bool) {
	n := p.N
	s := cpSearch{n: n, budget: -1, splitAt: -1}
	board := p.Board()
	var root cpNode
	for i := range root.place {
		root.place[i] = -1
	}
	for r := range n {
		if board.RowTakesQueen(r) {
			root.rows |= 1 << r
			root.sumR += r
			root.k++
		}
		if board.ColTakesQueen(r) {
			root.cols |= 1 << r
			root.sumC += r
		}
		for c := range n {
			if board.Open(r, c) {
				s.rowOpen[r] |= 1 << c
				s.colOpen[c] |= 1 << r
			}
		}
	}
	for _, d := range p.Excluded {
		if d.Kind == model.Sum {
			root.sum = root.sum.or(bit128(d.Index))
		} else {
			root.dif = root.dif.or(bit128(-d.Index + n - 1))
			root.rdif = root.rdif.or(bit128(d.Index + n - 1))
		}
	}
	for _, f := range p.Fixed {
		r, c := f.Row, f.Col
		if root.place[r] == int8(c) {
			continue // given twice
		}
		if root.rows>>r&1 == 0 || root.cols>>c&1 == 0 || s.rowOpen[r]>>c&1 == 0 ||
			root.sum.has(r+c) || root.dif.has(c-r+n-1) {
			return s, root, false
		}
		root.put(n, r, c)
	}
	root.depth = 0
	return s, root, true
}

// start searches below nd, a root or the root of a subtree (see search).
func (s *cpSearch) start(nd cpNode) bool {
	s.rootDepth = nd.depth
	if s.n <= cp64MaxN {
		s.stack64[0] = nd.narrow()
		return s.search64(&s.stack64[0])
	}
	s.stack[0] = nd
	return s.search(&s.stack[0])
}

// placement is the solution of a leaf, as model.Placement.
func (s *cpSearch) placement(place *[CPMaxN]int8) model.Placement {
	if s.sol == nil {
		s.sol = make(model.Placement, s.n)
	}
	for r := range s.n {
		s.sol[r] = int(place[r])
	}
	return s.sol
}

// pollEvery is how many nodes a goroutine searches between looks at the
// context and reports of progress.
const pollEvery = 1 << 14

// The kinds of line a node branches on.
const (
	lineRow = iota
	lineCol
	lineSum
	lineDif
)

// score orders the lines by their open squares, and lines of as many
// squares by tie, the nearer the edge of the board the sooner (edge); with
// randomized restarts, ties are broken at random. A line of the edge has
// its squares on the short diagonals of the corners, where the diagonals
// are scarce: branching there first cuts the search trees of the excluded
// diagonals instances by 1.5 to 10 times (measured on the authors' hardest
// n = 21 instances and on n = 24 to 30 at the peak, where it is 9 times at
// best and as good or better throughout). Diagonal lines tie first.
func (s *cpSearch) score(squares, tie int) int {
	if s.rnd == nil {
		return squares<<7 | tie
	}
	return squares<<7 | int(s.rnd.Uint32()&127)
}

// edge is a row's (column's, plus 1) rank among lines of as many squares:
// twice its distance from the nearest edge of the board.
func edge(n, line int) int { return 2 * min(line, n-1-line) }

// leaf records a solution, the queens of place; true stops the search.
func (s *cpSearch) leaf(place *[CPMaxN]int8) bool {
	s.count++
	if s.dry {
		return false
	}
	if s.probe != nil {
		s.probeSols += s.probeW
		return false
	}
	if s.first == nil {
		s.first = s.placement(place).Clone()
	}
	sh := s.sh
	if sh.firstOnly {
		sh.stop.Store(true)
		return true
	}
	if sh.each != nil {
		sh.mu.Lock()
		ok := !sh.stop.Load() && sh.each(s.placement(place))
		sh.mu.Unlock()
		if !ok {
			sh.stop.Store(true)
			return true
		}
	}
	return false
}

// poll looks at the context and the other goroutines and reports progress;
// true stops the search.
func (s *cpSearch) poll() bool {
	sh := s.sh
	total := sh.nodes.Add(pollEvery)
	if sh.progress != nil {
		sh.mu.Lock()
		sh.progress(total)
		sh.mu.Unlock()
	}
	if sh.ctx.Err() != nil {
		sh.cancelled.Store(true)
		sh.stop.Store(true)
	}
	return sh.stop.Load()
}

// restarts looks for a first solution by randomized restarts on jobs
// goroutines, each with its own seed and a Luby sequence of node budgets
// (units of 1,000 nodes) until it has searched budget nodes in all. It
// returns the solution found, or nil, whether a run searched the whole
// tree within its budget (then there is none), and the nodes and restarts
// spent.
func (sh *cpShared) restarts(base cpSearch, root cpNode, jobs int, seed uint64, budget int64) (found model.Placement, exhausted bool, nodes uint64, restarts int, err error) {
	var mu sync.Mutex
	_, err = work.Each(jobs, jobs, &sh.stop, func() struct{} { return struct{}{} }, func(_ struct{}, j int) bool {
		s := base
		s.sh = sh
		s.rnd = rand.New(rand.NewPCG(seed, uint64(j)+0x9e3779b97f4a7c15))
		spent, tries := int64(0), 0
		for i := 0; spent < budget && !sh.stop.Load(); i++ {
			s.budget = min(1000*luby(i), budget-spent)
			s.outOfBud = false
			before := s.nodes
			s.start(root)
			spent += int64(s.nodes - before)
			tries++
			if !s.outOfBud {
				break // a solution, the whole tree, or a stop
			}
		}
		mu.Lock()
		defer mu.Unlock()
		nodes += s.nodes
		restarts += max(tries-1, 0)
		if s.first != nil && found == nil {
			found = s.first
		}
		if s.first == nil && !s.outOfBud && !sh.stop.Load() {
			exhausted = true // a run searched the whole tree
			sh.stop.Store(true)
		}
		return true
	}, nil)
	if !sh.cancelled.Load() {
		sh.stop.Store(false)
	}
	return found, exhausted, nodes, restarts, err
}

// luby is the i-th term (from 0) of Luby, Sinclair and Zuckerman's
// sequence 1, 1, 2, 1, 1, 2, 4, 1, ...
func luby(i int) int64 {
	x := int64(i + 1)
	for {
		k := int64(1)
		for (1<<k)-1 < x {
			k++
		}
		if x == (1<<k)-1 {
			return 1 << (k - 1)
		}
		x -= (1 << (k - 1)) - 1
	}
}

// cpSplitTasks is how many subtrees a goroutine should get at least when
// the tree is cut for the complete search.
const cpSplitTasks = 64

// complete searches the whole tree (or to the first solution) on jobs
// goroutines: the tree is cut at the smallest depth that gives
// cpSplitTasks subtrees a goroutine, measured by dry passes over the top of
// the tree, and the subtrees are handed out in order. One goroutine, or a
// tree too small to cut, is searched whole.
func (sh *cpShared) complete(base cpSearch, root cpNode, jobs int) (CPResult, error) {
	top := base
	top.sh = sh
	var tasks []cpNode
	top.cut = func(nd cpNode) { tasks = append(tasks, nd) }
	cutAt := -1
	for depth := 1; jobs > 1 && depth < root.k; depth++ {
		tasks = tasks[:0]
		top.dry, top.splitAt = true, depth
		if top.start(root) {
			break // cancelled
		}
		if len(tasks) >= cpSplitTasks*jobs {
			cutAt = depth
			break
		}
		if len(tasks) == 0 {
			break // the top of the tree decides it all
		}
	}
	top.nodes, top.count, top.dry, top.splitAt = 0, 0, false, cutAt
	tasks = tasks[:0]
	top.start(root)
	res := CPResult{Count: top.count, First: top.first, Nodes: top.nodes, Jobs: 1}
	if len(tasks) == 0 || sh.stop.Load() {
		return res, nil
	}
	// The subtrees' roots were counted as nodes of the top; each worker
	// counts them again as its own.
	res.Nodes -= uint64(len(tasks))
	firsts := make([]model.Placement, len(tasks))
	var err error
	res.Jobs, err = work.Each(jobs, len(tasks), &sh.stop, func() *cpSearch { s := base; s.sh = sh; return &s },
		func(s *cpSearch, i int) bool {
			s.first = nil
			s.start(tasks[i])
			firsts[i] = s.first
			return true
		},
		func(s *cpSearch) {
			res.Nodes += s.nodes
			res.Count += s.count
		})
	for _, f := range firsts {
		if res.First == nil && f != nil {
			res.First = f
		}
	}
	if sh.firstOnly {
		res.Count = min(res.Count, 1)
	}
	return res, err
}
