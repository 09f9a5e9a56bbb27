package main

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/queenslab/nqueens"
	"github.com/queenslab/nqueens/cluster"
	"github.com/queenslab/nqueens/confirm"
	"github.com/queenslab/nqueens/model"
	"github.com/spf13/cobra"
)

func newCount(e *env) *cobra.Command {
	var (
		method         string
		unique, asJSON bool
		jobs           int
		forward        bool
		order          string
		probFlags      problemFlags
		solverOpts     solverFlags
		unitOpts       unitFlags
		refute         refutationFlag
	)
	c := &cobra.Command{
		Use:   "count [N]",
		Short: "Count all solutions",
		Long: `Count all solutions of the N-Queens problem and compare the count with OEIS
A000170 (and A002562 for --unique) where it is known; a disagreement is exit 1.

Methods: join (the default from N = 8 on, variants too: the placements of
each quarter board listed once, joined into half boards, and the pairs of
halves that fit counted; one set of rows per symmetry class, in parallel,
all solutions only, N <= 32 as memory allows; a variant's quarters on its
open squares, without symmetry), constellation (the default below N = 8 and
for --unique: the queens of the edge rows and columns placed first, one
placement per symmetry class weighted by its orbit, the inner rows searched
with bitmasks, in parallel, N <= 32), bitmask (Takaken's
search: one solution per symmetry class weighted by its orbit, in parallel,
N <= 32; the cross-check of the default), backtrack (Wirth's search, 1976, with its node
count; honours --fix and --block), dlx (exact covers by dancing links, in
parallel), sat (models of the CNF projected on the queen variables: gini,
the default, and gophersat with blocking clauses; clasp and cryptominisat5 as
processes, clasp only with a parsimonious encoding since it cannot project).
Every model and cover is verified as a solution before it is counted.

` + limitsHelp("count"),
		Args: argsBetween(0, 1, "N (or --diagonals FILE.param)"),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := checkJobs(jobs, 0); err != nil {
				return err
			}
			// The plan of the default method, made once: a variant's probe
			// of cp's tree runs once.
			var plan *confirm.CountPlan
			def := func(p model.Problem) nqueens.Method {
				pl := confirm.PlanCount(p, jobs)
				plan = &pl
				return pl.Method
			}
			switch m, ok := cluster.JournalMethod(unitOpts.checkpoint); {
			case unique || cmd.Flags().Changed("depth"):
				// Both counts, and work units cut at a depth, are the
				// constellation count's.
				def = confirm.DefaultDistinctCounter
			case ok && method == "":
				method = string(m) // resumed by the method that began it
			}
			if unique {
				// Before any method is chosen: none counts a variant's
				// essentially distinct solutions (its squares break the
				// board's symmetries).
				for _, name := range []string{"fix", "block", "diagonals", "exclude-sum", "exclude-diff", "rows", "cols"} {
					if cmd.Flags().Changed(name) {
						return usagef("--unique counts essentially distinct solutions of the classic problem only (--%s breaks the board's symmetries): count without --unique", name)
					}
				}
			}
			p, ct, err := methodFor(&probFlags, args, method, def, nqueens.LookupCounter[string])
			if err != nil {
				return err
			}
			if method == "" && !unique && !e.quiet && plan != nil {
				tellPlan(e, p, *plan, jobs, unitOpts.shard)
			}
			n := p.N
			if unique && !p.IsClassic() {
				return usagef("--unique counts essentially distinct solutions of the classic problem only")
			}
			if err := solverOpts.check(ct.Name); err != nil {
				return err
			}
			if err := distinctFiles(fileArg{"--checkpoint", unitOpts.checkpoint, true}, fileArg{"-o", unitOpts.out, true}, fileArg{"--refutation", refute.path, true}, probFlags.paramFile()); err != nil {
				return err
			}
			if unitOpts.active(cmd) {
				switch {
				case !ct.Units || asJSON || !p.IsClassic():
					return usagef("--checkpoint, --shard and --depth count the classic problem with --method constellation (both counts) or join (all solutions); no --json")
				case unique && ct.Name != nqueens.Constellation:
					return usagef("--unique with --checkpoint or --shard counts by --method constellation, whose work units record their orbits: the join counts all solutions only")
				}
				return unitOpts.run(cmd, e, ct.Name, n, jobs, &solverOpts)
			}
			if err := checkWritable(refute.path); err != nil {
				return err
			}
			ctx, cancel := solverOpts.context(cmd)
			defer cancel()
			ord, err := parseOrder(order, ct.Orders, ordered(nqueens.Counters(), func(c nqueens.Counter) ([]nqueens.Order, nqueens.Method) { return c.Orders, c.Name }))
			if err != nil {
				return err
			}
			opt := nqueens.CountOptions{Jobs: jobs, Distinct: unique, ForwardCheck: forward, Solver: solverOpts.solver, AMO: solverOpts.amo, Order: ord}
			switch ct.Progress {
			case nqueens.ProgressFraction:
				bar := e.progress(fmt.Sprintf("counting N = %d", n), 0)
				opt.Progress = func(done, total int) { bar.set(int64(done), int64(total)) }
				defer bar.done()
			case nqueens.ProgressNodes:
				bar := e.progress(fmt.Sprintf("N = %d: nodes searched", n), 0)
				opt.Progress = func(done, _ int) { bar.set(int64(done), 0) }
				defer bar.done()
			}
			tell, stop := e.confirming()
			r, err := confirm.Count(ctx, ct, p, opt, confirm.Options{Progress: tell})
			stop()
			if err := solverOpts.timedOut(err, ct.Name); err != nil {
				return err
			}
			if err != nil {
				return err
			}
			oeis, known := "unknown", error(nil)
			if p.IsClassic() {
				if !unique {
					r.HasDistinct = false // not asked for: neither printed nor checked
				}
				oeis, known = oeisVerdict(r)
			}
			more, written := "", ""
			if r.All == 0 {
				if more, err = refute.write(cmd, e, p, r.Provenance.Farkas); err != nil {
					return err
				}
				if more == "" {
					written = refute.path
				}
			}
			if asJSON {
				if err := writeCountJSON(e, r, p, oeis, written); err != nil {
					return err
				}
			} else {
				fmt.Fprintln(e.stdout, countLine(ct, r, p, unique, oeis)+more)
			}
			return known
		},
	}
	c.Flags().StringVarP(&method, "method", "m", "", methodList(nqueens.Counters(), func(c nqueens.Counter) nqueens.Method { return c.Name })+" (default: join from N = 8 on where its memory fits, variants too; below, constellation for the classic problem and cp for a variant; constellation for --unique; above the join's reach, cp up to N = 64, dlx above)")
	c.Flags().BoolVar(&unique, "unique", false, "also count essentially distinct solutions (up to rotation and reflection)")
	c.Flags().IntVarP(&jobs, "jobs", "j", 0, "join, constellation, bitmask, dlx, sat with gini: goroutines to count with (0: all cores)")
	c.Flags().BoolVar(&asJSON, "json", false, "print JSON instead of the summary line")
	c.Flags().BoolVar(&forward, "forward-check", false, "backtrack: reject placements that leave a later row no free square")
	c.Flags().StringVar(&order, "order", "", "backtrack: lex (default) or heuristic (fewest squares first, with forward checking); the count is the same")
	refute.add(c)
	probFlags.add(c)
	solverOpts.addCounting(c)
	unitOpts.add(c)
	return c
}

