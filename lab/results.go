package lab

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"slices"

	"github.com/queenslab/nqueens"
	"github.com/queenslab/nqueens/encode"
	"github.com/queenslab/nqueens/internal/lockfile"
	"github.com/queenslab/nqueens/internal/memlimit"
	"github.com/queenslab/nqueens/internal/textio"
	"github.com/queenslab/nqueens/model"
	"github.com/queenslab/nqueens/suite"
)

// Header is the first line of a results file: it ties the runs to one
// suite (its manifest's SHA-256) and says on which machine they were made.
type Header struct {
	Format  string `json:"format"`
	Version string `json:"version"`
	// Build is the build that made the runs (nqueens.Build), for the
	// record: resuming does not compare it.
	Build    string `json:"build,omitempty"`
	Manifest string `json:"manifest_sha256"`
	Command  string `json:"suite_command"`
	// Suite is the name of the suite's folder (a report's title).
	Suite   string   `json:"suite,omitempty"`
	Machine *Machine `json:"machine,omitempty"`
	// Shard and Shards, of a shard of a study (run --shard), say which;
	// Matrix names the study's matrix of runs and limits (MatrixDigest)
	// and Runs is its size, so that a report of the shards tells a shard
	// missing, short, or of another study.
	Shard  int    `json:"shard,omitempty"`
	Shards int    `json:"shards,omitempty"`
	Matrix string `json:"matrix,omitempty"`
	Runs   int    `json:"matrix_runs,omitempty"`
}

const resultsFormat = "nqueens-results-1"

// study says what runs a results file holds: a shard of a study, or runs
// of one machine.
func (h Header) study() string {
	if h.Shards == 0 {
		return "runs that are no shard"
	}
	return fmt.Sprintf("shard %d/%d of study %s (%d runs in all)", h.Shard, h.Shards, h.Matrix, h.Runs)
}

// results is an open results file.
type results struct {
	f *os.File
}

// openResults opens the results file for the suite of header h, creating
// it or reading back its runs, and locks it. A file that is empty or holds
// only the start of such a header (a write cut short) is begun anew; one of
// another suite, one that is not a results file, or one with a damaged line
// other than a last one cut short is refused, never overwritten. A last
// record without its line end is kept, and the line end added.
func openResults(path string, h Header) (*results, []Record, error) {
	f, err := lockfile.Open(path)
	switch {
	case errors.Is(err, lockfile.ErrBusy):
		return nil, nil, optionErrorf("lab: results %s are in use by another run", path)
	case err != nil:
		return nil, nil, optionErrorf("lab: results %s: %v", path, unwrapPath(err))
	}
	fail := func(err error) (*results, []Record, error) {
		f.Close()
		return nil, nil, err
	}
	want, _ := json.Marshal(h)
	want = append(want, '\n')
	start := make([]byte, len(want))
	k, err := io.ReadFull(f, start)
	if err != nil && !errors.Is(err, io.EOF) && !errors.Is(err, io.ErrUnexpectedEOF) {
		return fail(err)
	}
	if k < len(want) && bytes.HasPrefix(want, start[:k]) {
		// Empty, or our header cut short: a new file.
		if err := f.Truncate(0); err != nil {
			return fail(err)
		}
		if _, err := f.WriteAt(want, 0); err != nil {
			return fail(err)
		}
		if _, err := f.Seek(int64(len(want)), io.SeekStart); err != nil {
			return fail(err)
		}
		return &results{f: f}, nil, f.Sync()
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return fail(err)
	}
	got, recs, good, err := parseResults(f, path, true)
	switch {
	case err != nil:
		return fail(&nqueens.OptionError{Err: err})
	case got.Manifest != h.Manifest:
		return fail(optionErrorf("lab: %s holds runs of another suite (its manifest has changed): give another results file", path))
	case got.Shards != h.Shards || got.Shard != h.Shard || got.Matrix != h.Matrix:
		return fail(optionErrorf("lab: %s holds %s, this run is %s: give another results file", path, got.study(), h.study()))
	case got.Machine == nil && h.Machine != nil && len(recs) > 0:
		return fail(optionErrorf("lab: %s names no machine, so its times cannot be known to compare with this one's: give another results file", path))
	case got.Machine != nil && h.Machine != nil && !got.Machine.sameTimings(*h.Machine):
		return fail(optionErrorf("lab: %s holds runs made on another machine (%s, %d cores; this one: %s, %d cores), whose times do not compare: give another results file", path, got.Machine.CPU, got.Machine.Cores, h.Machine.CPU, h.Machine.Cores))
	}
	if err := f.Truncate(good.bytes); err != nil {
		return fail(err)
	}
	if _, err := f.Seek(good.bytes, io.SeekStart); err != nil {
		return fail(err)
	}
	if good.unended {
		if _, err := f.Write([]byte("\n")); err != nil {
			return fail(err)
		}
	}
	return &results{f: f}, recs, nil
}

