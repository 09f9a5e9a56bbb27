package search

import (
	"context"
	"math/bits"
	"math/rand/v2"

	"github.com/queenslab/nqueens/model"
	"github.com/queenslab/nqueens/native/internal/work"
)

// HeuristicOptions choose what Heuristic does.
type HeuristicOptions struct {
	// FirstOnly stops at the first solution instead of counting them all;
	// the search then restarts with a growing node budget, values in a
	// fresh random order each time.
	FirstOnly bool
	// Seed seeds the random value order of FirstOnly (0: 1).
	Seed uint64
	// Each, if set, is called with every solution found, in the order of
	// the search; the slice is reused. Returning false stops the search.
	Each func(model.Placement) bool
}

// HeuristicResult is what Heuristic found.
type HeuristicResult struct {
	BacktrackResult
	// Restarts is the number of restarts (FirstOnly), Seed the seed used.
	Restarts int
	Seed     uint64
}

// Heuristic is backtracking with forward checking and a dynamic order
// (Haralick and Elliott 1980; Kalé 1990 for N-Queens): each square's
// placement removes what it attacks from the domains of the rows still
// open, a row whose domain empties stops the branch at once, and the next
// row is the one with the fewest squares left (MRV), the one nearest the
// middle among ties. Counting takes the values in increasing order and
// finds every solution, so its count is the plain search's; a first
// solution takes them in random order and restarts when a node budget
// (N+64, doubled at each restart) runs out, which makes large boards almost
// backtrack-free. Pre-placed queens and blocked squares are honoured. On
// cancellation it returns what it has with ctx.Err().
func Heuristic(ctx context.Context, p model.Problem, opt HeuristicOptions) (HeuristicResult, error) {
	if ctx == nil {
		return HeuristicResult{}, work.NilContext("Heuristic")
	}
	if err := p.Validate(); err != nil {
		return HeuristicResult{}, err
	}
	if p.N > BacktrackMaxN {
		return HeuristicResult{}, work.TooLarge("backtracking", p.N, BacktrackMaxN)
	}
	seed := opt.Seed
	if seed == 0 {
		seed = 1
	}
	res := HeuristicResult{Seed: seed}
	h := newMRV(p)
	if h == nil { // the pre-placed queens leave a row empty
		res.Nodes = 1
		return res, nil
	}
	h.ctx, h.each = ctx, opt.Each
	if !opt.FirstOnly {
		h.budget = -1
		h.search()
		res.Count, res.First, res.Nodes = h.count, h.first, h.nodes
		if h.stopped {
			return res, ctx.Err()
		}
		return res, nil
	}
	h.rng = rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15))
	h.firstOnly = true
	budget := int64(p.N + 64)
	for {
		h.budget = budget
		h.search()
		res.Nodes += h.nodes
		h.nodes = 0
		switch {
		case h.stopped:
			return res, ctx.Err()
		case h.first != nil:
			res.Count, res.First = 1, h.first
			return res, nil
		case !h.outOfBudget: // the whole tree searched: no solution
			return res, nil
		}
		res.Restarts++
		budget *= 2
		h.outOfBudget = false
	}
}

// mrv is the state of the heuristic search.
type mrv struct {
	ctx         context.Context
	n, words    int
	dom         []uint64 // the domain of row r: dom[r*words : (r+1)*words]
	size        []int    // bits set in each row's domain
	open        []bool   // rows without a queen yet
	place       model.Placement
	trail       []int32 // squares removed from domains, r*n+c, to undo
	rng         *rand.Rand
	each        func(model.Placement) bool
	firstOnly   bool
	budget      int64 // nodes left before a restart; -1 for none
	outOfBudget bool
	count       uint64
	nodes       uint64
	first       model.Placement
	stopped     bool
	done        bool
	vals        [][]int // per depth, the values to try
}

