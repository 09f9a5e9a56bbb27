package nqueens_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"

	"github.com/queenslab/nqueens"
	"github.com/queenslab/nqueens/internal/brute"
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
			r, err := c.Count(context.Background(), model.Classic(n), nqueens.CountOptions{Distinct: !c.AllOnly})
			if err != nil {
				t.Fatal(err)
			}
			if err := nqueens.AgreesWithOEIS(r); err != nil {
				t.Errorf("%s: %v", c.Name, err)
			}
			if c.AllOnly {
				if r.HasDistinct {
					t.Errorf("%s counts all solutions only, yet reports a distinct count", c.Name)
				}
				if _, err := c.Count(context.Background(), model.Classic(n), nqueens.CountOptions{Distinct: true}); !errors.As(err, new(*nqueens.OptionError)) {
					t.Errorf("%s counts all solutions only, yet takes Distinct: %v", c.Name, err)
				}
				if first != nil && r.All != first.All {
					t.Errorf("n = %d: %s says %d, %s %d", n, c.Name, r.All, first.Method, first.All)
				}
				continue
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
	if err := nqueens.AgreesWithOEIS(r); err == nil {
		t.Error("91 for n = 8 accepted")
	}
	r = &nqueens.CountResult{N: 8, All: 92, Distinct: 11, HasDistinct: true}
	if err := nqueens.AgreesWithOEIS(r); err == nil {
		t.Error("11 distinct for n = 8 accepted")
	}
	r = &nqueens.CountResult{N: 30, All: 1}
	if err := nqueens.AgreesWithOEIS(r); err != nil {
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
	if err := f.Accepts(model.Problem{N: 8, Fixed: []model.Square{{Row: 0, Col: 0}}}); err == nil {
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
	fmt.Println(r.All, r.Distinct, nqueens.AgreesWithOEIS(r))
	// Output: 724 92 <nil>
}

// TestVariantCountersAgree counts random completion and blocked problems
// with every counter that takes them (backtrack, dlx, sat with each
// in-process solver and several encodings) and compares.
func TestVariantCountersAgree(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for i := range 25 {
		n := 5 + i%5
		p := model.Problem{N: n}
		for range rng.IntN(3) {
			p.Fixed = append(p.Fixed, model.Square{Row: rng.IntN(n), Col: rng.IntN(n)})
		}
		for range rng.IntN(2 * n) {
			p.Blocked = append(p.Blocked, model.Square{Row: rng.IntN(n), Col: rng.IntN(n)})
		}
		var want *nqueens.CountResult
		for _, c := range nqueens.Counters() {
			if !c.AcceptsVariants {
				continue
			}
			opts := []nqueens.CountOptions{{}}
			if c.Name == "sat" {
				opts = []nqueens.CountOptions{{Solver: "gini", AMO: "sequential"}, {Solver: "gophersat", AMO: "bimander"}, {Solver: "gini", AMO: "product", Jobs: 1}}
			}
			for _, o := range opts {
				r, err := c.Count(context.Background(), p, o)
				if err != nil {
					t.Fatalf("%s %+v on %+v: %v", c.Name, o, p, err)
				}
				if want == nil {
					want = r
				} else if r.All != want.All {
					t.Errorf("%+v: %s %+v counts %d, %s %d", p, c.Name, o, r.All, want.Method, want.All)
				}
			}
		}
	}
}

// TestExternalSolverCounts counts with clasp and cryptominisat5 through the
// facade, where they are installed.
func TestExternalSolverCounts(t *testing.T) {
	for _, tc := range []struct{ solver, amo string }{{"clasp", "ladder"}, {"cryptominisat5", "binary"}} {
		if _, err := exec.LookPath(tc.solver); err != nil {
			if os.Getenv("NQUEENS_REQUIRE_SOLVERS") == "1" {
				t.Fatalf("%s is not installed, and NQUEENS_REQUIRE_SOLVERS=1", tc.solver)
			}
			t.Logf("SKIPPED: %s is not installed", tc.solver)
			continue
		}
		c, _ := nqueens.LookupCounter("sat")
		for n := 1; n <= 9; n++ {
			r, err := c.Count(context.Background(), model.Classic(n), nqueens.CountOptions{Solver: tc.solver, AMO: tc.amo})
			if err != nil {
				t.Fatalf("%s n = %d: %v", tc.solver, n, err)
			}
			if err := nqueens.AgreesWithOEIS(r); err != nil {
				t.Errorf("%s %s: %v", tc.solver, tc.amo, err)
			}
		}
	}
	c, _ := nqueens.LookupCounter("sat")
	_, err := c.Count(context.Background(), model.Classic(6), nqueens.CountOptions{Solver: "clasp", AMO: "sequential"})
	var oe *nqueens.OptionError
	if !errors.As(err, &oe) {
		t.Errorf("clasp with a non-parsimonious encoding: %v, want an OptionError", err)
	}
}

// TestJoinVariantsAgainstDLXAndCP: the join counts random variants of
// every kind (pre-placed queens, blocked squares, excluded diagonals,
// subsets of rows and columns) of n = 8..14 as dancing links and
// constraint propagation count them.
func TestJoinVariantsAgainstDLXAndCP(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 43))
	cases := 21
	if testing.Short() {
		cases = 7
	}
	join, _ := nqueens.LookupCounter(string(nqueens.Join))
	for i := range cases {
		p := brute.Variant(8+i%7, rng.IntN)
		j, err := join.Count(context.Background(), p, nqueens.CountOptions{Jobs: 2})
		if err != nil {
			t.Fatalf("join on %+v: %v", p, err)
		}
		for _, m := range []nqueens.Method{nqueens.DLX, nqueens.CP} {
			c, _ := nqueens.LookupCounter(string(m))
			r, err := c.Count(context.Background(), p, nqueens.CountOptions{Jobs: 2})
			if err != nil || r.All != j.All {
				t.Errorf("%+v: join %d, %s %d (%v)", p, j.All, m, r.All, err)
			}
		}
	}
}

