package counting

import (
	"math/bits"
	"slices"

	"github.com/queenslab/nqueens/internal/bitslice"
)

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
	// The placements of the unit's north-east, south-east, north-west and
	// south-west quarters on its rows: views of the tables, or built for
	// it (joinTables.perUnit) with what they were built for.
	lists [4]quarterRows
	built [4]rowsKey
	b     rowsBuilder
	// byLong holds the west halves by their queens on long diagonals,
	// copied out of west, where the quarters come from the table (below
	// n = 22: see join).
	byLong [3][]uint64
	// inner is the inner list of the quarters being joined (halves).
	inner innerQuarters
	// limit is the most halves of one side held at once (halvesChunk): a
	// unit with more is joined a chunk at a time. seen is how many the
	// last unit had on its longer side.
	limit, seen int
}

// joinHalvesLimit is the fewest halves of one side that a goroutine may
// hold at once: 2^21 patterns are 16 MB, and the sieve's sorted copy as
// much again. The longest lists of a unit measured are about 1.2 million
// at n = 22, and grow about sixfold every two queens.
const joinHalvesLimit = 1 << 21

// halvesChunks is the most halves of one side held at once for quarters
// of 12×12 and 13×13 (n = 24 to 27), within the memory a task was bounded
// by when each half took 84 bytes and the chunks were the least
// halvesChunk allows, 288 MB at n = 24 and 25 and 813 MB at 26 and 27
// (halvesMemory: 34 bytes a half): at 26 and 27 the most that keeps to
// it; at 24 and 25 2^22 (246 MB), since 2^23 timed the same (128 units of
// 24, side by side: 0.99x of 2^22). Longer chunks pay where
// the lists are long: the sieve cuts deeper and fills its blocks better,
// and fewer chunks of west halves are listed and sorted again for each
// chunk of east ones. Forecast units side by side, one core: n = 24
// 0.89x with 2^22 against 2^21; n = 26 0.72x with 4,684,690 against 2^21,
// and 0.87x with 10,485,760 against 4,684,690 (the west halves of a unit
// of 26, 9 to 11 million, then fit in one or two chunks).
var halvesChunks = map[int]int{12: 1 << 22, 13: 11 << 20}

// halvesChunk is the most halves of one side that a goroutine holds at
// once for quarters of h×h: joinHalvesLimit, halvesChunks, or the
// placements of one set of rows where they are more (from h = 14 on),
// since a chunk takes one outer placement's halves whatever its limit.
func halvesChunk(h int) int {
	return max(joinHalvesLimit, halvesChunks[h], int(maxRowsBound(h)))
}

func newJoiner(n int, t *joinTables) *joiner {
	h := n / 2
	g := n - h
	l := 2*n - 1 - 2*g
	j := &joiner{n: n, h: h, g: g, t: t, l: l, mask: uint64(1)<<l - 1, m: bitslice.New(2 * l), limit: halvesChunk(h)}
	for v := range h {
		j.colsE |= uint32(t.cols>>(g+v)&1) << v
		j.colsW |= uint32(t.cols>>(h-1-v)&1) << v
	}
	if n >= JoinPerUnitFrom {
		j.reserve()
	}
	return j
}

// reserve allocates the buffers that the memory of a task is bounded by
// (halvesMemory), once and at their most, so that none grows past them:
// each side's chunk of halves and the sieve's sorted copies of both
// (pages left untouched take no memory). A chunk holds at most j.limit
// halves where that is at least one outer placement's (halvesChunk).
func (j *joiner) reserve() {
	j.east = make([]uint64, 0, j.limit+fitPad)
	j.west = make([]uint64, 0, j.limit+fitPad)
	j.m.Reserve(2*j.limit, j.limit)
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
	fresh := true
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
		// The inner list in the half's terms, for this set of columns
		// (and again when a call resumes it: the other side's halves may
		// have been listed meanwhile).
		if fresh || l.x == 0 {
			j.inner.set(i1, i2, si, g, j.mask, j.l, l.swap)
			fresh = false
		}
		for l.x < len(o1) {
			room := j.limit - len(out)
			if room < len(i1) && len(out) > 0 {
				return out, true
			}
			end := len(o1)
			if room < (end-l.x)*len(i1) {
				end = l.x + max(1, room/len(i1))
			}
			// Branch-free: every candidate is written, and kept (the
			// length moves on) when it fits; about half do.
			k := len(out)
			cand := (end - l.x) * len(i1)
			out = slices.Grow(out, cand+fitPad)
			kept := joinQuarters(out[k:k+cand+fitPad], o1[l.x:end], o2[l.x:end], so, &j.inner, g, j.mask, j.l, l.swap)
			out = out[:k+kept]
			l.x = end
		}
	}
	return out, false
}

