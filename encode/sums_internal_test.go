package encode

import (
	"math/rand/v2"
	"testing"

	"github.com/go-air/gini"
	"github.com/go-air/gini/z"

	"github.com/queenslab/nqueens/cnf"
)

// TestSumBDD: the clauses of one family's BDD, on y variables 1..m of
// their own, have exactly one model for each choice of k of the weights
// adding up to the target, and none other (brute force over the choices,
// models enumerated by gini over all variables: the nodes are functions
// of the y); Size agrees with the clauses.
func TestSumBDD(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 9))
	empty := 0
	for trial := range 400 {
		m := rng.IntN(10)
		var fam sumFamily
		w := 0
		for i := range m {
			w += 1 + rng.IntN(3)
			fam.index = append(fam.index, w)
			fam.squares = append(fam.squares, []int{i + 1})
		}
		fam.k = rng.IntN(m + 2)
		var want int
		sums := map[[2]int]int{} // (taken, sum) -> choices
		for set := range 1 << m {
			taken, sum := 0, 0
			for i := range m {
				if set>>i&1 == 1 {
					taken++
					sum += fam.index[i]
				}
			}
			sums[[2]int{taken, sum}]++
		}
		if trial%2 == 0 && m > 0 { // a target that some k-subset reaches, if any
			set := rng.Perm(m)[:min(fam.k, m)]
			for _, i := range set {
				fam.target += fam.index[i]
			}
		} else {
			fam.target = rng.IntN(3*m + 3)
		}
		want = sums[[2]int{fam.k, fam.target}]
		c := sumConstraint{fam, newSumBDD(fam)}
		var f cnf.Formula
		vars := cnf.NewVars(m)
		encodeFamily(&f, vars, c)
		var tally cnf.Tally
		encodeFamily(&tally, cnf.NewVars(m), c)
		if sv, sc := familySize(c); tally.Clauses != sc || vars.Top()-m != sv {
			t.Fatalf("trial %d: %d clauses and %d variables, Size says %d and %d", trial, tally.Clauses, vars.Top()-m, sc, sv)
		}
		if c.bdd.empty {
			empty++
		}
		g := gini.NewV(vars.Top() + 1)
		for _, c := range f.Clauses {
			for _, l := range c {
				g.Add(z.Dimacs2Lit(l))
			}
			g.Add(0)
		}
		got := 0
		for g.Solve() == 1 {
			got++
			taken, sum := 0, 0
			for i := range m {
				if g.Value(z.Dimacs2Lit(i + 1)) {
					taken++
					sum += fam.index[i]
				}
			}
			if taken != fam.k || sum != fam.target {
				t.Fatalf("trial %d: a model takes %d weights adding up to %d; want %d adding up to %d", trial, taken, sum, fam.k, fam.target)
			}
			for v := 1; v <= vars.Top(); v++ {
				g.Add(z.Dimacs2Lit(map[bool]int{true: -v, false: v}[g.Value(z.Dimacs2Lit(v))]))
			}
			g.Add(0)
		}
		if got != want {
			t.Fatalf("trial %d (weights %v, k %d, target %d): %d models, %d choices", trial, fam.index, fam.k, fam.target, got, want)
		}
	}
	if empty == 0 || empty == 400 {
		t.Fatalf("%d of 400 constraints cannot hold: the test needs both kinds", empty)
	}
}
