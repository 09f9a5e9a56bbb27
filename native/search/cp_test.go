package search

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/queenslab/nqueens/internal/brute"
	"github.com/queenslab/nqueens/model"
)

// TestCPClassic counts the classic problem for n = 1..12 against OEIS, on
// one goroutine and two, with the same nodes.
func TestCPClassic(t *testing.T) {
	for n := 1; n <= 12; n++ {
		want, _, _ := model.KnownCount(n)
		var nodes uint64
		for _, jobs := range []int{1, 2} {
			r, err := CP(context.Background(), model.Classic(n), CPOptions{Jobs: jobs})
			if err != nil || r.Count != want {
				t.Fatalf("n = %d, %d jobs: %d solutions (%v), want %d", n, jobs, r.Count, err, want)
			}
			if jobs == 1 {
				nodes = r.Nodes
			} else if r.Nodes != nodes {
				t.Errorf("n = %d: %d nodes with 2 jobs, %d with one", n, r.Nodes, nodes)
			}
			if want > 0 {
				if err := model.Verify(model.Classic(n), r.First); err != nil {
					t.Errorf("n = %d: first solution %v: %v", n, r.First, err)
				}
			}
		}
	}
}

// TestCPBruteForce: on random problems of every variant (pre-placed
// queens, blocked squares, excluded diagonals, subsets of rows and
// columns), n = 1..8, the count is brute force's, Each sees every solution
// once and verified, and a first solution exists exactly when the count is
// not 0.
func TestCPBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	cases := 600
	if testing.Short() {
		cases = 150
	}
	for i := range cases {
		n := 1 + i%8
		p := brute.Problem(n, rng.IntN)
		want := brute.Count(p)
		var seen uint64
		r, err := CP(context.Background(), p, CPOptions{Jobs: 1 + i%2, Each: func(q model.Placement) bool {
			if err := model.Verify(p, q); err != nil {
				t.Fatalf("%+v: Each got %v: %v", p, q, err)
			}
			seen++
			return true
		}})
		if err != nil || r.Count != want || seen != want {
			t.Fatalf("%+v: %d solutions (%d seen, %v), brute force %d", p, r.Count, seen, err, want)
		}
		f, err := CP(context.Background(), p, CPOptions{FirstOnly: true, Jobs: 1 + i%2, Seed: uint64(i)})
		if err != nil || (f.First != nil) != (want > 0) || f.Count != min(want, 1) {
			t.Fatalf("%+v: first %v count %d (%v), brute force %d", p, f.First, f.Count, err, want)
		}
		if f.First != nil {
			if err := model.Verify(p, f.First); err != nil {
				t.Fatalf("%+v: first %v: %v", p, f.First, err)
			}
		}
	}
}

