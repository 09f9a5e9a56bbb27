package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/queenslab/nqueens"
	"github.com/queenslab/nqueens/check"
	"github.com/queenslab/nqueens/lab"
	"github.com/spf13/cobra"
)

func newCheck(e *env) *cobra.Command {
	var (
		from, to                  int
		methods                   string
		budget                    time.Duration
		asJSON, asCSV, asMarkdown bool
	)
	c := &cobra.Command{
		Use:   "check",
		Short: "Run every method on a range of N and certify that all counts agree",
		Long: `Run every counter (constellation, bitmask, backtrack, dlx, SAT with gini in every encoding,
gophersat, clasp, cryptominisat5, MiniZinc with Gecode) and every finder
(localsearch, construct, backtrack, dlx, each SAT solver) on every N from
--from to --to, each under --budget. Counts are compared with each other and
with OEIS A000170 and A002562; every solution found is verified. Methods
whose program is not installed are shown as skipped.

The table has a row per method and a column per N: the count (finders:
"found" or "none"), "*" after a disagreement, and for a cell without an
answer why: "T" for a timeout (past --budget), "T+" for a counter not run
again past its timeout (a larger board takes longer), ">max" for an N beyond
the method's reach, "n/a" for a method whose program is not installed
(named below the table). The summary counts the runs that agree, the timeouts and
the skips apart. Exit status 1 on any disagreement, invalid solution or
error, with the command that reproduces it.`,
		Args: argsBetween(0, 0, "no arguments"),
		RunE: func(cmd *cobra.Command, args []string) error {
			if chosen(asJSON, asCSV, asMarkdown) > 1 {
				return usagef("--json, --csv and --markdown: choose one")
			}
			if from < 1 || to < from {
				return usagef("--from %d --to %d: the range must be non-empty and start at 1 or more", from, to)
			}
			if to-from >= maxCheckSizes {
				return usagef("--from %d --to %d: at most %d sizes at once (each runs every method)", from, to, maxCheckSizes)
			}
			var sel []string
			if methods != "" {
				for _, m := range strings.Split(methods, ",") {
					sel = append(sel, strings.TrimSpace(m))
				}
			}
			start := time.Now()
			bar := e.progress("checking", 0)
			cells, ok, err := check.Run(cmd.Context(), check.Options{From: from, To: to, Methods: sel, Budget: budget,
				Progress: func(done, total int) { bar.set(int64(done), int64(total)) }})
			bar.done()
			if err != nil {
				return err
			}
			switch {
			case asJSON:
				rows := make([]checkRow, len(cells))
				for i, c := range cells {
					rows[i] = checkRow{Cell: c, Reproduce: reproduceText(c.Reproduce)}
				}
				enc := json.NewEncoder(e.stdout)
				enc.SetIndent("", "  ")
				if err := enc.Encode(rows); err != nil {
					return err
				}
			case asCSV:
				if err := writeCheckCSV(e.stdout, cells); err != nil {
					return err
				}
			default:
				writeCheckTable(e.stdout, cells, from, to, asMarkdown)
				writeCheckSummary(e.stdout, cells, from, to, ok, budget, time.Since(start))
			}
			if !ok {
				return failure{""}
			}
			return nil
		},
	}
	c.Flags().IntVar(&from, "from", 1, "smallest N")
	c.Flags().IntVar(&to, "to", 10, "largest N")
	c.Flags().StringVar(&methods, "methods", "", "comma-separated methods or prefixes (e.g. bitmask,dlx,sat/gini); default all")
	c.Flags().DurationVar(&budget, "budget", 20*time.Second, "time limit of one method on one N")
	c.Flags().BoolVar(&asJSON, "json", false, "print the results as JSON")
	c.Flags().BoolVar(&asCSV, "csv", false, "print the results as CSV, a row per method and N")
	c.Flags().BoolVar(&asMarkdown, "markdown", false, "print the table as Markdown")
	return c
}

// maxCheckSizes bounds the sizes of one check: its table is held whole.
const maxCheckSizes = 10_000

// cellText is what the table shows for one cell.
func cellText(c check.Cell) string {
	var s string
	switch {
	case c.Status == check.Skipped && c.Skip == check.BeyondReach:
		return ">max"
	case c.Status == check.Skipped && c.Skip == check.AfterTimeout:
		return "T+"
	case c.Status == check.Skipped:
		return "n/a"
	case c.Status == check.Timeout:
		return "T"
	case c.Status == check.Errored:
		return "ERROR"
	case c.Count != nil:
		s = strconv.FormatUint(*c.Count, 10)
	case c.Found:
		s = "found"
	default:
		s = "none"
	}
	if c.Status == check.Disagree || c.Status == check.Invalid {
		s += "*"
	}
	return s
}

