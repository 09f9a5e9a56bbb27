package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/queenslab/nqueens"
	"github.com/queenslab/nqueens/cnf"
	"github.com/queenslab/nqueens/model"
	"github.com/queenslab/nqueens/solvers/dlx"
	"github.com/queenslab/nqueens/solvers/sat"
	"github.com/queenslab/nqueens/xcc"
)

// Exit statuses of nqueens sat, as SAT solvers give them.
const (
	exitSat   = 10
	exitUnsat = 20
)

// exitCode makes run return a given status after printing nothing more.
type exitCode int

func (c exitCode) Error() string { return "exit " + strconv.Itoa(int(c)) }

// openInput opens a file argument, "-" or none being standard input.
func openInput(e *env, args []string) (io.Reader, string, func(), error) {
	if len(args) == 0 || args[0] == "-" {
		return e.stdin, "standard input", func() {}, nil
	}
	f, err := os.Open(args[0])
	if err != nil {
		return nil, "", nil, usagef("cannot read %s: %v", args[0], unwrapPathErr(err))
	}
	return bufio.NewReaderSize(f, 1<<20), args[0], func() { f.Close() }, nil
}

// readSolution reads the solution of an n-queens board from the file
// argument in args (standard input if none or "-"); a malformed file is a
// usage error that names it.
func readSolution(e *env, args []string, n int) (model.Placement, error) {
	r, name, done, err := openInput(e, args)
	if err != nil {
		return nil, err
	}
	defer done()
	q, err := model.ReadSolution(r, n)
	if err != nil {
		return nil, usagef("%s: %v", name, err)
	}
	return q, nil
}

