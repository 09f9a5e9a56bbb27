package counting

import (
	"sync"
	"sync/atomic"
)

// joinTables are the quarters' placements that every goroutine reads,
// and the lines that take a queen.
//
// For the classic problem one list of placements serves as every quarter
// (q, and roles all q), and for even n the north-east (south-east)
// quarters without a queen on the long diagonal r+c = n-1 (r = c) are kept
// apart: the only ones an east half is made of (see run).
//
// For a variant (direct) each quarter has its own list, of the placements
// on its open squares (roles: north-east, south-east, north-west,
// south-west), and no symmetry is used: every unit weighs 1 and every
// pair of halves counts once.
//
// With perUnit there are no tables: each goroutine builds the lists of
// each unit (joiner.list), leaving out the squares blocked[role] (bit v of
// blocked[role][u] for local square (u, v); nil: none) of each quarter:
// the long diagonals of even n's east quarters, or a variant's closed
// squares.
type joinTables struct {
	crosses    crossCache
	roles      [4]*quarters
	nePl, sePl *quarters
	direct     bool
	perUnit    bool
	blocked    [4][]uint32
	// rows and cols are the rows and columns that take a queen (bit r),
	// the middle ones of odd n included.
	rows, cols uint64
}

func newJoinTables(n int) *joinTables {
	return newJoinTablesMode(n, n >= JoinPerUnitFrom)
}

// newJoinTablesMode makes the classic problem's tables, or with perUnit
// what the lists built per unit leave out.
func newJoinTablesMode(n int, perUnit bool) *joinTables {
	h := n / 2
	if perUnit {
		t := &joinTables{perUnit: true, rows: uint64(1)<<n - 1, cols: uint64(1)<<n - 1}
		if n%2 == 0 && h > 0 {
			// The north-east quarter's long anti-diagonal is local u+v =
			// h-1, the south-east quarter's long diagonal u = v (as in
			// the filtered tables below).
			t.blocked[0], t.blocked[1] = make([]uint32, h), make([]uint32, h)
			for u := range h {
				t.blocked[0][u] = 1 << (h - 1 - u)
				t.blocked[1][u] = 1 << u
			}
		}
		return t
	}
	q := newQuarters(h, nil)
	t := &joinTables{roles: [4]*quarters{q, q, q, q}, rows: uint64(1)<<n - 1, cols: uint64(1)<<n - 1}
	if n%2 == 0 && h > 0 {
		// The long anti-diagonal is local u+v = h-1 in the north-east
		// quarter (global r+c = u+v+g), the long diagonal local
		// u-v+h-1 = h-1 in the south-east one (global r-c+n-1 =
		// u-v+h-1+g).
		t.nePl, t.sePl = new(quarters), new(quarters)
		t.nePl.filter(q, 1<<(h-1), 0)
		t.sePl.filter(q, 0, 1<<(h-1))
	}
	return t
}

// crossCopies are the four quarters filtered for one pair of middle
// queens (key: their column and row), shared by the goroutines whose
// units place that pair; next hands out the quarters still to filter,
// and built is done when all four are.
type crossCopies struct {
	key   [2]int
	roles [4]quarters
	next  atomic.Int32
	built sync.WaitGroup
	refs  int // goroutines using it (under crossCache.mu)
}

// crossCache holds the filtered copies that goroutines use now. A
// goroutine takes all the units of one pair of middle queens as one batch
// (runUnits' groups), so it filters the pair's four quarters alone and
// reads only what it filtered (sharing the copies between cores, each
// filtering some and reading the others', cost a tenth more processor
// time at n = 17). Only at the list's end, when a goroutine helps another
// with its pair, do two share a pair's copies: the helper finds them
// built, or filters what is left of them. A copy no goroutine uses any
// more is kept for its storage.
type crossCache struct {
	mu   sync.Mutex
	live map[[2]int]*crossCopies
	free []*crossCopies
}

// acquire returns the copies of pair key, filtering what is left of them
// (from quarters q by the diagonals f) and waiting for what another
// goroutine filters.
func (cc *crossCache) acquire(key [2]int, q [4]*quarters, f [4][2]uint32) *crossCopies {
	cc.mu.Lock()
	c := cc.live[key]
	if c == nil {
		if k := len(cc.free); k > 0 {
			c, cc.free = cc.free[k-1], cc.free[:k-1]
		} else {
			c = new(crossCopies)
		}
		c.key = key
		c.next.Store(0)
		c.built.Add(4)
		if cc.live == nil {
			cc.live = map[[2]int]*crossCopies{}
		}
		cc.live[key] = c
	}
	c.refs++
	cc.mu.Unlock()
	for {
		i := c.next.Add(1) - 1
		if i >= 4 {
			break
		}
		func() {
			defer c.built.Done() // a panic here must not hold the others
			c.roles[i].filter(q[i], f[i][0], f[i][1])
		}()
	}
	c.built.Wait()
	return c
}

// release says that a goroutine no longer uses c (nil: none yet).
func (cc *crossCache) release(c *crossCopies) {
	if c == nil {
		return
	}
	cc.mu.Lock()
	defer cc.mu.Unlock()
	if c.refs--; c.refs == 0 {
		delete(cc.live, c.key)
		cc.free = append(cc.free, c)
	}
}

// newVariantTables lists each quarter's placements on the open squares of
// a variant, given as open[r] (bit c: a queen may stand on (r, c)) and
// the lines that take a queen.
func newVariantTables(n int, open []uint64, rows, cols uint64) *joinTables {
	return newVariantTablesMode(n, open, rows, cols, n >= JoinPerUnitFrom)
}

// newVariantTablesMode makes a variant's tables, or with perUnit the
// closed squares of each quarter, for the lists built per unit.
func newVariantTablesMode(n int, open []uint64, rows, cols uint64, perUnit bool) *joinTables {
	h := n / 2
	t := &joinTables{direct: true, perUnit: perUnit, rows: rows, cols: cols}
	for role := range t.roles {
		local := make([]uint32, h)
		for u := range h {
			for v := range h {
				if r, c := quarterSquare(n, role, u, v); open[r]>>c&1 != 0 {
					local[u] |= 1 << v
				}
			}
		}
		if perUnit {
			for u := range local {
				local[u] = ^local[u] & (uint32(1)<<h - 1)
			}
			t.blocked[role] = local
			continue
		}
		t.roles[role] = newQuarters(h, local)
	}
	return t
}
