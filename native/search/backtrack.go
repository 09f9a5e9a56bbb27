package search

import (
	"context"

	"github.com/queenslab/nqueens/model"
	"github.com/queenslab/nqueens/native/internal/work"
)

// BacktrackMaxN is the largest board the backtracking search accepts. It
// finds a first solution quickly up to a few dozen queens and counts up to
// about 16; past that it is the wrong method, and a board this large is
// refused rather than left to run for ever.
const BacktrackMaxN = 1000

// BacktrackOptions choose what Backtrack does.
type BacktrackOptions struct {
	// FirstOnly stops at the first solution instead of counting them all.
	FirstOnly bool
	// ForwardCheck rejects a placement that leaves a later row with no free
	// square (forward checking, Haralick and Elliott 1980), so fewer nodes
	// are searched.
	ForwardCheck bool
	// Each, if set, is called with every solution found, in lexicographic
	// order; the slice is reused, so copy it to keep it. Returning false
	// stops the search.
	Each func(model.Placement) bool
	// Trace, if set, is told every step of the search, in order: each
	// square tried in a row (attacked, or taken), each queen taken back,
	// each row given up (the step back), each solution. Rows with a
	// pre-placed queen pass through without steps.
	Trace func(TraceStep)
	// Progress, if set, is told the nodes searched so far, every 65,536
	// nodes (a display of a long search).
	Progress func(nodes uint64)
}

// TraceKind is the kind of a step of the search.
type TraceKind int

const (
	StepAttacked TraceKind = iota // the square (Row, Col) is attacked (or blocked): skipped
	StepPlace                     // a queen goes on (Row, Col)
	StepRejected                  // forward checking: (Row, Col) would leave a later row no square
	StepRemove                    // the queen on (Row, Col) is taken back
	StepBackUp                    // row Row has no column left: back up to the row above
	StepSolution                  // every row has its queen
)

// TraceStep is one step of the search.
type TraceStep struct {
	Kind     TraceKind
	Row, Col int
}

// BacktrackResult is what Backtrack found.
type BacktrackResult struct {
	// Count is the number of solutions (1 or 0 with FirstOnly).
	Count uint64
	// First is the first solution in lexicographic order, or nil.
	First model.Placement
	// Nodes counts the calls of the search, the empty board included: the
	// nodes of the search tree (2,057 for the classic n = 8).
	Nodes uint64
}

// Backtrack is the textbook search of Wirth ("Algorithms + Data Structures
// = Programs", 1976, Section 3.5):
// one queen per row, rows from the top, columns from the left, three flag
// arrays for the columns and the two diagonal families, a step back when a
// row has no safe square. It counts the solutions of p (or stops at the
// first), returns the first one found and the number of search-tree nodes.
//
// Pre-placed queens are marked before the search starts and their rows are
// passed through; blocked squares are skipped; excluded diagonals and the
// columns that take no queen are marked as if a queen held them, and the
// rows that take none are passed through. On cancellation it returns
// what it has so far with ctx.Err().
func Backtrack(ctx context.Context, p model.Problem, opt BacktrackOptions) (BacktrackResult, error) {
	if ctx == nil {
		return BacktrackResult{}, work.NilContext("Backtrack")
	}
	if err := p.Validate(); err != nil {
		return BacktrackResult{}, err
	}
	if p.N > BacktrackMaxN {
		return BacktrackResult{}, work.TooLarge("backtracking", p.N, BacktrackMaxN)
	}
	n := p.N
	s := &btState{
		ctx:      ctx,
		n:        n,
		opt:      opt,
		cols:     make([]bool, n),
		diag1:    make([]bool, 2*n),
		diag2:    make([]bool, 2*n+1),
		place:    make(model.Placement, n),
		fixedCol: make([]int, n),
	}
	for i := range s.fixedCol {
		s.fixedCol[i] = model.Unset
	}
	for _, b := range p.Blocked {
		if s.blocked == nil {
			s.blocked = make([][]bool, n)
		}
		if s.blocked[b.Row] == nil {
			s.blocked[b.Row] = make([]bool, n)
		}
		s.blocked[b.Row][b.Col] = true
	}
	// Excluded diagonals and columns that take no queen are marked as if a
	// queen held them; rows that take none are passed through.
	for _, d := range p.Excluded {
		if d.Kind == model.Sum {
			s.diag1[d.Index] = true
		} else {
			s.diag2[d.Index+n] = true
		}
	}
	if p.Rows != nil {
		board := p.Board()
		s.emptyRow = make([]bool, n)
		for i := range n {
			s.emptyRow[i] = !board.RowTakesQueen(i)
			if !board.ColTakesQueen(i) {
				s.cols[i] = true
			}
		}
	}
	// Pre-placed queens: mark them; if two attack each other or one stands on
	// a blocked square, the problem has no solution and the search tree is
	// the empty board alone.
	for _, f := range p.Fixed {
		if s.fixedCol[f.Row] == f.Col {
			continue
		}
		if s.fixedCol[f.Row] != model.Unset || !s.free(f.Row, f.Col) || s.emptyRow != nil && s.emptyRow[f.Row] {
			return BacktrackResult{Nodes: 1}, nil
		}
		s.fixedCol[f.Row] = f.Col
		s.mark(f.Row, f.Col, true)
	}
	s.solve(0)
	res := BacktrackResult{Count: s.count, First: s.first, Nodes: s.nodes}
	if s.stopped {
		return res, ctx.Err()
	}
	return res, nil
}

