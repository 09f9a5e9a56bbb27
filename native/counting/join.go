package counting

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"sync/atomic"

	"github.com/queenslab/nqueens/model"
	"github.com/queenslab/nqueens/native/internal/work"
)

// Counting by joining quarter boards (meet in the middle).
//
// Cut the n×n board into four quarters of h×h squares, h = ⌊n/2⌋; for odd
// n the middle row and the middle column stay outside them. Write g = n-h
// for the first row (column) of the south (east) quarters. Every queen
// outside the middle row and column lies in one quarter, and a solution is
// four partial placements, one a quarter, that fit: the rows of a half are
// shared by its two quarters, the columns of a half by its north and south
// quarters, and no two queens share a diagonal.
//
// Rows and halves. Let E be the set of rows whose queen stands in the east
// half (columns g..n-1). The east half of a solution is then a placement
// of |E| queens on the rows E and every east column, its west half one on
// the other rows and every west column. Conversely an east half on rows E
// and a west half on the other rows make a solution exactly when no
// diagonal holds a queen of each: rows and columns cannot clash between
// the halves. So
//
//	Q(n) = Σ_E #{(a, b) : a an east half on E, b a west half off E, a ⟂ b},
//
// a ⟂ b meaning that a and b take disjoint diagonals. An east queen (r, c)
// takes the diagonals r+c >= g and r-c+n-1 <= 2n-2-g, a west queen r+c <=
// n+h-2 and r-c+n-1 >= g: only the L = 2n-1-2g diagonals of each
// direction numbered g..2n-2-g can hold both, and each half is kept as
// those 2L bits alone (pattern).
//
// Each half is in turn the join of its north and south quarters: for the
// east half, a placement of the north-east quarter on the rows E∩north and
// some columns C, and one of the south-east quarter on the rows E∩south and
// the other east columns, whose diagonals are disjoint. The placements of
// one h×h square (every set of rows, queens on distinct columns and
// diagonals) are listed once (quarters), indexed by rows and columns, and
// read as any of the four quarters through the board's symmetries: a
// quarter's local square (u, v) is row u of its half (counted from the top)
// and column v counted from the middle outwards, so that its two local
// diagonals u+v and u-v+h-1 become global ones by a shift (see halves).
//
// The last step, counting the disjoint pairs of two lists of 2L-bit
// patterns, is where the time goes (Σ_E |A_E|·|B_E| pairs, about a
// thousand per solution). It runs bit-sliced (package internal/bitslice):
// 512 patterns of one list are turned on their side, so that for each
// diagonal one word says which of 64 patterns leave it free, and a
// pattern of the other list tests 512 pairs with an AND per 5 diagonals
// and 8 population counts.
//
// Symmetry. Flipping the board upside down (row r to n-1-r) maps the
// solutions with east rows E one to one onto those with east rows rev(E),
// and flipping it left to right onto those with east rows ~E (the other
// rows). So the count of E is the count of every set in its orbit under
// the flips, and only the orbit's least member need be joined, weighted
// by the orbit's size.
//
// For even n the two long diagonals give another factor of two. Write x
// (y) for a queen on the diagonal r = c in the north-west (south-east)
// quarter, and z (w) for one on r+c = n-1 in the north-east (south-west)
// quarter; a solution has at most one queen on each diagonal. Reflecting
// the board in r = c fixes x and y and swaps z and w; reflecting it in
// r+c = n-1 fixes z and w and swaps x and y; both map solutions one to one
// onto solutions. So the solutions with y (z) are as many as those with x
// (w) and the rest alike, and
//
//	Q(n) = Σ over the solutions with neither y nor z of (1+x)(1+w):
//
// only east halves without a long-diagonal queen are joined, and each west
// half weighs 1, 2 or 4 by its long-diagonal queens. The upside-down flip
// maps (x, y, z, w) to (w, z, y, x), which keeps both the condition and the
// weight, so the count of E is still that of rev(E): the units are the
// least sets of the orbits {E, rev(E)}, weighted by the orbit's size. The
// left-right flip maps x to z and does not keep them; but the solutions
// with no long-diagonal queen at all (weight 1) are kept by every
// symmetry, and for them the orbit {~E, rev(~E)} counts as much as {E,
// rev(E)}: the lesser of the two orbits counts them twice (JoinUnit.Plain
// = 2), the other not at all (Plain = 0), an orbit that is its own image
// once. The east halves are half as many, the west halves of weight 1
// needed on half the units.
//
// For odd n the middle row and column hold one queen each (one queen, if
// it stands at the centre): the pair (c0, r0) of the middle row's column
// and the middle column's row. Every symmetry of the square maps the
// middle row and column onto themselves, so it maps the solutions with
// pair (c0, r0) one to one onto those with the image pair; only the least
// pair of each orbit is counted, weighted by its orbit's size (8, or 4 for
// a pair on a long diagonal of the square). The centre queen is fixed by
// every symmetry, and there the two flips act on E as above (a queen at
// the centre leaves no other on a long diagonal).
//
// The join gives Q(n) only: an essentially distinct count needs each
// solution's own symmetries, which the join never sees whole.

