package lab

import (
	"context"
	"errors"
	"os/exec"
	"slices"
	"testing"

	nqueens "github.com/queenslab/nqueens"
)

// TestParseBytes reads sizes with and without suffixes and refuses the
// rest.
func TestParseBytes(t *testing.T) {
	for s, want := range map[string]int64{"512": 512, "2K": 2 << 10, "256M": 256 << 20, "2g": 2 << 30, "1T": 1 << 40} {
		if got, err := ParseBytes(s); err != nil || got != want {
			t.Errorf("%q: %d, %v; want %d", s, got, err, want)
		}
	}
	for _, s := range []string{"", "0", "-1M", "G", "1.5G", "2X", "99999999999T"} {
		if got, err := ParseBytes(s); err == nil {
			t.Errorf("%q: %d, want an error", s, got)
		}
	}
}

// TestLimiter: prlimit where installed, with both limits, the CPU limit
// hard a second after the soft; the fallback command otherwise.
func TestLimiter(t *testing.T) {
	argv := []string{"solver", "file.cnf"}
	got := Limiter(func(l Limits) []string { return []string{"self", "limit-exec", "--"} })(argv, Limits{DataBytes: 1 << 30, CPUSeconds: 10})
	if p, err := exec.LookPath("prlimit"); err == nil {
		if want := []string{p, "--data=1073741824", "--cpu=10:11", "--", "solver", "file.cnf"}; !slices.Equal(got, want) {
			t.Errorf("%q, want %q", got, want)
		}
		return
	}
	if want := []string{"self", "limit-exec", "--", "solver", "file.cnf"}; !slices.Equal(got, want) {
		t.Errorf("%q, want %q", got, want)
	}
}

// TestRunners: the caller's runners first, a name given twice or a
// solver not installed refused as bad input.
func TestRunners(t *testing.T) {
	mine := &Process{Solver: "mine"}
	own := func(name string) Runner {
		if name == "mine" {
			return mine
		}
		return nil
	}
	rs, err := Runners(context.Background(), []string{"mine"}, own)
	if err != nil || len(rs) != 1 || rs[0] != Runner(mine) {
		t.Errorf("%v, %v", rs, err)
	}
	for _, names := range [][]string{{"mine", "mine"}, {"no-such-solver-here"}} {
		var oe *nqueens.OptionError
		if _, err := Runners(context.Background(), names, own); !errors.As(err, &oe) {
			t.Errorf("%q: %v, want an OptionError", names, err)
		}
	}
}

// TestScatterChartRefuses: a solver with no runs, or two solvers with no
// instance in common, is bad input.
func TestScatterChartRefuses(t *testing.T) {
	recs := []Record{{Solver: "a", ID: "x", Status: Sat, Wall: 1}, {Solver: "b", ID: "y", Status: Sat, Wall: 2}}
	for _, pair := range [][2]string{{"a", "c"}, {"a", "b"}} {
		var oe *nqueens.OptionError
		if _, err := ScatterChart(recs, pair[0], pair[1]); !errors.As(err, &oe) {
			t.Errorf("%v: %v, want an OptionError", pair, err)
		}
	}
	recs = append(recs, Record{Solver: "b", ID: "x", Status: Sat, Wall: 3})
	if c, err := ScatterChart(recs, "a", "b"); err != nil || len(c.Series) != 1 || len(c.Series[0].XY) != 1 || c.Series[0].XY[0] != [2]float64{1, 3} {
		t.Errorf("%+v, %v", c, err)
	}
}
