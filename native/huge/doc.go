// Package huge finds one solution of a board of any size, fast:
//
//	r, _ := huge.LocalSearch(ctx, 1_000_000, huge.LocalSearchOptions{Seed: 42})
//	fmt.Println(model.VerifyColumns(model.Classic(1_000_000), r.Columns)) // <nil>
//	q, _ := huge.Construct(8)
//	fmt.Println(q) // [1 3 5 7 2 0 6 4]
//
// LocalSearch is Sosič and Gu's conflict-minimizing local search, with
// columns in 32 bits and the diagonals' counts in two bits each
// (LocalSearchBytesPerQueen), for hundreds of millions of queens. Construct
// is an explicit construction for every N >= 4, in linear time. Boards
// without a solution (N = 2 and 3) give model.ErrNoSolution.
package huge

import "github.com/queenslab/nqueens/native/internal/work"

// TooLargeError says that a board is beyond what a method accepts.
type TooLargeError = work.TooLargeError
