package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/queenslab/nqueens/encode"
	"github.com/queenslab/nqueens/internal/platform"
	"github.com/queenslab/nqueens/lab"
	"github.com/queenslab/nqueens/model"
	"github.com/queenslab/nqueens/solvers/sat"
)

func newRun(e *env) *cobra.Command {
	var (
		o                       lab.Options
		solvers, memory, shard  string
		measure                 string
		configs                 []string
		markdown, asCSV, asJSON bool
	)
	c := &cobra.Command{
		Use:   "run DIR --solvers LIST",
		Short: "Run solvers on a suite of gen, check every answer, and score them",
		Long: `Run every solver of --solvers on every file of the suite in DIR (written by
nqueens gen) that it reads: DIMACS for gini and gophersat (each in a process
of this program) and for any DIMACS solver by name or path (` + strings.Join(sat.ExternalNames, ", ") + `);
OPB (pseudo-Boolean) for clasp as well; XCC for dlx (dancing links);
the .param files of the diagonals family for cp (the constraint-propagation
search) and backtrack, each alone, without a second method; self-contained
MiniZinc (mzn-inline) for minizinc, with Gecode, and its data files (dzn)
with their model files beside them (mzn; both checked against the manifest).
A solver that reads several formats (clasp, minizinc) runs on those the
suite has. --solver NAME='SOLVER ARGS...' (repeated) adds a solver
configuration: SOLVER as --solvers takes it, run with ARGS after its
program, recorded and shown as NAME ('cad-sat=cadical --sat' beside
'cad-unsat=cadical --unsat', or two seeds of one solver).

Each run has its own process group under the limits: --timeout of wall
time (then the run is killed), --cpu of CPU time, and --memory. How a run
is measured and limited (--measure): with a control group of its own where
cgroups can be used (auto, the default; cgroup v1 with the memory, cpuacct
and cpuset controllers, or cgroup v2 with memory and cpu), its CPU time and
memory peak are the whole process tree's (a portfolio, a script that
starts two solvers, minizinc and its fzn-gecode), its memory limit is the
group's (no swap; a run past it is MEMOUT), its CPU-time limit counts every
process of it (read every 50 ms; past it a run is a TIMEOUT), runs at once
(-j) are pinned to disjoint cores, and nothing of the tree outlives the
run, not even a process that left its group (setsid); --measure cgroup
refuses to run without them. Without (rusage), they are the solver's own
process's: RLIMIT_CPU over its threads, RLIMIT_DATA (heap and private
mappings, a limit that Go solvers survive, unlike one of address space),
and its own resident peak (rusage's maxrss, as GNU time reports it: on
Linux each solver is forked by /bin/sh and waited for by nqueens as a
subreaper, since a child that nqueens started itself would report
nqueens's own size as its peak). --memory is at least 256M; Go solvers are
told it with GOMEMLIMIT. Each record says how its run was measured. A
solver's output goes to files, and nqueens reads of it only what an answer
can take.

--repeat K runs each file K times by each configuration, each a record
with its repetition; summaries and reports take the median of each, with
the spread. --shard I/M runs shard I of M of the matrix of runs (files x
configurations x repetitions, in one order): the runs whose place is I
modulo M, into a results file of its own (default DIR/results-I-of-M.jsonl)
whose header names the study; the same command resumes it. report reads
the shards together (a folder of them) and refuses a shard missing, short,
twice or of another study.

Every answer is checked: a SAT answer's model against the clauses, then
decoded and verified against the instance's pre-placed and blocked squares;
an answer that the manifest contradicts, or a model that fails, is WRONG.
Statuses: SAT, UNSAT, TIMEOUT, MEMOUT, CRASH (a crash, garbage, no answer),
UNKNOWN (the solver gave up), WRONG.

Runs are appended to --results (default DIR/results.jsonl), one JSON line
each, synced as it finishes; the same command resumes, skipping the runs
recorded for the same file hash, solver version and limits; results of
another suite are refused. The summary, a row per solver and encoding,
gives the runs solved, failed by kind, PAR-2 (mean seconds, an unsolved run
counting twice the timeout) and total CPU time: as text, --markdown, --csv
or --json. Exit 1 if any run is WRONG, naming it with its command.`,
		Args: argsBetween(1, 1, "DIR"),
		RunE: func(cmd *cobra.Command, args []string) error {
			if chosen(markdown, asCSV, asJSON) > 1 {
				return usagef("--markdown, --csv and --json: choose one")
			}
			if cmd.Flags().Changed("timeout") && o.Timeout <= 0 {
				return usagef("--timeout must be positive, not %v", o.Timeout)
			}
			if o.Jobs < 0 {
				return usagef("--jobs must be 1 or more, not %d", o.Jobs)
			}
			if err := checkJobs(o.Jobs, 0); err != nil {
				return err
			}
			names := splitList(solvers)
			if len(names) == 0 && len(configs) == 0 {
				return usagef("run: --solvers or --solver is required (e.g. --solvers gini,cadical,dlx, or --solver 'cad-sat=cadical --sat')")
			}
			o.Measure = lab.Measure(measure)
			if !slices.Contains(lab.Measures, o.Measure) {
				return usagef("--measure %q: want %s", measure, measureNames())
			}
			if o.Repeat < 1 || o.Repeat > lab.MaxRepeat {
				return usagef("--repeat must be 1 to %d, not %d", lab.MaxRepeat, o.Repeat)
			}
			if shard != "" {
				var err error
				if o.Shard, o.Shards, err = parseShard(shard); err != nil {
					return err
				}
			}
			if memory != "" {
				b, err := lab.ParseBytes(memory)
				if err != nil {
					return usagef("--memory %q: want a positive size such as 2G or 512M", memory)
				}
				o.Memory = b
			}
			self, err := os.Executable()
			if err != nil {
				return err
			}
			if o.Runners, err = runners(cmd.Context(), names, self); err != nil {
				return err
			}
			cs, err := configurations(cmd.Context(), configs, self)
			if err != nil {
				return err
			}
			o.Runners = append(o.Runners, cs...)
			o.Limit = limiter(self)
			bar := e.progress("running", 0)
			o.Progress = func(done, total int) { bar.set(int64(done), int64(total)) }
			recs, err := lab.Run(cmd.Context(), args[0], o)
			bar.done()
			if err != nil {
				return err
			}
			if err := writeSummary(e, lab.Summarize(recs), markdown, asCSV, asJSON); err != nil {
				return err
			}
			var wrong []string
			for _, r := range recs {
				if r.Status == lab.Wrong {
					wrong = append(wrong, fmt.Sprintf("%s on %s: %s (run it: %s)", r.Solver, r.File, r.Detail, r.Command))
				}
			}
			if len(wrong) > 0 {
				for _, w := range wrong[1:] {
					fmt.Fprintln(e.stderr, "nqueens: WRONG: "+w)
				}
				return failure{"WRONG: " + wrong[0]}
			}
			return nil
		},
	}
	c.Flags().StringVar(&solvers, "solvers", "", "comma-separated solvers: gini, gophersat, dlx, cp and backtrack (the .param files of the diagonals family), minizinc, "+strings.Join(sat.ExternalNames, ", ")+", or paths")
	c.Flags().StringArrayVar(&configs, "solver", nil, "a solver configuration, NAME=SOLVER ARGS... ('cad-sat=cadical --sat'): SOLVER as in --solvers, run with ARGS after its program, shown as NAME; repeated for more")
	c.Flags().IntVar(&o.Repeat, "repeat", 1, "runs of each file by each solver configuration (the summary takes their median, with the spread)")
	c.Flags().StringVar(&shard, "shard", "", "run shard I/M of the matrix of runs (files x configurations x repetitions), into its own results file (default DIR/results-I-of-M.jsonl)")
	c.Flags().StringVar(&measure, "measure", string(lab.MeasureAuto), "how runs are measured and limited: "+measureNames()+" (auto: a control group each where they can be used)")
	c.Flags().DurationVar(&o.Timeout, "timeout", time.Minute, "wall-time limit of one run")
	c.Flags().StringVar(&memory, "memory", "", "data-segment limit of one run (e.g. 2G, 512M; at least 256M); none by default")
	c.Flags().DurationVar(&o.CPU, "cpu", 0, "CPU-time limit of one run, whole seconds (e.g. 30s); none by default")
	c.Flags().IntVarP(&o.Jobs, "jobs", "j", 1, "runs at once")
	c.Flags().StringVar(&o.Results, "results", "", "results file, JSON lines (default DIR/results.jsonl)")
	c.Flags().BoolVar(&markdown, "markdown", false, "summary as a Markdown table")
	c.Flags().BoolVar(&asCSV, "csv", false, "summary as CSV")
	c.Flags().BoolVar(&asJSON, "json", false, "summary as JSON")
	return c
}