// newMRV sets the domains of p up, the pre-placed queens placed and their
// attacks removed; nil when that leaves a row without a square.
func newMRV(p model.Problem) *mrv {
	n := p.N
	h := &mrv{n: n, words: (n + 63) / 64, place: make(model.Placement, n), open: make([]bool, n), size: make([]int, n)}
	h.dom = make([]uint64, n*h.words)
	for r := 0; r < n; r++ {
		h.open[r], h.place[r], h.size[r] = true, model.Unset, n
		row := h.dom[r*h.words : (r+1)*h.words]
		for c := 0; c < n; c++ {
			row[c>>6] |= 1 << (c & 63)
		}
	}
	board := p.Board()
	if !board.AllOpen() {
		for r := 0; r < n; r++ {
			if !board.RowTakesQueen(r) {
				h.open[r] = false // stays Unset
				continue
			}
			for c := 0; c < n; c++ {
				if !board.Open(r, c) {
					h.remove(r, c)
				}
			}
		}
	}
	h.trail = h.trail[:0]
	for _, f := range p.Fixed {
		switch {
		case !h.open[f.Row] && h.place[f.Row] == f.Col:
			continue // given twice
		case !h.open[f.Row] || !h.has(f.Row, f.Col):
			return nil // placed already, closed, or in a row that takes none
		}
		if !h.assign(f.Row, f.Col) {
			return nil
		}
	}
	h.trail = h.trail[:0] // the pre-placed queens are never undone
	return h
}

func (h *mrv) has(r, c int) bool { return h.dom[r*h.words+c>>6]&(1<<(c&63)) != 0 }

// remove takes (r, c) out of row r's domain if it is there, recording it.
func (h *mrv) remove(r, c int) {
	w := &h.dom[r*h.words+c>>6]
	if *w&(1<<(c&63)) != 0 {
		*w &^= 1 << (c & 63)
		h.size[r]--
		h.trail = append(h.trail, int32(r*h.n+c))
	}
}

// assign puts a queen on (r, c) and removes what it attacks from the open
// rows; false when one of them is left empty (the removals are on the
// trail either way).
func (h *mrv) assign(r, c int) bool {
	h.open[r], h.place[r] = false, c
	ok := true
	for r2 := 0; r2 < h.n; r2++ {
		if !h.open[r2] {
			continue
		}
		d := r2 - r
		h.remove(r2, c)
		if c+d >= 0 && c+d < h.n {
			h.remove(r2, c+d)
		}
		if c-d >= 0 && c-d < h.n {
			h.remove(r2, c-d)
		}
		if h.size[r2] == 0 {
			ok = false
		}
	}
	return ok
}

// undo takes the queen of row r back and restores the domains to trail
// length mark.
func (h *mrv) undo(r, mark int) {
	for _, sq := range h.trail[mark:] {
		r2, c := int(sq)/h.n, int(sq)%h.n
		h.dom[r2*h.words+c>>6] |= 1 << (c & 63)
		h.size[r2]++
	}
	h.trail = h.trail[:mark]
	h.open[r], h.place[r] = true, model.Unset
}

// choose returns the open row with the fewest squares left, the nearest
// the middle among ties, or -1 when every row has its queen.
func (h *mrv) choose() int {
	best, bestSize, bestDist := -1, h.n+1, h.n
	for r := 0; r < h.n; r++ {
		if !h.open[r] {
			continue
		}
		dist := 2*r - (h.n - 1)
		if dist < 0 {
			dist = -dist
		}
		if s := h.size[r]; s < bestSize || s == bestSize && dist < bestDist {
			best, bestSize, bestDist = r, s, dist
		}
	}
	return best
}

func (h *mrv) search() {
	h.nodes = 0
	h.done, h.first = false, nil
	h.solve(0)
}

// solve places the queen of the next row, at depth levels of the search.
func (h *mrv) solve(depth int) {
	h.nodes++
	if h.nodes&0xfff == 0 && h.ctx.Err() != nil {
		h.stopped, h.done = true, true
		return
	}
	if h.budget >= 0 {
		if h.budget == 0 {
			h.outOfBudget, h.done = true, true
			return
		}
		h.budget--
	}
	r := h.choose()
	if r < 0 {
		h.count++
		if h.first == nil {
			h.first = h.place.Clone()
		}
		if h.firstOnly || h.each != nil && !h.each(h.place) {
			h.done = true
		}
		return
	}
	if depth == len(h.vals) {
		h.vals = append(h.vals, nil)
	}
	vals := h.vals[depth][:0]
	row := h.dom[r*h.words : (r+1)*h.words]
	for w, word := range row {
		for word != 0 {
			vals = append(vals, w<<6+bits.TrailingZeros64(word))
			word &= word - 1
		}
	}
	if h.rng != nil {
		h.rng.Shuffle(len(vals), func(i, j int) { vals[i], vals[j] = vals[j], vals[i] })
	}
	h.vals[depth] = vals
	for _, c := range vals {
		if h.done {
			return
		}
		mark := len(h.trail)
		if h.assign(r, c) {
			h.solve(depth + 1)
		}
		h.undo(r, mark)
	}
}
