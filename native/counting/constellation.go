package counting

import (
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"iter"
	"math/bits"
	"slices"
	"sync/atomic"

	"github.com/queenslab/nqueens/model"
	"github.com/queenslab/nqueens/native/internal/work"
)

// Counting by border constellations.
//
// The border of an n×n board is its first and last rows and columns. Every
// solution has one queen in each of these four lines; a queen in a corner
// lies in two of them, and at most one corner holds a queen (two corners
// share a line or a diagonal). The border queens of a solution form its
// constellation. Write N(c) for the number of solutions whose constellation
// is c (its completions). Then
//
//	Q(n) = Σ_c N(c).
//
// Each symmetry g of the square maps the border onto itself and solutions
// onto solutions, so S ↦ gS is a bijection from the completions of c to
// those of gc: N(gc) = N(c). Summing over the orbits O of constellations,
//
//	Q(n) = Σ_O |O| · N(c_O),   |O| = 8 / |H|,  H = Stab(c_O),
//
// for any member c_O of O: the weight of a constellation is its orbit's size,
// known from the constellation alone, and no solution needs a test of its
// canonical form. For essentially distinct solutions, a solution S with
// stabiliser K (K ⊆ H, since gS = S implies gc = c) has an orbit of 8/|K|
// solutions, of which |H|/|K| complete c_O (the orbit meets each member of
// O equally often). So each class is counted once by giving each completion
// of c_O the share |K|/|H|:
//
//	classes of orbit 8/k = (completions of c_O with |K| = k) · k / |H|.
//
// No reflection fixes an n-queens solution for n > 1 (a queen and its
// mirror image would share a row, a column or a diagonal), so K is 1, the
// half turn, or the four turns. If H holds no half turn, every completion
// has K = 1 and c_O adds N(c_O)/|H| classes of orbit 8 (H acts freely on the
// completions, so |H| divides N(c_O)). Only a constellation fixed by the
// half turn (about 2n² of the n⁴/8 orbits) needs more: its completions
// fixed by the half turn and by the quarter turn, which fixedBy counts by
// a search of the upper rows alone (a fixed completion is its upper rows
// and their images).
//
// Which member of an orbit is searched is free, and it matters: the search
// runs down the rows, and it is cheapest when the queens of the last rows
// constrain it early. oriented picks one by a rule (see there).

// The eight symmetries of the square are model.Symmetries, numbered as
// there (Identity 0 to AntiTranspose 7): bit k of a stabiliser mask stands
// for symmetry k.

// symmetry maps (r, c) on an n×n board by the symmetry numbered k.
func symmetry(k, n, r, c int) (int, int) {
	sq := model.Symmetry(k).Map(n, model.Square{Row: r, Col: c})
	return sq.Row, sq.Col
}

// A Constellation is the border of a solution: the queens of its first and
// last rows and columns. Top and Bottom are the columns of the queens of
// rows 0 and N-1; Left and Right are the rows of the queens of columns 0 and
// N-1. A corner queen is in both its lines (the corner (0, 0) has Top =
// Left = 0).
type Constellation struct {
	N                        int
	Top, Bottom, Left, Right int
	// Weight is the size of the constellation's orbit under the eight
	// symmetries of the square: 8 divided by the number that fix it.
	Weight int
	// Turns is how many of the turns (quarter, half, three-quarter) fix
	// the constellation: 0, 1 (the half turn) or 3.
	Turns int
}

// queens lists the constellation's queens as (row, column), a corner queen
// once.
func (c Constellation) queens() [][2]int {
	n1 := c.N - 1
	qs := make([][2]int, 0, 4)
	qs = append(qs, [2]int{0, c.Top}, [2]int{n1, c.Bottom})
	if c.Left != 0 && c.Left != n1 {
		qs = append(qs, [2]int{c.Left, 0})
	}
	if c.Right != 0 && c.Right != n1 {
		qs = append(qs, [2]int{c.Right, n1})
	}
	return qs
}

// key numbers the border placements of one n in the order (Top, Bottom,
// Left, Right).
func (c Constellation) key() int {
	n := c.N
	return ((c.Top*n+c.Bottom)*n+c.Left)*n + c.Right
}

