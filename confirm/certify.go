package confirm

import (
	"context"
	"errors"
	"fmt"

	nqueens "github.com/queenslab/nqueens"
	"github.com/queenslab/nqueens/cnf/drat"
	"github.com/queenslab/nqueens/encode"
	"github.com/queenslab/nqueens/model"
	"github.com/queenslab/nqueens/solvers/sat"
)

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
	if ctx == nil {
		return nil, nil, errors.New("confirm: CertifyNone was given a nil context (use context.Background())")
	}
	s, err := sat.LookupExternal(CertifySolver)
	if err != nil {
		return nil, nil, &nqueens.OptionError{Err: fmt.Errorf("confirm: certifying needs %s, which is not installed", CertifySolver)}
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

// certifyNone confirms the answer "p has no solution" in none by
// CertifyNone; a solution found instead makes it a
// *nqueens.WrongAnswerError.
func certifyNone(ctx context.Context, p model.Problem, none *nqueens.NoSolutionError) error {
	cert, q, err := CertifyNone(ctx, p)
	switch {
	case err != nil:
		return err
	case q != nil:
		return &nqueens.WrongAnswerError{Method: none.Method, Solver: none.Solver, Claim: "the problem has no solution", Truth: CertifySolver + " found one, verified"}
	}
	none.Provenance = nqueens.Provenance{Evidence: nqueens.DRATProof, Detail: cert.String()}
	return none
}
