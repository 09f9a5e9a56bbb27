package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/queenslab/nqueens"
	"github.com/queenslab/nqueens/confirm"
	"github.com/queenslab/nqueens/draw"
	"github.com/queenslab/nqueens/internal/atomicfile"
	"github.com/queenslab/nqueens/internal/memlimit"
	"github.com/queenslab/nqueens/model"
)

// jsonSolutionLimit is the largest N whose columns go into JSON output;
// larger solutions belong in a file (-o).
const jsonSolutionLimit = 1_000_000

// boardLimit is the largest N drawn on the terminal with --board.
const boardLimit = 200

func newSolve(e *env) *cobra.Command {
	var (
		method        string
		seed          uint64
		out           string
		board, asJSON bool
		forward       bool
		certify       bool
		order         string
		jobs          int
		noConfirm     bool
		probFlags     problemFlags
		solverOpts    solverFlags
		pic           pictureFlags
		refute        refutationFlag
	)
	c := &cobra.Command{
		Use:   "solve [N]",
		Short: "Find one solution and verify it",
		Long: `Find one solution of the N-Queens problem, verify it, and print a summary line.

Methods: localsearch (default; Sosič–Gu local search, N up to 4,294,967,295 as
memory allows, about 5.6 bytes a queen), construct (explicit formula, O(N)),
backtrack (the lexicographically first solution; honours --fix and --block),
sat (the CNF with the encoding of --amo, answered by --solver: gini, the
default, gophersat, cadical, kissat, minisat, cryptominisat5, picosat, clasp,
or the path of any DIMACS solver; N <= 1000), dlx (exact cover by dancing
links, N <= 1000). --timeout limits any method: no answer in time is exit 1.
For a variant, the default is cp, and its "no solution" is confirmed by a
refutation of the linear relaxation (Farkas' lemma, checked in integers)
where there is one, else by a second complete method.
With -o the solution is written in the classic format: the 1-based column of
each row on one line, then a drawing for N <= 20. N = 2 and 3 have no
solution: the exit status is then 1.

` + limitsHelp("solve"),
		Args: argsBetween(0, 1, "N (or --diagonals FILE.param)"),
		RunE: func(cmd *cobra.Command, args []string) error {
			p, f, err := methodFor(&probFlags, args, method, confirm.DefaultFinder, nqueens.LookupFinder[string])
			if err != nil {
				return err
			}
			n := p.N
			if board && n > boardLimit {
				return usagef("--board draws boards up to N = %d; use -o to write the solution", boardLimit)
			}
			if err := checkWritable(out); err != nil {
				return err
			}
			if err := checkWritable(refute.path); err != nil {
				return err
			}
			if err := distinctFiles(fileArg{"-o", out, true}, fileArg{"--refutation", refute.path, true}, fileArg{"--svg", pic.svg, true}, fileArg{"--png", pic.png, true}, probFlags.paramFile()); err != nil {
				return err
			}
			if err := pic.check(); err != nil {
				return err
			}
			if l, ok := memlimit.Available(); ok {
				if err := memoryCheck(f, n, l); err != nil {
					return err
				}
			}
			if err := solverOpts.check(f.Name); err != nil {
				return err
			}
			ctx, cancel := solverOpts.context(cmd)
			defer cancel()
			ord, err := parseOrder(order, f.Orders, ordered(nqueens.Finders(), func(f nqueens.Finder) ([]nqueens.Order, nqueens.Method) { return f.Orders, f.Name }))
			if err != nil {
				return err
			}
			if err := checkJobs(jobs, 0); err != nil {
				return err
			}
			fo := nqueens.FindOptions{Seed: seed, ForwardCheck: forward, Solver: solverOpts.solver, AMO: solverOpts.amo, Order: ord, Jobs: jobs}
			switch f.Reports(n, ord) {
			case nqueens.ProgressFraction:
				bar := e.progress(fmt.Sprintf("N = %d: collisions removed", n), 0)
				fo.Progress = bar.set
				defer bar.done()
			case nqueens.ProgressNodes:
				// A complete search may run long: nodes searched, their
				// rate and the time so far (the total is unknown).
				bar := e.progress(fmt.Sprintf("N = %d: nodes searched", n), 0)
				fo.Progress = bar.set
				defer bar.done()
			}
			var s *nqueens.Solution
			if noConfirm && !certify {
				s, err = f.Find(ctx, p, fo)
			} else {
				tell, stop := e.confirming()
				s, err = confirm.Find(ctx, f, p, fo, confirm.Options{Certify: certify, Progress: tell})
				stop()
			}
			if err := solverOpts.timedOut(err, f.Name); err != nil {
				return err
			}
			var none *nqueens.NoSolutionError
			if errors.As(err, &none) {
				more, err := refute.write(cmd, e, p, none.Provenance.Farkas)
				if err != nil {
					return err
				}
				if asJSON {
					written := ""
					if more == "" {
						written = refute.path
					}
					if err := writeNoneJSON(e, p, none, written); err != nil {
						return err
					}
					return failure{}
				}
				who := nqueens.Who(none.Method, none.Solver)
				if !none.Provenance.Confirmed() {
					return failure{fmt.Sprintf("N = %d: %s found no solution in %.3f s; unconfirmed: %s%s%s", n, who, none.Elapsed.Seconds(), none.Provenance, confirmTime(none.Provenance), more)}
				}
				took := fmt.Sprintf("%.3f s", none.Elapsed.Seconds())
				if pr := none.Provenance; pr.Elapsed > 0 {
					took += fmt.Sprintf(", confirmation %.3f s", pr.Elapsed.Seconds())
				}
				return failure{fmt.Sprintf("N = %d: no solution exists (%s; confirmed by %s); %s%s", n, who, none.Provenance, took, more)}
			}
			if err != nil {
				return err
			}
			if out != "" {
				if err := atomicfile.Write(cmd.Context(), out, func(w io.Writer) error { return model.WriteSolution(w, s.Columns) }); err != nil {
					return err
				}
			}
			if err := pic.write(cmd.Context(), draw.Picture{Problem: p, Columns: s.Columns}); err != nil {
				return err
			}
			if asJSON {
				return writeSolveJSON(e, s, out)
			}
			fmt.Fprintln(e.stdout, summary(s))
			if board {
				return model.DrawBoard(e.stdout, s.Columns)
			}
			return nil
		},
	}
	c.Flags().StringVarP(&method, "method", "m", "", methodList(nqueens.Finders(), func(f nqueens.Finder) nqueens.Method { return f.Name })+" (default: localsearch for the classic problem, else the fastest complete decider: cp up to N = 64, dlx above)")
	c.Flags().IntVarP(&jobs, "jobs", "j", 0, "cp: goroutines to search with (0: all cores)")
	c.Flags().BoolVar(&noConfirm, "no-confirm", false, "print 'no solution' unconfirmed instead of confirming it by a second method (to time one method alone)")
	c.Flags().Uint64Var(&seed, "seed", 0, "random seed for localsearch (0: from the clock; the seed used is printed)")
	c.Flags().StringVarP(&out, "output", "o", "", "write the solution to this file (classic format, 1-based)")
	c.Flags().BoolVar(&board, "board", false, "draw the board ('*' queen, '-' empty), N <= 200")
	c.Flags().BoolVar(&asJSON, "json", false, "print JSON (0-based columns) instead of the summary line")
	c.Flags().BoolVar(&forward, "forward-check", false, "backtrack: reject placements that leave a later row no free square")
	c.Flags().BoolVar(&certify, "certify", false, "confirm 'no solution' by a DRAT proof from cadical, checked in-process")
	c.Flags().StringVar(&order, "order", "", "backtrack and dlx: heuristic tries values in random order with restarts (--seed), the row or item with fewest choices first: any N up to 1000 at once; default: backtrack's lexicographic order, dlx's Knuth order")
	refute.add(c)
	probFlags.add(c)
	solverOpts.add(c)
	pic.add(c)
	return c
}

