package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/queenslab/nqueens"
	"github.com/queenslab/nqueens/confirm"
	"github.com/queenslab/nqueens/internal/memlimit"
	"github.com/queenslab/nqueens/model"
	"github.com/queenslab/nqueens/native/counting"
	"github.com/queenslab/nqueens/native/search"
	"github.com/spf13/cobra"
)

func newEstimate(e *env) *cobra.Command {
	var (
		probes    int
		seed      uint64
		jobs      int
		measure   time.Duration
		limit     timeoutFlag
		asJSON    bool
		probFlags problemFlags
		countN    bool
		sample    int
	)
	c := &cobra.Command{
		Use:   "estimate [N] | estimate --count N",
		Short: "Estimate how long the complete search (cp), or the count of Q(N), takes, before running it",
		Long: `Estimate the size of the search tree of cp, the complete decider of solve
and count up to N = 64, and its number of solutions, by Knuth's method
("Estimating the efficiency of backtrack programs", 1975): each probe walks
from the root to a leaf, taking one branch at random at each node; the
products of the branching degrees along its path estimate the nodes without
bias. Then cp searches for --measure, which gives its speed here and so the
time the whole tree would take (or the exact answer, when it finishes).

A probe costs about as many nodes as the tree is deep: 100,000 probes take
half a second on one core at N = 30. The estimates of trees whose nodes sit below a
few rare branches converge slowly, and from below: the standard error says
how far to trust one, and more probes (or another --seed) test it.

The tree is cp's whole search, as count searches it and as an answer of
"no solution" costs; solve stops at a first solution, which its restarts
usually find far sooner. When the linear relaxation refutes the problem at
the root, solve and count search nothing: the line says so.

--count N forecasts the count of Q(N) by the join of quarter boards, as
count runs it, on one core of this machine: below N = 22 it builds the
quarters' table (timed; from 22 on each unit builds its quarters' lists,
timed with the unit), times --sample of its work units in blocks of 16
consecutive ones drawn at random (--seed), and for odd N below 22 the
filtering of the quarters for a pair of middle queens, and scales them to
every unit: core-hours with a 95% interval (the sampling error between
the blocks: none when one block is timed, which says so), the longest
unit timed (a task should run many times as long), and the
memory a task takes on one goroutine, or on --jobs (0: all cores), as
count --jobs runs it (counting.JoinMemory: at most 115 MB at N = 22 and 23,
246 MB at 24 and 25, 812 MB at 26 and 27 on one), with the memory limit to
give a task for that much to be available to it (a cluster's --mem: the
runtime's own mappings and its collector's slack come on top; JSON
task_limit_bytes). Where that does not fit in
memory here, it says so and gives the memory a task needs.`,
		Args: argsBetween(0, 1, "N (or --diagonals FILE.param)"),
		RunE: func(cmd *cobra.Command, args []string) error {
			if countN {
				// A task's goroutines: one unless --jobs says (0: all cores,
				// as count takes it).
				switch {
				case !cmd.Flags().Changed("jobs"):
					jobs = 1
				case jobs == 0:
					jobs = defaultJobs()
				}
				return runCountForecast(cmd, e, args, sample, seed, jobs, asJSON, &limit)
			}
			if probes < 1 {
				return usagef("--probes must be at least 1, not %d", probes)
			}
			// The estimate keeps 17 bytes a probe (search.EstimateCP).
			if probes > search.MaxProbes {
				return usagef("--probes must be at most %d, not %d", search.MaxProbes, probes)
			}
			if err := memlimit.Check(17*uint64(probes), fmt.Sprintf("%d probes", probes)); err != nil {
				return usageError{err}
			}
			if err := checkJobs(jobs, 0); err != nil {
				return err
			}
			p, err := probFlags.parse(args)
			if err != nil {
				return err
			}
			if p.N > search.CPMaxN {
				return usagef("N = %d: cp, whose search this estimates, takes boards up to %d", p.N, search.CPMaxN)
			}
			ctx, cancel := limit.context(cmd)
			defer cancel()
			r, err := runEstimate(ctx, p, probes, seed, jobs, measure)
			if errors.Is(err, context.DeadlineExceeded) {
				return fmt.Errorf("no estimate within %v", limit.timeout)
			}
			if err != nil {
				return err
			}
			if asJSON {
				return json.NewEncoder(e.stdout).Encode(r)
			}
			fmt.Fprintln(e.stdout, estimateLine(p, r))
			return nil
		},
	}
	c.Flags().IntVar(&probes, "probes", 100_000, "random probes of the tree")
	c.Flags().Uint64Var(&seed, "seed", 1, "seed of the probes' random choices")
	c.Flags().IntVarP(&jobs, "jobs", "j", 0, "goroutines to probe and to search with (0: all cores)")
	c.Flags().DurationVar(&measure, "measure", time.Second, "how long cp searches to measure its speed")
	limit.add(c)
	c.Flags().BoolVar(&asJSON, "json", false, "print JSON instead of the summary line")
	c.Flags().BoolVar(&countN, "count", false, "forecast the count of Q(N) by the join instead: core-hours and a task's memory")
	c.Flags().IntVar(&sample, "sample", 2048, "--count: work units to time (0: none: the memory, and the forecast measured on a machine of this kind)")
	probFlags.add(c)
	return c
}

