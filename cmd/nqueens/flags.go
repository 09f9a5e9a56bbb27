package main

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/queenslab/nqueens"
	"github.com/queenslab/nqueens/encode"
)

// The flags that several commands share, and the parsing of their values.

// solverFlags are the flags of method sat, and the time limit.
type solverFlags struct {
	solver, amo string
	timeoutFlag
}

// timeoutFlag is --timeout: the time limit of a command's work.
type timeoutFlag struct{ timeout time.Duration }

func (t *timeoutFlag) add(c *cobra.Command) {
	c.Flags().DurationVar(&t.timeout, "timeout", 0, "give up after this long (e.g. 10s, 2m): exit 1")
}

// context is the command's context, cancelled at the time limit if one is
// given.
func (t *timeoutFlag) context(cmd *cobra.Command) (context.Context, context.CancelFunc) {
	if t.timeout > 0 {
		return context.WithTimeout(cmd.Context(), t.timeout)
	}
	return context.WithCancel(cmd.Context())
}

func (solverOpts *solverFlags) add(c *cobra.Command) {
	solverOpts.addSolver(c)
	c.Flags().StringVar(&solverOpts.amo, "amo", "", "sat: at-most-one encoding (default "+nqueens.DefaultSATAMORule()+"; see nqueens encode --help)")
}

// addSolver adds --solver and --timeout only: a CNF file has its own
// encoding.
func (solverOpts *solverFlags) addSolver(c *cobra.Command) {
	c.Flags().StringVar(&solverOpts.solver, "solver", "", "sat: gini (default), gophersat, cadical, kissat, minisat, cryptominisat5, picosat, clasp, or a path")
	solverOpts.timeoutFlag.add(c)
}

// addCounting adds --solver (of the solvers that list every model: what a
// count by SAT needs) and --amo and --timeout, as count takes them.
func (solverOpts *solverFlags) addCounting(c *cobra.Command) {
	c.Flags().StringVar(&solverOpts.solver, "solver", "", "sat: a solver that lists every model: gini (default), gophersat, clasp, cryptominisat5")
	c.Flags().StringVar(&solverOpts.amo, "amo", "", "sat: at-most-one encoding (default "+nqueens.DefaultSATAMORule()+"; see nqueens encode --help)")
	solverOpts.timeoutFlag.add(c)
}

// check refuses the sat flags with another method and a bad encoding.
func (solverOpts *solverFlags) check(method nqueens.Method) error {
	if method != nqueens.SAT && (solverOpts.solver != "" || solverOpts.amo != "") {
		return usagef("--solver and --amo apply to --method sat only")
	}
	if solverOpts.amo != "" {
		if _, err := encode.ParseAMO(solverOpts.amo); err != nil {
			return usageError{err}
		}
	}
	return nil
}

// timedOut turns the expiry of --timeout into a one-line failure.
func (solverOpts *solverFlags) timedOut(err error, method nqueens.Method) error {
	if errors.Is(err, context.DeadlineExceeded) {
		return fmt.Errorf("no answer within %v (method %s)", solverOpts.timeout, method)
	}
	return nil
}

// parseOrder reads --order for a method that searches in the given orders
// (none: the flag does not apply; takers names the methods that take one);
// "" is nqueens.OrderLex.
func parseOrder(s string, orders []nqueens.Order, takers []nqueens.Method) (nqueens.Order, error) {
	if s == "" {
		return nqueens.OrderLex, nil
	}
	if len(orders) == 0 {
		names := make([]string, len(takers))
		for i, m := range takers {
			names[i] = string(m)
		}
		return 0, usagef("--order applies to --method %s", strings.Join(names, " and "))
	}
	o, err := nqueens.ParseOrder(s)
	if err != nil {
		return 0, usageError{err}
	}
	return o, nil
}

// ordered lists the methods of a registry list that take an order.
func ordered[T any](list []T, of func(T) ([]nqueens.Order, nqueens.Method)) []nqueens.Method {
	var out []nqueens.Method
	for _, x := range list {
		if orders, name := of(x); len(orders) > 0 {
			out = append(out, name)
		}
	}
	return out
}

// methodList names the methods of a registry list for a flag's help:
// "localsearch, construct, backtrack, sat or dlx".
func methodList[T any](list []T, name func(T) nqueens.Method) string {
	names := make([]string, len(list))
	for i, x := range list {
		names[i] = string(name(x))
	}
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// splitList reads a comma-separated list of a flag (--solvers, --formats),
// its items trimmed, empty ones dropped.
func splitList(s string) []string {
	var out []string
	for _, x := range strings.Split(s, ",") {
		if x = strings.TrimSpace(x); x != "" {
			out = append(out, x)
		}
	}
	return out
}
