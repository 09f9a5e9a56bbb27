package counting

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"iter"
	"math/bits"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/queenslab/nqueens/internal/bitslice"
	"github.com/queenslab/nqueens/model"
	"github.com/queenslab/nqueens/native/internal/work"
)

// Counting by joining quarter boards (meet in the middle).
//
// Cut the n×n board into four quarters of h×h squares, h = ⌊n/2⌋; for odd
// n the middle row and the middle column stay outside them. Write g = n-h
// for the first row (column) of the south (east) quarters. Every queen
// outside the middle row and column lies in one quarter, and a solution is
// four partial placements, one a quarter, that fit: the rows of a half are
// shared by its two quarters, the columns of a half by its north and south
// quarters, and no two queens share a diagonal.
//
// Rows and halves. Let E be the set of rows whose queen stands in the east
// half (columns g..n-1). The east half of a solution is then a placement
// of |E| queens on the rows E and every east column, its west half one on
// the other rows and every west column. Conversely an east half on rows E
// and a west half on the other rows make a solution exactly when no
// diagonal holds a queen of each: rows and columns cannot clash between
// the halves. So
//
//	Q(n) = Σ_E #{(a, b) : a an east half on E, b a west half off E, a ⟂ b},
//
// a ⟂ b meaning that a and b take disjoint diagonals. An east queen (r, c)
// takes the diagonals r+c >= g and r-c+n-1 <= 2n-2-g, a west queen r+c <=
// n+h-2 and r-c+n-1 >= g: only the L = 2n-1-2g diagonals of each
// direction numbered g..2n-2-g can hold both, and each half is kept as
// those 2L bits alone (pattern).
//
// Each half is in turn the join of its north and south quarters: for the
// east half, a placement of the north-east quarter on the rows E∩north and
// some columns C, and one of the south-east quarter on the rows E∩south and
// the other east columns, whose diagonals are disjoint. The placements of
// one h×h square (every set of rows, queens on distinct columns and
// diagonals) are listed once (quarters), indexed by rows and columns, and
// read as any of the four quarters through the board's symmetries: a
// quarter's local square (u, v) is row u of its half (counted from the top)
// and column v counted from the middle outwards, so that its two local
// diagonals u+v and u-v+h-1 become global ones by a shift (see halves).
//
// The last step, counting the disjoint pairs of two lists of 2L-bit
// patterns, is where the time goes (Σ_E |A_E|·|B_E| pairs, about a
// thousand per solution). It runs bit-sliced (package internal/bitslice):
// 512 patterns of one list are turned on their side, so that for each
// diagonal one word says which of 64 patterns leave it free, and a
// pattern of the other list tests 512 pairs with an AND per 5 diagonals
// and 8 population counts.
//
// Symmetry. Flipping the board upside down (row r to n-1-r) maps the
// solutions with east rows E one to one onto those with east rows rev(E),
// and flipping it left to right onto those with east rows ~E (the other
// rows). So the count of E is the count of every set in its orbit under
// the flips, and only the orbit's least member need be joined, weighted
// by the orbit's size.
//
// For even n the two long diagonals give another factor of two. Write x
// (y) for a queen on the diagonal r = c in the north-west (south-east)
// quarter, and z (w) for one on r+c = n-1 in the north-east (south-west)
// quarter; a solution has at most one queen on each diagonal. Reflecting
// the board in r = c fixes x and y and swaps z and w; reflecting it in
// r+c = n-1 fixes z and w and swaps x and y; both map solutions one to one
// onto solutions. So the solutions with y (z) are as many as those with x
// (w) and the rest alike, and
//
//	Q(n) = Σ over the solutions with neither y nor z of (1+x)(1+w):
//
// only east halves without a long-diagonal queen are joined, and each west
// half weighs 1, 2 or 4 by its long-diagonal queens. The upside-down flip
// maps (x, y, z, w) to (w, z, y, x), which keeps both the condition and the
// weight, so the count of E is still that of rev(E): the units are the
// least sets of the orbits {E, rev(E)}, weighted by the orbit's size. The
// left-right flip maps x to z and does not keep them; but the solutions
// with no long-diagonal queen at all (weight 1) are kept by every
// symmetry, and for them the orbit {~E, rev(~E)} counts as much as {E,
// rev(E)}: the lesser of the two orbits counts them twice (JoinUnit.Plain
// = 2), the other not at all (Plain = 0), an orbit that is its own image
// once. The east halves are half as many, the west halves of weight 1
// needed on half the units.
//
// For odd n the middle row and column hold one queen each (one queen, if
// it stands at the centre): the pair (c0, r0) of the middle row's column
// and the middle column's row. Every symmetry of the square maps the
// middle row and column onto themselves, so it maps the solutions with
// pair (c0, r0) one to one onto those with the image pair; only the least
// pair of each orbit is counted, weighted by its orbit's size (8, or 4 for
// a pair on a long diagonal of the square). The centre queen is fixed by
// every symmetry, and there the two flips act on E as above (a queen at
// the centre leaves no other on a long diagonal).
//
// The join gives Q(n) only: an essentially distinct count needs each
// solution's own symmetries, which the join never sees whole.