// image is the constellation mapped by symmetry k.
func (c Constellation) image(k int) Constellation {
	img := c
	n1 := c.N - 1
	for _, q := range c.queens() {
		r, col := symmetry(k, c.N, q[0], q[1])
		if r == 0 {
			img.Top = col
		}
		if r == n1 {
			img.Bottom = col
		}
		if col == 0 {
			img.Left = r
		}
		if col == n1 {
			img.Right = r
		}
	}
	return img
}

// valid tells whether a border placement is one: a queen in a corner is the
// queen of both its lines, and no two queens attack each other.
func (c Constellation) valid() bool {
	n1 := c.N - 1
	if (c.Top == 0) != (c.Left == 0) || (c.Top == n1) != (c.Right == 0) ||
		(c.Bottom == 0) != (c.Left == n1) || (c.Bottom == n1) != (c.Right == n1) {
		return false
	}
	qs := c.queens()
	for i := range qs {
		for j := range i {
			dr, dc := qs[i][0]-qs[j][0], qs[i][1]-qs[j][1]
			if dr == 0 || dc == 0 || dr == dc || dr == -dc {
				return false
			}
		}
	}
	return true
}

// Constellations lists one constellation of each orbit of the border
// placements of the n×n board (ConstellationMinN <= n <= BitmaskMaxN) with
// no two queens attacking each other: the member that oriented picks, in
// the order of the orbits' smallest members by (Top, Bottom, Left, Right).
// The list is the same on every machine.
func Constellations(n int) []Constellation {
	if n < ConstellationMinN || n > BitmaskMaxN {
		return nil
	}
	type rep struct {
		least int
		c     Constellation
	}
	var list []rep
	for t := range n {
		for b := range n {
			for l := range n {
				for r := range n {
					c := Constellation{N: n, Top: t, Bottom: b, Left: l, Right: r}
					if !c.valid() {
						continue
					}
					k0, least, fixed, turns := c.key(), true, 0, 0
					for k := range 8 {
						switch ik := c.image(k).key(); {
						case ik < k0:
							least = false
						case ik == k0:
							fixed++
							if k >= int(model.Rotate90) && k <= int(model.Rotate270) {
								turns++
							}
						}
					}
					if least {
						c.Weight, c.Turns = 8/fixed, turns
						list = append(list, rep{k0, c.oriented()})
					}
				}
			}
		}
	}
	slices.SortFunc(list, func(x, y rep) int { return cmp.Compare(x.least, y.least) })
	out := make([]Constellation, len(list))
	for i, r := range list {
		out[i] = r.c
	}
	return out
}

// oriented is the member of the constellation's orbit whose search down
// the rows is predicted cheapest: the one with the least orientCost, ties
// to the smaller key. The rule only changes the speed, never the count.
func (c Constellation) oriented() Constellation {
	best, bestCost := c, c.orientCost()
	for k := 1; k < 8; k++ {
		img := c.image(k)
		if d := img.orientCost(); d < bestCost || d == bestCost && img.key() < best.key() {
			best, bestCost = img, d
		}
	}
	return best
}

// orientCost predicts the logarithm of the number of nodes of the search
// of c down its inner rows, up to a factor and a term that are the same for
// every member of an orbit: a linear model fitted by least squares to the
// node counts of every member of every orbit at n = 14, 15 and 16, within
// each orbit, on the positions of the border queens and the logarithms of
// the free squares of the first and the last orientRows inner rows (more
// free squares at the end and fewer at the start make a smaller tree). Its
// choices need 2.5-2.8 per cent more nodes than the best member of each
// orbit at n = 16 and 17 (the earlier rule of the border queens alone 4.4;
// the member with the smallest key 1.7 times as many). It is computed in
// integers (weights and logarithms in thousandths), so that the choice,
// and with it the list of units, is the same on every machine.
func (c Constellation) orientCost() int {
	n1 := c.N - 1
	geo := 690*min(c.Bottom, n1-c.Bottom) + 667*min(c.Top, n1-c.Top) + -211*(c.Left+c.Right) +
		-85*max(c.Left, c.Right) + 41*max(c.Left-c.Right, c.Right-c.Left)
	var s conSearch
	s.setup(c)
	lg := 0
	for k := range min(orientRows, s.m) {
		top, bottom := s.m-1-k, k // attUp counts rows from the last
		lg += orientTop[k]*logFree(s.attUp[top]|s.down0) + orientBottom[k]*logFree(s.attUp[bottom]|s.down0)
	}
	return geo*1000 + lg*n1
}

