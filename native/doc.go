// Package native solves N-Queens directly, without an encoding:
//
//   - counting: JoinCount, a meet in the middle that joins the placements
//     of quarter boards and enumerates no solution (JoinCountProblem for
//     the variants too); ConstellationCount, by the queens of the border;
//     Bitmask, Takaken's search. The three use the symmetries of the
//     square, run on all cores and check each other;
//   - deciding and counting every variant (pre-placed queens, blocked
//     squares, excluded diagonals, subsets of rows and columns): CP,
//     constraint propagation on bitsets with forward checking, the
//     diagonal-sum bound and randomized restarts; Backtrack, the search of
//     the textbooks (first solution, count, node count, forward checking)
//     and Heuristic, its heuristic order (fewest open squares first);
//     Refute, a proof of "no solution" from the linear relaxation (Farkas'
//     lemma); EstimateCP, Knuth's estimate of CP's tree before it runs;
//   - one solution of a huge board: LocalSearch, Sosič and Gu's local
//     search, for hundreds of millions of queens, and Construct, an
//     explicit construction for every N >= 4.
//
// Package native imports only package model (and internal helpers). Long runs take a
// context.Context and return what they have with ctx.Err() when it ends.
package native

import "fmt"

// TooLargeError says that a board is beyond what a method accepts.
type TooLargeError struct {
	Method   string
	N, Limit int
}

func (e *TooLargeError) Error() string {
	return fmt.Sprintf("native: N = %d is too large for %s (at most %d)", e.N, e.Method, e.Limit)
}

func errTooLarge(method string, n, limit int) error {
	return &TooLargeError{Method: method, N: n, Limit: limit}
}
