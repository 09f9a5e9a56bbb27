package counting

import (
	"context"
	"sync"
	"sync/atomic"

	"github.com/queenslab/nqueens/model"
	"github.com/queenslab/nqueens/native/internal/work"
)

// BitmaskMaxN is the largest board the bitmask counter accepts: one bit per
// column in a uint64, with room for the diagonal shifts.
const BitmaskMaxN = 32

// smallN is the largest n counted by plain enumeration and canonical forms
// instead of the symmetry-pruned search, whose bounds need a larger board.
const smallN = 5

// BitmaskOptions choose how Bitmask runs.
type BitmaskOptions struct {
	// Jobs is the number of goroutines; 0 means runtime.NumCPU().
	Jobs int
	// Depth is the row at which the search is cut into work units (queens
	// pre-placed in the rows above it); 0 chooses one by n.
	Depth int
	// Progress, if set, is called after each finished work unit with the
	// number of units done and their total. Calls are serialised.
	Progress func(done, total int)
}

// SymmetryCount is the outcome of the two counters that use the 8
// symmetries of the square, Bitmask and ConstellationCount: the total and
// the essentially distinct count of one run.
type SymmetryCount struct {
	// All is the number of solutions, Q(n); Distinct the number of
	// essentially distinct ones (classes under the 8 symmetries).
	All, Distinct uint64
	// ByOrbit counts the distinct solutions by the size of their orbit:
	// ByOrbit[0] orbit 2 (symmetric under a quarter turn), [1] orbit 4
	// (under a half turn only), [2] orbit 8 (no symmetry). n = 1 is the one
	// orbit of size 1 and appears in none of them.
	ByOrbit [3]uint64
	// Nodes is the number of search-tree nodes visited.
	Nodes uint64
	// Units and UnitsDone are the number of work units and how many finished.
	Units, UnitsDone int
	// Jobs is the number of goroutines that ran: BitmaskOptions.Jobs, at
	// most one a unit.
	Jobs int
}

// Bitmask counts the solutions of the classic n-queens problem with bitmasks,
// visiting one representative of each class of solutions under the eight
// symmetries of the square and weighting it by the size of its orbit (2, 4
// or 8); it returns Q(n) and the number of essentially distinct solutions in
// one run.
//
// The search is the one published by Kenji Takayama ("Takaken", 2002) on top
// of the bitmask backtracking of Jeff Somers: a solution with a queen in a
// corner is counted in the branch where the queen of row 0 is in column 0
// (its orbit always has size 8); any other solution is reached only with the
// queen nearest to an edge in row 0, and bounds on the other three edges
// prune every branch that cannot be the smallest of its class. At the leaves
// the quarter and half turns decide the orbit size. Two look-ahead tests
// (ours) cut branches before the rows where those bounds apply: the last
// row must keep a square within its bounds that no queen attacks, and in
// the inside branch each edge column not yet taken must keep a row within
// its bounds where no queen attacks it. At n = 16 the search visits 195 M
// nodes with them, 244 M without.
//
// The search is cut into work units at row opt.Depth and run on opt.Jobs
// goroutines; the total is independent of both. On cancellation Bitmask
// returns the counts of the finished units with ctx.Err().
func Bitmask(ctx context.Context, n int, opt BitmaskOptions) (SymmetryCount, error) {
	if ctx == nil {
		return SymmetryCount{}, work.NilContext("Bitmask")
	}
	if n < 1 {
		return SymmetryCount{}, model.Classic(n).Validate()
	}
	if n > BitmaskMaxN {
		return SymmetryCount{}, work.TooLarge("bitmask counting", n, BitmaskMaxN)
	}
	if n <= smallN {
		return countSmall(ctx, n)
	}
	units, genNodes := workUnits(n, opt.Depth)
	results := make([]UnitResult, len(units))
	finished := make([]bool, len(units))
	var stop atomic.Bool
	var mu sync.Mutex
	done := 0
	defer work.StopWhenDone(ctx, &stop)()
	jobs, err := work.Each(work.Jobs(opt.Jobs), len(units), &stop, func() *symSearch { return new(symSearch) },
		func(s *symSearch, i int) bool {
			r, ok := s.runUnit(n, units[i], &stop)
			if !ok {
				return false
			}
			mu.Lock()
			defer mu.Unlock()
			results[i], finished[i] = r, true
			done++
			if opt.Progress != nil {
				opt.Progress(done, len(units))
			}
			return true
		}, nil)

	res := SymmetryCount{Units: len(units), Nodes: genNodes, Jobs: jobs}
	for i, r := range results {
		if !finished[i] {
			continue
		}
		res.UnitsDone++
		res.Nodes += r.Nodes
		for k := range res.ByOrbit {
			res.ByOrbit[k] += r.ByOrbit[k]
		}
	}
	res.Distinct = res.ByOrbit[0] + res.ByOrbit[1] + res.ByOrbit[2]
	res.All = 2*res.ByOrbit[0] + 4*res.ByOrbit[1] + 8*res.ByOrbit[2]
	if err != nil {
		return res, err
	}
	if res.UnitsDone < res.Units {
		if err := ctx.Err(); err != nil {
			return res, err
		}
	}
	return res, nil
}