func newSAT(e *env) *cobra.Command {
	var (
		all, certify bool
		sf           solverFlags
		quietV       bool
		started      time.Time
	)
	c := &cobra.Command{
		Use:   "sat [FILE|-]",
		Short: "Solve or count the models of any DIMACS CNF file",
		Long: `Read a DIMACS CNF file (any, not only queens; strictly checked) and solve it
with --solver (gini by default, gophersat, an external solver's name or path).
The answer is printed in the SAT competition format ("s SATISFIABLE" and "v"
lines) with its exit status, 10 for SAT and 20 for UNSAT; every model is
checked against the clauses first.

With --all, count the models instead, projected on the variables of the
file's "c ind" lines when it has them (gini, gophersat, cryptominisat5;
clasp only without projection).

With --certify, an UNSAT answer is given only with its proof: the solver
(cadical by default, or kissat) writes a DRAT proof, which is checked here
before "s UNSATISFIABLE" is printed; a proof that does not check is exit 1.`,
		Args: argsBetween(0, 1, "FILE or -"),
		RunE: func(cmd *cobra.Command, args []string) error {
			started = time.Now()
			name := sf.solver
			switch {
			case name != "":
			case certify:
				name = nqueens.CertifySolver
			default:
				name = "gini"
			}
			s, err := sat.Lookup(name)
			if err != nil {
				return usageError{err}
			}
			if certify && (all || !s.Caps().Prove) {
				return usagef("--certify needs a solver that writes DRAT proofs (cadical, kissat), and no --all")
			}
			r, what, done, err := openInput(e, args)
			if err != nil {
				return err
			}
			f, info, err := cnf.ReadFormula(r)
			done()
			if err != nil {
				return usagef("%s: %v", what, err)
			}
			ctx, cancel := sf.context(cmd)
			defer cancel()
			if all {
				return countFile(ctx, e, s, f, info, &sf, started)
			}
			var res sat.Result
			if ext, ok := s.(*sat.External); ok && certify {
				res, err = ext.Certify(ctx, f)
			} else {
				res, err = s.Solve(ctx, f)
			}
			if errors.Is(err, context.DeadlineExceeded) {
				fmt.Fprintln(e.stdout, "s UNKNOWN")
				return fmt.Errorf("no answer within %v (solver %s)", sf.timeout, s.Name())
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
					writeModel(w, res.Model)
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
		},
	}
	c.Flags().BoolVar(&all, "all", false, "count all models (projected on c ind when present)")
	c.Flags().BoolVar(&quietV, "no-model", false, "no v lines")
	c.Flags().BoolVar(&certify, "certify", false, "UNSAT only with a checked DRAT proof (cadical, kissat)")
	sf.addSolver(c)
	return c
}

// writeModel prints v lines of at most 20 literals, ended by 0.
func writeModel(w *bufio.Writer, m sat.Model) {
	for v := 1; v < len(m); v++ {
		if (v-1)%20 == 0 {
			if v > 1 {
				w.WriteString("\n")
			}
			w.WriteString("v")
		}
		if m[v] {
			fmt.Fprintf(w, " %d", v)
		} else {
			fmt.Fprintf(w, " -%d", v)
		}
	}
	if len(m) <= 1 {
		w.WriteString("v")
	}
	w.WriteString(" 0\n")
}

func countFile(ctx context.Context, e *env, s sat.Solver, f *cnf.Formula, info *cnf.Info, sf *solverFlags, started time.Time) error {
	en, ok := sat.EnumeratorOf(s)
	if !ok {
		return usagef("solver %s cannot list all models: use gini, gophersat, clasp or cryptominisat5", s.Name())
	}
	project, over := info.Ind, fmt.Sprintf("the %d variables of c ind", len(info.Ind))
	if len(project) == 0 {
		// No projection given: the variables that occur, not the ones the
		// header declares and no clause names (each would double the count).
		project = occurring(f)
		over = fmt.Sprintf("the %d variables that occur in the clauses", len(project))
		if len(project) < f.Vars {
			over += fmt.Sprintf(" (the header declares %d)", f.Vars)
		}
	}
	n, err := en.Enumerate(ctx, f, sat.EnumOptions{Project: project, Jobs: 1}, func(sat.Model) bool { return true })
	if errors.Is(err, sat.ErrNoProjection) {
		return usagef("%s cannot project on %s: use gini, gophersat or cryptominisat5", s.Name(), over)
	}
	if errors.Is(err, context.DeadlineExceeded) {
		return fmt.Errorf("no answer within %v (solver %s): %d models so far", sf.timeout, s.Name(), n)
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "%s, projected on %s; solver %s, %.3f s\n", plural(n, "model"), over, s.Name(), time.Since(started).Seconds())
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

// occurring lists the variables that occur in the clauses of f.
func occurring(f *cnf.Formula) []int {
	seen := make([]bool, f.Vars+1)
	var vs []int
	for _, c := range f.Clauses {
		for _, l := range c {
			if v := max(l, -l); !seen[v] {
				seen[v] = true
				vs = append(vs, v)
			}
		}
	}
	slices.Sort(vs)
	return vs
}

func newXCC(e *env) *cobra.Command {
	var (
		all, count bool
		jobs       int
	)
	c := &cobra.Command{
		Use:   "xcc [FILE|-]",
		Short: "Solve or count any exact cover file (Knuth's DLX format) by dancing links",
		Long: `Read an exact cover problem in the text format of Knuth's DLX programs (any,
not only queens; strictly checked; colors on secondary items as in his DLX2,
bounds u:v|item on primary items as in his DLX3)
and solve it with Algorithm X and dancing links: the first solution (its
options, one per line; none is exit 1), every solution with --all (a blank
line after each, the summary on standard error, exit 10 with a solution and
20 without), or the number of solutions with --count, in one line (in
parallel with --jobs).`,
		Args: argsBetween(0, 1, "FILE or -"),
		RunE: func(cmd *cobra.Command, args []string) error {
			if all && count {
				return usagef("--all and --count: choose one")
			}
			if jobs < 0 {
				return usagef("--jobs must be 0 (all cores) or more, not %d", jobs)
			}
			r, what, done, err := openInput(e, args)
			if err != nil {
				return err
			}
			x, err := xcc.ReadWarn(r, func(line int, msg string) {
				fmt.Fprintf(e.stderr, "nqueens: %s, line %d: %s\n", what, line, msg)
			})
			done()
			if err != nil {
				return usagef("%s: %v", what, err)
			}
			d, err := dlx.New(x)
			if err != nil {
				return usageError{err}
			}
			start := time.Now()
			w := bufio.NewWriter(e.stdout)
			defer w.Flush()
			printOpts := func(opts []int) {
				for _, o := range opts {
					names := make([]string, len(x.Options[o]))
					for i, it := range x.Options[o] {
						names[i] = x.Name(it)
						if c := x.Color(o, i); c != "" {
							names[i] += ":" + c
						}
					}
					w.WriteString(strings.Join(names, " ") + "\n")
				}
			}
			var n uint64
			var st dlx.Stats
			switch {
			case count:
				if jobs == 0 {
					jobs = defaultJobs()
				}
				n, st, err = d.Count(cmd.Context(), jobs)
			case all:
				n, st, err = d.Enumerate(cmd.Context(), func(opts []int) bool {
					printOpts(opts)
					w.WriteString("\n")
					return true
				})
			default:
				var first []int
				first, st, err = d.First(cmd.Context())
				if first != nil {
					n = 1
					printOpts(first)
				}
			}
			if err != nil {
				return err
			}
			summary := fmt.Sprintf("%s; %s nodes, %s updates in %.3f s", plural(n, "solution"), thousands(st.Nodes), thousands(st.Updates), time.Since(start).Seconds())
			switch {
			case count:
				fmt.Fprintln(w, summary)
				return nil
			case all:
				// The solutions are the output; the summary goes beside it.
				w.Flush()
				fmt.Fprintln(e.stderr, summary)
				return satStatus(n)
			case n == 0:
				w.Flush()
				return failure{"no solution"}
			}
			return nil
		},
	}
	c.Flags().BoolVar(&all, "all", false, "print every solution")
	c.Flags().BoolVar(&count, "count", false, "count the solutions")
	c.Flags().IntVarP(&jobs, "jobs", "j", 0, "--count: goroutines (0: all cores)")
	return c
}
