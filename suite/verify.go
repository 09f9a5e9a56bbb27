package suite

import (
	"bytes"
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/queenslab/nqueens/cnf"
	"github.com/queenslab/nqueens/encode"
	"github.com/queenslab/nqueens/internal/textio"
	"github.com/queenslab/nqueens/model"
	"github.com/queenslab/nqueens/solvers/dlx"
	"github.com/queenslab/nqueens/solvers/sat"
	"github.com/queenslab/nqueens/xcc"
)

// maxInstance caps the bytes of one instance file read and kept.
const maxInstance = 1 << 30

// ReadInstance reads the file of a row of the suite in dir, as it is now,
// and checks it against the manifest's SHA-256: a file that is not a
// regular file of the folder (a symbolic link, a FIFO, a device) or whose
// bytes have changed is an error.
func ReadInstance(dir string, row Row) ([]byte, error) {
	data, err := readSuiteFile(dir, row.File, maxInstance)
	if err != nil {
		return nil, err
	}
	if sum := sha256.Sum256(data); hex.EncodeToString(sum[:]) != row.SHA256 {
		return nil, fmt.Errorf("suite: %s has changed since the suite was written (its SHA-256 differs from the manifest's)", row.File)
	}
	return data, nil
}

// verifyBudget bounds each search of Verify (a variable for the tests).
var verifyBudget = time.Minute

// fileBudget bounds the search that re-solves a file from disk when the
// file is its instance's encoding written again and its instance was
// decided again: the answer stands already, the search only adds a third
// method's word (a variable for the tests).
var fileBudget = 5 * time.Second

// VerifyOptions shape Verify.
type VerifyOptions struct {
	// Progress, if set, is called after each file with the files done
	// and their total.
	Progress func(done, total int)
}

// Verify re-checks a suite written by Generate: every file listed in
// manifest.json exists with its SHA-256, its variables and clauses are
// its problem's, and its expected answer holds: every instance's problem
// (from its squares) is decided again as Generate decided it (two
// methods, and the linear relaxation's refutation) within a minute, every
// file must be its problem's encoding written again (from its header on:
// "p cnf" for DIMACS, the items line for XCC), and DIMACS files are
// re-solved with gini as read from disk, XCC files with dancing links:
// within a minute, or within a few seconds where the file is its
// problem's encoding and the problem was decided again (a file past that
// budget passes: its answer stands). Every row is checked on its own, and
// the rows of one id must be one instance (ReadManifest refuses them
// otherwise). The refutation file of an instance (Row.Refutation) must
// check against its problem. It returns one line per problem found.
func Verify(ctx context.Context, dir string, o VerifyOptions) ([]string, int, error) {
	if ctx == nil {
		return nil, 0, errors.New("suite: Verify was given a nil context (use context.Background())")
	}
	m, _, err := ReadManifest(dir)
	if err != nil {
		return nil, 0, err
	}
	rows := m.Files
	v := verifier{dir: dir, settled: map[string]*model.Problem{}, decided: map[string]bool{}, refuted: map[string]bool{}}
	if o.Progress != nil {
		o.Progress(0, len(rows))
	}
	for i, r := range rows {
		if ctx.Err() != nil {
			break
		}
		v.row(ctx, r)
		if o.Progress != nil {
			o.Progress(i+1, len(rows))
		}
	}
	return v.problems, len(rows), ctx.Err()
}

// verifier is what Verify has learnt so far.
type verifier struct {
	dir      string
	problems []string
	settled  map[string]*model.Problem // by id: decided again as the manifest says
	decided  map[string]bool
	refuted  map[string]bool // refutation files checked
	property bool            // the property file of task definitions checked
}