// JoinMinN is the smallest board the join counts by quarters; smaller ones
// are counted whole.
const JoinMinN = 4

// JoinMaxN is the largest board the join accepts: the two halves' common
// diagonals, 2(n-2) or 2(n-1) bits, fit a 64-bit word up to there. What
// fits in memory is less (JoinMemory).
const JoinMaxN = 32

// quarters lists the placements of queens on an h×h square: every set of
// rows (as a mask), one queen in each on distinct columns, no two on a
// diagonal. They are sorted by rows, then columns; index[rows<<h|cols] is
// the first with those rows and columns, so that the ones with given rows
// and columns are the range index[k]..index[k+1].
type quarters struct {
	h      int
	d1, d2 []uint32 // the local diagonals taken: bit u+v, bit u-v+h-1
	index  []uint32
	// The sets of columns that placements on rows r take are
	// colSets[colStart[r]:colStart[r+1]], in increasing order: a half
	// tries those only, and a unit whose quarter has none is done at once
	// (the variants' closed squares leave few).
	colStart, colSets []uint32
}

// has says whether some placement has the rows r.
func (q *quarters) has(r uint32) bool { return q.colStart[r+1] > q.colStart[r] }

// view makes v the placements of q on the rows r, in q's storage.
func (q *quarters) view(r uint32, v *quarterRows) {
	h := q.h
	v.d1, v.d2 = q.d1, q.d2
	v.index = q.index[r<<h : (r+1)<<h+1]
	v.colSets = q.colSets[q.colStart[r]:q.colStart[r+1]]
}

// quarterRows are the placements of one quarter on one set of rows, by
// their columns: those on the columns c are d1[index[c]:index[c+1]] (d2
// alike), and colSets lists the sets of columns that some placement
// takes, in increasing order. They are a view of the whole table
// (quarters.view) or built for the unit at hand (rowsBuilder).
type quarterRows struct {
	d1, d2, index, colSets []uint32
}

// empty says that no placement stands on the rows.
func (q *quarterRows) empty() bool { return len(q.colSets) == 0 }

// quarterCount[h] is the number of placements of an h×h square
// (quarters), for the memory estimate: counted by a recursion of its own
// (h <= 8 in TestQuarterCounts) and by rowsBuilder over every set of rows (h <= 11
// in TestRowsBuilder, 12 with -long, 13 by hand). Each h multiplies it by
// 5.7 to 10.0, the factor growing by about 0.5 a step; quarterPlacements
// goes on from there.
var quarterCount = [...]uint64{1, 2, 5, 18, 87, 462, 2635, 16870, 118969, 915442, 7535369, 66807234, 633443407, 6354135838}

// quarterPlacements is quarterCount[h], or beyond the table an estimate
// that grows the last measured factor by 0.6 a step.
func quarterPlacements(h int) uint64 {
	if h < len(quarterCount) {
		return quarterCount[h]
	}
	c, f := float64(quarterCount[len(quarterCount)-1]), 10.0
	for range h - len(quarterCount) + 1 {
		f += 0.6
		c *= f
	}
	return uint64(c)
}

// newQuarters lists the placements of the h×h square whose queens stand on
// open squares: bit v of open[u] for square (u, v), every square if open
// is nil. Each set of rows is listed by rowsBuilder, the one that builds a
// unit's lists from JoinPerUnitFrom on, in the order of the rows.
func newQuarters(h int, open []uint32) *quarters {
	q := &quarters{h: h}
	p := quarterPlacements(h)
	q.d1, q.d2 = make([]uint32, 0, p), make([]uint32, 0, p)
	q.index = make([]uint32, 1<<(2*h)+1)
	q.colStart = make([]uint32, 1<<h+1)
	var blocked [32]uint32
	if open != nil {
		for u := range h {
			blocked[u] = ^open[u] & (uint32(1)<<h - 1)
		}
	}
	var b rowsBuilder
	var v quarterRows
	for r := range 1 << h {
		b.build(&v, h, uint32(r), &blocked)
		base := uint32(len(q.d1))
		for c, x := range v.index[:1<<h] {
			q.index[r<<h|c] = base + x
		}
		q.colStart[r] = uint32(len(q.colSets))
		q.colSets = append(q.colSets, v.colSets...)
		q.d1 = append(q.d1, v.d1...)
		q.d2 = append(q.d2, v.d2...)
	}
	q.index[1<<(2*h)] = uint32(len(q.d1))
	q.colStart[1<<h] = uint32(len(q.colSets))
	return q
}

