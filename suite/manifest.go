package suite

import (
	"context"
	"crypto/sha256"
	"encoding/csv"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/queenslab/nqueens"
	"github.com/queenslab/nqueens/encode"
	"github.com/queenslab/nqueens/internal/atomicfile"
	"github.com/queenslab/nqueens/internal/lockfile"
	"github.com/queenslab/nqueens/internal/memlimit"
	"github.com/queenslab/nqueens/internal/textio"
	"github.com/queenslab/nqueens/model"
)

// Answer is an instance's expected answer, as a manifest gives it.
type Answer string

// The answers of a manifest.
const (
	Satisfiable   Answer = "SAT"
	Unsatisfiable Answer = "UNSAT"
	// Undecided is an instance not decided within the budget; the
	// manifest gives the reason.
	Undecided Answer = "UNKNOWN"
)

// Known tells whether a is one of the answers, spelt as a manifest spells
// it.
func (a Answer) Known() bool {
	return a == Satisfiable || a == Unsatisfiable || a == Undecided
}

// Row is one file of a suite, a row of its manifest.
type Row struct {
	File string `json:"file"`
	// Expected is the instance's answer, with the reason when Undecided.
	Expected Answer `json:"expected"`
	Reason   string `json:"reason,omitempty"`
	// BudgetSeconds is the time an UNKNOWN instance was given to be
	// decided in (Options.Budget): Verify holds it to that.
	BudgetSeconds float64 `json:"budget_s,omitempty"`
	ID            string  `json:"id"`
	Family        string  `json:"family"`
	N             int     `json:"n"`
	M             int     `json:"m"`
	// K is the diagonals family's minimum of open squares a row and
	// column keeps (Gent, Jefferson and Nightingale's k).
	K       int    `json:"k,omitempty"`
	Fixed   string `json:"fixed,omitempty"`
	Blocked string `json:"blocked,omitempty"`
	// ExcludeSum and ExcludeDiff are the excluded diagonals, as the
	// command line takes them: the values of r+c (1-based rows and
	// columns) and of r-c.
	ExcludeSum  string `json:"exclude_sum,omitempty"`
	ExcludeDiff string `json:"exclude_diff,omitempty"`
	// Reference and ReferenceSeconds: the solver (and its version) whose
	// time the instance was kept for, and that time (Options.Calibrate).
	Reference        string        `json:"reference,omitempty"`
	ReferenceSeconds float64       `json:"reference_s,omitempty"`
	Seed             uint64        `json:"seed"`
	Format           encode.Format `json:"format"`
	Encoding         string        `json:"encoding,omitempty"`
	Variables        int           `json:"variables"`
	Clauses          int           `json:"clauses_or_options"`
	SHA256           string        `json:"sha256"`
	// GBDHash is the Global Benchmark Database's identifier of a DIMACS
	// file (cnf.GBD), to join its data and others' results; "" for the
	// other formats.
	GBDHash   string  `json:"gbd_hash,omitempty"`
	Solutions *uint64 `json:"solutions,omitempty"`
	// Certificate says how an UNSAT answer was certified beyond the two
	// methods that decided it: the checked DRAT proof (Options.Certify),
	// and the checked refutation of the linear relaxation where there is
	// one (nqueens.RefutedText), which alone decides an instance the two
	// methods cannot within the budget.
	Certificate string `json:"certificate,omitempty"`
	// Refutation names the refutation file beside the instance (".farkas",
	// model.ReadFarkas) when the linear relaxation refutes it: the proof
	// of UNSAT, which anyone can check ("nqueens verify"), and which
	// Verify checks.
	Refutation string `json:"refutation,omitempty"`
	// Shuffle is the seed a DIMACS file was scrambled with (encode.Shuffle,
	// gen --shuffle), 0 for none.
	Shuffle uint64 `json:"shuffle,omitempty"`
	// TaskDefinition names the file's BenchExec task definition beside it
	// (FILE.yml, TaskDefinition), with Options.BenchExec.
	TaskDefinition string `json:"task_definition,omitempty"`
	// Command writes the file again, byte for byte: nqueens encode with
	// the instance's squares, format and encoding. It is the header's.
	Command string `json:"command"`
	// DecideNodes is the number of search-tree nodes dancing links needed
	// to decide the instance (to its first solution, or the whole tree
	// when it has none): a measure of hardness to sort a suite by. It is 0
	// for the classic problem above N = CountMaxN, which the explicit
	// construction decides, and for an instance that only the linear
	// relaxation's refutation decided within the budget.
	DecideNodes uint64 `json:"decide_nodes"`
}