// runners are the solvers of --solvers as the lab runs them: gini and
// gophersat on DIMACS files, dancing links on XCC files, cp and backtrack
// on the .param files of the diagonals family, each in a process of this
// program (nqueens sat, nqueens xcc, nqueens solve); the others as
// lab.Runners makes them.
func runners(ctx context.Context, names []string, self string) ([]lab.Runner, error) {
	rs, err := lab.Runners(ctx, names, func(name string) lab.Runner {
		switch name {
		case "gini", "gophersat":
			return &lab.Process{Solver: name, Build: lab.InProcessBuild(name), Format: encode.DIMACS,
				Argv: func(file, _ string) []string { return []string{self, "sat", file, "--solver", name, "-q"} },
				Read: lab.DIMACSAnswer(&sat.External{Program: name, Path: self})}
		case "dlx":
			return &lab.Process{Solver: name, Build: lab.InProcessBuild(name), Format: encode.XCC,
				Argv: func(file, _ string) []string { return []string{self, "xcc", file, "-q"} }, Read: lab.CoverAnswer}
		case "cp", "backtrack":
			// The method alone (no second method), on one goroutine.
			return &lab.Process{Solver: name, Build: lab.InProcessBuild(name), Format: encode.Param,
				Argv: func(file, _ string) []string {
					return []string{self, "solve", "--diagonals", file, "-m", name, "-j", "1", "--json", "--no-confirm", "-q"}
				}, Read: solveAnswer}
		}
		return nil
	})
	if err != nil {
		return nil, usageError{err}
	}
	return rs, nil
}