// orientRows is the number of rows at each end of the inner rows whose
// free squares orientCost weighs; orientTop and orientBottom are their
// weights in thousandths, from the first (last) row on.
const orientRows = 6

var (
	orientTop    = [orientRows]int{-63, 248, 472, 480, 424, 213}
	orientBottom = [orientRows]int{-876, -784, -659, -455, -187, 9}
)

// logFree is 1000 ln(k), k the number of squares a row's attacked mask
// leaves free (ln 1/2 for none).
func logFree(attacked uint64) int {
	return logThousandths[bits.OnesCount64(^attacked)]
}

// logThousandths[k] is round(1000 ln k), with ln(1/2) for k = 0.
var logThousandths = [65]int{-693, 0, 693, 1099, 1386, 1609, 1792, 1946, 2079, 2197, 2303, 2398, 2485, 2565, 2639, 2708, 2773, 2833, 2890, 2944, 2996, 3045, 3091, 3135, 3178, 3219, 3258, 3296, 3332, 3367, 3401, 3434, 3466, 3497, 3526, 3555, 3584, 3611, 3638, 3664, 3689, 3714, 3738, 3761, 3784, 3807, 3829, 3850, 3871, 3892, 3912, 3932, 3951, 3970, 3989, 4007, 4025, 4043, 4060, 4078, 4094, 4111, 4127, 4143, 4159}

// ConstellationMinN is the smallest board counted by constellations; the
// counter counts smaller ones whole.
const ConstellationMinN = smallN + 1

// MaxConstellationDepth is the largest number of inner rows a work unit
// may pre-place.
const MaxConstellationDepth = 3

// A Unit is one work unit of the constellation count: a constellation and
// the columns of the queens of its first len(Rows) inner rows (the rows
// other than 0, N-1 and the rows of the edge columns' queens, top down).
// It is self-contained: what it adds to the count (its completions, shared
// by its constellation's symmetries) depends on nothing else, so any
// worker can run it.
type Unit struct {
	C    Constellation
	Rows []int
}

// String is the unit as one line: N, the four border queens, the weight
// and turns, and the pre-placed columns.
func (u Unit) String() string {
	return fmt.Sprintf("%d %d %d %d %d w%d t%d %v", u.C.N, u.C.Top, u.C.Bottom, u.C.Left, u.C.Right, u.C.Weight, u.C.Turns, u.Rows)
}

// Units lists the work units of the constellation count of n at depth
// (0..MaxConstellationDepth inner rows pre-placed), numbered from 0, in a
// fixed order, the same on every machine, without holding the list: each
// constellation in the order of Constellations, and within it the
// placements of its first depth inner rows in the order of the search,
// skipping those that leave a row of the first depth+1 without a square.
// A unit's Rows are valid during the call that yields it only.
// A constellation fixed by a symmetry is one unit whatever the depth (its
// count needs all its completions; such are a few in a thousand), and so
// is one with fewer than depth+2 inner rows.
func Units(n, depth int) iter.Seq2[int, Unit] {
	return func(yield func(int, Unit) bool) {
		if n < ConstellationMinN || n > BitmaskMaxN {
			return
		}
		depth = max(0, min(depth, MaxConstellationDepth))
		i := 0
		var s conSearch
		for _, c := range Constellations(n) {
			d := depth
			s.setup(c)
			if c.Weight != 8 || s.m < d+2 {
				d = 0
			}
			if d == 0 {
				if !yield(i, Unit{C: c}) {
					return
				}
				i++
				continue
			}
			cols := make([]int, d)
			var rec func(k int, left, down, right uint64) bool
			rec = func(k int, left, down, right uint64) bool {
				free := s.free(k, left, down, right)
				if k == d {
					if free == 0 {
						return true
					}
					ok := yield(i, Unit{C: c, Rows: cols})
					i++
					return ok
				}
				for free != 0 {
					bit := free & -free
					free ^= bit
					cols[k] = bits.TrailingZeros64(bit)
					l, d, r := s.place(k, bit, left, down, right)
					if !rec(k+1, l, d, r) {
						return false
					}
				}
				return true
			}
			if !rec(0, 0, s.down0, 0) {
				return
			}
		}
	}
}

