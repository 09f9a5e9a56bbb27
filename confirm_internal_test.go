package nqueens

import (
	"context"
	"errors"
	"slices"
	"testing"

	"github.com/queenslab/nqueens/encode"
	"github.com/queenslab/nqueens/model"
	"github.com/queenslab/nqueens/native"
	"github.com/queenslab/nqueens/solvers/sat"
)

// TestConfirmCount: a count that disagrees with OEIS, with a fixed
// conflict, or with a second method is a WrongAnswerError naming the
// method; the right ones pass.
func TestConfirmCount(t *testing.T) {
	ctx := context.Background()
	completion := model.Problem{N: 6, Fixed: []model.Square{{Row: 0, Col: 1}}} // 1 solution... counted below
	bt, _ := LookupCounter("backtrack")
	right, err := bt.count(ctx, completion, CountOptions{})
	if err != nil {
		t.Fatal(err)
	}
	attacking := model.Problem{N: 6, Fixed: []model.Square{{Row: 0, Col: 0}, {Row: 1, Col: 1}}}
	big := model.Problem{N: 12, Fixed: []model.Square{{Row: 0, Col: 1}}, Blocked: []model.Square{{Row: 4, Col: 4}}}
	bigRight, err := counter(DLX).count(ctx, big, CountOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		p      model.Problem
		method Method
		r      CountResult
		wrong  bool
	}{
		{model.Classic(8), "sat", CountResult{All: 92}, false},
		{model.Classic(8), "sat", CountResult{All: 93}, true},
		{model.Classic(8), "dlx", CountResult{All: 92, Distinct: 11, HasDistinct: true}, true},
		{model.Classic(8), "dlx", CountResult{All: 92, Distinct: 12, HasDistinct: true}, false},
		{attacking, "sat", CountResult{All: 0}, false},
		{attacking, "sat", CountResult{All: 1}, true},
		{completion, "sat", CountResult{All: right.All}, false},
		{completion, "sat", CountResult{All: right.All + 1}, true},
		{completion, "backtrack", CountResult{All: right.All + 1}, true},
		// Above N = 10 too: a solver that drops models is caught.
		{big, "sat", CountResult{All: bigRight.All - 1}, true},
		{big, "sat", CountResult{All: bigRight.All}, false},
	} {
		r := tc.r
		err := confirmCount(ctx, tc.p, tc.method, "method "+string(tc.method), &r)
		var w *WrongAnswerError
		if got := errors.As(err, &w); got != tc.wrong || err != nil && !got {
			t.Errorf("%+v %s %+v: %v, want wrong = %v", tc.p, tc.method, tc.r, err, tc.wrong)
		}
		if w != nil && w.Method != "method "+string(tc.method) {
			t.Errorf("the error names %q", w.Method)
		}
	}
}

// TestConfirmNone: "no solution" is confirmed by OEIS, by attacking
// pre-placed queens or by a second complete method, and refuted where a
// solution exists; an exhausted budget leaves it unconfirmed.
func TestConfirmNone(t *testing.T) {
	ctx := context.Background()
	if n := noneOf(confirmNone(ctx, model.Classic(3), "backtrack", "x", relaxation{})); n == nil || n.ConfirmedBy != "OEIS A000170" {
		t.Errorf("N = 3: %+v", n)
	}
	for _, p := range []model.Problem{model.Classic(8), model.Classic(40), {N: 6, Fixed: []model.Square{{Row: 0, Col: 1}}}} {
		var w *WrongAnswerError
		if err := confirmNone(ctx, p, "sat", "method sat, solver liar", relaxation{}); !errors.As(err, &w) || w.Method != "method sat, solver liar" {
			t.Errorf("%+v: %v, want a wrong answer", p, err)
		}
	}
	unsat := model.Problem{N: 6, Fixed: []model.Square{{Row: 0, Col: 0}}} // corner queen: no 6-queens solution has one
	for method, by := range map[Method]string{SAT: "constraint propagation (cp)", DLX: "constraint propagation (cp)", CP: "dancing links"} {
		err := confirmNone(ctx, unsat, method, string(method), relaxation{})
		if n := noneOf(err); n == nil || n.ConfirmedBy != by || !errors.Is(err, native.ErrNoSolution) {
			t.Errorf("%s: %v, want confirmed by %s", method, err, by)
		}
	}
	attacking := model.Problem{N: 6, Fixed: []model.Square{{Row: 0, Col: 0}, {Row: 1, Col: 1}}}
	if n := noneOf(confirmNone(ctx, attacking, "sat", "sat", relaxation{})); n == nil || n.ConfirmedBy == "" {
		t.Errorf("attacking queens: %+v", n)
	}
	// A budget already spent: the answer stands unconfirmed.
	dctx, cancel := context.WithTimeout(ctx, 0)
	defer cancel()
	hard := model.Problem{N: 60, Blocked: []model.Square{{Row: 0, Col: 0}}}
	if n := noneOf(confirmNone(dctx, hard, "sat", "sat", relaxation{})); n == nil || n.ConfirmedBy != "" || n.Unconfirmed == "" {
		t.Errorf("no time left: %+v", n)
	}
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

// TestConfirmNoneGivenRefutation: what a method learnt of the linear
// relaxation is what the confirmation uses: a valid proof confirms, one
// that does not check is set aside for the second method, not solved for
// again; a relaxation the method solved without a proof is not solved
// again either; and with nothing known it is solved here.
func TestConfirmNoneGivenRefutation(t *testing.T) {
	ctx := context.Background()
	p := model.Problem{N: 3, Blocked: []model.Square{{Row: 1, Col: 0}, {Row: 1, Col: 1}, {Row: 1, Col: 2}}}
	proof := &model.Farkas{N: 3, Rows: []int64{0, -1, 0}, Cols: make([]int64, 3), Sums: make([]int64, 5), Diffs: make([]int64, 5)}
	if n := noneOf(confirmNone(ctx, p, CP, "cp", relaxation{proof: proof})); n == nil || n.ConfirmedBy != Refuted || n.Refutation != proof {
		t.Errorf("a valid refutation given: %+v", n)
	}
	second := Title(SecondMethod(p, CP))
	bogus := &model.Farkas{N: 3, Rows: make([]int64, 3), Cols: make([]int64, 3), Sums: make([]int64, 5), Diffs: make([]int64, 5)}
	if n := noneOf(confirmNone(ctx, p, CP, "cp", relaxation{proof: bogus})); n == nil || n.ConfirmedBy != second || n.Refutation != nil {
		t.Errorf("a refutation that does not check given: %+v", n)
	}
	// p's relaxation has no real solution; told that it was solved
	// without a proof, the confirmation does not look again.
	if n := noneOf(confirmNone(ctx, p, CP, "cp", relaxation{solved: true})); n == nil || n.ConfirmedBy != second || n.Refutation != nil {
		t.Errorf("solved, no proof: %+v", n)
	}
	if n := noneOf(confirmNone(ctx, p, CP, "cp", relaxation{})); n == nil || n.ConfirmedBy != Refuted || n.Refutation == nil || n.Refutation.Check(p) != nil {
		t.Errorf("none given: %+v", n)
	}
}

// noneOf is the *NoSolutionError in err, or nil.
func noneOf(err error) *NoSolutionError {
	var n *NoSolutionError
	errors.As(err, &n)
	return n
}
