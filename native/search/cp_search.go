package search

import (
	"math/bits"
)

// The search of CP on sets of diagonals of 128 bits (u128); gen_cp.go
// writes cp_search64_gen.go from this file, the same search on sets of 64
// bits (u64s), for boards of up to 32 queens, where it runs faster.

//go:generate go run gen_cp.go

// sumsFit reports whether k of the diagonals of a, whose indices add up to
// target, can be chosen as far as their sum tells: the ones left out add up
// to sum(a) - target, which must lie between the smallest and the largest
// sum of that many. It returns the slack |a| - k and, for a slack of 1, the
// one diagonal to leave out.
func sumsFit(a u128, k, target int) (fit bool, slack, drop int) {
	slack = a.count() - k
	if slack < 0 {
		return false, slack, 0
	}
	drop = indexSum(a) - target
	if slack == 0 {
		return drop == 0, 0, 0
	}
	var lo, hi int
	if slack <= k {
		lo, hi = lowSum(a, slack), highSum(a, slack)
	} else {
		all := drop + target
		lo, hi = all-highSum(a, k), all-lowSum(a, k)
	}
	if drop < lo || drop > hi {
		return false, slack, 0
	}
	if slack == 1 && !a.has(drop) {
		return false, slack, 0
	}
	return true, slack, drop
}

// cpNode is the state of a node: the open rows and columns, the diagonals
// taken or closed (sum; difference as c - r + n-1, and mirrored as
// r - c + n-1 for the columns' view), the queens still to place and the
// sums of the open rows' and columns' indices.
type cpNode struct {
	rows, cols     uint64
	sum, dif, rdif u128
	k, sumR, sumC  int
	place          [CPMaxN]int8 // the column of each row's queen, -1 for none
	depth          int
}

func (nd *cpNode) put(n, r, c int) {
	nd.rows &^= 1 << r
	nd.cols &^= 1 << c
	nd.sum = nd.sum.or(bit128(r + c))
	nd.dif = nd.dif.or(bit128(c - r + n - 1))
	nd.rdif = nd.rdif.or(bit128(r - c + n - 1))
	nd.k--
	nd.sumR -= r
	nd.sumC -= c
	nd.place[r] = int8(c)
	nd.depth++
}

