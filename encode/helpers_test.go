package encode_test

import (
	"testing"

	"github.com/go-air/gini"
	"github.com/go-air/gini/z"

	"github.com/queenslab/nqueens/cnf"
	"github.com/queenslab/nqueens/encode"
	"github.com/queenslab/nqueens/model"
)

// giniOf loads the clauses of f into a new gini solver.
func giniOf(f *cnf.Formula) *gini.Gini {
	g := gini.NewV(f.Vars + 1)
	for _, c := range f.Clauses {
		for _, l := range c {
			g.Add(z.Dimacs2Lit(l))
		}
		g.Add(0)
	}
	return g
}

// countModels enumerates the models of f with gini and blocking clauses,
// over the variables 1..project (projection) or all of f's variables
// (project = 0), up to limit models. Each model's placement on an n x n
// board is passed to each, if not nil.
func countModels(t *testing.T, f *cnf.Formula, n, project, limit int, each func(model.Placement)) int {
	t.Helper()
	g := giniOf(f)
	if project == 0 {
		project = f.Vars
	}
	count := 0
	for count < limit && g.Solve() == 1 {
		count++
		value := func(v int) bool { return v <= int(g.MaxVar()) && g.Value(z.Dimacs2Lit(v)) }
		if each != nil {
			q, err := encode.Decode(n, value)
			if err != nil {
				t.Fatalf("model %d: %v", count, err)
			}
			each(q)
		}
		for v := 1; v <= project; v++ {
			if value(v) {
				g.Add(z.Dimacs2Lit(-v))
			} else {
				g.Add(z.Dimacs2Lit(v))
			}
		}
		g.Add(0)
	}
	return count
}

// allAMO is every encoding with its default parameter and a few others.
func allAMO(t *testing.T) []encode.AMO {
	var out []encode.AMO
	for _, name := range append(append([]string(nil), encode.AMONames...), "commander:2", "commander:4", "bimander:1", "bimander:2", "bimander:3", "pairwise+sums", "commander:2+sums") {
		a, err := encode.ParseAMO(name)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, a)
	}
	return out
}