// UnitsDigest counts the units of Units(n, depth) and digests them (16 hex
// digits of the SHA-256 of their fields, byte by byte): checkpoints and
// shard files carry it, so that units are never mixed between two lists.
func UnitsDigest(n, depth int) (int, string) {
	h := sha256.New()
	total := 0
	buf := make([]byte, 0, 64)
	for _, u := range Units(n, depth) {
		c := u.C
		buf = append(buf[:0], byte(c.N), byte(c.Top), byte(c.Bottom), byte(c.Left), byte(c.Right), byte(c.Weight), byte(c.Turns), byte(len(u.Rows)))
		for _, col := range u.Rows {
			buf = append(buf, byte(col))
		}
		h.Write(buf)
		total++
	}
	return total, hex.EncodeToString(h.Sum(nil)[:8])
}

//go:generate go run gen_constellation.go

// conSearch counts the completions of one constellation: a search down the
// inner rows (1..n-2 without the rows of the edge columns' queens) with
// bitmasks. The inner rows are numbered by their distance to the last one
// (inner row k from the top is row m-1-k from the last), as inner reads
// them.
type conSearch struct {
	c       Constellation
	down0   uint64 // the columns the border takes
	outside uint64 // the columns outside the inner ones, 0 and n-1
	m       int    // the number of inner rows
	// attUp[j] holds the squares of the inner row j above the last that
	// the border queens attack, and the outside columns; shiftUp[j] (j > 0)
	// is the number of rows from it down to the next inner row.
	attUp   [BitmaskMaxN]uint64
	shiftUp [BitmaskMaxN]uint

	perm      [BitmaskMaxN]int // fixedBy: the board, column by row (-1: none)
	slowNodes uint64           // fixedBy: queens placed

	// stop is polled when the search steps down into the row
	// pollRow (gen_constellation.go) above the last inner row, and by
	// fixedBy; when it is set the search unwinds (panic(stopSearch{})).
	stop *atomic.Bool
}

func (s *conSearch) setup(c Constellation) {
	n := c.N
	s.c = c
	s.outside = 1 | 1<<(n-1) | ^(uint64(1)<<n - 1)
	s.down0 = 1 | 1<<(n-1) | 1<<c.Top | 1<<c.Bottom
	qs := c.queens()
	// The inner rows, from the last up.
	s.m = 0
	next := 0 // the inner row below, 0 before the last is found
	for r := n - 2; r >= 1; r-- {
		if r == c.Left || r == c.Right {
			continue
		}
		a := s.outside
		for _, q := range qs {
			d := r - q[0]
			if x := q[1] + d; x >= 0 && x < n {
				a |= 1 << x
			}
			if x := q[1] - d; x >= 0 && x < n {
				a |= 1 << x
			}
		}
		s.attUp[s.m] = a
		if s.m > 0 {
			s.shiftUp[s.m] = uint(next - r)
		}
		next = r
		s.m++
	}
}

// free is the squares of inner row k (from the top) that neither the
// border nor the queens above, which attack left, down and right of it,
// take.
func (s *conSearch) free(k int, left, down, right uint64) uint64 {
	return ^(left | down | right | s.attUp[s.m-1-k])
}

// place puts the queen bit on inner row k (from the top, not the last) and
// returns what the queens then attack in the next inner row.
func (s *conSearch) place(k int, bit, left, down, right uint64) (uint64, uint64, uint64) {
	sh := s.shiftUp[s.m-1-k] & 63
	return (left | bit) >> sh, down | bit, (right | bit) << sh
}

