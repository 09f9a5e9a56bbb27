// Command nqueens finds, counts and checks N-Queens solutions, writes the
// problem as input for other solvers, and runs solvers on it. Its reference
// is its help ("nqueens --help", "nqueens solve --help"), from which
// docs/cli (Markdown) and docs/man (man pages) are generated.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/queenslab/nqueens"
	"github.com/queenslab/nqueens/internal/atomicfile"
	"github.com/queenslab/nqueens/internal/memlimit"
	"github.com/queenslab/nqueens/internal/panics"
	"github.com/queenslab/nqueens/internal/platform"
	"github.com/queenslab/nqueens/internal/textio"
)

func main() {
	goMemoryLimit()
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// goMemoryLimit has the Go runtime keep its heap under the process's
// data-segment or cgroup limit (memlimit.GoLimit), unless GOMEMLIMIT says
// otherwise: the collector then runs before the heap it maps reaches the
// limit, instead of the runtime failing at it.
func goMemoryLimit() {
	if os.Getenv("GOMEMLIMIT") != "" {
		return
	}
	if l, ok := memlimit.GoLimit(); ok {
		debug.SetMemoryLimit(l)
	}
}

// Exit statuses; after a signal, 128 plus its number, as a shell reports it.
// exitStatuses says what each means, for the help.
const (
	exitOK       = 0
	exitFailure  = 1
	exitUsage    = 2
	exitInternal = 3 // a bug: a panic caught at the command's boundary

	exitInterrupt = 130 // 128 + SIGINT, as a shell says after Ctrl-C
)

// Exit statuses of nqueens sat, as SAT solvers give them.
const (
	exitSat   = 10
	exitUnsat = 20
)

// exitCode makes run return a given status after printing nothing more.
type exitCode int

func (c exitCode) Error() string { return "exit " + strconv.Itoa(int(c)) }

// exitStatuses is the one table of exit statuses, shown by nqueens --help.
var exitStatuses = []struct {
	code    string
	meaning string
}{
	{"0", "success"},
	{"1", "a failure: no solution, a wrong answer of a method or solver, a solver that fails, a full disk, standard output that cannot be written, a run that timed out"},
	{"2", "bad input: an argument or flag out of range or unknown, an unreadable or malformed file, a problem too large for the method or for memory, a file in use"},
	{"3", "a bug caught at the command's boundary (\"internal error: ... (please report)\", never a Go stack trace)"},
	{"10, 20", "sat, xcc --all: satisfiable (a solution), unsatisfiable (none), as SAT solvers answer"},
	{"129, 130, 143", "stopped by SIGHUP, SIGINT, SIGTERM (128 plus the signal), temporaries removed"},
}

// exitStatusHelp lists exitStatuses for the help.
func exitStatusHelp() string {
	var b strings.Builder
	for _, s := range exitStatuses {
		fmt.Fprintf(&b, "\n  %-14s %s", s.code, s.meaning)
	}
	return b.String()
}

// signalGrace is how long a command has, after SIGINT, SIGTERM or SIGHUP,
// to stop by itself; then the process exits anyway, its temporaries
// removed (a read of a terminal or a pipe does not look at the context).
const signalGrace = time.Second

// testCommands are added to the command line by tests (a command that
// panics, to test the boundary); empty in the program.
var testCommands []func(*env) *cobra.Command

// usageError marks bad input: a bad argument, flag or file.
type usageError struct{ error }

func usagef(format string, a ...any) error { return usageError{fmt.Errorf(format, a...)} }

// failure marks an answer that is a failure without being an error of the
// program (verify: the placement is not a solution).
type failure struct{ msg string }

func (f failure) Error() string { return f.msg }

// env is what the commands write to and read from.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	args           []string // the arguments, as given
	// quiet and progressMode are the root's --quiet and --progress.
	quiet        bool
	progressMode string
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) (code int) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, platform.StopSignals...)
	defer signal.Stop(sigs)
	var caught atomic.Value // the signal received
	finished := make(chan struct{})
	defer close(finished)
	go func() {
		select {
		case s := <-sigs:
			caught.Store(s)
			cancel()
			select {
			case <-time.After(signalGrace):
				atomicfile.Abandon()
				fmt.Fprintln(stderr, "nqueens: interrupted")
				os.Exit(signalStatus(s))
			case <-finished:
			}
		case <-finished:
		}
	}()
	out := &checkedWriter{w: stdout}
	e := &env{stdin: stdin, stdout: out, stderr: stderr, args: args}
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(stderr, "nqueens: internal error: %s (please report)\n", oneLine(fmt.Sprint(r)))
			code = exitInternal
		}
	}()
	root := newRoot(e)
	root.SetArgs(args)
	root.SetIn(stdin)
	root.SetOut(out)
	root.SetErr(stderr)
	err := root.ExecuteContext(ctx)
	if s, ok := caught.Load().(os.Signal); ok {
		// Whatever the command made of it, a signal ends the run as one.
		if err != nil {
			fmt.Fprintln(stderr, "nqueens: interrupted")
		}
		return signalStatus(s)
	}
	if out.err != nil {
		// The command's own error, if any, is this one seen from inside.
		fmt.Fprintf(stderr, "nqueens: cannot write standard output: %v\n", unwrapPathErr(out.err))
		return exitFailure
	}
	return exitStatus(err, e, stderr)
}

