package huge

import (
	"context"
	"math/bits"
	"time"

	"github.com/queenslab/nqueens/model"
	"github.com/queenslab/nqueens/native/internal/work"
)

// LocalSearchMaxN is the largest board the local search accepts: columns are
// stored in 32 bits (the largest int on a 32-bit platform).
const LocalSearchMaxN = model.MaxN

// LocalSearchBytesPerQueen bounds the memory the local search needs per
// queen: a 4-byte column and, for each of the 2N-1 diagonals of both
// families, two bits (at least one queen, at least two): 4.5 bytes, rounded
// up for the short lists and maps that grow with the collisions.
const LocalSearchBytesPerQueen = 5

// LocalSearchOptions choose how LocalSearch runs.
type LocalSearchOptions struct {
	// Seed seeds the random generator: the same seed and N give the same
	// solution. 0 means a seed from the clock; the one used is reported in
	// the result.
	Seed uint64
	// Progress, if set, is called with the number of collisions left and
	// the number after the greedy start: after the start and whenever the
	// collisions have halved (a few dozen calls), and at the end.
	Progress func(collisions, initial int64)
	// Swap, if set, is called after every swap that lowers the collisions,
	// with the two rows and the collisions left (for a picture of a small
	// search; it slows a large one).
	Swap func(i, j int, collisions int64)
	// Start, if set, is called after each (re)start with the columns (valid
	// during the call only) and the collisions.
	Start func(columns []uint32, collisions int64)
}

// LocalSearchResult is a solution and how it was found.
type LocalSearchResult struct {
	// Columns gives the 0-based column of the queen in each row.
	Columns []uint32
	// Seed is the seed that was used.
	Seed uint64
	// Restarts counts the random restarts after a stuck climb.
	Restarts int
	// Swaps counts the swaps kept (the ones that lowered the collisions).
	Swaps uint64
	// Placed is the number of queens the last greedy start placed without
	// collision before it gave up and placed the rest at random.
	Placed int
}

// LocalSearch finds one solution of the classic n-queens problem with the
// conflict-minimizing local search of Rok Sosič and Jun Gu ("Efficient local
// search with conflict minimization: a case study of the n-queens problem",
// IEEE Transactions on Knowledge and Data Engineering 6(5), 1994; first in
// SIGART Bulletin 1(3), 1990):
//
//   - the queens are a permutation (one per row and column), so only
//     diagonals can conflict, and collisions counts the queens beyond the
//     first on every diagonal;
//   - a greedy start places row after row a random remaining column that
//     attacks no queen already placed, giving up after 4N tries and placing
//     the rest at random;
//   - the climb takes each queen of the list of attacked queens, swaps it
//     with a random one if that lowers collisions, and rebuilds the list
//     when collisions has halved since it was last built;
//   - after about 32N tries without success it restarts from a new start.
//
// A swap is applied as "remove both queens, put them back swapped" and undone
// if it does not help, so collisions is exact. The arrays are compact (see
// LocalSearchBytesPerQueen) and the large ones are given transparent huge
// pages where the system allows, since time above a million queens is spent
// in cache and TLB misses. The random generator is the 64-bit linear
// congruential one with Knuth's MMIX constants.
//
// N = 2 and 3 return model.ErrNoSolution at once. On cancellation LocalSearch
// returns ctx.Err().
func LocalSearch(ctx context.Context, n int, opt LocalSearchOptions) (*LocalSearchResult, error) {
	if ctx == nil {
		return nil, work.NilContext("LocalSearch")
	}
	if n < 1 {
		return nil, model.Classic(n).Validate()
	}
	if n > LocalSearchMaxN {
		return nil, work.TooLarge("local search", n, LocalSearchMaxN)
	}
	if n == 2 || n == 3 {
		return nil, model.ErrNoSolution
	}
	seed := opt.Seed
	if seed == 0 {
		seed = uint64(time.Now().UnixNano())
		if seed == 0 {
			seed = 1
		}
	}
	b := newLSBoard(n, seed)
	defer b.release()
	res := &LocalSearchResult{Seed: seed}
	for {
		if err := b.initialize(ctx); err != nil {
			return nil, err
		}
		res.Placed = b.placed
		b.progress, b.swapped, b.initial = opt.Progress, opt.Swap, b.collisions
		if opt.Start != nil {
			opt.Start(b.queen, b.collisions)
		}
		if b.progress != nil {
			b.progress(b.collisions, b.initial)
		}
		if b.collisions == 0 {
			break
		}
		ok, err := b.climb(ctx, res)
		if err != nil {
			return nil, err
		}
		if ok {
			break
		}
		res.Restarts++
		if err := ctx.Err(); err != nil {
			return nil, err
		}
	}
	res.Columns = b.queen
	b.queen = nil // handed to the caller: not released
	return res, nil
}

// lsBoard is the state of the local search. A diagonal's queen count is
// kept in two bits, "at least one" (occ) and "at least two" (multi), and
// the count beyond one, for the few diagonals with two or more queens, in
// the map extra: 4.5 bytes per queen in all, and the bitsets that the greedy
// start reads at random are 8 times smaller than byte counters. Family 0 is
// the anti-diagonals (index row+col), family 1 the diagonals (col-row+n-1).
type lsBoard struct {
	n          int
	queen      []uint32 // column of the queen in each row
	occ        [2]bitset
	multi      [2]bitset
	extra      [2]map[int]int64 // count-1 of each diagonal with two or more queens
	attack     []uint32         // rows whose queen was attacked when last listed
	collisions int64
	placed     int
	rng        uint64

	initial  int64
	progress func(collisions, initial int64)
	swapped  func(i, j int, collisions int64)
}

// bitset is a set of small integers, one bit each.
type bitset []uint64

