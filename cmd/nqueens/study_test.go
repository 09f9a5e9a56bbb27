package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/queenslab/nqueens/lab"
)

// TestRunStudy runs one study of a suite on one machine and again split
// in 4 shards (run --shard I/4, each into its own results file), with two
// configurations of one solver and 2 repetitions: the shards hold every
// run of the matrix once, their statuses are the one machine's, and
// report reads the folder of shards to the same summary as the one file
// (up to the times). Then what report refuses: a shard missing, a shard
// short, two shards of one number, shards of two studies, a run recorded
// twice, results of another suite; and what run refuses: a shard out of
// range, a configuration's name given twice or malformed, arguments to a
// solver inside nqueens.
func TestRunStudy(t *testing.T) {
	t.Setenv(beCLI, "1")
	dir := t.TempDir()
	suiteDir := filepath.Join(dir, "s")
	if code, _, errs := runCLI(t, "", "gen", "classic", "--from", "2", "--to", "7", "--formats", "dimacs", "--out", suiteDir, "-q"); code != 0 {
		t.Fatalf("gen: %d %s", code, errs)
	}
	// A DIMACS solver by path, given a configuration of its own: it
	// answers as gini does, in a process of its own.
	solver := fakeSolver(t, dir, "wrap.sh", `exec "`+os.Args[0]+`" sat "$2" --solver gini -q`)
	study := []string{"--solvers", "gini", "--solver", "w1=" + solver + " --first", "--solver", "w2=" + solver + " --second", "--repeat", "2", "--timeout", "20s", "-q"}
	one := filepath.Join(dir, "one.jsonl")
	if code, _, errs := runCLI(t, "", append([]string{"run", suiteDir, "--results", one}, study...)...); code != 0 {
		t.Fatalf("run: %d %s", code, errs)
	}
	parts := filepath.Join(dir, "parts")
	os.Mkdir(parts, 0o755)
	for i := range 4 {
		part := filepath.Join(parts, fmt.Sprintf("part-%d.jsonl", i))
		if code, _, errs := runCLI(t, "", append([]string{"run", suiteDir, "--shard", fmt.Sprintf("%d/4", i), "--results", part}, study...)...); code != 0 {
			t.Fatalf("shard %d: %d %s", i, code, errs)
		}
	}
	// A shard killed midway: its results file holds its first runs and
	// half a line; the same command finishes it, running nothing twice.
	cut := filepath.Join(parts, "part-2.jsonl")
	raw, _ := os.ReadFile(cut)
	lines := strings.SplitAfter(string(raw), "\n")
	os.WriteFile(cut, []byte(strings.Join(lines[:5], "")+lines[5][:len(lines[5])/2]), 0o644)
	if code, _, errs := runCLI(t, "", append([]string{"run", suiteDir, "--shard", "2/4", "--results", cut}, study...)...); code != 0 {
		t.Fatalf("shard 2 resumed: %d %s", code, errs)
	}
	if again := readRecords(t, cut); len(again) != 9 {
		t.Errorf("shard 2 resumed holds %d runs, want 9", len(again))
	}
	whole := readRecords(t, one)
	if len(whole) != 6*3*2 {
		t.Fatalf("%d runs on one machine, want 36 (6 files, 3 configurations, 2 repetitions)", len(whole))
	}
	statuses := func(recs []lab.Record) []string {
		var out []string
		for _, r := range recs {
			out = append(out, fmt.Sprintf("%s %s %s %d %s", r.File, r.Solver, r.Configuration, r.Rep(), r.Status))
		}
		sort.Strings(out)
		return out
	}
	var sharded []lab.Record
	for i := range 4 {
		recs := readRecords(t, filepath.Join(parts, fmt.Sprintf("part-%d.jsonl", i)))
		if len(recs) != 9 {
			t.Errorf("shard %d holds %d runs, want 9", i, len(recs))
		}
		sharded = append(sharded, recs...)
	}
	if a, b := statuses(whole), statuses(sharded); strings.Join(a, "\n") != strings.Join(b, "\n") {
		t.Errorf("the shards' runs differ from one machine's:\n%s\n---\n%s", a, b)
	}
	for _, r := range whole {
		if r.Solver == "w1" && r.Configuration != solver+" --first" || !strings.Contains(r.Command, "--first") && r.Solver == "w1" {
			t.Errorf("configuration w1: %q, command %q", r.Configuration, r.Command)
		}
	}
	// The same summary from the folder of shards as from the one file,
	// the times aside; the repetitions counted once each, with a spread.
	summary := func(args ...string) []lab.Summary {
		t.Helper()
		code, out, errs := runCLI(t, "", append([]string{"report", "--json"}, args...)...)
		var rows []lab.Summary
		dec := json.NewDecoder(strings.NewReader(out))
		if code != 0 || dec.Decode(&rows) != nil {
			t.Fatalf("report %v: %d %q %q", args, code, out, errs)
		}
		for i := range rows {
			rows[i].PAR2, rows[i].CPU, rows[i].PAR2Min, rows[i].PAR2Max = 0, 0, 0, 0
		}
		return rows
	}
	a, b := summary(one), summary(parts)
	if fmt.Sprint(a) != fmt.Sprint(b) || len(a) != 4 || a[0].Runs != 6 || a[0].Reps != 2 {
		t.Errorf("summaries differ or count repetitions twice:\n%+v\n%+v", a, b)
	}
	// What report refuses, each in one line.
	copyFile := func(from, to string) {
		b, _ := os.ReadFile(from)
		os.WriteFile(to, b, 0o644)
	}
	missing := filepath.Join(dir, "missing")
	os.Mkdir(missing, 0o755)
	for i := range 3 {
		copyFile(filepath.Join(parts, fmt.Sprintf("part-%d.jsonl", i)), filepath.Join(missing, fmt.Sprintf("part-%d.jsonl", i)))
	}
	short := filepath.Join(dir, "short.jsonl")
	b3, _ := os.ReadFile(filepath.Join(parts, "part-3.jsonl"))
	lines = strings.SplitAfter(string(b3), "\n")
	os.WriteFile(short, []byte(strings.Join(lines[:len(lines)-2], "")), 0o644)
	other := filepath.Join(dir, "other.jsonl")
	if code, _, errs := runCLI(t, "", "run", suiteDir, "--shard", "3/4", "--solvers", "gini", "--results", other, "-q"); code != 0 {
		t.Fatalf("another study: %d %s", code, errs)
	}
	suite2 := filepath.Join(dir, "s2")
	runCLI(t, "", "gen", "classic", "--from", "4", "--to", "5", "--formats", "dimacs", "--out", suite2, "-q")
	foreign := filepath.Join(dir, "foreign.jsonl")
	runCLI(t, "", "run", suite2, "--solvers", "gini", "--results", foreign, "-q")
	p := func(i int) string { return filepath.Join(parts, fmt.Sprintf("part-%d.jsonl", i)) }
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{missing}, "shard 3/4 of study"},
		{[]string{p(0), p(1), p(2), short}, "holds 8 of its 9 runs: run it again to finish it"},
		{[]string{p(0), p(1), p(2), p(3), short}, "shard 3/4 twice"},
		{[]string{p(0), p(1), p(2), other}, "shards of two studies"},
		{[]string{parts, one}, "is recorded twice"},
		{[]string{one, foreign}, "holds runs of another suite"},
		{[]string{one, one}, "is given twice"},
		{[]string{filepath.Join(dir, "s")}, "holds no results file"},
	} {
		code, _, errs := runCLI(t, "", append([]string{"report"}, c.args...)...)
		if code != 2 || !strings.Contains(errs, c.want) || strings.Count(errs, "\n") != 1 {
			t.Errorf("report %v: %d %q, want %q", c.args, code, errs, c.want)
		}
	}
	// What run refuses, each in one line, nothing run.
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--solvers", "gini", "--shard", "4/4"}, "--shard"},
		{[]string{"--solvers", "gini", "--shard", "0/100"}, "100 shards of a matrix of 6 runs"},
		{[]string{"--solvers", "gini", "--solver", "gini=" + solver}, "solver gini is given twice"},
		{[]string{"--solver", "a=" + solver, "--solver", "a=" + solver + " -x"}, "solver a is given twice"},
		{[]string{"--solver", "no name"}, "want NAME=SOLVER"},
		{[]string{"--solver", "a/b=" + solver}, "a name is letters"},
		{[]string{"--solver", "VBS=" + solver}, "a name is letters"},
		{[]string{"--solver", "g=gini --fast"}, "runs inside nqueens and takes no arguments"},
		{[]string{"--solvers", "gini", "--repeat", "0"}, "--repeat must be 1 to"},
	} {
		res := filepath.Join(dir, "refused.jsonl")
		code, _, errs := runCLI(t, "", append([]string{"run", suiteDir, "--results", res}, c.args...)...)
		if code != 2 || !strings.Contains(errs, c.want) || strings.Count(errs, "\n") != 1 {
			t.Errorf("run %v: %d %q, want %q", c.args, code, errs, c.want)
		}
		if st, err := os.Stat(res); err == nil && st.Size() > 0 {
			if recs, _ := lab.ReadResults(res); len(recs) > 0 {
				t.Errorf("run %v: runs recorded", c.args)
			}
		}
		os.Remove(res)
	}
}
