package native

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"sync/atomic"
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

func TestCountOrbitsAgainstCanonicalForms(t *testing.T) {
	for n := 1; n <= 10; n++ {
		var want [3]uint64
		seen := map[string]bool{}
		for _, s := range allSolutions(t, n) {
			c, orbit, _ := model.Canonical(s)
			if k := fmt.Sprint(c); !seen[k] {
				seen[k] = true
				switch orbit {
				case 2:
					want[0]++
				case 4:
					want[1]++
				case 8:
					want[2]++
				}
			}
		}
		r, err := Bitmask(context.Background(), n, BitmaskOptions{Jobs: 1})
		if err != nil {
			t.Fatal(err)
		}
		if r.ByOrbit != want || r.Distinct != uint64(len(seen)) {
			t.Errorf("n = %d: orbits %v distinct %d, canonical forms give %v, %d", n, r.ByOrbit, r.Distinct, want, len(seen))
		}
	}
}

func TestCountIndependentOfJobsAndDepth(t *testing.T) {
	for _, n := range []int{12, 13} {
		countIndependentOfJobsAndDepth(t, n)
	}
}

// countIndependentOfJobsAndDepth: the same counts and nodes whatever the
// row the search is cut at into units, down to the row above the last (so
// the pruning at a unit's first row is the search's own).
func countIndependentOfJobsAndDepth(t *testing.T, n int) {
	base, _ := Bitmask(context.Background(), n, BitmaskOptions{Jobs: 1})
	for _, jobs := range []int{1, 2, 7} {
		for _, depth := range []int{2, 3, 5, 8, n - 2} {
			var calls atomic.Int64
			last := 0
			r, err := Bitmask(context.Background(), n, BitmaskOptions{Jobs: jobs, Depth: depth, Progress: func(done, total int) {
				calls.Add(1)
				if done != last+1 {
					t.Errorf("progress %d after %d", done, last)
				}
				last = done
			}})
			if err != nil {
				t.Fatal(err)
			}
			if r.All != base.All || r.ByOrbit != base.ByOrbit || r.Nodes != base.Nodes {
				t.Errorf("n = %d, jobs %d depth %d: %+v, one job default depth %+v", n, jobs, depth, r, base)
			}
			if int(calls.Load()) != r.Units || r.UnitsDone != r.Units {
				t.Errorf("jobs %d depth %d: %d progress calls, %d units", jobs, depth, calls.Load(), r.Units)
			}
		}
	}
}

func TestWorkUnitsDeterministic(t *testing.T) {
	a, _ := workUnits(14, 4)
	b, _ := workUnits(14, 4)
	if len(a) != len(b) || len(a) < 100 {
		t.Fatalf("%d and %d units", len(a), len(b))
	}
	var total UnitResult
	for i := range a {
		if fmt.Sprint(a[i]) != fmt.Sprint(b[i]) {
			t.Fatalf("unit %d differs", i)
		}
		var s symSearch
		r, ok := s.runUnit(14, a[i], nil)
		if !ok {
			t.Fatal("unit stopped")
		}
		for k := range total.ByOrbit {
			total.ByOrbit[k] += r.ByOrbit[k]
		}
	}
	all, _, _ := model.KnownCount(14)
	if 2*total.ByOrbit[0]+4*total.ByOrbit[1]+8*total.ByOrbit[2] != all {
		t.Errorf("units add up to %v", total.ByOrbit)
	}
}

