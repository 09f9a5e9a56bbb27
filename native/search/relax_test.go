package search

import (
	"context"
	"math/rand/v2"
	"path/filepath"
	"testing"

	"github.com/queenslab/nqueens/internal/brute"
	"github.com/queenslab/nqueens/internal/gent2017"
	"github.com/queenslab/nqueens/model"
)

// TestRefuteBruteForce: on random problems of every variant, n = 1..8,
// every refutation Refute gives checks and brute force finds no solution;
// and it refutes some of the problems without one, or the test would
// prove nothing. CP with and without the relaxation counts the same, and
// says whether it solved the relaxation.
func TestRefuteBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 17))
	cases := 1500
	if testing.Short() {
		cases = 300
	}
	none, refuted, relaxed := 0, 0, 0
	for i := range cases {
		n := 1 + i%8
		p := brute.Problem(n, rng.IntN)
		want := brute.Count(p)
		f, err := Refute(context.Background(), p)
		if err != nil {
			t.Fatalf("%+v: %v", p, err)
		}
		if want == 0 {
			none++
		}
		if f != nil {
			refuted++
			if want != 0 {
				t.Fatalf("%+v: refuted, but brute force finds %d solutions", p, want)
			}
			if err := f.Check(p); err != nil {
				t.Fatalf("%+v: the refutation does not check: %v", p, err)
			}
		}
		for _, no := range []bool{false, true} {
			r, err := CP(context.Background(), p, CPOptions{Jobs: 1 + i%2, NoRelaxation: no})
			if err != nil || r.Count != want {
				t.Fatalf("%+v (no relaxation %v): %d solutions (%v), brute force %d", p, no, r.Count, err, want)
			}
			if r.Refutation != nil && (no || r.Count != 0) {
				t.Fatalf("%+v (no relaxation %v): a refutation with %d solutions", p, no, r.Count)
			}
			// A count of a variant that its root does not settle solves
			// the relaxation first: Relaxed says it gave no proof, so
			// that none is looked for again.
			if r.Relaxed && (no || f != nil) || r.Refutation != nil && (no || f == nil) {
				t.Fatalf("%+v (no relaxation %v): relaxed %v, refutation %v; Refute's %v", p, no, r.Relaxed, r.Refutation != nil, f != nil)
			}
			if r.Relaxed {
				relaxed++
			}
		}
	}
	if refuted*4 < none {
		t.Fatalf("%d of %d problems without a solution refuted: fewer than a quarter", refuted, none)
	}
	if relaxed*10 < cases {
		t.Fatalf("the relaxation solved without a proof in %d of %d counts with it: fewer than a tenth", relaxed, cases)
	}
	t.Logf("%d of %d problems without a solution refuted", refuted, none)
}

// publishedSample reads the sample of Gent, Jefferson and Nightingale's
// published instances in testdata/gent2017 with the answers their solver
// recorded.
func publishedSample(t testing.TB) []gent2017.Instance {
	out, err := gent2017.Sample(filepath.Join("..", "..", "testdata", "gent2017"))
	if err != nil {
		t.Fatal(err)
	}
	if len(out) == 0 {
		t.Fatal("no published instance with an answer")
	}
	return out
}

// TestRefutePublished: on the sample of Gent, Jefferson and Nightingale's
// published instances (every d of each list), a refutation only where
// their solver found no solution, each checked; and some of them.
func TestRefutePublished(t *testing.T) {
	refuted, unsat := 0, 0
	for _, in := range publishedSample(t) {
		ref, err := Refute(context.Background(), in.Problem)
		if err != nil {
			t.Fatal(err)
		}
		if !in.Sat {
			unsat++
		}
		if ref != nil {
			refuted++
			if in.Sat {
				t.Fatalf("%s: refuted, but it has a solution", in.Name())
			}
			if err := ref.Check(in.Problem); err != nil {
				t.Fatalf("%s: %v", in.Name(), err)
			}
		}
	}
	if unsat == 0 || refuted == 0 {
		t.Fatalf("%d of %d instances without a solution refuted", refuted, unsat)
	}
	t.Logf("%d of %d published instances without a solution refuted", refuted, unsat)
}

// TestRefuteLarge: the relaxation of a board of RelaxMaxN, and one too
// large for it.
func TestRefuteLarge(t *testing.T) {
	p := model.Problem{N: RelaxMaxN, Excluded: []model.Diagonal{{Kind: model.Sum, Index: 5}}}
	if f, err := Refute(context.Background(), p); err != nil || f != nil {
		t.Fatalf("N = %d with one diagonal excluded: %v, %v", RelaxMaxN, f, err)
	}
	var bl []model.Square
	for c := range RelaxMaxN {
		bl = append(bl, model.Square{Row: 7, Col: c})
	}
	p = model.Problem{N: RelaxMaxN, Blocked: bl}
	if f, err := Refute(context.Background(), p); err != nil || f == nil || f.Check(p) != nil {
		t.Fatalf("N = %d with row 8 blocked: not refuted (%v)", RelaxMaxN, err)
	}
	if _, err := Refute(context.Background(), model.Problem{N: RelaxMaxN + 1, Blocked: bl}); err == nil {
		t.Fatalf("N = %d: no error", RelaxMaxN+1)
	}
}
