package counting_test

import (
	"context"
	"fmt"

	"github.com/queenslab/nqueens/model"
	"github.com/queenslab/nqueens/native/counting"
)

func ExampleBitmask() {
	r, _ := counting.Bitmask(context.Background(), 12, counting.BitmaskOptions{Jobs: 2})
	fmt.Println(r.All, r.Distinct)
	// Output: 14200 1787
}

// The join counts a variant too: here the 12-queens solutions with a
// queen on row 1, column 3 (0-based row 0, column 2).
func ExampleJoinCountProblem() {
	p := model.Problem{N: 12, Fixed: []model.Square{{Row: 0, Col: 2}}}
	r, _ := counting.JoinCountProblem(context.Background(), p, counting.JoinOptions{Jobs: 2})
	fmt.Println(r.All)
	// Output: 1165
}

func ExampleJoinCount() {
	r, _ := counting.JoinCount(context.Background(), 14, counting.JoinOptions{Jobs: 2})
	fmt.Println(r.All)
	// Output: 365596
}
