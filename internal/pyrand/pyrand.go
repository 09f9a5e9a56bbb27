// Package pyrand is the random number generator of Python's random module
// (the Mersenne Twister MT19937 of Matsumoto and Nishimura, 1998, seeded
// and drawn from as CPython does), as far as a generator of benchmark
// instances written in Python uses it: seed with a whole number, shuffle a
// list, randrange. The same seed gives the same draws as Python 3, so a
// Go port of such a generator writes the same instances, byte for byte.
package pyrand

// Rand is one generator's state.
type Rand struct {
	mt  [624]uint32
	idx int
}

// New returns the generator of random.seed(seed) for a seed >= 0 (Python's
// seeding of an int: init_by_array with its 32-bit words, least
// significant first; 0 is the one word 0).
func New(seed uint64) *Rand {
	key := []uint32{uint32(seed)}
	if hi := uint32(seed >> 32); hi != 0 {
		key = append(key, hi)
	}
	r := &Rand{}
	r.initByArray(key)
	return r
}

func (r *Rand) initGenrand(s uint32) {
	r.mt[0] = s
	for i := 1; i < 624; i++ {
		r.mt[i] = 1812433253*(r.mt[i-1]^(r.mt[i-1]>>30)) + uint32(i)
	}
	r.idx = 624
}

func (r *Rand) initByArray(key []uint32) {
	r.initGenrand(19650218)
	i, j := 1, 0
	k := max(624, len(key))
	for ; k > 0; k-- {
		r.mt[i] = (r.mt[i] ^ ((r.mt[i-1] ^ (r.mt[i-1] >> 30)) * 1664525)) + key[j] + uint32(j)
		i++
		j++
		if i >= 624 {
			r.mt[0] = r.mt[623]
			i = 1
		}
		if j >= len(key) {
			j = 0
		}
	}
	for k = 623; k > 0; k-- {
		r.mt[i] = (r.mt[i] ^ ((r.mt[i-1] ^ (r.mt[i-1] >> 30)) * 1566083941)) - uint32(i)
		i++
		if i >= 624 {
			r.mt[0] = r.mt[623]
			i = 1
		}
	}
	r.mt[0] = 0x80000000
}

// Uint32 is genrand_uint32: the next 32 bits.
func (r *Rand) Uint32() uint32 {
	const upper, lower = 0x80000000, 0x7fffffff
	if r.idx >= 624 {
		for k := 0; k < 624; k++ {
			y := r.mt[k]&upper | r.mt[(k+1)%624]&lower
			v := r.mt[(k+397)%624] ^ (y >> 1)
			if y&1 != 0 {
				v ^= 0x9908b0df
			}
			r.mt[k] = v
		}
		r.idx = 0
	}
	y := r.mt[r.idx]
	r.idx++
	y ^= y >> 11
	y ^= (y << 7) & 0x9d2c5680
	y ^= (y << 15) & 0xefc60000
	y ^= y >> 18
	return y
}

// getrandbits is Python's getrandbits(k) for 1 <= k <= 32.
func (r *Rand) getrandbits(k int) uint32 { return r.Uint32() >> (32 - k) }

// Below is Python's _randbelow(n) for 1 <= n < 2^32: k = n.bit_length()
// bits drawn until the number is below n.
func (r *Rand) Below(n int) int {
	k := 0
	for v := n; v > 0; v >>= 1 {
		k++
	}
	for {
		if v := int(r.getrandbits(k)); v < n {
			return v
		}
	}
}

// Shuffle is Python's random.shuffle: for i from len-1 down to 1, swap i
// with _randbelow(i+1).
func (r *Rand) Shuffle(n int, swap func(i, j int)) {
	for i := n - 1; i > 0; i-- {
		swap(i, r.Below(i+1))
	}
}

// Range is Python's randrange(start, stop, step) for step > 0 and stop >
// start: start + step*_randbelow(ceil((stop-start)/step)).
func (r *Rand) Range(start, stop, step int) int {
	return start + step*r.Below((stop-start+step-1)/step)
}