// Problem is the row's instance, from its squares.
func (r Row) Problem() (model.Problem, error) {
	p := model.Problem{N: r.N}
	var err error
	if p.Fixed, err = model.ParseSquares(r.Fixed); err != nil {
		return p, err
	}
	if p.Blocked, err = model.ParseSquares(r.Blocked); err != nil {
		return p, err
	}
	sums, err := model.ParseDiagonals(r.ExcludeSum, model.Sum)
	if err != nil {
		return p, err
	}
	diffs, err := model.ParseDiagonals(r.ExcludeDiff, model.Difference)
	if err != nil {
		return p, err
	}
	p.Excluded = append(sums, diffs...)
	return p, p.Validate()
}

// unwrapPath is the system's error without the path that the caller
// names already.
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// maxManifest caps the size of a manifest: 256 MiB, a million rows and more.
const maxManifest = 256 << 20

// parseManifest reads a manifest named name, refusing one without rows and
// file names that are not plain names of instance files in the suite's
// folder. Errors are *nqueens.OptionError.
func parseManifest(raw []byte, name string) (Manifest, error) {
	var m Manifest
	if err := json.Unmarshal(raw, &m); err != nil {
		return m, &nqueens.OptionError{Err: fmt.Errorf("%s: %v", name, err)}
	}
	if m.Format != manifestFormat {
		return m, &nqueens.OptionError{Err: fmt.Errorf("%s is not a suite manifest of this version (format %q, want %q)", name, m.Format, manifestFormat)}
	}
	if len(m.Files) == 0 {
		return m, &nqueens.OptionError{Err: fmt.Errorf("%s lists no files", name)}
	}
	first := map[string]int{} // by id: the index of its first row
	files := map[string]bool{}
	for i, r := range m.Files {
		if problem := r.problem(); problem != "" {
			return m, &nqueens.OptionError{Err: fmt.Errorf("%s, row %d: %s", name, i+1, problem)}
		}
		if files[r.File] {
			return m, &nqueens.OptionError{Err: fmt.Errorf("%s, row %d: %s is listed twice", name, i+1, r.File)}
		}
		files[r.File] = true
		j, seen := first[r.ID]
		if !seen {
			first[r.ID] = i
			continue
		}
		if why := sameInstance(m.Files[j], r); why != "" {
			return m, &nqueens.OptionError{Err: fmt.Errorf("%s, row %d: %s and %s share the id %s but %s: the rows of one id are one problem", name, i+1, m.Files[j].File, r.File, r.ID, why)}
		}
	}
	return m, nil
}

// sameInstance says how two rows of one id differ as instances (their
// problem, family, answer or number of solutions), "" when they do not.
func sameInstance(a, b Row) string {
	switch {
	case a.N != b.N || a.Fixed != b.Fixed || a.Blocked != b.Blocked || a.ExcludeSum != b.ExcludeSum || a.ExcludeDiff != b.ExcludeDiff:
		return "their problems differ"
	case a.Family != b.Family || a.M != b.M || a.K != b.K:
		return "their families or sizes differ"
	case a.Expected != b.Expected:
		return fmt.Sprintf("their answers differ (%s, %s)", a.Expected, b.Expected)
	case (a.Solutions == nil) != (b.Solutions == nil) || a.Solutions != nil && *a.Solutions != *b.Solutions:
		return "their numbers of solutions differ"
	}
	return ""
}

