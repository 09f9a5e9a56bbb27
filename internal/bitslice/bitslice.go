// Package bitslice counts the disjoint pairs of two lists of bit sets
// (patterns of up to 64 bits): the pairs (p, x) with p & x = 0.
//
// The patterns are taken 512 at a time and turned on their side, so that
// one word per bit says which of 64 patterns have it (a 64×64 bit matrix
// transpose, Warren's Hacker's Delight, 7-3); the ANDs of those words for
// every value of 5, 6 or 7 bits at a time (a chunk) are tabulated, and
// each item of the other list then tests 512 pairs with one table row per
// chunk of its bits and eight population counts. Wider chunks take a table
// twice or four times as large to build and fewer rows an item: a block is
// tabulated in chunks of 6 or 7 when enough items will be scanned against
// it to pay. Kluev's N-Queens-Count-Sol matches half boards the same way
// (in chunks of 5). For long lists a sieve sorts both by a few bits and
// pairs only the buckets those bits leave disjoint (CountEach), and loads
// whichever side is cheaper (CountCross).
// On amd64 with AVX-512 (and its population count) a table row is one
// vector register; elsewhere the same in plain Go.
package bitslice

import (
	"math"
	"math/bits"
	"slices"
	"unsafe"
)

// Bits, Wide and Wider are the numbers of an item's bits looked up at once
// (a chunk); Words the words of a block of patterns (512 patterns).
const (
	Bits  = 5
	Wide  = 6
	Wider = 7
	Words = 8
	Block = 64 * Words
)

// Matcher counts disjoint pairs of patterns of at most NBits bits. It
// holds the tables of one block; one Matcher per goroutine.
type Matcher struct {
	nbits int
	// live is the bits of the patterns at hand: nbits, or fewer in the
	// sieve, which takes its cut bits out of its sorted lists.
	live int
	// width and chunks are those of the block loaded: its chunks of width
	// bits.
	width, chunks int
	// The sieve's buffers: the lists sorted by their cut bits, in the
	// arena one after the other where it has room (Reserve), each in its
	// own buffer otherwise; used is the arena's part taken by this count.
	pats  sorted
	lists []sorted
	arena []uint64
	used  int
	has   *[64][Words]uint64 // the block turned on its side, 64-byte aligned
	tab   []uint64           // row c<<width|v: Words words, 64-byte aligned
	plain bool               // use the plain Go scan even where vectors exist
	spans []span             // the sieve's item lists of one bucket of patterns
	// gathered is each list's spans copied into one, one those spans.
	gathered [][]uint64
	one      []span
	cuts     int          // the sieve's cut bits, for tests: 0 chooses by cost
	force    int          // the chunks' width, for tests: 0 chooses by the items
	sample   []uint64     // plan's samples of the lists and their keys
	pairs    *samplePairs // and the pairs of some of those samples
	keys     []uint16     // (and the sieve's sorts')
	// hp, hx, bp and bx are plan's histograms of the keys.
	hp, hx, bp, bx []float64
	// crossed says that the last CountCross loaded its lists together,
	// cross forces its choice for tests (0 chooses by cost).
	crossed bool
	cross   int
	// unrolled says that the unrolled vector scan takes these patterns
	// (AVX-512 with ANDN, at most maxUnrolled bits).
	unrolled bool
}

// New returns a Matcher for patterns of nbits bits (1..64).
func New(nbits int) *Matcher {
	rows := max(chunksOf(nbits, Bits)<<Bits, chunksOf(nbits, Wide)<<Wide, chunksOf(nbits, Wider)<<Wider)
	// The table and the block's bit planes, each on 64-byte lines (a
	// table row and a plane's row are one vector register).
	buf := make([]uint64, rows*Words+64*Words+Words)
	off := 0
	if mis := uintptr(unsafe.Pointer(&buf[0])) % 64; mis != 0 {
		off = int(64-mis) / 8
	}
	tab := buf[off : off+rows*Words]
	has := (*[64][Words]uint64)(unsafe.Pointer(&buf[off+rows*Words]))
	return &Matcher{nbits: nbits, live: nbits, unrolled: hasUnrolled && nbits <= maxUnrolled, width: Bits, chunks: chunksOf(nbits, Bits), tab: tab, has: has}
}

// maxUnrolled is the most bits of a pattern that the unrolled vector scan
// takes: it shifts an item left by 6 bits.
const maxUnrolled = 58

// chunksOf is the number of chunks of width bits in nbits bits.
func chunksOf(nbits, width int) int { return (nbits + width - 1) / width }

// Reserve makes room, once and for all, for the sieve's sorted copies of
// lists of up to items patterns and items in all, the longest of them
// longest: a caller that bounds its memory by its lists' lengths (the
// queens' join) then holds 8 bytes a pattern for the copies and 2 for
// their keys, where buffers grown as the lists come would take up to
// twice as much, and the garbage of their old sizes besides.
func (m *Matcher) Reserve(items, longest int) {
	if len(m.arena) < items {
		m.arena = make([]uint64, items)
	}
	if cap(m.keys) < longest {
		m.keys = make([]uint16, 0, longest)
	}
}