// countForecastJSON is what estimate --count reports.
type countForecastJSON struct {
	N       int     `json:"n"`
	Method  string  `json:"method"`
	Units   int     `json:"units"`
	Sampled int     `json:"sampled"`
	Seed    uint64  `json:"seed"`
	Seconds float64 `json:"core_seconds"`
	Low     float64 `json:"core_seconds_low"`
	High    float64 `json:"core_seconds_high"` // 0 when not bounded
	// Bounded is false when the units timed were one block of several:
	// then there is no interval (low is the time of the units timed).
	Bounded bool    `json:"bounded"`
	Table   float64 `json:"table_seconds"`
	Unit    float64 `json:"unit_seconds"`
	UnitMax float64 `json:"unit_seconds_max"` // the longest unit timed
	Memory  uint64  `json:"task_memory_bytes"`
	// Limit is the memory limit to give a task (Slurm's --mem) for
	// Memory to be available to it (memlimit.TaskLimit): the runtime's
	// own mappings and its collector's slack come on top.
	Limit uint64 `json:"task_limit_bytes"`
	Jobs  int    `json:"jobs"` // the goroutines of a task, whose memory Memory is
	// Fits is false when a task's memory is more than this machine gives
	// (then nothing is timed); true when it fits, timed or not.
	Fits bool `json:"fits"`
}

