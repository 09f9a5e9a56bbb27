package huge

import (
	"context"
	"errors"
	"slices"
	"testing"

	"github.com/queenslab/nqueens/model"
)

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
		if _, err := LocalSearch(context.Background(), n, LocalSearchOptions{}); !errors.Is(err, model.ErrNoSolution) {
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
		if _, err := Construct(n); !errors.Is(err, model.ErrNoSolution) {
			t.Errorf("n = %d: %v", n, err)
		}
	}
}
