package search

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/queenslab/nqueens/internal/brute"
	"github.com/queenslab/nqueens/model"
)

// TestEstimateCP: Knuth's estimate agrees with the tree CP searches. On
// random problems of every variant (n = 6..12, and n = 34, where the
// diagonals take 128 bits), the mean of the probes lies within five
// standard errors of the nodes CP counts and of the solutions; where every
// probe gives the same (a tree of one path, or none), it is exact. The
// estimate does not depend on the goroutines.
func TestEstimateCP(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 17))
	var problems []model.Problem
	for i := range 80 {
		problems = append(problems, brute.Problem(6+i%7, rng.IntN))
	}
	for n := 8; n <= 12; n++ {
		problems = append(problems, model.Classic(n))
	}
	// At n = 34, the queens of a solution on 20 rows placed, and a few
	// diagonals excluded and squares blocked at random: trees CP counts
	// in well under a second.
	base, err := CP(context.Background(), model.Classic(34), CPOptions{FirstOnly: true, Jobs: 1, Seed: 1})
	if err != nil || base.First == nil {
		t.Fatalf("n = 34: %v", err)
	}
	for range 10 {
		p := wideVariant(rng, base.First, 20, 4)
		for range rng.IntN(20) {
			p.Blocked = append(p.Blocked, model.Square{Row: rng.IntN(34), Col: rng.IntN(34)})
		}
		problems = append(problems, p)
	}
	probes := 3000
	if testing.Short() {
		probes = 1000
	}
	near := func(got, err float64, want uint64) bool {
		return math.Abs(got-float64(want)) <= 5*err+1e-6*float64(want)
	}
	nontrivial := 0
	for i, p := range problems {
		r, err := CP(context.Background(), p, CPOptions{Jobs: 1, NoRelaxation: true})
		if err != nil {
			t.Fatal(err)
		}
		e, err := EstimateCP(context.Background(), p, probes, uint64(i), 2)
		if err != nil {
			t.Fatal(err)
		}
		if e.Probes != probes || !near(e.Nodes, e.NodesErr, r.Nodes) || !near(e.Solutions, e.SolutionsErr, r.Count) {
			t.Fatalf("%+v: estimated %.6g ± %.3g nodes and %.6g ± %.3g solutions from %d probes; CP searches %d nodes and finds %d",
				p, e.Nodes, e.NodesErr, e.Solutions, e.SolutionsErr, e.Probes, r.Nodes, r.Count)
		}
		if e.NodesErr > 0 {
			nontrivial++
		}
		if i%7 == 0 {
			one, err := EstimateCP(context.Background(), p, probes, uint64(i), 1)
			if err != nil || one != e {
				t.Fatalf("%+v: one goroutine estimates %+v (%v), two %+v", p, one, err, e)
			}
		}
	}
	if nontrivial < 40 {
		t.Fatalf("only %d of %d trees have more than one path: the test needs real trees", nontrivial, len(problems))
	}
}

// TestEstimateCPStops: a cancelled estimate returns the probes made, with
// the context's error.
func TestEstimateCPStops(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	e, err := EstimateCP(ctx, model.Classic(30), 1_000_000, 1, 2)
	if !errors.Is(err, context.Canceled) || e.Probes == 1_000_000 {
		t.Fatalf("cancelled: %+v, %v", e, err)
	}
}

// TestForecastCP: a search that ends within the time measured gives the
// count and its own time; one that does not is forecast from its speed;
// a problem the relaxation refutes is said to be refuted at the root.
func TestForecastCP(t *testing.T) {
	ctx := context.Background()
	p := model.Problem{N: 8, Fixed: []model.Square{{Row: 0, Col: 1}}}
	f, err := ForecastCP(ctx, p, 64, 1, 1, time.Minute)
	want, _ := CP(ctx, p, CPOptions{Jobs: 1})
	if err != nil || !f.Measured.Complete || f.Measured.Solutions != want.Count || f.Seconds != f.Measured.Seconds || f.Probes != 64 || f.RefutedAtRoot {
		t.Errorf("N = 8, one queen: %+v, %v; cp counts %d", f, err, want.Count)
	}
	big := model.Classic(20)
	f, err = ForecastCP(ctx, big, 64, 1, 1, 20*time.Millisecond)
	if err != nil || f.Measured.Complete || f.Measured.Nodes == 0 || f.Seconds <= f.Measured.Seconds {
		t.Errorf("N = 20: %+v, %v", f, err)
	}
	refuted := model.Problem{N: 3, Blocked: []model.Square{{Row: 1, Col: 0}, {Row: 1, Col: 1}, {Row: 1, Col: 2}}}
	if f, err = ForecastCP(ctx, refuted, 8, 1, 1, time.Second); err != nil || !f.RefutedAtRoot {
		t.Errorf("a refuted problem: %+v, %v", f, err)
	}
}