// filter makes f the placements of q that take none of the local
// diagonals f1 (u+v) and f2 (u-v+h-1), reusing f's storage.
func (f *quarters) filter(q *quarters, f1, f2 uint32) {
	f.h = q.h
	kept := 0
	for x := range q.d1 {
		if q.d1[x]&f1 == 0 && q.d2[x]&f2 == 0 {
			kept++
		}
	}
	// Sized exactly: the copies of odd n are most of a goroutine's memory.
	f.d1 = slices.Grow(f.d1[:0], kept)
	f.d2 = slices.Grow(f.d2[:0], kept)
	f.index = slices.Grow(f.index[:0], len(q.index))[:len(q.index)]
	// Only the keys that hold placements are read (colSets); the index
	// of the others is where the next one starts.
	// The column sets that keep a placement are listed as they come.
	h := q.h
	f.colStart = slices.Grow(f.colStart[:0], 1<<h+1)[:1<<h+1]
	f.colSets = f.colSets[:0]
	next := 0
	for r := range 1 << h {
		f.colStart[r] = uint32(len(f.colSets))
		for _, c := range q.colSets[q.colStart[r]:q.colStart[r+1]] {
			k := r<<h | int(c)
			for ; next <= k; next++ {
				f.index[next] = uint32(len(f.d1))
			}
			from := len(f.d1)
			for x := q.index[k]; x < q.index[k+1]; x++ {
				if q.d1[x]&f1 == 0 && q.d2[x]&f2 == 0 {
					f.d1 = append(f.d1, q.d1[x])
					f.d2 = append(f.d2, q.d2[x])
				}
			}
			if len(f.d1) > from {
				f.colSets = append(f.colSets, c)
			}
		}
	}
	f.colStart[1<<h] = uint32(len(f.colSets))
	for ; next < len(f.index); next++ {
		f.index[next] = uint32(len(f.d1))
	}
}

// JoinMemory estimates the bytes the join of n takes on jobs goroutines.
// Below JoinPerUnitFrom: the quarters' table while it is made (20 bytes a
// placement and 8 per entry of its index) and, for even n, its two
// filtered copies; each goroutine's lists of halves and, for odd n, its
// four filtered copies of the table. From JoinPerUnitFrom on, no table:
// each goroutine's four lists built per unit (rowsMemory) and its halves
// (halvesMemory). A quarter more for the garbage collector's slack. It is
// an upper bound of the peak measured: 258 MB at n = 20 on one job (the
// bound 366 MB), 790 MB at n = 21 on two before the copies were sized
// exactly (the bound now 870 MB); see docs/cluster.md for the lists built
// per unit.
func JoinMemory(n, jobs int) uint64 {
	if n < JoinMinN || n > JoinMaxN {
		return 0
	}
	h := n / 2
	if n >= JoinPerUnitFrom {
		return withSlack(uint64(max(1, jobs)) * (rowsMemory(h) + halvesMemory(h)))
	}
	p, idx := quarterPlacements(h), uint64(1)<<(2*h)+1
	table := 20*p + 8*idx
	if n%2 == 0 {
		table += 2 * (8*p + 4*idx)
	}
	perJob := 2 * 2 * 8 * maxHalves(n) // east and west, grown by doubling
	if n%2 == 1 {
		perJob += 4 * (8*p + 4*idx)
	}
	return withSlack(table + uint64(max(1, jobs))*perJob)
}

// halvesMemory bounds what the halves of one unit take on a goroutine
// when the lists are built per unit: each side's chunk holds at most
// joinHalvesLimit halves or one outer placement's (at most a set of rows'
// placements), grown by doubling (16 bytes a half); for even n the west
// ones again by their long-diagonal queens; and the sieve's sorted copies
// of both (9 bytes a half, grown by doubling).
func halvesMemory(h int) uint64 {
	chunk := max(uint64(joinHalvesLimit), maxRowsBound(h))
	return (16 + 16 + 16 + 18 + 18) * chunk
}

// withSlack is the memory that live bytes of the join's data take: a
// quarter more for the garbage collector's slack, and 16 MB besides.
func withSlack(live uint64) uint64 { return live + live/4 + 16<<20 }

// JoinProblemMemory is JoinMemory for p: for a variant, four tables of
// quarters (one a quarter, each at most the classic one), the four
// filtered copies of every n on each goroutine, and twice the halves (no
// symmetry halves the east ones); from JoinPerUnitFrom on, the lists
// built per unit as for the classic problem. Blocked lines make all of it
// less.
func JoinProblemMemory(p model.Problem, jobs int) uint64 {
	n := p.N
	if p.IsClassic() || n < JoinMinN || n > JoinMaxN || n >= JoinPerUnitFrom {
		return JoinMemory(n, jobs)
	}
	h := n / 2
	q, idx := quarterPlacements(h), uint64(1)<<(2*h)+1
	table := 4 * (20*q + 8*idx)
	perJob := 2*2*2*8*maxHalves(n) + 4*(8*q+4*idx)
	return withSlack(table + uint64(max(1, jobs))*perJob)
}

// maxHalves bounds the halves of one unit below JoinPerUnitFrom: the
// longest list measured (JoinResult.MaxHalves) at n = 18, grown by 6.6
// for every two more queens (the longest lists of whole counts are 2,956,
// 17,506 and 109,094 at n = 16, 18 and 20; of a sample, 716,616 at 22).
func maxHalves(n int) uint64 {
	m := uint64(17506)
	for k := 18; k < n; k += 2 {
		m = m * 66 / 10
	}
	return max(m, 4096)
}

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

