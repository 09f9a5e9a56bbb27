package nqueens

import (
	"context"
	"errors"
	"slices"
	"testing"

	"github.com/queenslab/nqueens/encode"
	"github.com/queenslab/nqueens/model"
	"github.com/queenslab/nqueens/solvers/sat"
)

// TestCountProvenance: the registry holds a count to the published counts
// and to pre-placed queens that cannot stand; a count that disagrees is a
// WrongAnswerError naming the method and solver; a variant it cannot hold
// to anything is unconfirmed, with the reason, and no second count.
func TestCountProvenance(t *testing.T) {
	attacking := model.Problem{N: 6, Fixed: []model.Square{{Row: 0, Col: 0}, {Row: 1, Col: 1}}}
	completion := model.Problem{N: 6, Fixed: []model.Square{{Row: 0, Col: 1}}}
	for _, tc := range []struct {
		p     model.Problem
		r     CountResult
		wrong bool
		want  Evidence
	}{
		{model.Classic(8), CountResult{All: 92}, false, Published},
		{model.Classic(8), CountResult{All: 93}, true, 0},
		{model.Classic(8), CountResult{All: 92, Distinct: 11, HasDistinct: true}, true, 0},
		{model.Classic(8), CountResult{All: 92, Distinct: 12, HasDistinct: true}, false, Published},
		{model.Classic(28), CountResult{All: 1}, false, Unconfirmed},
		{attacking, CountResult{All: 0}, false, Conflict},
		{attacking, CountResult{All: 1}, true, 0},
		{completion, CountResult{All: 1}, false, Unconfirmed},
	} {
		r := tc.r
		r.Method, r.Solver = SAT, "liar"
		pr, err := countProvenance(tc.p, &r, relaxation{})
		var w *WrongAnswerError
		switch {
		case errors.As(err, &w) != tc.wrong || err != nil && w == nil:
			t.Errorf("%+v %+v: %v, want wrong = %v", tc.p, tc.r, err, tc.wrong)
		case w != nil && (w.Method != SAT || w.Solver != "liar"):
			t.Errorf("the error names %s, %s", w.Method, w.Solver)
		case err == nil && (pr.Evidence != tc.want || pr.String() == ""):
			t.Errorf("%+v %+v: %+v, want evidence %d told", tc.p, tc.r, pr, tc.want)
		}
	}
}

// TestNoneProvenance: "no solution" is held to OEIS, to the theorem that
// every N >= 4 has one, to attacking pre-placed queens and to the
// method's own refutation, which must check; one that does not is set
// aside, and the relaxation is known to have been tried.
func TestNoneProvenance(t *testing.T) {
	if n := noneOf(noneProvenance(model.Classic(3), Backtrack, "", relaxation{})); n == nil || n.Provenance.Evidence != Published {
		t.Errorf("N = 3: %+v", n)
	}
	for _, p := range []model.Problem{model.Classic(8), model.Classic(40)} {
		var w *WrongAnswerError
		if err := noneProvenance(p, SAT, "liar", relaxation{}); !errors.As(err, &w) || w.Method != SAT || w.Solver != "liar" {
			t.Errorf("%+v: %v, want a wrong answer", p, err)
		}
	}
	attacking := model.Problem{N: 6, Fixed: []model.Square{{Row: 0, Col: 0}, {Row: 1, Col: 1}}}
	if n := noneOf(noneProvenance(attacking, SAT, "gini", relaxation{})); n == nil || n.Provenance.Evidence != Conflict || n.Provenance.String() == "" {
		t.Errorf("attacking queens: %+v", n)
	}
	p := model.Problem{N: 3, Blocked: []model.Square{{Row: 1, Col: 0}, {Row: 1, Col: 1}, {Row: 1, Col: 2}}}
	proof := &model.Farkas{N: 3, Rows: []int64{0, -1, 0}, Cols: make([]int64, 3), Sums: make([]int64, 5), Diffs: make([]int64, 5)}
	if n := noneOf(noneProvenance(p, CP, "", relaxation{proof: proof})); n == nil || n.Provenance.Evidence != Refutation || n.Provenance.Farkas != proof || n.Provenance.String() != RefutedText {
		t.Errorf("a valid refutation given: %+v", n)
	}
	bogus := &model.Farkas{N: 3, Rows: make([]int64, 3), Cols: make([]int64, 3), Sums: make([]int64, 5), Diffs: make([]int64, 5)}
	for _, known := range []relaxation{{proof: bogus}, {solved: true}} {
		if n := noneOf(noneProvenance(p, CP, "", known)); n == nil || n.Provenance.Confirmed() || !n.Provenance.Relaxed || n.Provenance.Farkas != nil {
			t.Errorf("%+v given: %+v", known, n)
		}
	}
	if n := noneOf(noneProvenance(p, DLX, "", relaxation{})); n == nil || n.Provenance.Confirmed() || n.Provenance.Relaxed {
		t.Errorf("nothing given: %+v", n)
	}
}

// TestRegistryDoesNotConfirm: a count of a variant and an answer "no
// solution" come back from the registry as it knows them, unconfirmed,
// with no second method run.
func TestRegistryDoesNotConfirm(t *testing.T) {
	unsat := model.Problem{N: 6, Fixed: []model.Square{{Row: 0, Col: 0}}} // corner queen: no 6-queens solution has one
	_, err := finder(DLX).Find(context.Background(), unsat, FindOptions{})
	if n := noneOf(err); n == nil || n.Provenance.Confirmed() || n.Method != DLX {
		t.Errorf("dlx on %+v: %v", unsat, err)
	}
	r, err := counter(DLX).Count(context.Background(), model.Problem{N: 8, Fixed: []model.Square{{Row: 0, Col: 1}}}, CountOptions{})
	if err != nil || r.Provenance.Confirmed() || r.All == 0 {
		t.Errorf("dlx count: %+v, %v", r, err)
	}
}

// noneOf is the *NoSolutionError in err, or nil.
func noneOf(err error) *NoSolutionError {
	var n *NoSolutionError
	errors.As(err, &n)
	return n
}

// The encoding of method sat by solver: pairwise on small boards, the
// measured choice above, and the general default for a solver not
// measured; every choice is an encoding and every solver named one.
func TestDefaultSATAMO(t *testing.T) {
	for solver, amo := range satAMOBySolver {
		if _, err := encode.ParseAMO(amo); err != nil {
			t.Errorf("%s: %v", solver, err)
		}
		if solver != "gini" && solver != "gophersat" && !slices.Contains(sat.ExternalNames, solver) {
			t.Errorf("%s is no solver of sat.Lookup", solver)
		}
		if got := DefaultSATAMO(solver, encode.PairwiseMaxN); got != "pairwise" {
			t.Errorf("%s at N = %d: %s, want pairwise", solver, encode.PairwiseMaxN, got)
		}
		if got := DefaultSATAMO("/usr/bin/"+solver, 100); got != amo {
			t.Errorf("%s by path at N = 100: %s, want %s", solver, got, amo)
		}
	}
	if got, want := DefaultSATAMO("my-solver", 100), encode.DefaultAMO(100); got != want {
		t.Errorf("a solver not measured: %s, want %s", got, want)
	}
	// What solve reports is what it used.
	f, err := LookupFinder("sat")
	if err != nil {
		t.Fatal(err)
	}
	sol, err := f.Find(context.Background(), model.Classic(80), FindOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if want := satAMOBySolver[DefaultSATSolver]; sol.AMO != want {
		t.Errorf("method sat at N = 80 used %s, want %s", sol.AMO, want)
	}
}
