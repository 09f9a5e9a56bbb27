package main

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/queenslab/nqueens/draw"
	"github.com/queenslab/nqueens/internal/atomicfile"
	"github.com/queenslab/nqueens/lab"
	"github.com/spf13/cobra"
)

func newBench(e *env) *cobra.Command {
	var (
		plotPath      string
		quick, asJSON bool
	)
	c := &cobra.Command{
		Use:   "bench [--plot FILE.png] [--quick] [--json]",
		Short: "Time local search and every counting method against N on this machine",
		Long: `Time local search for N = 10^3 .. 10^7 and the counting methods (constellation, bitmask,
backtrack, dancing links, SAT with gini) for growing N, one job each, every
count checked against OEIS; print the table, and with --plot draw time
against N (log scales) as a PNG with two panels: local search, and the
counting methods side by side. --quick uses small boards (a few seconds).`,
		Args: argsBetween(0, 0, "no arguments"),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := checkWritable(plotPath); err != nil {
				return err
			}
			bar := e.progress("benchmarking", 0)
			pts, err := lab.Bench(cmd.Context(), quick, func(d, t int) { bar.set(int64(d), int64(t)) })
			bar.done()
			if err != nil {
				return err
			}
			if asJSON {
				enc := json.NewEncoder(e.stdout)
				enc.SetIndent("", "  ")
				if err := enc.Encode(pts); err != nil {
					return err
				}
			} else {
				writeBenchTable(e.stdout, pts)
			}
			if plotPath != "" {
				return atomicfile.Write(cmd.Context(), plotPath, func(w io.Writer) error { return draw.WritePanels(w, lab.BenchCharts(pts), "png") })
			}
			return nil
		},
	}
	c.Flags().StringVar(&plotPath, "plot", "", "draw the timings into this PNG file")
	c.Flags().BoolVar(&quick, "quick", false, "small boards only")
	c.Flags().BoolVar(&asJSON, "json", false, "print the timings as JSON")
	return c
}

func writeBenchTable(w io.Writer, pts []lab.BenchPoint) {
	fmt.Fprintf(w, "%-12s %10s %14s %10s\n", "method", "N", "result", "seconds")
	for _, p := range pts {
		what := thousands(p.Result) + " sol."
		if p.Series == "localsearch" {
			what = "found"
		}
		fmt.Fprintf(w, "%-12s %10s %14s %10.4f\n", p.Series, thousands(uint64(p.N)), what, p.Seconds)
	}
}
