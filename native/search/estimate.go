package search

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"time"

	"github.com/queenslab/nqueens/model"
	"github.com/queenslab/nqueens/native/internal/work"
)

// CPEstimate is Knuth's estimate of the tree of CP's complete search (the
// search alone: no relaxation, no restarts), from random probes.
type CPEstimate struct {
	// Probes is the number of probes.
	Probes int
	// Nodes is the estimated number of nodes (the mean over the probes),
	// NodesErr its standard error.
	Nodes, NodesErr float64
	// Solutions is the estimated number of solutions, SolutionsErr its
	// standard error.
	Solutions, SolutionsErr float64
}

// MaxProbes bounds the probes of EstimateCP: each keeps its two figures
// (17 bytes) until the estimate is summed in the probes' order, so that it
// does not depend on the goroutines; 2^32 probes take 68 GB.
const MaxProbes = min(1<<32, math.MaxInt) // the largest int on a 32-bit platform

// EstimateCP estimates the size of CP's search tree for p, and its number
// of solutions, by Knuth's method ("Estimating the efficiency of backtrack
// programs", Math. Comp. 29, 1975): a probe walks from the root to a leaf
// of the tree, taking one child at random at each node, and the products
// of the branching degrees met, summed over the nodes of its path, are an
// unbiased estimate of the number of nodes (summed over a solution at its
// end, of the number of solutions). The tree is the one CP searches when
// counting, node for node, so the mean of many probes estimates its Nodes
// before it is searched: a probe costs about as many nodes as the tree is
// deep. The estimates of trees with a long tail (most of the nodes below
// a few rare branches) converge slowly, from below: compare the standard
// error with the mean, and the estimates of more probes.
//
// Probe i draws its children from a generator seeded by (seed, i), so the
// estimate depends on probes and seed only, not on jobs (goroutines; 0 for
// one a core). On cancellation it returns the probes made so far with
// ctx.Err().
func EstimateCP(ctx context.Context, p model.Problem, probes int, seed uint64, jobs int) (CPEstimate, error) {
	if ctx == nil {
		return CPEstimate{}, work.NilContext("EstimateCP")
	}
	if err := p.Validate(); err != nil {
		return CPEstimate{}, err
	}
	if probes < 1 || probes > MaxProbes {
		return CPEstimate{}, fmt.Errorf("native: %d probes: from 1 to %d (each keeps 17 bytes until the estimate is summed)", probes, MaxProbes)
	}
	if p.N > CPMaxN {
		return CPEstimate{}, work.TooLarge("the constraint-propagation search", p.N, CPMaxN)
	}
	jobs = work.Jobs(jobs)
	base, root, ok := newCPSearch(p)
	if !ok { // CP's tree is its root alone
		return CPEstimate{Probes: probes, Nodes: 1}, nil
	}
	sh := &cpShared{ctx: ctx}
	nodes := make([]float64, probes)
	sols := make([]float64, probes)
	done := make([]bool, probes)
	_, err := work.Each(jobs, probes, &sh.stop, func() *cpSearch { s := base; s.sh = sh; return &s }, func(s *cpSearch, i int) bool {
		s.probe = rand.New(rand.NewPCG(seed, uint64(i)))
		s.probeW, s.probeNodes, s.probeSols = 1, 0, 0
		if s.start(root) {
			return false // cancelled
		}
		nodes[i], sols[i], done[i] = s.probeNodes, s.probeSols, true
		return true
	}, nil)
	var est CPEstimate
	var ns, ss []float64
	for i := range probes {
		if done[i] {
			ns, ss = append(ns, nodes[i]), append(ss, sols[i])
		}
	}
	est.Probes = len(ns)
	est.Nodes, est.NodesErr = work.MeanErr(ns)
	est.Solutions, est.SolutionsErr = work.MeanErr(ss)
	if err != nil {
		return est, err
	}
	if sh.cancelled.Load() {
		return est, ctx.Err()
	}
	return est, nil
}

// CPForecast is the time cp's search of a problem would take: Knuth's
// estimate of its tree (EstimateCP), whether the linear relaxation
// refutes the problem at the root (then solve and count search nothing),
// and cp's speed measured on the problem for a while.
type CPForecast struct {
	CPEstimate
	RefutedAtRoot bool
	// Measured is cp's search for the time given, or to its end
	// (Complete: then Solutions is the count).
	Measured struct {
		Nodes, Solutions uint64
		Seconds          float64
		Jobs             int
		Complete         bool
	}
	// Seconds is the estimated time of the whole search at the measured
	// speed (the measured time when Complete); 0 when nothing was
	// measured.
	Seconds float64
}

// ForecastCP estimates cp's tree for p with probes probes (EstimateCP),
// asks the relaxation (Refute) for a variant, and measures cp's speed on
// p with jobs goroutines for measure.
func ForecastCP(ctx context.Context, p model.Problem, probes int, seed uint64, jobs int, measure time.Duration) (CPForecast, error) {
	if ctx == nil {
		return CPForecast{}, work.NilContext("ForecastCP")
	}
	var r CPForecast
	est, err := EstimateCP(ctx, p, probes, seed, jobs)
	if err != nil {
		return r, err
	}
	r.CPEstimate = est
	if !p.IsClassic() {
		f, err := Refute(ctx, p)
		if err != nil {
			return r, err
		}
		r.RefutedAtRoot = f != nil
	}
	mctx, cancel := context.WithTimeout(ctx, measure)
	defer cancel()
	start := time.Now()
	cr, err := CP(mctx, p, CPOptions{Jobs: jobs, NoRelaxation: true})
	elapsed := time.Since(start)
	if ctx.Err() != nil {
		return r, ctx.Err()
	}
	m := &r.Measured
	m.Nodes, m.Seconds, m.Jobs, m.Complete = cr.Nodes, elapsed.Seconds(), cr.Jobs, err == nil
	if m.Complete {
		m.Solutions, r.Seconds = cr.Count, m.Seconds
	} else if cr.Nodes > 0 {
		r.Seconds = r.Nodes / float64(cr.Nodes) * m.Seconds
	}
	return r, nil
}
