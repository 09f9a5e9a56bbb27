package native_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/queenslab/nqueens/model"
	"github.com/queenslab/nqueens/native/counting"
	"github.com/queenslab/nqueens/native/search"
)

// The tests of this file hold the families of package native to each
// other: a count to the solutions a search lists, the search to a count.
// They live here, above both, since neither family's code may import the
// other's.

// allSolutions enumerates the classic solutions with search.Backtrack.
func allSolutions(t *testing.T, n int) []model.Placement {
	t.Helper()
	var out []model.Placement
	_, err := search.Backtrack(context.Background(), model.Classic(n), search.BacktrackOptions{Each: func(q model.Placement) bool {
		out = append(out, q.Clone())
		return true
	}})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestCountOrbitsAgainstCanonicalForms: the orbits of Takaken's count are
// those of the canonical forms of every solution the backtracking search
// lists.
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
		r, err := counting.Bitmask(context.Background(), n, counting.BitmaskOptions{Jobs: 1})
		if err != nil {
			t.Fatal(err)
		}
		if r.ByOrbit != want || r.Distinct != uint64(len(seen)) {
			t.Errorf("n = %d: orbits %v distinct %d, canonical forms give %v, %d", n, r.ByOrbit, r.Distinct, want, len(seen))
		}
	}
}
