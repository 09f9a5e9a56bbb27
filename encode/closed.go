package encode

import "github.com/queenslab/nqueens/model"

// Closed squares and lines of the excluded diagonals problem, as the CNF
// and the OPB write them: a line that takes no queen (a row or column
// outside the problem's Rows and Cols, an excluded diagonal) has no
// constraint, and each square it closes is a unit "no queen here".

// hasClosedLines reports whether p has lines without a constraint:
// excluded diagonals, or rows and columns that take no queen.
func hasClosedLines(p model.Problem) bool { return len(p.Excluded) > 0 || p.Rows != nil }

// lineActive reports whether a line of Lines has its constraints: a row or
// column that takes a queen, a diagonal not excluded.
func lineActive(p model.Problem, board *model.Board, kind LineKind, index int) bool {
	switch kind {
	case Row:
		return board.RowTakesQueen(index)
	case Column:
		return board.ColTakesQueen(index)
	case Diagonal:
		return !board.Excluded(model.Diagonal{Kind: model.Sum, Index: index})
	}
	return !board.Excluded(model.Diagonal{Kind: model.Difference, Index: p.N - 1 - index})
}

// extraClosed calls unit(r, c) for every square closed by an excluded
// diagonal or by a row or column that takes no queen and not blocked
// already (a blocked square has its unit with the others), row by row,
// and returns how many.
func extraClosed(p model.Problem, board *model.Board, unit func(r, c int)) int {
	n := p.N
	blocked := make(map[model.Square]bool, len(p.Blocked))
	for _, s := range p.Blocked {
		blocked[s] = true
	}
	count := 0
	for r := range n {
		for c := range n {
			s := model.Square{Row: r, Col: c}
			closed := !board.RowTakesQueen(r) || !board.ColTakesQueen(c) ||
				board.Excluded(model.SumDiagonal(s)) || board.Excluded(model.DifferenceDiagonal(s))
			if closed && !blocked[s] {
				unit(r, c)
				count++
			}
		}
	}
	return count
}
