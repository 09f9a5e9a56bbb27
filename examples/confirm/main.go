// Command confirm shows what a count of a variant rests on: the registry
// counts and says what it knows without a second search (here nothing,
// for a board with pre-placed queens and blocked squares), and package
// confirm counts again with an independent method and says which. For the
// classic problem the registry's own evidence is OEIS. A count that
// disagrees with the second method would be a *nqueens.WrongAnswerError.
//
//	go run ./examples/confirm [N]
package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strconv"

	"github.com/queenslab/nqueens"
	"github.com/queenslab/nqueens/confirm"
	"github.com/queenslab/nqueens/model"
)

func main() {
	n := 10
	if len(os.Args) > 1 {
		var err error
		if n, err = strconv.Atoi(os.Args[1]); err != nil || n < 4 || n > 16 {
			fail(fmt.Errorf("N = %q: want a number from 4 to 16", os.Args[1]))
		}
	}
	ctx := context.Background()
	variant := model.Problem{N: n, Fixed: []model.Square{{Row: 0, Col: 1}}, Blocked: []model.Square{{Row: n - 1, Col: n - 1}}}
	c, err := nqueens.LookupCounter(confirm.DefaultCounter(variant))
	if err != nil {
		fail(err)
	}
	// The registry alone: no second count, the evidence says so.
	r, err := c.Count(ctx, variant, nqueens.CountOptions{})
	if err != nil {
		fail(err)
	}
	fmt.Printf("%s: %d solutions by %s; %s: %s\n", variant.Variant(), r.All, r.Method, r.Provenance.Evidence, r.Provenance)
	// Confirmed: a second, independent method counts the same.
	if err := confirm.Counted(ctx, variant, r, confirm.Options{}); err != nil {
		var wrong *nqueens.WrongAnswerError
		if errors.As(err, &wrong) {
			fail(fmt.Errorf("the count is wrong: %v", wrong))
		}
		fail(err)
	}
	if !r.Provenance.Confirmed() {
		fail(fmt.Errorf("not confirmed: %s", r.Provenance))
	}
	fmt.Printf("%s: %d solutions; %s: confirmed by %s\n", variant.Variant(), r.All, r.Provenance.Evidence, r.Provenance)
	// The classic problem: the registry holds the count to OEIS itself.
	classic, err := confirm.Count(ctx, c, model.Classic(n), nqueens.CountOptions{}, confirm.Options{})
	if err != nil {
		fail(err)
	}
	fmt.Printf("classic N = %d: %d solutions; %s: confirmed by %s\n", n, classic.All, classic.Provenance.Evidence, classic.Provenance)
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "confirm:", err)
	os.Exit(1)
}
