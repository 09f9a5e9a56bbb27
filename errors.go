package nqueens

import (
	"fmt"
	"time"

	"github.com/queenslab/nqueens/model"
)

// OptionError is a choice of options that cannot work (an unknown solver or
// encoding, a solver that cannot count): bad input rather than a failure.
type OptionError struct{ Err error }

func (e *OptionError) Error() string { return e.Err.Error() }
func (e *OptionError) Unwrap() error { return e.Err }

// InvalidSolutionError is a method's answer that failed verification: a bug
// of the method (or of the solver it ran), never a result. Err is the
// verifier's *model.ConflictError or the decoding error.
type InvalidSolutionError struct {
	Method Method
	Err    error
}

func (e *InvalidSolutionError) Error() string {
	return fmt.Sprintf("method %s returned an invalid placement (%v): this is a bug", e.Method, e.Err)
}

func (e *InvalidSolutionError) Unwrap() error { return e.Err }

// NoSolutionError is the answer "the problem has no solution", with what
// it is held to (Provenance): a method's "none" is never taken on its
// word. It wraps model.ErrNoSolution.
type NoSolutionError struct {
	// Method is the method that found none, and Solver its solver (method
	// sat).
	Method Method
	Solver string
	// Elapsed is the time the method took to find none.
	Elapsed time.Duration
	// Provenance is the independent evidence, or why there is none yet
	// (Provenance.Confirmed).
	Provenance Provenance
}

func (e *NoSolutionError) Error() string {
	if !e.Provenance.Confirmed() {
		return fmt.Sprintf("%s found no solution, unconfirmed: %s", Who(e.Method, e.Solver), e.Provenance)
	}
	return fmt.Sprintf("no solution exists (%s; confirmed by %s)", Who(e.Method, e.Solver), e.Provenance)
}

func (e *NoSolutionError) Unwrap() error { return model.ErrNoSolution }

// WrongAnswerError is a method (a solver, most often) whose answer
// contradicts what is known or what an independent method finds: a
// solver that says "no solution" where there is one, or a count that
// disagrees. It names the method; the answer is never printed as a result.
type WrongAnswerError struct {
	Method Method
	Solver string // the solver of method sat, else ""
	Claim  string // what it said
	Truth  string // what holds instead, and how it is known
}

func (e *WrongAnswerError) Error() string {
	return fmt.Sprintf("%s says %s, but %s: the answer is wrong", Who(e.Method, e.Solver), e.Claim, e.Truth)
}
