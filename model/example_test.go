package model_test

import (
	"fmt"
	"os"

	"github.com/queenslab/nqueens/model"
)

func ExampleVerify() {
	p := model.Classic(8)
	fmt.Println(model.Verify(p, model.Placement{0, 4, 7, 5, 2, 6, 1, 3}))
	fmt.Println(model.Verify(p, model.Placement{0, 4, 7, 5, 2, 6, 3, 1}))
	// Output:
	// <nil>
	// rows 3 and 7 share a diagonal
}

func ExampleCanonical() {
	c, orbit, _ := model.Canonical(model.Placement{1, 3, 0, 2})
	fmt.Println(c, orbit)
	// Output: [1 3 0 2] 2
}

func ExampleWriteSolution() {
	model.WriteSolution(os.Stdout, model.Placement{1, 3, 0, 2})
	// Output:
	// 2 4 1 3
	// -*--
	// ---*
	// *---
	// --*-
}