// countSmall counts boards too small for the pruned search by enumerating
// every solution and grouping them by canonical form.
func countSmall(ctx context.Context, n int) (SymmetryCount, error) {
	res := SymmetryCount{Units: 1}
	var classes model.Classes
	all, nodes, err := smallCount(ctx, model.Classic(n), func(q model.Placement) error {
		_, err := classes.Add(q)
		return err
	})
	res.Nodes = nodes
	res.All = all
	res.ByOrbit = classes.ByOrbit()
	res.Distinct = uint64(classes.Len())
	if err == nil {
		res.UnitsDone = 1
	}
	return res, err
}

// Unit kinds: the branch of the search a work unit belongs to.
const (
	unitCorner = iota // queen of row 0 in column 0
	unitInside        // queen of row 0 elsewhere, nearest the edge
)

// workUnit is one independent part of the count: the queens of the first
// rows, placed as the search would place them, and the branch's bounds.
type workUnit struct {
	Kind   int
	Bound1 int      // the bound of the branch: row-1 column (corner) or row-0 column (inside)
	Rows   []uint64 // the queen of each placed row, as a one-bit mask
	Left   uint64   // diagonals attacked in the next row, going left
	Down   uint64   // columns taken
	Right  uint64   // diagonals attacked in the next row, going right
}

// UnitResult is what one work unit (of Bitmask or of ConstellationCount)
// contributes: essentially distinct solutions by orbit size (as in
// SymmetryCount.ByOrbit) and search-tree nodes.
type UnitResult struct {
	ByOrbit [3]uint64
	Nodes   uint64
}

// DefaultDepth is the row at which Bitmask cuts the search when
// BitmaskOptions.Depth is 0.
func DefaultDepth(n int) int {
	switch {
	case n < 10:
		return 2
	case n < 16:
		return 3
	}
	return 4
}

// workUnits lists the work units of the count for n (smallN < n <=
// BitmaskMaxN) cut at row depth (0: DefaultDepth). Units whose branch ends
// before that row are cut where it ends. Their results add up to the count.
// Only states the search would enter are units: none is a dead end or cut
// by the look-ahead tests.
//
// It also returns the number of search-tree nodes above the units.
func workUnits(n, depth int) ([]workUnit, uint64) {
	if depth <= 0 {
		depth = DefaultDepth(n)
	}
	depth = max(2, min(depth, n-2))
	var s symSearch
	var units []workUnit
	s.emit = func(y int, left, down, right uint64) {
		units = append(units, workUnit{
			Kind: s.kind, Bound1: s.bound1, Rows: append([]uint64(nil), s.board[:y]...),
			Left: left, Down: down, Right: right,
		})
	}
	s.split = depth
	s.setup(n)
	for b := 2; b < n-1; b++ {
		s.setBranch(unitCorner, b)
		bit := uint64(1) << b
		s.board[0], s.board[1] = 1, bit
		s.search(2, (2|bit)<<1, 1|bit, bit>>1)
	}
	for b := 1; b < n-1-b; b++ {
		s.setBranch(unitInside, b)
		bit := uint64(1) << b
		s.board[0] = bit
		s.search(1, bit<<1, bit, bit>>1)
	}
	return units, s.nodes
}

