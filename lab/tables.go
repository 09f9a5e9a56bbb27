package lab

import (
	"cmp"
	"fmt"
	"slices"
	"sort"
	"time"

	"github.com/queenslab/nqueens/suite"
)

// Setup is what a report says of how its runs were made, besides the
// machine and the build of the results file's header: the limits, and
// when.
type Setup struct {
	// Limits are the sets of limits the runs were made under, each with
	// its number of runs, in order of the most runs.
	Limits []LimitSet
	// First and Last are the start of the first run and of the last, in
	// UTC; zero when no run says when it started (Undated).
	First, Last time.Time
	Undated     int
	// Reps is the most repetitions of a run (run --repeat).
	Reps int
	// Measured says how the runs were measured, each way with its runs:
	// "cgroup v1: the whole process tree, each run on cores of its own
	// (12 runs)".
	Measured []string
}

// measuredText tells a way of measuring runs in words.
func measuredText(how string, pinned bool) string {
	switch {
	case how == "" || how == "rusage":
		return "rusage: the solver's own process (RLIMIT_DATA and RLIMIT_CPU as limits)"
	case pinned:
		return how + ": the whole process tree in a control group of its own (its memory limit and CPU time), the runs at once on disjoint cores"
	}
	return how + ": the whole process tree in a control group of its own (its memory limit and CPU time)"
}

// LimitSet is one set of limits of the runs: wall seconds, CPU seconds (0:
// none) and MiB of data segment (0: none).
type LimitSet struct {
	Timeout  float64 `json:"timeout_s"`
	CPU      float64 `json:"cpu_limit_s"`
	MemoryMB int64   `json:"memory_mb"`
	Runs     int     `json:"runs"`
}

// SetupOf gathers the limits and dates of the runs.
func SetupOf(recs []Record) Setup {
	var s Setup
	by := map[LimitSet]int{}
	ways := map[string]int{}
	pinned := map[string]bool{}
	var order []string
	for _, r := range recs {
		by[r.Limits()]++
		s.Reps = max(s.Reps, r.Rep())
		how := r.Measured
		if how == "" {
			how = "rusage"
		}
		if ways[how] == 0 {
			order = append(order, how)
		}
		ways[how]++
		pinned[how] = pinned[how] || r.Cores != ""
		t, err := time.Parse(time.RFC3339, r.Started)
		if err != nil {
			s.Undated++
			continue
		}
		if s.First.IsZero() || t.Before(s.First) {
			s.First = t
		}
		if t.After(s.Last) {
			s.Last = t
		}
	}
	for l, n := range by {
		l.Runs = n
		s.Limits = append(s.Limits, l)
	}
	for _, how := range order {
		s.Measured = append(s.Measured, fmt.Sprintf("%s (%d runs)", measuredText(how, pinned[how]), ways[how]))
	}
	slices.SortFunc(s.Limits, func(a, b LimitSet) int {
		return cmp.Or(cmp.Compare(b.Runs, a.Runs), cmp.Compare(a.Timeout, b.Timeout), cmp.Compare(a.CPU, b.CPU), cmp.Compare(a.MemoryMB, b.MemoryMB))
	})
	return s
}

// InstanceRow is an instance of the instances table: its runs under each
// series (Series: a solver, with its encoding for DIMACS), in the table's
// order of series.
type InstanceRow struct {
	ID       string
	Family   string
	N, M     int
	Expected suite.Answer
	Cells    []InstanceCell
}

// InstanceCell is an instance's run under one series.
type InstanceCell struct {
	// Ran says that the series ran on the instance; the rest is its run.
	Ran    bool
	Status Status
	Wall   float64
	// Best marks the fastest right answer of the row (ties all).
	Best bool
	// Reps, Min and Max are the repetitions of the run and their least
	// and most wall time, where there were more than one (the run shown
	// is their median: Collapse).
	Reps     int
	Min, Max float64
}

// InstanceTable is the table of instances, a row per instance (by family,
// N, M and id), a column per series (in name order), each cell a run's
// time and status, the fastest right answer of each row marked. The runs
// are made ready first (Prepare): a configuration under two sets of
// limits is two series, and repetitions are their median, with their
// spread.
func InstanceTable(recs []Record) (series []string, rows []InstanceRow) {
	recs = Prepare(recs)
	col := map[string]int{}
	for _, r := range recs {
		if _, ok := col[Series(r)]; !ok {
			col[Series(r)] = 0
			series = append(series, Series(r))
		}
	}
	sort.Strings(series)
	for i, s := range series {
		col[s] = i
	}
	at := map[string]int{}
	for _, r := range recs {
		id := instanceOf(r)
		i, ok := at[id]
		if !ok {
			i = len(rows)
			at[id] = i
			rows = append(rows, InstanceRow{ID: id, Family: r.Family, N: r.N, M: r.M, Expected: r.Expected, Cells: make([]InstanceCell, len(series))})
		}
		cell := InstanceCell{Ran: true, Status: r.Status, Wall: r.Wall}
		if reps, lo, hi := r.Spread(); reps > 1 {
			cell.Reps, cell.Min, cell.Max = reps, lo, hi
		}
		rows[i].Cells[col[Series(r)]] = cell
	}
	for i := range rows {
		best := -1.0
		for _, c := range rows[i].Cells {
			if c.Ran && c.Status.Solved() && (best < 0 || c.Wall < best) {
				best = c.Wall
			}
		}
		for j, c := range rows[i].Cells {
			rows[i].Cells[j].Best = c.Ran && c.Status.Solved() && c.Wall == best
		}
	}
	slices.SortStableFunc(rows, func(a, b InstanceRow) int {
		return cmp.Or(cmp.Compare(a.Family, b.Family), cmp.Compare(a.N, b.N), cmp.Compare(a.M, b.M), cmp.Compare(a.ID, b.ID))
	})
	return series, rows
}

// Failures are the runs that gave no right answer for a reason of their
// own (CRASH, MEMOUT, UNKNOWN, WRONG), each with its reason (Detail), in
// the order of the records.
func Failures(recs []Record) []Record {
	var out []Record
	for _, r := range recs {
		switch r.Status {
		case Crash, Memout, Unknown, Wrong:
			out = append(out, r)
		}
	}
	return out
}
