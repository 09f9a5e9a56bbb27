package counting

import "golang.org/x/sys/cpu"

// hasFitVector says that appendFitAVX512 runs here (AVX-512 F).
var hasFitVector = cpu.X86.HasAVX512F

// appendFitAVX512 writes, for each y < n where a1&b1[y] | a2&b2[y] is 0,
// pa|p[y] to dst's next place, and returns how many it wrote (join_amd64.s).
// dst must have room for 7 words past the last candidate.
//
//go:noescape
func appendFitAVX512(dst, b1, b2, p *uint64, n int, a1, a2, pa uint64) int

// innerSetAVX512 is innerQuarters.set for the first n of its placements,
// n a multiple of 8 (join_amd64.s): b1, b2 the diagonals shifted by sh, p
// the share (b1&mask)<<s1 | (b2>>gs&mask)<<s2.
//
//go:noescape
func innerSetAVX512(i1, i2 *uint32, n int, b1, b2, p *uint64, sh, gs, mask, s1, s2 uint64)