// sortList sorts list into s (sorted.sort), its copy in the arena if it
// has room left in this count.
func (m *Matcher) sortList(s *sorted, list []uint64, mask uint64, k int) {
	var dst []uint64
	if m.used+len(list) <= len(m.arena) {
		dst = m.arena[m.used : m.used+len(list) : m.used+len(list)]
		m.used += len(list)
	} else {
		s.own = slices.Grow(s.own[:0], len(list))[:len(list)]
		dst = s.own
	}
	s.sort(list, mask, k, &m.keys, dst)
}

// Plain makes the Matcher use the plain Go scan (for tests that hold the
// vector scan to it).
func (m *Matcher) Plain() { m.plain = true }

// wideFrom is the number of items scanned against a block, times the
// chunks of 6 bits fewer than of 5 an item, from which the block is
// tabulated in chunks of 6. Measured on the queens' join rather than
// modelled: the larger table costs little more to build with AVX-512
// (BenchmarkLoad: 1.07 against 0.97 us at 46 bits; 5.6 against 4.8 in
// plain Go) against 0.3 ns a chunk saved an item (BenchmarkScan), but
// from 400 the units of n = 22 took 1.03 times as long as from 2,400, the
// table of 32 KB leaving less of the cache to the items. For the halves of
// n = 24, 46 bits (2 chunks fewer an item), from 1,200 items.
const wideFrom = 2400

// widerFrom is the number of items scanned against a block, times the
// chunks of 7 bits fewer than of 6 an item, from which the block is
// tabulated in chunks of 7 (a table of 8 KB a chunk: 40 KB for the 34
// bits the sieve leaves of the halves of n = 22 to 25). BenchmarkScan at
// 34 bits: 1.76 ns an item in chunks of 7, 2.11 in chunks of 6;
// BenchmarkLoad: 1.25 us a block against 1.06. Measured on the join's
// units: from 500, 1,000 or 1,500 the same within 2%, and all faster
// than chunks of 6 at most (n = 22 0.89x, 24 0.95x, 25 0.93x).
const widerFrom = 1000

// widthFor is the width of the chunks of a block against which items will
// be scanned.
func (m *Matcher) widthFor(items int) int {
	if hasVector && !m.plain && !m.unrolled {
		return Bits // the rolled vector scan takes chunks of 5
	}
	if m.force != 0 {
		return m.force
	}
	if fewer := chunksOf(m.live, Wide) - chunksOf(m.live, Wider); fewer > 0 && items*fewer >= widerFrom {
		return Wider
	}
	if fewer := chunksOf(m.live, Bits) - chunksOf(m.live, Wide); fewer > 0 && items*fewer >= wideFrom {
		return Wide
	}
	return Bits
}

// CountDisjoint returns the number of pairs (p, x), p in pats and x in
// items, with p & x = 0. Bits of either at or above nbits must be zero.
func (m *Matcher) CountDisjoint(pats, items []uint64) uint64 {
	var out [1]uint64
	m.CountEach(pats, [][]uint64{items}, out[:])
	return out[0]
}

// CountEach sets out[i] to the number of pairs (p, x), p in pats and x in
// lists[i], with p & x = 0: one pass over the patterns for all the lists.
func (m *Matcher) CountEach(pats []uint64, lists [][]uint64, out []uint64) {
	items := 0
	for _, l := range lists {
		items += len(l)
	}
	m.run(m.plan([][]uint64{pats}, lists, items), pats, lists, items, out)
}

// CountCross sets out[i] to the number of disjoint pairs of one and
// many[i], taking as the patterns whichever side the cost model (the
// sieve's) finds cheaper: one, loaded once for all of many (CountEach),
// or the lists of many (at most maxCross) loaded together against one,
// each word of 64 patterns of a block from one list (sieveClasses). The
// longer side fills the sieve's blocks better: so the lists are loaded
// only where they are longer than one in all, and never below the
// sieve's sizes.
func (m *Matcher) CountCross(one []uint64, many [][]uint64, out []uint64) {
	items := 0
	for _, l := range many {
		items += len(l)
	}
	a := m.plan([][]uint64{one}, many, items)
	m.crossed = false
	if m.cross == crossEach || m.cross == 0 && a.sieved && items > len(one) && len(many) <= maxCross {
		c := m.plan(many, [][]uint64{one}, len(one))
		if m.cross == crossEach || c.sieved && c.total(items, len(one)) < a.total(len(one), items) {
			m.crossed = true
			m.sieveClasses(many, one, c.cut[:c.k], out)
			return
		}
	}
	m.run(a, one, many, items, out)
}

