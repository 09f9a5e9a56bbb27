package native

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