func summary(s *nqueens.Solution) string {
	var b strings.Builder
	fmt.Fprintf(&b, "N = %d: solution found in %.3f s, verified, method %s", s.Problem.N, s.Elapsed.Seconds(), s.Method)
	if s.Seed != 0 {
		fmt.Fprintf(&b, ", seed %d", s.Seed)
	}
	if s.Solver != "" {
		fmt.Fprintf(&b, ", solver %s, encoding %s", s.Solver, s.AMO)
	}
	if s.Nodes > 0 {
		fmt.Fprintf(&b, ", %s", plural(s.Nodes, "node"))
	}
	if !s.Problem.IsClassic() {
		fmt.Fprintf(&b, ", %s problem", s.Problem.Variant())
	}
	return b.String()
}

// solveJSON is what solve --json prints, whatever the answer: a solution
// (status SAT, verified) or none (status UNSAT, with what the answer is
// held to; exit status 1 all the same).
type solveJSON struct {
	N        int            `json:"n"`
	Variant  string         `json:"variant"`
	Method   nqueens.Method `json:"method"`
	Solver   string         `json:"solver,omitempty"`
	Status   string         `json:"status"`
	Seed     uint64         `json:"seed,omitempty"`
	Nodes    uint64         `json:"nodes,omitempty"`
	Seconds  float64        `json:"seconds"`
	Verified bool           `json:"verified"`
	Solution []uint32       `json:"solution,omitempty"`
	File     string         `json:"file,omitempty"`
	Note     string         `json:"note,omitempty"`
	// ConfirmedBy and Unconfirmed, of an answer "no solution": what it
	// is held to, or why it is not; ConfirmSeconds the time that took.
	ConfirmedBy    string  `json:"confirmed_by,omitempty"`
	Unconfirmed    string  `json:"unconfirmed,omitempty"`
	ConfirmSeconds float64 `json:"confirm_seconds,omitempty"`
	// Refutation is the file --refutation wrote, when it wrote one.
	Refutation string `json:"refutation,omitempty"`
}