// runCountForecast is estimate --count N.
func runCountForecast(cmd *cobra.Command, e *env, args []string, sample int, seed uint64, jobs int, asJSON bool, limit *timeoutFlag) error {
	if len(args) != 1 {
		return usagef("--count needs N")
	}
	if err := probFlagsUnused(cmd, "--count", "it forecasts the count of the classic problem of N by the join (a variant's count is estimated without --count)"); err != nil {
		return err
	}
	n, err := parseN(args[0])
	if err != nil {
		return err
	}
	if n < counting.JoinMinN || n > counting.JoinMaxN {
		return usagef("--count: the join counts N = %d..%d, not %d", counting.JoinMinN, counting.JoinMaxN, n)
	}
	if sample < 0 {
		return usagef("--sample must be 0 (nothing timed) or more, not %d", sample)
	}
	if err := checkJobs(jobs, 0); err != nil {
		return err
	}
	join, err := nqueens.LookupCounter(nqueens.Join)
	if err != nil {
		return err
	}
	r := countForecastJSON{N: n, Method: string(nqueens.Join), Seed: seed, Jobs: jobs, Memory: join.Memory(model.Classic(n), jobs)}
	r.Limit = memlimit.TaskLimit(r.Memory)
	fit := join.Fits(model.Classic(n), jobs)
	r.Fits = fit == nil
	if sample == 0 || !r.Fits {
		// ForecastJoin counts the units when it runs (16 s at N = 27).
		r.Units, _ = counting.JoinUnitsDigest(n)
	}
	if sample == 0 {
		// Nothing built or timed: the memory of a task, and the forecast
		// measured on a machine of this kind.
		r.Seconds = confirm.JoinCoreSeconds(n)
		r.Low, r.High, r.Bounded = r.Seconds, r.Seconds, true
		if asJSON {
			return json.NewEncoder(e.stdout).Encode(r)
		}
		fmt.Fprintf(e.stdout, "N = %d: the join of quarter boards, %s; about %s on one core of the kind it was measured on (not timed here: --sample 0); a task takes up to %s on %s (give it a limit of %s)\n",
			n, plural(uint64(r.Units), "work unit"), longDuration(r.Seconds), memlimit.GB(r.Memory), plural(uint64(jobs), "goroutine"), memlimit.GB(r.Limit))
		return nil
	}
	if !r.Fits {
		if asJSON {
			return json.NewEncoder(e.stdout).Encode(r)
		}
		l, _ := memlimit.Available()
		fmt.Fprintf(e.stdout, "N = %d: the join of quarter boards, %s; a task needs %s on %s (JoinMemory), more than the %s here (%s): not timed here\n",
			n, plural(uint64(r.Units), "work unit"), memlimit.GB(r.Memory), plural(uint64(jobs), "goroutine"), memlimit.GB(l.Bytes), l.Source)
		return nil
	}
	ctx, cancel := limit.context(cmd)
	defer cancel()
	bar := e.progress(fmt.Sprintf("N = %d: timing units of the join", n), 0)
	f, err := counting.ForecastJoin(ctx, n, sample, seed)
	bar.done()
	if err != nil {
		return err
	}
	r.Units, r.Sampled, r.Seconds, r.Low, r.High, r.Bounded, r.Table, r.Unit, r.UnitMax = f.Units, f.Sampled, f.Seconds, f.Low, f.High, f.Bounded, f.Table.Seconds(), f.UnitMean.Seconds(), f.UnitMax.Seconds()
	if asJSON {
		return json.NewEncoder(e.stdout).Encode(r)
	}
	table := fmt.Sprintf("the quarters' table %.2f s", r.Table)
	if n >= counting.JoinPerUnitFrom {
		table = "no table (each unit builds its quarters' lists)"
	}
	interval := fmt.Sprintf("95%%: %s to %s", longDuration(f.Low), longDuration(f.High))
	if !f.Bounded {
		interval = fmt.Sprintf("no interval: one block of units timed says nothing of the others' spread; --sample %d or more bounds it", 2*16)
	}
	fmt.Fprintf(e.stdout, "N = %d: the join of quarter boards, %s; on one core here about %s (%s): %s, a unit %s, the longest %s (%s timed in blocks of 16, seed %d); a task takes up to %s on %s\n",
		n, plural(uint64(r.Units), "work unit"), longDuration(f.Seconds), interval, table, shortDuration(f.UnitMean), shortDuration(f.UnitMax), plural(uint64(f.Sampled), "unit"), seed, memlimit.GB(r.Memory), plural(uint64(jobs), "goroutine"))
	return nil
}

// shortDuration writes a short time in the unit that fits: "29 ms", "51 µs".
func shortDuration(d time.Duration) string {
	three := func(x float64) string { // three significant digits, no exponent
		return strconv.FormatFloat(x, 'f', max(0, 2-int(math.Floor(math.Log10(max(x, 1e-9))))), 64)
	}
	switch {
	case d >= time.Second:
		return three(d.Seconds()) + " s"
	case d >= time.Millisecond:
		return three(float64(d)/float64(time.Millisecond)) + " ms"
	}
	return three(float64(d)/float64(time.Microsecond)) + " µs"
}

// estimateJSON is what estimate reports.
type estimateJSON struct {
	N       int    `json:"n"`
	Variant string `json:"variant"`
	// Probes, Nodes, Solutions: Knuth's estimate of cp's search tree,
	// with the standard errors of the mean.
	Probes       int     `json:"probes"`
	Nodes        float64 `json:"nodes"`
	NodesErr     float64 `json:"nodes_stderr"`
	Solutions    float64 `json:"solutions"`
	SolutionsErr float64 `json:"solutions_stderr"`
	// RefutedAtRoot: the linear relaxation has no solution, so solve and
	// count search nothing.
	RefutedAtRoot bool `json:"refuted_at_root"`
	// Measured is cp's search for --measure (or to its end, Complete).
	Measured struct {
		Nodes     uint64  `json:"nodes"`
		Solutions uint64  `json:"solutions"`
		Seconds   float64 `json:"seconds"`
		Jobs      int     `json:"jobs"`
		Complete  bool    `json:"complete"`
	} `json:"measured"`
	// Seconds is the estimated time of the whole search at the measured
	// speed (the measured time when Complete).
	Seconds float64 `json:"seconds"`
}

