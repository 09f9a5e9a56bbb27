package lab

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/queenslab/nqueens"
	"github.com/queenslab/nqueens/cnf"
	"github.com/queenslab/nqueens/cnf/drat"
	"github.com/queenslab/nqueens/confirm"
	"github.com/queenslab/nqueens/encode"
	"github.com/queenslab/nqueens/model"
	"github.com/queenslab/nqueens/solvers/sat"
)

// Checked is the verdict on an answer given outside the lab (a solver run
// by hand, on a cluster) to an instance file that the toolkit wrote, or
// for DIMACS, to any CNF file.
type Checked struct {
	// Status is the answer's (Sat, Unsat, Unknown), or Wrong when it
	// contradicts the instance.
	Status Status
	// Verified says that the answer holds: a SAT answer's model satisfies
	// every clause (DIMACS) and its queens solve the instance; an UNSAT
	// answer is certified by a checked DRAT proof, or the file is the
	// encoding of its header's problem and that problem is shown to have
	// no solution (Provenance).
	Verified bool
	// Header is the instance's header, nil for a DIMACS file of another
	// origin (then only the model is checked, against the clauses).
	Header *encode.Header
	// Same says that the file is the encoding of its header's problem,
	// written again (encode.SameEncoding).
	Same bool
	// FileOnly says that a verified UNSAT answer holds of the file's
	// clauses alone: a DRAT proof refutes them, but the file is not the
	// encoding of its header's problem (not Same), so nothing follows for
	// that problem.
	FileOnly bool
	// Placement is the queens of a SAT answer (0-based), when decoded.
	Placement model.Placement
	// Clauses is the number of clauses a DIMACS model was checked against.
	Clauses int
	// Provenance is what an UNSAT answer was held to: a checked DRAT
	// proof, the published counts, a refutation of the linear
	// relaxation, a second complete method.
	Provenance nqueens.Provenance
	// Detail says what is wrong (Wrong), or why an answer is not verified.
	Detail string
}

// MaxInstance bounds an instance that CheckOutside holds whole, after
// decompression: 1 GiB, as a suite's instance files are bounded.
const MaxInstance = 1 << 30

// CheckOptions shape CheckOutside.
type CheckOptions struct {
	// Proof, for an UNSAT answer to a DIMACS file, is the solver's DRAT
	// proof (text or binary), checked against the file's clauses.
	Proof io.Reader
	// Budget bounds the independent search that confirms an UNSAT answer
	// without a proof (0: confirm.Budget).
	Budget time.Duration
}

// AnswerError is an answer that cannot be read: not the output of a
// solver of the instance's format. It says why and where.
type AnswerError struct{ Err error }

func (e *AnswerError) Error() string { return e.Err.Error() }
func (e *AnswerError) Unwrap() error { return e.Err }

// ProofError is a DRAT proof (CheckOptions.Proof) that cannot be read.
type ProofError struct{ Err error }

func (e *ProofError) Error() string { return e.Err.Error() }
func (e *ProofError) Unwrap() error { return e.Err }

// CheckOutside judges a solver's answer (its output, or minisat's result
// file) to an instance, the bytes data of a file in format f: the format
// of the SAT competitions (s and v lines) for DIMACS, with the model
// checked against every clause; the options of a cover, one per line, or
// "no solution" for XCC (as nqueens xcc prints them); a PB solver's s and
// v lines for OPB (clasp's); minizinc's output for the MiniZinc model and
// data files. The instance's problem comes from its header
// (encode.ReadHeader), and the file must be its encoding, written again,
// for its answer to stand for the problem: a SAT answer's queens are
// verified against it, and an UNSAT answer is confirmed as package confirm
// confirms "no solution" (the published counts, a checked refutation of
// the linear relaxation, a second complete method within the budget),
// unless a DRAT proof is given, which is checked against the clauses
// instead. An answer that contradicts the instance is Wrong, with the
// clause or the attack it breaks. An answer that cannot be read is an
// *AnswerError, a proof that cannot be a *ProofError; an instance that
// cannot be read, another error.
func CheckOutside(ctx context.Context, f encode.Format, data []byte, answer io.Reader, o CheckOptions) (Checked, error) {
	if ctx == nil || answer == nil {
		return Checked{}, errors.New("lab: CheckOutside was given a nil context or answer")
	}
	var c Checked
	if f == encode.DIMACS {
		// A compressed CNF (as SAT solvers read it) is judged as its text.
		var err error
		if data, _, err = cnf.Inflate(data, MaxInstance); err != nil {
			return c, err
		}
	}
	h, same, err := encode.SameEncoding(ctx, f, data)
	switch {
	case errors.Is(err, encode.ErrNoHeader) && f == encode.DIMACS:
		// Any CNF: its model is checked against its clauses alone.
	case err != nil:
		return c, err
	default:
		c.Header, c.Same = &h, same
	}
	var ans Answer
	switch f {
	case encode.DIMACS:
		return checkDIMACS(ctx, c, data, answer, o)
	case encode.XCC:
		ans, err = readCover(answer, h.Problem.N)
	case encode.OPB:
		var r sat.Result
		vars, _, _ := f.Size(h.Problem, nil)
		r, err = sat.ReadPBAnswer(bufio.NewReader(answer), 0, vars)
		ans.Status = r.Status
		if err == nil && r.Status == sat.Sat {
			ans.Placement, err = encode.Decode(h.Problem.N, func(v int) bool { return v < len(r.Model) && r.Model[v] })
		}
	case encode.MiniZinc, encode.MiniZincData, encode.MiniZincInline:
		ans, err = readMiniZinc(answer, h.Problem.N)
	default:
		return c, fmt.Errorf("lab: answers to %s files are not read (DIMACS, XCC, OPB and MiniZinc are)", f)
	}
	if err != nil {
		return c, &AnswerError{err}
	}
	return judgeOutside(ctx, c, ans, nil, o)
}

