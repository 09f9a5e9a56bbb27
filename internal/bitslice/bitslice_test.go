package bitslice

import (
	"math/rand/v2"
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

// TestCountDisjoint holds both scans to the count of every pair, on lists
// of every size class (brute force, one partial block, several blocks) and
// densities, for every width of pattern.
func TestCountDisjoint(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, nbits := range []int{1, 5, 7, 34, 40, 62, 64} {
		for _, size := range [][2]int{{10, 10}, {63, 100}, {64, 16}, {100, 15}, {200, 300}, {512, 50}, {1300, 700}, {5000, 3000}, {70000, 200}} {
			for _, density := range []float64{0.05, 0.2, 0.45} {
				gen := func(k int) []uint64 {
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
				pats, items := gen(size[0]), gen(size[1])
				var want uint64
				for _, p := range pats {
					for _, x := range items {
						if p&x == 0 {
							want++
						}
					}
				}
				m := New(nbits)
				if got := m.CountDisjoint(pats, items); got != want {
					t.Errorf("nbits %d, %v, density %v: %d pairs, want %d", nbits, size, density, got, want)
				}
				m.Plain()
				if got := m.CountDisjoint(pats, items); got != want {
					t.Errorf("plain: nbits %d, %v, density %v: %d pairs, want %d", nbits, size, density, got, want)
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
	gen := func(k, nbits int, density float64) []uint64 {
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
	for _, nbits := range []int{3, 10, 38} {
		pats, items := gen(3000, nbits, 0.3), gen(2000, nbits, 0.4)
		var want uint64
		for _, p := range pats {
			for _, x := range items {
				if p&x == 0 {
					want++
				}
			}
		}
		for cuts := 1; cuts <= 8; cuts++ {
			m := New(nbits)
			m.cuts = cuts
			if got := m.CountDisjoint(pats, items); got != want {
				t.Errorf("nbits %d, %d cut bits: %d pairs, want %d", nbits, cuts, got, want)
			}
		}
	}
}