// maxCross is the most lists that CountCross may load together.
const maxCross = 4

// CountCross's choice, forced for tests (cross): one loaded for all, or
// the lists loaded together.
const (
	crossOne = 1 + iota
	crossEach
)

// A plan is how the pairs of a list of patterns and lists of items are
// counted: pair by pair (small), block by block, or by the sieve with k
// cut bits; cost is what the model counts for it, in items scanned
// against a block.
type plan struct {
	small  bool
	sieved bool // the sieve's sizes (k may still be 0: blocks won)
	k      int
	cut    [maxCut]uint
	cost   float64
}

// sortCost is what sorting one pattern or item by the sieve's keys costs,
// in items scanned against a block (CountCross weighs it: loading the
// lists the other way round sorts one of them again for each).
const sortCost = 1

// total is the plan's cost with the sorting of the lists, np patterns and
// ni items.
func (p plan) total(np, ni int) float64 {
	if p.k > 0 {
		return p.cost + sortCost*float64(np+ni)
	}
	return p.cost
}

// plan chooses how to count the pairs of the patterns of classes (one
// list, or several loaded together, a block's words of 64 each from one)
// and of lists (items in all).
func (m *Matcher) plan(classes [][]uint64, lists [][]uint64, items int) plan {
	np, words := 0, 0
	for _, l := range classes {
		np += len(l)
		words += (len(l) + 63) / 64
	}
	if np < 64 {
		return plan{small: true, cost: float64(np) * float64(items) / 8}
	}
	blocks := plan{cost: float64((words+Words-1)/Words) * float64(items+loadCost)}
	if m.cuts == 0 && (np < 2*Block || np*items < sieveFrom) {
		return blocks
	}
	// Up to 8 cut bits, more for lists of many blocks: about a block's
	// patterns a bucket at most, those chosen on sampled pairs (greedy),
	// and the bits' frequencies from about 1024 of the patterns and of
	// the items.
	kmax := min(maxCut, m.nbits, max(narrowCut, bits.Len(uint(np/Block)), m.cuts))
	greedy := kmax > narrowCut
	if greedy && m.pairs == nil {
		m.pairs = new(samplePairs)
	}
	var fp, fx [64]int
	m.sample = m.sample[:0]
	for _, l := range classes {
		m.sample = strided(m.sample, l, max(1, np/1024))
	}
	addFrequencies(&fp, m.sample)
	if greedy {
		m.pairs.pats = pickOut(m.pairs.pats[:0], m.sample, greedySamples)
	}
	m.sample = m.sample[:0]
	for _, l := range lists {
		m.sample = strided(m.sample, l, max(1, items/1024))
	}
	addFrequencies(&fx, m.sample)
	if greedy {
		m.pairs.items = pickOut(m.pairs.items[:0], m.sample, greedySamples)
	}
	p := plan{sieved: true}
	var used uint64
	if greedy {
		used = m.pairs.choose(p.cut[:kmax], m.nbits, &fp, &fx)
	} else {
		for i := range kmax {
			p.cut[i] = uint(mostFrequent(used, m.nbits, &fp, &fx))
			used |= 1 << p.cut[i]
		}
	}
	// The cost of each number of cut bits, from the histograms of the
	// keys of about 4096 patterns and as many items (16 times as many for
	// 12 cut bits), scaled: a key's bit j is cut bit j (the keys are taken
	// in the order of the bits' places, and put in the order of the cut
	// bits by remap).
	remap := keyRemap(p.cut[:kmax], used)
	size := 1 << kmax
	// (hp and bp hold a histogram for each class of patterns.)
	nc := len(classes)
	m.hp, m.hx = zeroed(m.hp, nc*size), zeroed(m.hx, size)
	hp, hx := m.hp, m.hx
	samples := 4096 << (kmax - min(kmax, narrowCut))
	for cl, l := range classes {
		m.histogram(hp[cl*size:(cl+1)*size], l, np, samples, used, remap)
	}
	for _, l := range lists {
		m.histogram(hx, l, items, samples, used, remap)
	}
	p.cost = blocks.cost
	for k := 1; k <= kmax; k++ {
		m.bp, m.bx = zeroed(m.bp, nc<<k), zeroed(m.bx, 1<<k)
		bp, bx := m.bp, m.bx
		for c := range size {
			for cl := range nc {
				bp[cl<<k|c&(1<<k-1)] += hp[cl*size+c]
			}
			bx[c&(1<<k-1)] += hx[c]
		}
		// bx[c]: the items whose cut bits lie within c (a zeta transform).
		for i := range k {
			for c := range 1 << k {
				if c>>i&1 != 0 {
					bx[c] += bx[c&^(1<<i)]
				}
			}
		}
		// A bucket's blocks: its words of each class, 8 a block.
		var cost float64
		for c := range 1 << k {
			words := 0.0
			for cl := range nc {
				words += math.Ceil(bp[cl<<k|c] / 64)
			}
			if words > 0 {
				cost += math.Ceil(words/Words)*(bx[(1<<k-1)&^c]+loadCost) + subsetCost*float64(len(lists)<<(k-bits.OnesCount(uint(c))))
			}
		}
		if cost < p.cost {
			p.k, p.cost = k, cost
		}
	}
	if m.cuts > 0 {
		p.k = min(m.cuts, kmax)
	}
	return p
}

