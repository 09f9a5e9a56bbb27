package suite

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/queenslab/nqueens"
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

// Verify re-checks a suite written by Generate: every file listed in
// manifest.json exists with its SHA-256, and its expected answer holds:
// DIMACS files are re-solved with gini as read from disk, XCC files with
// dancing links, the files of the other formats (OPB, MiniZinc, XCSP3,
// .param) must be their problem's encoding written again, and every
// instance's problem (from its squares) is decided again as Generate
// decided it (two methods, and the linear relaxation's refutation), each
// within a minute. Every row is checked on its own, and the rows of one
// id must be one instance (ReadManifest refuses them otherwise). The
// refutation file of an instance (Row.Refutation) must check against its
// problem. A file that its
// solver cannot re-solve within the budget passes when its instance's
// problem was decided again as the manifest says (by the two methods, or
// by the refutation of its linear relaxation) and the file, from its
// header on ("p cnf" for DIMACS, the items line for XCC), is the
// encoding of that problem written again. It returns one line per
// problem found.
func Verify(ctx context.Context, dir string) ([]string, int, error) {
	m, _, err := ReadManifest(dir)
	if err != nil {
		return nil, 0, err
	}
	rows := m.Files
	var problems []string
	settled := map[string]*model.Problem{} // by id: decided again as the manifest says
	decided := map[string]bool{}
	refuted := map[string]bool{} // refutation files checked
	for _, r := range rows {
		data, err := ReadInstance(dir, r)
		if err != nil {
			problems = append(problems, err.Error())
			continue
		}
		if r.GBDHash != "" {
			if h, err := cnf.GBDHash(bytes.NewReader(data)); err != nil || h != r.GBDHash {
				problems = append(problems, fmt.Sprintf("%s: GBD hash %s, the manifest's %s (%v)", r.File, h, r.GBDHash, err))
			}
		}
		if r.Expected == Undecided {
			continue // no answer to check
		}
		want := r.Expected == Satisfiable
		// Every row on its own: its refutation, and the file of a format
		// that is not re-solved below is its problem's encoding. (The
		// rows of one id are one problem with one answer: ReadManifest.)
		p, err := r.Problem()
		if err != nil {
			problems = append(problems, fmt.Sprintf("%s: %v", r.File, err))
			continue
		}
		if err := checkSize(r, data, p); err != nil {
			problems = append(problems, fmt.Sprintf("%s: %v", r.File, err))
		}
		if key := r.ID + "\x00" + r.Refutation; r.Refutation != "" && !refuted[key] {
			refuted[key] = true // the rows of an id are one problem
			if err := checkRefutation(dir, r.Refutation, p); err != nil {
				problems = append(problems, fmt.Sprintf("%s: %v", r.ID, err))
			}
		}
		if r.Format != encode.DIMACS && r.Format != encode.XCC {
			if err := sameEncoding(ctx, r, data, p); err != nil {
				problems = append(problems, fmt.Sprintf("%s: %v", r.File, err))
			}
		}
		if !decided[r.ID] {
			decided[r.ID] = true
			ok, count, _, _, err := decide(ctx, p, verifyBudget)
			switch {
			case err != nil:
				problems = append(problems, fmt.Sprintf("%s: %v", r.ID, err))
			case ok != want:
				problems = append(problems, fmt.Sprintf("%s: solved again, %v, the manifest %s", r.ID, ok, r.Expected))
			case count != nil && r.Solutions != nil && *count != *r.Solutions:
				problems = append(problems, fmt.Sprintf("%s: %d solutions, the manifest %d", r.ID, *count, *r.Solutions))
			default:
				settled[r.ID] = &p
			}
		}
		fctx, cancel := context.WithTimeout(ctx, verifyBudget)
		err = solveFile(fctx, r, data, want)
		cancel()
		switch {
		case err == nil:
		case ctx.Err() == nil && errors.Is(err, context.DeadlineExceeded) && settled[r.ID] != nil:
			// Past the solver's reach: the answer of its problem, found
			// again above, stands for the file if the file encodes it.
			if err := sameEncoding(ctx, r, data, *settled[r.ID]); err != nil {
				problems = append(problems, fmt.Sprintf("%s: not re-solved within %v, and %v", r.File, verifyBudget, err))
			}
		default:
			problems = append(problems, fmt.Sprintf("%s: %v, the manifest %s", r.File, err, r.Expected))
		}
	}
	return problems, len(rows), ctx.Err()
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
	var b bytes.Buffer
	opt := nqueens.EncodeOptions{Format: r.Format}
	if r.Format == encode.DIMACS {
		opt.AMO = r.Encoding
	}
	if err := nqueens.Encode(ctx, &b, p, opt); err != nil {
		return err
	}
	if !bytes.Equal(encode.Body(r.Format, data), encode.Body(r.Format, b.Bytes())) {
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
