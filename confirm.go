package nqueens

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/queenslab/nqueens/cnf/drat"
	"github.com/queenslab/nqueens/encode"
	"github.com/queenslab/nqueens/model"
	"github.com/queenslab/nqueens/native"
	"github.com/queenslab/nqueens/solvers/sat"
)

// confirmCount holds a count to what is known of p: OEIS for the classic
// problem, 0 when pre-placed queens attack each other, else the count of a
// second, independent method (SecondCounter) within the context's deadline
// or ConfirmBudget; a count of 0 may instead be proved by the linear
// relaxation (Refuted). A count that disagrees is a *WrongAnswerError naming
// the method; one the second method did not finish is marked unconfirmed
// in r (ConfirmedBy empty, Unconfirmed the reason), never taken as a fact
// without saying so.
func confirmCount(ctx context.Context, p model.Problem, method Method, who string, r *CountResult) error {
	wrong := func(truth string) error {
		return &WrongAnswerError{Method: who, Claim: fmt.Sprintf("N = %d has %d solutions", p.N, r.All), Truth: truth}
	}
	if p.IsClassic() {
		all, distinct, ok := model.KnownCount(p.N)
		switch {
		case !ok:
			r.Unconfirmed = fmt.Sprintf("OEIS A000170 has no value for N = %d", p.N)
		case r.All != all:
			return wrong(fmt.Sprintf("Q(%d) = %d (OEIS A000170)", p.N, all))
		case r.HasDistinct && r.Distinct != distinct:
			return &WrongAnswerError{Method: who, Claim: fmt.Sprintf("N = %d has %d essentially distinct solutions", p.N, r.Distinct),
				Truth: fmt.Sprintf("OEIS A002562 gives %d", distinct)}
		default:
			r.ConfirmedBy = "OEIS A000170"
			if r.HasDistinct {
				r.ConfirmedBy += " and A002562"
			}
		}
		return nil
	}
	if why := encode.FixedConflict(p); why != "" {
		if r.All != 0 {
			return wrong(why)
		}
		r.ConfirmedBy = why
		return nil
	}
	if r.All == 0 {
		if f := refutation(ctx, p, r.relaxation); f != nil {
			r.ConfirmedBy, r.Refutation = Refuted, f
			return nil
		}
	}
	other := SecondCounter(p, method)
	name := Title(other)
	cctx, cancel := budgeted(ctx)
	defer cancel()
	o, err := counter(other).count(cctx, p, CountOptions{})
	switch {
	case err == nil && o.All != r.All:
		return wrong(fmt.Sprintf("%s counts %d", name, o.All))
	case err == nil:
		r.ConfirmedBy = name
	case errors.Is(ctx.Err(), context.Canceled):
		return ctx.Err()
	case errors.Is(err, context.DeadlineExceeded):
		r.Unconfirmed = name + " did not finish in the time left"
	default:
		r.Unconfirmed = fmt.Sprintf("%s failed: %v", name, err)
	}
	return nil
}

// Refuted is how an answer "no solution" confirmed by the linear
// relaxation is told.
const Refuted = "a Farkas refutation of the linear relaxation, checked"

// relaxation is what a method learnt of a problem's linear relaxation:
// its proof of "no solution" (Refute's), or, with solved, that it has none
// (a deterministic Refute would give none again).
type relaxation struct {
	proof  *model.Farkas
	solved bool
}

// refutation proves that p has no solution by its linear relaxation and
// returns the proof (Refuted); or nil when the relaxation has a solution,
// the problem is the classic one or too large for it. The proof is the
// method's own when it gave one (a cp that the relaxation answered), else
// native.Refute's, unless the method solved the relaxation already and
// found none; either is checked here by model.Farkas.Check.
func refutation(ctx context.Context, p model.Problem, known relaxation) *model.Farkas {
	if p.IsClassic() || p.N > native.RelaxMaxN {
		return nil
	}
	f := known.proof
	if f == nil {
		if known.solved {
			return nil
		}
		var err error
		if f, err = native.Refute(ctx, p); err != nil || f == nil {
			return nil
		}
	}
	if f.Check(p) != nil {
		return nil
	}
	return f
}

// relaxedError is a method's "no solution" after it solved the linear
// relaxation: the proof, or the knowledge that there is none, goes with it
// to the confirmation, which checks the proof instead of solving the
// relaxation again, and does not solve it again to find none.
type relaxedError struct{ relaxation }

func (e *relaxedError) Error() string { return native.ErrNoSolution.Error() }
func (e *relaxedError) Unwrap() error { return native.ErrNoSolution }

// budgeted is the context of a confirming search: the caller's deadline,
// or ConfirmBudget when it sets none.
func budgeted(ctx context.Context) (context.Context, context.CancelFunc) {
	if _, ok := ctx.Deadline(); ok {
		return context.WithCancel(ctx)
	}
	return context.WithTimeout(ctx, ConfirmBudget)
}

// CertifySolver is the solver whose DRAT proofs certify "no solution".
const CertifySolver = "cadical"

// Certificate is a checked proof that a problem has no solution.
type Certificate struct {
	Solver, Encoding string
	Proof            drat.Result
}

func (c *Certificate) String() string {
	return fmt.Sprintf("a DRAT proof from %s (%s CNF), checked: %d lemmas, %d in the core", c.Solver, c.Encoding, c.Proof.Lemmas, c.Proof.Core)
}

