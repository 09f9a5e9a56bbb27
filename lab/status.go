package lab

import (
	"fmt"

	"github.com/queenslab/nqueens/solvers/sat"
	"github.com/queenslab/nqueens/suite"
)

// Status is the outcome of one run, as the results file records it.
type Status string

// The statuses of a run.
const (
	Sat     Status = "SAT"     // a model, verified against the instance
	Unsat   Status = "UNSAT"   // unsatisfiable, as the manifest says
	Timeout Status = "TIMEOUT" // killed at the wall-time limit
	Memout  Status = "MEMOUT"  // failed at the memory limit
	Crash   Status = "CRASH"   // no answer: a crash, garbage, an exit status without one
	Unknown Status = "UNKNOWN" // the solver gave up ("s UNKNOWN")
	Wrong   Status = "WRONG"   // a model that fails the instance, or an answer against the manifest
)

// Statuses lists the statuses in the order of the summary's columns.
var Statuses = []Status{Sat, Unsat, Timeout, Memout, Crash, Unknown, Wrong}

// Solved tells whether the status is a right answer.
func (s Status) Solved() bool { return s == Sat || s == Unsat }

// ParseStatus reads a status as a results file writes it.
func ParseStatus(s string) (Status, error) {
	for _, st := range Statuses {
		if string(st) == s {
			return st, nil
		}
	}
	return "", fmt.Errorf("lab: unknown status %q", s)
}

// statusOf is the status of a solver's answer: the one place where the
// solver layer's vocabulary (sat.Status) becomes the lab's.
func statusOf(s sat.Status) Status {
	switch s {
	case sat.Sat:
		return Sat
	case sat.Unsat:
		return Unsat
	}
	return Unknown
}

// expected is the status of a right answer to an instance whose manifest
// gives the answer a, when the manifest knows it.
func expected(a suite.Answer) (Status, bool) {
	switch a {
	case suite.Satisfiable:
		return Sat, true
	case suite.Unsatisfiable:
		return Unsat, true
	}
	return "", false
}
