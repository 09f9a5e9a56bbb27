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
