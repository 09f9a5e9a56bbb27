package sat

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/queenslab/nqueens/internal/textio"
)

// ReadPBAnswer reads the answer of a pseudo-Boolean solver in the format of
// the PB competitions, as clasp gives it on an OPB file: comment lines, one
// "s" line (SATISFIABLE, OPTIMUM FOUND, UNSATISFIABLE or UNKNOWN) and "v"
// lines of literals x<k> and -x<k>, 1 <= k <= vars; exit status 10 or 20
// must agree with the "s" line (0 and 30 are taken with it). The model
// gives variable k the value of x<k>, false for the ones not listed.
// Anything else is an error.
func ReadPBAnswer(r io.Reader, exit, vars int) (Result, error) {
	st := Unknown
	statuses := 0
	m := make(Model, vars+1)
	given := make([]bool, vars+1) // a variable is given one value, once
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, textio.MaxLine)
	for sc.Scan() {
		l := strings.TrimSpace(sc.Text())
		switch {
		case l == "" || strings.HasPrefix(l, "c"):
		case strings.HasPrefix(l, "s "):
			statuses++
			switch strings.TrimSpace(l[2:]) {
			case "SATISFIABLE", "OPTIMUM FOUND":
				st = Sat
			case "UNSATISFIABLE":
				st = Unsat
			case "UNKNOWN":
				st = Unknown
			default:
				return Result{}, fmt.Errorf("sat: unexpected status %q", textio.Clip(l, 60))
			}
		case strings.HasPrefix(l, "v "):
			for _, f := range strings.Fields(l[2:]) {
				name, neg := strings.CutPrefix(f, "-")
				digits, ok := strings.CutPrefix(name, "x")
				k, err := strconv.Atoi(digits)
				if !ok || err != nil || k < 1 || k > vars {
					return Result{}, fmt.Errorf("sat: unexpected literal %q (variables 1 to %d)", textio.Clip(f, 60), vars)
				}
				if given[k] {
					return Result{}, fmt.Errorf("sat: variable x%d is given twice", k)
				}
				m[k], given[k] = !neg, true
			}
		default:
			return Result{}, fmt.Errorf("sat: unexpected output %q", textio.Clip(l, 60))
		}
	}
	if err := sc.Err(); err != nil {
		return Result{}, fmt.Errorf("sat: %v", err)
	}
	if statuses != 1 {
		return Result{}, fmt.Errorf("sat: %d status lines, want 1 (exit status %d)", statuses, exit)
	}
	if want, ok := map[int]Status{10: Sat, 20: Unsat}[exit]; ok && want != st {
		return Result{}, fmt.Errorf("sat: exit status %d but answered %v", exit, st)
	}
	if st != Sat {
		return Result{Status: st}, nil
	}
	return Result{Status: Sat, Model: m}, nil
}
