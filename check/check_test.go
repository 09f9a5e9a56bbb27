package check_test

import (
	"context"
	"testing"
	"time"

	"github.com/queenslab/nqueens"
	"github.com/queenslab/nqueens/check"
	"github.com/queenslab/nqueens/model"
)

// TestCheck runs the check on n = 1..8 with a few methods and a wrong one,
// which must be reported as disagreeing with the command to reproduce it,
// while the others agree.
func TestCheck(t *testing.T) {
	liar := check.Method{Name: "liar", MaxN: 32, Run: check.Invocation{Command: "count", Method: "liar"},
		Count: func(ctx context.Context, p model.Problem) (*nqueens.CountResult, error) {
			all, _, _ := model.KnownCount(p.N)
			if p.N == 6 {
				all++
			}
			return &nqueens.CountResult{All: all}, nil
		}}
	// A finder whose answer fails verification, as Finder.Find reports it.
	badFinder := check.Method{Name: "badfinder", MaxN: 32, Run: check.Invocation{Command: "solve", Method: "bad"},
		Find: func(ctx context.Context, p model.Problem) (*nqueens.Solution, error) {
			if p.N != 5 {
				return &nqueens.Solution{}, nil
			}
			return nil, &nqueens.InvalidSolutionError{Method: "bad", Err: model.Verify(p, model.Placement{0, 0, 0, 0, 0})}
		}}
	cells, ok, err := check.Run(context.Background(), check.Options{From: 1, To: 8,
		Methods: []string{"bitmask", "dlx", "sat/gini/ladder", "find/construct", "liar", "badfinder"}, Extra: []check.Method{liar, badFinder}})
	if err != nil {
		t.Fatal(err)
	}
	if ok || len(cells) != 8*6 {
		t.Fatalf("ok = %v with %d cells", ok, len(cells))
	}
	for _, c := range cells {
		var want check.Status = check.OK
		var repro *check.Invocation
		switch {
		case c.Method == "liar" && c.N == 6:
			want, repro = check.Disagree, &check.Invocation{Command: "count", N: 6, Method: "liar"}
		case c.Method == "badfinder" && c.N == 5:
			want, repro = check.Invalid, &check.Invocation{Command: "solve", N: 5, Method: "bad"}
		case c.Method == "badfinder" && (c.N == 2 || c.N == 3): // a "solution" where none exists
			want, repro = check.Disagree, &check.Invocation{Command: "solve", N: c.N, Method: "bad"}
		}
		if c.Status != want || (repro == nil) != (c.Reproduce == nil) || repro != nil && *repro != *c.Reproduce {
			t.Errorf("%s n = %d: %+v (reproduce %+v), want %s (reproduce %+v)", c.Method, c.N, c, c.Reproduce, want, repro)
		}
		if c.Method == "find/construct" && c.Found != (c.N != 2 && c.N != 3) {
			t.Errorf("construct n = %d: found = %v", c.N, c.Found)
		}
	}
	if _, _, err := check.Run(context.Background(), check.Options{From: 1, To: 2, Methods: []string{"nosuch"}}); err == nil {
		t.Error("an unknown method was accepted")
	}
	// A budget too short for the method gives a timeout, not a failure.
	cells, ok, _ = check.Run(context.Background(), check.Options{From: 14, To: 14, Methods: []string{"sat/gophersat/sequential"}, Budget: 50 * time.Millisecond})
	if !ok || cells[0].Status != check.Timeout {
		t.Errorf("timeout: ok = %v, %+v", ok, cells[0])
	}
}

// TestSkipAfterTimeout: a counter that times out at one N is not run on
// the larger ones (skipped, saying so); a finder is run on every N.
func TestSkipAfterTimeout(t *testing.T) {
	cells, _, err := check.Run(context.Background(), check.Options{From: 13, To: 15, Methods: []string{"dlx", "find/backtrack"}, Budget: time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cells {
		switch {
		case c.Method == "dlx" && c.N == 13 && c.Status != check.Timeout:
			t.Errorf("dlx at 13: %+v", c)
		case c.Method == "dlx" && c.N > 13 && (c.Status != check.Skipped || c.Skip != check.AfterTimeout || c.Note != "timed out at N = 13"):
			t.Errorf("dlx at %d: %+v", c.N, c)
		case c.Method != "dlx" && c.Skip == check.AfterTimeout:
			t.Errorf("a finder skipped: %+v", c)
		}
	}
}
