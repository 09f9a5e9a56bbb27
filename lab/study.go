package lab

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
)

// Study is the runs of one or more results files of one suite read as
// one: the shards of a study run on a cluster (run --shard), or the
// results of several runs of the suite.
type Study struct {
	// Files are the results files read, in order; Headers their headers.
	Files   []string
	Headers []Header
	// Records are every run of every file, in the order read.
	Records []Record
}

// Header is the first file's header, which names the suite and the
// machine.
func (s Study) Header() Header { return s.Headers[0] }

// Name is how a report names the study: the results file, or the
// folder of results files given.
func (s Study) Name() string {
	if len(s.Files) == 1 {
		return s.Files[0]
	}
	return fmt.Sprintf("%d results files in %s", len(s.Files), commonDir(s.Files))
}

// ShardNote says, for a study of shards, how many and of which study;
// "" for one that is not.
func (s Study) ShardNote() string {
	for _, h := range s.Headers {
		if h.Shards > 0 {
			return fmt.Sprintf("%d shards of study %s (%d runs)", h.Shards, h.Matrix, h.Runs)
		}
	}
	return ""
}

// ReadStudy reads results files as one study. A path that is a folder
// stands for every results file in it ("*.jsonl", in name order). The
// files must be of one suite (their manifest's SHA-256) and of machines
// whose times compare; the shards of a study (run --shard) must all be
// there, each once and whole, and of one study (the same matrix of
// files, solver configurations, builds, repetitions and limits); no run
// may be recorded twice. Anything else is an *nqueens.OptionError that
// names the file, the shard or the run.
func ReadStudy(paths []string) (Study, error) {
	var s Study
	var files []string
	for _, p := range paths {
		st, err := os.Stat(p)
		if err == nil && st.IsDir() {
			found, err := filepath.Glob(filepath.Join(p, "*.jsonl"))
			if err != nil || len(found) == 0 {
				return s, optionErrorf("lab: the folder %s holds no results file (*.jsonl)", p)
			}
			sort.Strings(found)
			files = append(files, found...)
			continue
		}
		files = append(files, p)
	}
	if len(files) == 0 {
		return s, optionErrorf("lab: no results file given")
	}
	seenFile := map[string]bool{}
	seenRun := map[string]string{}
	shards := map[int]string{}
	var first *Header
	var sharded *Header
	for _, f := range files {
		if abs, err := filepath.Abs(f); err == nil {
			if seenFile[abs] {
				return s, optionErrorf("lab: %s is given twice", f)
			}
			seenFile[abs] = true
		}
		h, recs, err := ReadResultsFile(f)
		if err != nil {
			return s, err
		}
		if first == nil {
			first = &h
		}
		switch {
		case h.Manifest != first.Manifest:
			return s, optionErrorf("lab: %s holds runs of another suite than %s (their manifests differ)", f, files[0])
		case h.Machine != nil && first.Machine != nil && !h.Machine.sameTimings(*first.Machine):
			return s, optionErrorf("lab: %s holds runs made on another machine (%s, %d cores) than %s (%s, %d cores), whose times do not compare: report them apart", f, h.Machine.CPU, h.Machine.Cores, files[0], first.Machine.CPU, first.Machine.Cores)
		}
		if h.Shards > 0 {
			if sharded == nil {
				sharded = &h
			}
			switch {
			case h.Matrix != sharded.Matrix || h.Shards != sharded.Shards || h.Runs != sharded.Runs:
				return s, optionErrorf("lab: %s is %s; the shards before it are of study %s in %d shards: shards of two studies", f, h.study(), sharded.Matrix, sharded.Shards)
			case shards[h.Shard] != "":
				return s, optionErrorf("lab: shard %d/%d twice: %s and %s", h.Shard, h.Shards, shards[h.Shard], f)
			}
			shards[h.Shard] = f
			if want := shardRuns(h.Runs, h.Shard, h.Shards); len(recs) != want {
				return s, optionErrorf("lab: %s, shard %d/%d, holds %d of its %d runs: run it again to finish it (the same run command, with --shard %d/%d, resumes it)", f, h.Shard, h.Shards, len(recs), want, h.Shard, h.Shards)
			}
		}
		for _, r := range recs {
			k := r.key()
			if other, dup := seenRun[k]; dup {
				return s, optionErrorf("lab: the run of %s on %s (repetition %d, limits %s) is recorded twice: in %s and %s", r.Solver, r.File, r.Rep(), r.Limits(), other, f)
			}
			seenRun[k] = f
		}
		s.Files = append(s.Files, f)
		s.Headers = append(s.Headers, h)
		s.Records = append(s.Records, recs...)
	}
	if sharded != nil {
		var missing []string
		for i := range sharded.Shards {
			if shards[i] == "" {
				missing = append(missing, fmt.Sprintf("%d/%d", i, sharded.Shards))
			}
		}
		if len(missing) > 0 {
			return s, optionErrorf("lab: shard %s of study %s missing (%d of %d given)", strings.Join(missing, ", "), sharded.Matrix, len(shards), sharded.Shards)
		}
	}
	return s, nil
}

// shardRuns is the number of runs of shard i of m of a matrix of runs.
func shardRuns(runs, i, m int) int {
	if i >= runs {
		return 0
	}
	return (runs-i-1)/m + 1
}

// commonDir is the folder the files share, "." for none.
func commonDir(files []string) string {
	dir := filepath.Dir(files[0])
	for _, f := range files[1:] {
		for !slices.Contains([]string{".", "/"}, dir) && !strings.HasPrefix(filepath.Dir(f)+string(filepath.Separator), dir+string(filepath.Separator)) {
			dir = filepath.Dir(dir)
		}
	}
	return dir
}
