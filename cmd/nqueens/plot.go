package main

import (
	"io"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/queenslab/nqueens/draw"
	"github.com/queenslab/nqueens/internal/atomicfile"
	"github.com/queenslab/nqueens/lab"
)

func newPlot(e *env) *cobra.Command {
	var cactus, scatter, byN, hardness string
	c := &cobra.Command{
		Use:   "plot RESULTS [--cactus F] [--scatter A B F] [--by-n F]",
		Short: "Draw the results of nqueens run: cactus, scatter and time against N",
		Long: `Draw the runs of a results file of nqueens run (or of a folder of them, the
shards of a study, read as report reads them), as PNG or SVG by the output
file's extension (.png, .svg):

  --cactus F       instances solved against time, a line per solver and
                   encoding (log time axis), as in SAT competition reports
  --scatter A B F  each instance's time under solver A against solver B
                   (whatever the format each reads)
                   (log axes, the diagonal dashed); a run not solved is
                   drawn at the timeout, on the border
  --by-n F         median time against N, a line per family and solver (a
                   run not solved counts as the timeout)
  --hardness F     for suites of random completion or of excluded diagonals
                   over m (scripts/hardness.sh, scripts/hardness-diagonals.sh):
                   the median and 90th-percentile time against m/N, a line
                   per solver and N, the fraction of instances with a
                   solution, and each solver's median at the peak against
                   N, four charts one above the other

A solver is named as in the results (its name or path); "solver/encoding"
picks one encoding of a SAT solver.`,
		Args: func(cmd *cobra.Command, args []string) error {
			if scatter != "" {
				return argsBetween(3, 3, "RESULTS, and solver B and the file after --scatter A")(cmd, args)
			}
			return argsBetween(1, 1, "RESULTS")(cmd, args)
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			if cactus == "" && scatter == "" && byN == "" && hardness == "" {
				return usagef("plot: give --cactus, --scatter, --by-n or --hardness")
			}
			scatterFile := ""
			if scatter != "" {
				scatterFile = args[2]
			}
			if err := distinctFiles(fileArg{"--cactus", cactus, true}, fileArg{"--scatter", scatterFile, true}, fileArg{"--by-n", byN, true}, fileArg{"--hardness", hardness, true}, fileArg{"RESULTS", args[0], false}); err != nil {
				return err
			}
			study, err := lab.ReadStudy(args[:1])
			if err != nil {
				return err
			}
			recs := study.Records
			if len(recs) == 0 {
				return usagef("plot: %s holds no runs", args[0])
			}
			type job struct {
				file   string
				chart  draw.Chart
				charts []draw.Chart
			}
			var jobs []job
			if cactus != "" {
				jobs = append(jobs, job{file: cactus, chart: lab.CactusChart(recs)})
			}
			if scatter != "" {
				ch, err := lab.ScatterChart(recs, scatter, args[1])
				if err != nil {
					return err
				}
				jobs = append(jobs, job{file: args[2], chart: ch})
			}
			if byN != "" {
				jobs = append(jobs, job{file: byN, chart: lab.ByNChart(recs)})
			}
			if hardness != "" {
				jobs = append(jobs, job{file: hardness, charts: lab.HardnessCharts(recs)})
			}
			for _, j := range jobs {
				format := strings.TrimPrefix(strings.ToLower(filepath.Ext(j.file)), ".")
				if format != "png" && format != "svg" {
					return usagef("plot: %s: the file must end in .png or .svg", j.file)
				}
				if err := checkWritable(j.file); err != nil {
					return err
				}
			}
			for _, j := range jobs {
				format := strings.TrimPrefix(strings.ToLower(filepath.Ext(j.file)), ".")
				charts := j.charts
				if charts == nil {
					charts = []draw.Chart{j.chart}
				}
				if err := atomicfile.Write(cmd.Context(), j.file, func(w io.Writer) error { return draw.WriteCharts(w, charts, format) }); err != nil {
					return err
				}
			}
			return nil
		},
	}
	c.Flags().StringVar(&cactus, "cactus", "", "cactus plot file (.png or .svg)")
	c.Flags().StringVar(&scatter, "scatter", "", "solver A of a scatter plot (then solver B and the file)")
	c.Flags().StringVar(&byN, "by-n", "", "median time against N, file (.png or .svg)")
	c.Flags().StringVar(&hardness, "hardness", "", "median and 90th-percentile time and fraction solvable against m/N, file (.png or .svg)")
	return c
}