// symSearch is the state of one goroutine's search.
type symSearch struct {
	n, last        int
	mask, topbit   uint64
	kind           int
	bound1, bound2 int    // bound2 is -1 in the corner branch
	excl           uint64 // columns kept empty above row bound1
	lastmask       uint64 // squares of the last row kept empty
	endbit         uint64
	board          [BitmaskMaxN]uint64

	// Per row r of the branch (see setBranch and free): the squares the
	// bounds allow; the rows where the edge columns 0 and n-1 may still
	// take their queen, seen from row r (bit k: row r+k, along the
	// diagonals that reach that edge).
	allow        [BitmaskMaxN + 1]uint64
	edge0, edgeN [BitmaskMaxN + 1]uint64
	lastok       uint64 // the squares of the last row the bounds allow

	byOrbit [3]uint64
	nodes   uint64

	// split >= 0: emit the state at that row instead of searching on.
	split int
	emit  func(y int, left, down, right uint64)
	// stop is polled at each step down into row pollRow; when set the
	// search unwinds.
	stop    *atomic.Bool
	pollRow int
}

type stopSearch struct{}

func (s *symSearch) setup(n int) {
	s.n, s.last = n, n-1
	s.mask = 1<<n - 1
	s.topbit = 1 << (n - 1)
	// A row a few rows above the last is entered often enough to notice a
	// stop within milliseconds, and rarely enough to cost nothing.
	s.pollRow = max(0, s.last-8)
}

// setBranch sets the bounds of the branch (see search) and the tables free
// reads them from.
func (s *symSearch) setBranch(kind, b int) {
	s.kind, s.bound1 = kind, b
	if kind == unitInside {
		s.bound2 = s.n - 1 - b
		s.excl = s.topbit | 1
		s.lastmask = s.excl
		for range b - 1 {
			s.lastmask |= s.lastmask>>1 | s.lastmask<<1
		}
		s.endbit = s.topbit >> b
	} else {
		s.bound2, s.excl, s.lastmask, s.endbit = -1, 2, 0, 0
	}
	s.lastok = s.mask &^ s.lastmask
	for r := range s.allow {
		s.allow[r] = ^uint64(0)
		if r < s.bound1 {
			s.allow[r] = ^s.excl
		}
		// Rows up to bound2 only (none in the corner branch).
		var e0, eN uint64
		for k := max(0, s.bound1-r); r+k <= s.bound2; k++ {
			e0 |= 1 << k
			eN |= s.topbit >> k
		}
		s.edge0[r], s.edgeN[r] = e0, eN
	}
}

// runUnit searches one work unit; ok is false if it was stopped.
func (s *symSearch) runUnit(n int, u workUnit, stop *atomic.Bool) (r UnitResult, ok bool) {
	s.setup(n)
	s.split = -1
	s.stop = stop
	s.byOrbit = [3]uint64{}
	s.nodes = 0
	s.setBranch(u.Kind, u.Bound1)
	copy(s.board[:], u.Rows)
	defer func() {
		if p := recover(); p != nil {
			if _, is := p.(stopSearch); !is {
				panic(p)
			}
			ok = false
		}
	}()
	s.search(len(u.Rows), u.Left, u.Down, u.Right)
	return UnitResult{ByOrbit: s.byOrbit, Nodes: s.nodes}, true
}

