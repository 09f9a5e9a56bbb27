package native

import (
	"context"
	"flag"
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

// TestCountUnits: counting the units in two shards, and a run that resumes
// from the units reported by OnUnit, give the full count.
func TestCountUnits(t *testing.T) {
	n := 11
	full, _ := Bitmask(context.Background(), n, BitmaskOptions{Jobs: 2})
	units := WorkUnits(n, 0)
	var even, odd []int
	for i := range units {
		if i%2 == 0 {
			even = append(even, i)
		} else {
			odd = append(odd, i)
		}
	}
	seen := map[int]UnitResult{}
	a, err := Bitmask(context.Background(), n, BitmaskOptions{Jobs: 2, Units: even, OnUnit: func(i int, r UnitResult) { seen[i] = r }})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := Bitmask(context.Background(), n, BitmaskOptions{Jobs: 1, Units: odd})
	if a.All+b.All != full.All || a.Distinct+b.Distinct != full.Distinct || a.Units != len(even) {
		t.Errorf("shards: %d + %d, want %d", a.All, b.All, full.All)
	}
	var sum [3]uint64
	for i, r := range seen {
		if i%2 != 0 {
			t.Errorf("OnUnit reported unit %d, not in the shard", i)
		}
		for k := range sum {
			sum[k] += r.ByOrbit[k]
		}
	}
	if len(seen) != len(even) || sum != a.ByOrbit {
		t.Errorf("OnUnit: %d units, orbits %v, want %d and %v", len(seen), sum, len(even), a.ByOrbit)
	}
	if _, err := Bitmask(context.Background(), n, BitmaskOptions{Units: []int{len(units)}}); err == nil {
		t.Error("a unit beyond the list was accepted")
	}
	if _, err := Bitmask(context.Background(), 5, BitmaskOptions{Units: []int{0}}); err == nil {
		t.Error("units for n = 5 were accepted")
	}
}
