package huge

import (
	"context"
	"fmt"
	"testing"
)

// BenchmarkConstellation counts n = 12..17 by constellations with one
// goroutine and with two. Compare with C programs of Takaken's method and

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
