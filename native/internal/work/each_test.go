package work

import (
	"errors"
	"sync/atomic"
	"testing"

	"github.com/queenslab/nqueens/internal/panics"
)

// TestEach: every item runs once on at most jobs goroutines (at least one,
// at most the items), each goroutine's worker is finished once; a false
// from do ends that goroutine; a panic is the error and sets stop.
func TestEach(t *testing.T) {
	for _, c := range []struct{ jobs, n, want int }{{1, 100, 1}, {4, 100, 4}, {8, 3, 3}, {0, 5, 1}, {3, 0, 1}} {
		var runs [100]atomic.Int32
		workers, finished := 0, 0
		var made atomic.Int32
		g, err := Each(c.jobs, c.n, nil, func() *int { made.Add(1); return new(int) },
			func(w *int, i int) bool { runs[i].Add(1); *w++; return true },
			func(w *int) { workers++; finished += *w })
		if err != nil || g != c.want || workers != g || int(made.Load()) != g || finished != c.n {
			t.Errorf("%d jobs, %d items: %d goroutines (%v), %d workers finished %d items, %d made", c.jobs, c.n, g, err, workers, finished, made.Load())
		}
		for i := range c.n {
			if runs[i].Load() != 1 {
				t.Fatalf("%d jobs, %d items: item %d ran %d times", c.jobs, c.n, i, runs[i].Load())
			}
		}
	}
	var ran atomic.Int32
	if _, err := Each(1, 100, nil, func() int { return 0 }, func(_ int, i int) bool { ran.Add(1); return i < 9 }, nil); err != nil || ran.Load() != 10 {
		t.Errorf("do false at item 9: %d ran, %v", ran.Load(), err)
	}
	var stop atomic.Bool
	_, err := Each(2, 1000, &stop, func() int { return 0 }, func(_ int, i int) bool {
		if i == 5 {
			panic("boom")
		}
		return true
	}, nil)
	var pe *panics.Error
	if !errors.As(err, &pe) || !stop.Load() {
		t.Errorf("a panic: %v, stop %v", err, stop.Load())
	}
}