// tellPlan says on standard error, before a count starts, which method
// counts p by default (plan) and why when the join's memory does not fit, and
// the forecast time where it is over a minute (confirm.PlanCount): of
// the whole count, or of the shard I/M (the units are dealt to the shards
// in turn, so each takes its share).
func tellPlan(e *env, p model.Problem, plan confirm.CountPlan, jobs int, shard string) {
	if jobs <= 0 {
		jobs = defaultJobs()
	}
	what := fmt.Sprintf("N = %d", p.N)
	core := plan.CoreSeconds
	if shards := shardCount(shard); shards > 1 {
		what = fmt.Sprintf("N = %d, shard %s", p.N, shard)
		core /= float64(shards)
	}
	wall := core / float64(jobs)
	switch {
	case plan.Why != "":
		fmt.Fprintf(e.stderr, "nqueens: %s: %s: counting by %s instead, which takes 20 to 60 times the join's forecast of %s on one core (nqueens estimate --count %d)\n",
			what, plan.Why, nqueens.Title(plan.Method), longDuration(core), p.N)
	case plan.Method == nqueens.Join && wall > 60:
		fmt.Fprintf(e.stderr, "nqueens: %s by the join of quarter boards on %s: forecast about %s (%s on one core of this kind; nqueens estimate --count %d times it here)\n",
			what, plural(uint64(jobs), "job"), longDuration(wall), longDuration(core), p.N)
	}
}