// checkDIMACS reads a DIMACS solver's answer to the CNF data, checks a
// model against every clause, and judges it as judgeOutside does; a proof
// of an UNSAT answer is checked against the clauses first.
func checkDIMACS(ctx context.Context, c Checked, data []byte, answer io.Reader, o CheckOptions) (Checked, error) {
	// The file read twice as a stream (its size, then the model's check
	// clause by clause): only a proof's check builds the formula.
	var tally cnf.Tally
	info, err := cnf.ReadDIMACS(bytes.NewReader(data), &tally)
	if err != nil {
		return c, err
	}
	c.Clauses = info.Clauses
	r, err := sat.ReadAnswer(answer, info.Vars)
	if err != nil {
		return c, &AnswerError{err}
	}
	ans := Answer{Status: r.Status}
	var proof *proofCheck
	switch {
	case r.Status == sat.Sat:
		check := &sat.Checker{M: r.Model}
		if _, err := cnf.ReadDIMACS(bytes.NewReader(data), check); err != nil {
			return c, err
		}
		if err := check.Err(); err != nil {
			c.Status, c.Detail = Wrong, strings.TrimPrefix(err.Error(), "sat: ")
			return c, nil
		}
		if c.Header == nil {
			c.Status, c.Verified = Sat, true
			return c, nil
		}
		q, err := encode.DecodeShuffled(c.Header.Problem.N, info.Vars, c.Header.Shuffle, func(v int) bool { return v < len(r.Model) && r.Model[v] })
		if err != nil {
			c.Status, c.Detail = Wrong, "its model is not a placement of queens: "+err.Error()
			return c, nil
		}
		ans.Placement = q
	case r.Status == sat.Unsat && o.Proof != nil:
		if proof, err = checkProof(ctx, data, o.Proof); err != nil {
			return c, err
		}
	}
	if c.Header == nil {
		// A CNF of another origin: what holds is said of its clauses alone.
		switch {
		case ans.Status == sat.Unknown:
			c.Status, c.Detail = Unknown, "the solver gave no answer"
		case proof == nil:
			c.Status, c.Detail = Unsat, "a CNF of unknown origin: only a DRAT proof can certify UNSAT"
		default:
			c.Status, c.Verified, c.Provenance, c.Detail = Unsat, proof.ok, proof.provenance, proof.failed
		}
		return c, nil
	}
	return judgeOutside(ctx, c, ans, proof, o)
}

// proofCheck is what a DRAT proof of the file showed: that it refutes
// the file's clauses (ok, with the provenance to cite), or why not.
type proofCheck struct {
	ok         bool
	provenance nqueens.Provenance
	failed     string
}