// JoinMinN is the smallest board the join counts by quarters; smaller ones
// are counted whole.
const JoinMinN = 4

// JoinMaxN is the largest board the join accepts: the two halves' common
// diagonals, 2(n-2) or 2(n-1) bits, fit a 64-bit word up to there. What
// fits in memory is less (JoinMemory).
const JoinMaxN = 32

// JoinOptions choose how JoinCount runs.
type JoinOptions struct {
	// Jobs is the number of goroutines; 0 means runtime.NumCPU().
	Jobs int
	// Take, if set, restricts the count to the units for which it returns
	// true; it is called once per unit of JoinUnits(n), in order, from one
	// goroutine.
	Take func(index int) bool
	// Progress, if set, is called after each finished unit with the
	// number of units done and the number taken; calls are serialised.
	// Taken, if above 0, is that number.
	Progress func(done, total int)
	Taken    int
	// OnUnit, if set, is called after each finished unit with its index
	// and what it adds to the count (its weight included); calls are
	// serialised.
	OnUnit func(index int, r JoinUnitResult)
}

// JoinUnitResult is what one unit of the join adds: solutions, its
// weight included, and the pairs of halves tested.
type JoinUnitResult struct {
	All, Pairs uint64
}

// JoinResult is the outcome of JoinCount.
type JoinResult struct {
	// All is the number of solutions counted, Q(n) for a whole run.
	All uint64
	// Pairs is the number of pairs of halves tested.
	Pairs uint64
	// Units and UnitsDone are the units taken and finished; Jobs the
	// goroutines that ran.
	Units, UnitsDone, Jobs int
	// MaxHalves is the longest list of halves of one unit.
	MaxHalves int
}

// JoinCountProblem counts the solutions of p by the join: the classic
// problem as JoinCount does, a variant (pre-placed queens, blocked
// squares, excluded diagonals, a subset of rows and columns) with each
// quarter's placements on its open squares only and no symmetry (every
// set of east rows joined, every pair of fitting halves one solution:
// the variant's board has no symmetry to rely on). opt.Take is for the
// classic problem's units only.
func JoinCountProblem(ctx context.Context, p model.Problem, opt JoinOptions) (JoinResult, error) {
	if ctx == nil {
		return JoinResult{}, work.NilContext("JoinCountProblem")
	}
	if err := p.Validate(); err != nil {
		return JoinResult{}, err
	}
	if p.IsClassic() {
		return JoinCount(ctx, p.N, opt)
	}
	n := p.N
	if n > JoinMaxN {
		return JoinResult{}, work.TooLarge("the join of quarter boards", n, JoinMaxN)
	}
	if opt.Take != nil {
		return JoinResult{}, errors.New("native: the join's work units are listed for the classic problem only")
	}
	if n < JoinMinN {
		all, _, err := smallCount(ctx, p, nil)
		res := JoinResult{All: all, Units: 1, Jobs: 1}
		if err == nil {
			res.UnitsDone = 1
		}
		return res, err
	}
	open, rows, cols, none := joinVariant(p)
	if none {
		return JoinResult{Jobs: 1}, nil
	}
	return runJoin(ctx, n, newVariantTables(n, open, rows, cols), variantUnits(n, open, rows, cols), opt)
}

