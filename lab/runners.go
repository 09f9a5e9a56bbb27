package lab

import (
	"context"
	"fmt"
	"os/exec"
	"runtime/debug"
	"strconv"
	"strings"

	nqueens "github.com/queenslab/nqueens"
	"github.com/queenslab/nqueens/encode"
)

// Runners are the runners of the solvers named: own's runner where it
// gives one (the caller's own programs), minizinc with Gecode
// (MiniZincRunners), else an external DIMACS solver by name or path
// (ExternalRunners: clasp on OPB files as well). A name given twice, or a
// solver that cannot run, is an *nqueens.OptionError.
func Runners(ctx context.Context, names []string, own func(name string) Runner) ([]Runner, error) {
	var rs []Runner
	seen := map[string]bool{}
	for _, name := range names {
		if seen[name] {
			return nil, optionErrorf("lab: solver %s is given twice", name)
		}
		seen[name] = true
		if r := own(name); r != nil {
			rs = append(rs, r)
			continue
		}
		var ext []Runner
		var err error
		if name == "minizinc" {
			ext, err = MiniZincRunners(ctx)
		} else {
			ext, err = ExternalRunners(ctx, name)
		}
		if err != nil {
			return nil, &nqueens.OptionError{Err: err}
		}
		rs = append(rs, ext...)
	}
	return rs, nil
}

// InProcessBuild names the build of a solver that runs inside the
// toolkit's program: the toolkit's version, and the solver module's for
// gini and gophersat.
func InProcessBuild(name string) string {
	v := "nqueens " + nqueens.Version
	mod := map[string]string{"gini": "github.com/go-air/gini", "gophersat": "github.com/crillab/gophersat"}[name]
	if bi, ok := debug.ReadBuildInfo(); ok && mod != "" {
		for _, d := range bi.Deps {
			if d.Path == mod {
				v += ", " + name + " " + d.Version
			}
		}
	}
	return v
}

// Limiter puts a run under its limits (Options.Limit): util-linux's
// prlimit where it is installed, else the command that fallback gives (a
// program that sets the limits and becomes the solver, which follows it).
// The CPU limit is soft (SIGXCPU, which a solver may catch to stop
// cleanly), hard a second later (SIGKILL).
func Limiter(fallback func(Limits) []string) func(argv []string, l Limits) []string {
	return func(argv []string, l Limits) []string {
		p, err := exec.LookPath("prlimit")
		if err != nil {
			return append(fallback(l), argv...)
		}
		flags := []string{p}
		if l.DataBytes > 0 {
			flags = append(flags, "--data="+strconv.FormatInt(l.DataBytes, 10))
		}
		if l.CPUSeconds > 0 {
			flags = append(flags, fmt.Sprintf("--cpu=%d:%d", l.CPUSeconds, l.CPUSeconds+1))
		}
		return append(append(flags, "--"), argv...)
	}
}

// ParseBytes reads a size: digits with an optional K, M, G or T suffix
// (powers of 1024).
func ParseBytes(s string) (int64, error) {
	if s == "" {
		return 0, fmt.Errorf("lab: want a positive size such as 2G or 512M")
	}
	mult := int64(1)
	switch strings.ToUpper(s[len(s)-1:]) {
	case "K":
		mult = 1 << 10
	case "M":
		mult = 1 << 20
	case "G":
		mult = 1 << 30
	case "T":
		mult = 1 << 40
	}
	if mult > 1 {
		s = s[:len(s)-1]
	}
	v, err := strconv.ParseInt(s, 10, 64)
	if err != nil || v <= 0 || v > (1<<62)/mult {
		return 0, fmt.Errorf("lab: want a positive size such as 2G or 512M")
	}
	return v * mult, nil
}

// Configured is a solver configuration: a runner under a name of its own
// (Label), its command given arguments of its own (Args, after the
// program), standing for Definition ("cadical --sat"), which results
// record (Record.Configuration) and a resumed run compares.
type Configured struct {
	Runner
	Label      string
	Args       []string
	Definition string
}

// Name is the configuration's name, which results and reports show.
func (c *Configured) Name() string { return c.Label }

// Configuration is what the name stands for.
func (c *Configured) Configuration() string { return c.Definition }

// Command is the runner's, with the configuration's arguments after the
// program.
func (c *Configured) Command(file, result string) []string {
	argv := c.Runner.Command(file, result)
	return append(append([]string{argv[0]}, c.Args...), argv[1:]...)
}

// Companion is the runner's (Process.Companion).
func (c *Configured) Companion() encode.Format { return companionOf(c.Runner) }

// ValidName tells whether a solver configuration's name is one a report
// can show and a file can be named by: letters, digits, '.', '_', '+'
// and '-', at most 64 of them, not starting with '-', and not VBS (the
// virtual best solver's).
func ValidName(name string) bool {
	if name == "" || len(name) > 64 || name[0] == '-' || name == VBS {
		return false
	}
	for _, r := range name {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("._+-", r)) {
			return false
		}
	}
	return true
}
