// Command certify shows the cross-checking API: it counts n = 1..9 with the
// direct counters, dancing links and gini in every encoding, and reports
// whether all agree with each other and with OEIS.
//
//	go run ./examples/certify
package main

import (
	"context"
	"fmt"
	"os"

	"github.com/queenslab/nqueens/check"
)

func main() {
	cells, ok, err := check.Run(context.Background(), check.Options{
		From: 1, To: 9,
		Methods: []string{"bitmask", "backtrack", "dlx", "sat/gini", "find/construct"},
	})
	if err != nil {
		fmt.Fprintln(os.Stderr, "certify:", err)
		os.Exit(1)
	}
	for _, c := range cells {
		if c.Count != nil && c.N == 9 {
			fmt.Printf("n = 9, %-20s %d solutions in %.3f s\n", c.Method, *c.Count, c.Seconds)
		}
		if c.Status != check.OK {
			fmt.Printf("n = %d, %s: %s %s\n", c.N, c.Method, c.Status, c.Note)
		}
	}
	if !ok {
		fmt.Println("the methods disagree")
		os.Exit(1)
	}
	fmt.Printf("%d results, all in agreement with each other and with OEIS\n", len(cells))
}