// keyRemap takes the keys of the cut bits (the bits under used, packed in
// the order of their places, as PEXT packs them) to keys whose bit j is
// cut[j].
func keyRemap(cut []uint, used uint64) []uint16 {
	var bit [maxCut]uint16 // bit[r]: the place in the key of the r-th lowest cut bit
	for j, b := range cut {
		bit[bits.OnesCount64(used&(1<<b-1))] = 1 << j
	}
	remap := make([]uint16, 1<<len(cut))
	for c := 1; c < len(remap); c++ {
		remap[c] = remap[c&(c-1)] | bit[bits.TrailingZeros(uint(c))]
	}
	return remap
}

// zeroed is buf of n zeros.
func zeroed(buf []float64, n int) []float64 {
	buf = slices.Grow(buf[:0], n)[:n]
	clear(buf)
	return buf
}

// histogram adds to h the keys (by remap) of every step-th element of l,
// about samples of the total elements of the lists it is called for, each
// weighing step.
func (m *Matcher) histogram(h []float64, l []uint64, total, samples int, used uint64, remap []uint16) {
	step := max(1, total/samples)
	m.sample = strided(m.sample[:0], l, step)
	m.keys = slices.Grow(m.keys[:0], len(m.sample))[:len(m.sample)]
	if hasPEXT {
		pextKeys(m.sample, used, m.keys)
	} else {
		extractKeys(m.sample, used, m.keys)
	}
	w := float64(step)
	for _, c := range m.keys {
		h[remap[c]] += w
	}
}

// strided appends every step-th element of l to buf.
func strided(buf, l []uint64, step int) []uint64 {
	for i := 0; i < len(l); i += step {
		buf = append(buf, l[i])
	}
	return buf
}

// addFrequencies adds to f how many of xs have each bit: 64 at a time
// turned on their side, a population count a bit.
func addFrequencies(f *[64]int, xs []uint64) {
	var sq [64]uint64
	for len(xs) > 0 {
		k := copy(sq[:], xs)
		clear(sq[k:])
		xs = xs[k:]
		transpose64(&sq)
		for b := range sq {
			f[b] += bits.OnesCount64(sq[b])
		}
	}
}

// greedySamples is the most samples of each side whose pairs choose the
// cut bits.
const greedySamples = 512

// pickOut appends to buf about n of xs, evenly spaced.
func pickOut(buf, xs []uint64, n int) []uint64 {
	return strided(buf, xs, max(1, (len(xs)+n-1)/n))
}

// samplePairs chooses the sieve's cut bits on the pairs of a sample of
// the patterns and one of the items: each bit the one that parts the most
// pairs still together after the bits before it. Bits are not
// independent: in the halves of the queens' join, one direction of the
// diagonals is nearly complementary (what one half takes the other
// leaves), so that once a few of its bits are cut, the rest of it parts
// few pairs more than its frequencies say, and bits of the other
// direction part fewer than that. Choosing by the product of each bit's
// frequencies alone (the first rule) mixed the two; on units of n = 24
// the cost model's best is 0.79-0.96 of it chosen this way.
type samplePairs struct {
	pats, items []uint64
	// alive[i] says which sampled items are still paired with pattern i;
	// xs[b] which items have bit b, ps[b] which patterns.
	alive [][greedySamples / 64]uint64
	xs    [64][greedySamples / 64]uint64
	ps    [64][greedySamples / 64]uint64
}