// CertifyNone refutes p by a DRAT proof: CertifySolver solves p's CNF
// (sequential encoding) and writes the proof, which package cnf/drat
// checks. When the solver finds a solution instead, it is returned,
// verified, and the certificate is nil. A proof that does not check, a
// model that is not a solution, or no answer is an error.
func CertifyNone(ctx context.Context, p model.Problem) (*Certificate, model.Placement, error) {
	s, err := sat.LookupExternal(CertifySolver)
	if err != nil {
		return nil, nil, &OptionError{fmt.Errorf("certifying needs %s, which is not installed", CertifySolver)}
	}
	f, err := encode.NewCNF(p, encode.Sequential{})
	if err != nil {
		return nil, nil, err
	}
	r, err := s.Certify(ctx, f)
	switch {
	case err != nil:
		return nil, nil, err
	case r.Status == sat.Sat:
		q, err := encode.Decode(p.N, func(v int) bool { return r.Model[v] })
		if err == nil {
			err = model.Verify(p, q)
		}
		if err != nil {
			return nil, nil, fmt.Errorf("%s gave a model that is not a solution: %v", CertifySolver, err)
		}
		return nil, q, nil
	case r.Status != sat.Unsat || r.Proof == nil:
		return nil, nil, fmt.Errorf("%s gave no answer", CertifySolver)
	}
	return &Certificate{Solver: CertifySolver, Encoding: f.AMO.Name(), Proof: *r.Proof}, nil, nil
}

// certifyNone confirms the answer "p has no solution" of who by
// CertifyNone; a solution found instead makes it a *WrongAnswerError.
func certifyNone(ctx context.Context, p model.Problem, who string) error {
	cert, q, err := CertifyNone(ctx, p)
	switch {
	case err != nil:
		return err
	case q != nil:
		return &WrongAnswerError{Method: who, Claim: "the problem has no solution", Truth: CertifySolver + " found one, verified"}
	}
	return &NoSolutionError{Method: who, ConfirmedBy: cert.String()}
}

// ConfirmBudget bounds the independent search that confirms an answer
// (no solution, or a count of a variant) when the caller's context sets no
// deadline.
const ConfirmBudget = time.Minute

// confirmNone checks the answer "p has no solution" of the method who,
// which ran as the registry's finder method: by the known counts for the
// classic problem, by the pre-placed queens for a completion whose queens
// cannot all stand, by a checked refutation of the linear relaxation
// (Refuted: the method's own, or one solved for here) where it has
// one, else by a second, independent complete method
// (SecondMethod) within the context's deadline or ConfirmBudget. It
// returns a *NoSolutionError, a *WrongAnswerError when the answer is false,
// or the context's error when it was cancelled (a deadline that passes
// leaves the answer unconfirmed).
func confirmNone(ctx context.Context, p model.Problem, method Method, who string, known relaxation) error {
	none := &NoSolutionError{Method: who}
	if p.IsClassic() {
		switch all, _, ok := model.KnownCount(p.N); {
		case ok && all == 0:
			none.ConfirmedBy = "OEIS A000170"
			return none
		case ok:
			return &WrongAnswerError{Method: who, Claim: fmt.Sprintf("N = %d has no solution", p.N), Truth: fmt.Sprintf("Q(%d) = %d (OEIS A000170)", p.N, all)}
		case p.N >= 4:
			return &WrongAnswerError{Method: who, Claim: fmt.Sprintf("N = %d has no solution", p.N), Truth: "every N >= 4 has one (Hoffman, Loessi and Moore 1969)"}
		}
	}
	if why := encode.FixedConflict(p); why != "" {
		none.ConfirmedBy = why
		return none
	}
	if f := refutation(ctx, p, known); f != nil {
		none.ConfirmedBy, none.Refutation = Refuted, f
		return none
	}
	other := SecondMethod(p, method)
	name := Title(other)
	cctx, cancel := budgeted(ctx)
	defer cancel()
	var s *Solution
	var err error
	if c := counter(other); c.Parallel {
		// A count on every core says "none" as well as a search for one,
		// and sooner; a solution it finds is looked for again to show it.
		var r *CountResult
		if r, err = c.count(cctx, p, CountOptions{}); err == nil {
			if r.All == 0 {
				err = native.ErrNoSolution
			} else {
				s, err = finder(other).find(cctx, p, FindOptions{Seed: 1})
			}
		}
	} else {
		s, err = finder(other).find(cctx, p, FindOptions{Seed: 1})
	}
	switch {
	case err == nil:
		if verr := model.VerifyColumns(p, s.Columns); verr != nil {
			none.Unconfirmed = fmt.Sprintf("%s gave an invalid placement (%v)", name, verr)
			return none
		}
		return &WrongAnswerError{Method: who, Claim: "the problem has no solution", Truth: name + " found one, verified"}
	case errors.Is(err, native.ErrNoSolution):
		none.ConfirmedBy = name
		return none
	case errors.Is(ctx.Err(), context.Canceled):
		return ctx.Err()
	case errors.Is(err, context.DeadlineExceeded):
		none.Unconfirmed = name + " did not finish in the time left"
	default:
		none.Unconfirmed = fmt.Sprintf("%s failed: %v", name, err)
	}
	return none
}
