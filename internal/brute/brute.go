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

// Covers counts the exact covers of x by plain recursion: pick the first
// uncovered primary item, try each option that holds it and fits. A
// secondary item may be in several chosen options when all give it the
// same color; an option that names it without a color takes it alone.
func Covers(x *xcc.Problem) int {
	// state of each item: 0 free, -1 taken, c > 0 taken by color c.
	state := make([]int, x.Items())
	color := func(k, j int) int {
		if x.Colors == nil {
			return 0
		}
		return x.Colors[k][j]
	}
	fits := func(k int) bool {
		for j, i := range x.Options[k] {
			c := color(k, j)
			if state[i] != 0 && (c == 0 || state[i] != c) {
				return false
			}
		}
		return true
	}
	var rec func() int
	rec = func() int {
		item := -1
		for i := range x.Primary {
			if state[i] == 0 {
				item = i
				break
			}
		}
		if item < 0 {
			return 1
		}
		total := 0
		for k, o := range x.Options {
			holds := false
			for _, i := range o {
				holds = holds || i == item
			}
			if !holds || !fits(k) {
				continue
			}
			old := make([]int, len(o))
			for j, i := range o {
				old[j] = state[i]
				if c := color(k, j); c > 0 {
					state[i] = c
				} else {
					state[i] = -1
				}
			}
			total += rec()
			for j, i := range o {
				state[i] = old[j]
			}
		}
		return total
	}
	return rec()
}

// CoversBySubsets counts the exact covers of x by trying every set of
// options (so x should have 20 options or fewer): each primary item must be
// in as many of them as its bounds allow (exactly one without Bounds), each
// secondary item in at most one, or in several that all give it the same
// color.
func CoversBySubsets(x *xcc.Problem) int {
	k := len(x.Options)
	count := 0
	times := make([]int, x.Items())
	color := make([]int, x.Items())
next:
	for set := 0; set < 1<<k; set++ {
		clear(times)
		clear(color)
		for o := range k {
			if set&(1<<o) == 0 {
				continue
			}
			for j, i := range x.Options[o] {
				c := 0
				if x.Colors != nil {
					c = x.Colors[o][j]
				}
				if i >= len(x.Primary) && times[i] > 0 && (c == 0 || color[i] != c) {
					continue next
				}
				times[i]++
				color[i] = c
			}
		}
		for i := range x.Primary {
			lo, hi := 1, 1
			if x.Bounds != nil {
				lo, hi = x.Bounds[i][0], x.Bounds[i][1]
			}
			if times[i] < lo || times[i] > hi {
				continue next
			}
		}
		count++
	}
	return count
}