// row verifies one row of the manifest on its own (Verify), noting every
// problem found.
func (v *verifier) row(ctx context.Context, r Row) {
	bad := func(format string, a ...any) { v.problems = append(v.problems, fmt.Sprintf(format, a...)) }
	data, err := ReadInstance(v.dir, r)
	if err != nil {
		v.problems = append(v.problems, err.Error())
		return
	}
	if r.GBDHash != "" {
		if h, err := cnf.GBDHash(bytes.NewReader(data)); err != nil || h != r.GBDHash {
			bad("%s: GBD hash %s, the manifest's %s (%v)", r.File, h, r.GBDHash, err)
		}
	}
	if r.Expected == Undecided {
		v.undecided(ctx, r)
		return
	}
	want := r.Expected == Satisfiable
	// Every row on its own: its refutation, and the file of a format
	// that is not re-solved below is its problem's encoding. (The rows of
	// one id are one problem with one answer: ReadManifest.)
	p, err := r.Problem()
	if err != nil {
		bad("%s: %v", r.File, err)
		return
	}
	if err := checkSize(r, data, p); err != nil {
		bad("%s: %v", r.File, err)
	}
	if r.TaskDefinition != "" {
		// What Generate writes for the row, byte for byte, and the
		// property file it names.
		if data, err := readSuiteFile(v.dir, r.TaskDefinition, 1<<20); err != nil {
			bad("%v", err)
		} else if !bytes.Equal(data, TaskDefinition(r)) {
			bad("%s: not the task definition of %s as the manifest gives it", r.TaskDefinition, r.File)
		}
		if !v.property {
			v.property = true
			if data, err := readSuiteFile(v.dir, PropertyFile, 1<<20); err != nil {
				bad("%v", err)
			} else if string(data) != propertyText {
				bad("%s: not the property file that the task definitions name", PropertyFile)
			}
		}
	}
	if key := r.ID + "\x00" + r.Refutation; r.Refutation != "" && !v.refuted[key] {
		v.refuted[key] = true // the rows of an id are one problem
		if err := checkRefutation(v.dir, r.Refutation, p); err != nil {
			bad("%s: %v", r.ID, err)
		}
	}
	encoded := sameEncoding(ctx, r, data, p)
	if r.Format != encode.DIMACS && r.Format != encode.XCC && encoded != nil {
		bad("%s: %v", r.File, encoded)
	}
	if !v.decided[r.ID] {
		v.decided[r.ID] = true
		ok, count, _, _, err := decide(ctx, p, verifyBudget)
		switch {
		case err != nil:
			bad("%s: %v", r.ID, err)
		case ok != want:
			bad("%s: solved again, %v, the manifest %s", r.ID, ok, r.Expected)
		case count != nil && r.Solutions != nil && *count != *r.Solutions:
			bad("%s: %d solutions, the manifest %d", r.ID, *count, *r.Solutions)
		default:
			v.settled[r.ID] = &p
		}
	}
	if r.Format != encode.DIMACS && r.Format != encode.XCC {
		return
	}
	// The file from disk by its solver: within the budget of a search,
	// or a few seconds where the file is its problem's encoding written
	// again and the problem was decided again (the answer stands).
	budget := verifyBudget
	if encoded == nil && v.settled[r.ID] != nil {
		budget = min(budget, fileBudget)
	}
	fctx, cancel := context.WithTimeout(ctx, budget)
	err = solveFile(fctx, r, data, want)
	cancel()
	switch {
	case err == nil:
	case ctx.Err() == nil && errors.Is(err, context.DeadlineExceeded) && v.settled[r.ID] != nil:
		// Past the solver's reach: the answer of its problem, found again
		// above, stands for the file if the file encodes it.
		if encoded != nil {
			bad("%s: not re-solved within %v, and %v", r.File, budget, encoded)
		}
	default:
		bad("%s: %v, the manifest %s", r.File, err, r.Expected)
	}
}

// undecided holds an UNKNOWN row to its budget: an instance that the two
// methods decide again within half of it (a margin for a machine of
// another speed) was not UNKNOWN to the generator, and the manifest was
// changed. A row without a budget is held to Verify's own.
func (v *verifier) undecided(ctx context.Context, r Row) {
	if v.decided[r.ID] {
		return
	}
	v.decided[r.ID] = true
	p, err := r.Problem()
	if err != nil {
		v.problems = append(v.problems, fmt.Sprintf("%s: %v", r.File, err))
		return
	}
	budget := verifyBudget
	if r.BudgetSeconds > 0 {
		budget = min(budget, time.Duration(r.BudgetSeconds*float64(time.Second)))
	}
	ok, _, _, _, err := decide(ctx, p, budget/2)
	if err == nil {
		answer := Unsatisfiable
		if ok {
			answer = Satisfiable
		}
		v.problems = append(v.problems, fmt.Sprintf("%s: decided again, %s, within %v, half the budget the manifest gives its UNKNOWN: the manifest was changed", r.ID, answer, budget/2))
	}
}

// checkSize checks the row's variables and clauses (or options) against
// its problem written in its format and encoding (encode.Format.Size), and
// for a DIMACS file against its "p cnf" line as well.
func checkSize(r Row, data []byte, p model.Problem) error {
	var amo encode.AMO
	if r.Encoding != "" {
		var err error
		if amo, err = encode.ParseAMO(r.Encoding); err != nil {
			return err
		}
	}
	vars, clauses, err := r.Format.Size(p, amo)
	if err != nil {
		return err
	}
	if vars != r.Variables || clauses != r.Clauses {
		return fmt.Errorf("suite: the manifest gives %d variables and %d clauses or options, its problem in %s has %d and %d", r.Variables, r.Clauses, r.formatName(), vars, clauses)
	}
	if r.Format == encode.DIMACS {
		info, err := cnf.ReadDIMACS(bytes.NewReader(data), &cnf.Tally{})
		if err != nil {
			return err
		}
		if info.Vars != vars || info.Clauses != clauses {
			return fmt.Errorf("suite: its header says p cnf %d %d, its problem in %s has %d variables and %d clauses", info.Vars, info.Clauses, r.formatName(), vars, clauses)
		}
	}
	return nil
}