// fitPad is the room past the last candidate that joinQuarters writes
// into: the vector path stores eight words where it keeps fewer.
const fitPad = 7

// plainFit makes joinQuarters and innerQuarters.set take the plain Go
// path (for the test that holds the vector one to it).
var plainFit bool

// fitVector says that the halves are listed eight at a time here.
func fitVector() bool { return hasFitVector && !plainFit }

// innerQuarters is the inner list of joinQuarters in the half's terms:
// each placement's diagonals shifted (b1, b2) and its share of the
// half's pattern (p), made once for all the outer placements.
type innerQuarters struct {
	b1, b2, p []uint64
}

// set makes the inner list of the local diagonals i1, i2 shifted by si.
func (in *innerQuarters) set(i1, i2 []uint32, si, g uint, mask uint64, l int, swap bool) {
	in.b1 = slices.Grow(in.b1[:0], len(i1))[:len(i1)]
	in.b2 = slices.Grow(in.b2[:0], len(i1))[:len(i1)]
	in.p = slices.Grow(in.p[:0], len(i1))[:len(i1)]
	i2 = i2[:len(i1)]
	start := 0
	if fitVector() && len(i1) >= 8 {
		// Eight at a time (join_amd64.s), the rest below.
		start = len(i1) &^ 7
		s1, s2 := uint64(0), uint64(l)
		if swap {
			s1, s2 = s2, s1
		}
		innerSetAVX512(&i1[0], &i2[0], start, &in.b1[0], &in.b2[0], &in.p[0], uint64(si), uint64(g), mask, s1, s2)
	}
	for y := start; y < len(i1); y++ {
		w := i1[y]
		b1, b2 := uint64(w)<<si, uint64(i2[y])<<si
		in.b1[y], in.b2[y] = b1, b2
		in.p[y] = halfPattern(b1, b2, g, mask, l, swap)
	}
}

// halfPattern is the share of a quarter's placement, its diagonals b1, b2
// in the half's terms, in the half's pattern: the common diagonals, bits
// 0..L-1 of b1 and of b2>>g, the other way round for a west half (swap).
// The pattern of two placements is the OR of their shares.
func halfPattern(b1, b2 uint64, g uint, mask uint64, l int, swap bool) uint64 {
	x1, x2 := b1&mask, b2>>g&mask
	if swap {
		x1, x2 = x2, x1
	}
	return x1 | x2<<l
}

