package model

import (
	"fmt"
	"slices"
)

// Symmetry is one of the eight symmetries of the square (the dihedral group
// D4). It maps a solution to a solution.
type Symmetry int

// The eight symmetries. Rotations are clockwise when row 0 is drawn at the top.
const (
	Identity      Symmetry = iota
	Rotate90               // (r, c) -> (c, n-1-r)
	Rotate180              // (r, c) -> (n-1-r, n-1-c)
	Rotate270              // (r, c) -> (n-1-c, r)
	MirrorCols             // left-right: (r, c) -> (r, n-1-c)
	MirrorRows             // top-bottom: (r, c) -> (n-1-r, c)
	Transpose              // main diagonal: (r, c) -> (c, r)
	AntiTranspose          // anti-diagonal: (r, c) -> (n-1-c, n-1-r)
)

// Symmetries lists the eight elements of D4, Identity first.
var Symmetries = [8]Symmetry{Identity, Rotate90, Rotate180, Rotate270, MirrorCols, MirrorRows, Transpose, AntiTranspose}

var symmetryNames = [8]string{"identity", "rotate90", "rotate180", "rotate270", "mirror-columns", "mirror-rows", "transpose", "anti-transpose"}

func (s Symmetry) String() string {
	if s < 0 || int(s) >= len(symmetryNames) {
		return fmt.Sprintf("Symmetry(%d)", int(s))
	}
	return symmetryNames[s]
}

// Map gives the image of square (r, c) of an n x n board under s.
func (s Symmetry) Map(n int, sq Square) Square {
	r, c, m := sq.Row, sq.Col, n-1
	switch s {
	case Rotate90:
		return Square{c, m - r}
	case Rotate180:
		return Square{m - r, m - c}
	case Rotate270:
		return Square{m - c, r}
	case MirrorCols:
		return Square{r, m - c}
	case MirrorRows:
		return Square{m - r, c}
	case Transpose:
		return Square{c, r}
	case AntiTranspose:
		return Square{m - c, m - r}
	}
	return sq
}

// Apply returns the image of the complete placement q under s. The queens of
// q must stand in distinct columns (as in every solution): otherwise the image
// has rows with no queen or two, and Apply returns an error.
func (s Symmetry) Apply(q Placement) (Placement, error) {
	n := len(q)
	out := make(Placement, n)
	for i := range out {
		out[i] = Unset
	}
	for r, c := range q {
		if c < 0 || c >= n {
			return nil, fmt.Errorf("model: %v of a placement with row %d in column %d of %d", s, r+1, c+1, n)
		}
		im := s.Map(n, Square{r, c})
		if out[im.Row] != Unset {
			return nil, fmt.Errorf("model: %v of a placement whose queens share column %d", s, c+1)
		}
		out[im.Row] = im.Col
	}
	return out, nil
}

// Images returns the eight images of q, in the order of Symmetries.
func Images(q Placement) ([8]Placement, error) {
	var out [8]Placement
	for i, s := range Symmetries {
		im, err := s.Apply(q)
		if err != nil {
			return out, err
		}
		out[i] = im
	}
	return out, nil
}

// Canonical returns the lexicographically smallest of the eight images of q
// and the size of q's orbit under D4 (the number of distinct images: 1 for
// n = 1, else 2, 4 or 8). Two solutions are essentially the same exactly when
// their canonical forms are equal.
func Canonical(q Placement) (Placement, int, error) {
	ims, err := Images(q)
	if err != nil {
		return nil, 0, err
	}
	best := ims[0]
	distinct := make([]Placement, 0, 8)
	for _, im := range ims {
		if slices.Compare(im, best) < 0 {
			best = im
		}
		if !slices.ContainsFunc(distinct, func(d Placement) bool { return slices.Equal(d, im) }) {
			distinct = append(distinct, im)
		}
	}
	return best, len(distinct), nil
}

// Classes groups solutions into classes under the eight symmetries: Add each
// solution once, then read how many classes were seen and their orbit sizes.
// The zero value is ready to use.
type Classes struct {
	seen map[string]int // canonical form -> orbit size
}

// Add records q's class; it reports whether the class is new.
func (c *Classes) Add(q Placement) (bool, error) {
	canon, orbit, err := Canonical(q)
	if err != nil {
		return false, err
	}
	key := fmt.Sprint(canon)
	if c.seen == nil {
		c.seen = map[string]int{}
	}
	if _, ok := c.seen[key]; ok {
		return false, nil
	}
	c.seen[key] = orbit
	return true, nil
}

// Len is the number of classes seen.
func (c *Classes) Len() int { return len(c.seen) }

// ByOrbit counts the classes with orbit size 2, 4 and 8 (n = 1's orbit of
// size 1 is in none of them).
func (c *Classes) ByOrbit() [3]uint64 {
	var out [3]uint64
	for _, o := range c.seen {
		switch o {
		case 2:
			out[0]++
		case 4:
			out[1]++
		case 8:
			out[2]++
		}
	}
	return out
}