// joiner joins the halves of one unit; one per goroutine.
type joiner struct {
	n, h, g int
	t       *joinTables
	mask    uint64 // L bits
	// colsE and colsW are the columns that take a queen, local to the east
	// and west halves (before the middle queens of a unit take theirs).
	colsE, colsW uint32
	l            int
	east         []uint64 // patterns of the east halves
	west         []uint64
	m            *bitslice.Matcher
	// For odd n: the quarters without the middle queens' diagonals, as
	// north-east, south-east, north-west and south-west quarters, for
	// the pair of the unit at hand (column and row of the middle queens),
	// shared with the goroutines on the same pair (crossCache).
	copies *crossCopies
	// For even n: the west halves by their queens on long diagonals.
	byLong [3][]uint64
	// The placements of the unit's north-east, south-east, north-west and
	// south-west quarters on its rows: views of the tables, or built for
	// it (joinTables.perUnit) with what they were built for.
	lists [4]quarterRows
	built [4]rowsKey
	b     rowsBuilder
	// limit is the most halves of one side held at once (joinHalvesLimit):
	// a unit with more is joined a chunk at a time. seen is how many the
	// last unit had on its longer side.
	limit, seen int
}

// joinHalvesLimit is the most halves of one side that a goroutine holds
// at once: 2^21 patterns are 16 MB, and the sieve's sorted copy as much
// again. The longest lists of a unit measured are about 1.2 million at
// n = 22, and grow about sixfold every two queens.
const joinHalvesLimit = 1 << 21

func newJoiner(n int, t *joinTables) *joiner {
	h := n / 2
	g := n - h
	l := 2*n - 1 - 2*g
	j := &joiner{n: n, h: h, g: g, t: t, l: l, mask: uint64(1)<<l - 1, m: bitslice.New(2 * l), limit: joinHalvesLimit}
	for v := range h {
		j.colsE |= uint32(t.cols>>(g+v)&1) << v
		j.colsW |= uint32(t.cols>>(h-1-v)&1) << v
	}
	return j
}

// joinTables are the quarters' placements that every goroutine reads,
// and the lines that take a queen.
//
// For the classic problem one list of placements serves as every quarter
// (q, and roles all q), and for even n the north-east (south-east)
// quarters without a queen on the long diagonal r+c = n-1 (r = c) are kept
// apart: the only ones an east half is made of (see run).
//
// For a variant (direct) each quarter has its own list, of the placements
// on its open squares (roles: north-east, south-east, north-west,
// south-west), and no symmetry is used: every unit weighs 1 and every
// pair of halves counts once.
//
// With perUnit there are no tables: each goroutine builds the lists of
// each unit (joiner.list), leaving out the squares blocked[role] (bit v of
// blocked[role][u] for local square (u, v); nil: none) of each quarter:
// the long diagonals of even n's east quarters, or a variant's closed
// squares.
type joinTables struct {
	crosses    crossCache
	roles      [4]*quarters
	nePl, sePl *quarters
	direct     bool
	perUnit    bool
	blocked    [4][]uint32
	// rows and cols are the rows and columns that take a queen (bit r),
	// the middle ones of odd n included.
	rows, cols uint64
}

func newJoinTables(n int) *joinTables {
	return newJoinTablesMode(n, n >= JoinPerUnitFrom)
}

// newJoinTablesMode makes the classic problem's tables, or with perUnit
// what the lists built per unit leave out.
func newJoinTablesMode(n int, perUnit bool) *joinTables {
	h := n / 2
	if perUnit {
		t := &joinTables{perUnit: true, rows: uint64(1)<<n - 1, cols: uint64(1)<<n - 1}
		if n%2 == 0 && h > 0 {
			// The north-east quarter's long anti-diagonal is local u+v =
			// h-1, the south-east quarter's long diagonal u = v (as in
			// the filtered tables below).
			t.blocked[0], t.blocked[1] = make([]uint32, h), make([]uint32, h)
			for u := range h {
				t.blocked[0][u] = 1 << (h - 1 - u)
				t.blocked[1][u] = 1 << u
			}
		}
		return t
	}
	q := newQuarters(h, nil)
	t := &joinTables{roles: [4]*quarters{q, q, q, q}, rows: uint64(1)<<n - 1, cols: uint64(1)<<n - 1}
	if n%2 == 0 && h > 0 {
		// The long anti-diagonal is local u+v = h-1 in the north-east
		// quarter (global r+c = u+v+g), the long diagonal local
		// u-v+h-1 = h-1 in the south-east one (global r-c+n-1 =
		// u-v+h-1+g).
		t.nePl, t.sePl = new(quarters), new(quarters)
		t.nePl.filter(q, 1<<(h-1), 0)
		t.sePl.filter(q, 0, 1<<(h-1))
	}
	return t
}

// crossCopies are the four quarters filtered for one pair of middle
// queens (key: their column and row), shared by the goroutines whose
// units place that pair; next hands out the quarters still to filter,
// and built is done when all four are.
type crossCopies struct {
	key   [2]int
	roles [4]quarters
	next  atomic.Int32
	built sync.WaitGroup
	refs  int // goroutines using it (under crossCache.mu)
}

