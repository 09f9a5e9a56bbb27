package cluster

import (
	"context"
	"errors"
	"fmt"

	"github.com/queenslab/nqueens"
	"github.com/queenslab/nqueens/model"
	"github.com/queenslab/nqueens/native/counting"
)

// Spot checks: a unit of the join is itself a count of variants of the
// problem, which a method that shares no code with the join counts again.
// Write h = n/2 and g = n-h; the east half is columns g..n-1, the west
// half columns 0..h-1 (and for odd n the middle column h between them).
// A unit (counting.JoinUnit) stands for the solutions whose east rows (the
// rows whose queen is in the east half) are East:
//
// For odd n, the middle row h holds its queen at column Col0 and the
// middle column its queen at row Row0 (one queen, at the centre, when
// both are h). The unit adds Weight times the number of solutions with
// those two queens and east rows East: the variant with the two queens
// pre-placed, every other row of East blocked in the west half and the
// middle column, every other row blocked in the east half and the middle
// column.
//
// For even n, write x (y) for a queen on the diagonal r = c in the
// north-west (south-east) quarter and z (w) for one on r + c = n-1 in the
// north-east (south-west) quarter. The unit adds Weight times the sum over
// the solutions with east rows East and neither y nor z of (1+x)(1+w),
// where those with no queen on a long diagonal at all count Plain instead
// of 1 (see native's join). With B the variant of east rows East (rows
// blocked as above) and the squares of y and z blocked, and N(S) the
// count of B with the squares S blocked besides:
//
//	none = N(x ∪ w), only x = N(w) - none, only w = N(x) - none,
//	both = N(∅) - none - only x - only w,
//	unit = Weight · (Plain·none + 2·only x + 2·only w + 4·both).
//
// The counts are the constraint-propagation search's (nqueens.CP), which
// the join does not share; a spot check that disagrees names the unit.

// RecountUnit counts the unit u of the join again by the
// constraint-propagation search on its variants (see above), and returns
// what it adds to Q(n).
func RecountUnit(ctx context.Context, u counting.JoinUnit) (uint64, error) {
	if ctx == nil {
		return 0, errors.New("cluster: RecountUnit was given a nil context (use context.Background())")
	}
	n := u.N
	if n < counting.JoinMinN || n > counting.JoinMaxN {
		return 0, fmt.Errorf("cluster: a unit of N = %d is not one of the join's", n)
	}
	c, err := nqueens.LookupCounter(nqueens.CP)
	if err != nil {
		return 0, err
	}
	count := func(p model.Problem) (uint64, error) {
		r, err := c.Count(ctx, p, nqueens.CountOptions{Jobs: 1})
		if err != nil {
			return 0, err
		}
		return r.All, nil
	}
	h, g := n/2, n-n/2
	base := model.Problem{N: n}
	if n%2 == 1 {
		base.Fixed = append(base.Fixed, model.Square{Row: h, Col: u.Col0})
		if u.Row0 != h || u.Col0 != h {
			base.Fixed = append(base.Fixed, model.Square{Row: u.Row0, Col: h})
		}
	}
	for r := range n {
		if n%2 == 1 && (r == h || r == u.Row0) {
			continue // its queen is pre-placed
		}
		east := u.East&(1<<r) != 0
		for c := range n {
			inEast, inWest := c >= g, c < h
			if east && !inEast || !east && !inWest {
				base.Blocked = append(base.Blocked, model.Square{Row: r, Col: c})
			}
		}
	}
	if n%2 == 1 {
		all, err := count(base)
		return u.Weight * all, err
	}
	// The squares of x, y, z and w (even n: no middle row or column).
	var x, y, z, w []model.Square
	for i := range n {
		d1, d2 := model.Square{Row: i, Col: i}, model.Square{Row: i, Col: n - 1 - i}
		if i < h {
			x, z = append(x, d1), append(z, d2) // north-west, north-east
		} else {
			y, w = append(y, d1), append(w, d2) // south-east, south-west
		}
	}
	with := func(blocked ...[]model.Square) model.Problem {
		p := base
		p.Blocked = append(append(append([]model.Square(nil), base.Blocked...), y...), z...)
		for _, b := range blocked {
			p.Blocked = append(p.Blocked, b...)
		}
		p.Blocked = distinctSquares(p.Blocked)
		return p
	}
	none, err := count(with(x, w))
	if err != nil {
		return 0, err
	}
	noW, err := count(with(w))
	if err != nil {
		return 0, err
	}
	noX, err := count(with(x))
	if err != nil {
		return 0, err
	}
	any, err := count(with())
	if err != nil {
		return 0, err
	}
	onlyX, onlyW := noW-none, noX-none
	both := any - none - onlyX - onlyW
	return u.Weight * (u.Plain*none + 2*onlyX + 2*onlyW + 4*both), nil
}

// distinctSquares is sq without repeats, in its order.
func distinctSquares(sq []model.Square) []model.Square {
	seen := make(map[model.Square]bool, len(sq))
	out := sq[:0]
	for _, s := range sq {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}
