package main

import (
	"fmt"
	"io"
	"maps"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/spf13/cobra"

	"github.com/queenslab/nqueens/draw"
	"github.com/queenslab/nqueens/internal/atomicfile"
	"github.com/queenslab/nqueens/lab"
	"github.com/queenslab/nqueens/suite"
)

func newPlot(e *env) *cobra.Command {
	var cactus, scatter, byN, hardness string
	c := &cobra.Command{
		Use:   "plot RESULTS [--cactus F] [--scatter A B F] [--by-n F]",
		Short: "Draw the results of nqueens run: cactus, scatter and time against N",
		Long: `Draw the runs of a results file of nqueens run, as PNG or SVG by the output
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
			recs, err := lab.ReadResults(args[0])
			if err != nil {
				return err
			}
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
				jobs = append(jobs, job{file: cactus, chart: cactusChart(recs)})
			}
			if scatter != "" {
				ch, err := scatterChart(recs, scatter, args[1])
				if err != nil {
					return err
				}
				jobs = append(jobs, job{file: args[2], chart: ch})
			}
			if byN != "" {
				jobs = append(jobs, job{file: byN, chart: byNChart(recs)})
			}
			if hardness != "" {
				jobs = append(jobs, job{file: hardness, charts: hardnessCharts(recs)})
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

// runTime is a run's time for the charts: its wall time if solved, else
// the timeout.
func runTime(r lab.Record) float64 {
	if r.Solved() {
		return r.Wall
	}
	return r.Timeout
}

func cactusChart(recs []lab.Record) draw.Chart {
	times := map[string][]float64{}
	var names []string
	for _, r := range recs {
		name := lab.Series(r)
		if _, ok := times[name]; !ok {
			names = append(names, name)
			times[name] = nil
		}
		if r.Solved() {
			times[name] = append(times[name], r.Wall)
		}
	}
	sort.Strings(names)
	ch := draw.Chart{Title: "Instances solved against time", XLabel: "instances solved", YLabel: "seconds (wall)", LogY: true}
	for _, name := range names {
		ch.Series = append(ch.Series, cactusSeries(name, times[name]))
	}
	return ch
}

// cactusSeries is a line of a cactus plot: the times sorted, the k-th at
// k instances solved. It sorts times.
func cactusSeries(name string, times []float64) draw.Series {
	sort.Float64s(times)
	s := draw.Series{Name: name}
	for i, v := range times {
		s.XY = append(s.XY, [2]float64{float64(i + 1), v})
	}
	return s
}

func scatterChart(recs []lab.Record, a, b string) (draw.Chart, error) {
	pick := func(name string) (map[string]lab.Record, error) {
		m := map[string]lab.Record{}
		for _, r := range recs {
			if r.Solver == name || lab.Series(r) == name {
				if _, dup := m[r.ID]; dup {
					return nil, usagef("plot: %s has two runs of instance %s; name one encoding (solver/encoding) or use one results file per limit", name, r.ID)
				}
				m[r.ID] = r
			}
		}
		if len(m) == 0 {
			return nil, usagef("plot: no runs of %s in the results", name)
		}
		return m, nil
	}
	ra, err := pick(a)
	if err != nil {
		return draw.Chart{}, err
	}
	rb, err := pick(b)
	if err != nil {
		return draw.Chart{}, err
	}
	s := draw.Series{Name: fmt.Sprintf("%s (x) against %s (y)", a, b)}
	var files []string
	for f := range ra {
		if _, ok := rb[f]; ok {
			files = append(files, f)
		}
	}
	if len(files) == 0 {
		return draw.Chart{}, usagef("plot: %s and %s ran on no instance in common", a, b)
	}
	slices.Sort(files)
	for _, f := range files {
		s.XY = append(s.XY, [2]float64{runTime(ra[f]), runTime(rb[f])})
	}
	return draw.Chart{Title: "Time per instance (a run not solved is at the timeout)", XLabel: a + ", seconds", YLabel: b + ", seconds",
		LogX: true, LogY: true, Points: true, Diagonal: true, Series: []draw.Series{s}}, nil
}

func byNChart(recs []lab.Record) draw.Chart {
	times := map[string]map[int][]float64{}
	var names []string
	for _, r := range recs {
		name := r.Family + ", " + lab.Series(r)
		if times[name] == nil {
			times[name] = map[int][]float64{}
			names = append(names, name)
		}
		times[name][r.N] = append(times[name][r.N], runTime(r))
	}
	sort.Strings(names)
	ch := draw.Chart{Title: "Median time against N", XLabel: "N", YLabel: "seconds (wall, median)", LogY: true}
	for _, name := range names {
		ns := slices.Sorted(maps.Keys(times[name]))
		s := draw.Series{Name: name}
		for _, n := range ns {
			t := times[name][n]
			sort.Float64s(t)
			s.XY = append(s.XY, [2]float64{float64(n), quantile(t, 0.5)})
		}
		ch.Series = append(ch.Series, s)
	}
	return ch
}

// quantile is the q-quantile of sorted values (nearest rank).
func quantile(sorted []float64, q float64) float64 {
	i := int(q*float64(len(sorted)) + 0.5)
	return sorted[max(0, min(len(sorted)-1, i-1))]
}

// hardnessCharts draws the hardness of a family over m (random completion:
// pre-placed queens; excluded diagonals: diagonals excluded), the family
// of the first run that has one: the median and the 90th-percentile time
// against m/N, a line per solver and N; the fraction of instances with a
// solution; and each solver's time at the peak (the greatest median over
// m) against N.
func hardnessCharts(recs []lab.Record) []draw.Chart {
	type key struct {
		solver string
		n      int
	}
	family := ""
	for _, r := range recs {
		if r.Family == "completion" || r.Family == "diagonals" {
			family = r.Family
			break
		}
	}
	times := map[key]map[int][]float64{} // by m
	sat := map[int]map[int]map[string]bool{}
	var keys []key
	for _, r := range recs {
		if r.Family != family || r.N == 0 {
			continue
		}
		k := key{lab.Series(r), r.N}
		if times[k] == nil {
			times[k] = map[int][]float64{}
			keys = append(keys, k)
		}
		times[k][r.M] = append(times[k][r.M], runTime(r))
		if sat[r.N] == nil {
			sat[r.N] = map[int]map[string]bool{}
		}
		if sat[r.N][r.M] == nil {
			sat[r.N][r.M] = map[string]bool{}
		}
		sat[r.N][r.M][r.ID] = r.Expected == suite.Satisfiable
	}
	sort.Slice(keys, func(i, j int) bool {
		if keys[i].solver != keys[j].solver {
			return keys[i].solver < keys[j].solver
		}
		return keys[i].n < keys[j].n
	})
	what, axis := "random completion", "m/N (pre-placed queens per row)"
	if family == "diagonals" {
		what, axis = "excluded diagonals", "d/n (excluded diagonals per row)"
	}
	med := draw.Chart{Title: "Median time against " + axis[:3] + " (" + what + ")", XLabel: axis, YLabel: "seconds (wall, median)", LogY: true}
	p90 := draw.Chart{Title: "90th percentile of time against " + axis[:3], XLabel: axis, YLabel: "seconds (wall, 90th percentile)", LogY: true}
	peak := draw.Chart{Title: "Time at the peak (the greatest median over " + axis[:1] + ") against N", XLabel: "N", YLabel: "seconds (wall, median at the peak)", LogY: true}
	peaks := map[string]*draw.Series{}
	var solvers []string
	for i, k := range keys {
		ms := slices.Sorted(maps.Keys(times[k]))
		a := draw.Series{Name: fmt.Sprintf("%s, N = %d", k.solver, k.n), Style: i + 1}
		b := a
		top := 0.0
		for _, m := range ms {
			t := times[k][m]
			sort.Float64s(t)
			x := float64(m) / float64(k.n)
			a.XY = append(a.XY, [2]float64{x, quantile(t, 0.5)})
			b.XY = append(b.XY, [2]float64{x, quantile(t, 0.9)})
			top = max(top, quantile(t, 0.5))
		}
		med.Series = append(med.Series, a)
		p90.Series = append(p90.Series, b)
		if peaks[k.solver] == nil {
			peaks[k.solver] = &draw.Series{Name: k.solver, Style: len(solvers) + 1}
			solvers = append(solvers, k.solver)
		}
		peaks[k.solver].XY = append(peaks[k.solver].XY, [2]float64{float64(k.n), top})
	}
	for _, s := range solvers {
		peak.Series = append(peak.Series, *peaks[s])
	}
	frac := draw.Chart{Title: "Instances with a solution", XLabel: axis, YLabel: "fraction satisfiable"}
	for _, n := range slices.Sorted(maps.Keys(sat)) {
		s := draw.Series{Name: fmt.Sprintf("N = %d", n)}
		for _, m := range slices.Sorted(maps.Keys(sat[n])) {
			yes := 0
			for _, ok := range sat[n][m] {
				if ok {
					yes++
				}
			}
			s.XY = append(s.XY, [2]float64{float64(m) / float64(n), float64(yes) / float64(len(sat[n][m]))})
		}
		frac.Series = append(frac.Series, s)
	}
	return []draw.Chart{med, p90, frac, peak}
}
