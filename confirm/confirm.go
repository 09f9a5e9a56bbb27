package confirm

import (
	"context"
	"errors"
	"fmt"
	"time"

	nqueens "github.com/queenslab/nqueens"
	"github.com/queenslab/nqueens/model"
	"github.com/queenslab/nqueens/native/search"
)

// Budget bounds the independent search that confirms an answer (no
// solution, or a count of a variant) when the caller's context sets no
// deadline.
const Budget = time.Minute

// Options shape a confirmation.
type Options struct {
	// Certify confirms an answer "no solution" by a DRAT proof that
	// CertifySolver writes and that is checked in-process (CertifyNone),
	// instead of by a second search.
	Certify bool
	// Progress, if set, is told of each step of the confirmation as it
	// begins (what: "the linear relaxation", the second method's title,
	// a DRAT proof), with done and total 0, then as it goes, as the
	// method reports it (done of total; total 0 when it counts nodes).
	Progress func(what string, done, total int64)
}

// tell is o.Progress, or nothing.
func (o Options) tell(what string, done, total int64) {
	if o.Progress != nil {
		o.Progress(what, done, total)
	}
}

// relaxationStep names the refutation of the linear relaxation as a step
// of a confirmation (Options.Progress).
const relaxationStep = "the linear relaxation"

// Find runs the finder f on p; an answer "no solution" that the registry
// could not hold to anything known is confirmed by None. A solution is
// returned as the registry verified it.
func Find(ctx context.Context, f nqueens.Finder, p model.Problem, opt nqueens.FindOptions, o Options) (*nqueens.Solution, error) {
	s, err := f.Find(ctx, p, opt)
	var none *nqueens.NoSolutionError
	if !errors.As(err, &none) {
		return s, err
	}
	return nil, None(ctx, p, none, o)
}

// Count runs the counter c on p; a count of a variant that the registry
// could not hold to anything known is confirmed by Counted.
func Count(ctx context.Context, c nqueens.Counter, p model.Problem, opt nqueens.CountOptions, o Options) (*nqueens.CountResult, error) {
	r, err := c.Count(ctx, p, opt)
	if err != nil {
		return r, err
	}
	if err := Counted(ctx, p, r, o); err != nil {
		return nil, err
	}
	return r, nil
}

// Counted confirms the count r of p where its provenance is not yet
// confirmed: a count of 0 by a checked refutation of the linear
// relaxation (search.Refute), else any count by a second, independent
// method (SecondCounter) within the context's deadline or Budget. A count
// that disagrees is a *nqueens.WrongAnswerError naming the method; one
// the second method did not finish stays unconfirmed, with the reason.
// The classic problem is held to the published counts (OEIS A000170 and
// A002562) alone, whatever r's provenance says. The error is the
// context's when it was cancelled; a nil context or result, or a result of
// another board than p's, is an *nqueens.OptionError.
func Counted(ctx context.Context, p model.Problem, r *nqueens.CountResult, opt Options) error {
	switch {
	case ctx == nil:
		return &nqueens.OptionError{Err: errors.New("confirm: Counted was given a nil context (use context.Background())")}
	case r == nil:
		return &nqueens.OptionError{Err: errors.New("confirm: Counted was given no count (a nil result)")}
	case r.N != p.N:
		return &nqueens.OptionError{Err: fmt.Errorf("confirm: the count is of N = %d, the problem of N = %d", r.N, p.N)}
	case p.IsClassic():
		return published(p, r)
	case r.Provenance.Confirmed():
		return nil
	}
	defer timed(&r.Provenance)()
	if r.All == 0 {
		if pr, ok := byRefutation(ctx, p, r.Provenance, opt); ok {
			r.Provenance = pr
			return nil
		}
	}
	other := SecondCounter(p, r.Method)
	name := nqueens.Title(other)
	cctx, cancel := budgeted(ctx)
	defer cancel()
	c, err := nqueens.LookupCounter(other)
	if err != nil {
		return err
	}
	opt.tell(name, 0, 0)
	o, err := c.Count(cctx, p, nqueens.CountOptions{Progress: countProgress(opt, name)})
	switch {
	case err == nil && o.All != r.All:
		return &nqueens.WrongAnswerError{Method: r.Method, Solver: r.Solver, Claim: fmt.Sprintf("N = %d has %d solutions", p.N, r.All), Truth: fmt.Sprintf("%s counts %d", name, o.All)}
	case err == nil:
		r.Provenance = nqueens.Provenance{Evidence: nqueens.SecondMethod, Detail: name, Method: other}
	default:
		r.Provenance, err = unfinished(ctx, name, err)
		return err
	}
	return nil
}