// choose fills cut with bits chosen greedily (bits that part no sampled
// pair by mostFrequent) and returns their mask. The pairs a bit parts
// only fall as other bits are cut, so each bit's last count is a bound,
// and a round counts again only the bits whose bound beats the best count
// of the round so far (lazy greedy); the first bounds are the products of
// the bits' counts in the samples. Used for lists of 256 blocks or more
// (more than 8 cut bits): below, the choice hardly differs, and units of
// n = 23, of about 1.5 ms, took 1.035 times as long with it, its counting
// included.
func (s *samplePairs) choose(cut []uint, nbits int, fp, fx *[64]int) uint64 {
	planes := func(dst *[64][greedySamples / 64]uint64, xs []uint64) {
		var sq [64]uint64
		for w := range greedySamples / 64 {
			lo := min(w*64, len(xs))
			k := copy(sq[:], xs[lo:])
			clear(sq[k:])
			transpose64(&sq)
			for b := range 64 {
				dst[b][w] = sq[b]
			}
		}
	}
	planes(&s.xs, s.items)
	planes(&s.ps, s.pats)
	words := (len(s.items) + 63) / 64
	s.alive = slices.Grow(s.alive[:0], len(s.pats))[:len(s.pats)]
	for i := range s.alive {
		s.alive[i] = [greedySamples / 64]uint64{}
		for w := range words {
			s.alive[i][w] = ^uint64(0)
		}
	}
	count := func(x *[greedySamples / 64]uint64) int {
		t := 0
		for _, v := range x {
			t += bits.OnesCount64(v)
		}
		return t
	}
	var bound [64]int
	for b := range nbits {
		bound[b] = count(&s.ps[b]) * count(&s.xs[b])
	}
	parted := func(b int) int {
		t := 0
		xb := &s.xs[b]
		for w, pw := range s.ps[b] {
			for ; pw != 0; pw &= pw - 1 {
				row := &s.alive[w*64+bits.TrailingZeros64(pw)]
				for v := range words {
					t += bits.OnesCount64(row[v] & xb[v])
				}
			}
		}
		return t
	}
	used := uint64(0)
	for i := range cut {
		best, bestN := -1, 0
		counted := used
		for {
			next := -1
			for b := range nbits {
				if counted>>b&1 == 0 && bound[b] > bestN && (next < 0 || bound[b] > bound[next]) {
					next = b
				}
			}
			if next < 0 {
				break
			}
			counted |= 1 << next
			if bound[next] = parted(next); bound[next] > bestN {
				best, bestN = next, bound[next]
			}
		}
		if best < 0 {
			best = mostFrequent(used, nbits, fp, fx)
		}
		cut[i] = uint(best)
		used |= 1 << best
		xb := &s.xs[best]
		for w, pw := range s.ps[best] {
			for ; pw != 0; pw &= pw - 1 {
				row := &s.alive[w*64+bits.TrailingZeros64(pw)]
				for v := range words {
					row[v] &^= xb[v]
				}
			}
		}
	}
	return used
}

// mostFrequent is the bit below nbits not in used of the highest product
// of its frequencies fp and fx (the first such).
func mostFrequent(used uint64, nbits int, fp, fx *[64]int) int {
	best := -1
	for b := range nbits {
		if used>>b&1 == 0 && (best < 0 || fp[b]*fx[b] > fp[best]*fx[best]) {
			best = b
		}
	}
	return best
}

// run counts the pairs by plan p.
func (m *Matcher) run(p plan, pats []uint64, lists [][]uint64, items int, out []uint64) {
	clear(out[:len(lists)])
	switch {
	case p.small:
		for i, l := range lists {
			var c uint64
			for _, p := range pats {
				for _, x := range l {
					if p&x == 0 {
						c++
					}
				}
			}
			out[i] = c
		}
	case p.k == 0:
		m.blocks(pats, lists, items, out)
	default:
		m.sieve(pats, lists, p.cut[:p.k], out)
	}
}

// blocks counts the pairs block by block of patterns, items the lists'
// lengths in all.
func (m *Matcher) blocks(pats []uint64, lists [][]uint64, items int, out []uint64) {
	for start := 0; start < len(pats); start += Block {
		m.load(pats[start:min(start+Block, len(pats))], items)
		for i, l := range lists {
			out[i] += m.scanItems(l)
		}
	}
}

func (m *Matcher) scanItems(items []uint64) uint64 {
	var lanes [Words]uint64
	m.scanLanes(items, &lanes)
	var t uint64
	for _, c := range lanes {
		t += c
	}
	return t
}

// scanLanes adds to lanes[w] the pairs of items with the patterns of word
// w of the loaded block.
func (m *Matcher) scanLanes(items []uint64, lanes *[Words]uint64) {
	if len(items) == 0 {
		return
	}
	if hasVector && !m.plain {
		m.scanVector(items, lanes)
		return
	}
	m.scan(items, lanes)
}

// sieveFrom is the number of pairs from which the sieve pays for its
// sorting (measured on the halves of the queens' join).
const sieveFrom = 1 << 24

// loadCost is what loading a block costs, in items scanned: BenchmarkLoad
// 1.0-1.25 us a block against BenchmarkScan's 1.8-2.4 ns an item. (It was
// 40, and from 300 to 700 the units of n = 22 to 25 took 0.95-0.99x as
// long, within the spread of one run to the next.)
const loadCost = 500

// subsetCost is what listing one subset of a bucket's free cut bits for
// one list of items costs (spansOf), in items scanned: every bucket of
// patterns looks up the 2^(k - its bits) buckets of items it meets, 3^k
// in all over the buckets, which from 13 cut bits weighs against what a
// bit more saves (n = 24 and 27 took 1.02x and 1.04x as long with up to
// 16 bits when the model left this out).
const subsetCost = 1.5

