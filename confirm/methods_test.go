package confirm

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	nqueens "github.com/queenslab/nqueens"
	"github.com/queenslab/nqueens/internal/gent2017"
	"github.com/queenslab/nqueens/model"
	"github.com/queenslab/nqueens/native/search"
)

// publishedAnswers reads the sample of the authors' published instances
// in testdata/gent2017 with the answers their bitmask solver recorded.
func publishedAnswers(t *testing.T) []gent2017.Instance {
	t.Helper()
	out, err := gent2017.Sample(filepath.Join("..", "testdata", "gent2017"))
	if err != nil {
		t.Fatal(err)
	}
	if len(out) < 1000 {
		t.Fatalf("%d answers", len(out))
	}
	return out
}

// TestPublishedAnswers decides every instance of the sample of the
// authors' published excluded diagonals instances (n = 10..21, every d
// they ran) with the default decider and with dancing links, and holds
// both to the answer the authors recorded; every solution is verified.
// Their hardest (10^9 nodes and more for their solver) are among them.
func TestPublishedAnswers(t *testing.T) {
	answers := publishedAnswers(t)
	ctx := context.Background()
	for i, a := range answers {
		p := a.Problem
		methods := []nqueens.Method{DefaultFinder(p)}
		if !testing.Short() || i%4 == 0 {
			methods = append(methods, nqueens.DLX)
		}
		for _, m := range methods {
			s, err := finder(t, m).Find(ctx, p, nqueens.FindOptions{Seed: 1})
			var none *nqueens.NoSolutionError
			switch {
			case errors.As(err, &none):
				if a.Sat {
					t.Errorf("%s: %s finds no solution; the authors found one", a.Name(), m)
				}
			case err != nil:
				t.Fatalf("%s: %s: %v", a.Name(), m, err)
			case !a.Sat:
				t.Errorf("%s: %s finds %v; the authors found none", a.Name(), m, s.Columns)
			}
		}
	}
}

// TestDeciderConfirms: on the hardest published instances, the default
// decider's "no solution" is confirmed by a checked refutation of the
// linear relaxation where there is one, else by the second method; the
// sample has both kinds.
func TestDeciderConfirms(t *testing.T) {
	answers := publishedAnswers(t)
	hardest, refuted := 0, 0
	for _, a := range answers {
		if a.Sat || a.Nodes < 3_000_000_000 {
			continue
		}
		hardest++
		p := a.Problem
		if DefaultFinder(p) != nqueens.CP || SecondMethod(p, nqueens.CP) != nqueens.DLX {
			t.Fatalf("deciders of %s: %s then %s", a.Name(), DefaultFinder(p), SecondMethod(p, nqueens.CP))
		}
		f, err := search.Refute(context.Background(), p)
		if err != nil {
			t.Fatal(err)
		}
		want := nqueens.SecondMethod
		if f != nil {
			want = nqueens.Refutation
			refuted++
		}
		_, err = Find(context.Background(), finder(t, nqueens.CP), p, nqueens.FindOptions{}, Options{})
		var none *nqueens.NoSolutionError
		if !errors.As(err, &none) || none.Provenance.Evidence != want || want == nqueens.SecondMethod && none.Provenance.Method != nqueens.DLX {
			t.Errorf("%s: %v, want it confirmed by %s", a.Name(), err, want)
			continue
		}
		// The proof goes with the answer, checked, where it is one.
		if got := none.Provenance.Farkas; (got != nil) != (f != nil) || f != nil && got.Check(p) != nil {
			t.Errorf("%s: refutation %v with the answer confirmed by %s", a.Name(), got != nil, none.Provenance)
		}
		if f != nil {
			r, err := Count(context.Background(), counter(t, nqueens.CP), p, nqueens.CountOptions{}, Options{})
			if err != nil || r.All != 0 || r.Provenance.Evidence != nqueens.Refutation || r.Provenance.Farkas.Check(p) != nil {
				t.Errorf("%s: counted %+v, %v", a.Name(), r, err)
			}
		}
	}
	if hardest < 4 || refuted == 0 || refuted == hardest {
		t.Errorf("%d instances of 3 x 10^9 nodes or more in the sample, %d refuted: the test needs both kinds", hardest, refuted)
	}
}

