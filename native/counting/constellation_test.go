package counting

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"

	"github.com/queenslab/nqueens/model"
	"github.com/queenslab/nqueens/native/search"
)

func TestConstellationCountAgainstKnown(t *testing.T) {
	maxN := 14
	if *long {
		maxN = 18
	}
	for n := 1; n <= maxN; n++ {
		res, err := ConstellationCount(context.Background(), n, ConstellationOptions{})
		if err != nil {
			t.Fatal(err)
		}
		all, distinct, _ := model.KnownCount(n)
		if res.All != all || res.Distinct != distinct {
			t.Errorf("n = %d: %d / %d distinct, known %d / %d", n, res.All, res.Distinct, all, distinct)
		}
		if res.UnitsDone != res.Units {
			t.Errorf("n = %d: %d of %d units done", n, res.UnitsDone, res.Units)
		}
	}
}

// TestConstellationOrbitsAgainstBitmask: the two counters, whose searches
// share nothing, agree on the solutions by orbit size.
func TestConstellationOrbitsAgainstBitmask(t *testing.T) {
	for n := ConstellationMinN; n <= 13; n++ {
		a, err := ConstellationCount(context.Background(), n, ConstellationOptions{Jobs: 2})
		if err != nil {
			t.Fatal(err)
		}
		b, err := Bitmask(context.Background(), n, BitmaskOptions{Jobs: 2})
		if err != nil {
			t.Fatal(err)
		}
		if a.ByOrbit != b.ByOrbit {
			t.Errorf("n = %d: constellations %v, bitmask %v", n, a.ByOrbit, b.ByOrbit)
		}
	}
}

// border is the constellation of a solution, as a key of its four lines.
func border(q model.Placement) Constellation {
	n := len(q)
	c := Constellation{N: n, Top: q[0], Bottom: q[n-1]}
	for r, col := range q {
		if col == 0 {
			c.Left = r
		}
		if col == n-1 {
			c.Right = r
		}
	}
	return c
}

// TestConstellationsBruteForce checks the list and the count of every
// constellation against all the solutions, found by plain backtracking:
// the list holds one member of each orbit of the borders that occur (and
// of no other orbit of valid borders), with its orbit's size as weight;
// each unit's contribution is the solutions of its constellation shared
// as the comment of constellation.go says.
func TestConstellationsBruteForce(t *testing.T) {
	for n := ConstellationMinN; n <= 10; n++ {
		completions := map[int]int{} // by border key
		_, err := search.Backtrack(context.Background(), model.Classic(n), search.BacktrackOptions{Each: func(q model.Placement) bool {
			completions[border(q).key()]++
			return true
		}})
		if err != nil {
			t.Fatal(err)
		}
		valid := 0
		for t0 := range n {
			for b := range n {
				for l := range n {
					for r := range n {
						if (Constellation{N: n, Top: t0, Bottom: b, Left: l, Right: r}).valid() {
							valid++
						}
					}
				}
			}
		}
		list := Constellations(n)
		weights, seen, turned := 0, map[int]bool{}, 0
		var s conSearch
		for _, c := range list {
			if !c.valid() {
				t.Fatalf("n = %d: %+v is not a valid border", n, c)
			}
			orbit := map[int]bool{}
			for k := range 8 {
				orbit[c.image(k).key()] = true
			}
			if len(orbit) != c.Weight {
				t.Errorf("n = %d: %+v has an orbit of %d", n, c, len(orbit))
			}
			for k := range orbit {
				if seen[k] {
					t.Fatalf("n = %d: two members of one orbit in the list (%+v)", n, c)
				}
				seen[k] = true
			}
			weights += c.Weight
			if c.Turns > 0 {
				turned++
			}
			r, ok := s.runUnit(Unit{C: c}, nil)
			if !ok {
				t.Fatal("stopped")
			}
			got := uint64(completions[c.key()])
			// Fixed by no turn: each class of completions has |H| members.
			if h := uint64(8 / c.Weight); c.Turns == 0 && (r.ByOrbit[2]*h != got || r.ByOrbit[0]+r.ByOrbit[1] != 0) {
				t.Errorf("n = %d: %+v: %v, %d completions", n, c, r.ByOrbit, got)
			}
			if all := uint64(c.Weight) * got; 2*r.ByOrbit[0]+4*r.ByOrbit[1]+8*r.ByOrbit[2] != all {
				t.Errorf("n = %d: %+v adds %v, want %d solutions (%d completions, weight %d)", n, c, r.ByOrbit, all, got, c.Weight)
			}
		}
		if turned == 0 {
			t.Errorf("n = %d: no constellation fixed by a turn: the slow path went untested", n)
		}
		if weights != valid {
			t.Errorf("n = %d: the orbits hold %d borders, %d are valid", n, weights, valid)
		}
		for k, cnt := range completions {
			if !seen[k] {
				t.Errorf("n = %d: border %d of %d solutions is in no orbit of the list", n, k, cnt)
			}
		}
	}
}

