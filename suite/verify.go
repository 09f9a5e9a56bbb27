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
	"time"

	"github.com/queenslab/nqueens/cnf"
	"github.com/queenslab/nqueens/encode"
	"github.com/queenslab/nqueens/solvers/dlx"
	"github.com/queenslab/nqueens/solvers/sat"
	"github.com/queenslab/nqueens/xcc"
)

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
		path := filepath.Join(dir, r.File)
		data, err := os.ReadFile(path)
		if err != nil {
			problems = append(problems, fmt.Sprintf("%s: %v", r.File, errors.Unwrap(err)))
			continue
		}
		sum := sha256.Sum256(data)
		if hex.EncodeToString(sum[:]) != r.SHA256 {
			problems = append(problems, fmt.Sprintf("%s: SHA-256 differs from the manifest", r.File))
			continue
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