// sameEncoding checks that data, the file of row r, is the encoding of p
// in the row's format and encoding, from its header on: the comments
// before it (command, note) are not compared.
func sameEncoding(ctx context.Context, r Row, data []byte, p model.Problem) error {
	if r.Format == encode.Param {
		// The list as the authors' generator orders it: the same
		// diagonals as the problem's, in any order.
		l, err := model.ReadParam(bytes.NewReader(data))
		if err != nil {
			return err
		}
		got := slices.Clone(l.Diagonals)
		want := slices.Clone(p.Excluded)
		model.SortDiagonals(got)
		model.SortDiagonals(want)
		if l.N != p.N || !slices.Equal(got, want) {
			return fmt.Errorf("suite: the file is not the encoding of its instance's problem, written again")
		}
		return nil
	}
	var amo encode.AMO
	if r.Format == encode.DIMACS {
		var err error
		if amo, err = encode.ParseAMO(cmp.Or(r.Encoding, encode.DefaultAMO(p.N))); err != nil {
			return err
		}
	}
	same, err := encode.IsEncoding(ctx, r.Format, data, p, amo, encode.OrganPipe)
	if r.Shuffle != 0 {
		same, err = encode.IsShuffledEncoding(ctx, data, p, amo, r.Shuffle)
	}
	if err != nil {
		return err
	}
	if !same {
		return fmt.Errorf("suite: the file is not the encoding of its instance's problem, written again")
	}
	return nil
}

// maxRefutation caps the bytes of a refutation file read.
const maxRefutation = 8 << 20

// readSuiteFile reads the file name of the suite in dir, at most max
// bytes: one that is not a regular file of the folder (a symbolic link, a
// FIFO, a device) is an error.
func readSuiteFile(dir, name string, max int64) ([]byte, error) {
	path := filepath.Join(dir, name)
	st, err := os.Lstat(path)
	if err != nil {
		return nil, fmt.Errorf("suite: %s: %v", name, unwrapPath(err))
	}
	if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("suite: %s is not a regular file of the suite (%v)", name, st.Mode().Type())
	}
	data, err := textio.ReadFile(path, max)
	if err != nil {
		return nil, fmt.Errorf("suite: %s: %w", name, err)
	}
	return data, nil
}

// checkRefutation reads the refutation file name of the suite in dir (a
// regular file of the folder) and checks it against p.
func checkRefutation(dir, name string, p model.Problem) error {
	data, err := readSuiteFile(dir, name, maxRefutation)
	if err != nil {
		return err
	}
	f, err := model.ReadFarkas(bytes.NewReader(data))
	if err != nil {
		return fmt.Errorf("suite: %s: %v", name, err)
	}
	if err := f.Check(p); err != nil {
		return fmt.Errorf("suite: %s does not refute the instance: %v", name, err)
	}
	return nil
}

// solveFile re-solves the file of row r, its bytes data: gini for DIMACS,
// dancing links for XCC (the other formats are not re-solved); an answer
// other than want is an error.
func solveFile(ctx context.Context, r Row, data []byte, want bool) error {
	switch r.Format {
	case encode.DIMACS:
		f, _, err := cnf.ReadFormula(bytes.NewReader(data))
		if err != nil {
			return err
		}
		res, err := sat.Gini{}.Solve(ctx, f)
		if err == nil && res.Status == sat.Unknown && ctx.Err() != nil {
			err = ctx.Err()
		}
		if err != nil {
			return fmt.Errorf("suite: gini: %w", err)
		}
		if (res.Status == sat.Sat) != want {
			return fmt.Errorf("suite: gini says %v", res.Status)
		}
	case encode.XCC:
		x, err := xcc.Read(bytes.NewReader(data))
		if err != nil {
			return err
		}
		d, err := dlx.New(x)
		if err != nil {
			return err
		}
		first, _, err := d.First(ctx)
		if err != nil {
			return fmt.Errorf("suite: dancing links: %w", err)
		}
		if (first != nil) != want {
			return fmt.Errorf("suite: dancing links says %v", first != nil)
		}
	}
	return nil
}
