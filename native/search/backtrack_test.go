package search

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/queenslab/nqueens/model"
)

// allSolutions enumerates the classic solutions with Backtrack.
func allSolutions(t *testing.T, n int) []model.Placement {
	t.Helper()
	var out []model.Placement
	_, err := Backtrack(context.Background(), model.Classic(n), BacktrackOptions{Each: func(q model.Placement) bool {
		out = append(out, q.Clone())
		return true
	}})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestBacktrackClassicOutputs checks the outputs that the classic
// backtracking program prints (Wirth 1976): the counts for n = 1..10, the
// first 8-queens solution and the 2,057 nodes of its search tree.
func TestBacktrackClassicOutputs(t *testing.T) {
	classicCounts := []uint64{1, 0, 0, 2, 10, 4, 40, 92, 352, 724}
	for n := 1; n <= 10; n++ {
		r, err := Backtrack(context.Background(), model.Classic(n), BacktrackOptions{})
		if err != nil {
			t.Fatal(err)
		}
		known, _, _ := model.KnownCount(n)
		if r.Count != classicCounts[n-1] || r.Count != known {
			t.Errorf("n = %d: count %d, the classic program says %d, OEIS %d", n, r.Count, classicCounts[n-1], known)
		}
		if r.Count > 0 {
			if err := model.Verify(model.Classic(n), r.First); err != nil {
				t.Errorf("n = %d: first solution %v: %v", n, r.First, err)
			}
		} else if r.First != nil {
			t.Errorf("n = %d: a first solution %v with count 0", n, r.First)
		}
	}
	cases := []struct {
		n     int
		first model.Placement
		nodes uint64
	}{
		{8, model.Placement{0, 4, 7, 5, 2, 6, 1, 3}, 2057},
		{6, model.Placement{1, 3, 5, 0, 2, 4}, 0},
		{10, nil, 35539},
		{4, model.Placement{1, 3, 0, 2}, 0},
	}
	for _, c := range cases {
		r, _ := Backtrack(context.Background(), model.Classic(c.n), BacktrackOptions{})
		if c.first != nil && !slices.Equal(r.First, c.first) {
			t.Errorf("n = %d: first %v, want %v", c.n, r.First, c.first)
		}
		if c.nodes != 0 && r.Nodes != c.nodes {
			t.Errorf("n = %d: %d nodes, want %d", c.n, r.Nodes, c.nodes)
		}
	}
}

func TestBacktrackFirstIsLexicographicallySmallest(t *testing.T) {
	for n := 4; n <= 9; n++ {
		sols := allSolutions(t, n)
		r, _ := Backtrack(context.Background(), model.Classic(n), BacktrackOptions{FirstOnly: true})
		if r.Count != 1 || !slices.Equal(r.First, sols[0]) {
			t.Errorf("n = %d: FirstOnly gave %v (count %d), enumeration starts %v", n, r.First, r.Count, sols[0])
		}
		if !slices.IsSortedFunc(sols, func(a, b model.Placement) int { return slices.Compare(a, b) }) {
			t.Errorf("n = %d: solutions not in lexicographic order", n)
		}
	}
}

func TestForwardCheckingPrunes(t *testing.T) {
	for n := 1; n <= 10; n++ {
		plain, _ := Backtrack(context.Background(), model.Classic(n), BacktrackOptions{})
		fc, _ := Backtrack(context.Background(), model.Classic(n), BacktrackOptions{ForwardCheck: true})
		if fc.Count != plain.Count || !slices.Equal(fc.First, plain.First) {
			t.Errorf("n = %d: forward checking %d %v, plain %d %v", n, fc.Count, fc.First, plain.Count, plain.First)
		}
		if fc.Nodes > plain.Nodes || (n >= 6 && fc.Nodes == plain.Nodes) {
			t.Errorf("n = %d: forward checking %d nodes, plain %d", n, fc.Nodes, plain.Nodes)
		}
	}
}

// TestBacktrackCompletionBruteForce compares Backtrack on random completion
// and blocked problems with a filter over all classic solutions.
func TestBacktrackCompletionBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for n := 4; n <= 8; n++ {
		sols := allSolutions(t, n)
		for trial := 0; trial < 40; trial++ {
			var p = model.Problem{N: n}
			for range rng.IntN(3) {
				p.Fixed = append(p.Fixed, model.Square{Row: rng.IntN(n), Col: rng.IntN(n)})
			}
			for range rng.IntN(2 * n) {
				p.Blocked = append(p.Blocked, model.Square{Row: rng.IntN(n), Col: rng.IntN(n)})
			}
			var want uint64
			var first model.Placement
			for _, s := range sols {
				if model.Verify(p, s) == nil {
					if first == nil {
						first = s
					}
					want++
				}
			}
			for _, fc := range []bool{false, true} {
				r, err := Backtrack(context.Background(), p, BacktrackOptions{ForwardCheck: fc})
				if err != nil {
					t.Fatal(err)
				}
				if r.Count != want || !slices.Equal(r.First, first) {
					t.Fatalf("n = %d %+v fc=%v: count %d first %v, brute force %d %v", n, p, fc, r.Count, r.First, want, first)
				}
			}
		}
	}
}

func TestBacktrackBadInputAndCancel(t *testing.T) {
	if _, err := Backtrack(context.Background(), model.Classic(0), BacktrackOptions{}); err == nil {
		t.Error("N = 0 accepted")
	}
	var tl *TooLargeError
	if _, err := Backtrack(context.Background(), model.Classic(BacktrackMaxN+1), BacktrackOptions{}); !errors.As(err, &tl) {
		t.Errorf("N too large: %v", err)
	}
	if _, err := Backtrack(context.Background(), model.Problem{N: 4, Fixed: []model.Square{{Row: 5, Col: 0}}}, BacktrackOptions{}); err == nil {
		t.Error("off-board fixed queen accepted")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	r, err := Backtrack(ctx, model.Classic(14), BacktrackOptions{})
	if !errors.Is(err, context.Canceled) || r.Count >= 365596 {
		t.Errorf("cancelled count: %v, %d", err, r.Count)
	}
}
