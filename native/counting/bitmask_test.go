package counting

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"sync/atomic"
	"testing"

	"github.com/queenslab/nqueens/model"
)

var long = flag.Bool("long", false, "run the long checks (bitmask counts up to n = 18)")

func TestCountAgainstKnown(t *testing.T) {
	maxN := 14
	if *long {
		maxN = 18
	}
	for n := 1; n <= maxN; n++ {
		res, err := Bitmask(context.Background(), n, BitmaskOptions{})
		if err != nil {
			t.Fatal(err)
		}
		all, distinct, _ := model.KnownCount(n)
		if res.All != all || res.Distinct != distinct {
			t.Errorf("n = %d: Count = %d / %d distinct, known %d / %d", n, res.All, res.Distinct, all, distinct)
		}
		if res.UnitsDone != res.Units {
			t.Errorf("n = %d: %d of %d units done", n, res.UnitsDone, res.Units)
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
