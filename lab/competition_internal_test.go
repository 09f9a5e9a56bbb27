package lab

import (
	"testing"
	"time"
)

// TestTexHyphens: an option's "--" stays two hyphens in LaTeX (-{}-),
// where it would be set as a dash, and one hyphen stays one.
func TestTexHyphens(t *testing.T) {
	for in, want := range map[string]string{
		"--n 10":          "-{}-n 10",
		"a-b":             "a-b",
		"---":             "-{}-{}-",
		"x_1 -- 100%":     `x\_1 -{}- 100\%`,
		"cadical --sat -": "cadical -{}-sat -",
	} {
		if got := tex(in); got != want {
			t.Errorf("tex(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestSecondsCell: a solver's cell in expected.csv is its seconds where it
// answered, the limit where it ran out of time, its status where it
// stopped otherwise, "-" where it did not run.
func TestSecondsCell(t *testing.T) {
	for _, c := range []struct {
		st    Status
		s     float64
		limit time.Duration
		want  string
	}{
		{Sat, 1.234, time.Minute, "1.23"},
		{Unsat, 0.001, time.Minute, "0.00"},
		{Timeout, 60.02, time.Minute, ">60"},
		{Timeout, 0.81, 800 * time.Millisecond, ">0.8"},
		{Memout, 3, time.Hour, "MEMOUT"},
		{Unknown, 3, time.Hour, "UNKNOWN"},
		{"", 0, time.Hour, "-"},
	} {
		if got := secondsCell(c.st, c.s, c.limit); got != c.want {
			t.Errorf("secondsCell(%s, %v, %v) = %q, want %q", c.st, c.s, c.limit, got, c.want)
		}
	}
}