// oeisVerdict compares a count of the classic problem with OEIS: "unknown"
// beyond the known values, "agrees", or "DISAGREES" with the failure to
// return.
func oeisVerdict(r *nqueens.CountResult) (string, error) {
	if _, _, ok := model.KnownCount(r.N); !ok {
		return "unknown", nil
	}
	if err := nqueens.AgreesWithOEIS(r); err != nil {
		return "DISAGREES", failure{"nqueens: " + err.Error()}
	}
	return "agrees", nil
}

// oeisText is what a count line says of the verdict.
func oeisText(verdict string) string {
	switch verdict {
	case "agrees":
		return "; agrees with OEIS"
	case "DISAGREES":
		return "; DISAGREES with OEIS"
	}
	return ""
}

func countLine(ct nqueens.Counter, r *nqueens.CountResult, p model.Problem, unique bool, oeis string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "N = %d: %s", r.N, plural(r.All, "solution"))
	if unique {
		fmt.Fprintf(&b, ", %s essentially distinct", thousands(r.Distinct))
	}
	if !p.IsClassic() {
		fmt.Fprintf(&b, " (%s problem)", p.Variant())
	}
	if ct.Nodes {
		fmt.Fprintf(&b, "; %s in %.3f s, method %s", plural(r.Nodes, "node"), r.Elapsed.Seconds(), r.Method)
	} else {
		fmt.Fprintf(&b, "; %.3f s, method %s", r.Elapsed.Seconds(), r.Method)
	}
	if r.Solver != "" {
		fmt.Fprintf(&b, ", solver %s, encoding %s", r.Solver, r.AMO)
	}
	if ct.Parallel {
		fmt.Fprintf(&b, ", %s", plural(uint64(r.Jobs), "job"))
	}
	b.WriteString(oeisText(oeis))
	if !p.IsClassic() {
		if r.Provenance.Confirmed() {
			fmt.Fprintf(&b, "; confirmed by %s%s", r.Provenance, confirmTime(r.Provenance))
		} else {
			fmt.Fprintf(&b, "; unconfirmed: %s%s", r.Provenance, confirmTime(r.Provenance))
		}
	}
	return b.String()
}

// confirmTime is what a line says of the time a confirmation took: ""
// when it took none (what the registry knows without a search).
func confirmTime(pr nqueens.Provenance) string {
	if pr.Elapsed <= 0 {
		return ""
	}
	return fmt.Sprintf(" (%.3f s)", pr.Elapsed.Seconds())
}

type countJSON struct {
	N         int            `json:"n"`
	Variant   string         `json:"variant"`
	Method    nqueens.Method `json:"method"`
	Solutions uint64         `json:"solutions"`
	Distinct  *uint64        `json:"distinct,omitempty"`
	Nodes     uint64         `json:"nodes"`
	Seconds   float64        `json:"seconds"`
	Jobs      int            `json:"jobs"`
	OEIS      string         `json:"oeis"`
	// ConfirmedBy and Unconfirmed: what the count agrees with, or why it
	// could not be confirmed.
	ConfirmedBy string `json:"confirmed_by,omitempty"`
	Unconfirmed string `json:"unconfirmed,omitempty"`
	// ConfirmSeconds is the time the confirmation took (0 for what is
	// known without a search).
	ConfirmSeconds float64 `json:"confirm_seconds,omitempty"`
	// Refutation is the file --refutation wrote, when it wrote one.
	Refutation string `json:"refutation,omitempty"`
}

func writeCountJSON(e *env, r *nqueens.CountResult, p model.Problem, oeis, refutation string) error {
	j := countJSON{N: r.N, Variant: p.Variant(), Method: r.Method, Solutions: r.All, Nodes: r.Nodes,
		Seconds: r.Elapsed.Seconds(), Jobs: r.Jobs, OEIS: oeis, Refutation: refutation, ConfirmSeconds: r.Provenance.Elapsed.Seconds()}
	if r.Provenance.Confirmed() {
		j.ConfirmedBy = r.Provenance.String()
	} else {
		j.Unconfirmed = r.Provenance.String()
	}
	if r.HasDistinct {
		d := r.Distinct
		j.Distinct = &d
	}
	return json.NewEncoder(e.stdout).Encode(j)
}