func writeCheckTable(w io.Writer, cells []check.Cell, from, to int, markdown bool) {
	var methods []string
	byKey := map[string]check.Cell{}
	seconds := map[string]float64{}
	for _, c := range cells {
		if _, seen := seconds[c.Method]; !seen {
			methods = append(methods, c.Method)
		}
		seconds[c.Method] += c.Seconds
		byKey[c.Method+"|"+strconv.Itoa(c.N)] = c
	}
	header := []string{"method"}
	for n := from; n <= to; n++ {
		header = append(header, "N="+strconv.Itoa(n))
	}
	header = append(header, "seconds")
	rows := [][]string{header}
	for _, m := range methods {
		row := []string{m}
		for n := from; n <= to; n++ {
			row = append(row, cellText(byKey[m+"|"+strconv.Itoa(n)]))
		}
		row = append(row, fmt.Sprintf("%.2f", seconds[m]))
		rows = append(rows, row)
	}
	writeTable(w, rows, 1, markdown)
}

func writeCheckSummary(w io.Writer, cells []check.Cell, from, to int, ok bool, budget, elapsed time.Duration) {
	skipped := map[string]bool{}
	methods := map[string]bool{}
	var agree, timeouts, beyond, missing, after int
	fmt.Fprintln(w)
	for _, c := range cells {
		methods[c.Method] = true
		switch {
		case c.Status == check.OK:
			agree++
		case c.Status == check.Timeout:
			timeouts++
		case c.Status == check.Skipped && c.Skip == check.BeyondReach:
			beyond++
		case c.Status == check.Skipped && c.Skip == check.AfterTimeout:
			after++
		case c.Status == check.Skipped:
			missing++
			if !skipped[c.Method] {
				skipped[c.Method] = true
				fmt.Fprintf(w, "n/a %s: %s\n", c.Method, c.Note)
			}
		}
	}
	fmt.Fprintf(w, "T: not finished within --budget (%v); T+: a counter not run past its timeout; >max: N beyond the method's reach; n/a: not installed\n", budget)
	bad := 0
	for _, c := range cells {
		if c.Reproduce != nil {
			bad++
			fmt.Fprintf(w, "%s on N = %d: %s%s; reproduce: %s\n", c.Method, c.N, c.Status, noteText(c.Note), reproduceText(c.Reproduce))
		}
	}
	tally := fmt.Sprintf("%s of %d methods on N = %d..%d: %d agree with each other and with OEIS A000170/A002562, every solution verified; %d timed out; %d skipped (%d after a timeout, %d beyond a method's reach, %d not installed)",
		plural(uint64(len(cells)), "run"), len(methods), from, to, agree, timeouts, after+beyond+missing, after, beyond, missing)
	if ok {
		fmt.Fprintf(w, "%s (%.1f s)\n", tally, elapsed.Seconds())
	} else {
		fmt.Fprintf(w, "%d disagreements or errors; %s (%.1f s)\n", bad, tally, elapsed.Seconds())
	}
}

func noteText(n string) string {
	if n == "" {
		return ""
	}
	return " (" + oneLine(n) + ")"
}

func writeCheckCSV(w io.Writer, cells []check.Cell) error {
	cw := lab.NewCSVWriter(w)
	cw.Write([]string{"n", "method", "status", "count", "distinct", "found", "seconds", "note", "reproduce"})
	num := func(p *uint64) string {
		if p == nil {
			return ""
		}
		return strconv.FormatUint(*p, 10)
	}
	for _, c := range cells {
		cw.Write([]string{strconv.Itoa(c.N), c.Method, string(c.Status), num(c.Count), num(c.Distinct),
			strconv.FormatBool(c.Found), strconv.FormatFloat(c.Seconds, 'f', 4, 64), c.Note, reproduceText(c.Reproduce)})
	}
	return cw.Flush()
}

// checkRow is a cell as the JSON output shows it: the reproduction as the
// command to type.
type checkRow struct {
	check.Cell
	Reproduce string `json:"reproduce,omitempty"`
}

// reproduceText is the command line that repeats a run, "" for none.
func reproduceText(r *check.Invocation) string {
	if r == nil {
		return ""
	}
	if r.Command == "minizinc" {
		return fmt.Sprintf("nqueens encode %d -f mzn -o q.mzn && minizinc --solver gecode --all-solutions q.mzn", r.N)
	}
	s := fmt.Sprintf("nqueens %s %d", r.Command, r.N)
	if r.Unique {
		s += " --unique"
	}
	s += " -m " + string(r.Method)
	if r.Solver != "" {
		s += " --solver " + r.Solver
	}
	if r.AMO != "" {
		s += " --amo " + r.AMO
	}
	if r.Order != nqueens.OrderLex {
		s += " --order " + r.Order.String()
	}
	return s
}