// The statuses of solve --json, as the SAT competitions spell them.
const (
	jsonSat   = "SAT"
	jsonUnsat = "UNSAT"
)

// writeNoneJSON prints the answer "no solution" of solve --json.
func writeNoneJSON(e *env, p model.Problem, none *nqueens.NoSolutionError, refutation string) error {
	j := solveJSON{N: p.N, Variant: p.Variant(), Method: none.Method, Solver: none.Solver, Status: jsonUnsat,
		Seconds: none.Elapsed.Seconds(), ConfirmSeconds: none.Provenance.Elapsed.Seconds(), Refutation: refutation}
	if none.Provenance.Confirmed() {
		j.ConfirmedBy = none.Provenance.String()
	} else {
		j.Unconfirmed = none.Provenance.String()
	}
	return json.NewEncoder(e.stdout).Encode(j)
}

func writeSolveJSON(e *env, s *nqueens.Solution, out string) error {
	j := solveJSON{N: s.Problem.N, Variant: s.Problem.Variant(), Method: s.Method, Solver: s.Solver, Status: jsonSat, Seed: s.Seed, Nodes: s.Nodes,
		Seconds: s.Elapsed.Seconds(), Verified: true, File: out}
	if s.Problem.N <= jsonSolutionLimit {
		j.Solution = s.Columns
	} else {
		j.Note = fmt.Sprintf("solution omitted above N = %d: use -o FILE", jsonSolutionLimit)
	}
	enc := json.NewEncoder(e.stdout)
	return enc.Encode(j)
}

// memoryCheck refuses a run that would need more memory than is available,
// before anything is allocated.
func memoryCheck(f nqueens.Finder, n int, l memlimit.Limit) error {
	if need := f.MemoryNeeded(n); need > l.Bytes {
		return usageError{&memlimit.TooLargeError{What: fmt.Sprintf("N = %d with method %s", n, f.Name), Need: need, Limit: l}}
	}
	return nil
}
