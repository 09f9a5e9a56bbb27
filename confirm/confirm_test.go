package confirm

import (
	"context"
	"errors"
	"fmt"
	"testing"

	nqueens "github.com/queenslab/nqueens"
	"github.com/queenslab/nqueens/model"
	"github.com/queenslab/nqueens/native/counting"
)

func counter(t *testing.T, m nqueens.Method) nqueens.Counter {
	t.Helper()
	c, err := nqueens.LookupCounter(string(m))
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func finder(t *testing.T, m nqueens.Method) nqueens.Finder {
	t.Helper()
	f, err := nqueens.LookupFinder(string(m))
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// TestCounted: a count of a variant that disagrees with a second method
// is a WrongAnswerError naming the method and solver; the right ones are
// confirmed by the second method, by name.
func TestCounted(t *testing.T) {
	ctx := context.Background()
	completion := model.Problem{N: 6, Fixed: []model.Square{{Row: 0, Col: 1}}}
	big := model.Problem{N: 12, Fixed: []model.Square{{Row: 0, Col: 1}}, Blocked: []model.Square{{Row: 4, Col: 4}}}
	truth := map[*model.Problem]uint64{}
	for _, p := range []*model.Problem{&completion, &big} {
		r, err := counter(t, nqueens.Backtrack).Count(ctx, *p, nqueens.CountOptions{})
		if err != nil {
			t.Fatal(err)
		}
		truth[p] = r.All
	}
	for _, tc := range []struct {
		p      *model.Problem
		method nqueens.Method
		delta  int
	}{
		{&completion, nqueens.SAT, 0},
		{&completion, nqueens.SAT, 1},
		{&completion, nqueens.Backtrack, 1},
		{&completion, nqueens.CP, -1},
		// Above N = 10 too: a solver that drops models is caught.
		{&big, nqueens.SAT, -1},
		{&big, nqueens.SAT, 0},
	} {
		r := &nqueens.CountResult{N: tc.p.N, Method: tc.method, Solver: "liar", All: uint64(int(truth[tc.p]) + tc.delta)}
		err := Counted(ctx, *tc.p, r, Options{})
		var w *nqueens.WrongAnswerError
		switch {
		case errors.As(err, &w) != (tc.delta != 0) || err != nil && w == nil:
			t.Errorf("%+v %s %d: %v, want wrong = %v", *tc.p, tc.method, r.All, err, tc.delta != 0)
		case w != nil && (w.Method != tc.method || w.Solver != "liar"):
			t.Errorf("the error names %s, %s", w.Method, w.Solver)
		case err == nil && (r.Provenance.Evidence != nqueens.SecondMethod || r.Provenance.Method == tc.method || r.Provenance.String() != nqueens.Title(r.Provenance.Method)):
			t.Errorf("%+v %s: %+v", *tc.p, tc.method, r.Provenance)
		}
	}
	// The registry's own evidence is not searched for again.
	r := &nqueens.CountResult{N: 6, Method: nqueens.SAT, All: 5, Provenance: nqueens.Provenance{Evidence: nqueens.Published, Detail: "OEIS A000170"}}
	if err := Counted(ctx, completion, r, Options{}); err != nil || r.Provenance.Evidence != nqueens.Published {
		t.Errorf("confirmed already: %+v, %v", r.Provenance, err)
	}
}

// TestNone: "no solution" is confirmed by a second complete method, named,
// or found false where a solution exists; an exhausted budget leaves it
// unconfirmed with the reason.
func TestNone(t *testing.T) {
	ctx := context.Background()
	unsat := model.Problem{N: 6, Fixed: []model.Square{{Row: 0, Col: 0}}} // corner queen: no 6-queens solution has one
	for method, by := range map[nqueens.Method]string{nqueens.SAT: "constraint propagation (cp)", nqueens.DLX: "constraint propagation (cp)", nqueens.CP: "dancing links"} {
		err := None(ctx, unsat, &nqueens.NoSolutionError{Method: method, Provenance: nqueens.Provenance{Relaxed: true}}, Options{})
		if n := noneOf(err); n == nil || n.Provenance.Evidence != nqueens.SecondMethod || n.Provenance.String() != by || !errors.Is(err, model.ErrNoSolution) {
			t.Errorf("%s: %v, want confirmed by %s", method, err, by)
		}
	}
	completion := model.Problem{N: 6, Fixed: []model.Square{{Row: 0, Col: 1}}}
	var w *nqueens.WrongAnswerError
	if err := None(ctx, completion, &nqueens.NoSolutionError{Method: nqueens.SAT, Solver: "liar"}, Options{}); !errors.As(err, &w) || w.Method != nqueens.SAT || w.Solver != "liar" {
		t.Errorf("%+v: %v, want a wrong answer", completion, err)
	}
	// A budget already spent: the answer stands unconfirmed.
	dctx, cancel := context.WithTimeout(ctx, 0)
	defer cancel()
	hard := model.Problem{N: 60, Blocked: []model.Square{{Row: 0, Col: 0}}}
	if n := noneOf(None(dctx, hard, &nqueens.NoSolutionError{Method: nqueens.SAT}, Options{})); n == nil || n.Provenance.Confirmed() || n.Provenance.String() == "" {
		t.Errorf("no time left: %+v", n)
	}
	// A cancelled caller is told so.
	cctx, stop := context.WithCancel(ctx)
	stop()
	if err := None(cctx, hard, &nqueens.NoSolutionError{Method: nqueens.SAT}, Options{}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
}

// TestNoneRefutes: a relaxation the method did not try is solved here and
// its checked proof confirms; one the method tried is not solved again,
// and the second method confirms.
func TestNoneRefutes(t *testing.T) {
	ctx := context.Background()
	p := model.Problem{N: 3, Blocked: []model.Square{{Row: 1, Col: 0}, {Row: 1, Col: 1}, {Row: 1, Col: 2}}}
	n := noneOf(None(ctx, p, &nqueens.NoSolutionError{Method: nqueens.DLX}, Options{}))
	if n == nil || n.Provenance.Evidence != nqueens.Refutation || n.Provenance.Farkas == nil || n.Provenance.Farkas.Check(p) != nil {
		t.Errorf("not tried: %+v", n)
	}
	n = noneOf(None(ctx, p, &nqueens.NoSolutionError{Method: nqueens.CP, Provenance: nqueens.Provenance{Relaxed: true}}, Options{}))
	if n == nil || n.Provenance.Evidence != nqueens.SecondMethod || n.Provenance.Farkas != nil {
		t.Errorf("tried: %+v", n)
	}
	r := &nqueens.CountResult{N: p.N, Method: nqueens.DLX}
	if err := Counted(ctx, p, r, Options{}); err != nil || r.Provenance.Evidence != nqueens.Refutation || r.Provenance.Farkas.Check(p) != nil {
		t.Errorf("a count of 0: %+v, %v", r.Provenance, err)
	}
}

// TestFindAndCount: the composition confirms what the registry left
// unconfirmed, and passes on what it confirmed.
func TestFindAndCount(t *testing.T) {
	ctx := context.Background()
	unsat := model.Problem{N: 6, Fixed: []model.Square{{Row: 0, Col: 0}}}
	_, err := Find(ctx, finder(t, nqueens.Backtrack), unsat, nqueens.FindOptions{}, Options{})
	if n := noneOf(err); n == nil || !n.Provenance.Confirmed() || n.Method != nqueens.Backtrack {
		t.Errorf("find: %v", err)
	}
	s, err := Find(ctx, finder(t, nqueens.Backtrack), model.Classic(8), nqueens.FindOptions{}, Options{})
	if err != nil || model.VerifyColumns(model.Classic(8), s.Columns) != nil {
		t.Errorf("find N = 8: %v", err)
	}
	r, err := Count(ctx, counter(t, nqueens.DLX), model.Problem{N: 8, Fixed: []model.Square{{Row: 0, Col: 1}}}, nqueens.CountOptions{}, Options{})
	if err != nil || r.Provenance.Evidence != nqueens.SecondMethod || r.Provenance.Method == nqueens.DLX {
		t.Errorf("count: %+v, %v", r, err)
	}
	r, err = Count(ctx, counter(t, nqueens.DLX), model.Classic(8), nqueens.CountOptions{}, Options{})
	if err != nil || r.Provenance.Evidence != nqueens.Published {
		t.Errorf("count N = 8: %+v, %v", r, err)
	}
}

// noneOf is the *NoSolutionError in err, or nil.
func noneOf(err error) *nqueens.NoSolutionError {
	var n *nqueens.NoSolutionError
	errors.As(err, &n)
	return n
}

// Example is the package's walk-through: "no solution" confirmed by a
// second method, a count of a variant confirmed, with what each rests on.
func Example() {
	ctx := context.Background()
	p := model.Problem{N: 6, Fixed: []model.Square{{Row: 0, Col: 0}}}
	f, _ := nqueens.LookupFinder(DefaultFinder(p))
	_, err := Find(ctx, f, p, nqueens.FindOptions{}, Options{})
	var none *nqueens.NoSolutionError
	fmt.Println(errors.As(err, &none), none.Provenance.Evidence, none.Provenance)

	q := model.Problem{N: 12, Fixed: []model.Square{{Row: 0, Col: 1}}}
	c, _ := nqueens.LookupCounter(DefaultCounter(q))
	r, _ := Count(ctx, c, q, nqueens.CountOptions{}, Options{})
	fmt.Println(r.All, r.Provenance.Evidence, r.Provenance)
	// Output:
	// true second-method dancing links
	// 806 second-method dancing links
}

// TestEdges: nil arguments are errors, not panics; a classic count is
// held to OEIS whatever its provenance says; a count of another board is
// refused.
func TestEdges(t *testing.T) {
	ctx := context.Background()
	p := model.Classic(8)
	var oe *nqueens.OptionError
	//lint:ignore SA1012 a nil context is what is tested
	for name, err := range map[string]error{
		"Counted, nil result":  Counted(ctx, p, nil, Options{}),
		"Counted, nil context": Counted(nil, p, &nqueens.CountResult{N: 8, All: 92}, Options{}), //nolint:staticcheck
		"None, nil answer":     None(ctx, model.Problem{N: 6, Fixed: []model.Square{{Row: 0, Col: 0}}}, nil, Options{}),
		"None, nil context":    None(nil, p, &nqueens.NoSolutionError{}, Options{}), //nolint:staticcheck
		"Counted, N = 8 for 9": Counted(ctx, model.Classic(9), &nqueens.CountResult{N: 8, All: 92}, Options{}),
	} {
		if !errors.As(err, &oe) {
			t.Errorf("%s: %v", name, err)
		}
	}
	var w *nqueens.WrongAnswerError
	forged := &nqueens.CountResult{N: 8, All: 93, Method: nqueens.Join, Provenance: nqueens.Provenance{Evidence: nqueens.Published}}
	if err := Counted(ctx, p, forged, Options{}); !errors.As(err, &w) {
		t.Errorf("93 solutions of N = 8: %v", err)
	}
	if err := Counted(ctx, p, &nqueens.CountResult{N: 8, All: 92}, Options{}); err != nil {
		t.Errorf("92 solutions of N = 8: %v", err)
	}
	//lint:ignore SA1012 a nil context is what is tested
	if _, err := counting.JoinCountProblem(nil, p, counting.JoinOptions{}); err == nil { //nolint:staticcheck
		t.Error("JoinCountProblem with a nil context")
	}
}