// problem checks a row before anything is run on it: a plain file name
// in the folder, an answer and a format of their vocabularies (spelt as
// written, "SAT" not "sat"), N within what suites are written for, counts
// that are not negative, variables within what any encoding here uses (at
// most 5N^2 + O(N); 8N^2 + 64 allowed), and squares and diagonals on the
// board. It says what is wrong, "" if nothing.
func (r Row) problem() string {
	if !plainName(r.File) || slices.Contains(manifestNames, r.File) {
		return fmt.Sprintf("%q is not the name of an instance file of the suite", r.File)
	}
	if r.Refutation != "" && (!plainName(r.Refutation) || !strings.HasSuffix(r.Refutation, encode.RefutationExtension) || r.Refutation == r.File) {
		return fmt.Sprintf("refutation %q is not the name of a refutation file (%s) of the suite", textio.Clip(r.Refutation, 40), encode.RefutationExtension)
	}
	if r.Shuffle != 0 && r.Format != encode.DIMACS {
		return fmt.Sprintf("a shuffle of a %s file (DIMACS files are scrambled, no others)", r.Format)
	}
	if r.TaskDefinition != "" && r.TaskDefinition != r.File+TaskDefinitionExtension {
		return fmt.Sprintf("task definition %q is not %s%s", textio.Clip(r.TaskDefinition, 40), r.File, TaskDefinitionExtension)
	}
	if r.Refutation != "" && r.Expected != Unsatisfiable {
		return fmt.Sprintf("a refutation with the answer %s", r.Expected)
	}
	if r.BudgetSeconds < 0 || r.BudgetSeconds != 0 && r.Expected != Undecided {
		return fmt.Sprintf("a budget of %g s with the answer %s (a budget is an UNKNOWN instance's)", r.BudgetSeconds, r.Expected)
	}
	if !r.Expected.Known() {
		return fmt.Sprintf("expected %q is none of %s, %s, %s", textio.Clip(string(r.Expected), 40), Satisfiable, Unsatisfiable, Undecided)
	}
	if _, err := encode.ParseFormat(string(r.Format)); err != nil {
		return fmt.Sprintf("format %q is none of %s", textio.Clip(string(r.Format), 40), encode.FormatNames())
	}
	if r.N < 1 || r.N > nqueens.SATMaxN {
		return fmt.Sprintf("n = %d is out of range (1..%d)", r.N, nqueens.SATMaxN)
	}
	var amo encode.AMO
	if r.Format == encode.DIMACS && r.Encoding != "" {
		var err error
		if amo, err = encode.ParseAMO(r.Encoding); err != nil {
			return fmt.Sprintf("encoding %q: %v", textio.Clip(r.Encoding, 40), err)
		}
	} else if r.Encoding != "" {
		return fmt.Sprintf("encoding %q of a %s file: only dimacs files have an at-most-one encoding", textio.Clip(r.Encoding, 40), r.Format)
	}
	if maxVars := r.Format.MaxVariables(r.N, amo); r.M < 0 || r.M > 2*r.N*r.N || r.Variables < 0 || r.Variables > maxVars || r.Clauses < 0 {
		return fmt.Sprintf("m = %d, variables = %d or clauses = %d is out of range for n = %d (m at most 2n^2, variables at most %d in %s)", r.M, r.Variables, r.Clauses, r.N, maxVars, r.formatName())
	}
	if _, err := r.Problem(); err != nil {
		return err.Error()
	}
	return ""
}

// formatName is the row's format, with its encoding for DIMACS.
func (r Row) formatName() string {
	if r.Encoding != "" {
		return string(r.Format) + " " + r.Encoding
	}
	return string(r.Format)
}

// plainName tells whether name is the plain name of a file in the suite's
// folder: no folder, no way out of it, not hidden.
func plainName(name string) bool {
	return filepath.IsLocal(name) && filepath.Base(name) == name && !strings.HasPrefix(name, ".")
}

