package confirm

import (
	"context"
	"fmt"

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

// DefaultCounter is the method that count uses when none is named: for
// the classic problem the join of quarter boards from JoinFromN on, where
// its memory fits, and the constellation count otherwise; for a variant
// the join where it fits and the search tree of constraint propagation is
// large (joinCountsVariant), else the fastest complete decider. The
// essentially distinct count is the constellation count's
// (DefaultDistinctCounter).
func DefaultCounter(p model.Problem) nqueens.Method {
	switch {
	case p.IsClassic() && joinCounts(p):
		return nqueens.Join
	case p.IsClassic():
		return nqueens.Constellation
	case joinCountsVariant(p):
		return nqueens.Join
	}
	return decider(p, "")
}

// joinCounts says whether the join may count p: N from JoinFromN to
// counting.JoinMaxN, and its memory on one goroutine fits.
func joinCounts(p model.Problem) bool {
	return p.N >= JoinFromN && p.N <= counting.JoinMaxN && memlimit.Check(counting.JoinProblemMemory(p, 1), "") == nil
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

// joinCountsVariant says whether the join counts the variant p by
// default: it may (joinCounts), and cp's tree is estimated above
// JoinVariantNodes. The estimate's probes are seeded, so the choice is
// the same on every run.
func joinCountsVariant(p model.Problem) bool {
	if !joinCounts(p) {
		return false
	}
	e, err := search.EstimateCP(context.Background(), p, JoinVariantProbes, 1, 1)
	return err == nil && e.Nodes > JoinVariantNodes
}

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
	if m != nqueens.Join && joinCountsVariant(p) {
		return nqueens.Join
	}
	return SecondMethod(p, m)
}

// joinCoreSeconds is what the join's count of Q(n) takes on one core of
// this kind of machine, by nqueens estimate --count n here (2026-12-03,
// one job: 2,048 units timed at n = 22 and below, 8,192 at 23, 256 at
// 24 and 27, 128 at 25, 48 at 26: three blocks, an order of magnitude;
// measured whole the same day 4.6 s at n = 18 and 48.6 s at n = 19, and 172 s, 2,260
// and about 10,200 core-seconds at n = 20 to 22 on 2026-12-02). Past
// n = 27 the growth over two steps of n, 132 from 25 to 27, grows by a
// tenth a step.
var joinCoreSeconds = map[int]float64{16: 0.16, 17: 1.9, 18: 4.7, 19: 51, 20: 174, 21: 2160, 22: 9900, 23: 76500, 24: 1.08e6, 25: 7.98e6, 26: 2.44e8, 27: 1.06e9}

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

// CountPlan is what count tells before it starts: the method, why when
// it is not the one asked for the problem's size, and the forecast time.
type CountPlan struct {
	Method nqueens.Method
	// Why says why the join does not count p (its memory), "" when it
	// does or was not the default.
	Why string
	// CoreSeconds forecasts the join's count (JoinCoreSeconds); 0 when
	// unknown.
	CoreSeconds float64
}

// PlanCount is the plan of a count of p by the default method: the join
// where its memory fits (with its forecast), else the constellation count,
// saying why.
func PlanCount(p model.Problem) CountPlan {
	m := DefaultCounter(p)
	plan := CountPlan{Method: m}
	if !p.IsClassic() || p.N < JoinFromN || p.N > counting.JoinMaxN {
		return plan
	}
	plan.CoreSeconds = JoinCoreSeconds(p.N)
	if m != nqueens.Join {
		need := counting.JoinMemory(p.N, 1)
		l, _ := memlimit.Available()
		plan.Why = fmt.Sprintf("the join of quarter boards needs %s on one goroutine, more than the %s available (%s)", memlimit.GB(need), memlimit.GB(l.Bytes), l.Source)
	}
	return plan
}