// runUnit counts the completions of unit u and returns what they add to
// the count; ok is false if the search was stopped.
func (s *conSearch) runUnit(u Unit, stop *atomic.Bool) (r UnitResult, ok bool) {
	s.setup(u.C)
	s.stop = stop
	defer func() {
		if p := recover(); p != nil {
			if _, is := p.(stopSearch); !is {
				panic(p)
			}
			ok = false
		}
	}()
	c := u.C
	left, down, right := uint64(0), s.down0, uint64(0)
	for k, col := range u.Rows {
		left, down, right = s.place(k, uint64(1)<<col, left, down, right)
	}
	var count uint64
	switch y0 := len(u.Rows); {
	case s.m == 0:
		count = 1
	case y0 == s.m-1:
		if s.free(y0, left, down, right) != 0 {
			count = 1
		}
	default:
		count, r.Nodes = s.inner(s.m-1-y0, left, down, right)
	}
	if c.Turns == 0 {
		// |H| = 8/Weight symmetries, none a turn, act freely on the
		// completions.
		h := uint64(8 / c.Weight)
		if count%h != 0 {
			panic(fmt.Sprintf("native: constellation %v: %d completions do not divide among %d symmetries", c, count, h))
		}
		r.ByOrbit[2] = count / h
		return r, true
	}
	// Completions fixed by k of the 8 symmetries (k-1 turns) are classes
	// of orbit 8/k, each counted k/|H| times, |H| = 8/Weight.
	s.slowNodes = 0
	half := s.fixedBy(false)
	var quarter uint64
	if c.Turns == 3 {
		quarter = s.fixedBy(true)
	}
	r.Nodes += s.slowNodes
	fixed := [3]uint64{count - half, half - quarter, quarter}
	for t, k := range [3]uint64{1, 2, 4} {
		share := fixed[t] * k * uint64(c.Weight)
		if share%8 != 0 {
			panic(fmt.Sprintf("native: constellation %v: %d completions fixed by %d symmetries do not divide among %d", c, fixed[t], k, 8/c.Weight))
		}
		r.ByOrbit[2-t] = share / 8
	}
	return r, true
}

// fixedBy counts the completions of the constellation set up that the
// half turn fixes (quarter false) or the quarter turn fixes (quarter
// true), the constellation being fixed by it: such a completion is its
// queens of the first rows with their images, so the search places a
// queen with its images at once, row by row, and the tree is tiny.
func (s *conSearch) fixedBy(quarter bool) uint64 {
	n := s.c.N
	perm := s.perm[:n]
	for r := range perm {
		perm[r] = -1
	}
	var cols, d1, d2 uint64 // columns, r+c and r-c+n-1 diagonals taken
	for _, q := range s.c.queens() {
		perm[q[0]] = q[1]
		cols |= 1 << q[1]
		d1 |= 1 << (q[0] + q[1])
		d2 |= 1 << (q[0] - q[1] + n - 1)
	}
	k := 2
	if quarter {
		k = 4
	}
	var rec func(r int) uint64
	rec = func(r int) uint64 {
		if s.stop != nil && s.stop.Load() {
			panic(stopSearch{})
		}
		for r < n && perm[r] >= 0 {
			r++
		}
		if r == n {
			return 1
		}
		var found uint64
		for c := range n {
			// The orbit of (r, c): 2 or 4 squares, or 1 at the centre.
			orbit := [4][2]int{{r, c}, {n - 1 - r, n - 1 - c}, {c, n - 1 - r}, {n - 1 - c, r}}
			var sq [4][2]int
			var nc, n1, n2 uint64
			placed, ok := 0, true
			for _, q := range orbit[:k] {
				if slices.Contains(sq[:placed], q) {
					continue
				}
				cb, b1, b2 := uint64(1)<<q[1], uint64(1)<<(q[0]+q[1]), uint64(1)<<(q[0]-q[1]+n-1)
				if perm[q[0]] >= 0 || (cols|nc)&cb != 0 || (d1|n1)&b1 != 0 || (d2|n2)&b2 != 0 {
					ok = false
					break
				}
				for _, p := range sq[:placed] {
					if p[0] == q[0] {
						ok = false
					}
				}
				sq[placed] = q
				placed++
				nc, n1, n2 = nc|cb, n1|b1, n2|b2
			}
			if !ok {
				continue
			}
			for _, q := range sq[:placed] {
				perm[q[0]] = q[1]
			}
			cols, d1, d2 = cols|nc, d1|n1, d2|n2
			s.slowNodes += uint64(placed)
			found += rec(r + 1)
			cols, d1, d2 = cols&^nc, d1&^n1, d2&^n2
			for _, q := range sq[:placed] {
				perm[q[0]] = -1
			}
		}
		return found
	}
	return rec(0)
}

