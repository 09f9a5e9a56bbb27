package bitslice

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

func TestTranspose64(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	var a, b [64]uint64
	for i := range a {
		a[i] = r.Uint64()
	}
	b = a
	transpose64(&b)
	for i := range 64 {
		for p := range 64 {
			if (b[p]>>i)&1 != (a[i]>>p)&1 {
				t.Fatalf("bit %d of row %d", p, i)
			}
		}
	}
}

// TestTransposeAVX512: the eight transposes at once are eight of
// transpose64.
func TestTransposeAVX512(t *testing.T) {
	if !hasVector {
		t.Skip("no AVX-512 here")
	}
	r := rand.New(rand.NewPCG(7, 8))
	var a [64][Words]uint64
	var want [Words][64]uint64
	for k := range a {
		for w := range Words {
			a[k][w] = r.Uint64()
			want[w][k] = a[k][w]
		}
	}
	for w := range want {
		transpose64(&want[w])
	}
	transposeAVX512(&a)
	for p := range a {
		for w := range Words {
			if a[p][w] != want[w][p] {
				t.Fatalf("row %d, lane %d: %#x, want %#x", p, w, a[p][w], want[w][p])
			}
		}
	}
}

// TestCountDisjoint holds both scans to the count of every pair, on lists
// of every size class (brute force, one partial block, several blocks) and
// densities, for every width of pattern.
func TestCountDisjoint(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for nbits := 1; nbits <= 64; nbits++ {
		// Every size class at a few widths; at every width (each number
		// of chunks, and the widths where the vector scan changes its
		// way of indexing the table) a few blocks and a partial one.
		sizes := [][2]int{{3*Block + 17, 301}}
		if slices.Contains([]int{1, 5, 7, 34, 40, 62, 64}, nbits) {
			sizes = [][2]int{{10, 10}, {63, 100}, {64, 16}, {100, 15}, {200, 300}, {512, 50}, {1300, 700}, {5000, 3000}, {70000, 200}}
		}
		for _, size := range sizes {
			if testing.Short() && size[0]*size[1] > 1e6 {
				continue // -short, as under an emulator: the blocks' edges are all in the smaller sizes
			}
			for _, density := range []float64{0.05, 0.2, 0.45} {
				pats, items := randomPatterns(r, size[0], nbits, density), randomPatterns(r, size[1], nbits, density)
				var want uint64
				for _, p := range pats {
					for _, x := range items {
						if p&x == 0 {
							want++
						}
					}
				}
				// Each width of chunk the scans take, and the choice by
				// the items (0), in the vector scan and the plain one.
				for _, plain := range []bool{false, true} {
					for _, width := range []int{0, Bits, Wide, Wider} {
						m := New(nbits)
						m.force = width
						if plain {
							m.Plain()
						}
						if got := m.CountDisjoint(pats, items); got != want {
							t.Errorf("plain %v, width %d: nbits %d, %v, density %v: %d pairs, want %d", plain, width, nbits, size, density, got, want)
						}
					}
				}
			}
		}
	}
	if !hasVector {
		t.Log("no AVX-512 here: only the plain scan was tested")
	}
}

// TestSieve holds the sieve, with every number of cut bits, to the count
// of every pair.
func TestSieve(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for _, nbits := range []int{3, 10, 38} {
		pats, items := randomPatterns(r, 3000, nbits, 0.3), randomPatterns(r, 2000, nbits, 0.4)
		var want uint64
		for _, p := range pats {
			for _, x := range items {
				if p&x == 0 {
					want++
				}
			}
		}
		for cuts := 1; cuts <= maxCut; cuts++ {
			m := New(nbits)
			m.cuts = cuts
			if got := m.CountDisjoint(pats, items); got != want {
				t.Errorf("nbits %d, %d cut bits: %d pairs, want %d", nbits, cuts, got, want)
			}
		}
	}
}

// TestCountEach: one pass over the patterns for several lists of items
// counts as each list alone, by blocks and through the sieve.
func TestCountEach(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	gen := func(k int, density float64) []uint64 {
		out := make([]uint64, k)
		for i := range out {
			for b := range 38 {
				if r.Float64() < density {
					out[i] |= 1 << b
				}
			}
		}
		return out
	}
	pats := gen(5000, 0.35)
	lists := [][]uint64{gen(3000, 0.4), nil, gen(10, 0.2), gen(7000, 0.3)}
	for _, cuts := range []int{0, 3, 8} {
		m := New(38)
		m.cuts = cuts
		out := make([]uint64, len(lists))
		m.CountEach(pats, lists, out)
		for i, l := range lists {
			if want := New(38).CountDisjoint(pats, l); out[i] != want {
				t.Errorf("%d cut bits, list %d: %d pairs, alone %d", cuts, i, out[i], want)
			}
		}
	}
}

