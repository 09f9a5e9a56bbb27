package native_test

import (
	"context"
	"fmt"

	"github.com/queenslab/nqueens/model"
	"github.com/queenslab/nqueens/native"
)

func ExampleBacktrack() {
	r, _ := native.Backtrack(context.Background(), model.Classic(8), native.BacktrackOptions{})
	fmt.Println(r.Count, r.First, r.Nodes)
	// Output: 92 [0 4 7 5 2 6 1 3] 2057
}

func ExampleBitmask() {
	r, _ := native.Bitmask(context.Background(), 12, native.BitmaskOptions{Jobs: 2})
	fmt.Println(r.All, r.Distinct)
	// Output: 14200 1787
}

func ExampleLocalSearch() {
	r, _ := native.LocalSearch(context.Background(), 1_000_000, native.LocalSearchOptions{Seed: 42})
	fmt.Println(len(r.Columns), model.VerifyColumns(model.Classic(1_000_000), r.Columns))
	// Output: 1000000 <nil>
}

func ExampleConstruct() {
	q, _ := native.Construct(8)
	fmt.Println(q)
	// Output: [1 3 5 7 2 0 6 4]
}