// ConstellationOptions choose how ConstellationCount runs.
type ConstellationOptions struct {
	// Jobs is the number of goroutines; 0 means runtime.NumCPU().
	Jobs int
	// Depth is the number of inner rows each work unit pre-places (see
	// Units); 0 counts whole constellations.
	Depth int
	// Take, if set, restricts the count to the units for which it returns
	// true (a shard, or what a resumed run has left); it is called once
	// per unit of Units(n, Depth), in order, from one goroutine.
	Take func(index int) bool
	// Progress, if set, is called after each finished unit with the number
	// of units done and the number taken; calls are serialised. Taken, if
	// above 0, is that number (otherwise a first pass over the list counts
	// it).
	Progress func(done, total int)
	Taken    int
	// OnUnit, if set, is called after each finished unit with its index and
	// result, before Progress; calls are serialised.
	OnUnit func(index int, r UnitResult)
}

// ConstellationCount counts the solutions of the classic n-queens problem
// by border constellations (the way of the Q27 project, Preußer and
// Engelhardt 2016, and of NQueensFAF): one constellation of each orbit,
// its completions counted by a bitmask search of the inner rows and
// weighted by the orbit's size (see the comment at the top of
// constellation.go for why this is exact). It returns Q(n) and the number
// of essentially distinct solutions, like Bitmask, by a different search:
// each checks the other.
//
// The units (Units(n, opt.Depth)) run on opt.Jobs goroutines, fed from the
// list as it is made, so that the list is never held. On cancellation
// ConstellationCount returns the counts of the finished units with
// ctx.Err().
func ConstellationCount(ctx context.Context, n int, opt ConstellationOptions) (SymmetryCount, error) {
	if ctx == nil {
		return SymmetryCount{}, work.NilContext("ConstellationCount")
	}
	if n < 1 {
		return SymmetryCount{}, model.Classic(n).Validate()
	}
	if n > BitmaskMaxN {
		return SymmetryCount{}, work.TooLarge("constellation counting", n, BitmaskMaxN)
	}
	if opt.Depth < 0 || opt.Depth > MaxConstellationDepth {
		return SymmetryCount{}, fmt.Errorf("native: work units pre-place 0 to %d inner rows, not %d", MaxConstellationDepth, opt.Depth)
	}
	if n < ConstellationMinN {
		if opt.Take != nil {
			return SymmetryCount{}, fmt.Errorf("native: n = %d is counted whole; work units start at n = %d", n, ConstellationMinN)
		}
		return countSmall(ctx, n)
	}
	jobs := work.Jobs(opt.Jobs)
	total := opt.Taken
	if opt.Progress != nil && total <= 0 {
		// The number taken, for Progress: one pass over the list first.
		for i := range Units(n, opt.Depth) {
			if opt.Take == nil || opt.Take(i) {
				total++
			}
		}
	}

	res := SymmetryCount{Jobs: jobs}
	taken, stopped, err := work.RunUnits(ctx, work.Units[Unit, UnitResult]{
		Jobs:    jobs,
		List:    Units(n, opt.Depth),
		Take:    opt.Take,
		Prepare: func(u Unit) Unit { u.Rows = slices.Clone(u.Rows); return u },
		NewWorker: func(stop *atomic.Bool) func(Unit) (UnitResult, bool) {
			var s conSearch
			return func(u Unit) (UnitResult, bool) { return s.runUnit(u, stop) }
		},
		Done: func(i int, r UnitResult) {
			res.UnitsDone++
			res.Nodes += r.Nodes
			for k := range res.ByOrbit {
				res.ByOrbit[k] += r.ByOrbit[k]
			}
			if opt.OnUnit != nil {
				opt.OnUnit(i, r)
			}
			if opt.Progress != nil {
				opt.Progress(res.UnitsDone, total)
			}
		}})
	res.Units = taken
	res.Jobs = max(1, min(jobs, MaxJobs, res.Units))
	res.Distinct = res.ByOrbit[0] + res.ByOrbit[1] + res.ByOrbit[2]
	res.All = 2*res.ByOrbit[0] + 4*res.ByOrbit[1] + 8*res.ByOrbit[2]
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
