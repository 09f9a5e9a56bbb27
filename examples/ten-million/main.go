// Command ten-million shows the large-N path: it places ten million queens
// by Sosič–Gu local search and verifies the placement with the model's
// bitset check, independently of the solver.
//
//	go run ./examples/ten-million [N]
package main

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"time"

	"github.com/queenslab/nqueens/model"
	"github.com/queenslab/nqueens/native/huge"
)

func main() {
	n := 10_000_000
	if len(os.Args) > 1 {
		n, _ = strconv.Atoi(os.Args[1])
	}
	start := time.Now()
	r, err := huge.LocalSearch(context.Background(), n, huge.LocalSearchOptions{Seed: 42})
	if err != nil {
		fmt.Fprintln(os.Stderr, "ten-million:", err)
		os.Exit(1)
	}
	found := time.Since(start)
	if err := model.VerifyColumns(model.Classic(n), r.Columns); err != nil {
		fmt.Fprintln(os.Stderr, "ten-million: not a solution:", err)
		os.Exit(1)
	}
	fmt.Printf("N = %d: found in %.2f s (seed %d), verified in %.2f s\n", n, found.Seconds(), r.Seed, time.Since(start).Seconds()-found.Seconds())
}
