package lab

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os/exec"
	"strings"

	"github.com/queenslab/nqueens/encode"
	"github.com/queenslab/nqueens/internal/textio"
	"github.com/queenslab/nqueens/model"
	"github.com/queenslab/nqueens/solvers/minizinc"
	"github.com/queenslab/nqueens/solvers/sat"
)

// Runner is one solver as the lab runs it: the files it reads, the command
// that solves one of them in a process of its own, and the reader of what
// that process left.
type Runner interface {
	// Name is the solver's name in the results: "cadical", "gini".
	Name() string
	// Version names its build. It is recorded with every run, and a run
	// is the same run again (not repeated on resuming) only for the same
	// file, solver, version and limits.
	Version() string
	// Reads is the format of the suite's files that the solver reads.
	Reads() encode.Format
	// Command is the program and its arguments that solve file (a path);
	// result is a file the solver may write its answer into (minisat).
	Command(file, result string) []string
	// Answer reads the answer of a run that has ended. An error is a run
	// that gave no answer (a crash, garbage), never a wrong one: the lab
	// judges the answer itself.
	Answer(out Output) (Answer, error)
}

// Output is what a run left.
type Output struct {
	Stdout []byte
	// Result is the content of the result file, if the solver wrote one.
	Result []byte
	Exit   int
	// Stderr is the end of its standard error.
	Stderr string
	// N is the board of the instance and Vars the variables of its file.
	N, Vars int
}

// Answer is a solver's answer before the lab judges it.
type Answer struct {
	Status sat.Status
	// Model is a DIMACS solver's model, when Status is sat.Sat: the lab
	// checks it against the clauses of the file, then decodes its queens.
	Model sat.Model
	// Placement is the queens of any other answer, when Status is sat.Sat:
	// the lab verifies them against the instance.
	Placement model.Placement
}

// Process is a Runner made of its parts. With, if set, is the format of a
// second file of the same instance that the command reads beside the
// one it runs on (Companion).
type Process struct {
	Solver, Build string
	Format, With  encode.Format
	Argv          func(file, result string) []string
	Read          func(Output) (Answer, error)
}

// Companion is the format of the second file of the instance that the
// process reads (the MiniZinc model beside its data), "" for none: the
// lab checks that file against its manifest row before the run, as the
// one it runs on.
func (p *Process) Companion() encode.Format { return p.With }

func (p *Process) Name() string                         { return p.Solver }
func (p *Process) Version() string                      { return p.Build }
func (p *Process) Reads() encode.Format                 { return p.Format }
func (p *Process) Command(file, result string) []string { return p.Argv(file, result) }
func (p *Process) Answer(out Output) (Answer, error)    { return p.Read(out) }

// DIMACSAnswer reads the answer of a DIMACS solver that speaks the SAT
// competition's output format as e does (e.Answer): the "s" line, the "v"
// lines and the exit status, or minisat's result file.
func DIMACSAnswer(e *sat.External) func(Output) (Answer, error) {
	return func(out Output) (Answer, error) {
		r, err := e.Answer(bytes.NewReader(out.Stdout), out.Result, out.Exit, out.Vars)
		return Answer{Status: r.Status, Model: r.Model}, err
	}
}

// CoverAnswer reads the answer of an exact cover solver on the queens
// exact cover (package encode): the options of a cover, one per line, or
// "no solution" alone with exit status 1.
func CoverAnswer(out Output) (Answer, error) {
	switch {
	case out.Exit == 1 && strings.TrimSpace(string(out.Stdout)) == "no solution":
		return Answer{Status: sat.Unsat}, nil
	case out.Exit != 0:
		return Answer{}, fmt.Errorf("lab: exit status %d", out.Exit)
	}
	q := make(model.Placement, out.N)
	for i := range q {
		q[i] = model.Unset
	}
	for _, l := range strings.Split(strings.TrimSpace(string(out.Stdout)), "\n") {
		sq, err := encode.OptionSquare(strings.Fields(l))
		if err != nil {
			return Answer{}, err
		}
		if sq.Row >= out.N || sq.Col >= out.N {
			return Answer{}, fmt.Errorf("lab: option %q is off the board", textio.Clip(l, 200))
		}
		if q[sq.Row] != model.Unset {
			return Answer{}, fmt.Errorf("lab: two options cover row %d", sq.Row+1)
		}
		q[sq.Row] = sq.Col
	}
	return Answer{Status: sat.Sat, Placement: q}, nil
}

