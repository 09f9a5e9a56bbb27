package dlx_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/queenslab/nqueens/solvers/dlx"
	"github.com/queenslab/nqueens/xcc"
)

// Knuth's example from his DLX1 program: one exact cover.
func ExampleProblem_Enumerate() {
	x, _ := xcc.Read(strings.NewReader("A B C D E F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n"))
	d, _ := dlx.New(x)
	n, st, _ := d.Enumerate(context.Background(), func(opts []int) bool {
		fmt.Println("options", opts)
		return true
	})
	fmt.Println(n, "solution,", st.Nodes, "nodes")
	// Output:
	// options [3 0 4]
	// 1 solution, 6 nodes
}
