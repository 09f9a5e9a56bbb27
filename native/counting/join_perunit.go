package counting

import "math/bits"

// The quarters' placements built per unit.
//
// A unit with east rows E reads four lists of quarter placements: the
// north-east quarter's on the local rows E∩north, the south-east one's on
// E∩south, and the west quarters' on the other rows of each half. The
// whole table of every set of rows (quarters) serves every unit at once,
// but it grows about eightfold with each h: 1.3 GB at h = 11 (n = 22, 23),
// 12.7 GB at h = 12, and a hundred at h = 13. One set of rows holds at
// most a sixtieth of it (maxRowsPlacements), and a unit is slow beside its
// four lists: from n = 22 on (JoinPerUnitFrom) a goroutine builds the four
// lists each unit needs (rowsBuilder, some 15 ns a placement), keeping
// each quarter's last list for the next unit, which often has the same
// rows in the south half (the units come in the order of their east rows,
// whose south bits change least often). The diagonals that a quarter's
// placements may not take (the long diagonals of even n, the middle
// queens' of odd n, a variant's closed squares) are left out as the list
// is built, where the whole table is filtered into copies.

// JoinPerUnitFrom is the least n whose join builds its quarters' lists
// per unit: from there the whole table takes more than 1 GB, and the
// lists cost under 2% of a unit's time (about 1% at n = 22).
const JoinPerUnitFrom = 22

// maxRowsPlacements[h] is the largest number of placements of an h×h
// square on one set of rows (counted by rowsBuilder over every set of
// rows: h <= 11 in TestRowsBuilder, 12 with -long, 13 by hand, 116 s);
// maxRowsBound goes on from there.
var maxRowsPlacements = [...]uint64{1, 1, 2, 4, 10, 26, 92, 296, 1174, 5366, 26548, 143140, 788698, 4684690}

// maxRowsBound is maxRowsPlacements[h], or beyond the table a bound that
// multiplies the last one by 7 a step (the measured factors grow from 4.6
// at h = 9 to 5.9 at h = 13).
func maxRowsBound(h int) uint64 {
	if h < len(maxRowsPlacements) {
		return maxRowsPlacements[h]
	}
	m := maxRowsPlacements[len(maxRowsPlacements)-1]
	for range h - len(maxRowsPlacements) + 1 {
		m *= 7
	}
	return m
}

// rowsBuilder lists the placements of one quarter on one set of rows.
// Its buffers are reused from list to list; one per goroutine.
type rowsBuilder struct {
	cols, d1s, d2s []uint32
	count          []uint32
}

// build makes dst the placements of the h×h square on the local rows
// rows, one queen a row, on distinct columns and diagonals, none on a
// square (u, v) with bit v of blocked[u]. It lists them depth first over
// the rows with the free columns as bit masks, then sorts them by
// columns (a counting sort).
func (b *rowsBuilder) build(dst *quarterRows, h int, rows uint32, blocked *[32]uint32) {
	hm := uint32(1)<<h - 1
	var us [32]int
	k := 0
	for r := rows; r != 0; r &= r - 1 {
		us[k] = bits.TrailingZeros32(r)
		k++
	}
	b.cols, b.d1s, b.d2s = b.cols[:0], b.d1s[:0], b.d2s[:0]
	if k == 0 {
		b.cols = append(b.cols, 0)
		b.d1s = append(b.d1s, 0)
		b.d2s = append(b.d2s, 0)
	} else {
		// Level i places the queen of row us[i]: avail are its columns
		// left; cs, x1s, x2s the columns and local diagonals (bits u+v,
		// u-v+h-1) taken above it; lds and rds the columns of its row that
		// the queens above attack along a diagonal.
		var avail, cs, x1s, x2s, lds, rds [33]uint32
		avail[0] = hm &^ blocked[us[0]]
		lvl := 0
		for lvl >= 0 {
			a := avail[lvl]
			if a == 0 {
				lvl--
				continue
			}
			bit := a & -a
			avail[lvl] = a &^ bit
			u := us[lvl]
			v := bits.TrailingZeros32(bit)
			c := cs[lvl] | bit
			x1 := x1s[lvl] | 1<<(u+v)
			x2 := x2s[lvl] | 1<<(u-v+h-1)
			if lvl == k-1 {
				b.cols = append(b.cols, c)
				b.d1s = append(b.d1s, x1)
				b.d2s = append(b.d2s, x2)
				continue
			}
			next := us[lvl+1]
			ld := (lds[lvl] | bit) >> (next - u)
			rd := (rds[lvl] | bit) << (next - u)
			lvl++
			cs[lvl], x1s[lvl], x2s[lvl], lds[lvl], rds[lvl] = c, x1, x2, ld, rd
			avail[lvl] = hm &^ (c | ld | rd | blocked[next])
		}
	}
	size := 1<<h + 1
	if cap(b.count) < size {
		b.count = make([]uint32, size)
	}
	count := b.count[:size]
	clear(count)
	for _, c := range b.cols {
		count[c+1]++
	}
	dst.colSets = dst.colSets[:0]
	for c := range 1 << h {
		if count[c+1] != 0 {
			dst.colSets = append(dst.colSets, uint32(c))
		}
		count[c+1] += count[c]
	}
	dst.index = append(dst.index[:0], count...)
	m := len(b.cols)
	if cap(dst.d1) < m {
		// A quarter's lists vary in size from unit to unit: room to grow.
		dst.d1 = make([]uint32, m, m+m/4)
		dst.d2 = make([]uint32, m, m+m/4)
	}
	dst.d1, dst.d2 = dst.d1[:m], dst.d2[:m]
	for i, c := range b.cols {
		j := count[c]
		count[c]++
		dst.d1[j], dst.d2[j] = b.d1s[i], b.d2s[i]
	}
}

// rowsMemory is what the lists built per unit take on one goroutine: four
// lists of the largest size (8 bytes a placement and a quarter more to
// grow), the builder's buffers (12 bytes a placement), and the indexes.
func rowsMemory(h int) uint64 {
	m := maxRowsBound(h)
	return 4*10*m + 12*m + 5*4*(uint64(1)<<h+1)
}

// diagonalsBlocked sets blocked[u] to the columns v of local row u (of an
// h×h quarter) whose local diagonal u+v is in f1 or u-v+h-1 in f2, with
// base[u] besides (nil: none).
func diagonalsBlocked(blocked *[32]uint32, h int, base []uint32, f1, f2 uint32) {
	hm := uint32(1)<<h - 1
	for u := range h {
		x := f1 >> u & hm
		for d := f2; d != 0; d &= d - 1 {
			if v := u + h - 1 - bits.TrailingZeros32(d); v >= 0 && v < h {
				x |= 1 << v
			}
		}
		if base != nil {
			x |= base[u]
		}
		blocked[u] = x
	}
}
