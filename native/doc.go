// Package native solves N-Queens directly, without an encoding: the
// backtracking search of the textbooks (count, first solution, node count,
// forward checking), three counters that use the symmetries of the square
// and run on all cores (JoinCount, a meet in the middle that joins the
// placements of quarter boards and enumerates no solution;
// ConstellationCount, by the queens of the border; and Bitmask, Takaken's
// search: each checks the others), the Sosič–Gu
// local search that finds
// one solution for hundreds of millions of queens, and an explicit
// construction for every N >= 4.
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