// runEstimate is search.ForecastCP as estimate reports it.
func runEstimate(ctx context.Context, p model.Problem, probes int, seed uint64, jobs int, measure time.Duration) (estimateJSON, error) {
	f, err := search.ForecastCP(ctx, p, probes, seed, jobs, measure)
	r := estimateJSON{N: p.N, Variant: p.Variant(), Probes: f.Probes, Nodes: f.Nodes, NodesErr: f.NodesErr,
		Solutions: f.Solutions, SolutionsErr: f.SolutionsErr, RefutedAtRoot: f.RefutedAtRoot, Seconds: f.Seconds}
	m := f.Measured
	r.Measured.Nodes, r.Measured.Solutions, r.Measured.Seconds, r.Measured.Jobs, r.Measured.Complete = m.Nodes, m.Solutions, m.Seconds, m.Jobs, m.Complete
	return r, err
}

// estimateLine is the summary line of an estimate.
func estimateLine(p model.Problem, r estimateJSON) string {
	var b strings.Builder
	fmt.Fprintf(&b, "N = %d", p.N)
	if !p.IsClassic() {
		fmt.Fprintf(&b, " (%s problem)", p.Variant())
	}
	fmt.Fprintf(&b, ": cp's search tree estimated from %s at %s%s and %s%s",
		plural(uint64(r.Probes), "probe"), sci(r.Nodes, "node"), relErr(r.NodesErr, r.Nodes), sci(r.Solutions, "solution"), relErr(r.SolutionsErr, r.Solutions))
	m := r.Measured
	if m.Complete {
		fmt.Fprintf(&b, "; searched whole in %.3f s: %s, %s", m.Seconds, plural(m.Nodes, "node"), plural(m.Solutions, "solution"))
	} else {
		fmt.Fprintf(&b, "; at %s nodes/s (%s, %.1f s measured) about %s",
			sciNumber(float64(m.Nodes)/m.Seconds), plural(uint64(m.Jobs), "job"), m.Seconds, longDuration(r.Seconds))
	}
	if r.RefutedAtRoot {
		b.WriteString("; but the linear relaxation refutes it at the root: solve and count search nothing")
	}
	return b.String()
}

// sciNumber writes x with three significant digits past a million
// (1.67e+10), rounded with commas below (12,345).
func sciNumber(x float64) string {
	if x >= 1e6 {
		return fmt.Sprintf("%.3g", x)
	}
	return thousands(uint64(x + 0.5))
}

// sci writes an estimated count with its noun: "1.67e+10 nodes", "1 solution".
func sci(x float64, noun string) string {
	if s := sciNumber(x); s != "1" {
		return s + " " + noun + "s"
	}
	return "1 " + noun
}

// relErr writes a standard error as a share of its estimate: " (± 12%)";
// nothing when it is 0.
func relErr(err, x float64) string {
	switch {
	case err == 0:
		return ""
	case x == 0:
		return fmt.Sprintf(" (± %.3g)", err)
	}
	return fmt.Sprintf(" (± %.2g%%)", 100*err/x)
}

// longDuration writes a time of seconds to years in the unit that fits:
// "42 s", "21 min", "3.2 h", "4.1 days", "12 years".
func longDuration(s float64) string {
	switch {
	case s < 60:
		return fmt.Sprintf("%.2g s", s)
	case s < 3600:
		return fmt.Sprintf("%.2g min", s/60)
	case s < 86400:
		return fmt.Sprintf("%.2g h", s/3600)
	case s < 365.25*86400:
		return fmt.Sprintf("%.2g days", s/86400)
	}
	return fmt.Sprintf("%.2g years", s/(365.25*86400))
}
