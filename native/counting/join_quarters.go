package counting

import (
	"slices"
)

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