// measureNames lists the ways of measuring, as --measure takes them.
func measureNames() string {
	var names []string
	for _, m := range lab.Measures {
		names = append(names, string(m))
	}
	return strings.Join(names, ", ")
}

// configurations are the solver configurations of --solver, each NAME=
// SOLVER ARGS...: SOLVER's runners (as --solvers makes them), named NAME,
// run with ARGS after the program. A name that is not one, a solver that
// runs inside nqueens given arguments, or a malformed one is bad input.
func configurations(ctx context.Context, defs []string, self string) ([]lab.Runner, error) {
	var out []lab.Runner
	for _, def := range defs {
		name, command, ok := strings.Cut(def, "=")
		fields := strings.Fields(command)
		switch {
		case !ok || len(fields) == 0:
			return nil, usagef("--solver %q: want NAME=SOLVER [ARGS...], e.g. 'cad-sat=cadical --sat'", def)
		case !lab.ValidName(name):
			return nil, usagef("--solver %q: a name is letters, digits, '.', '_', '+' and '-', at most 64, not %q", def, name)
		}
		rs, err := runners(ctx, fields[:1], self)
		if err != nil {
			return nil, err
		}
		for _, r := range rs {
			if _, inside := r.(*lab.Process); inside && len(fields) > 1 && strings.HasPrefix(r.Version(), "nqueens ") {
				return nil, usagef("--solver %q: %s runs inside nqueens and takes no arguments of its own", def, fields[0])
			}
			out = append(out, &lab.Configured{Runner: r, Label: name, Args: fields[1:], Definition: strings.Join(fields, " ")})
		}
	}
	return out, nil
}

// solveAnswer reads the answer of nqueens solve --json --no-confirm: one
// JSON object, a solution (status SAT, exit 0) or none (status UNSAT,
// exit 1).
func solveAnswer(out lab.Output) (lab.Answer, error) {
	var j solveJSON
	dec := json.NewDecoder(bytes.NewReader(out.Stdout))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&j); err != nil || dec.More() || j.N != out.N {
		if out.Exit != 0 {
			return lab.Answer{}, fmt.Errorf("exit status %d", out.Exit)
		}
		return lab.Answer{}, fmt.Errorf("not the JSON of an answer for N = %d", out.N)
	}
	switch {
	case j.Status == jsonUnsat && out.Exit == exitFailure:
		return lab.Answer{Status: sat.Unsat}, nil
	case out.Exit != 0:
		return lab.Answer{}, fmt.Errorf("exit status %d with the answer %q", out.Exit, j.Status)
	case j.Status != jsonSat || !j.Verified || len(j.Solution) != out.N:
		return lab.Answer{}, fmt.Errorf("not the JSON of a solution of N = %d", out.N)
	}
	q := make(model.Placement, out.N)
	for r, c := range j.Solution {
		q[r] = int(c)
		if c == 1<<32-1 {
			q[r] = model.Unset
		}
	}
	return lab.Answer{Status: sat.Sat, Placement: q}, nil
}

// limiter puts a run under its limits (lab.Limiter), through nqueens
// limit-exec where prlimit is missing.
func limiter(self string) func(argv []string, l lab.Limits) []string {
	return lab.Limiter(func(l lab.Limits) []string {
		return []string{self, "limit-exec", "--data", strconv.FormatInt(l.DataBytes, 10), "--cpu", strconv.FormatInt(l.CPUSeconds, 10), "--"}
	})
}

// newLimitExec is the hidden command that nqueens run starts each solver
// through: it sets the memory limit of its own process and replaces itself
// with the solver, so that the limit and the rusage are the solver's.
func newLimitExec(e *env) *cobra.Command {
	var data, cpu int64
	c := &cobra.Command{
		Use:    "limit-exec [--data BYTES] [--cpu SECONDS] -- PROGRAM [ARGS...]",
		Short:  "Run PROGRAM under data-segment and CPU-time limits (used by nqueens run)",
		Hidden: true,
		Args:   cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if data < 0 || cpu < 0 {
				return usagef("--data and --cpu must not be negative")
			}
			path, err := exec.LookPath(args[0])
			if err != nil {
				return usagef("limit-exec: %v", err)
			}
			err = platform.ExecLimited(path, args, os.Environ(), data, cpu)
			var unsupported *platform.UnsupportedError
			if errors.As(err, &unsupported) {
				return usagef("limit-exec: %v", err)
			}
			return fmt.Errorf("limit-exec: cannot run %s: %v", path, err)
		},
	}
	c.Flags().Int64Var(&data, "data", 0, "data-segment limit in bytes (RLIMIT_DATA)")
	c.Flags().Int64Var(&cpu, "cpu", 0, "CPU-time limit in seconds (RLIMIT_CPU; hard limit a second later)")
	return c
}