// TestSATCountsEveryVariant: counting by SAT (gini's cube enumeration on
// one goroutine and two, gophersat) agrees with brute force on random
// variants of every kind, n = 1..8, those without a solution among them:
// gini's own check of a propagated cube once ended the process there.
func TestSATCountsEveryVariant(t *testing.T) {
	rng := rand.New(rand.NewPCG(47, 53))
	cases := 260
	if testing.Short() {
		cases = 80
	}
	c, _ := nqueens.LookupCounter(string(nqueens.SAT))
	zero := 0
	for i := range cases {
		p := brute.Problem(1+i%8, rng.IntN)
		want := brute.Count(p)
		if want == 0 {
			zero++
		}
		for _, o := range []nqueens.CountOptions{{Solver: "gini", Jobs: 1}, {Solver: "gini", Jobs: 2}, {Solver: "gophersat"}} {
			r, err := c.Count(context.Background(), p, o)
			if err != nil || r.All != want {
				t.Fatalf("%+v, %s on %d jobs: %v (%v), brute force %d", p, o.Solver, o.Jobs, r, err, want)
			}
		}
	}
	if zero < cases/10 {
		t.Errorf("only %d of %d variants without a solution", zero, cases)
	}
}

// Example is the package's walk-through: a solution, a count held to
// OEIS, a variant's count confirmed by a second method, and "no solution"
// with what it rests on.
func Example() {
	ctx := context.Background()
	f, _ := nqueens.LookupFinder(nqueens.Backtrack)
	s, _ := f.Find(ctx, model.Classic(8), nqueens.FindOptions{})
	fmt.Println(s.Columns)

	c, _ := nqueens.LookupCounter(nqueens.Join)
	r, _ := c.Count(ctx, model.Classic(12), nqueens.CountOptions{})
	fmt.Println(r.All, r.Provenance)

	p := model.Problem{N: 12, Fixed: []model.Square{{Row: 0, Col: 1}}}
	v, _ := c.Count(ctx, p, nqueens.CountOptions{})
	fmt.Println(v.All, v.Provenance.Confirmed())

	_, err := f.Find(ctx, model.Classic(3), nqueens.FindOptions{})
	var none *nqueens.NoSolutionError
	fmt.Println(errors.As(err, &none), none.Provenance)
	// Output:
	// [0 4 7 5 2 6 1 3]
	// 14200 OEIS A000170
	// 806 false
	// true OEIS A000170
}