// exitStatus prints what err says (a failure's message on standard output,
// an error as one line on standard error) and returns the exit status.
func exitStatus(err error, e *env, stderr io.Writer) int {
	var f failure
	var code exitCode
	var pe *panics.Error
	switch {
	case err == nil:
		return exitOK
	case errors.As(err, &code):
		return int(code)
	case errors.As(err, &f):
		if f.msg != "" {
			fmt.Fprintln(e.stdout, f.msg)
		}
		return exitFailure
	case errors.As(err, &pe):
		fmt.Fprintf(stderr, "nqueens: %s (please report)\n", oneLine(err.Error()))
		return exitInternal
	}
	fmt.Fprintln(stderr, "nqueens: "+oneLine(err.Error()))
	var u usageError
	var oe *nqueens.OptionError
	var tl *memlimit.TooLargeError
	if errors.As(err, &u) || errors.As(err, &oe) || errors.As(err, &tl) {
		return exitUsage
	}
	return exitFailure
}

// signalStatus is the exit status after signal s: 128 plus its number
// (130 for SIGINT, 143 for SIGTERM, 129 for SIGHUP).
func signalStatus(s os.Signal) int { return platform.SignalExit(s) }

// checkedWriter remembers the first failed write, so that output lost on a
// full disk or a closed descriptor is an error, not a silent exit 0.
type checkedWriter struct {
	w   io.Writer
	err error
}

func (c *checkedWriter) Write(b []byte) (int, error) {
	if c.err != nil {
		return 0, c.err
	}
	n, err := c.w.Write(b)
	if err != nil {
		c.err = err
	}
	return n, err
}

func defaultJobs() int { return runtime.NumCPU() }

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

func newRoot(e *env) *cobra.Command {
	root := &cobra.Command{
		Use:   "nqueens",
		Short: "Find, count and check N-Queens solutions",
		Long: `nqueens finds one solution for boards of up to billions of queens, counts all
solutions with symmetry, certifies answers across independent methods,
writes the problem as input for other solvers (DIMACS, XCC, OPB, MiniZinc,
XCSP3), and runs and scores solvers on benchmark suites with known answers.
Rows and columns are numbered from 1 in everything it prints and reads,
from 0 in JSON output. Errors are one line on standard error.

Exit statuses:` + exitStatusHelp(),
		Version:       nqueens.Build().String(),
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	// Every error of cobra's own is a usage error by type: flag errors
	// through the flag error function (the subcommands inherit it), an
	// unknown command through the root's own Args and RunE, which take
	// over from cobra's untyped "unknown command" error.
	root.SetFlagErrorFunc(func(c *cobra.Command, err error) error { return usageError{err} })
	root.Args = cobra.ArbitraryArgs
	root.RunE = func(cmd *cobra.Command, args []string) error {
		if len(args) == 0 {
			return cmd.Help()
		}
		msg := fmt.Sprintf("unknown command %q for %q", args[0], cmd.Name())
		if s := cmd.SuggestionsFor(args[0]); len(s) > 0 {
			msg += fmt.Sprintf(" (did you mean %s?)", strings.Join(s, " or "))
		}
		return usagef("%s", msg)
	}
	root.PersistentFlags().BoolVarP(&e.quiet, "quiet", "q", false, "no progress display")
	root.PersistentFlags().StringVar(&e.progressMode, "progress", progressAuto, "progress on standard error: auto (a bar on a terminal), json (a line per update), off")
	root.PersistentPreRunE = func(cmd *cobra.Command, args []string) error {
		switch e.progressMode {
		case progressAuto, progressJSON, progressOff:
		default:
			return usagef("--progress must be auto, json or off, not %q", e.progressMode)
		}
		// Every time limit given must be one: a zero or negative duration
		// is refused, whatever the command.
		var bad error
		cmd.Flags().Visit(func(f *pflag.Flag) {
			if d, err := time.ParseDuration(f.Value.String()); bad == nil && err == nil && f.Value.Type() == "duration" && d <= 0 {
				bad = usagef("--%s must be positive, not %v", f.Name, d)
			}
		})
		return bad
	}
	root.AddCommand(newSolve(e), newCount(e), newVerify(e), newEncode(e), newSAT(e), newXCC(e), newCheck(e), newGen(e), newMerge(e), newDraw(e), newTrace(e), newBench(e), newRun(e), newPlot(e), newReport(e), newEstimate(e), newVersion(e), newLimitExec(e))
	for _, c := range testCommands {
		root.AddCommand(c(e))
	}
	return root
}

// parseN reads the board size argument: digits, optionally in groups
// joined by single underscores as in Go (1_000_000).
func parseN(s string) (int, error) {
	n, err := strconv.ParseInt(strings.ReplaceAll(s, "_", ""), 10, 64)
	if err != nil || !digitGroups(s) {
		return 0, usagef("N must be a whole number, not %q", s)
	}
	if n < 1 {
		return 0, usagef("N must be at least 1, not %d", n)
	}
	return int(n), nil
}

// digitGroups reports whether s is digits, or groups of digits joined by
// single underscores, with an optional leading minus.
func digitGroups(s string) bool {
	s = strings.TrimPrefix(s, "-")
	for _, g := range strings.Split(s, "_") {
		if _, ok := textio.ParseCount(g); !ok {
			return false
		}
	}
	return true
}

// argsBetween is cobra.RangeArgs with our usage error and wording: from lo
// to hi positional arguments, what names them in the message.
func argsBetween(lo, hi int, what string) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		if len(args) < lo || len(args) > hi {
			return usagef("%s: expected %s, got %d argument(s) (see --help)", cmd.Name(), what, len(args))
		}
		return nil
	}
}