// crossCache holds the filtered copies that goroutines use now. A
// goroutine takes all the units of one pair of middle queens as one batch
// (runUnits' groups), so it filters the pair's four quarters alone and
// reads only what it filtered (sharing the copies between cores, each
// filtering some and reading the others', cost a tenth more processor
// time at n = 17). Only at the list's end, when a goroutine helps another
// with its pair, do two share a pair's copies: the helper finds them
// built, or filters what is left of them. A copy no goroutine uses any
// more is kept for its storage.
type crossCache struct {
	mu   sync.Mutex
	live map[[2]int]*crossCopies
	free []*crossCopies
}

// acquire returns the copies of pair key, filtering what is left of them
// (from quarters q by the diagonals f) and waiting for what another
// goroutine filters.
func (cc *crossCache) acquire(key [2]int, q [4]*quarters, f [4][2]uint32) *crossCopies {
	cc.mu.Lock()
	c := cc.live[key]
	if c == nil {
		if k := len(cc.free); k > 0 {
			c, cc.free = cc.free[k-1], cc.free[:k-1]
		} else {
			c = new(crossCopies)
		}
		c.key = key
		c.next.Store(0)
		c.built.Add(4)
		if cc.live == nil {
			cc.live = map[[2]int]*crossCopies{}
		}
		cc.live[key] = c
	}
	c.refs++
	cc.mu.Unlock()
	for {
		i := c.next.Add(1) - 1
		if i >= 4 {
			break
		}
		func() {
			defer c.built.Done() // a panic here must not hold the others
			c.roles[i].filter(q[i], f[i][0], f[i][1])
		}()
	}
	c.built.Wait()
	return c
}

// release says that a goroutine no longer uses c (nil: none yet).
func (cc *crossCache) release(c *crossCopies) {
	if c == nil {
		return
	}
	cc.mu.Lock()
	defer cc.mu.Unlock()
	if c.refs--; c.refs == 0 {
		delete(cc.live, c.key)
		cc.free = append(cc.free, c)
	}
}

// quarterSquare is the global square (r, c) of local square (u, v) of
// quarter role (0 north-east, 1 south-east, 2 north-west, 3 south-west):
// local rows go down the half, local columns out from the middle.
func quarterSquare(n, role, u, v int) (r, c int) {
	h, g := n/2, n-n/2
	r, c = u, g+v
	if role&1 == 1 {
		r += g
	}
	if role >= 2 {
		c = h - 1 - v
	}
	return r, c
}

// newVariantTables lists each quarter's placements on the open squares of
// a variant, given as open[r] (bit c: a queen may stand on (r, c)) and
// the lines that take a queen.
func newVariantTables(n int, open []uint64, rows, cols uint64) *joinTables {
	return newVariantTablesMode(n, open, rows, cols, n >= JoinPerUnitFrom)
}

// newVariantTablesMode makes a variant's tables, or with perUnit the
// closed squares of each quarter, for the lists built per unit.
func newVariantTablesMode(n int, open []uint64, rows, cols uint64, perUnit bool) *joinTables {
	h := n / 2
	t := &joinTables{direct: true, perUnit: perUnit, rows: rows, cols: cols}
	for role := range t.roles {
		local := make([]uint32, h)
		for u := range h {
			for v := range h {
				if r, c := quarterSquare(n, role, u, v); open[r]>>c&1 != 0 {
					local[u] |= 1 << v
				}
			}
		}
		if perUnit {
			for u := range local {
				local[u] = ^local[u] & (uint32(1)<<h - 1)
			}
			t.blocked[role] = local
			continue
		}
		t.roles[role] = newQuarters(h, local)
	}
	return t
}

// A halfList is what halves lists the halves of: the half's north and
// south quarters' placements on its rows, kn and ks queens, on the local
// columns cols; swap says the half is a west one (its quarters' local d1
// are its global anti-diagonals r-c, and d2 the diagonals r+c, the other
// way round from an east half). ci and x are where the listing stands:
// the next of north's sets of columns, and the next placement of the
// outer list for it.
type halfList struct {
	north, south *quarterRows
	kn, ks       int
	cols         uint32
	swap         bool
	ci, x        int
}

// halves appends to out the patterns of the next halves of l, stopping
// before out would hold more than j.limit of them (one outer placement's
// at least), and says whether some are left for the next call.
//
// In local terms (see the comment at the top of the file), the north
// quarter's diagonals are global ones shifted by 0 (its u+v, as r+c-g for
// an east quarter) and the south quarter's by g more, so that the two are
// disjoint exactly when nd1 & sd1<<g and nd2 & sd2<<g are zero, and the
// common diagonals of the halves are bits 0..L-1 of nd1 | sd1<<g and of
// nd2>>g | sd2.
func (j *joiner) halves(out []uint64, l *halfList) ([]uint64, bool) {
	g := uint(j.g)
	if l.kn+l.ks != bits.OnesCount32(l.cols) {
		return out, false
	}
	north, south := l.north, l.south
	// The north quarter's sets of columns c within cols (kn of them).
	for ; l.ci < len(north.colSets); l.ci, l.x = l.ci+1, 0 {
		c := north.colSets[l.ci]
		if c&^l.cols != 0 {
			continue
		}
		sc := l.cols &^ c
		n0, n1 := north.index[c], north.index[c+1]
		s0, s1 := south.index[sc], south.index[sc+1]
		if n0 == n1 || s0 == s1 {
			continue
		}
		// The longer list is the inner loop.
		o1, o2, i1, i2, so, si := north.d1[n0:n1], north.d2[n0:n1], south.d1[s0:s1], south.d2[s0:s1], uint(0), g
		if n1-n0 > s1-s0 {
			o1, o2, i1, i2, so, si = i1, i2, o1, o2, si, so
		}
		for l.x < len(o1) {
			room := j.limit - len(out)
			if room < len(i1) && len(out) > 0 {
				return out, true
			}
			end := min(len(o1), l.x+max(1, room/len(i1)))
			// Branch-free: every candidate is written, and kept (the
			// length moves on) when it fits; about half do.
			k := len(out)
			cand := (end - l.x) * len(i1)
			out = slices.Grow(out, cand)
			kept := joinQuarters(out[k:k+cand], o1[l.x:end], o2[l.x:end], i1, i2, so, si, g, j.mask, j.l, l.swap)
			out = out[:k+kept]
			l.x = end
		}
	}
	return out, false
}

