package nqueens

import (
	"fmt"
	"time"

	"github.com/queenslab/nqueens/model"
)

// Evidence is what an answer rests on beyond the word of the method that
// gave it: a closed set, told in sentences by its String.
type Evidence int

const (
	// Unconfirmed: nothing yet; Provenance.Detail says why.
	Unconfirmed Evidence = iota
	// Published: the published counts (OEIS A000170 and A002562), or the
	// theorem that every N >= 4 has a solution.
	Published
	// Conflict: the pre-placed queens cannot all stand
	// (model.FixedConflict); the answer is "no solution".
	Conflict
	// Refutation: a Farkas refutation of the linear relaxation, checked
	// by model.Farkas.Check; the answer is "no solution".
	Refutation
	// SecondMethod: an independent complete method gave the same answer.
	SecondMethod
	// DRATProof: a DRAT proof of "no solution", checked in-process
	// (package cnf/drat).
	DRATProof
)

var evidenceNames = []string{Unconfirmed: "unconfirmed", Published: "published", Conflict: "conflict",
	Refutation: "refutation", SecondMethod: "second-method", DRATProof: "drat-proof"}

// String names the kind of evidence in one word, as JSON output gives it.
func (e Evidence) String() string {
	if e >= 0 && int(e) < len(evidenceNames) {
		return evidenceNames[e]
	}
	return fmt.Sprintf("Evidence(%d)", int(e))
}

// RefutedText is how an answer "no solution" confirmed by a refutation of
// the linear relaxation is told (Provenance.String, manifests).
const RefutedText = "a Farkas refutation of the linear relaxation, checked"

// Provenance is what a count or an answer "no solution" has been held to.
// The registry fills in what it knows without a second search (the
// published counts, pre-placed queens that cannot stand, the method's own
// refutation of the relaxation, checked); package confirm adds a second
// method, a refutation or a proof.
type Provenance struct {
	Evidence Evidence
	// Detail tells the evidence: the sequences, the conflict, the
	// second method's title, the proof's figures; for Unconfirmed, why
	// the answer is not confirmed.
	Detail string
	// Method is the second method (SecondMethod).
	Method Method
	// Farkas is the checked refutation (Refutation); model.WriteFarkas
	// writes it.
	Farkas *model.Farkas
	// Relaxed says, of an answer not confirmed, that the method solved
	// the linear relaxation and found it has a solution: there is no
	// refutation to look for.
	Relaxed bool
	// Elapsed is the time that confirming the answer took beyond the
	// method's own (a second method, a refutation, a proof): 0 for what
	// the registry knows without a search.
	Elapsed time.Duration
}

// Confirmed says whether the answer is held to independent evidence.
func (p Provenance) Confirmed() bool { return p.Evidence != Unconfirmed }

// String tells the evidence as "confirmed by" continues it, or, for an
// answer not confirmed, why.
func (p Provenance) String() string {
	if p.Evidence == Refutation && p.Detail == "" {
		return RefutedText
	}
	return p.Detail
}

// unconfirmed is the provenance of an answer the registry cannot hold to
// anything without a second search.
func unconfirmed(relaxed bool) Provenance {
	return Provenance{Detail: "no independent method was run", Relaxed: relaxed}
}

// Who names a method, and its solver when it has one, in messages:
// "method sat, solver gini".
func Who(m Method, solver string) string {
	if solver == "" {
		return "method " + string(m)
	}
	return "method " + string(m) + ", solver " + solver
}