// checkProof checks a DRAT proof against the clauses of the CNF data. A
// proof that does not refute them is a proofCheck that says why; one that
// cannot be read, a *ProofError.
func checkProof(ctx context.Context, data []byte, proof io.Reader) (*proofCheck, error) {
	formula, _, err := cnf.ReadFormula(bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	res, err := drat.Check(ctx, formula, proof)
	var de *drat.Error
	switch {
	case errors.As(err, &de) && de.Unreadable:
		return nil, &ProofError{err}
	case errors.As(err, &de):
		return &proofCheck{failed: "the proof does not refute the formula: " + err.Error()}, nil
	case err != nil:
		return nil, err
	}
	return &proofCheck{ok: true, provenance: nqueens.Provenance{Evidence: nqueens.DRATProof, Detail: fmt.Sprintf("the DRAT proof given, checked: %d lemmas, %d in the core", res.Lemmas, res.Core)}}, nil
}

// notEncoding says that a file is not the encoding of its header's problem.
const notEncoding = "the file is not the encoding of its header's problem, written again (edited?)"

// judgeOutside holds an answer to the instance's problem (c.Header). A placement
// is verified against the problem. "No solution" is held first to what is
// known of the problem (the published counts): where it has solutions,
// the answer is Wrong whatever a proof says of the file; then to the
// proof of the file's clauses, if one was checked, which speaks of the
// board only where the file is the problem's encoding (c.Same), else of
// the file alone (FileOnly); then the problem is shown to have no
// solution as package confirm shows it, where the file is its encoding. A
// proof that fails certifies nothing: the answer is then unverified, or
// Wrong where the problem is found to have a solution.
func judgeOutside(ctx context.Context, c Checked, ans Answer, proof *proofCheck, o CheckOptions) (Checked, error) {
	p := c.Header.Problem
	switch ans.Status {
	case sat.Sat:
		c.Placement = ans.Placement
		if err := model.Verify(p, ans.Placement); err != nil {
			c.Status, c.Detail = Wrong, "its queens fail the instance: "+err.Error()
			return c, nil
		}
		c.Status, c.Verified = Sat, true
		if !c.Same {
			// The clauses hold, and the queens solve the header's problem,
			// but the file is not its encoding as written.
			c.Detail = notEncoding + ": the queens are verified against the header's problem"
		}
		return c, nil
	case sat.Unknown:
		c.Status, c.Detail = Unknown, "the solver gave no answer"
		return c, nil
	}
	c.Status = Unsat
	var known bool
	if p.IsClassic() {
		all, _, ok := model.KnownCount(p.N)
		if ok && all > 0 || !ok && p.N >= 4 {
			c.Status, c.Detail = Wrong, fmt.Sprintf("it says UNSAT, but N = %d has solutions (OEIS A000170; every N >= 4 has one)", p.N)
			switch {
			case proof != nil && proof.ok && !c.Same:
				c.Detail += "; the DRAT proof given refutes the file, which is not the encoding of its header's problem, written again (edited?)"
			case proof != nil && proof.ok:
				c.Detail += "; yet the DRAT proof given checks: please report"
			}
			return c, nil
		}
		known = ok
	}
	switch {
	case proof != nil && proof.ok:
		c.Verified, c.Provenance = true, proof.provenance
		if !c.Same {
			c.FileOnly = true
			c.Detail = notEncoding + ": the proof refutes the file's clauses, and says nothing of the header's problem"
		}
		return c, nil
	case !c.Same && proof != nil:
		c.Detail = proof.failed
		return c, nil
	case !c.Same:
		c.Detail = notEncoding + ": a DRAT proof of the file would certify the file's clauses, not the header's problem"
		return c, nil
	case proof != nil:
		// A proof that fails certifies nothing: the answer is held to the
		// truth only to tell a wrong one (a solution found), never valid.
		c.Detail = proof.failed
		if known {
			return c, nil
		}
	case known:
		c.Verified, c.Provenance = true, nqueens.Provenance{Evidence: nqueens.Published, Detail: "OEIS A000170"}
		return c, nil
	}
	if o.Budget > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, o.Budget)
		defer cancel()
	}
	// The outside solver shares no code with the toolkit's methods: the
	// fastest decider confirms it (SAT stands for "a solver", to pick it).
	none := &nqueens.NoSolutionError{Method: nqueens.SAT, Solver: "outside"}
	err := confirm.None(ctx, p, none, confirm.Options{})
	var wrong *nqueens.WrongAnswerError
	switch {
	case errors.As(err, &wrong):
		c.Status, c.Detail = Wrong, "it says UNSAT, but "+wrong.Truth
	case errors.Is(err, none) && proof != nil:
		// Right, but the proof given does not show it: unverified.
	case errors.Is(err, none):
		c.Provenance, c.Verified = none.Provenance, none.Provenance.Confirmed()
		if !c.Verified {
			c.Detail = none.Provenance.String()
		}
	case err != nil:
		return c, err
	}
	return c, nil
}

// readCover reads an exact cover solver's answer to the queens' exact
// cover of an n x n board: the options of a cover, one per line (the
// items of each, as nqueens xcc prints them), or "no solution".
func readCover(r io.Reader, n int) (Answer, error) {
	data, err := io.ReadAll(io.LimitReader(r, maxCoverAnswer+1))
	switch {
	case err != nil:
		return Answer{}, err
	case len(data) > maxCoverAnswer:
		return Answer{}, fmt.Errorf("lab: more than %d KiB: not a cover of an %dx%d board", maxCoverAnswer>>10, n, n)
	case strings.TrimSpace(string(data)) == "no solution":
		return Answer{Status: sat.Unsat}, nil
	case strings.TrimSpace(string(data)) == "":
		return Answer{}, errors.New("lab: no answer (neither options nor \"no solution\")")
	}
	return CoverAnswer(Output{Stdout: data, N: n})
}

// maxCoverAnswer bounds an exact cover answer: a line of four items an
// option, at most 1000 options.
const maxCoverAnswer = 1 << 20

// readMiniZinc reads minizinc's output for the queens model of an n x n
// board.
func readMiniZinc(r io.Reader, n int) (Answer, error) {
	var out bytes.Buffer
	if _, err := io.Copy(&out, io.LimitReader(r, maxCoverAnswer+1)); err != nil {
		return Answer{}, err
	}
	if out.Len() > maxCoverAnswer {
		return Answer{}, fmt.Errorf("lab: more than %d KiB: not minizinc's answer for an %dx%d board", maxCoverAnswer>>10, n, n)
	}
	return MiniZincAnswer(Output{Stdout: out.Bytes(), N: n})
}
