package huge_test

import (
	"context"
	"fmt"

	"github.com/queenslab/nqueens/model"
	"github.com/queenslab/nqueens/native/huge"
)

func ExampleLocalSearch() {
	r, _ := huge.LocalSearch(context.Background(), 1_000_000, huge.LocalSearchOptions{Seed: 42})
	fmt.Println(len(r.Columns), model.VerifyColumns(model.Classic(1_000_000), r.Columns))
	// Output: 1000000 <nil>
}

func ExampleConstruct() {
	q, _ := huge.Construct(8)
	fmt.Println(q)
	// Output: [1 3 5 7 2 0 6 4]
}