// problem checks the values of a record read back: a status of the
// vocabulary, an expected answer of the manifest's, N on a board, times
// and limits that are not negative. It says what is wrong, "" if nothing.
func (r Record) problem() string {
	if _, err := ParseStatus(string(r.Status)); err != nil {
		return fmt.Sprintf("status %q is none of %v", textio.Clip(string(r.Status), 200), Statuses)
	}
	if !r.Expected.Known() {
		return fmt.Sprintf("expected %q is none of %s, %s, %s", textio.Clip(string(r.Expected), 200), suite.Satisfiable, suite.Unsatisfiable, suite.Undecided)
	}
	if r.N < 1 || r.N > model.MaxN {
		return fmt.Sprintf("n = %d is out of range (1..%d)", r.N, model.MaxN)
	}
	if r.Wall < 0 || r.CPU < 0 || r.Timeout < 0 || r.CPULimit < 0 || r.PeakKB < 0 || r.MemoryMB < 0 || r.M < 0 {
		return fmt.Sprintf("a negative time, peak, limit or m (wall %g s, cpu %g s, timeout %g s, cpu limit %g s, peak %d KB, memory %d MB, m = %d)", r.Wall, r.CPU, r.Timeout, r.CPULimit, r.PeakKB, r.MemoryMB, r.M)
	}
	if max(r.Wall, r.CPU, r.Timeout, r.CPULimit) > maxSeconds {
		return fmt.Sprintf("a time beyond %g s (wall %g s, cpu %g s, timeout %g s, cpu limit %g s)", float64(maxSeconds), r.Wall, r.CPU, r.Timeout, r.CPULimit)
	}
	if _, err := encode.ParseFormat(string(r.Format)); err != nil {
		return fmt.Sprintf("format %q is none of %s", textio.Clip(string(r.Format), 200), encode.FormatNames())
	}
	if !slices.Contains(suite.Families, r.Family) {
		return fmt.Sprintf("family %q is none of %v", textio.Clip(r.Family, 200), suite.Families)
	}
	return ""
}

// maxSeconds bounds the times of a record read back (a year): scores add
// them and double them (PAR-2), which must stay finite.
const maxSeconds = 366 * 24 * 3600

// recordBytesFactor is the memory a record read takes per byte of its
// line, at most (its strings, the slice's doubling, the JSON decoder's
// copy).
const recordBytesFactor = 4

// maxRecordLine caps one line of a results file; a record is a few hundred
// bytes (its solver output is clipped).
const maxRecordLine = 1 << 20

// sound is how much of a results file holds whole records: its first
// bytes, and whether the last of them lacks its line end.
type sound struct {
	bytes   int64
	unended bool
}

// parseResults reads the results file at path as a stream: its header, its
// runs, and how much of it holds them. With cut, a last line that is not a
// record (a write cut short) is left out, to be run again; otherwise it is
// an error, as is any other bad line. A last record without its line end
// is a record.
func parseResults(r io.Reader, path string, cut bool) (Header, []Record, sound, error) {
	var h Header
	var good sound
	var recs []Record
	lr := textio.NewLineReader(r, "results")
	lr.Max = maxRecordLine
	held, nextCheck := uint64(0), uint64(1<<20)
	for {
		l, err := lr.Next()
		line := lr.Line()
		var pe *textio.ParseError
		switch {
		case errors.As(err, &pe):
			return h, nil, good, fmt.Errorf("lab: %s, line %d: longer than %d bytes: not a run record", path, pe.Line, maxRecordLine)
		case errors.Is(err, io.EOF) && line == 0:
			return h, nil, good, fmt.Errorf("lab: %s is empty: not a results file of nqueens run", path)
		case errors.Is(err, io.EOF):
			return h, recs, good, nil
		case err != nil:
			return h, nil, good, fmt.Errorf("lab: %s: %v", path, unwrapPath(err))
		}
		ended := lr.Ended()
		if line == 1 {
			if json.Unmarshal(l, &h) != nil || h.Format != resultsFormat || !ended {
				return h, nil, good, fmt.Errorf("lab: %s is not a results file of nqueens run", path)
			}
			good.bytes = int64(lr.Size())
			continue
		}
		if len(bytes.TrimSpace(l)) == 0 {
			if cut && !ended {
				return h, recs, good, nil // trailing blanks cut short
			}
			good.bytes += int64(lr.Size())
			continue
		}
		var rec Record
		if json.Unmarshal(l, &rec) != nil || rec.SHA256 == "" {
			if cut && !ended {
				return h, recs, good, nil // the last write, cut short: run again
			}
			return h, nil, good, fmt.Errorf("lab: %s, line %d: not a run record", path, line)
		}
		if problem := rec.problem(); problem != "" {
			return h, nil, good, fmt.Errorf("lab: %s, line %d: %s", path, line, problem)
		}
		recs = append(recs, rec)
		held += uint64(lr.Size())
		if held > nextCheck {
			// The records are held as read, a few times their bytes:
			// what comes must fit, or the file is refused in one line.
			nextCheck *= 2
			if err := memlimit.Check(recordBytesFactor*nextCheck, fmt.Sprintf("the results in %s (%s read)", path, memlimit.GB(held))); err != nil {
				return h, nil, good, optionErrorf("lab: %v", err)
			}
		}
		good.bytes += int64(lr.Size())
		good.unended = !ended
		if !ended {
			return h, recs, good, nil
		}
	}
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
	_, recs, err := ReadResultsFile(path)
	return recs, err
}

// ReadResultsFile reads a results file: its header and its runs.
func ReadResultsFile(path string) (Header, []Record, error) {
	// The kind first: opening a FIFO without a writer would wait for one.
	if st, err := os.Stat(path); err == nil && !st.Mode().IsRegular() {
		return Header{}, nil, optionErrorf("lab: results %s: not a regular file", path)
	}
	f, err := os.Open(path)
	if err != nil {
		return Header{}, nil, optionErrorf("lab: results %s: %v", path, unwrapPath(err))
	}
	defer f.Close()
	if st, err := f.Stat(); err != nil || !st.Mode().IsRegular() {
		return Header{}, nil, optionErrorf("lab: results %s: not a regular file", path)
	}
	h, recs, _, err := parseResults(f, path, false)
	if err != nil {
		return Header{}, nil, &nqueens.OptionError{Err: err}
	}
	return h, recs, nil
}