// joinQuarters writes to dst the patterns of the fitting pairs of an outer
// list of quarter placements (local diagonals o1, o2, shifted by so into
// the half's terms: 0 for the north quarter, g for the south one) and the
// inner list in, and returns how many it wrote. dst has room for every
// candidate and fitPad words more.
func joinQuarters(dst []uint64, o1, o2 []uint32, so uint, in *innerQuarters, g uint, mask uint64, l int, swap bool) int {
	kept := 0
	b1s, b2s, ps := in.b1, in.b2[:len(in.b1)], in.p[:len(in.b1)]
	o2 = o2[:len(o1)]
	if fitVector() && len(b1s) > 0 {
		// Eight candidates at a time (join_amd64.s).
		for x, v := range o1 {
			a1, a2 := uint64(v)<<so, uint64(o2[x])<<so
			d := dst[kept : kept+len(b1s)+fitPad]
			kept += appendFitAVX512(&d[0], &b1s[0], &b2s[0], &ps[0], len(b1s), a1, a2, halfPattern(a1, a2, g, mask, l, swap))
		}
		return kept
	}
	for x, v := range o1 {
		a1, a2 := uint64(v)<<so, uint64(o2[x])<<so
		pa := halfPattern(a1, a2, g, mask, l, swap)
		for y, b1 := range b1s {
			dst[kept] = pa | ps[y]
			if a1&b1|a2&b2s[y] == 0 {
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
	// The west halves with 0, 1 and 2 long-diagonal queens: split in
	// place where a task's memory is bounded by its chunks (halvesMemory),
	// copied out in one pass below n = 22, where the lists are short and
	// the two passes of the split in place made n = 18 1.04x slower.
	var byLong [3][]uint64
	if j.t.perUnit {
		byLong = splitByLong(j.west, long)
	} else {
		for k := range byLong {
			byLong[k] = j.byLong[k][:0]
		}
		for _, p := range j.west {
			k := bits.OnesCount64(p & long)
			byLong[k] = append(byLong[k], p)
		}
		j.byLong = byLong
	}
	if u.Plain == 0 {
		byLong[0] = nil // counted by another unit
	}
	// The east halves loaded once, the three kinds of west halves scanned
	// against them; or each kind loaded against the east halves, where
	// the sieve's cost model finds that cheaper.
	var c [3]uint64
	j.m.CountCross(j.east, byLong[:], c[:])
	for k, factor := range [3]uint64{u.Plain, 2, 4} {
		count += factor * c[k]
		pairs += uint64(len(byLong[k])) * uint64(len(j.east))
	}
	return count, pairs
}

// splitByLong reorders the west halves w into those with no queen on the
// long diagonals (bits of long), one and two, in place, and returns the
// three parts: a half takes no more memory than its list.
func splitByLong(w []uint64, long uint64) [3][]uint64 {
	a := partitionKind(w, long, 0)
	b := a + partitionKind(w[a:], long, 1)
	return [3][]uint64{w[:a], w[a:b], w[b:]}
}

// partitionKind moves the halves of w with k queens under long to its
// front, in place, and returns how many they are. It is the block
// partition of Edelkamp and Weiß's BlockQuicksort (2016): the places of
// the halves on the wrong side are gathered without a branch, a block of
// partBlock from each end, and swapped in pairs; the middle left over,
// fewer than three blocks, is partitioned a half at a time.
func partitionKind(w []uint64, long uint64, k int) int {
	var offL, offR [partBlock]uint8
	l, r := 0, len(w) // w[:l] are of kind k, w[r:] are not
	nl, nr, sl, sr := 0, 0, 0, 0
	for r-l > 2*partBlock {
		if nl == 0 {
			sl = 0
			for i, p := range w[l : l+partBlock] {
				offL[nl] = uint8(i)
				nl += b2i(bits.OnesCount64(p&long) != k)
			}
		}
		if nr == 0 {
			sr = 0
			for i := range partBlock {
				offR[nr] = uint8(i)
				nr += b2i(bits.OnesCount64(w[r-1-i]&long) == k)
			}
		}
		m := min(nl, nr)
		for t := range m {
			x, y := l+int(offL[sl+t]), r-1-int(offR[sr+t])
			w[x], w[y] = w[y], w[x]
		}
		nl, nr, sl, sr = nl-m, nr-m, sl+m, sr+m
		if nl == 0 {
			l += partBlock
		}
		if nr == 0 {
			r -= partBlock
		}
	}
	// The rest (Lomuto's scheme, every half swapped with the first of the
	// others, which move on when it was of kind k).
	f := l
	for i := l; i < r; i++ {
		p := w[i]
		w[i], w[f] = w[f], p
		f += b2i(bits.OnesCount64(p&long) == k)
	}
	return f
}

// partBlock is the halves a block of partitionKind's holds.
const partBlock = 128

// b2i is 1 for true and 0 for false.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// pairs counts the disjoint pairs of two lists of halves, and the pairs.
func (j *joiner) pairs(a, b []uint64) (count, pairs uint64) {
	if len(b) > len(a) {
		a, b = b, a
	}
	var c [1]uint64
	j.m.CountCross(a, [][]uint64{b}, c[:])
	return c[0], uint64(len(a)) * uint64(len(b))
}