// None confirms the answer "p has no solution" in none, where the
// registry left it unconfirmed: by a DRAT proof when o.Certify (always,
// then), else by a checked refutation of the linear relaxation unless the
// method solved it already, else by a second, independent complete
// method (SecondMethod) within the context's deadline or Budget. It
// returns none with its provenance, a *nqueens.WrongAnswerError when the
// answer is false, or the context's error when it was cancelled (a
// deadline that passes leaves the answer unconfirmed, with the reason).
func None(ctx context.Context, p model.Problem, none *nqueens.NoSolutionError, o Options) error {
	switch {
	case ctx == nil:
		return &nqueens.OptionError{Err: errors.New("confirm: None was given a nil context (use context.Background())")}
	case none == nil:
		return &nqueens.OptionError{Err: errors.New("confirm: None was given no answer (a nil *NoSolutionError)")}
	case none.Provenance.Confirmed() && !o.Certify:
		return none
	}
	defer timed(&none.Provenance)()
	if o.Certify {
		o.tell("a DRAT proof from "+CertifySolver, 0, 0)
		return certifyNone(ctx, p, none)
	}
	if pr, ok := byRefutation(ctx, p, none.Provenance, o); ok {
		none.Provenance = pr
		return none
	}
	other := SecondMethod(p, none.Method)
	name := nqueens.Title(other)
	cctx, cancel := budgeted(ctx)
	defer cancel()
	o.tell(name, 0, 0)
	s, err := searchAgain(cctx, p, other, o, name)
	switch {
	case err == nil:
		if verr := model.VerifyColumns(p, s.Columns); verr != nil {
			none.Provenance = nqueens.Provenance{Detail: fmt.Sprintf("%s gave an invalid placement (%v)", name, verr)}
			return none
		}
		return &nqueens.WrongAnswerError{Method: none.Method, Solver: none.Solver, Claim: "the problem has no solution", Truth: name + " found one, verified"}
	case errors.Is(err, model.ErrNoSolution):
		none.Provenance = nqueens.Provenance{Evidence: nqueens.SecondMethod, Detail: name, Method: other}
		return none
	}
	if none.Provenance, err = unfinished(ctx, name, err); err != nil {
		return err
	}
	return none
}

// searchAgain looks for a solution of p with method m: a count on every
// core where m counts in parallel (it says "none" as well as a search for
// one, and sooner; a solution it finds is looked for again to show it).
// "None" is model.ErrNoSolution.
func searchAgain(ctx context.Context, p model.Problem, m nqueens.Method, o Options, name string) (*nqueens.Solution, error) {
	f, err := nqueens.LookupFinder(m)
	if err != nil {
		return nil, err
	}
	if c, err := nqueens.LookupCounter(m); err == nil && c.Parallel {
		r, err := c.Count(ctx, p, nqueens.CountOptions{Progress: countProgress(o, name)})
		switch {
		case err != nil:
			return nil, err
		case r.All == 0:
			return nil, model.ErrNoSolution
		}
	}
	fo := nqueens.FindOptions{Seed: 1}
	if o.Progress != nil {
		fo.Progress = func(done, total int64) { o.Progress(name, done, total) }
	}
	return f.Find(ctx, p, fo)
}

// countProgress is the progress of a confirming count, told as step what
// (nil without Options.Progress).
func countProgress(o Options, what string) func(done, total int) {
	if o.Progress == nil {
		return nil
	}
	return func(done, total int) { o.Progress(what, int64(done), int64(total)) }
}

// refute proves that p has no solution by its linear relaxation
// (search.Refute) and returns the proof, checked by model.Farkas.Check;
// or nil when the relaxation has a solution, the problem is the classic
// one or too large for it.
func refute(ctx context.Context, p model.Problem) *model.Farkas {
	if p.IsClassic() || p.N > search.RelaxMaxN {
		return nil
	}
	f, err := search.Refute(ctx, p)
	if err != nil || f == nil || f.Check(p) != nil {
		return nil
	}
	return f
}

// byRefutation is the provenance of "no solution" by a checked
// refutation of p's linear relaxation, when the method (pr) did not try
// the relaxation and it refutes p.
func byRefutation(ctx context.Context, p model.Problem, pr nqueens.Provenance, o Options) (nqueens.Provenance, bool) {
	if pr.Relaxed || p.IsClassic() || p.N > search.RelaxMaxN {
		return pr, false
	}
	o.tell(relaxationStep, 0, 0)
	f := refute(ctx, p)
	return nqueens.Provenance{Evidence: nqueens.Refutation, Farkas: f}, f != nil
}

// unfinished is the provenance of an answer whose second method, name,
// failed with err: unconfirmed, with the reason; or the context's error
// when the caller cancelled.
func unfinished(ctx context.Context, name string, err error) (nqueens.Provenance, error) {
	switch {
	case errors.Is(ctx.Err(), context.Canceled):
		return nqueens.Provenance{}, ctx.Err()
	case errors.Is(err, context.DeadlineExceeded):
		return nqueens.Provenance{Detail: name + " did not finish in the time left"}, nil
	}
	return nqueens.Provenance{Detail: fmt.Sprintf("%s failed: %v", name, err)}, nil
}

// published holds the count r of the classic problem p to the published
// counts (model.KnownCount): one that differs is a
// *nqueens.WrongAnswerError; one beyond them stays as it is.
func published(p model.Problem, r *nqueens.CountResult) error {
	all, distinct, ok := model.KnownCount(p.N)
	switch {
	case !ok:
		return nil
	case r.All != all:
		return &nqueens.WrongAnswerError{Method: r.Method, Solver: r.Solver, Claim: fmt.Sprintf("N = %d has %d solutions", p.N, r.All), Truth: fmt.Sprintf("Q(%d) = %d (OEIS A000170)", p.N, all)}
	case r.HasDistinct && r.Distinct != distinct:
		return &nqueens.WrongAnswerError{Method: r.Method, Solver: r.Solver, Claim: fmt.Sprintf("N = %d has %d essentially distinct solutions", p.N, r.Distinct), Truth: fmt.Sprintf("OEIS A002562 gives %d", distinct)}
	}
	return nil
}

// timed starts the clock of a confirmation; the function it returns sets
// the time it took into pr, whatever pr has become by then.
func timed(pr *nqueens.Provenance) func() {
	start := time.Now()
	return func() { pr.Elapsed = time.Since(start) }
}

// budgeted is the context of a confirming search: the caller's deadline,
// or Budget when it sets none.
func budgeted(ctx context.Context) (context.Context, context.CancelFunc) {
	if _, ok := ctx.Deadline(); ok {
		return context.WithCancel(ctx)
	}
	return context.WithTimeout(ctx, Budget)
}
