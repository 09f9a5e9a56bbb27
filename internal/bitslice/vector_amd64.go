package bitslice

//go:generate go run gen_scan.go

import "golang.org/x/sys/cpu"

// hasVector says that scanVector runs here: AVX-512 with its population
// count instruction.
var hasVector = cpu.X86.HasAVX512F && cpu.X86.HasAVX512VPOPCNTDQ

// hasUnrolled says that scanAVX512Unrolled runs here: it takes ANDN
// (BMI1) too.
var hasUnrolled = hasVector && cpu.X86.HasBMI1

// scanAVX512 ANDs, for each item, the table rows of its chunks (a 512-bit
// register each) and adds the population counts of the result to sums'
// eight lanes.
//
//go:noescape
func scanAVX512(tab *uint64, chunks int, items []uint64, sums *[8]uint64)

// scanAVX512Unrolled is scanAVX512 for patterns of at most 58 bits in
// chunks of width 5, 6 or 7, its chunks unrolled (scan_unrolled_amd64.s,
// written by gen_scan.go): about 1.7 times as fast at 46 bits in chunks of
// 5, 1.2 times that in chunks of 6 and 1.1 times again in chunks of 7
// (BenchmarkScan), and 0.83-0.87 times that with its rows ANDed two at a
// time by VPTERNLOGQ.
//
//go:noescape
func scanAVX512Unrolled(tab *uint64, chunks, width int, items []uint64, sums *[8]uint64)

func (m *Matcher) scanVector(items []uint64, lanes *[Words]uint64) {
	var sums [8]uint64
	if m.unrolled {
		scanAVX512Unrolled(&m.tab[0], m.chunks, m.width, items, &sums)
	} else {
		scanAVX512(&m.tab[0], m.chunks, items, &sums)
	}
	for w, c := range sums {
		lanes[w] += c
	}
}

// transposeAVX512 is transpose64 on the eight 64×64 matrices of a block at
// once, lane w of a[k] being row k of matrix w (scan_unrolled_amd64.s,
// written by gen_scan.go).
//
//go:noescape
func transposeAVX512(a *[64][Words]uint64)

// andnRowsAVX512 sets row k of dst (Words words) to row k of src AND NOT
// h, for rows >= 1 rows.
//
//go:noescape
func andnRowsAVX512(dst, src *uint64, rows int, h *[Words]uint64)

// hasPEXT says that pextKeys and pextScatter run here (BMI2).
var hasPEXT = cpu.X86.HasBMI2

// pextKeys sets keys[i] to the bits of list[i] under mask, packed
// (len(keys) >= len(list), mask of at most 16 bits).
//
//go:noescape
func pextKeys(list []uint64, mask uint64, keys []uint16)

// pextScatter writes list[i] without its bits under mask (its other bits
// packed by PEXT) to dst[next[keys[i]]], and adds 1 to that next.
//
//go:noescape
func pextScatter(list []uint64, mask uint64, keys []uint16, next []int, dst []uint64)