// TestUnitsAddUp: at every depth the units add up to the whole count;
// two shards (Take) add up to it; OnUnit reports each taken unit once;
// the list and its digest are the same each time and differ by depth.
func TestUnitsAddUp(t *testing.T) {
	n := 12
	full, err := ConstellationCount(context.Background(), n, ConstellationOptions{Jobs: 1})
	if err != nil {
		t.Fatal(err)
	}
	digests := map[string]int{}
	for depth := 0; depth <= MaxConstellationDepth; depth++ {
		total, digest := UnitsDigest(n, depth)
		if again, d2 := UnitsDigest(n, depth); again != total || d2 != digest {
			t.Fatalf("depth %d: %d units %s, then %d %s", depth, total, digest, again, d2)
		}
		if prev, dup := digests[digest]; dup {
			t.Errorf("depth %d has the digest of depth %d", depth, prev)
		}
		digests[digest] = depth
		var parts [2]SymmetryCount
		seen := map[int]UnitResult{}
		for shard := range 2 {
			var calls atomic.Int64
			parts[shard], err = ConstellationCount(context.Background(), n, ConstellationOptions{Jobs: 2, Depth: depth,
				Take: func(i int) bool { return i%2 == shard },
				OnUnit: func(i int, r UnitResult) {
					if _, dup := seen[i]; dup || i%2 != shard {
						t.Errorf("depth %d shard %d: unit %d reported", depth, shard, i)
					}
					seen[i] = r
				},
				Progress: func(done, all int) {
					if calls.Add(1) != int64(done) || all != (total+1-shard)/2 {
						t.Errorf("depth %d: progress %d of %d", depth, done, all)
					}
				}})
			if err != nil {
				t.Fatal(err)
			}
		}
		if parts[0].All+parts[1].All != full.All || parts[0].Distinct+parts[1].Distinct != full.Distinct {
			t.Errorf("depth %d: shards %d + %d, want %d", depth, parts[0].All, parts[1].All, full.All)
		}
		if len(seen) != total || parts[0].Units+parts[1].Units != total {
			t.Errorf("depth %d: %d units reported, %d+%d run, %d listed", depth, len(seen), parts[0].Units, parts[1].Units, total)
		}
		if depth > 0 && total <= len(Constellations(n)) {
			t.Errorf("depth %d: %d units, no more than the constellations", depth, total)
		}
	}
}

func TestConstellationUnitsSelfContained(t *testing.T) {
	// A unit printed and run alone gives what it gave in the count.
	var s conSearch
	for i, u := range Units(11, 2) {
		if i%7 != 0 {
			continue
		}
		a, _ := s.runUnit(u, nil)
		b, _ := new(conSearch).runUnit(u, nil)
		if a != b {
			t.Fatalf("unit %s: %v then %v", u, a, b)
		}
	}
}

func TestConstellationBadInputAndCancel(t *testing.T) {
	var tl *TooLargeError
	if _, err := ConstellationCount(context.Background(), BitmaskMaxN+1, ConstellationOptions{}); !errors.As(err, &tl) {
		t.Errorf("n = %d: %v", BitmaskMaxN+1, err)
	}
	for _, n := range []int{0, -1} {
		if _, err := ConstellationCount(context.Background(), n, ConstellationOptions{}); err == nil || errors.As(err, &tl) {
			t.Errorf("n = %d: %v, want the problem's own error", n, err)
		}
	}
	for _, d := range []int{-1, MaxConstellationDepth + 1} {
		if _, err := ConstellationCount(context.Background(), 10, ConstellationOptions{Depth: d}); err == nil {
			t.Errorf("depth %d accepted", d)
		}
	}
	if _, err := ConstellationCount(context.Background(), 5, ConstellationOptions{Take: func(int) bool { return true }}); err == nil {
		t.Error("units of n = 5 accepted")
	}
	ctx, cancel := context.WithCancel(context.Background())
	r, err := ConstellationCount(ctx, 16, ConstellationOptions{Jobs: 2, Progress: func(done, total int) {
		if done == 3 {
			cancel()
		}
	}})
	if !errors.Is(err, context.Canceled) || r.UnitsDone >= r.Units || r.UnitsDone < 3 {
		t.Errorf("cancelled: %v, %d of %d units", err, r.UnitsDone, r.Units)
	}
}