// ReadManifest reads the manifest of the suite in dir, and returns it with
// its bytes (whose hash names the suite). Errors are *nqueens.OptionError.
func ReadManifest(dir string) (Manifest, []byte, error) {
	path := filepath.Join(dir, manifestNames[0])
	raw, err := textio.ReadFile(path, maxManifest)
	if err != nil {
		return Manifest{}, nil, &nqueens.OptionError{Err: fmt.Errorf("suite: no suite in %s: %v", dir, unwrapPath(err))}
	}
	// Decoded, a manifest takes a few times its bytes: refuse, in one
	// line, one that would not fit.
	if err := memlimit.Check(uint64(len(raw))*manifestBytesFactor, fmt.Sprintf("the manifest %s (%s)", path, memlimit.GB(uint64(len(raw))))); err != nil {
		return Manifest{}, nil, &nqueens.OptionError{Err: fmt.Errorf("suite: %v", err)}
	}
	m, err := parseManifest(raw, path)
	return m, raw, err
}

// manifestBytesFactor is the memory a manifest takes, raw and decoded, per
// byte of it (measured: a manifest of 250,000 rows, 173 MB, peaks at
// 723 MB of resident memory when read: 4.2 times).
const manifestBytesFactor = 5

// manifestNames are the manifests of a suite, written last.
var manifestNames = []string{"manifest.json", "manifest.csv"}

// lockName is the lock file of a suite folder, held while a suite is
// written into it.
const lockName = ".nqueens-gen.lock"

// lockSuite creates dir if needed and locks it (flock on its lock file)
// for one writer; a second is refused as bad input.
func lockSuite(dir string) (unlock func(), err error) {
	if st, err := os.Stat(dir); err == nil && !st.IsDir() {
		return nil, &nqueens.OptionError{Err: fmt.Errorf("suite: %s exists and is not a folder", dir)}
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, &nqueens.OptionError{Err: fmt.Errorf("suite: cannot make %s: %v", dir, errors.Unwrap(err))}
	}
	if err := regularOrNone(dir, lockName); err != nil {
		return nil, err
	}
	f, err := lockfile.Open(filepath.Join(dir, lockName))
	switch {
	case errors.Is(err, lockfile.ErrBusy):
		return nil, &nqueens.OptionError{Err: fmt.Errorf("suite: %s is being written by another run", dir)}
	case err != nil:
		return nil, &nqueens.OptionError{Err: fmt.Errorf("suite: cannot write into %s: %v", dir, unwrapPath(err))}
	}
	return func() {
		os.Remove(f.Name())
		f.Close()
	}, nil
}

// regularOrNone checks that the file name in the suite folder dir is a
// regular file or absent: a suite writes only regular files inside its
// folder, never through a symbolic link (planted there, it would lead the
// write out of the folder) or into a FIFO or device. Errors are
// *nqueens.OptionError.
func regularOrNone(dir, name string) error {
	st, err := os.Lstat(filepath.Join(dir, name))
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil
	case err != nil:
		return &nqueens.OptionError{Err: fmt.Errorf("suite: %s: %v", name, unwrapPath(err))}
	case st.Mode()&fs.ModeSymlink != 0:
		return &nqueens.OptionError{Err: fmt.Errorf("suite: %s in %s is a symbolic link: a suite's files are written only as regular files in its folder (remove it)", name, dir)}
	case !st.Mode().IsRegular():
		return &nqueens.OptionError{Err: fmt.Errorf("suite: %s in %s is not a regular file (%v): remove it", name, dir, st.Mode().Type())}
	}
	return nil
}