// TestCPCountsPublished counts a few published instances with the
// constraint-propagation search and dancing links: the same count.
func TestCPCountsPublished(t *testing.T) {
	answers := publishedAnswers(t)
	for i, a := range answers {
		if a.N > 14 || i%7 != 0 {
			continue
		}
		p := a.Problem
		r1, err1 := search.CP(context.Background(), p, search.CPOptions{Jobs: 2})
		r2, err2 := counter(t, nqueens.DLX).Count(context.Background(), p, nqueens.CountOptions{Jobs: 2})
		if err1 != nil || err2 != nil || r1.Count != r2.All || (r1.Count > 0) != a.Sat {
			t.Errorf("%s: cp %d (%v), dancing links %d (%v), authors sat = %v", a.Name(), r1.Count, err1, r2.All, err2, a.Sat)
		}
	}
}

// TestPlanCount: the plan of a count names the join and its forecast
// where its memory fits, the constellation count and why where it does
// not; the forecast grows with n.
func TestPlanCount(t *testing.T) {
	p := PlanCount(model.Classic(18), 1)
	if p.Method != nqueens.Join || p.Why != "" || p.CoreSeconds != JoinCoreSeconds(18) || p.CoreSeconds <= 0 {
		t.Errorf("n = 18: %+v", p)
	}
	// From n = 22 the lists are built per unit: 246 MB a task at n = 24,
	// which the table (28 GB) did not fit here.
	if p = PlanCount(model.Classic(24), 1); p.Method != nqueens.Join || p.Why != "" || p.CoreSeconds <= JoinCoreSeconds(23) {
		t.Errorf("n = 24: %+v", p)
	}
	p = PlanCount(model.Classic(32), 1) // lists of about 173 GB a task
	if p.Method != nqueens.Constellation || !strings.Contains(p.Why, "needs") || p.CoreSeconds <= JoinCoreSeconds(31) {
		t.Errorf("n = 32: %+v", p)
	}
	for n := 17; n <= 32; n++ {
		if JoinCoreSeconds(n) <= JoinCoreSeconds(n-1) {
			t.Errorf("the forecast of n = %d is not above n - 1's", n)
		}
	}
	if p := PlanCount(model.Problem{N: 12, Fixed: []model.Square{{Row: 0, Col: 1}}}, 1); p.CoreSeconds != 0 || p.Why != "" {
		t.Errorf("a variant: %+v", p)
	}
}

// TestOneDecisionOfFit: the plan counts by the join exactly where the
// registry's join fits on as many goroutines (nqueens.Counter.Fits, the
// one decision Count itself asks), for every n it takes and 1, 2 and 64
// goroutines; and a variant's probe of cp's tree runs once however often
// the default method, the plan and the second method are asked.
func TestOneDecisionOfFit(t *testing.T) {
	for n := JoinFromN; n <= 32; n++ {
		for _, jobs := range []int{1, 2, 64} {
			p := model.Classic(n)
			plan := PlanCount(p, jobs)
			fits := join.Fits(p, jobs) == nil
			if (plan.Method == nqueens.Join) != fits || fits != (plan.Why == "") {
				t.Errorf("n = %d on %d goroutines: plan %+v, join fits: %v", n, jobs, plan, fits)
			}
		}
	}
	v := model.Problem{N: 13, Blocked: []model.Square{{Row: 2, Col: 5}, {Row: 7, Col: 1}}}
	before := probes.Load()
	m := DefaultCounter(v)
	for range 3 {
		if PlanCount(v, 1).Method != m {
			t.Error("the plan and the default method differ")
		}
		SecondCounter(v, nqueens.CP)
	}
	if got := probes.Load() - before; got != 1 {
		t.Errorf("the variant's probe ran %d times, want once", got)
	}
}