// TestCPStops: Each returning false stops the count; a cancelled context
// ends a long search with its error.
func TestCPStops(t *testing.T) {
	calls := 0
	r, err := CP(context.Background(), model.Classic(10), CPOptions{Jobs: 2, Each: func(model.Placement) bool {
		calls++
		return calls < 5
	}})
	if err != nil || calls != 5 || r.Count < 5 || r.Count >= 724 {
		t.Errorf("stop after 5: %d calls, count %d, %v", calls, r.Count, err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err = CP(ctx, model.Classic(22), CPOptions{Jobs: 2})
	if !errors.Is(err, context.DeadlineExceeded) || time.Since(start) > 2*time.Second {
		t.Errorf("cancel: %v after %v", err, time.Since(start))
	}
}

// TestCPWide: boards past 32 queens, where the diagonals take 128 bits: a
// verified first solution of the classic problem for n = 33..40 and 64,
// and on random problems of every variant at n = 34 the same answer as the
// heuristic backtracking search.
func TestCPWide(t *testing.T) {
	for _, n := range []int{33, 34, 35, 36, 37, 38, 39, 40, 64} {
		r, err := CP(context.Background(), model.Classic(n), CPOptions{FirstOnly: true, Jobs: 2, Seed: uint64(n)})
		if err != nil || r.First == nil {
			t.Fatalf("n = %d: %v", n, err)
		}
		if err := model.Verify(model.Classic(n), r.First); err != nil {
			t.Fatalf("n = %d: %v", n, err)
		}
	}
	// Variants at n = 34 kept small enough for the backtracker to decide:
	// the queens of a solution on 24 rows are placed, and diagonals are
	// excluded at random (some through those queens, so some variants have
	// no solution).
	base, err := CP(context.Background(), model.Classic(34), CPOptions{FirstOnly: true, Jobs: 1, Seed: 1})
	if err != nil || base.First == nil {
		t.Fatalf("n = 34: %v", err)
	}
	rng := rand.New(rand.NewPCG(3, 5))
	solved := 0
	for i := range 30 {
		p := wideVariant(rng, base.First, 24, 6)
		r, err := CP(context.Background(), p, CPOptions{FirstOnly: true, Jobs: 1 + i%2, Seed: uint64(i)})
		if err != nil {
			t.Fatal(err)
		}
		h, err := Heuristic(context.Background(), p, HeuristicOptions{FirstOnly: true, Seed: uint64(i)})
		if err != nil {
			t.Fatal(err)
		}
		if (r.First != nil) != (h.First != nil) {
			t.Fatalf("%+v: cp finds %v, the heuristic search %v", p, r.First, h.First)
		}
		if r.First != nil {
			solved++
			if err := model.Verify(p, r.First); err != nil {
				t.Fatalf("%+v: %v", p, err)
			}
		}
	}
	if solved == 0 || solved == 30 {
		t.Fatalf("%d of 30 variants have a solution: the test needs both kinds", solved)
	}
}

// TestCPFirstPublished: a first solution looked for by the complete search
// (the restarts before it cut to one node, the probe too small for many of
// these, the relaxation off) gives the published answers of the sample's
// instances of n >= 16, on one goroutine and two.
func TestCPFirstPublished(t *testing.T) {
	sat, unsat, deep := 0, 0, 0
	for i, in := range publishedSample(t) {
		if in.Problem.N < 16 || i%3 != 0 {
			continue
		}
		r, err := CP(context.Background(), in.Problem, CPOptions{FirstOnly: true, Jobs: 1 + i%2, Seed: uint64(i), Restarts: 1, NoRelaxation: true})
		if err != nil {
			t.Fatalf("%s: %v", in.Name(), err)
		}
		if (r.First != nil) != in.Sat || r.Count != map[bool]uint64{true: 1}[in.Sat] {
			t.Fatalf("%s: first %v, count %d; the authors: satisfiable %v", in.Name(), r.First, r.Count, in.Sat)
		}
		if r.First != nil {
			sat++
			if err := model.Verify(in.Problem, r.First); err != nil {
				t.Fatalf("%s: %v", in.Name(), err)
			}
		} else {
			unsat++
		}
		if r.Nodes > cpProbeNodes+1 {
			deep++ // past the probe: the complete search searched
		}
	}
	if sat == 0 || unsat == 0 || deep == 0 {
		t.Fatalf("%d satisfiable and %d unsatisfiable instances, %d past the probe: the test needs all", sat, unsat, deep)
	}
	t.Logf("%d satisfiable, %d unsatisfiable, %d past the probe", sat, unsat, deep)
}

// wideVariant is the classic problem of len(sol) queens with the queens of
// sol on fixed rows drawn at random placed, and fewer than maxDiags
// diagonals drawn at random excluded (some through those queens).
func wideVariant(rng *rand.Rand, sol model.Placement, fixed, maxDiags int) model.Problem {
	n := len(sol)
	p := model.Classic(n)
	for _, r := range rng.Perm(n)[:fixed] {
		p.Fixed = append(p.Fixed, model.Square{Row: r, Col: sol[r]})
	}
	for range rng.IntN(maxDiags) {
		d := model.Diagonal{Kind: model.Sum, Index: rng.IntN(2*n - 1)}
		if rng.IntN(2) == 0 {
			d = model.Diagonal{Kind: model.Difference, Index: rng.IntN(2*n-1) - (n - 1)}
		}
		p.Excluded = append(p.Excluded, d)
	}
	return p
}