func TestCountBadInputAndCancel(t *testing.T) {
	var tl *TooLargeError
	if _, err := Bitmask(context.Background(), BitmaskMaxN+1, BitmaskOptions{}); !errors.As(err, &tl) {
		t.Errorf("n = %d: %v", BitmaskMaxN+1, err)
	}
	for _, n := range []int{0, -1} {
		if _, err := Bitmask(context.Background(), n, BitmaskOptions{}); err == nil || errors.As(err, &tl) {
			t.Errorf("n = %d: %v, want the problem's own error (not too large)", n, err)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	r, err := Bitmask(ctx, 16, BitmaskOptions{Jobs: 2, Progress: func(done, total int) {
		if done == 3 {
			cancel()
		}
	}})
	if !errors.Is(err, context.Canceled) || r.UnitsDone >= r.Units || r.UnitsDone < 3 {
		t.Errorf("cancelled: %v, %d of %d units", err, r.UnitsDone, r.Units)
	}
}

func TestLocalSearch(t *testing.T) {
	sizes := []int{1, 4, 5, 6, 7, 8, 9, 10, 11, 12, 20, 50, 100, 257, 1000, 4096, 100_000, 1_000_000}
	for _, n := range sizes {
		r, err := LocalSearch(context.Background(), n, LocalSearchOptions{Seed: uint64(n)})
		if err != nil {
			t.Fatalf("n = %d: %v", n, err)
		}
		if err := model.VerifyColumns(model.Classic(n), r.Columns); err != nil {
			t.Fatalf("n = %d: %v", n, err)
		}
		if r.Seed != uint64(n) {
			t.Errorf("seed %d reported as %d", n, r.Seed)
		}
	}
	for n := 4; n <= 60; n++ {
		for seed := uint64(1); seed <= 5; seed++ {
			r, err := LocalSearch(context.Background(), n, LocalSearchOptions{Seed: seed})
			if err != nil || model.VerifyColumns(model.Classic(n), r.Columns) != nil {
				t.Fatalf("n = %d seed %d: %v", n, seed, err)
			}
		}
	}
	for _, n := range []int{2, 3} {
		if _, err := LocalSearch(context.Background(), n, LocalSearchOptions{}); !errors.Is(err, ErrNoSolution) {
			t.Errorf("n = %d: %v", n, err)
		}
	}
	if _, err := LocalSearch(context.Background(), 0, LocalSearchOptions{}); err == nil {
		t.Error("n = 0 accepted")
	}
}

func TestLocalSearchReproducible(t *testing.T) {
	a, _ := LocalSearch(context.Background(), 5000, LocalSearchOptions{Seed: 42})
	b, _ := LocalSearch(context.Background(), 5000, LocalSearchOptions{Seed: 42})
	c, _ := LocalSearch(context.Background(), 5000, LocalSearchOptions{Seed: 43})
	if !slices.Equal(a.Columns, b.Columns) || a.Swaps != b.Swaps {
		t.Error("same seed, different solutions")
	}
	if slices.Equal(a.Columns, c.Columns) {
		t.Error("seeds 42 and 43 gave the same solution")
	}
	r, _ := LocalSearch(context.Background(), 100, LocalSearchOptions{})
	if r.Seed == 0 {
		t.Error("no seed reported for a clock seed")
	}
}

// TestLSBoardCounts checks the collision accounting, overflow map included,
// against a recount from scratch after many random swaps, starting from the
// identity (all queens on one diagonal: collisions n-1).
func TestLSBoardCounts(t *testing.T) {
	n := 700
	b := newLSBoard(n, 7)
	for i := range n {
		b.place(i, uint32(i))
	}
	if b.collisions != int64(n-1) || b.count(1, n-1) != int64(n) {
		t.Fatalf("identity: collisions %d, main diagonal %d", b.collisions, b.count(1, n-1))
	}
	recount := func() int64 {
		var cnt [2]map[int]int64
		cnt[0], cnt[1] = map[int]int64{}, map[int]int64{}
		for r, c := range b.queen {
			cnt[0][int(c)+r]++
			cnt[1][int(c)-r+n-1]++
		}
		var coll int64
		for f := range 2 {
			for d := 0; d < 2*n-1; d++ {
				if b.count(f, d) != cnt[f][d] {
					t.Fatalf("family %d diagonal %d: %d, recount %d", f, d, b.count(f, d), cnt[f][d])
				}
				if cnt[f][d] > 1 {
					coll += cnt[f][d] - 1
				}
			}
		}
		return coll
	}
	for step := 0; step < 3000; step++ {
		i, j := b.below(n), b.below(n)
		if i == j {
			continue // the climb never swaps a row with itself
		}
		b.swap(i, j)
		if step%500 == 0 {
			if c := recount(); c != b.collisions {
				t.Fatalf("step %d: collisions %d, recount %d", step, b.collisions, c)
			}
			b.listAttacked()
			for _, r := range b.attack {
				c := int(b.queen[r])
				if b.count(0, c+int(r)) < 2 && b.count(1, c-int(r)+n-1) < 2 {
					t.Fatalf("row %d listed but not attacked", r)
				}
			}
			want := 0
			for r, c := range b.queen {
				if b.count(0, int(c)+r) > 1 || b.count(1, int(c)-r+n-1) > 1 {
					want++
				}
			}
			if want != len(b.attack) {
				t.Fatalf("%d attacked listed, %d attacked", len(b.attack), want)
			}
		}
	}
}

func TestConstruct(t *testing.T) {
	for n := 4; n <= 10_000; n++ {
		q, err := Construct(n)
		if err != nil {
			t.Fatal(err)
		}
		if err := model.VerifyColumns(model.Classic(n), q); err != nil {
			t.Fatalf("n = %d (n mod 6 = %d): %v", n, n%6, err)
		}
	}
	if q, err := Construct(1); err != nil || !slices.Equal(q, []uint32{0}) {
		t.Errorf("n = 1: %v %v", q, err)
	}
	for _, n := range []int{2, 3} {
		if _, err := Construct(n); !errors.Is(err, ErrNoSolution) {
			t.Errorf("n = %d: %v", n, err)
		}
	}
}
