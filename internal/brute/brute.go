// Package brute counts solutions the slow, obvious way, as the independent
// reference of the tests: N-Queens by every permutation of the columns,
// each checked by model.Verify (so pre-placed queens and blocked squares
// count too), for n <= 9 or so; exact covers by plain recursion.
package brute

import (
	"github.com/queenslab/nqueens/model"
	"github.com/queenslab/nqueens/xcc"
)

// Count returns the number of solutions of p: every bijection of the rows
// that take a queen onto the columns that do (all of them, unless p names
// a subset), each checked by model.Verify.
func Count(p model.Problem) uint64 {
	n := p.N
	rows, cols := p.Rows, p.Cols
	if rows == nil {
		rows, cols = make([]int, n), make([]int, n)
		for i := range n {
			rows[i], cols[i] = i, i
		}
	}
	q := make(model.Placement, n)
	for i := range q {
		q[i] = model.Unset
	}
	used := make([]bool, len(cols))
	var count uint64
	var rec func(i int)
	rec = func(i int) {
		if i == len(rows) {
			if model.Verify(p, q) == nil {
				count++
			}
			return
		}
		for j, c := range cols {
			if !used[j] {
				used[j], q[rows[i]] = true, c
				rec(i + 1)
				used[j] = false
			}
		}
		q[rows[i]] = model.Unset
	}
	rec(0)
	return count
}

// Problem draws a random problem of any variant on an n x n board from
// r (a function returning a number in [0, k)): pre-placed queens, blocked
// squares, excluded diagonals, and sometimes a subset of rows and columns.
func Problem(n int, r func(k int) int) model.Problem {
	p := model.Problem{N: n}
	if r(3) == 0 {
		k := r(n + 1)
		p.Rows, p.Cols = lines(n, k, r), lines(n, k, r)
	}
	for range r(3) {
		p.Fixed = append(p.Fixed, model.Square{Row: r(n), Col: r(n)})
	}
	for range r(n + 1) {
		p.Blocked = append(p.Blocked, model.Square{Row: r(n), Col: r(n)})
	}
	for range r(n + 2) {
		d := model.Diagonal{Kind: model.Sum, Index: r(2*n - 1)}
		if r(2) == 0 {
			d = model.Diagonal{Kind: model.Difference, Index: r(2*n-1) - (n - 1)}
		}
		p.Excluded = append(p.Excluded, d)
	}
	return p
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

// Variant draws a variant of n x n likely to have solutions even for n
// beyond brute force (for tests that hold one method to another): one
// or two pre-placed queens, a few blocked squares, a few excluded
// diagonals, one to three rows and columns left empty, or a mix of the
// first three.
func Variant(n int, r func(k int) int) model.Problem {
	p := model.Problem{N: n}
	kind := r(5)
	if kind == 0 || kind == 4 {
		for range 1 + r(2) {
			p.Fixed = append(p.Fixed, model.Square{Row: r(n), Col: r(n)})
		}
	}
	if kind == 1 || kind == 4 {
		for range 1 + r(n/2) {
			p.Blocked = append(p.Blocked, model.Square{Row: r(n), Col: r(n)})
		}
	}
	if kind == 2 || kind == 4 {
		for range 1 + r(3) {
			d := model.Diagonal{Kind: model.Sum, Index: r(2*n - 1)}
			if r(2) == 0 {
				d = model.Diagonal{Kind: model.Difference, Index: r(2*n-1) - (n - 1)}
			}
			p.Excluded = append(p.Excluded, d)
		}
	}
	if kind == 3 {
		k := n - 1 - r(3)
		p.Rows, p.Cols = lines(n, k, r), lines(n, k, r)
	}
	return p
}

// lines draws k of the lines 0..n-1 in random order (the first k of a
// Fisher-Yates shuffle).
func lines(n, k int, r func(k int) int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i
	}
	for i := n - 1; i > 0; i-- {
		j := r(i + 1)
		out[i], out[j] = out[j], out[i]
	}
	return out[:k]
}
