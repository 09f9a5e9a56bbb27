package lab

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"

	"github.com/queenslab/nqueens"
	"github.com/queenslab/nqueens/internal/lockfile"
	"github.com/queenslab/nqueens/internal/textio"
)

// resultsHeader is the first line of a results file: it ties the runs to
// one suite (its manifest's SHA-256).
type resultsHeader struct {
	Format   string `json:"format"`
	Version  string `json:"version"`
	Manifest string `json:"manifest_sha256"`
	Command  string `json:"suite_command"`
}

const resultsFormat = "nqueens-results-1"

// results is an open results file.
type results struct {
	f *os.File
}

// openResults opens the results file for the suite of header h, creating
// it or reading back its runs, and locks it; a file of another suite, or
// with a damaged line other than a last one cut short, is refused.
func openResults(path string, h resultsHeader) (*results, []Record, error) {
	f, err := lockfile.Open(path)
	switch {
	case errors.Is(err, lockfile.ErrBusy):
		return nil, nil, &nqueens.OptionError{Err: fmt.Errorf("lab: results %s are in use by another run", path)}
	case err != nil:
		return nil, nil, &nqueens.OptionError{Err: fmt.Errorf("lab: results %s: %v", path, unwrapPath(err))}
	}
	fail := func(err error) (*results, []Record, error) {
		f.Close()
		return nil, nil, err
	}
	raw, err := io.ReadAll(io.LimitReader(f, maxResults))
	if err != nil {
		return fail(err)
	}
	got, recs, good, err := parseResults(raw, path, true)
	switch {
	case err != nil && !bytes.Contains(raw, []byte("\n")):
		// Empty, or a header cut short: a new file.
		want, _ := json.Marshal(h)
		if err := f.Truncate(0); err != nil {
			return fail(err)
		}
		if _, err := f.WriteAt(append(want, '\n'), 0); err != nil {
			return fail(err)
		}
		if _, err := f.Seek(int64(len(want)+1), io.SeekStart); err != nil {
			return fail(err)
		}
		return &results{f: f}, nil, f.Sync()
	case err != nil:
		return fail(&nqueens.OptionError{Err: fmt.Errorf("lab: %v", err)})
	case got.Manifest != h.Manifest:
		return fail(&nqueens.OptionError{Err: fmt.Errorf("lab: %s holds runs of another suite (its manifest has changed): give another results file", path)})
	}
	if err := f.Truncate(int64(good)); err != nil {
		return fail(err)
	}
	if _, err := f.Seek(int64(good), io.SeekStart); err != nil {
		return fail(err)
	}
	return &results{f: f}, recs, nil
}

// maxResults caps the size of a results file read back: 1 GiB, millions of
// runs.
const maxResults = 1 << 30

// parseResults reads the content of the results file at path: its header,
// its runs, and the number of its bytes that hold them. With cut, a last
// line that is not a whole record (a write cut short) is left out, to be
// run again; otherwise it is an error, as is any other bad line.
func parseResults(raw []byte, path string, cut bool) (resultsHeader, []Record, int, error) {
	var h resultsHeader
	first, rest, _ := bytes.Cut(raw, []byte("\n"))
	if json.Unmarshal(first, &h) != nil || h.Format != resultsFormat {
		return h, nil, 0, fmt.Errorf("lab: %s is not a results file of nqueens run", path)
	}
	good := len(first) + 1
	var recs []Record
	lines := bytes.SplitAfter(rest, []byte("\n"))
	for k, l := range lines {
		if len(l) == 0 || !cut && len(bytes.TrimSpace(l)) == 0 {
			continue
		}
		var r Record
		whole := bytes.HasSuffix(l, []byte("\n")) || !cut
		if !whole || json.Unmarshal(l, &r) != nil || r.SHA256 == "" {
			if cut && k >= len(lines)-2 {
				break
			}
			return h, nil, 0, fmt.Errorf("lab: %s, line %d: not a run record", path, k+2)
		}
		recs = append(recs, r)
		good += len(l)
	}
	return h, recs, min(good, len(raw)), nil
}

func (r *results) append(rec Record) error {
	b, err := json.Marshal(rec)
	if err != nil {
		return err
	}
	if _, err := r.f.Write(append(b, '\n')); err != nil {
		return err
	}
	return r.f.Sync()
}

func (r *results) close() error { return r.f.Close() }

// unwrapPath is the system's error without the path that the caller
// names already.
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// ReadResults reads the runs of a results file.
func ReadResults(path string) ([]Record, error) {
	raw, err := textio.ReadFile(path, maxResults)
	if err != nil {
		return nil, &nqueens.OptionError{Err: fmt.Errorf("lab: results %s: %v", path, err)}
	}
	_, recs, _, err := parseResults(raw, path, false)
	if err != nil {
		return nil, &nqueens.OptionError{Err: err}
	}
	return recs, nil
}