// search searches below nd; it returns true when the search is to stop (a
// first solution, Each said so, a cancel, or a restart's budget spent).
func (s *cpSearch) search(nd *cpNode) bool {
	s.nodes++
	if s.nodes&(pollEvery-1) == 0 && s.poll() {
		return true
	}
	if s.probe != nil {
		s.probeNodes += s.probeW
	}
	if s.budget >= 0 {
		if s.budget == 0 {
			s.outOfBud = true
			return true
		}
		s.budget--
	}
	if nd.k == 0 {
		return s.leaf(&nd.place)
	}
	if nd.depth == s.splitAt {
		s.cut(nd.wide())
		return false
	}
	n := s.n
	var best, line, kind int
	var bestDom uint64
again:
	best, kind = 1<<30, 0
	var s1, s2, s3, d1, d2, d3 u128
	for rr := nd.rows; rr != 0; rr &= rr - 1 {
		r := bits.TrailingZeros64(rr)
		d := s.rowOpen[r] & nd.cols &^ shr(nd.sum, r) &^ shr(nd.dif, n-1-r)
		if d == 0 {
			return false
		}
		if c := s.score(bits.OnesCount64(d), edge(n, r)); c < best {
			best, line, kind, bestDom = c, r, lineRow, d
		}
		x := shl(d, r)
		s3 = s3.or(s2.and(x))
		s2 = s2.or(s1.and(x))
		s1 = s1.or(x)
		y := shl(d, n-1-r)
		d3 = d3.or(d2.and(y))
		d2 = d2.or(d1.and(y))
		d1 = d1.or(y)
	}
	for cc := nd.cols; cc != 0; cc &= cc - 1 {
		c := bits.TrailingZeros64(cc)
		d := s.colOpen[c] & nd.rows &^ shr(nd.sum, c) &^ shr(nd.rdif, n-1-c)
		if d == 0 {
			return false
		}
		if x := s.score(bits.OnesCount64(d), edge(n, c)|1); x < best {
			best, line, kind, bestDom = x, c, lineCol, d
		}
	}
	// The diagonal sums: sum diagonals, then difference diagonals.
	fit, slack, drop := sumsFit(s1, nd.k, nd.sumR+nd.sumC)
	if !fit {
		return false
	}
	if slack == 1 {
		nd.sum = nd.sum.or(bit128(drop))
		goto again
	}
	if slack == 0 {
		if one := s1.andNot(s2); one.any() && best > s.score(1, 0) {
			best, line, kind = s.score(1, 0), one.lowest(), lineSum
		} else if two := s2.andNot(s3); two.any() && best > s.score(2, 0) {
			best, line, kind = s.score(2, 0), two.lowest(), lineSum
		}
	}
	fit, slack, drop = sumsFit(d1, nd.k, nd.sumC-nd.sumR+nd.k*(n-1))
	if !fit {
		return false
	}
	if slack == 1 {
		nd.dif = nd.dif.or(bit128(drop))
		nd.rdif = nd.rdif.or(bit128(2*(n-1) - drop))
		goto again
	}
	if slack == 0 {
		if one := d1.andNot(d2); one.any() && best > s.score(1, 0) {
			best, line, kind = s.score(1, 0), one.lowest(), lineDif
		} else if two := d2.andNot(d3); two.any() && best > s.score(2, 0) {
			best, line, kind = s.score(2, 0), two.lowest(), lineDif
		}
	}
	// Branch: the squares of the chosen line, in order (or shuffled).
	child := &s.stack[nd.depth-s.rootDepth+1]
	if s.rnd == nil && s.probe == nil && kind != lineSum && kind != lineDif {
		// The squares of a row or column in order: straight from its set.
		for d := bestDom; d != 0; d &= d - 1 {
			r, c := line, bits.TrailingZeros64(d)
			if kind == lineCol {
				r, c = c, line
			}
			*child = *nd
			child.put(n, r, c)
			if s.search(child) {
				return true
			}
		}
		return false
	}
	moves := &s.moves[nd.depth-s.rootDepth]
	rs, cs := moves[0][:], moves[1][:]
	m := 0
	switch kind {
	case lineRow, lineCol:
		for d := bestDom; d != 0; d &= d - 1 {
			v := bits.TrailingZeros64(d)
			if kind == lineRow {
				rs[m], cs[m] = int8(line), int8(v)
			} else {
				rs[m], cs[m] = int8(v), int8(line)
			}
			m++
		}
	default:
		for rr := nd.rows; rr != 0; rr &= rr - 1 {
			r := bits.TrailingZeros64(rr)
			c := line - r // sum diagonal r + c = line
			if kind == lineDif {
				c = line - (n - 1) + r // c - r + n-1 = line
			}
			if c >= 0 && c < n && (s.rowOpen[r]&nd.cols&^shr(nd.sum, r)&^shr(nd.dif, n-1-r))>>c&1 != 0 {
				rs[m], cs[m] = int8(r), int8(c)
				m++
			}
		}
	}
	if s.rnd != nil {
		s.rnd.Shuffle(m, func(i, j int) { rs[i], rs[j], cs[i], cs[j] = rs[j], rs[i], cs[j], cs[i] })
	}
	if s.probe != nil && m > 0 { // one child, for Knuth's estimator
		i := s.probe.IntN(m)
		s.probeW *= float64(m)
		*child = *nd
		child.put(n, int(rs[i]), int(cs[i]))
		return s.search(child)
	}
	for i := range m {
		*child = *nd
		child.put(n, int(rs[i]), int(cs[i]))
		if s.search(child) {
			return true
		}
	}
	return false
}
