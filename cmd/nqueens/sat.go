package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/spf13/cobra"

	"github.com/queenslab/nqueens/cnf"
	"github.com/queenslab/nqueens/confirm"
	"github.com/queenslab/nqueens/solvers/sat"
)

func newSAT(e *env) *cobra.Command {
	var (
		all, count bool
		certify    bool
		solverOpts solverFlags
		quietV     bool
		started    time.Time
	)
	c := &cobra.Command{
		Use:   "sat [FILE|-]",
		Short: "Solve or count the models of any DIMACS CNF file",
		Long: `Read a DIMACS CNF file (any, not only queens; strictly checked) and solve it
with --solver (gini by default, gophersat, an external solver's name or path).
The answer is printed in the SAT competition format ("s SATISFIABLE" and "v"
lines) with its exit status, 10 for SAT and 20 for UNSAT; every model is
checked against the clauses first.

With --count, count the models instead, projected on the variables of the
file's "c ind" lines when it has them (else on the variables that occur);
with --all, list them too, each as "v" lines of the projection's literals
and a blank line, the count last as a "c" line (as xcc --all and --count;
gini, gophersat, cryptominisat5; clasp only without projection).

With --certify, an UNSAT answer is given only with its proof: the solver
(cadical by default, or kissat) writes a DRAT proof, which is checked here
before "s UNSATISFIABLE" is printed; a proof that does not check is exit 1.`,
		Args: argsBetween(0, 1, "FILE or -"),
		RunE: func(cmd *cobra.Command, args []string) error {
			started = time.Now()
			name := solverOpts.solver
			switch {
			case name != "":
			case certify:
				name = confirm.CertifySolver
			default:
				name = "gini"
			}
			s, err := sat.Lookup(name)
			if err != nil {
				return usageError{err}
			}
			if all && count {
				return usagef("--all and --count: choose one")
			}
			if certify && (all || count || !s.Caps().Prove) {
				return usagef("--certify needs a solver that writes DRAT proofs (cadical, kissat), and no --all or --count")
			}
			// The time given counts from here: the input's reading too (a
			// FIFO without a writer, a pipe that gives nothing).
			ctx, cancel := solverOpts.context(cmd)
			defer cancel()
			r, what, done, err := openInput(ctx, e, args)
			if err == nil {
				var f *cnf.Formula
				var info *cnf.Info
				f, info, err = cnf.ReadFormula(r)
				done()
				if err == nil {
					return solveFile(ctx, e, s, f, info, all, count, certify, quietV, &solverOpts, started)
				}
			}
			switch {
			case errors.Is(err, context.DeadlineExceeded):
				fmt.Fprintln(e.stdout, "s UNKNOWN")
				return fmt.Errorf("no answer within %v: %v", solverOpts.timeout, err)
			case ctx.Err() != nil:
				return err
			case errors.As(err, new(usageError)):
				return err
			}
			return usagef("%s: %v", what, err)
		},
	}
	c.Flags().BoolVar(&all, "all", false, "list every model (projected on c ind when present) and count them")
	c.Flags().BoolVar(&count, "count", false, "count the models (projected on c ind when present)")
	c.Flags().BoolVar(&quietV, "no-model", false, "no v lines")
	c.Flags().BoolVar(&certify, "certify", false, "UNSAT only with a checked DRAT proof (cadical, kissat)")
	solverOpts.addSolver(c)
	return c
}

