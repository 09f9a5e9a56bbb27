package native

import (
	"context"
	"fmt"
	"testing"

	"github.com/queenslab/nqueens/model"
)

// BenchmarkConstellation counts n = 12..17 by constellations with one
// goroutine and with two. Compare with C programs of Takaken's method and
// of the mirror-symmetry search (scripts/reference): scripts/compare-count.sh.
func BenchmarkConstellation(b *testing.B) {
	for _, n := range []int{12, 14, 16, 17} {
		for _, jobs := range []int{1, 2} {
			b.Run(fmt.Sprintf("n=%d/jobs=%d", n, jobs), func(b *testing.B) {
				for b.Loop() {
					if _, err := ConstellationCount(context.Background(), n, ConstellationOptions{Jobs: jobs}); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// BenchmarkCount counts n = 12..17 with Bitmask, one goroutine and two.
func BenchmarkCount(b *testing.B) {
	for _, n := range []int{12, 14, 16, 17} {
		for _, jobs := range []int{1, 2} {
			b.Run(fmt.Sprintf("n=%d/jobs=%d", n, jobs), func(b *testing.B) {
				for b.Loop() {
					if _, err := Bitmask(context.Background(), n, BitmaskOptions{Jobs: jobs}); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// BenchmarkLocalSearch finds one solution for N = 10^6 and 10^7 queens (a
// fixed seed each). Compare with the C program of the same search:
// scripts/compare-localsearch.sh.
func BenchmarkLocalSearch(b *testing.B) {
	for _, n := range []int{1_000_000, 10_000_000} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			for b.Loop() {
				if _, err := LocalSearch(context.Background(), n, LocalSearchOptions{Seed: 42}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkHeuristicFirst finds a first solution by the dynamic order
// (issue target: under 1 s for every N up to 1000).
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