type btState struct {
	ctx                context.Context
	n                  int
	opt                BacktrackOptions
	cols, diag1, diag2 []bool
	blocked            [][]bool // nil, or per row nil or a flag per column
	emptyRow           []bool   // nil, or the rows that take no queen
	fixedCol           []int
	place              model.Placement
	first              model.Placement
	count, nodes       uint64
	stopped, done      bool
}

// free reports whether a queen may stand on (r, c): no queen in its column or
// on its diagonals, and the square not blocked.
func (s *btState) free(r, c int) bool {
	if s.cols[c] || s.diag1[r+c] || s.diag2[r-c+s.n] {
		return false
	}
	return s.blocked == nil || s.blocked[r] == nil || !s.blocked[r][c]
}

func (s *btState) mark(r, c int, v bool) {
	s.cols[c], s.diag1[r+c], s.diag2[r-c+s.n] = v, v, v
}

// solve is the recursive step of Wirth's program: try every column of row r.
func (s *btState) solve(r int) {
	s.nodes++
	if s.nodes&0xffff == 0 {
		if s.ctx.Err() != nil {
			s.stopped, s.done = true, true
			return
		}
		if s.opt.Progress != nil {
			s.opt.Progress(s.nodes)
		}
	}
	if r == s.n {
		if s.opt.Trace != nil {
			s.opt.Trace(TraceStep{Kind: StepSolution, Row: r})
		}
		s.count++
		if s.first == nil {
			s.first = s.place.Clone()
		}
		if s.opt.FirstOnly || (s.opt.Each != nil && !s.opt.Each(s.place)) {
			s.done = true
		}
		return
	}
	if f := s.fixedCol[r]; f != model.Unset {
		// Marked before the search: pass through.
		s.place[r] = f
		s.solve(r + 1)
		return
	}
	if s.emptyRow != nil && s.emptyRow[r] {
		s.place[r] = model.Unset
		s.solve(r + 1)
		return
	}
	trace := s.opt.Trace
	for c := 0; c < s.n && !s.done; c++ {
		if !s.free(r, c) {
			if trace != nil {
				trace(TraceStep{Kind: StepAttacked, Row: r, Col: c})
			}
			continue // attacked: prune this branch
		}
		s.mark(r, c, true)
		if !s.opt.ForwardCheck || s.laterRowsOpen(r) {
			s.place[r] = c
			if trace != nil {
				trace(TraceStep{Kind: StepPlace, Row: r, Col: c})
			}
			s.solve(r + 1)
			if trace != nil && !s.done {
				trace(TraceStep{Kind: StepRemove, Row: r, Col: c})
			}
		} else if trace != nil {
			trace(TraceStep{Kind: StepRejected, Row: r, Col: c})
		}
		s.mark(r, c, false) // undo, try the next column
	}
	if trace != nil && !s.done {
		trace(TraceStep{Kind: StepBackUp, Row: r})
	}
}

// laterRowsOpen reports whether every row after r still has a square where a
// queen may stand (forward checking).
func (s *btState) laterRowsOpen(r int) bool {
	for r2 := r + 1; r2 < s.n; r2++ {
		if f := s.fixedCol[r2]; f != model.Unset || s.emptyRow != nil && s.emptyRow[r2] {
			continue // its queen is already on the board, or it takes none
		}
		open := false
		for c := 0; c < s.n && !open; c++ {
			open = s.free(r2, c)
		}
		if !open {
			return false
		}
	}
	return true
}
