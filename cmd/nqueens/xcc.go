package main

import (
	"bufio"
	"fmt"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/queenslab/nqueens/solvers/dlx"
	"github.com/queenslab/nqueens/xcc"
)

func newXCC(e *env) *cobra.Command {
	var (
		all, count bool
		jobs       int
	)
	c := &cobra.Command{
		Use:   "xcc [FILE|-]",
		Short: "Solve or count any exact cover file (Knuth's DLX format) by dancing links",
		Long: `Read an exact cover problem in the text format of Knuth's DLX programs (any,
not only queens; strictly checked; colors on secondary items as in his DLX2,
bounds u:v|item on primary items as in his DLX3)
and solve it with Algorithm X and dancing links: the first solution (its
options, one per line; none is exit 1), every solution with --all (a blank
line after each, the summary on standard error, exit 10 with a solution and
20 without), or the number of solutions with --count, in one line (in
parallel with --jobs).`,
		Args: argsBetween(0, 1, "FILE or -"),
		RunE: func(cmd *cobra.Command, args []string) error {
			if all && count {
				return usagef("--all and --count: choose one")
			}
			if err := checkJobs(jobs, 0); err != nil {
				return err
			}
			r, what, done, err := openInput(cmd.Context(), e, args)
			if err != nil {
				return err
			}
			x, err := xcc.ReadWarn(r, func(line int, msg string) {
				fmt.Fprintf(e.stderr, "nqueens: %s, line %d: %s\n", what, line, msg)
			})
			done()
			if err != nil {
				return usagef("%s: %v", what, err)
			}
			d, err := dlx.New(x)
			if err != nil {
				return usageError{err}
			}
			start := time.Now()
			w := bufio.NewWriter(e.stdout)
			defer w.Flush()
			printOpts := func(opts []int) {
				for _, o := range opts {
					names := make([]string, len(x.Options[o]))
					for i, it := range x.Options[o] {
						names[i] = x.Name(it)
						if c := x.Color(o, i); c != "" {
							names[i] += ":" + c
						}
					}
					w.WriteString(strings.Join(names, " ") + "\n")
				}
			}
			var n uint64
			var st dlx.Stats
			switch {
			case count:
				if jobs == 0 {
					jobs = defaultJobs()
				}
				n, st, err = d.Count(cmd.Context(), jobs)
			case all:
				n, st, err = d.Enumerate(cmd.Context(), func(opts []int) bool {
					printOpts(opts)
					w.WriteString("\n")
					return true
				})
			default:
				var first []int
				first, st, err = d.First(cmd.Context())
				if first != nil {
					n = 1
					printOpts(first)
				}
			}
			if err != nil {
				return err
			}
			summary := fmt.Sprintf("%s; %s, %s in %.3f s", plural(n, "solution"), plural(st.Nodes, "node"), plural(st.Updates, "update"), time.Since(start).Seconds())
			switch {
			case count:
				fmt.Fprintln(w, summary)
				return nil
			case all:
				// The solutions are the output; the summary goes beside it.
				w.Flush()
				fmt.Fprintln(e.stderr, summary)
				return satStatus(n)
			case n == 0:
				w.Flush()
				return failure{"no solution"}
			}
			return nil
		},
	}
	c.Flags().BoolVar(&all, "all", false, "print every solution")
	c.Flags().BoolVar(&count, "count", false, "count the solutions")
	c.Flags().IntVarP(&jobs, "jobs", "j", 0, "--count: goroutines (0: all cores)")
	return c
}
