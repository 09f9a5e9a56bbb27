//go:build !amd64

package counting

const hasFitVector = false

func appendFitAVX512(dst, b1, b2, p *uint64, n int, a1, a2, pa uint64) int {
	panic("counting: no AVX-512")
}