// TestCountCross: the lists loaded together against one (a word of a
// block from each, the lanes of the scan counted to their lists) count as
// one loaded for all, whichever the cost model takes, with the sieve's
// every kind of plan (blocks alone, 3, 8 and 12 cut bits by force, or by
// cost), in the vector scan and the plain one; the model loads the lists
// where one is short and a list long (one's buckets would fill few
// blocks), and one where it is the longer; and more lists than maxCross
// go the one way.
func TestCountCross(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	brute := func(a, b []uint64) uint64 {
		var c uint64
		for _, p := range a {
			for _, x := range b {
				if p&x == 0 {
					c++
				}
			}
		}
		return c
	}
	one := randomPatterns(r, 3000, 38, 0.35)
	cases := []struct {
		one  []uint64
		many [][]uint64
	}{
		{one, [][]uint64{randomPatterns(r, 3000, 38, 0.4), nil, randomPatterns(r, 10, 38, 0.2), randomPatterns(r, 7000, 38, 0.3)}},
		{one[:40], [][]uint64{randomPatterns(r, 5000, 38, 0.4)}},
		{one, [][]uint64{randomPatterns(r, 500, 38, 0.4), randomPatterns(r, 20000, 38, 0.35)}},
		{one, [][]uint64{nil, nil, nil, nil, randomPatterns(r, 9000, 38, 0.35)}},
	}
	for ci, c := range cases {
		want := make([]uint64, len(c.many))
		for i, l := range c.many {
			want[i] = brute(c.one, l)
		}
		for _, cuts := range []int{0, 3, 8, 12} {
			for _, cross := range []int{0, crossOne, crossEach} {
				for _, plain := range []bool{false, true} {
					if plain && !hasVector {
						continue // the one path here
					}
					m := New(38)
					m.cuts, m.cross = cuts, cross
					if plain {
						m.Plain()
					}
					out := make([]uint64, len(c.many))
					m.CountCross(c.one, c.many, out)
					for i := range c.many {
						if out[i] != want[i] {
							t.Errorf("case %d, %d cut bits, cross %d, plain %v, list %d: %d pairs, want %d", ci, cuts, cross, plain, i, out[i], want[i])
						}
					}
					if cross == crossEach && !m.crossed {
						t.Errorf("case %d: the lists were not loaded together when forced", ci)
					}
				}
			}
		}
	}
	// The choice by cost.
	m := New(38)
	many := [][]uint64{randomPatterns(r, 50000, 38, 0.35)}
	out := make([]uint64, 1)
	m.CountCross(one, many, out)
	if !m.crossed {
		t.Error("3,000 patterns against 50,000 items: the long list was not loaded")
	}
	m.CountCross(many[0], [][]uint64{one}, out)
	if m.crossed {
		t.Error("50,000 patterns against 3,000 items: the short list was loaded")
	}
	m.CountCross(one, [][]uint64{nil, nil, nil, nil, many[0]}, make([]uint64, 5))
	if m.crossed {
		t.Error("five lists: each was loaded on its own")
	}
}

// TestReserve: with room reserved for the sieve's sorted copies, one
// Matcher counting one call after another counts as a fresh one, the
// copies in the reserved room when it holds them all (no list takes a
// buffer of its own) and in their own buffers past it, either way the
// lists are loaded.
func TestReserve(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	one := randomPatterns(r, 3000, 38, 0.35)
	many := [][]uint64{randomPatterns(r, 5000, 38, 0.4), randomPatterns(r, 200, 38, 0.3), randomPatterns(r, 9000, 38, 0.35)}
	total := len(one)
	for _, l := range many {
		total += len(l)
	}
	want := make([]uint64, len(many))
	New(38).CountCross(one, many, want)
	for _, room := range []int{total, total - 1, total / 2, 0} {
		for _, cross := range []int{crossOne, crossEach} {
			m := New(38)
			m.cuts, m.cross = 8, cross
			m.Reserve(room, 9000)
			for call := range 3 {
				got := make([]uint64, len(many))
				m.CountCross(one, many, got)
				if !slices.Equal(got, want) {
					t.Fatalf("room %d, cross %d, call %d: %v pairs, want %v", room, cross, call, got, want)
				}
				owned := m.pats.own != nil
				for _, s := range m.lists {
					owned = owned || s.own != nil
				}
				if room == total && owned {
					t.Errorf("room for all %d copies, cross %d: a list took its own buffer", total, cross)
				}
				if room < total-len(many[1]) && !owned {
					t.Errorf("room for %d of %d copies, cross %d: no list took its own buffer", room, total, cross)
				}
				if cap(m.keys) != 9000 {
					t.Errorf("room %d: the keys' buffer grew to %d, reserved 9000", room, cap(m.keys))
				}
			}
		}
	}
}

