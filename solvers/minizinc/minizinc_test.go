package minizinc_test

import (
	"context"
	"errors"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/queenslab/nqueens/solvers/minizinc"
)

func requireMiniZinc(t *testing.T) {
	t.Helper()
	if err := minizinc.Available(); err != nil {
		if os.Getenv("NQUEENS_REQUIRE_SOLVERS") == "1" {
			t.Fatalf("%v, and NQUEENS_REQUIRE_SOLVERS=1", err)
		}
		t.Skipf("SKIP: %v", err)
	}
}

// TestSolve: every solution of a small model, in order, and a complete
// search; an unsatisfiable model is complete with none.
func TestSolve(t *testing.T) {
	requireMiniZinc(t)
	ctx := context.Background()
	var got []string
	res, err := minizinc.Solve(ctx, []byte("var 1..4: x;\nconstraint x != 2;\nsolve satisfy;\noutput [\"x = \\(x)\\n\"];\n"),
		minizinc.Options{All: true}, func(s string) error {
			got = append(got, strings.TrimSpace(s))
			return nil
		})
	if err != nil || !res.Complete || res.Solutions != 3 || strings.Join(got, ",") != "x = 1,x = 3,x = 4" {
		t.Errorf("all solutions: %+v %v %q", res, err, got)
	}
	res, err = minizinc.Solve(ctx, []byte("var 1..2: x;\nconstraint x > 2;\nsolve satisfy;\n"), minizinc.Options{All: true},
		func(string) error { t.Error("a solution of an unsatisfiable model"); return nil })
	if err != nil || !res.Complete || res.Solutions != 0 {
		t.Errorf("unsatisfiable: %+v %v", res, err)
	}
	stop := errors.New("stop")
	_, err = minizinc.Solve(ctx, []byte("var 1..4: x;\nsolve satisfy;\n"), minizinc.Options{All: true}, func(string) error { return stop })
	if !errors.Is(err, stop) {
		t.Errorf("each's error: %v", err)
	}
	if _, err := minizinc.Solve(ctx, []byte("this is not MiniZinc"), minizinc.Options{}, func(string) error { return nil }); err == nil {
		t.Error("a broken model gave no error")
	}
	tctx, cancel := context.WithTimeout(ctx, time.Nanosecond)
	defer cancel()
	time.Sleep(time.Millisecond)
	if _, err := minizinc.Solve(tctx, []byte("var 1..4: x;\nsolve satisfy;\n"), minizinc.Options{}, func(string) error { return nil }); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("expired context: %v", err)
	}
}