// maxCut is the largest number of cut bits of the sieve (its keys are 16
// bits), narrowCut the most for lists of fewer than 256 blocks of
// patterns. The cost model takes up to one bit for every doubling of the
// blocks past that: 13 to 15 bits where a side holds millions of halves
// (n = 26 and 27, whose chunks hold up to 11.5 million). With 16 where it
// was 12, 64 forecast units of n = 26 took 0.85 times as long (14: 0.87).
const (
	maxCut    = 16
	narrowCut = 8
)

// sieve counts the pairs after sorting the lists by the cut bits, the
// bits most often set in both the patterns and the items (Kluev's sieve):
// a pattern and an item that share a cut bit are never compared, and the
// others are compared bucket by bucket, each bucket of patterns loaded
// once for all the buckets of items whose cut bits it leaves free. How
// many bits, and which, plan chooses: the number whose cost, counted from
// the buckets' sizes (blocks loaded and items scanned against them), is
// least, since more bits skip more pairs but fill the blocks less.
func (m *Matcher) sieve(pats []uint64, lists [][]uint64, cut []uint, out []uint64) {
	for len(m.lists) < len(lists) {
		m.lists = append(m.lists, sorted{})
	}
	k := len(cut)
	var mask uint64
	for _, b := range cut {
		mask |= 1 << b
	}
	m.used = 0
	m.sortList(&m.pats, pats, mask, k)
	for i, l := range lists {
		m.sortList(&m.lists[i], l, mask, k)
	}
	// The lists hold their bits other than the cut ones.
	m.live = max(1, m.nbits-k) // a chunk of no bit, if all are cut
	defer func() { m.live = m.nbits }()
	sp, startP := m.pats.list, m.pats.start
	full := 1<<k - 1
	for cp := range 1 << k {
		bucket := sp[startP[cp]:startP[cp+1]]
		if len(bucket) == 0 {
			continue
		}
		// The items of every subset of the free cut bits, scanned
		// against each block of the bucket.
		free := full &^ cp
		spans, scanned := m.spans[:0], 0
		for i := range lists {
			var n int
			spans, n = spansOf(spans, &m.lists[i], i, free)
			scanned += n
		}
		m.spans = spans
		if scanned == 0 {
			continue
		}
		if len(bucket) > Block && len(spans) > len(lists) && scanned <= maxGather {
			spans = m.gather(spans, len(lists))
		}
		for start := 0; start < len(bucket); start += Block {
			m.load(bucket[start:min(start+Block, len(bucket))], scanned)
			for _, x := range spans {
				out[x.list] += m.scanItems(x.items)
			}
		}
	}
}

// sieveClasses is the sieve with the cut bits cut (any number, 0 for
// blocks alone) for the patterns of several lists (classes) loaded
// together against the items: each class sorted on its own, a bucket's
// blocks filled with its patterns of each class in turn, each word of 64
// of one class (the last of a class partly filled), and each word's pairs
// (the lanes of the scan) counted to its class in out.
func (m *Matcher) sieveClasses(classes [][]uint64, items []uint64, cut []uint, out []uint64) {
	clear(out[:len(classes)])
	// The buffers of CountEach's sieve, the same lists in the same ones:
	// the items (the sieve's patterns there) in m.pats, the classes in
	// m.lists.
	for len(m.lists) < len(classes) {
		m.lists = append(m.lists, sorted{})
	}
	k := len(cut)
	var mask uint64
	for _, b := range cut {
		mask |= 1 << b
	}
	m.used = 0
	for c, l := range classes {
		m.sortList(&m.lists[c], l, mask, k)
	}
	m.sortList(&m.pats, items, mask, k)
	m.live = max(1, m.nbits-k)
	defer func() { m.live = m.nbits }()
	full := 1<<k - 1
	var words [Words][]uint64
	var class [Words]int
	for cp := range 1 << k {
		patterns := 0
		for c := range classes {
			patterns += m.lists[c].start[cp+1] - m.lists[c].start[cp]
		}
		if patterns == 0 {
			continue
		}
		free := full &^ cp
		spans, scanned := spansOf(m.spans[:0], &m.pats, 0, free)
		m.spans = spans
		if scanned == 0 {
			continue
		}
		if patterns > Block && len(spans) > 1 && scanned <= maxGather {
			spans = m.gather(spans, 1)
		}
		w := 0
		flush := func() {
			m.loadWords(&words, scanned)
			var lanes [Words]uint64
			for _, x := range spans {
				m.scanLanes(x.items, &lanes)
			}
			for i := range w {
				out[class[i]] += lanes[i]
			}
			words, w = [Words][]uint64{}, 0
		}
		for c := range classes {
			s := &m.lists[c]
			run := s.list[s.start[cp]:s.start[cp+1]]
			for len(run) > 0 {
				n := min(64, len(run))
				words[w], class[w] = run[:n], c
				run = run[n:]
				if w++; w == Words {
					flush()
				}
			}
		}
		if w > 0 {
			flush()
		}
	}
}