// solveFile answers the formula f read from a file, as nqueens sat does:
// its models listed (all) or counted (count), or solved, with a checked proof of UNSAT
// (certify), the answer in the SAT competitions' format.
func solveFile(ctx context.Context, e *env, s sat.Solver, f *cnf.Formula, info *cnf.Info, all, count, certify, quietV bool, solverOpts *solverFlags, started time.Time) error {
	if all || count {
		return countFile(ctx, e, s, f, info, all, solverOpts, started)
	}
	var res sat.Result
	var err error
	if ext, ok := s.(*sat.External); ok && certify {
		res, err = ext.Certify(ctx, f)
	} else {
		res, err = s.Solve(ctx, f)
	}
	if errors.Is(err, context.DeadlineExceeded) {
		fmt.Fprintln(e.stdout, "s UNKNOWN")
		return fmt.Errorf("no answer within %v (solver %s)", solverOpts.timeout, s.Name())
	}
	if err != nil {
		return err
	}
	w := bufio.NewWriter(e.stdout)
	fmt.Fprintf(w, "c nqueens sat, solver %s, %.3f s\n", s.Name(), time.Since(started).Seconds())
	switch res.Status {
	case sat.Sat:
		w.WriteString("s SATISFIABLE\n")
		if !quietV {
			sat.WriteModel(w, res.Model)
		}
		w.Flush()
		return exitCode(exitSat)
	case sat.Unsat:
		if res.Proof != nil {
			fmt.Fprintf(w, "c DRAT proof checked: %d lemmas, %d in the core\n", res.Proof.Lemmas, res.Proof.Core)
		}
		w.WriteString("s UNSATISFIABLE\n")
		w.Flush()
		return exitCode(exitUnsat)
	}
	w.WriteString("s UNKNOWN\n")
	w.Flush()
	return fmt.Errorf("solver %s gave no answer", s.Name())
}

func countFile(ctx context.Context, e *env, s sat.Solver, f *cnf.Formula, info *cnf.Info, list bool, solverOpts *solverFlags, started time.Time) error {
	en, ok := sat.EnumeratorOf(s)
	if !ok {
		return usagef("solver %s cannot list all models: use gini, gophersat, clasp or cryptominisat5", s.Name())
	}
	project, over := info.Ind, fmt.Sprintf("the %d variables of c ind", len(info.Ind))
	if len(project) == 0 {
		// No projection given: the variables that occur, not the ones the
		// header declares and no clause names (each would double the count).
		project = f.Occurring()
		over = fmt.Sprintf("the %d variables that occur in the clauses", len(project))
		if len(project) < f.Vars {
			over += fmt.Sprintf(" (the header declares %d)", f.Vars)
		}
	}
	w := bufio.NewWriter(e.stdout)
	defer w.Flush()
	each := func(sat.Model) bool { return true }
	if list {
		// Each model as the projection's literals, "v ... 0" lines, a
		// blank line after each.
		each = func(m sat.Model) bool {
			w.WriteString("v")
			for k, v := range project {
				if k > 0 && k%16 == 0 {
					w.WriteString("\nv")
				}
				if v < len(m) && m[v] {
					fmt.Fprintf(w, " %d", v)
				} else {
					fmt.Fprintf(w, " -%d", v)
				}
			}
			w.WriteString(" 0\n\n")
			return true
		}
	}
	n, err := en.Enumerate(ctx, f, sat.EnumOptions{Project: project, Jobs: 1}, each)
	if errors.Is(err, sat.ErrNoProjection) {
		return usagef("%s cannot project on %s: use gini, gophersat or cryptominisat5", s.Name(), over)
	}
	if errors.Is(err, context.DeadlineExceeded) {
		return fmt.Errorf("no answer within %v (solver %s): %d models so far", solverOpts.timeout, s.Name(), n)
	}
	if err != nil {
		return err
	}
	if list {
		fmt.Fprintf(w, "c ")
	}
	fmt.Fprintf(w, "%s, projected on %s; solver %s, %.3f s\n", plural(n, "model"), over, s.Name(), time.Since(started).Seconds())
	if err := w.Flush(); err != nil {
		return err
	}
	return satStatus(n)
}

// satStatus is the exit status of a listing, as SAT solvers answer: 10
// when there is a model or solution, 20 when there is none.
func satStatus(n uint64) error {
	if n > 0 {
		return exitCode(exitSat)
	}
	return exitCode(exitUnsat)
}