// TestPlanSamples: the cost model's bit frequencies (64 samples at a time
// turned on their side) and its keys (taken by PEXT where the CPU has it,
// then put in the order of the cut bits) are those of the definitions,
// for every number of cut bits in any order.
func TestPlanSamples(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	xs := randomPatterns(r, 1000, 64, 0.3)
	var f, want [64]int
	addFrequencies(&f, xs)
	for _, x := range xs {
		for b := range 64 {
			want[b] += int(x >> b & 1)
		}
	}
	if f != want {
		t.Errorf("frequencies %v, want %v", f, want)
	}
	m := New(46)
	for trial := range 200 {
		k := 1 + trial%maxCut
		cut := make([]uint, 0, k)
		used := uint64(0)
		for len(cut) < k {
			if b := uint(r.IntN(46)); used>>b&1 == 0 {
				cut = append(cut, b)
				used |= 1 << b
			}
		}
		remap := keyRemap(cut, used)
		h, hw := make([]float64, 1<<k), make([]float64, 1<<k)
		m.histogram(h, xs, len(xs), len(xs), used, remap)
		for _, x := range xs {
			c := 0
			for j, b := range cut {
				c |= int(x>>b&1) << j
			}
			hw[c]++
		}
		if !slices.Equal(h, hw) {
			t.Fatalf("cut bits %v: the keys' histogram differs from the definition's", cut)
		}
	}
}

// TestChooseCut: each cut bit samplePairs chooses parts as many of the
// sampled pairs still together as any bit could (the greedy rule, counted
// pair by pair), on samples whose bits are correlated as the halves' are
// (a direction of bits nearly complementary between the sides), of every
// size up to the most it takes.
func TestChooseCut(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	for trial := range 30 {
		nbits := 8 + r.IntN(40)
		np, nx := 1+r.IntN(greedySamples), 1+r.IntN(greedySamples)
		pats, items := randomPatterns(r, np, nbits, 0.3), randomPatterns(r, nx, nbits, 0.3)
		// The low half of the bits: items nearly the patterns' complement.
		half := uint64(1)<<(nbits/2) - 1
		for i := range items {
			if i%3 != 0 {
				items[i] = items[i]&^half | ^pats[i%np]&half&^(1<<r.IntN(nbits/2))
			}
		}
		var fp, fx [64]int
		addFrequencies(&fp, pats)
		addFrequencies(&fx, items)
		var s samplePairs
		s.pats, s.items = pats, items
		k := min(nbits, 1+trial%maxCut)
		cut := make([]uint, k)
		used := s.choose(cut, nbits, &fp, &fx)
		alive := make([][]bool, np)
		for i := range alive {
			alive[i] = make([]bool, nx)
			for j := range alive[i] {
				alive[i][j] = true
			}
		}
		parted := func(b uint) (n int) {
			for i, p := range pats {
				for j, x := range items {
					if alive[i][j] && (p&x)>>b&1 != 0 {
						n++
					}
				}
			}
			return n
		}
		var mask uint64
		for step, b := range cut {
			if mask>>b&1 != 0 {
				t.Fatalf("trial %d: bit %d chosen twice", trial, b)
			}
			best := 0
			for c := range uint(nbits) {
				if mask>>c&1 == 0 {
					best = max(best, parted(c))
				}
			}
			if got := parted(b); got != best {
				t.Fatalf("trial %d, step %d: bit %d parts %d pairs, bit of most parts %d", trial, step, b, got, best)
			}
			mask |= 1 << b
			for i, p := range pats {
				for j, x := range items {
					if (p&x)>>b&1 != 0 {
						alive[i][j] = false
					}
				}
			}
		}
		if used != mask {
			t.Fatalf("trial %d: mask %x, cut bits %v", trial, used, cut)
		}
	}
}