// spansOf appends to spans the non-empty buckets of s whose keys lie
// within free (every subset of those cut bits), as items of list, and
// returns them with the number of items they hold.
func spansOf(spans []span, s *sorted, list, free int) ([]span, int) {
	items := 0
	for cx := free; ; cx = (cx - 1) & free {
		if lo, hi := s.start[cx], s.start[cx+1]; lo < hi {
			spans = append(spans, span{list, s.list[lo:hi]})
			items += hi - lo
		}
		if cx == 0 {
			return spans, items
		}
	}
}

// maxGather is the most items the sieve gathers for a bucket (512 KB):
// more are in spans long enough to scan as they are.
const maxGather = 1 << 16

// gather copies the spans of each list into one (a scan each, for every
// block of a bucket that has several, where each span took one).
func (m *Matcher) gather(spans []span, lists int) []span {
	for len(m.gathered) < lists {
		m.gathered = append(m.gathered, nil)
	}
	for i := range lists {
		m.gathered[i] = m.gathered[i][:0]
	}
	for _, x := range spans {
		m.gathered[x.list] = append(m.gathered[x.list], x.items...)
	}
	out := m.one[:0]
	for i, g := range m.gathered[:lists] {
		if len(g) > 0 {
			out = append(out, span{i, g})
		}
	}
	m.one = out
	return out
}

// span is the items of one bucket of lists[list] that the sieve scans
// against a bucket of patterns.
type span struct {
	list  int
	items []uint64
}

// sorted is a list sorted by its keys, with the start of each bucket
// (start[c]..start[c+1]).
type sorted struct {
	list  []uint64
	start []int
	next  []int    // where the sort writes the next element of each bucket
	own   []uint64 // the list's buffer where the Matcher's arena has no room
}

// sort sorts list by its bits under mask (k bits) into dst (as long as
// list), which becomes s.list, each element without those bits (the bits
// above them moved down): the sieve pairs only buckets whose keys are
// disjoint, so that the scan need not test the cut bits again, and the
// fewer bits take fewer chunks. keys is a buffer for the keys, shared by
// the lists sorted one after the other (they are not needed once the
// buckets are made).
func (s *sorted) sort(list []uint64, mask uint64, k int, keys *[]uint16, dst []uint64) {
	ks := slices.Grow((*keys)[:0], len(list))[:len(list)]
	*keys = ks
	if hasPEXT {
		pextKeys(list, mask, ks)
	} else {
		extractKeys(list, mask, ks)
	}
	start := slices.Grow(s.start[:0], 1<<k+1)[:1<<k+1]
	clear(start)
	for _, c := range ks {
		start[int(c)+1]++
	}
	for c := 1; c <= 1<<k; c++ {
		start[c] += start[c-1]
	}
	next := slices.Grow(s.next[:0], 1<<k)[:1<<k]
	copy(next, start[:1<<k])
	s.list = dst[:len(list)]
	if hasPEXT {
		pextScatter(list, mask, ks, next, s.list)
	} else {
		scatterRest(list, mask, ks, next, s.list)
	}
	s.start, s.next = start, next
}

// scatterRest writes each element of list without its bits under mask
// (rest) to dst[next[keys[i]]], and moves that place on: what pextScatter
// does with PEXT.
func scatterRest(list []uint64, mask uint64, keys []uint16, next []int, dst []uint64) {
	var places [maxCut]uint // from the highest down
	n := 0
	for m := mask; m != 0; m &^= 1 << (63 - bits.LeadingZeros64(m)) {
		places[n] = uint(63 - bits.LeadingZeros64(m))
		n++
	}
	keys = keys[:len(list)]
	for i, v := range list {
		for _, b := range places[:n] {
			v = v&(1<<b-1) | v>>(b+1)<<b
		}
		c := keys[i]
		dst[next[c]] = v
		next[c]++
	}
}

// extractKeys sets keys[i] to the bits of list[i] under mask, packed in
// the order of their places (what PEXT does).
func extractKeys(list []uint64, mask uint64, keys []uint16) {
	var places [maxCut]uint
	n := 0
	for m := mask; m != 0; m &= m - 1 {
		places[n] = uint(bits.TrailingZeros64(m))
		n++
	}
	for i, v := range list {
		c := uint16(0)
		for j, b := range places[:n] {
			c |= uint16(v>>b&1) << j
		}
		keys[i] = c
	}
}

// row is table row r.
func (m *Matcher) row(r int) *[Words]uint64 {
	return (*[Words]uint64)(m.tab[r*Words : r*Words+Words])
}

