package native

import (
	"context"
	"fmt"
	"testing"
)

// BenchmarkCount counts n = 12..17 with one goroutine and with two. Compare
// with ../shared/bench/bitmask-mirror.c: scripts/compare-count.sh.
func BenchmarkCount(b *testing.B) {
	for _, n := range []int{12, 14, 16, 17} {
		for _, jobs := range []int{1, 2} {
			b.Run(fmt.Sprintf("n=%d/jobs=%d", n, jobs), func(b *testing.B) {
				for b.Loop() {
					if _, err := Count(context.Background(), n, CountOptions{Jobs: jobs}); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