// TestKeys: the keys of the sieve, by PEXT where the CPU has it, are the
// bits under the mask packed in order; and a list sorted by them holds
// each element's other bits packed in order, stable within a bucket.
func TestKeys(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	list := make([]uint64, 1000)
	for i := range list {
		list[i] = r.Uint64()
	}
	for range 50 {
		var mask uint64
		k := r.IntN(maxCut) + 1
		for c := k; c > 0; {
			if b := uint64(1) << r.IntN(64); mask&b == 0 {
				mask |= b
				c--
			}
		}
		a, b := make([]uint16, len(list)), make([]uint16, len(list))
		pextKeys(list, mask, a)
		extractKeys(list, mask, b)
		buckets := make([][]uint64, 1<<k)
		for i, v := range list {
			want, j := uint16(0), 0
			rest, jr := uint64(0), 0
			for p := range 64 {
				if mask>>p&1 != 0 {
					want |= uint16(v>>p&1) << j
					j++
				} else {
					rest |= (v >> p & 1) << jr
					jr++
				}
			}
			if a[i] != want || b[i] != want {
				t.Fatalf("mask %#x, %#x: keys %#x and %#x, want %#x", mask, v, a[i], b[i], want)
			}
			buckets[want] = append(buckets[want], rest)
		}
		// The sort, by PEXT where the CPU has it, and in plain Go.
		var sorts [2]sorted
		for i := range sorts {
			var keys []uint16
			saved := hasPEXT
			hasPEXT = hasPEXT && i == 0
			sorts[i].sort(list, mask, k, &keys, make([]uint64, len(list)))
			hasPEXT = saved
			for c := range buckets {
				if got := sorts[i].list[sorts[i].start[c]:sorts[i].start[c+1]]; !slices.Equal(got, buckets[c]) {
					t.Fatalf("mask %#x (sort %d), bucket %d: %x, want %x", mask, i, c, got, buckets[c])
				}
			}
		}
	}
}

// BenchmarkScan scans items against one loaded block of patterns, for the
// widths of the queens' join at n = 18 (34 bits), 24 (46) and 32 (62):
// ns/op is per item, that is per 512 pairs.
func BenchmarkScan(b *testing.B) {
	for _, nbits := range []int{34, 46, 62} {
		for _, width := range []int{Bits, Wide, Wider} {
			for _, plain := range []bool{false, true} {
				if width != Bits && nbits > maxUnrolled && !plain {
					continue // the rolled vector scan takes chunks of 5
				}
				name := fmt.Sprintf("bits=%d/width=%d", nbits, width)
				if plain {
					name += "/plain"
				}
				b.Run(name, func(b *testing.B) {
					r := rand.New(rand.NewPCG(13, 14))
					m := New(nbits)
					m.force = width
					if plain {
						m.Plain()
					}
					m.load(randomPatterns(r, Block, nbits, 0.25), 0)
					items := randomPatterns(r, 4096, nbits, 0.25)
					b.ResetTimer()
					for i := 0; i < b.N; i += len(items) {
						m.scanItems(items[:min(len(items), b.N-i)])
					}
				})
			}
		}
	}
}

// BenchmarkLoad: a block turned on its side and tabulated in chunks of 5
// and of 6 bits (the difference, against BenchmarkScan's time of a chunk,
// sets wideFrom).
func BenchmarkLoad(b *testing.B) {
	for _, nbits := range []int{34, 46} {
		for _, width := range []int{Bits, Wide, Wider} {
			b.Run(fmt.Sprintf("bits=%d/width=%d", nbits, width), func(b *testing.B) {
				m := New(nbits)
				m.force = width
				blk := randomPatterns(rand.New(rand.NewPCG(13, 14)), Block, nbits, 0.25)
				for b.Loop() {
					m.load(blk, 0)
				}
			})
		}
	}
}

// BenchmarkSort: the sieve's sort of a list of 2^21 patterns (the most
// halves a side of a unit holds) by 8, 10 and 12 cut bits, per pattern.
func BenchmarkSort(b *testing.B) {
	list := randomPatterns(rand.New(rand.NewPCG(15, 16)), 1<<21, 46, 0.4)
	for _, k := range []int{8, 10, 12} {
		b.Run(fmt.Sprintf("bits=%d", k), func(b *testing.B) {
			var s sorted
			var keys []uint16
			dst := make([]uint64, len(list))
			mask := (uint64(1)<<k - 1) << k // bits k..2k-1
			for b.Loop() {
				s.sort(list, mask, k, &keys, dst)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(list)), "ns/pattern")
		})
	}
}

// randomPatterns returns k patterns of nbits bits, each bit set with
// probability density.
func randomPatterns(r *rand.Rand, k, nbits int, density float64) []uint64 {
	out := make([]uint64, k)
	for i := range out {
		for b := range nbits {
			if r.Float64() < density {
				out[i] |= 1 << b
			}
		}
	}
	return out
}
