package lab

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/queenslab/nqueens/draw"
	"github.com/queenslab/nqueens/suite"
)

// runTime is a run's time for the charts: its wall time if solved, else
// the timeout.
func runTime(r Record) float64 {
	if r.Solved() {
		return r.Wall
	}
	return r.Timeout
}

// CactusChart is the cactus plot of the runs: a line per solver and
// encoding, the instances solved against time.
func CactusChart(recs []Record) draw.Chart {
	recs = Prepare(recs)
	times := map[string][]float64{}
	var names []string
	for _, r := range recs {
		name := Series(r)
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

// ScatterChart sets the time of every instance under solver a (x) against
// its time under solver b (y); a run not solved is at the timeout. A
// solver is named by name or as solver/encoding.
func ScatterChart(recs []Record, a, b string) (draw.Chart, error) {
	recs = Prepare(recs)
	pick := func(name string) (map[string]Record, error) {
		m := map[string]Record{}
		for _, r := range recs {
			if r.Solver == name || Series(r) == name {
				if _, dup := m[r.ID]; dup {
					return nil, optionErrorf("lab: %s has two runs of instance %s; name one encoding (solver/encoding) or use one results file per limit", name, r.ID)
				}
				m[r.ID] = r
			}
		}
		if len(m) == 0 {
			return nil, optionErrorf("lab: no runs of %s in the results", name)
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
	var files []string
	for f := range ra {
		if _, ok := rb[f]; ok {
			files = append(files, f)
		}
	}
	if len(files) == 0 {
		return draw.Chart{}, optionErrorf("lab: %s and %s ran on no instance in common", a, b)
	}
	slices.Sort(files)
	// The instances with a solution apart from those without (and those
	// whose answer is known to none), each its own mark; the axes run to
	// the timeout, where a run not solved is drawn.
	kinds := []struct {
		name string
		s    draw.Series
	}{{"SAT instance", draw.Series{Name: "SAT instance", Style: 1}}, {"UNSAT instance", draw.Series{Name: "UNSAT instance", Style: 2}}, {"answer not known", draw.Series{Name: "answer not known", Style: 3}}}
	limit := 0.0
	for _, f := range files {
		x, y := ra[f], rb[f]
		limit = max(limit, x.Timeout, y.Timeout)
		k := 2
		switch {
		case x.Expected == suite.Satisfiable || x.Status == Sat || y.Status == Sat:
			k = 0
		case x.Expected == suite.Unsatisfiable || x.Status == Unsat || y.Status == Unsat:
			k = 1
		}
		kinds[k].s.XY = append(kinds[k].s.XY, [2]float64{runTime(x), runTime(y)})
	}
	ch := draw.Chart{Title: "Time per instance (a run not solved is on the timeout's dotted line)", XLabel: a + ", seconds", YLabel: b + ", seconds",
		LogX: true, LogY: true, Points: true, Diagonal: true, Limit: limit, LimitName: fmt.Sprintf("timeout, %g s", limit)}
	for _, k := range kinds {
		if len(k.s.XY) > 0 {
			ch.Series = append(ch.Series, k.s)
		}
	}
	return ch, nil
}

// ByNChart is the median time against N, a line per family and solver.
func ByNChart(recs []Record) draw.Chart {
	recs = Prepare(recs)
	times := map[string]map[int][]float64{}
	var names []string
	for _, r := range recs {
		name := r.Family + ", " + Series(r)
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

// HardnessCharts draws the hardness of a family over m (random completion:
// pre-placed queens; excluded diagonals: diagonals excluded), the family
// of the first run that has one: the median and the 90th-percentile time
// against m/N, a line per solver and N; the fraction of instances with a
// solution; and each solver's time at the peak (the greatest median over
// m) against N.
func HardnessCharts(recs []Record) []draw.Chart {
	recs = Prepare(recs)
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
		k := key{Series(r), r.N}
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

// ReportManifest reads the manifest of the suite the results were made
// on: from dir if given (then it must be that suite's), else from the
// results file's folder if it holds that suite; nil if there is none.
//
// It returns the folder too ("" when none was found). For results in a
// folder of their own (the shards of a study), its parent is looked in as
// well.
func ReportManifest(dir, results string, h Header) ([]suite.Row, string, error) {
	given := dir != ""
	if !given {
		for _, d := range []string{filepath.Dir(results), filepath.Dir(filepath.Dir(results))} {
			if _, err := os.Stat(filepath.Join(d, "manifest.json")); err == nil {
				if rows, _, err := ReportManifest(d, results, h); err == nil {
					return rows, d, nil
				}
			}
		}
		return nil, "", nil
	}
	m, raw, err := suite.ReadManifest(dir)
	if err != nil {
		return nil, "", err
	}
	if sum := sha256.Sum256(raw); hex.EncodeToString(sum[:]) != h.Manifest {
		return nil, "", optionErrorf("lab: the suite in %s is not the one %s was made on (its manifest's SHA-256 differs)", dir, results)
	}
	return m.Files, dir, nil
}

// SuiteName is how a report names the suite the results were made on:
// its folder's name where its manifest is found (dir, from ReportManifest's
// search), else the name its results recorded, else the name of the
// results.
func SuiteName(dir string, h Header, results string) string {
	if dir != "" {
		if abs, err := filepath.Abs(dir); err == nil {
			return filepath.Base(abs)
		}
	}
	if h.Suite != "" {
		return h.Suite
	}
	return results
}

// ReportChart is a chart of a report: its name (a file's stem: "cactus",
// "scatter-gini-dlx"), caption and chart.
type ReportChart struct {
	Name, Caption string
	Chart         draw.Chart
}

// ReportCharts are the report's charts: the cactus plot with the VBS, and
// a scatter plot of each pair of solvers (a solver by name, or as
// solver/encoding), by default the two of least PAR-2 when two or more
// ran. A pair that names a solver without runs is an
// *nqueens.OptionError.
func ReportCharts(recs []Record, pairs [][2]string) ([]ReportChart, error) {
	cactus := CactusChart(recs)
	for k, group := range byLimits(Prepare(recs)) {
		// Grey and dashed, each set of limits its own mark.
		vbs := cactusSeries(VBS+group[0].limitTag, VBSTimes(group))
		vbs.Dashed, vbs.Style, vbs.Shape = true, 8, 8+k
		cactus.Series = append(cactus.Series, vbs)
	}
	charts := []ReportChart{{"cactus", "Instances solved against time, a line per solver and encoding; the grey dashed line is the virtual best solver (one per set of limits, where the runs have several).", cactus}}
	if len(pairs) == 0 {
		sum := Summarize(recs)
		sort.SliceStable(sum, func(i, j int) bool { return sum[i].PAR2 < sum[j].PAR2 })
		var names []string
		for _, row := range sum {
			if !row.IsVBS() {
				names = append(names, row.Series)
			}
		}
		if len(names) < 2 {
			return charts, nil
		}
		sc, err := ScatterChart(recs, names[0], names[1])
		if err != nil {
			return charts, nil // no instance in common: no default scatter
		}
		return append(charts, ReportChart{scatterName(names[0], names[1]), fmt.Sprintf("Each instance's time under %s (x) and %s (y), the two solvers of least PAR-2; a run not solved is on the border, at the timeout.", names[0], names[1]), sc}), nil
	}
	for _, p := range pairs {
		sc, err := ScatterChart(recs, p[0], p[1])
		if err != nil {
			return nil, err
		}
		charts = append(charts, ReportChart{scatterName(p[0], p[1]), fmt.Sprintf("Each instance's time under %s (x) and %s (y); a run not solved is on the border, at the timeout.", p[0], p[1]), sc})
	}
	return charts, nil
}

// scatterName is the file stem of the scatter plot of a against b: their
// names with every character but letters, digits and '-' as '_', each cut
// to maxStemPart bytes, and when one was cut, 8 hex digits of the SHA-256
// of both whole names after them, so that two plots of long names differ:
// a file name stays well under the 255 bytes a file system takes, however
// long the solvers' paths.
func scatterName(a, b string) string {
	clean := func(s string) string {
		return strings.Map(func(r rune) rune {
			if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' {
				return r
			}
			return '_'
		}, s)
	}
	ca, cb := clean(a), clean(b)
	if len(ca) <= maxStemPart && len(cb) <= maxStemPart {
		return "scatter-" + ca + "-" + cb
	}
	sum := sha256.Sum256([]byte(a + "\x00" + b))
	return "scatter-" + ca[max(0, len(ca)-maxStemPart):] + "-" + cb[max(0, len(cb)-maxStemPart):] + "-" + hex.EncodeToString(sum[:4])
}

// maxStemPart is the most bytes of a solver's name in a file's name: the
// end of a path, where its program's name is.
const maxStemPart = 48

// ReportFigures draws the report's charts (ReportCharts) as SVG.
func ReportFigures(recs []Record, pairs [][2]string) ([]Figure, error) {
	charts, err := ReportCharts(recs, pairs)
	if err != nil {
		return nil, err
	}
	return DrawFigures(charts)
}

// DrawFigures draws charts as the SVG figures of a report page.
func DrawFigures(charts []ReportChart) ([]Figure, error) {
	var figs []Figure
	for _, c := range charts {
		var b bytes.Buffer
		if err := draw.WriteChart(&b, c.Chart, "svg"); err != nil {
			return nil, err
		}
		figs = append(figs, Figure{Caption: c.Caption, SVG: b.Bytes()})
	}
	return figs, nil
}
