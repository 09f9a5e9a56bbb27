package native_test

import (
	"context"
	"fmt"

	"github.com/queenslab/nqueens/model"
	"github.com/queenslab/nqueens/native/counting"
	"github.com/queenslab/nqueens/native/huge"
	"github.com/queenslab/nqueens/native/search"
)

// Each family answers its own question: how many solutions (counting),
// whether and which under constraints (search), one solution of a huge
// board (huge). The count and the search share no code, so the one checks
// the other.
func Example() {
	ctx := context.Background()
	c, _ := counting.JoinCount(ctx, 12, counting.JoinOptions{Jobs: 2})
	s, _ := search.CP(ctx, model.Classic(12), search.CPOptions{Jobs: 2})
	h, _ := huge.LocalSearch(ctx, 1_000_000, huge.LocalSearchOptions{Seed: 42})
	fmt.Println(c.All, s.Count, model.VerifyColumns(model.Classic(1_000_000), h.Columns))
	// Output: 14200 14200 <nil>
}