// joinQuarters writes to dst the patterns of the fitting pairs of an outer
// and an inner list of quarter placements (local diagonals o1, o2 and i1,
// i2, shifted by so and si into the half's terms: 0 for the north quarter,
// g for the south one),
// and returns how many it wrote.
func joinQuarters(dst []uint64, o1, o2, i1, i2 []uint32, so, si uint, g uint, mask uint64, l int, swap bool) int {
	kept := 0
	i2 = i2[:len(i1)]
	o2 = o2[:len(o1)]
	for x, v := range o1 {
		a1, a2 := uint64(v)<<so, uint64(o2[x])<<so
		for y, w := range i1 {
			b1, b2 := uint64(w)<<si, uint64(i2[y])<<si
			clash := a1&b1 | a2&b2
			x1 := (a1 | b1) & mask
			x2 := (a2 | b2) >> g & mask
			if swap {
				x1, x2 = x2, x1
			}
			dst[kept] = x1 | x2<<l
			if clash == 0 {
				kept++
			}
		}
	}
	return kept
}

// run counts the solutions of unit u (before its weight) and the pairs of
// halves it tested.
func (j *joiner) run(u JoinUnit) (count, pairs uint64) {
	n, h, g := j.n, j.h, j.g
	j.seen = 0
	rows := j.t.rows
	colsE, colsW := j.colsE, j.colsW
	var cross1, cross2 uint64 // global diagonals r+c and r-c+n-1 of the middle queens
	if n%2 == 1 {
		m := h
		rows &^= 1 << m
		if u.Col0 >= 0 {
			cross1 |= 1 << (m + u.Col0)
			cross2 |= 1 << (m - u.Col0 + n - 1)
			switch {
			case u.Col0 > m:
				colsE &^= 1 << (u.Col0 - g)
			case u.Col0 < m:
				colsW &^= 1 << (h - 1 - u.Col0)
			}
		}
		if u.Row0 >= 0 && u.Row0 != m {
			rows &^= 1 << u.Row0
			cross1 |= 1 << (u.Row0 + m)
			cross2 |= 1 << (u.Row0 - m + n - 1)
		}
	}
	west := rows &^ u.East
	hm := uint32(1)<<h - 1
	// The rows of the north-east, south-east, north-west and south-west
	// quarters.
	rs := [4]uint32{uint32(u.East) & hm, uint32(u.East>>g) & hm, uint32(west) & hm, uint32(west>>g) & hm}
	// The middle queens' diagonals in each quarter's local terms (odd n):
	// east north d1 = global r+c shifted by g, d2 = r-c+n-1 shifted by 0;
	// east south by 2g and g; west north: local d1 is r-c+n-1 shifted by
	// g, d2 is r+c; west south: 2g and g.
	lo := func(x uint64, s int) uint32 { return uint32(x >> s) }
	f := [4][2]uint32{{lo(cross1, g), lo(cross2, 0)}, {lo(cross1, 2*g), lo(cross2, g)}, {lo(cross2, g), lo(cross1, 0)}, {lo(cross2, 2*g), lo(cross1, g)}}
	if j.t.perUnit {
		for role, r := range rs {
			if j.list(role, r, f[role]).empty() {
				return 0, 0 // a quarter has no placement on its rows
			}
		}
	} else {
		ne, se, nw, sw := j.t.roles[0], j.t.roles[1], j.t.roles[2], j.t.roles[3]
		if n%2 == 0 && !j.t.direct {
			ne, se = j.t.nePl, j.t.sePl
		}
		if n%2 == 1 {
			if key := [2]int{u.Col0, u.Row0}; j.copies == nil || j.copies.key != key {
				j.t.crosses.release(j.copies)
				j.copies = j.t.crosses.acquire(key, [4]*quarters{ne, se, nw, sw}, f)
			}
			c := &j.copies.roles
			ne, se, nw, sw = &c[0], &c[1], &c[2], &c[3]
		}
		for role, q := range [4]*quarters{ne, se, nw, sw} {
			if !q.has(rs[role]) {
				return 0, 0 // a quarter has no placement on its rows
			}
			q.view(rs[role], &j.lists[role])
		}
	}
	east := halfList{north: &j.lists[0], south: &j.lists[1], kn: bits.OnesCount32(rs[0]), ks: bits.OnesCount32(rs[1]), cols: colsE}
	westL := halfList{north: &j.lists[2], south: &j.lists[3], kn: bits.OnesCount32(rs[2]), ks: bits.OnesCount32(rs[3]), cols: colsW, swap: true}
	// The halves of each side, a chunk of at most j.limit at a time: the
	// east ones once, the west ones once for every chunk of east ones
	// unless they fit in one.
	var moreE, moreW bool
	j.east, moreE = j.halves(j.east[:0], &east)
	if len(j.east) == 0 {
		return 0, 0
	}
	j.west, moreW = j.halves(j.west[:0], &westL)
	westWhole := !moreW
	eastSeen, westSeen := len(j.east), len(j.west)
	for first := true; ; first = false {
		for {
			c, p := j.join(u)
			count += c
			pairs += p
			if !moreW {
				break
			}
			j.west, moreW = j.halves(j.west[:0], &westL)
			if first {
				westSeen += len(j.west)
			}
		}
		if !moreE {
			j.seen = max(eastSeen, westSeen)
			return count, pairs
		}
		j.east, moreE = j.halves(j.east[:0], &east)
		eastSeen += len(j.east)
		if !westWhole {
			westL.ci, westL.x = 0, 0
			j.west, moreW = j.halves(j.west[:0], &westL)
		}
	}
}

