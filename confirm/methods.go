package confirm

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"

	nqueens "github.com/queenslab/nqueens"
	"github.com/queenslab/nqueens/internal/memlimit"
	"github.com/queenslab/nqueens/model"
	"github.com/queenslab/nqueens/native/counting"
	"github.com/queenslab/nqueens/native/search"
)

// deciders are the complete methods that decide and count problems with
// pre-placed queens, blocked squares or excluded diagonals, fastest first,
// each up to the largest board it is the fastest on, as measured by
// scripts/deciders.sh (docs/benchmarks.md, "Deciders"): the search of
// search.CP wherever it reaches (N <= search.CPMaxN: a row or column is a
// 64-bit set), dancing links above. Backtracking is listed only as the
// second method of dancing links above CP's reach; SAT is there by name.
var deciders = []struct {
	method nqueens.Method
	maxN   int
}{
	{nqueens.CP, search.CPMaxN},
	{nqueens.DLX, nqueens.DLXMaxN},
	{nqueens.Backtrack, 1000},
}

// DefaultFinder is the method that solve uses when none is named: local
// search for the classic problem (and the construction above local
// search's reach), else the fastest complete decider for p.
func DefaultFinder(p model.Problem) nqueens.Method {
	if p.IsClassic() {
		return nqueens.LocalSearch
	}
	return decider(p, "")
}

// JoinFromN is the smallest classic board from which the join of quarter
// boards counts faster than the constellation count: one job each,
// `nqueens count N -j 1 -m join` and `-m constellation`, 2026-12-02: 2 ms
// against 6 ms at N = 8, 8 against 15 at 12, 26 against 56 at 14, 0.22 s
// against 0.24 s at 15 (the odd sizes gain least), 0.17 s against 1.3 s
// at 16, and from 16 on scripts/compare-count.sh (docs/benchmarks.md,
// "Counting against Kluev's join"). Below 8 both take a millisecond.
const JoinFromN = 8

// DefaultCounter is the method that count uses when none is named, the
// plan's on one goroutine (PlanCount): for the classic problem the join
// of quarter boards from JoinFromN on, where it fits, and the
// constellation count otherwise; for a variant the join where it fits and
// the search tree of constraint propagation is large (JoinVariantNodes),
// else the fastest complete decider. The essentially distinct count is
// the constellation count's (DefaultDistinctCounter).
func DefaultCounter(p model.Problem) nqueens.Method { return PlanCount(p, 1).Method }

// join is the registry's join of quarter boards, whose Fits is the one
// decision of whether it counts a problem here.
var join = mustCounter(nqueens.Join)

func mustCounter(m nqueens.Method) nqueens.Counter {
	c, err := nqueens.LookupCounter(m)
	if err != nil {
		panic(err) // the registry lost a method this package names
	}
	return c
}

// joinFits says whether the join would count p on jobs goroutines by
// default: from JoinFromN on, and fitting here (nqueens.Counter.Fits); the
// error says why it does not fit, nil when it does or is not considered.
func joinFits(p model.Problem, jobs int) (bool, error) {
	if p.N < JoinFromN {
		return false, nil
	}
	err := join.Fits(p, jobs)
	return err == nil, err
}

// JoinVariantNodes is the size of cp's search tree (Knuth's estimate from
// JoinVariantProbes random probes, a few milliseconds) above which the
// join counts a variant faster than cp. The join's time hardly depends on
// how constrained a variant is, cp's does: one job each, 2026-12-02,
// N = 16 with one pre-placed queen (15 M nodes) 0.16 s against cp's
// 1.28 s, four blocked squares (200 M nodes) 0.49 s against 16.7 s, N = 18
// with four excluded diagonals (1.1 G nodes) 4.9 s against 96 s; but N =
// 21 with 23 excluded diagonals (72,000 nodes, no solution) 9.6 s against
// 0.015 s (docs/benchmarks.md, "The join on variants").
const (
	JoinVariantNodes  = 5e6
	JoinVariantProbes = 256
)

// joinCountsVariant says whether the join counts the variant p, which it
// fits (joinFits), by default: cp's tree is estimated above
// JoinVariantNodes (variantNodes).
func joinCountsVariant(p model.Problem) bool { return variantNodes(p) > JoinVariantNodes }

// variantNodes is Knuth's estimate of cp's tree on p from JoinVariantProbes
// seeded probes (0 where it fails), made once per problem in a process: a
// command asks it for its default method, its plan line and its second
// method. The last few problems are kept.
func variantNodes(p model.Problem) float64 {
	key := fmt.Sprintf("%+v", p)
	probeMu.Lock()
	defer probeMu.Unlock()
	if v, ok := probed[key]; ok {
		return v
	}
	probes.Add(1)
	e, err := search.EstimateCP(context.Background(), p, JoinVariantProbes, 1, 1)
	v := e.Nodes
	if err != nil {
		v = 0
	}
	if len(probed) >= 64 {
		clear(probed)
	}
	probed[key] = v
	return v
}