// countProvenance holds the count r of p to what is known without a
// search: the published counts for the classic problem, 0 when the
// pre-placed queens cannot stand, the method's own refutation of the
// relaxation (checked) for a count of 0. A count that disagrees is a
// *WrongAnswerError.
func countProvenance(p model.Problem, r *CountResult, known relaxation) (Provenance, error) {
	wrong := func(claim, truth string) error {
		return &WrongAnswerError{Method: r.Method, Solver: r.Solver, Claim: claim, Truth: truth}
	}
	if p.IsClassic() {
		all, distinct, ok := model.KnownCount(p.N)
		switch {
		case !ok:
			return Provenance{Detail: fmt.Sprintf("OEIS A000170 has no value for N = %d", p.N)}, nil
		case r.All != all:
			return Provenance{}, wrong(fmt.Sprintf("N = %d has %d solutions", p.N, r.All), fmt.Sprintf("Q(%d) = %d (OEIS A000170)", p.N, all))
		case r.HasDistinct && r.Distinct != distinct:
			return Provenance{}, wrong(fmt.Sprintf("N = %d has %d essentially distinct solutions", p.N, r.Distinct), fmt.Sprintf("OEIS A002562 gives %d", distinct))
		case r.HasDistinct:
			return Provenance{Evidence: Published, Detail: "OEIS A000170 and A002562"}, nil
		}
		return Provenance{Evidence: Published, Detail: "OEIS A000170"}, nil
	}
	if why := model.FixedConflict(p); why != "" {
		if r.All != 0 {
			return Provenance{}, wrong(fmt.Sprintf("N = %d has %d solutions", p.N, r.All), why)
		}
		return Provenance{Evidence: Conflict, Detail: why}, nil
	}
	if r.All == 0 {
		if f := known.checked(p); f != nil {
			return Provenance{Evidence: Refutation, Farkas: f}, nil
		}
	}
	return unconfirmed(known.tried()), nil
}

// noneProvenance holds the answer "p has no solution" of method m (with
// its solver) to what is known without a search, as countProvenance a
// count of 0; for the classic problem a solution exists from N = 4 on
// even where OEIS stops.
func noneProvenance(p model.Problem, m Method, solver string, known relaxation) error {
	none := &NoSolutionError{Method: m, Solver: solver}
	if p.IsClassic() {
		claim := fmt.Sprintf("N = %d has no solution", p.N)
		switch all, _, ok := model.KnownCount(p.N); {
		case ok && all == 0:
			none.Provenance = Provenance{Evidence: Published, Detail: "OEIS A000170"}
			return none
		case ok:
			return &WrongAnswerError{Method: m, Solver: solver, Claim: claim, Truth: fmt.Sprintf("Q(%d) = %d (OEIS A000170)", p.N, all)}
		case p.N >= 4:
			return &WrongAnswerError{Method: m, Solver: solver, Claim: claim, Truth: "every N >= 4 has one (Hoffman, Loessi and Moore 1969)"}
		}
	}
	switch why := model.FixedConflict(p); {
	case why != "":
		none.Provenance = Provenance{Evidence: Conflict, Detail: why}
	case known.checked(p) != nil:
		none.Provenance = Provenance{Evidence: Refutation, Farkas: known.proof}
	default:
		none.Provenance = unconfirmed(known.tried())
	}
	return none
}

// relaxation is what a method learnt of a problem's linear relaxation:
// its proof of "no solution" (search.CP's, from search.Refute), or, with
// solved, that it has none.
type relaxation struct {
	proof  *model.Farkas
	solved bool
}

// tried says that the method solved the relaxation: a proof it gave that
// does not check is not looked for again either.
func (r relaxation) tried() bool { return r.solved || r.proof != nil }

// checked is the method's proof when it checks against p, else nil.
func (r relaxation) checked(p model.Problem) *model.Farkas {
	if r.proof == nil || r.proof.Check(p) != nil {
		return nil
	}
	return r.proof
}

// relaxedError is a method's "no solution" after it solved the linear
// relaxation: the proof, or the knowledge that there is none, goes with
// the answer, to be checked instead of solved for again.
type relaxedError struct{ relaxation }

func (e *relaxedError) Error() string { return model.ErrNoSolution.Error() }
func (e *relaxedError) Unwrap() error { return model.ErrNoSolution }
