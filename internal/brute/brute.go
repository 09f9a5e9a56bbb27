// Package brute counts solutions the slow, obvious way, as the independent
// reference of the tests: every permutation of the columns, each checked
// by model.Verify (so pre-placed queens and blocked squares count too).
// For n <= 9 or so.
package brute

import "github.com/queenslab/nqueens/model"

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
