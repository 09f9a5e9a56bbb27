package nqueens

import (
	"context"
	"fmt"
	"time"

	"github.com/queenslab/nqueens/model"
)

// BenchPoint is one timing of Bench.
type BenchPoint struct {
	Series  string  `json:"series"` // "localsearch", "bitmask", "backtrack", "dlx", "sat/gini"
	N       int     `json:"n"`
	Seconds float64 `json:"seconds"`
	Result  uint64  `json:"result"` // the count, or N for a solution found
}

// BenchSizes are the boards Bench times, per series; quick is a smaller
// set for tests.
func BenchSizes(quick bool) map[string][]int {
	if quick {
		return map[string][]int{
			"localsearch": {1000, 10000, 100000},
			"bitmask":     {8, 10, 12},
			"backtrack":   {8, 10},
			"dlx":         {8, 10},
			"sat/gini":    {6, 8},
		}
	}
	return map[string][]int{
		"localsearch": {1000, 10000, 100000, 1000000, 10000000},
		"bitmask":     {8, 9, 10, 11, 12, 13, 14, 15, 16},
		"backtrack":   {8, 9, 10, 11, 12},
		"dlx":         {8, 9, 10, 11, 12, 13},
		"sat/gini":    {6, 7, 8, 9, 10, 11},
	}
}

// BenchSeries is the order of the series.
var BenchSeries = []string{"localsearch", "bitmask", "backtrack", "dlx", "sat/gini"}

// Bench times local search against N and every counting method against N
// on this machine, each run once (the counts are checked against OEIS, the
// solutions verified).
func Bench(ctx context.Context, quick bool, progress func(done, total int)) ([]BenchPoint, error) {
	sizes := BenchSizes(quick)
	total := 0
	for _, s := range BenchSeries {
		total += len(sizes[s])
	}
	var out []BenchPoint
	for _, s := range BenchSeries {
		for _, n := range sizes[s] {
			start := time.Now()
			var result uint64
			switch s {
			case "localsearch":
				f, _ := LookupFinder("localsearch")
				sol, err := f.Find(ctx, model.Classic(n), FindOptions{Seed: 1})
				if err != nil {
					return out, err
				}
				result = uint64(len(sol.Columns))
			default:
				name, opt := s, CountOptions{Jobs: 1}
				if s == "sat/gini" {
					name, opt.Solver, opt.AMO = "sat", "gini", "pairwise"
				}
				c, err := LookupCounter(name)
				if err != nil {
					return out, err
				}
				r, err := c.Count(ctx, model.Classic(n), opt)
				if err != nil {
					return out, err
				}
				if err := CheckKnown(r); err != nil {
					return out, fmt.Errorf("bench: %s: %v", s, err)
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