func (b bitset) has(i int) bool { return b[i>>6]&(1<<(uint(i)&63)) != 0 }
func (b bitset) set(i int)      { b[i>>6] |= 1 << (uint(i) & 63) }
func (b bitset) unset(i int)    { b[i>>6] &^= 1 << (uint(i) & 63) }

func newLSBoard(n int, seed uint64) *lsBoard {
	b := &lsBoard{n: n, rng: seed}
	b.queen = hugeSlice[uint32](n)
	words := (2*n - 1 + 63) / 64
	for f := range 2 {
		b.occ[f] = hugeSlice[uint64](words)
		b.multi[f] = hugeSlice[uint64](words)
		b.extra[f] = map[int]int64{}
	}
	return b
}

func (b *lsBoard) release() {
	b.occ, b.multi, b.attack = [2]bitset{}, [2]bitset{}, nil
}

// below returns a random integer in [0, k).
func (b *lsBoard) below(k int) int {
	b.rng = b.rng*6364136223846793005 + 1442695040888963407
	hi, _ := bits.Mul64(b.rng, uint64(k))
	return int(hi)
}

// count returns the number of queens on diagonal d of family f.
func (b *lsBoard) count(f, d int) int64 {
	switch {
	case !b.occ[f].has(d):
		return 0
	case !b.multi[f].has(d):
		return 1
	}
	return 1 + b.extra[f][d]
}

func (b *lsBoard) incr(f, d int) {
	if !b.occ[f].has(d) {
		b.occ[f].set(d)
		return
	}
	b.collisions++
	if !b.multi[f].has(d) {
		b.multi[f].set(d)
	}
	b.extra[f][d]++
}

func (b *lsBoard) decr(f, d int) {
	if !b.multi[f].has(d) {
		b.occ[f].unset(d)
		return
	}
	b.collisions--
	if e := b.extra[f][d] - 1; e > 0 {
		b.extra[f][d] = e
	} else {
		delete(b.extra[f], d)
		b.multi[f].unset(d)
	}
}

func (b *lsBoard) place(row int, col uint32) {
	b.queen[row] = col
	b.incr(0, int(col)+row)
	b.incr(1, int(col)-row+b.n-1)
}

func (b *lsBoard) remove(row int) {
	col := int(b.queen[row])
	b.decr(0, col+row)
	b.decr(1, col-row+b.n-1)
}

func (b *lsBoard) swap(i, j int) {
	ci, cj := b.queen[i], b.queen[j]
	b.remove(i)
	b.remove(j)
	b.place(i, cj)
	b.place(j, ci)
}

// listAttacked rebuilds the list of attacked queens: those on a diagonal
// with two or more queens. Such diagonals are few (the keys of extra), so a
// coarse filter with one bit per 64 diagonals, small enough for the cache,
// lets one sequential pass over the columns find their queens.
func (b *lsBoard) listAttacked() {
	n := b.n
	b.attack = b.attack[:0]
	var coarse [2]bitset
	for f := range 2 {
		coarse[f] = make(bitset, (len(b.multi[f])+63)/64)
		for d := range b.extra[f] {
			coarse[f].set(d >> 6)
		}
	}
	for i, c := range b.queen {
		d0, d1 := int(c)+i, int(c)-i+n-1
		if (coarse[0].has(d0>>6) && b.multi[0].has(d0)) || (coarse[1].has(d1>>6) && b.multi[1].has(d1)) {
			b.attack = append(b.attack, uint32(i))
		}
	}
}

// initialize is the greedy start.
func (b *lsBoard) initialize(ctx context.Context) error {
	n := b.n
	for f := range 2 {
		clear(b.occ[f])
		clear(b.multi[f])
		clear(b.extra[f])
	}
	b.collisions = 0
	q := b.queen
	for i := range q {
		q[i] = uint32(i)
	}
	up, down := b.occ[0], b.occ[1]
	j := 0
	for tries := 4 * n; tries > 0 && j < n; tries-- {
		if tries&(1<<22-1) == 0 && ctx.Err() != nil {
			return ctx.Err()
		}
		m := j + b.below(n-j)
		c := int(q[m])
		if !up.has(c+j) && !down.has(c-j+n-1) {
			q[m], q[j] = q[j], q[m]
			// Both diagonals were empty: no collision.
			up.set(c + j)
			down.set(c - j + n - 1)
			j++
		}
	}
	b.placed = j
	for i := j; i < n; i++ {
		m := i + b.below(n-i)
		q[m], q[i] = q[i], q[m]
		b.place(i, q[i])
	}
	return nil
}

// climb runs the hill climbing from the current start; it reports whether
// it reached a solution (false: stuck, restart).
func (b *lsBoard) climb(ctx context.Context, res *LocalSearchResult) (bool, error) {
	n := b.n
	limit := b.collisions / 2
	b.listAttacked()
	tries := int64(0)
	for tries < 32*int64(n) {
		if err := ctx.Err(); err != nil {
			return false, err
		}
		for k := 0; k < len(b.attack); k++ {
			i := int(b.attack[k])
			j := b.below(n)
			if i == j {
				continue
			}
			before := b.collisions
			b.swap(i, j)
			if b.collisions >= before {
				b.swap(i, j) // no better: undo
				continue
			}
			res.Swaps++
			if b.swapped != nil {
				b.swapped(i, j, b.collisions)
			}
			if b.collisions == 0 {
				if b.progress != nil {
					b.progress(0, b.initial)
				}
				return true, nil
			}
			if b.collisions < limit {
				limit = b.collisions / 2
				b.listAttacked()
				if b.progress != nil {
					b.progress(b.collisions, b.initial)
				}
			}
		}
		tries += int64(len(b.attack))
	}
	return false, nil
}
