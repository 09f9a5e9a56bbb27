//go:build !amd64

package counting

const hasFitVector = false

func appendFitAVX512(dst, b1, b2, p *uint64, n int, a1, a2, pa uint64) int {
	panic("counting: no AVX-512")
}

func innerSetAVX512(i1, i2 *uint32, n int, b1, b2, p *uint64, sh, gs, mask, s1, s2 uint64) {
	panic("counting: no AVX-512")
}