// load turns a block of patterns on its side and tabulates its chunks, 5
// or 6 bits wide as pays for items scanned against it.
func (m *Matcher) load(blk []uint64, items int) {
	var words [Words][]uint64
	for w := range Words {
		lo := min(w*64, len(blk))
		words[w] = blk[lo:min(lo+64, len(blk))]
	}
	m.loadWords(&words, items)
}

// loadWords is load of a block given as its words of at most 64 patterns
// (lane w of the table's rows is words[w]).
func (m *Matcher) loadWords(words *[Words][]uint64, items int) {
	m.width = m.widthFor(items)
	m.chunks = chunksOf(m.live, m.width)
	width := m.width
	if hasVector && !m.plain {
		m.loadVector(words)
		return
	}
	has := m.has
	var valid [Words]uint64
	var sq [64]uint64
	for w, part := range words {
		if len(part) == 0 {
			continue
		}
		if len(part) == 64 {
			valid[w] = ^uint64(0)
		} else {
			valid[w] = uint64(1)<<len(part) - 1
		}
		copy(sq[:], part)
		clear(sq[len(part):])
		transpose64(&sq)
		for p := range m.live {
			has[p][w] = sq[p]
		}
	}
	for c := range m.chunks {
		base := c << width
		*m.row(base) = valid
		for v := 1; v < 1<<width; v++ {
			p := c*width + bits.TrailingZeros(uint(v))
			t := m.row(base + v)
			if p >= m.live {
				*t = [Words]uint64{} // no item has that bit: never read
				continue
			}
			prev, h := m.row(base+v&(v-1)), &has[p]
			for w := range Words {
				t[w] = prev[w] &^ h[w]
			}
		}
	}
}

// loadVector is load with AVX-512: the eight 64×64 transposes of a block
// at once, in place in m.has (lane w of row k is pattern 64w+k, and then
// lane w of row p is which of those patterns have bit p), and a chunk's
// table built by doubling: rows 2^i..2^(i+1)-1 are rows 0..2^i-1 without
// the chunk's bit i, one vector AND NOT a row. Rows of bits at or above
// nbits repeat the rows below them (no item reads them).
func (m *Matcher) loadVector(words *[Words][]uint64) {
	has := m.has
	var valid [Words]uint64
	for w, part := range words {
		for k, x := range part {
			has[k][w] = x
		}
		for k := len(part); k < 64; k++ {
			has[k][w] = 0
		}
		if len(part) == 64 {
			valid[w] = ^uint64(0)
		} else {
			valid[w] = uint64(1)<<len(part) - 1
		}
	}
	transposeAVX512(has)
	width := m.width
	for c := range m.chunks {
		base := c << width
		*m.row(base) = valid
		for i := range width {
			h := &zeroRow
			if p := c*width + i; p < m.live {
				h = &has[p]
			}
			andnRowsAVX512(&m.row(base + 1<<i)[0], &m.row(base)[0], 1<<i, h)
		}
	}
}

// zeroRow is the bit plane of a bit no pattern has.
var zeroRow [Words]uint64

// transpose64 transposes a 64×64 bit matrix: afterwards bit i of a[p] is
// what bit p of a[i] was (the recursive block swaps of Hacker's Delight).
func transpose64(a *[64]uint64) {
	m := uint64(0x00000000ffffffff)
	for j := 32; j != 0; j, m = j>>1, m^m<<(j>>1) {
		for k := 0; k < 64; k = (k + j + 1) &^ j {
			t := (a[k]>>j ^ a[k+j]) & m
			a[k+j] ^= t
			a[k] ^= t << j
		}
	}
}

// scan adds to lanes[w] the pairs of items with the patterns of word w
// of the loaded block, in plain Go.
func (m *Matcher) scan(items []uint64, lanes *[Words]uint64) {
	chunks, width := m.chunks, uint(m.width)
	low := uint64(1)<<width - 1
	for _, x := range items {
		t := m.row(int(x & low))
		a0, a1, a2, a3, a4, a5, a6, a7 := t[0], t[1], t[2], t[3], t[4], t[5], t[6], t[7]
		x >>= width
		for c := 1; c < chunks; c++ {
			t := m.row(c<<width | int(x&low))
			x >>= width
			a0 &= t[0]
			a1 &= t[1]
			a2 &= t[2]
			a3 &= t[3]
			a4 &= t[4]
			a5 &= t[5]
			a6 &= t[6]
			a7 &= t[7]
		}
		lanes[0] += uint64(bits.OnesCount64(a0))
		lanes[1] += uint64(bits.OnesCount64(a1))
		lanes[2] += uint64(bits.OnesCount64(a2))
		lanes[3] += uint64(bits.OnesCount64(a3))
		lanes[4] += uint64(bits.OnesCount64(a4))
		lanes[5] += uint64(bits.OnesCount64(a5))
		lanes[6] += uint64(bits.OnesCount64(a6))
		lanes[7] += uint64(bits.OnesCount64(a7))
	}
}