// PBAnswer reads clasp's answer to a pseudo-Boolean file of package encode
// (sat.ReadPBAnswer), its queens decoded.
func PBAnswer(out Output) (Answer, error) {
	r, err := sat.ReadPBAnswer(bytes.NewReader(out.Stdout), out.Exit, out.Vars)
	if err != nil || r.Status != sat.Sat {
		return Answer{Status: r.Status}, err
	}
	q, err := encode.Decode(out.N, func(v int) bool { return v < len(r.Model) && r.Model[v] })
	if err != nil {
		return Answer{}, fmt.Errorf("lab: its model is not a placement: %v", err)
	}
	return Answer{Status: sat.Sat, Placement: q}, nil
}

// MiniZincAnswer reads minizinc's answer to the queens model of package
// encode (minizinc.ReadOutput, encode.ReadMiniZincSolution).
func MiniZincAnswer(out Output) (Answer, error) {
	var q model.Placement
	r, err := minizinc.ReadOutput(bytes.NewReader(out.Stdout), func(text string) error {
		if q != nil {
			return errors.New("lab: more than one solution")
		}
		var err error
		q, err = encode.ReadMiniZincSolution(text, out.N)
		return err
	})
	switch {
	case err != nil:
		return Answer{}, err
	case out.Exit != 0:
		return Answer{}, fmt.Errorf("lab: exit status %d", out.Exit)
	case q != nil:
		return Answer{Status: sat.Sat, Placement: q}, nil
	case r.Complete:
		return Answer{Status: sat.Unsat}, nil
	}
	return Answer{Status: sat.Unknown}, nil
}

// ExternalRunners are the runners of an external solver, by name or path
// (sat.LookupExternal): on DIMACS files, and for clasp on pseudo-Boolean
// files as well.
func ExternalRunners(ctx context.Context, name string) ([]Runner, error) {
	e, err := sat.LookupExternal(name)
	if err != nil {
		return nil, err
	}
	version := sat.ProgramVersion(ctx, e.Path)
	rs := []Runner{&Process{Solver: name, Build: version, Format: encode.DIMACS, Argv: e.CommandLine, Read: DIMACSAnswer(e)}}
	if name == "clasp" {
		rs = append(rs, &Process{Solver: name, Build: version, Format: encode.OPB,
			Argv: func(file, _ string) []string { return []string{e.Path, file} }, Read: PBAnswer})
	}
	return rs, nil
}

// MiniZincRunners run minizinc with Gecode on self-contained MiniZinc files
// (encode.MiniZincInline), and on data files (encode.MiniZincData) with
// their instance's model file beside them (encode.MiniZinc, Companion).
func MiniZincRunners(ctx context.Context) ([]Runner, error) {
	path, err := exec.LookPath("minizinc")
	if err != nil {
		return nil, errors.New("lab: minizinc is not installed (not found on the PATH)")
	}
	build := sat.ProgramVersion(ctx, path) + ", gecode"
	return []Runner{
		&Process{Solver: "minizinc", Build: build, Format: encode.MiniZincInline,
			Argv: func(file, _ string) []string { return []string{path, "--solver", "gecode", file} }, Read: MiniZincAnswer},
		&Process{Solver: "minizinc", Build: build, Format: encode.MiniZincData, With: encode.MiniZinc,
			Argv: func(file, _ string) []string {
				return []string{path, "--solver", "gecode", CompanionFile(file, encode.MiniZincData, encode.MiniZinc), file}
			}, Read: MiniZincAnswer},
	}, nil
}

// CompanionFile is the file of format to beside file, of format from: the
// same instance's (a suite names its files by the instance's id and the
// format's extension).
func CompanionFile(file string, from, to encode.Format) string {
	return strings.TrimSuffix(file, from.Extension()) + to.Extension()
}
