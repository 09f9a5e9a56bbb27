package search

import "math/bits"

// cp64MaxN is the largest board whose diagonals (2n-1 of each family) fit
// in 64 bits: there CP searches with u64s, about twice as fast.
const cp64MaxN = 32

// u64s is a set of diagonals of a board of up to cp64MaxN queens: bit i is
// the diagonal of index i, as in u128.
type u64s uint64

// shr64 is x >> s, 0 <= s < 64.
func shr64(x u64s, s int) uint64 { return uint64(x) >> s }

// shl64 is x << s: a row's squares (n bits) moved to its diagonals.
func shl64(x uint64, s int) u64s { return u64s(x << s) }

func bit64(i int) u64s { return 1 << i }

func (x u64s) or(y u64s) u64s     { return x | y }
func (x u64s) and(y u64s) u64s    { return x & y }
func (x u64s) andNot(y u64s) u64s { return x &^ y }
func (x u64s) count() int         { return bits.OnesCount64(uint64(x)) }
func (x u64s) any() bool          { return x != 0 }
func (x u64s) has(i int) bool     { return x>>i&1 != 0 }
func (x u64s) lowest() int        { return bits.TrailingZeros64(uint64(x)) }

// indexSum64 is the sum of the indices of the bits of x: each bit j of an
// index counted by the bits whose index has it (constant masks).
func indexSum64(x u64s) int {
	v := uint64(x)
	return bits.OnesCount64(v&0xAAAAAAAAAAAAAAAA) + bits.OnesCount64(v&0xCCCCCCCCCCCCCCCC)<<1 +
		bits.OnesCount64(v&0xF0F0F0F0F0F0F0F0)<<2 + bits.OnesCount64(v&0xFF00FF00FF00FF00)<<3 +
		bits.OnesCount64(v&0xFFFF0000FFFF0000)<<4 + bits.OnesCount64(v&0xFFFFFFFF00000000)<<5
}

// lowSum64 and highSum64 are the sums of the indices of the m lowest and
// the m highest bits of x, m <= x.count().
func lowSum64(x u64s, m int) int {
	s := 0
	for ; m > 0; m-- {
		s += bits.TrailingZeros64(uint64(x))
		x &= x - 1
	}
	return s
}

func highSum64(x u64s, m int) int {
	s := 0
	for ; m > 0; m-- {
		i := 63 - bits.LeadingZeros64(uint64(x))
		s += i
		x &^= 1 << i
	}
	return s
}

// narrow is nd with its diagonals in 64 bits (a board of up to cp64MaxN).
func (nd cpNode) narrow() cpNode64 {
	return cpNode64{rows: nd.rows, cols: nd.cols, sum: u64s(nd.sum.lo), dif: u64s(nd.dif.lo), rdif: u64s(nd.rdif.lo),
		k: nd.k, sumR: nd.sumR, sumC: nd.sumC, place: nd.place, depth: nd.depth}
}

// wide is nd with its diagonals in 128 bits, as the tasks of the split
// search are.
func (nd cpNode64) wide() cpNode {
	return cpNode{rows: nd.rows, cols: nd.cols, sum: u128{lo: uint64(nd.sum)}, dif: u128{lo: uint64(nd.dif)}, rdif: u128{lo: uint64(nd.rdif)},
		k: nd.k, sumR: nd.sumR, sumC: nd.sumC, place: nd.place, depth: nd.depth}
}
