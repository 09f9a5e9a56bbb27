package draw

import (
	"fmt"
	"testing"
)

// TestSeriesToldApart: every series of a chart has its own color, mark and
// dash together (56 before any repeats), and in grey, where colors look
// alike, no two of the first twelve share both mark and dash, nor two
// virtual best solvers of their own marks; a chart with a limit runs its
// axes past it and marks it in the legend.
func TestSeriesToldApart(t *testing.T) {
	seen := map[string]int{}
	grey := map[string]int{}
	for i := range 56 {
		c, g, d := look(i, Series{})
		if j, dup := seen[fmt.Sprintf("%v %T %v", c, g, d)]; dup {
			t.Errorf("series %d and %d look alike", j, i)
		}
		seen[fmt.Sprintf("%v %T %v", c, g, d)] = i
		if k := fmt.Sprintf("%T %v", g, d); i < 12 {
			if j, dup := grey[k]; dup {
				t.Errorf("series %d and %d look alike in grey: %s", j, i, k)
			}
			grey[k] = i
		}
	}
	_, a, _ := look(7, Series{Dashed: true, Shape: 8})
	_, b, _ := look(7, Series{Dashed: true, Shape: 9})
	if fmt.Sprintf("%T", a) == fmt.Sprintf("%T", b) {
		t.Errorf("two virtual best solvers share their mark %T", a)
	}
	sc := Chart{LogX: true, LogY: true, Points: true, Diagonal: true, Limit: 60, LimitName: "timeout",
		Series: []Series{{Name: "SAT", XY: [][2]float64{{0.01, 0.02}, {60, 3}}}, {Name: "UNSAT", XY: [][2]float64{{0.5, 60}}}}}
	p, entries, err := newPlot(sc)
	if err != nil || p.X.Max <= 60 || p.Y.Max <= 60 || p.X.Min >= 0.01 || len(entries) != 3 {
		t.Errorf("a scatter chart to a limit of 60: x %g..%g, y %g..%g, %d entries (%v)", p.X.Min, p.X.Max, p.Y.Min, p.Y.Max, len(entries), err)
	}
}