// JoinCount counts the solutions of the classic n-queens problem by
// joining quarter boards into halves and counting the pairs of halves
// that fit (see the comment at the top of join.go for why the count is
// exact): a second counting algorithm, independent of every backtracking
// search here. Kluev's N-Queens-Count-Sol (2022) counts the same way.
//
// The units (JoinUnits(n)) run on opt.Jobs goroutines. On cancellation
// JoinCount returns the counts of the finished units with ctx.Err().
func JoinCount(ctx context.Context, n int, opt JoinOptions) (JoinResult, error) {
	if ctx == nil {
		return JoinResult{}, work.NilContext("JoinCount")
	}
	if n < 1 {
		return JoinResult{}, model.Classic(n).Validate()
	}
	if n > JoinMaxN {
		return JoinResult{}, work.TooLarge("the join of quarter boards", n, JoinMaxN)
	}
	if n < JoinMinN {
		if opt.Take != nil {
			return JoinResult{}, fmt.Errorf("native: n = %d is counted whole; work units start at n = %d", n, JoinMinN)
		}
		all, _, err := smallCount(ctx, model.Classic(n), nil)
		res := JoinResult{All: all, Units: 1, Jobs: 1}
		if err == nil {
			res.UnitsDone = 1
		}
		return res, err
	}
	return runJoin(ctx, n, newJoinTables(n), JoinUnits(n), opt)
}

// runJoin runs the units of list on tables.
func runJoin(ctx context.Context, n int, tables *joinTables, list iter.Seq2[int, JoinUnit], opt JoinOptions) (JoinResult, error) {
	jobs := work.Jobs(opt.Jobs)
	total := opt.Taken
	if opt.Progress != nil && total <= 0 {
		for i := range list {
			if opt.Take == nil || opt.Take(i) {
				total++
			}
		}
	}
	res := JoinResult{Jobs: jobs}
	type unitDone struct {
		r      JoinUnitResult
		halves int
	}
	// The units of odd n come pair of middle queens by pair, each pair a
	// batch (see crossCache).
	var byPair func(JoinUnit) int
	if n%2 == 1 && jobs > 1 && !tables.perUnit {
		byPair = func(u JoinUnit) int { return u.Col0*(n+1) + u.Row0 }
	}
	taken, stopped, err := work.RunUnits(ctx, work.Units[JoinUnit, unitDone]{
		Jobs:  jobs,
		List:  list,
		Take:  opt.Take,
		Group: byPair,
		NewWorker: func(*atomic.Bool) func(JoinUnit) (unitDone, bool) {
			j := newJoiner(n, tables)
			return func(u JoinUnit) (unitDone, bool) {
				c, pairs := j.run(u)
				return unitDone{JoinUnitResult{All: c * u.Weight, Pairs: pairs}, j.seen}, true
			}
		},
		Done: func(i int, d unitDone) {
			r := d.r
			res.MaxHalves = max(res.MaxHalves, d.halves)
			res.UnitsDone++
			res.All += r.All
			res.Pairs += r.Pairs
			if opt.OnUnit != nil {
				opt.OnUnit(i, r)
			}
			if opt.Progress != nil {
				opt.Progress(res.UnitsDone, total)
			}
		}})
	res.Units = taken
	res.Jobs = max(1, min(jobs, MaxJobs, res.Units))
	if err != nil {
		return res, err
	}
	if res.UnitsDone < res.Units || stopped {
		if err := ctx.Err(); err != nil {
			return res, err
		}
	}
	return res, nil
}
