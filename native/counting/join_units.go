package counting

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"iter"
	"math/bits"
	"slices"

	"github.com/queenslab/nqueens/model"
)

// A JoinUnit is one work unit of the join: a set of east rows, and for odd
// n the pair of the middle row's column and the middle column's row.
type JoinUnit struct {
	N int
	// East is the set of rows (bit r) whose queen is in the east half.
	East uint64
	// Col0 and Row0 (odd n) are the column of the middle row's queen and
	// the row of the middle column's queen; -1 for even n.
	Col0, Row0 int
	// Weight is how many solutions each one found here stands for.
	Weight uint64
	// Plain (even n, whose units join only the east halves without a
	// queen on a long diagonal and weigh the west halves by theirs) weighs
	// the solutions without a queen on a long diagonal before Weight: 2,
	// 1, or 0 when another unit counts them.
	Plain uint64
}

// String is the unit as one line.
func (u JoinUnit) String() string {
	return fmt.Sprintf("%d rows %#x cross %d,%d w%d p%d", u.N, u.East, u.Col0, u.Row0, u.Weight, u.Plain)
}

// revBits reverses the low n bits of x.
func revBits(x uint64, n int) uint64 {
	return bits.Reverse64(x) >> (64 - n)
}

// joinCross lists the pairs (c0, r0) of odd n, one of each orbit under
// the symmetries of the square, with the orbit's size: the centre (c0 = r0
// = n/2) first, then the others ordered by (c0, r0).
func joinCross(n int) [][3]int {
	m := n / 2
	out := [][3]int{{m, m, 1}}
	for c0 := range n {
		for r0 := range n {
			if c0 == m || r0 == m || abs(c0-m) == abs(r0-m) {
				continue // in the middle, or attacking each other
			}
			least, fixed := true, 0
			for k := range 8 {
				// (m, c0) and (r0, m) mapped by symmetry k: the image of the
				// middle row's queen is in the middle row or column.
				r1, c1 := symmetry(k, n, m, c0)
				r2, c2 := symmetry(k, n, r0, m)
				var ic, ir int
				if r1 == m {
					ic, ir = c1, r2
				} else {
					ic, ir = c2, r1
				}
				switch key, own := ic*n+ir, c0*n+r0; {
				case key < own:
					least = false
				case key == own:
					fixed++
				}
			}
			if least {
				out = append(out, [3]int{c0, r0, 8 / fixed})
			}
		}
	}
	return out
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// subsetsOf yields the subsets of mask with k bits, each once, in
// increasing order (Gosper's hack on the indices of mask's bits).
func subsetsOf(mask uint64, k int) iter.Seq[uint64] {
	return func(yield func(uint64) bool) {
		var pos [64]int
		free := 0
		for a := mask; a != 0; a &= a - 1 {
			pos[free] = bits.TrailingZeros64(a)
			free++
		}
		if k < 0 || k > free {
			return
		}
		for s := uint64(1)<<k - 1; s < uint64(1)<<free; {
			var e uint64
			for t := s; t != 0; t &= t - 1 {
				e |= 1 << pos[bits.TrailingZeros64(t)]
			}
			if !yield(e) || s == 0 {
				return
			}
			lo := s & -s
			r := s + lo
			s = ((r^s)>>2)/lo | r
		}
	}
}

// The ways JoinUnits chooses sets of east rows.
const (
	setsAll = iota
	setsFlips
	setsLong
)

// JoinUnits lists the work units of the join of n (JoinMinN <= n <=
// JoinMaxN), numbered from 0, in a fixed order, the same on every machine,
// without holding the list.
func JoinUnits(n int) iter.Seq2[int, JoinUnit] {
	return func(yield func(int, JoinUnit) bool) {
		if n < JoinMinN || n > JoinMaxN {
			return
		}
		h := n / 2
		i := 0
		all := uint64(1)<<n - 1
		// sets yields the k-subsets of avail in increasing order: all of
		// them (mode setsAll), the least of each orbit under both flips
		// weighted by its size (setsFlips), or the least of each orbit
		// under the upside-down flip weighted by its size, with the
		// weight of the solutions without a queen on a long diagonal
		// (setsLong: see the comment at the top of the file).
		sets := func(avail uint64, k int, mode int, w uint64, c0, r0 int) bool {
			for e := range subsetsOf(avail, k) {
				weight, plain := w, uint64(0)
				switch mode {
				case setsFlips:
					orbit := []uint64{e, revBits(e, n), avail &^ e, avail &^ revBits(e, n)}
					least := true
					distinct := 0
					for j, o := range orbit {
						if o < e {
							least = false
						}
						if !slices.Contains(orbit[:j], o) {
							distinct++
						}
					}
					weight = 0
					if least {
						weight = w * uint64(distinct)
					}
				case setsLong:
					re := revBits(e, n)
					weight = 0
					if e <= re {
						weight = 2
						if re == e {
							weight = 1
						}
						// The orbit of the left-right flip: the same
						// (plain 1), or the other orbit, whose least
						// member is compared with e (plain 2 or 0).
						ce, cre := avail&^e, avail&^re
						switch {
						case ce == re:
							plain = 1
						case min(ce, cre) > e:
							plain = 2
						}
					}
				}
				if weight != 0 {
					if !yield(i, JoinUnit{N: n, East: e, Col0: c0, Row0: r0, Weight: weight, Plain: plain}) {
						return false
					}
					i++
				}
			}
			return true
		}
		if n%2 == 0 {
			sets(all, h, setsLong, 1, -1, -1)
			return
		}
		for _, x := range joinCross(n) {
			c0, r0, w := x[0], x[1], uint64(x[2])
			avail := all &^ (1 << h) &^ (1 << r0)
			east := h
			if c0 > h {
				east = h - 1
			}
			mode := setsAll
			if c0 == h {
				mode = setsFlips
			}
			if !sets(avail, east, mode, w, c0, r0) {
				return
			}
		}
	}
}

// joinVariant is a variant's board as the join reads it: open[r] (bit c)
// for the squares a queen may stand on, and the rows and columns that
// take a queen. A pre-placed queen (r, c) leaves row r only square c and
// column c only row r, so that every solution holds it; none is false
// when a pre-placed queen stands where no queen may, so that nothing
// holds it.
func joinVariant(p model.Problem) (open []uint64, rows, cols uint64, none bool) {
	n := p.N
	b := p.Board()
	open = make([]uint64, n)
	for r := range n {
		if b.RowTakesQueen(r) {
			rows |= 1 << r
		}
		if b.ColTakesQueen(r) {
			cols |= 1 << r
		}
		for c := range n {
			if b.Open(r, c) {
				open[r] |= 1 << c
			}
		}
	}
	for _, q := range p.Fixed {
		if open[q.Row]>>q.Col&1 == 0 {
			return open, rows, cols, true
		}
	}
	for _, q := range p.Fixed {
		for r := range n {
			if r == q.Row {
				open[r] &= 1 << q.Col
			} else {
				open[r] &^= 1 << q.Col
			}
		}
	}
	return open, rows, cols, false
}

// variantUnits lists the units of a variant's join: for odd n each way to
// place the queens of the middle row and column that take one (Col0 or
// Row0 -1 when that line stays empty), and for each the sets of east rows
// as many as the east columns left; all of weight 1.
func variantUnits(n int, open []uint64, rows, cols uint64) iter.Seq2[int, JoinUnit] {
	return func(yield func(int, JoinUnit) bool) {
		h, g := n/2, n-n/2
		east := (uint64(1)<<n - 1) &^ (uint64(1)<<g - 1)
		i := 0
		sets := func(c0, r0 int) bool {
			rs, cs := rows, cols
			if n%2 == 1 {
				rs &^= 1 << h
				cs &^= 1 << h
			}
			if c0 >= 0 {
				cs &^= 1 << c0
			}
			if r0 >= 0 {
				rs &^= 1 << r0
			}
			for e := range subsetsOf(rs, bits.OnesCount64(cs&east)) {
				if !yield(i, JoinUnit{N: n, East: e, Col0: c0, Row0: r0, Weight: 1}) {
					return false
				}
				i++
			}
			return true
		}
		if n%2 == 0 {
			sets(-1, -1)
			return
		}
		m := h
		// r0s yields the rows of the middle column's queen beside a middle
		// row's queen in column c0 (-1: none), or -1 when that column
		// takes none.
		r0s := func(c0 int) []int {
			if cols>>m&1 == 0 {
				return []int{-1}
			}
			var out []int
			for r0 := range n {
				if r0 != m && open[r0]>>m&1 != 0 && (c0 < 0 || abs(r0-m) != abs(c0-m)) {
					out = append(out, r0)
				}
			}
			return out
		}
		if rows>>m&1 == 0 {
			for _, r0 := range r0s(-1) {
				if !sets(-1, r0) {
					return
				}
			}
			return
		}
		for c0 := range n {
			if open[m]>>c0&1 == 0 {
				continue
			}
			if c0 == m {
				if !sets(m, m) {
					return
				}
				continue
			}
			for _, r0 := range r0s(c0) {
				if !sets(c0, r0) {
					return
				}
			}
		}
	}
}

// JoinUnitsDigest counts the units of JoinUnits(n) and digests them (16 hex
// digits of the SHA-256 of their fields), so that the units of a shard or
// a checkpoint are never taken for another list's.
func JoinUnitsDigest(n int) (int, string) {
	h := sha256.New()
	h.Write([]byte("join"))
	total := 0
	var buf [8 * 5]byte
	for _, u := range JoinUnits(n) {
		binary.LittleEndian.PutUint64(buf[0:], uint64(u.N))
		binary.LittleEndian.PutUint64(buf[8:], u.East)
		binary.LittleEndian.PutUint64(buf[16:], uint64(int64(u.Col0)<<32|int64(u.Row0)&0xffffffff))
		binary.LittleEndian.PutUint64(buf[24:], u.Weight)
		binary.LittleEndian.PutUint64(buf[32:], u.Plain)
		h.Write(buf[:])
		total++
	}
	return total, hex.EncodeToString(h.Sum(nil)[:8])
}