// list is the placements of quarter role on the local rows r without the
// local diagonals f (d1, d2), built for the unit at hand unless the last
// one built for the quarter is the same.
func (j *joiner) list(role int, r uint32, f [2]uint32) *quarterRows {
	key := rowsKey{rows: r, f1: f[0], f2: f[1], ok: true}
	if j.built[role] != key {
		var blocked [32]uint32
		diagonalsBlocked(&blocked, j.h, j.t.blocked[role], f[0], f[1])
		j.built[role] = rowsKey{} // not built, should build panic
		j.b.build(&j.lists[role], j.h, r, &blocked)
		j.built[role] = key
	}
	return &j.lists[role]
}

// rowsKey is what a quarter's list was built for.
type rowsKey struct {
	rows, f1, f2 uint32
	ok           bool
}

// join counts the disjoint pairs of the halves at hand, j.east and
// j.west, and the pairs tested. For even n (classic) the east halves have
// no queen on a long diagonal, and the west halves weigh by theirs (see
// the comment at the top of the file): a half's long anti-diagonal r+c =
// n-1 is bit h-1 of its pattern, its long diagonal r = c bit L+h-1.
func (j *joiner) join(u JoinUnit) (count, pairs uint64) {
	if j.n%2 == 1 || j.t.direct {
		return j.pairs(j.east, j.west)
	}
	long := uint64(1)<<(j.h-1) | uint64(1)<<(j.l+j.h-1)
	var byLong [3][]uint64 // west halves with 0, 1 and 2 long-diagonal queens
	for k := range byLong {
		byLong[k] = j.byLong[k][:0]
	}
	for _, p := range j.west {
		k := bits.OnesCount64(p & long)
		byLong[k] = append(byLong[k], p)
	}
	j.byLong = byLong
	if u.Plain == 0 {
		byLong[0] = nil // counted by another unit
	}
	// The east halves loaded once, the three kinds of west halves scanned
	// against them.
	var c [3]uint64
	j.m.CountEach(j.east, byLong[:], c[:])
	for k, factor := range [3]uint64{u.Plain, 2, 4} {
		count += factor * c[k]
		pairs += uint64(len(byLong[k])) * uint64(len(j.east))
	}
	return count, pairs
}

// pairs counts the disjoint pairs of two lists of halves, and the pairs.
func (j *joiner) pairs(a, b []uint64) (count, pairs uint64) {
	if len(b) > len(a) {
		a, b = b, a
	}
	return j.m.CountDisjoint(a, b), uint64(len(a)) * uint64(len(b))
}

// JoinOptions choose how JoinCount runs.
type JoinOptions struct {
	// Jobs is the number of goroutines; 0 means runtime.NumCPU().
	Jobs int
	// Take, if set, restricts the count to the units for which it returns
	// true; it is called once per unit of JoinUnits(n), in order, from one
	// goroutine.
	Take func(index int) bool
	// Progress, if set, is called after each finished unit with the
	// number of units done and the number taken; calls are serialised.
	// Taken, if above 0, is that number.
	Progress func(done, total int)
	Taken    int
	// OnUnit, if set, is called after each finished unit with its index
	// and what it adds to the count (its weight included); calls are
	// serialised.
	OnUnit func(index int, r JoinUnitResult)
}

// JoinUnitResult is what one unit of the join adds: solutions, its
// weight included, and the pairs of halves tested.
type JoinUnitResult struct {
	All, Pairs uint64
}

// JoinResult is the outcome of JoinCount.
type JoinResult struct {
	// All is the number of solutions counted, Q(n) for a whole run.
	All uint64
	// Pairs is the number of pairs of halves tested.
	Pairs uint64
	// Units and UnitsDone are the units taken and finished; Jobs the
	// goroutines that ran.
	Units, UnitsDone, Jobs int
	// MaxHalves is the longest list of halves of one unit.
	MaxHalves int
}

