// Package counting counts the solutions of N-Queens, three ways that check
// each other:
//
//	r, _ := counting.JoinCount(ctx, 14, counting.JoinOptions{Jobs: 2})
//	fmt.Println(r.All) // 365596
//	b, _ := counting.Bitmask(ctx, 12, counting.BitmaskOptions{Jobs: 2})
//	fmt.Println(b.All, b.Distinct) // 14200 1787
//	v, _ := counting.JoinCountProblem(ctx, model.Problem{N: 12, Fixed: []model.Square{{Row: 0, Col: 2}}}, counting.JoinOptions{})
//	fmt.Println(v.All) // 1165: the solutions with a queen on row 1, column 3
//
// JoinCount joins the placements of quarter boards into halves and counts
// the pairs of halves that fit (a meet in the middle, as Kluev's
// N-Queens-Count-Sol; join.go proves the weights), enumerating no
// solution; JoinCountProblem counts the variants the same way, each
// quarter on its open squares. ConstellationCount counts by the queens of
// the border, one constellation per symmetry class, and Bitmask is
// Takaken's search; both give the essentially distinct count too. Each is
// cut into work units (Units, JoinUnits) that run on all cores and that
// package cluster journals and shares out over machines; JoinMemory and
// ForecastJoin say what a count will take before it starts.
//
// Counting imports no search: boards below a counter's cut are counted by
// trying every assignment of columns, each checked by model.Verify, so
// that package search confirms these counts with code that shares nothing
// with them.
package counting

import "github.com/queenslab/nqueens/native/internal/work"

// MaxJobs bounds the goroutines of a parallel count (more are taken as
// MaxJobs): beyond a few a core they only cost memory.
const MaxJobs = work.MaxJobs

// TooLargeError says that a board is beyond what a method accepts.
type TooLargeError = work.TooLargeError
