package sat

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/queenslab/nqueens/internal/textio"
)

// MaxOutputLine caps one line of a solver's output: 64 MiB, room for a "v"
// line of several million literals.
const MaxOutputLine = textio.MaxLine

// OutputError is a solver output that breaks the SAT competition format:
// garbage, a literal out of range, a truncated or contradictory model.
type OutputError struct {
	Line int // 1-based line of the output, 0 when the whole output is at fault
	Msg  string
}

func (e *OutputError) Error() string {
	if e.Line == 0 {
		return "solver output: " + e.Msg
	}
	return fmt.Sprintf("solver output line %d: %s", e.Line, e.Msg)
}

// ParseOutput reads solver output in the format of the SAT competitions:
// comment lines "c ...", status lines "s SATISFIABLE" / "s UNSATISFIABLE" /
// "s UNKNOWN", and models as "v" lines of literals ended by 0 (one model or,
// for enumerating solvers, several). Every model must give each variable
// 1..vars exactly one value; it is passed to onModel as it completes. Blank
// lines are allowed; anything else is an *OutputError, as is a model left
// without its 0 and a line longer than MaxOutputLine.
func ParseOutput(r io.Reader, vars int, onModel func(Model) error) ([]Status, error) {
	lr := textio.NewLineReader(r, "solver output")
	lr.Max = MaxOutputLine
	var statuses []Status
	var cur Model   // the model being read, nil between models
	var seen []bool // which variables of cur have a value
	assigned := 0
	line := 0
	bad := func(format string, a ...any) error {
		return &OutputError{Line: line, Msg: fmt.Sprintf(format, a...)}
	}
	for {
		b, err := lr.Next()
		if err == io.EOF {
			break
		}
		var pe *textio.ParseError
		if errors.As(err, &pe) {
			return statuses, &OutputError{Line: pe.Line, Msg: pe.Msg}
		}
		if err != nil {
			return statuses, err
		}
		line = lr.Line()
		t := string(b)
		f := strings.Fields(t)
		switch {
		case len(f) == 0 || f[0] == "c" || strings.HasPrefix(t, "c "):
		case f[0] == "s":
			if cur != nil {
				return statuses, bad("status line inside a model (the model has no terminating 0)")
			}
			switch strings.Join(f[1:], " ") {
			case "SATISFIABLE":
				statuses = append(statuses, Sat)
			case "UNSATISFIABLE":
				statuses = append(statuses, Unsat)
			case "UNKNOWN", "INDETERMINATE":
				statuses = append(statuses, Unknown)
			default:
				return statuses, bad("unknown status %q", strings.Join(f[1:], " "))
			}
		case f[0] == "v":
			for _, tok := range f[1:] {
				lit, ok := textio.ParseInt([]byte(tok))
				if !ok {
					return statuses, bad("%q is not a literal", textio.Clip(tok, 60))
				}
				if lit > vars || -lit > vars {
					return statuses, bad("literal %d is out of range (%d variables)", lit, vars)
				}
				if cur == nil {
					cur, seen, assigned = make(Model, vars+1), make([]bool, vars+1), 0
				}
				if lit == 0 {
					if assigned != vars {
						return statuses, bad("model ends after %d of %d variables", assigned, vars)
					}
					if err := onModel(cur); err != nil {
						return statuses, err
					}
					cur = nil
					continue
				}
				v := max(lit, -lit)
				if seen[v] {
					return statuses, bad("variable %d is given twice", v)
				}
				seen[v], cur[v] = true, lit > 0
				assigned++
			}
		default:
			return statuses, bad("unexpected output %q", textio.Clip(t, 60))
		}
	}
	if cur != nil {
		return statuses, &OutputError{Msg: "the output ends inside a model (no terminating 0): truncated"}
	}
	return statuses, nil
}

// WriteModel writes a model as a solver prints it, the form ParseOutput
// reads: "v" lines of at most 20 literals, the last ended by 0.
func WriteModel(w io.Writer, m Model) error {
	bw := bufio.NewWriter(w)
	for v := 1; v < len(m); v++ {
		if (v-1)%20 == 0 {
			if v > 1 {
				bw.WriteString("\n")
			}
			bw.WriteString("v")
		}
		if m[v] {
			fmt.Fprintf(bw, " %d", v)
		} else {
			fmt.Fprintf(bw, " -%d", v)
		}
	}
	if len(m) <= 1 {
		bw.WriteString("v")
	}
	bw.WriteString(" 0\n")
	return bw.Flush()
}

// ReadAnswer reads a DIMACS solver's answer as saved in a file, without
// its exit status: the output format of the SAT competitions (one "s"
// line, and "v" lines of one model for SATISFIABLE), or minisat's result
// file ("SAT" and a line of literals ended by 0, "UNSAT", "INDET"), for a
// formula of vars variables. It reads in a stream, keeping the model
// alone. The model, when SAT, is not checked against the clauses
// (CheckModel). Anything else (no status, two, a model with another
// status, garbage) is an *OutputError naming the line.
func ReadAnswer(r io.Reader, vars int) (Result, error) {
	br := bufio.NewReaderSize(r, 1<<16)
	start, _ := br.Peek(1 << 16)
	first, _, _ := strings.Cut(strings.TrimLeft(string(start), " \t\r\n"), "\n")
	if f := strings.TrimSpace(first); f == "SAT" || f == "UNSAT" || f == "INDET" {
		// minisat's result file: two lines at most, the second a model.
		data, err := io.ReadAll(io.LimitReader(br, int64(MaxOutputLine)+int64(len(start))))
		if err != nil {
			return Result{}, err
		}
		st, m, err := parseMinisatResult(bytes.TrimLeft(data, " \t\r\n"), vars)
		return Result{Status: st, Model: m}, err
	}
	var model Model
	statuses, err := ParseOutput(br, vars, func(m Model) error {
		if model != nil {
			return &OutputError{Msg: "more than one model"}
		}
		model = m
		return nil
	})
	switch {
	case err != nil:
		return Result{}, err
	case len(statuses) == 0:
		return Result{}, &OutputError{Msg: "no status line (s SATISFIABLE, s UNSATISFIABLE or s UNKNOWN)"}
	case len(statuses) > 1:
		return Result{}, &OutputError{Msg: fmt.Sprintf("%d status lines, want 1", len(statuses))}
	case statuses[0] == Sat && model == nil:
		return Result{}, &OutputError{Msg: "SATISFIABLE without a model (no v lines)"}
	case statuses[0] != Sat && model != nil:
		return Result{}, &OutputError{Msg: fmt.Sprintf("%v with a model", statuses[0])}
	}
	return Result{Status: statuses[0], Model: model}, nil
}
