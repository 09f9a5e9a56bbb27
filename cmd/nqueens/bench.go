package main

import (
	"context"
	"encoding/json"
	"fmt"
	"image/color"
	"io"
	"math"
	"time"

	"github.com/queenslab/nqueens"
	"github.com/queenslab/nqueens/internal/atomicfile"
	"github.com/queenslab/nqueens/model"
	"github.com/spf13/cobra"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
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
			pts, err := runBench(cmd.Context(), quick, func(d, t int) { bar.set(int64(d), int64(t)) })
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
				return atomicfile.Write(cmd.Context(), plotPath, func(w io.Writer) error { return benchPlot(w, pts) })
			}
			return nil
		},
	}
	c.Flags().StringVar(&plotPath, "plot", "", "draw the timings into this PNG file")
	c.Flags().BoolVar(&quick, "quick", false, "small boards only")
	c.Flags().BoolVar(&asJSON, "json", false, "print the timings as JSON")
	return c
}

func writeBenchTable(w io.Writer, pts []benchPoint) {
	fmt.Fprintf(w, "%-12s %10s %14s %10s\n", "method", "N", "result", "seconds")
	for _, p := range pts {
		what := thousands(p.Result) + " sol."
		if p.Series == "localsearch" {
			what = "found"
		}
		fmt.Fprintf(w, "%-12s %10s %14s %10.4f\n", p.Series, thousands(uint64(p.N)), what, p.Seconds)
	}
}

// benchPlot draws two panels: local search time against N, and the
// counting methods' times against N, both on log scales.
func benchPlot(w io.Writer, pts []benchPoint) error {
	colors := map[string]color.RGBA{
		"localsearch": {0x1f, 0x77, 0xb4, 0xff}, "constellation": {0x8c, 0x56, 0x4b, 0xff}, "bitmask": {0xd6, 0x27, 0x28, 0xff}, "backtrack": {0x2c, 0xa0, 0x2c, 0xff},
		"dlx": {0x94, 0x67, 0xbd, 0xff}, "sat/gini": {0xff, 0x7f, 0x0e, 0xff},
	}
	panel := func(title string, logX bool, series []string) (*plot.Plot, error) {
		p := plot.New()
		p.Title.Text = title
		p.X.Label.Text = "N"
		p.Y.Label.Text = "seconds"
		p.Y.Scale = plot.LogScale{}
		p.Y.Tick.Marker = plot.LogTicks{Prec: -1}
		if logX {
			p.X.Scale = plot.LogScale{}
			p.X.Tick.Marker = plot.LogTicks{Prec: -1}
		}
		p.Legend.Top, p.Legend.Left = true, true
		for _, s := range series {
			var xy plotter.XYs
			for _, q := range pts {
				if q.Series == s {
					xy = append(xy, plotter.XY{X: float64(q.N), Y: math.Max(q.Seconds, 1e-6)})
				}
			}
			if len(xy) == 0 {
				continue
			}
			l, sc, err := plotter.NewLinePoints(xy)
			if err != nil {
				return nil, err
			}
			l.Color, sc.Color = colors[s], colors[s]
			p.Add(l, sc)
			p.Legend.Add(s, l, sc)
		}
		return p, nil
	}
	left, err := panel("Local search (one solution)", true, []string{"localsearch"})
	if err != nil {
		return err
	}
	right, err := panel("Counting all solutions, one job", false, []string{"constellation", "bitmask", "backtrack", "dlx", "sat/gini"})
	if err != nil {
		return err
	}
	img := vgimg.New(vg.Points(1000), vg.Points(420))
	dc := draw.New(img)
	tiles := draw.Tiles{Rows: 1, Cols: 2, PadX: vg.Millimeter * 4, PadY: vg.Millimeter * 2, PadTop: vg.Millimeter * 2, PadBottom: vg.Millimeter * 2, PadLeft: vg.Millimeter * 2, PadRight: vg.Millimeter * 2}
	canvases := plot.Align([][]*plot.Plot{{left, right}}, tiles, dc)
	left.Draw(canvases[0][0])
	right.Draw(canvases[0][1])
	_, err = vgimg.PngCanvas{Canvas: img}.WriteTo(w)
	return err
}

// benchPoint is one timing of Bench.
type benchPoint struct {
	Series  string  `json:"series"` // "localsearch", "constellation", "bitmask", "backtrack", "dlx", "sat/gini"
	N       int     `json:"n"`
	Seconds float64 `json:"seconds"`
	Result  uint64  `json:"result"` // the count, or N for a solution found
}

// benchSizes are the boards Bench times, per series; quick is a smaller
// set for tests.
func benchSizes(quick bool) map[string][]int {
	if quick {
		return map[string][]int{
			"localsearch":   {1000, 10000, 100000},
			"constellation": {8, 10, 12},
			"bitmask":       {8, 10, 12},
			"backtrack":     {8, 10},
			"dlx":           {8, 10},
			"sat/gini":      {6, 8},
		}
	}
	return map[string][]int{
		"localsearch":   {1000, 10000, 100000, 1000000, 10000000},
		"constellation": {8, 9, 10, 11, 12, 13, 14, 15, 16},
		"bitmask":       {8, 9, 10, 11, 12, 13, 14, 15, 16},
		"backtrack":     {8, 9, 10, 11, 12},
		"dlx":           {8, 9, 10, 11, 12, 13},
		"sat/gini":      {6, 7, 8, 9, 10, 11},
	}
}

// benchSeries is the order of the series.
var benchSeries = []string{"localsearch", "constellation", "bitmask", "backtrack", "dlx", "sat/gini"}

// runBench times local search against N and every counting method against N
// on this machine, each run once (the counts are checked against OEIS, the
// solutions verified).
func runBench(ctx context.Context, quick bool, progress func(done, total int)) ([]benchPoint, error) {
	sizes := benchSizes(quick)
	total := 0
	for _, s := range benchSeries {
		total += len(sizes[s])
	}
	var out []benchPoint
	for _, s := range benchSeries {
		for _, n := range sizes[s] {
			start := time.Now()
			var result uint64
			switch s {
			case "localsearch":
				f, _ := nqueens.LookupFinder("localsearch")
				sol, err := f.Find(ctx, model.Classic(n), nqueens.FindOptions{Seed: 1})
				if err != nil {
					return out, err
				}
				result = uint64(len(sol.Columns))
			default:
				name, opt := s, nqueens.CountOptions{Jobs: 1}
				if s == "sat/gini" {
					name, opt.Solver, opt.AMO = "sat", "gini", "pairwise"
				}
				c, err := nqueens.LookupCounter(name)
				if err != nil {
					return out, err
				}
				r, err := c.Count(ctx, model.Classic(n), opt)
				if err != nil {
					return out, err
				}
				if err := nqueens.AgreesWithOEIS(r); err != nil {
					return out, fmt.Errorf("bench: %s: %v", s, err)
				}
				result = r.All
			}
			out = append(out, benchPoint{Series: s, N: n, Seconds: time.Since(start).Seconds(), Result: result})
			if progress != nil {
				progress(len(out), total)
			}
		}
	}
	return out, nil
}
