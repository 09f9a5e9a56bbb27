package lab

import (
	"context"
	"math"
	"slices"
	"time"

	nqueens "github.com/queenslab/nqueens"
	"github.com/queenslab/nqueens/draw"
	"github.com/queenslab/nqueens/model"
)

// BenchPoint is one timing of Bench.
type BenchPoint struct {
	Series  string  `json:"series"` // "localsearch", "constellation", "bitmask", "backtrack", "dlx", "sat/gini"
	N       int     `json:"n"`
	Seconds float64 `json:"seconds"`
	Result  uint64  `json:"result"` // the count, or N for a solution found
}

// BenchSizes are the boards Bench times, per series; quick is a smaller
// set for tests.
func BenchSizes(quick bool) map[string][]int {
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

// Bench times local search against N and every counting method against N
// on this machine, each run once (the counts are checked against OEIS, the
// solutions verified).
func Bench(ctx context.Context, quick bool, progress func(done, total int)) ([]BenchPoint, error) {
	sizes := BenchSizes(quick)
	total := 0
	for _, s := range benchSeries {
		total += len(sizes[s])
	}
	var out []BenchPoint
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
				// The registry holds the count to OEIS: one that
				// disagrees is a *nqueens.WrongAnswerError.
				r, err := c.Count(ctx, model.Classic(n), opt)
				if err != nil {
					return out, err
				}
				result = r.All
			}
			out = append(out, BenchPoint{Series: s, N: n, Seconds: time.Since(start).Seconds(), Result: result})
			if progress != nil {
				progress(len(out), total)
			}
		}
	}
	return out, nil
}

// BenchCharts are the two panels of a benchmark: local search's time
// against N, and the counting methods' times against N, on log scales.
func BenchCharts(pts []BenchPoint) []draw.Chart {
	panel := func(title string, logX bool, series []string) draw.Chart {
		c := draw.Chart{Title: title, XLabel: "N", YLabel: "seconds", LogX: logX, LogY: true}
		for _, s := range series {
			ds := draw.Series{Name: s, Style: 1 + slices.Index(benchSeries, s)}
			for _, q := range pts {
				if q.Series == s {
					ds.XY = append(ds.XY, [2]float64{float64(q.N), math.Max(q.Seconds, 1e-6)})
				}
			}
			if len(ds.XY) > 0 {
				c.Series = append(c.Series, ds)
			}
		}
		return c
	}
	return []draw.Chart{
		panel("Local search (one solution)", true, benchSeries[:1]),
		panel("Counting all solutions, one job", false, benchSeries[1:]),
	}
}
