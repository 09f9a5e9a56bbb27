package search

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/queenslab/nqueens/internal/brute"
	"github.com/queenslab/nqueens/model"
)

// TestHeuristicCounts: the dynamic order finds every solution: its counts
// equal the plain search's and brute force's, classic and variants.
func TestHeuristicCounts(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var problems []model.Problem
	for n := 1; n <= 10; n++ {
		problems = append(problems, model.Classic(n))
	}
	for range 60 {
		n := 4 + rng.IntN(6)
		p := model.Problem{N: n}
		for range rng.IntN(3) {
			p.Fixed = append(p.Fixed, model.Square{Row: rng.IntN(n), Col: rng.IntN(n)})
		}
		for range rng.IntN(6) {
			p.Blocked = append(p.Blocked, model.Square{Row: rng.IntN(n), Col: rng.IntN(n)})
		}
		if p.Validate() == nil {
			problems = append(problems, p)
		}
	}
	// Excluded diagonals and subsets of rows and columns too.
	for i := range 60 {
		problems = append(problems, brute.Problem(4+i%5, rng.IntN))
	}
	for _, p := range problems {
		plain, err := Backtrack(context.Background(), p, BacktrackOptions{})
		if err != nil {
			t.Fatal(err)
		}
		h, err := Heuristic(context.Background(), p, HeuristicOptions{})
		if err != nil {
			t.Fatal(err)
		}
		var seen int
		Heuristic(context.Background(), p, HeuristicOptions{Each: func(q model.Placement) bool {
			if err := model.Verify(p, q); err != nil {
				t.Fatalf("%+v: %v", p, err)
			}
			seen++
			return true
		}})
		want := plain.Count
		if p.N <= 9 {
			want = brute.Count(p)
		}
		if h.Count != want || plain.Count != want || uint64(seen) != want {
			t.Errorf("%+v: heuristic %d (%d given to Each), plain %d, brute force %d", p, h.Count, seen, plain.Count, want)
		}
	}
}

// TestHeuristicFirst: a first solution, verified, for every N from 4 to
// 200 and for 500 and 1000; none for 2 and 3; completion problems decided
// as the plain search decides them.
func TestHeuristicFirst(t *testing.T) {
	sizes := []int{2, 3, 500, 1000}
	for n := 4; n <= 200; n++ {
		sizes = append(sizes, n)
	}
	for _, n := range sizes {
		r, err := Heuristic(context.Background(), model.Classic(n), HeuristicOptions{FirstOnly: true, Seed: uint64(n)})
		if err != nil {
			t.Fatal(err)
		}
		if (r.First == nil) != (n == 2 || n == 3) {
			t.Fatalf("N = %d: first %v", n, r.First != nil)
		}
		if r.First != nil {
			if err := model.Verify(model.Classic(n), r.First); err != nil {
				t.Fatalf("N = %d: %v", n, err)
			}
		}
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for range 100 {
		n := 8 + rng.IntN(5)
		p := model.Problem{N: n}
		for range 2 + rng.IntN(3) {
			p.Fixed = append(p.Fixed, model.Square{Row: rng.IntN(n), Col: rng.IntN(n)})
		}
		if p.Validate() != nil {
			continue
		}
		plain, _ := Backtrack(context.Background(), p, BacktrackOptions{FirstOnly: true})
		h, err := Heuristic(context.Background(), p, HeuristicOptions{FirstOnly: true})
		if err != nil || (h.First == nil) != (plain.First == nil) {
			t.Fatalf("%+v: heuristic found %v, plain %v (%v)", p, h.First != nil, plain.First != nil, err)
		}
		if h.First != nil && model.Verify(p, h.First) != nil {
			t.Fatalf("%+v: %v", p, model.Verify(p, h.First))
		}
	}
}
