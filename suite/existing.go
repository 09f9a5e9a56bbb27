package suite

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/queenslab/nqueens"
	"github.com/queenslab/nqueens/encode"
)

// What a folder holds before a suite is written into it: nothing of a
// suite is replaced without a word. A folder that holds another suite (its
// manifest, the files it lists, results made on it) or files a suite
// writes that no manifest lists is refused unless Options.Force; with it,
// the old suite's own files (its manifests, the files, refutations and
// task definitions its manifest lists, and the results files made on it)
// are removed first, and Options.Notice is told which, and which files
// stay. A folder that holds the same suite (the same command, of this
// version, every file as its manifest says) is left as it is.

// existing is what a folder holds of a suite.
type existing struct {
	manifest *Manifest
	sum      string   // the manifest's SHA-256
	owned    []string // the files the manifest lists, and its results
	stray    []string // files a suite writes that no manifest lists
}

// suiteExtensions end the names of the files a suite writes.
func suiteExtensions() []string {
	exts := []string{encode.RefutationExtension, TaskDefinitionExtension, ".jsonl"}
	for _, f := range encode.Formats() {
		exts = append(exts, f.Extension())
	}
	return exts
}

// inspect reads what dir holds of a suite.
func inspect(dir string) (existing, error) {
	var ex existing
	entries, err := os.ReadDir(dir)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return ex, nil
		}
		return ex, &nqueens.OptionError{Err: fmt.Errorf("suite: cannot read %s: %v", dir, unwrapPath(err))}
	}
	owned := map[string]bool{}
	for _, name := range manifestNames {
		if err := regularOrNone(dir, name); err != nil {
			return ex, err
		}
	}
	if _, err := os.Stat(filepath.Join(dir, manifestNames[0])); err == nil {
		m, raw, err := ReadManifest(dir)
		if err != nil {
			return ex, &nqueens.OptionError{Err: fmt.Errorf("suite: %s holds a manifest that does not read (%v): remove it, or write into another folder", dir, err)}
		}
		sum := sha256.Sum256(raw)
		ex.manifest, ex.sum = &m, hex.EncodeToString(sum[:])
		for _, name := range manifestNames {
			owned[name] = true
		}
		for _, r := range m.Files {
			owned[r.File] = true
			if r.Refutation != "" {
				owned[r.Refutation] = true
			}
			if r.TaskDefinition != "" {
				owned[r.TaskDefinition] = true
				owned[PropertyFile] = true
			}
		}
	}
	exts := suiteExtensions()
	for _, e := range entries {
		name := e.Name()
		if strings.HasPrefix(name, ".") || !e.Type().IsRegular() {
			continue
		}
		switch {
		case strings.HasSuffix(name, ".jsonl"):
			made := resultsOf(filepath.Join(dir, name))
			switch {
			case made == "":
			case ex.manifest != nil && made == ex.sum:
				ex.owned = append(ex.owned, name)
			default:
				ex.stray = append(ex.stray, name)
			}
		case owned[name]:
			ex.owned = append(ex.owned, name)
		case name == PropertyFile || slices.Contains(manifestNames, name) || slices.ContainsFunc(exts, func(x string) bool { return strings.HasSuffix(name, x) }):
			ex.stray = append(ex.stray, name)
		}
	}
	sort.Strings(ex.owned)
	sort.Strings(ex.stray)
	return ex, nil
}

// resultsOf is the manifest SHA-256 that the results file at path was
// made on (its header), "" for a file that is not one.
func resultsOf(path string) string {
	f, err := os.Open(path)
	if err != nil {
		return ""
	}
	defer f.Close()
	line, err := bufio.NewReaderSize(f, 1<<16).ReadSlice('\n')
	if err != nil {
		return ""
	}
	var h struct {
		Format   string `json:"format"`
		Manifest string `json:"manifest_sha256"`
	}
	if json.Unmarshal(line, &h) != nil || !strings.HasPrefix(h.Format, "nqueens-results-") {
		return ""
	}
	return h.Manifest
}

// same tells whether dir holds the suite that command writes, of this
// version, every file as its manifest says, and nothing else of a suite
// (never for a suite without a command, whose options are not known).
func (ex existing) same(dir, command string) bool {
	if ex.manifest == nil || command == "" || ex.manifest.Command != command || ex.manifest.Version != nqueens.Version || len(ex.stray) > 0 {
		return false
	}
	for _, r := range ex.manifest.Files {
		if !fileHasSum(filepath.Join(dir, r.File), r.SHA256) {
			return false
		}
	}
	return true
}

// fileHasSum tells whether the regular file at path has the SHA-256 sum,
// hashed as it streams.
func fileHasSum(path, sum string) bool {
	st, err := os.Lstat(path)
	if err != nil || !st.Mode().IsRegular() {
		return false
	}
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return false
	}
	return hex.EncodeToString(h.Sum(nil)) == sum
}

// clear removes the old suite's own files from dir (Options.Force), and
// says what it removed and what stays.
func (ex existing) clear(dir string, notice func(string)) error {
	for _, name := range ex.owned {
		if err := os.Remove(filepath.Join(dir, name)); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("suite: removing the old suite's %s: %v", name, unwrapPath(err))
		}
	}
	if notice != nil && len(ex.owned) > 0 {
		var files, results []string
		for _, name := range ex.owned {
			if strings.HasSuffix(name, ".jsonl") {
				results = append(results, name)
			} else {
				files = append(files, name)
			}
		}
		msg := fmt.Sprintf("removed the old suite in %s (--force): %d files (%s)", dir, len(files), listed(files))
		if len(results) > 0 {
			msg += ", and the results of its runs: " + strings.Join(results, ", ")
		}
		notice(msg)
	}
	if notice != nil && len(ex.stray) > 0 {
		notice(fmt.Sprintf("left in %s, not the old suite's: %s", dir, listed(ex.stray)))
	}
	return nil
}

// refusal is the error of a folder that holds another suite, or files of
// one, without Options.Force.
func (ex existing) refusal(dir string) error {
	var what []string
	if ex.manifest != nil {
		what = append(what, fmt.Sprintf("the suite of %q (%d files%s)", ex.manifest.Command, len(ex.manifest.Files), resultsNote(ex.owned)))
	}
	if len(ex.stray) > 0 {
		what = append(what, "files that no manifest lists ("+listed(ex.stray)+")")
	}
	return &nqueens.OptionError{Err: fmt.Errorf("suite: %s holds %s: give another folder, or --force to replace that suite (its files are removed)", dir, strings.Join(what, " and "))}
}

// resultsNote says how many results files are among a suite's files.
func resultsNote(owned []string) string {
	n := 0
	for _, name := range owned {
		if strings.HasSuffix(name, ".jsonl") {
			n++
		}
	}
	if n == 0 {
		return ""
	}
	return fmt.Sprintf(", and %d results files of its runs", n)
}

// listed names files for a message: the first few, and how many more.
func listed(names []string) string {
	const most = 4
	if len(names) <= most {
		return strings.Join(names, ", ")
	}
	return fmt.Sprintf("%s and %d more", strings.Join(names[:most], ", "), len(names)-most)
}