// search runs the branch set by setBranch from row y, where the queens of
// the rows above are in s.board and left, down and right are the attacked
// diagonals and columns. It is Takaken's pair of recursive searches,
// written out row by row in rows (bitmask_rows_gen.go):
//
//   - corner branch (queen of row 0 in column 0, of row 1 in column bound1):
//     every such solution has orbit 8, since no symmetry but the transpose
//     fixes the corner, and the transposed copy is cut by keeping column 1
//     empty above row bound1;
//   - inside branch (queen of row 0 in column bound1, 1 <= bound1 <
//     n-1-bound1): no queen on the edge columns above row bound1, the edge
//     columns taken by row bound2 at the latest, and none on the last row's
//     squares nearer a corner; check decides the leaves' orbits.
//
// A step down into a row that free finds empty is not taken: a dead end,
// and also a partial board whose last row or (inside branch) edge column
// can no longer take a queen within its bounds, whatever comes between.
func (s *symSearch) search(y int, left, down, right uint64) {
	if s.split >= 0 {
		s.nodes++ // a branch's first row; a unit's first row was counted above it
	}
	bm := s.free(y, left, down, right)
	switch {
	case bm == 0:
	case y == s.split:
		s.emit(y, left, down, right)
	default:
		s.nodes += s.rows(y, left, down, right, bm)
	}
}

//go:generate go run gen_bitmask_rows.go

// atBound2 applies the bound of row bound2 in the inside branch: the edge
// columns must be taken by then; if one of them is still free, a queen of
// this row must take it.
func atBound2(bm, down, excl uint64) uint64 {
	switch down & excl {
	case 0:
		return 0
	case excl:
		return bm
	}
	return bm & excl
}

// check compares a solution of the inside branch with its images under the
// quarter turns and the half turn: it is counted only if it is the smallest,
// in the orbit size its symmetry gives. A turn is tried only when the
// solution's corners allow its image to be smaller (Takaken's tests).
func (s *symSearch) check() {
	b := &s.board
	last := s.last
	if b[s.bound2] == 1 {
		switch s.compareImage(s.quarterTurn) {
		case 1:
			return
		case 0: // invariant under the quarter turn: orbit of 2
			s.byOrbit[0]++
			return
		}
	}
	if b[last] == s.endbit {
		switch s.compareImage(s.halfTurn) {
		case 1:
			return
		case 0: // invariant under the half turn: orbit of 4
			s.byOrbit[1]++
			return
		}
	}
	if b[s.bound1] == s.topbit && s.compareImage(s.threeQuarterTurn) > 0 {
		return
	}
	s.byOrbit[2]++
}

// compareImage compares the board with its image under a turn, row by row
// from row 1, as numbers: -1 if the board is smaller, +1 if the image is, 0
// if they are equal. image(own, limit) is the image's row own, or any value
// above limit once the image's row is known to exceed it.
func (s *symSearch) compareImage(image func(own int, limit uint64) uint64) int {
	b := &s.board
	for own := 1; own <= s.last; own++ {
		switch img := image(own, b[own]); {
		case b[own] > img:
			return 1
		case b[own] < img:
			return -1
		}
	}
	return 0
}

// quarterTurn is row own of the board turned a quarter: the column of row
// own is the row, counted from the last, of the queen in column own.
func (s *symSearch) quarterTurn(own int, limit uint64) uint64 {
	b := &s.board
	ptn, bit := uint64(2)<<(own-1), uint64(1)
	for you := s.last; b[you] != ptn && limit >= bit; you-- {
		bit <<= 1
	}
	return bit
}

// halfTurn is row own of the board turned half: row last-own mirrored.
func (s *symSearch) halfTurn(own int, limit uint64) uint64 {
	row, bit := s.board[s.last-own], uint64(1)
	for ptn := s.topbit; ptn != row && limit >= bit; ptn >>= 1 {
		bit <<= 1
	}
	return bit
}

// threeQuarterTurn is row own of the board turned three quarters: the
// column of row own is the row, counted from the first, of the queen in
// the column own places from the left.
func (s *symSearch) threeQuarterTurn(own int, limit uint64) uint64 {
	b := &s.board
	ptn, bit := s.topbit>>own, uint64(1)
	for you := 0; b[you] != ptn && limit >= bit; you++ {
		bit <<= 1
	}
	return bit
}
