// Package brute counts solutions the slow, obvious way, as the independent
// reference of the tests: N-Queens by every permutation of the columns,
// each checked by model.Verify (so pre-placed queens and blocked squares
// count too), for n <= 9 or so; exact covers by plain recursion.
package brute

import (
	"github.com/queenslab/nqueens/model"
	"github.com/queenslab/nqueens/xcc"
)

// Count returns the number of solutions of p.
func Count(p model.Problem) uint64 {
	n := p.N
	q := make(model.Placement, n)
	used := make([]bool, n)
	var count uint64
	var rec func(r int)
	rec = func(r int) {
		if r == n {
			if model.Verify(p, q) == nil {
				count++
			}
			return
		}
		for c := 0; c < n; c++ {
			if !used[c] {
				used[c], q[r] = true, c
				rec(r + 1)
				used[c] = false
			}
		}
	}
	rec(0)
	return count
}

// Covers counts the exact covers of x by plain recursion: pick the
// first uncovered primary item, try each option that holds it and fits.
func Covers(x *xcc.Problem) int {
	used := make([]bool, x.Items())
	var rec func() int
	rec = func() int {
		item := -1
		for i := range x.Primary {
			if !used[i] {
				item = i
				break
			}
		}
		if item < 0 {
			return 1
		}
		total := 0
	next:
		for _, o := range x.Options {
			holds := false
			for _, i := range o {
				if used[i] {
					continue next
				}
				holds = holds || i == item
			}
			if !holds {
				continue
			}
			for _, i := range o {
				used[i] = true
			}
			total += rec()
			for _, i := range o {
				used[i] = false
			}
		}
		return total
	}
	return rec()
}
