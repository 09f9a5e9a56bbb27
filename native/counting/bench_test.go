package counting

import (
	"context"
	"fmt"
	"testing"
)

// BenchmarkConstellation counts n = 12..17 by constellations with one
// goroutine and with two. Compare with C programs of Takaken's method and

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

// BenchmarkJoin counts n = 14..18 by the join of quarter boards with one
// goroutine and with two (two should be at least 1.8 times as fast).
// Compare with Kluev's program: scripts/compare-count.sh.
func BenchmarkJoin(b *testing.B) {
	for _, n := range []int{14, 16, 17, 18} {
		for _, jobs := range []int{1, 2} {
			b.Run(fmt.Sprintf("n=%d/jobs=%d", n, jobs), func(b *testing.B) {
				for b.Loop() {
					if _, err := JoinCount(context.Background(), n, JoinOptions{Jobs: jobs}); err != nil {
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