// writeHashed writes a file of a suite folder whole or not at all
// (internal/atomicfile), never through a link (regularOrNone), and returns
// its SHA-256; the bytes also go to also, if not nil.
func writeHashed(ctx context.Context, path string, write func(io.Writer) error, also io.Writer) (string, error) {
	if err := regularOrNone(filepath.Dir(path), filepath.Base(path)); err != nil {
		return "", err
	}
	h := sha256.New()
	var to io.Writer = h
	if also != nil {
		to = io.MultiWriter(h, also)
	}
	if err := atomicfile.Write(ctx, path, func(w io.Writer) error { return write(io.MultiWriter(w, to)) }); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

var manifestColumns = []string{"file", "expected", "id", "family", "n", "m", "fixed", "blocked", "seed", "format", "encoding", "variables", "clauses_or_options", "sha256", "solutions", "certificate", "command", "decide_nodes", "reason", "k", "exclude_sum", "exclude_diff", "reference", "reference_s", "gbd_hash", "refutation", "budget_s", "task_definition", "shuffle"}

// Manifest is the content of manifest.json.
type Manifest struct {
	Format  string `json:"format"` // manifestFormat
	Version string `json:"version"`
	// Command made the suite; the folder it was written into is not part
	// of it, so that the same command gives the same bytes anywhere.
	Command string `json:"command"`
	Files   []Row  `json:"files"`
}

const manifestFormat = "nqueens-suite-2"

// WriteManifest writes the manifests of a suite in dir made by command
// (manifest.json and manifest.csv), each whole or not at all: for a suite
// assembled of files of others (the rows' files must be in dir).
func WriteManifest(dir, command string, rows []Row) error {
	for _, r := range rows {
		if problem := r.problem(); problem != "" {
			return fmt.Errorf("suite: %s: %s", r.File, problem)
		}
	}
	return writeManifests(dir, command, rows)
}

// shuffleText is a row's shuffle seed for the CSV, "" for none.
func shuffleText(r Row) string {
	if r.Shuffle == 0 {
		return ""
	}
	return strconv.FormatUint(r.Shuffle, 10)
}

func writeManifests(dir, command string, rows []Row) error {
	m := Manifest{Format: manifestFormat, Version: nqueens.Version, Command: command, Files: rows}
	if _, err := writeHashed(context.Background(), filepath.Join(dir, manifestNames[0]), func(w io.Writer) error {
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(m)
	}, nil); err != nil {
		return err
	}
	_, err := writeHashed(context.Background(), filepath.Join(dir, manifestNames[1]), func(w io.Writer) error {
		cw := csv.NewWriter(w)
		cw.Write(manifestColumns)
		for _, r := range rows {
			sol := ""
			if r.Solutions != nil {
				sol = strconv.FormatUint(*r.Solutions, 10)
			}
			cw.Write([]string{r.File, string(r.Expected), r.ID, r.Family, strconv.Itoa(r.N), strconv.Itoa(r.M), r.Fixed, r.Blocked,
				strconv.FormatUint(r.Seed, 10), string(r.Format), r.Encoding, strconv.Itoa(r.Variables), strconv.Itoa(r.Clauses), r.SHA256, sol, r.Certificate, r.Command,
				strconv.FormatUint(r.DecideNodes, 10), r.Reason, strconv.Itoa(r.K), r.ExcludeSum, r.ExcludeDiff, r.Reference, referenceSeconds(r), r.GBDHash, r.Refutation, budgetSeconds(r), r.TaskDefinition, shuffleText(r)})
		}
		cw.Flush()
		return cw.Error()
	}, nil)
	return err
}

// budgetSeconds writes the budget of an UNKNOWN row for the CSV: "" for
// the others.
func budgetSeconds(r Row) string {
	if r.BudgetSeconds == 0 {
		return ""
	}
	return strconv.FormatFloat(r.BudgetSeconds, 'g', -1, 64)
}

// referenceSeconds writes the reference time of a row for the CSV: "" when
// there is none.
func referenceSeconds(r Row) string {
	if r.Reference == "" {
		return ""
	}
	return strconv.FormatFloat(r.ReferenceSeconds, 'f', 3, 64)
}
