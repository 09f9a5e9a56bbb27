package search

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/queenslab/nqueens/model"
)

// BenchmarkConstellation counts n = 12..17 by constellations with one
// goroutine and with two. Compare with C programs of Takaken's method and

// BenchmarkHeuristicFirst finds a first solution by the dynamic order
// (the target: under 1 s for every N up to 1000).
func BenchmarkHeuristicFirst(b *testing.B) {
	for _, n := range []int{100, 1000} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			for b.Loop() {
				if r, _ := Heuristic(context.Background(), model.Classic(n), HeuristicOptions{FirstOnly: true}); r.First == nil {
					b.Fatal("no solution")
				}
			}
		})
	}
}

// BenchmarkRefute solves the linear relaxation of published excluded
// diagonals instances of Gent, Jefferson and Nightingale: two that it
// refutes (their bitmask solver needed 4.7 x 10^9 nodes for diag-20-4-75
// at d = 18), one it does not (diag-21-4-259, d = 19), and the classic
// board of 64 with one diagonal excluded, where it is largest.
func BenchmarkRefute(b *testing.B) {
	for _, in := range []struct {
		file string
		d    int
		want bool
	}{{"diag-20-4-75", 18, true}, {"diag-19-4-686", 16, true}, {"diag-21-4-259", 19, false}, {"", 0, false}} {
		p := model.Problem{N: RelaxMaxN, Excluded: []model.Diagonal{{Kind: model.Sum, Index: 5}}}
		name := "n=64-one-diagonal"
		if in.file != "" {
			p, name = publishedInstance(b, in.file, in.d), fmt.Sprintf("%s-d%d", in.file, in.d)
		}
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				if f, err := Refute(context.Background(), p); err != nil || (f != nil) != in.want {
					b.Fatalf("refuted %v (%v), want %v", f != nil, err, in.want)
				}
			}
		})
	}
}

// BenchmarkCPPublished decides the hardest of Gent, Jefferson and
// Nightingale's published excluded diagonals instances in the sample of
// testdata/gent2017 (their bitmask solver needed 3.2 to 4.7 x 10^9 nodes,
// and Lingeling about 2,600 s for diag-21-4-259 at d = 19), counting their
// solutions (none) with one goroutine and with two, by the search alone
// (the linear relaxation refutes some of them at once); nodes is the
// search tree.
func BenchmarkCPPublished(b *testing.B) {
	for _, in := range []struct {
		file string
		d    int
	}{{"diag-20-4-75", 18}, {"diag-21-4-75", 18}, {"diag-21-4-163", 23}, {"diag-21-4-110", 17}, {"diag-21-4-259", 19}} {
		p := publishedInstance(b, in.file, in.d)
		for _, jobs := range []int{1, 2} {
			b.Run(fmt.Sprintf("%s-d%d/jobs=%d", in.file, in.d, jobs), func(b *testing.B) {
				var r CPResult
				for b.Loop() {
					r, _ = CP(context.Background(), p, CPOptions{Jobs: jobs, NoRelaxation: true})
				}
				if r.Count != 0 {
					b.Fatalf("%d solutions", r.Count)
				}
				b.ReportMetric(float64(r.Nodes), "nodes")
			})
		}
	}
}

// publishedInstance is the first d diagonals of the list of
// testdata/gent2017/FILE.param.
func publishedInstance(tb testing.TB, file string, d int) model.Problem {
	f, err := os.Open(filepath.Join("..", "..", "testdata", "gent2017", file+".param"))
	if err != nil {
		tb.Fatal(err)
	}
	l, err := model.ReadParam(f)
	f.Close()
	if err != nil {
		tb.Fatal(err)
	}
	p, err := l.Problem(d)
	if err != nil {
		tb.Fatal(err)
	}
	return p
}
