//go:build !amd64

package bitslice

const hasVector, hasUnrolled = false, false

func (m *Matcher) scanVector(items []uint64, lanes *[Words]uint64) { m.scan(items, lanes) }

var hasPEXT = false

func pextKeys(list []uint64, mask uint64, keys []uint16) { extractKeys(list, mask, keys) }

func pextScatter(list []uint64, mask uint64, keys []uint16, next []int, dst []uint64) {
	scatterRest(list, mask, keys, next, dst)
}

func transposeAVX512(a *[64][Words]uint64)                        { panic("bitslice: no AVX-512") }
func andnRowsAVX512(dst, src *uint64, rows int, h *[Words]uint64) { panic("bitslice: no AVX-512") }
