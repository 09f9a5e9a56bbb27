package search

import "math/bits"

// u128 is a set of diagonals: bit i is the diagonal of index i (sum: r + c;
// difference: c - r + n-1, or r - c + n-1 in the mirrored set).
type u128 struct{ lo, hi uint64 }

// shr is the low 64 bits of x >> s, 0 <= s < 128.
func shr(x u128, s int) uint64 {
	if s >= 64 {
		return x.hi >> (s - 64)
	}
	return x.lo>>s | x.hi<<(64-s)
}

// shl is x << s as 128 bits, 0 <= s < 64.
func shl(x uint64, s int) u128 {
	return u128{x << s, x >> (64 - s)}
}

func bit128(i int) u128 {
	if i >= 64 {
		return u128{0, 1 << (i - 64)}
	}
	return u128{1 << i, 0}
}

func (x u128) or(y u128) u128     { return u128{x.lo | y.lo, x.hi | y.hi} }
func (x u128) and(y u128) u128    { return u128{x.lo & y.lo, x.hi & y.hi} }
func (x u128) andNot(y u128) u128 { return u128{x.lo &^ y.lo, x.hi &^ y.hi} }
func (x u128) count() int         { return bits.OnesCount64(x.lo) + bits.OnesCount64(x.hi) }
func (x u128) any() bool          { return x.lo|x.hi != 0 }
func (x u128) has(i int) bool {
	if i >= 64 {
		return x.hi>>(i-64)&1 != 0
	}
	return x.lo>>i&1 != 0
}

// lowest is the index of the lowest bit of a non-empty x.
func (x u128) lowest() int {
	if x.lo != 0 {
		return bits.TrailingZeros64(x.lo)
	}
	return 64 + bits.TrailingZeros64(x.hi)
}

// indexPlanes[j] has the bits whose index has bit j set.
var indexPlanes = func() (pl [7]u128) {
	for i := range 128 {
		for j := range 7 {
			if i>>j&1 != 0 {
				pl[j] = pl[j].or(bit128(i))
			}
		}
	}
	return pl
}()

// indexSum is the sum of the indices of the bits of x.
func indexSum(x u128) int {
	s := 0
	for j, pl := range indexPlanes {
		s += x.and(pl).count() << j
	}
	return s
}

// lowSum and highSum are the sums of the indices of the m lowest and the m
// highest bits of x, m <= x.count().
func lowSum(x u128, m int) int {
	s := 0
	for ; m > 0 && x.lo != 0; m-- {
		s += bits.TrailingZeros64(x.lo)
		x.lo &= x.lo - 1
	}
	for ; m > 0; m-- {
		s += 64 + bits.TrailingZeros64(x.hi)
		x.hi &= x.hi - 1
	}
	return s
}

func highSum(x u128, m int) int {
	s := 0
	for ; m > 0 && x.hi != 0; m-- {
		i := 63 - bits.LeadingZeros64(x.hi)
		s += 64 + i
		x.hi &^= 1 << i
	}
	for ; m > 0; m-- {
		i := 63 - bits.LeadingZeros64(x.lo)
		s += i
		x.lo &^= 1 << i
	}
	return s
}

// wide is nd itself: the tasks of the split search are in 128 bits (see
// cpNode64.wide).
func (nd cpNode) wide() cpNode { return nd }