// JoinCountProblem counts the solutions of p by the join: the classic
// problem as JoinCount does, a variant (pre-placed queens, blocked
// squares, excluded diagonals, a subset of rows and columns) with each
// quarter's placements on its open squares only and no symmetry (every
// set of east rows joined, every pair of fitting halves one solution:
// the variant's board has no symmetry to rely on). opt.Take is for the
// classic problem's units only.
func JoinCountProblem(ctx context.Context, p model.Problem, opt JoinOptions) (JoinResult, error) {
	if ctx == nil {
		return JoinResult{}, work.NilContext("JoinCountProblem")
	}
	if err := p.Validate(); err != nil {
		return JoinResult{}, err
	}
	if p.IsClassic() {
		return JoinCount(ctx, p.N, opt)
	}
	n := p.N
	if n > JoinMaxN {
		return JoinResult{}, work.TooLarge("the join of quarter boards", n, JoinMaxN)
	}
	if opt.Take != nil {
		return JoinResult{}, errors.New("native: the join's work units are listed for the classic problem only")
	}
	if n < JoinMinN {
		all, _, err := smallCount(ctx, p, nil)
		res := JoinResult{All: all, Units: 1, Jobs: 1}
		if err == nil {
			res.UnitsDone = 1
		}
		return res, err
	}
	open, rows, cols, none := joinVariant(p)
	if none {
		return JoinResult{Jobs: 1}, nil
	}
	return runJoin(ctx, n, newVariantTables(n, open, rows, cols), variantUnits(n, open, rows, cols), opt)
}

// JoinCount counts the solutions of the classic n-queens problem by
// joining quarter boards into halves and counting the pairs of halves
// that fit (see the comment at the top of join.go for why the count is
// exact): a second counting algorithm, independent of every backtracking
// search here. Kluev's N-Queens-Count-Sol (2022) counts the same way.
//
// The units (JoinUnits(n)) run on opt.Jobs goroutines. On cancellation
// JoinCount returns the counts of the finished units with ctx.Err().
func JoinCount(ctx context.Context, n int, opt JoinOptions) (JoinResult, error) {
	if ctx == nil {
		return JoinResult{}, work.NilContext("JoinCount")
	}
	if n < 1 {
		return JoinResult{}, model.Classic(n).Validate()
	}
	if n > JoinMaxN {
		return JoinResult{}, work.TooLarge("the join of quarter boards", n, JoinMaxN)
	}
	if n < JoinMinN {
		if opt.Take != nil {
			return JoinResult{}, fmt.Errorf("native: n = %d is counted whole; work units start at n = %d", n, JoinMinN)
		}
		all, _, err := smallCount(ctx, model.Classic(n), nil)
		res := JoinResult{All: all, Units: 1, Jobs: 1}
		if err == nil {
			res.UnitsDone = 1
		}
		return res, err
	}
	return runJoin(ctx, n, newJoinTables(n), JoinUnits(n), opt)
}

// runJoin runs the units of list on tables.
func runJoin(ctx context.Context, n int, tables *joinTables, list iter.Seq2[int, JoinUnit], opt JoinOptions) (JoinResult, error) {
	jobs := work.Jobs(opt.Jobs)
	total := opt.Taken
	if opt.Progress != nil && total <= 0 {
		for i := range list {
			if opt.Take == nil || opt.Take(i) {
				total++
			}
		}
	}
	res := JoinResult{Jobs: jobs}
	type unitDone struct {
		r      JoinUnitResult
		halves int
	}
	// The units of odd n come pair of middle queens by pair, each pair a
	// batch (see crossCache).
	var byPair func(JoinUnit) int
	if n%2 == 1 && jobs > 1 && !tables.perUnit {
		byPair = func(u JoinUnit) int { return u.Col0*(n+1) + u.Row0 }
	}
	taken, stopped, err := work.RunUnits(ctx, work.Units[JoinUnit, unitDone]{
		Jobs:  jobs,
		List:  list,
		Take:  opt.Take,
		Group: byPair,
		NewWorker: func(*atomic.Bool) func(JoinUnit) (unitDone, bool) {
			j := newJoiner(n, tables)
			return func(u JoinUnit) (unitDone, bool) {
				c, pairs := j.run(u)
				return unitDone{JoinUnitResult{All: c * u.Weight, Pairs: pairs}, j.seen}, true
			}
		},
		Done: func(i int, d unitDone) {
			r := d.r
			res.MaxHalves = max(res.MaxHalves, d.halves)
			res.UnitsDone++
			res.All += r.All
			res.Pairs += r.Pairs
			if opt.OnUnit != nil {
				opt.OnUnit(i, r)
			}
			if opt.Progress != nil {
				opt.Progress(res.UnitsDone, total)
			}
		}})
	res.Units = taken
	res.Jobs = max(1, min(jobs, MaxJobs, res.Units))
	if err != nil {
		return res, err
	}
	if res.UnitsDone < res.Units || stopped {
		if err := ctx.Err(); err != nil {
			return res, err
		}
	}
	return res, nil
}
