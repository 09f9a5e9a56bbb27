package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"image/color"
	"io"
	"math"

	"github.com/spf13/cobra"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"

	"github.com/queenslab/nqueens"
)

func newBench(e *env) *cobra.Command {
	var (
		plotPath      string
		quick, asJSON bool
	)
	c := &cobra.Command{
		Use:   "bench [--plot FILE.png] [--quick] [--json]",
		Short: "Time local search and every counting method against N on this machine",
		Long: `Time local search for N = 10^3 .. 10^7 and the counting methods (bitmask,
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
			pts, err := nqueens.Bench(cmd.Context(), quick, func(d, t int) { bar.set(int64(d), int64(t)) })
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
				return writeFileAtomic(plotPath, func(w *bufio.Writer) error { return benchPlot(w, pts) })
			}
			return nil
		},
	}
	c.Flags().StringVar(&plotPath, "plot", "", "draw the timings into this PNG file")
	c.Flags().BoolVar(&quick, "quick", false, "small boards only")
	c.Flags().BoolVar(&asJSON, "json", false, "print the timings as JSON")
	return c
}

func writeBenchTable(w io.Writer, pts []nqueens.BenchPoint) {
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
func benchPlot(w io.Writer, pts []nqueens.BenchPoint) error {
	colors := map[string]color.RGBA{
		"localsearch": {0x1f, 0x77, 0xb4, 0xff}, "bitmask": {0xd6, 0x27, 0x28, 0xff}, "backtrack": {0x2c, 0xa0, 0x2c, 0xff},
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
	right, err := panel("Counting all solutions, one job", false, []string{"bitmask", "backtrack", "dlx", "sat/gini"})
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
