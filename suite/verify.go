package suite

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/queenslab/nqueens/cnf"
	"github.com/queenslab/nqueens/encode"
	"github.com/queenslab/nqueens/internal/textio"
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
	path := filepath.Join(dir, row.File)
	st, err := os.Lstat(path)
	if err != nil {
		return nil, fmt.Errorf("suite: %s: %v", row.File, unwrapPath(err))
	}
	if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("suite: %s is not a regular file of the suite (%v)", row.File, st.Mode().Type())
	}
	data, err := textio.ReadFile(path, maxInstance)
	if err != nil {
		return nil, fmt.Errorf("suite: %s: %v", row.File, err)
	}
	if sum := sha256.Sum256(data); hex.EncodeToString(sum[:]) != row.SHA256 {
		return nil, fmt.Errorf("suite: %s has changed since the suite was written (its SHA-256 differs from the manifest's)", row.File)
	}
	return data, nil
}

// Verify re-checks a suite written by Generate: every file listed in
// manifest.json exists with its SHA-256, and its expected answer holds:
// DIMACS files are re-solved with gini as read from disk, XCC files with
// dancing links, and every instance's problem (from its squares) again by
// dancing links and gini. It returns one line per problem found.
func Verify(ctx context.Context, dir string) ([]string, int, error) {
	m, _, err := ReadManifest(dir)
	if err != nil {
		return nil, 0, err
	}
	rows := m.Files
	var problems []string
	decided := map[string]bool{}
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
		switch r.Format {
		case encode.DIMACS:
			f, _, err := cnf.ReadFormula(bytes.NewReader(data))
			if err != nil {
				problems = append(problems, fmt.Sprintf("%s: %v", r.File, err))
				continue
			}
			res, err := sat.Gini{}.Solve(ctx, f)
			if err != nil || (res.Status == sat.Sat) != want {
				problems = append(problems, fmt.Sprintf("%s: gini says %v (%v), the manifest %s", r.File, res.Status, err, r.Expected))
			}
		case encode.XCC:
			x, err := xcc.Read(bytes.NewReader(data))
			if err == nil {
				var first []int
				d, derr := dlx.New(x)
				if derr == nil {
					first, _, derr = d.First(ctx)
				}
				err = derr
				if err == nil && (first != nil) != want {
					err = fmt.Errorf("suite: dancing links says %v", first != nil)
				}
			}
			if err != nil {
				problems = append(problems, fmt.Sprintf("%s: %v, the manifest %s", r.File, err, r.Expected))
			}
		}
		if decided[r.ID] {
			continue
		}
		decided[r.ID] = true
		p, err := r.Problem()
		if err != nil {
			problems = append(problems, fmt.Sprintf("%s: %v", r.ID, err))
			continue
		}
		ok, count, _, err := decide(ctx, p, time.Minute)
		switch {
		case err != nil:
			problems = append(problems, fmt.Sprintf("%s: %v", r.ID, err))
		case ok != want:
			problems = append(problems, fmt.Sprintf("%s: solved again, %v, the manifest %s", r.ID, ok, r.Expected))
		case count != nil && r.Solutions != nil && *count != *r.Solutions:
			problems = append(problems, fmt.Sprintf("%s: %d solutions, the manifest %d", r.ID, *count, *r.Solutions))
		}
	}
	return problems, len(rows), ctx.Err()
}