// TestDegenerateProblems: every method that takes a degenerate problem
// answers it alike, without a panic: no rows and no columns (the empty
// placement, one solution), a board of one square, one row and one column
// (one queen), every square of a row blocked (none); a row without a
// queen comes back as NoQueen in Columns.
func TestDegenerateProblems(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		name  string
		p     model.Problem
		count uint64
	}{
		{"no rows, no columns", model.Problem{N: 5, Rows: []int{}, Cols: []int{}}, 1},
		{"one square", model.Classic(1), 1},
		{"one row, one column", model.Problem{N: 4, Rows: []int{1}, Cols: []int{2}}, 1},
		{"a row blocked", model.Problem{N: 4, Blocked: []model.Square{{Row: 2, Col: 0}, {Row: 2, Col: 1}, {Row: 2, Col: 2}, {Row: 2, Col: 3}}}, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			for _, f := range nqueens.Finders() {
				if f.Accepts(c.p) != nil || f.Name == nqueens.SAT && c.p.N > 64 {
					continue
				}
				s, err := f.Find(ctx, c.p, nqueens.FindOptions{Seed: 1})
				var none *nqueens.NoSolutionError
				switch {
				case c.count == 0 && !errors.As(err, &none):
					t.Errorf("find %s: %v, %v: want no solution", f.Name, s, err)
				case c.count > 0 && err != nil:
					t.Errorf("find %s: %v", f.Name, err)
				case c.count > 0:
					for r, col := range s.Columns {
						takes := c.p.Rows == nil || slices.Contains(c.p.Rows, r)
						if takes == (col == nqueens.NoQueen) {
							t.Errorf("find %s: row %d has column %d", f.Name, r, col)
						}
					}
				}
			}
			for _, k := range nqueens.Counters() {
				if k.Accepts(c.p) != nil {
					continue
				}
				r, err := k.Count(ctx, c.p, nqueens.CountOptions{Jobs: 2})
				if err != nil || r.All != c.count {
					t.Errorf("count %s: %v, %v: want %d", k.Name, r, err, c.count)
				}
			}
		})
	}
	// Zero methods and nil contexts are errors, not panics.
	var zf nqueens.Finder
	if _, err := zf.Find(ctx, model.Classic(8), nqueens.FindOptions{}); err == nil || !strings.Contains(err.Error(), "LookupFinder") {
		t.Errorf("a zero Finder: %v", err)
	}
	var zc nqueens.Counter
	if _, err := zc.Count(ctx, model.Classic(8), nqueens.CountOptions{}); err == nil || !strings.Contains(err.Error(), "LookupCounter") {
		t.Errorf("a zero Counter: %v", err)
	}
	f, _ := nqueens.LookupFinder(nqueens.Backtrack)
	c, _ := nqueens.LookupCounter(nqueens.Join)
	//lint:ignore SA1012 a nil context is what is tested
	if _, err := f.Find(nil, model.Classic(8), nqueens.FindOptions{}); err == nil { //nolint:staticcheck
		t.Error("Find with a nil context")
	}
	if _, err := c.Count(nil, model.Classic(8), nqueens.CountOptions{}); err == nil { //nolint:staticcheck
		t.Error("Count with a nil context")
	}
}
