package nqueens_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/queenslab/nqueens"
	"github.com/queenslab/nqueens/model"
)

// TestFindersVerified runs every finder on n = 1..40: each returns a
// solution that an independent check accepts, or "no solution" exactly
// where Q(n) = 0.
func TestFindersVerified(t *testing.T) {
	for _, f := range nqueens.Finders() {
		for n := 1; n <= 40; n++ {
			if f.Name == "backtrack" && n > 30 {
				continue // exponential: first solution grows costly past 30
			}
			s, err := f.Find(context.Background(), model.Classic(n), nqueens.FindOptions{Seed: 1})
			all, _, _ := model.KnownCount(n)
			if n <= model.KnownMax && all == 0 {
				if err == nil {
					t.Errorf("%s n = %d: a solution where none exists", f.Name, n)
				}
				continue
			}
			if err != nil {
				t.Fatalf("%s n = %d: %v", f.Name, n, err)
			}
			if !pairwiseOK(s.Columns) {
				t.Fatalf("%s n = %d: %v is not a solution", f.Name, n, s.Columns)
			}
		}
	}
}

func pairwiseOK(q []uint32) bool {
	for i := range q {
		for j := 0; j < i; j++ {
			d := int(q[i]) - int(q[j])
			if d == 0 || d == i-j || d == j-i {
				return false
			}
		}
	}
	return true
}

// TestCountersAgree compares every counter with every other and with OEIS.
func TestCountersAgree(t *testing.T) {
	for n := 1; n <= 11; n++ {
		var first *nqueens.CountResult
		for _, c := range nqueens.Counters() {
			r, err := c.Count(context.Background(), model.Classic(n), nqueens.CountOptions{Distinct: true})
			if err != nil {
				t.Fatal(err)
			}
			if err := nqueens.CheckKnown(r); err != nil {
				t.Errorf("%s: %v", c.Name, err)
			}
			if first != nil && (r.All != first.All || r.Distinct != first.Distinct) {
				t.Errorf("n = %d: %s says %d/%d, %s %d/%d", n, c.Name, r.All, r.Distinct, first.Method, first.All, first.Distinct)
			}
			first = r
		}
	}
}

func TestCheckKnownDetectsDisagreement(t *testing.T) {
	r := &nqueens.CountResult{N: 8, All: 91}
	if err := nqueens.CheckKnown(r); err == nil {
		t.Error("91 for n = 8 accepted")
	}
	r = &nqueens.CountResult{N: 8, All: 92, Distinct: 11, HasDistinct: true}
	if err := nqueens.CheckKnown(r); err == nil {
		t.Error("11 distinct for n = 8 accepted")
	}
	r = &nqueens.CountResult{N: 30, All: 1}
	if err := nqueens.CheckKnown(r); err != nil {
		t.Errorf("unknown n: %v", err)
	}
}

func TestLookup(t *testing.T) {
	if _, err := nqueens.LookupFinder("nope"); err == nil {
		t.Error("unknown finder found")
	}
	if _, err := nqueens.LookupCounter("nope"); err == nil {
		t.Error("unknown counter found")
	}
	f, _ := nqueens.LookupFinder("construct")
	if err := f.Check(model.Problem{N: 8, Fixed: []model.Square{{Row: 0, Col: 0}}}); err == nil {
		t.Error("construct accepted a completion problem")
	}
}

func ExampleFinder_Find() {
	f, _ := nqueens.LookupFinder("backtrack")
	s, _ := f.Find(context.Background(), model.Classic(8), nqueens.FindOptions{})
	fmt.Println(s.Columns, s.Nodes)
	// Output: [0 4 7 5 2 6 1 3] 114
}

func ExampleCounter_Count() {
	c, _ := nqueens.LookupCounter("bitmask")
	r, _ := c.Count(context.Background(), model.Classic(10), nqueens.CountOptions{Jobs: 2})
	fmt.Println(r.All, r.Distinct, nqueens.CheckKnown(r))
	// Output: 724 92 <nil>
}