var (
	probeMu sync.Mutex
	probed  = map[string]float64{}
	probes  atomic.Int64 // the probes run, for the tests
)

// DefaultDistinctCounter is the method that count --unique uses when none
// is named: the constellation count, which gives both counts in one run.
func DefaultDistinctCounter(model.Problem) nqueens.Method { return nqueens.Constellation }

// decider is the fastest complete decider of p other than not. Above
// every decider's reach (N > 1000) there is none: it returns nqueens.Backtrack,
// whose own bound then refuses p in one line.
func decider(p model.Problem, not nqueens.Method) nqueens.Method {
	for _, d := range deciders {
		if d.method != not && p.N <= d.maxN {
			return d.method
		}
	}
	return nqueens.Backtrack
}

// SecondMethod is the method that confirms an answer of method m on p: the
// fastest complete decider of p that is not m (independent code: the
// constraint-propagation search, dancing links, Wirth's backtracking and
// the SAT solvers share nothing but the model).
func SecondMethod(p model.Problem, m nqueens.Method) nqueens.Method { return decider(p, m) }

// SecondCounter is the method that confirms a count of method m on a
// variant p: the join where it would count p by default
// (joinCountsVariant) and m is another method, else SecondMethod. The
// join shares no code with the searches.
func SecondCounter(p model.Problem, m nqueens.Method) nqueens.Method {
	if fits, _ := joinFits(p, 1); m != nqueens.Join && fits && joinCountsVariant(p) {
		return nqueens.Join
	}
	return SecondMethod(p, m)
}

// joinCoreSeconds is what the join's count of Q(n) takes on one core of
// this kind of machine (2026-12-05, an Intel Xeon with AVX-512, one job):
// measured whole at n = 18 to 20 (1.83, 19.7 and 57.8 s), by nqueens
// estimate --count n at 22 to 27 in one run (2,048 units timed at 22, 23
// and 25, 1,024 at 24 and 26, 1,536 at 27), and at 16, 17 and 21 earlier
// figures (17 measured whole, 1.2 s; 16 scaled as 17; 21 scaled by 0.9,
// between what 19 and 23 gained since: not timed again). Past n = 27 the
// growth over two steps of n, 68 from 25 to 27, grows by a tenth a step.
var joinCoreSeconds = map[int]float64{16: 0.07, 17: 1.2, 18: 1.83, 19: 19.7, 20: 57.8, 21: 880, 22: 2290, 23: 28470, 24: 1.38e5, 25: 1.61e6, 26: 1.56e7, 27: 1.09e8}

// JoinCoreSeconds forecasts the core-seconds of the join's count of the
// classic problem of n on a machine of this kind (joinCoreSeconds); 0
// below 16 (a second at most) and past counting.JoinMaxN.
func JoinCoreSeconds(n int) float64 {
	if s, ok := joinCoreSeconds[n]; ok || n < 16 || n > counting.JoinMaxN {
		return s
	}
	s := [2]float64{joinCoreSeconds[26], joinCoreSeconds[27]}
	growth := joinCoreSeconds[27] / joinCoreSeconds[25]
	for k := 28; k <= n; k++ {
		growth *= 1.1
		s[k%2] *= growth
	}
	return s[n%2]
}

// CountPlan is how a count of a problem goes by default: its method, and
// why the join does not count it where the join was the default.
type CountPlan struct {
	Method nqueens.Method
	// Why says why the join does not count p (its memory), "" when it
	// does or was not the default.
	Why string
	// CoreSeconds forecasts the join's count (JoinCoreSeconds); 0 when
	// unknown.
	CoreSeconds float64
}

// PlanCount is the plan of a count of p on jobs goroutines (0 or less:
// one a core) by the default method: for the classic problem the join
// from JoinFromN on where it fits (with its forecast), else the
// constellation count, saying why; for a variant the join where it fits
// and cp's tree is large, else the fastest complete decider.
func PlanCount(p model.Problem, jobs int) CountPlan {
	fits, err := joinFits(p, jobs)
	var plan CountPlan
	switch {
	case p.IsClassic() && fits:
		plan.Method = nqueens.Join
	case p.IsClassic():
		plan.Method = nqueens.Constellation
	case fits && joinCountsVariant(p):
		plan.Method = nqueens.Join
	default:
		plan.Method = decider(p, "")
	}
	if !p.IsClassic() || p.N < JoinFromN || p.N > counting.JoinMaxN {
		return plan
	}
	plan.CoreSeconds = JoinCoreSeconds(p.N)
	var tl *memlimit.TooLargeError
	if errors.As(err, &tl) {
		on := "one goroutine"
		if jobs <= 0 {
			jobs = runtime.NumCPU()
		}
		if jobs != 1 {
			on = fmt.Sprintf("%d goroutines", jobs)
		}
		plan.Why = fmt.Sprintf("the join of quarter boards needs %s on %s, more than the %s available (%s)", memlimit.GB(tl.Need), on, memlimit.GB(tl.Limit.Bytes), tl.Limit.Source)
	}
	return plan
}
