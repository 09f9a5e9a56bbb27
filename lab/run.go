package lab

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/queenslab/nqueens"
	"github.com/queenslab/nqueens/cnf"
	"github.com/queenslab/nqueens/encode"
	"github.com/queenslab/nqueens/internal/cgroup"
	"github.com/queenslab/nqueens/internal/memlimit"
	"github.com/queenslab/nqueens/internal/panics"
	"github.com/queenslab/nqueens/internal/platform"
	"github.com/queenslab/nqueens/internal/textio"
	"github.com/queenslab/nqueens/model"
	"github.com/queenslab/nqueens/solvers/sat"
	"github.com/queenslab/nqueens/suite"
)

// Options describe a run of solvers over a suite.
type Options struct {
	// Runners are the solvers to run.
	Runners []Runner
	// Timeout is the wall-time limit of one run (default a minute).
	Timeout time.Duration
	// Memory is the limit of one run's data segment (RLIMIT_DATA: the
	// heap and private mappings, which Go programs survive, unlike an
	// address-space limit) in bytes, at least MinMemory; 0 for none. Go
	// solvers are also told it (GOMEMLIMIT, 90%). It needs Limit.
	Memory int64
	// CPU is the limit of one run's CPU time (RLIMIT_CPU, counted over
	// all its threads); 0 for none. A run past it is a TIMEOUT. It needs
	// Limit.
	CPU time.Duration
	// Limit returns the command line that runs argv under the limits (the
	// caller's: util-linux prlimit, or a program of its own).
	Limit func(argv []string, l Limits) []string
	// Jobs is the number of runs at once (default 1: timings are cleanest
	// with a core to spare).
	Jobs int
	// Results is the JSON-lines file of the runs (default
	// DIR/results.jsonl). Runs it holds for the same file, solver, solver
	// version and limits are not run again.
	Results string
	// Progress, if set, is called after each run with the runs done and
	// their total (resumed ones included).
	Progress func(done, total int)
	// Repeat is how many times each file is run by each solver
	// configuration (default 1): each run a record of its own, with its
	// repetition, 1..Repeat.
	Repeat int
	// Shard and Shards run shard Shard (0-based) of Shards of the matrix
	// of runs (every file, solver configuration and repetition, in the
	// order of Matrix): the runs whose place in it is Shard modulo Shards.
	// Shards 0 runs all of it.
	Shard, Shards int
	// Measure is how runs are measured and limited (MeasureAuto: in a
	// control group each where they can be used).
	Measure Measure
	// Only, if not nil, runs the files it names alone (a study of some of
	// a suite's files).
	Only map[string]bool
}

// Measure is how the lab measures and limits a run.
type Measure string

// The ways of measuring a run. With a control group (cgroup v1 or v2,
// internal/cgroup), a run's CPU time and memory peak are its whole
// process tree's, its memory limit is the group's, its CPU-time limit
// counts every process of the tree, parallel runs are pinned to disjoint
// cores, and the group is emptied when the run ends; with rusage, they
// are the solver's own process's (rusage, RLIMIT_DATA, RLIMIT_CPU).
const (
	MeasureAuto   Measure = "auto"   // cgroups where they can be used, else rusage
	MeasureCgroup Measure = "cgroup" // cgroups, or nothing is run
	MeasureRusage Measure = "rusage" // the solver's process alone
)

// Measures are the ways of measuring, as --measure names them.
var Measures = []Measure{MeasureAuto, MeasureCgroup, MeasureRusage}

// Limits are the resource limits of a run that Options.Limit sets: bytes
// of data segment (RLIMIT_DATA) and whole seconds of CPU time
// (RLIMIT_CPU), 0 for none.
type Limits struct {
	DataBytes  int64
	CPUSeconds int64
}

// MinMemory is the least memory limit: under it the Go runtime of the
// in-process solvers' processes cannot start (measured: 160 MiB of data
// segment).
const MinMemory = 256 << 20

// Record is one run: a line of the results file.
type Record struct {
	File string `json:"file"`
	ID   string `json:"id"` // the instance, the same in every format
	// GBDHash is the Global Benchmark Database's identifier of a DIMACS
	// file (cnf.GBD), computed from the bytes run; "" for other formats.
	GBDHash       string        `json:"gbd_hash,omitempty"`
	SHA256        string        `json:"sha256"`
	Solver        string        `json:"solver"`
	SolverVersion string        `json:"solver_version"`
	Family        string        `json:"family"`
	N             int           `json:"n"`
	M             int           `json:"m"`
	Format        encode.Format `json:"format"`
	Encoding      string        `json:"encoding,omitempty"`
	Expected      suite.Answer  `json:"expected"`
	Status        Status        `json:"status"`
	Verified      bool          `json:"verified"` // SAT: the model was decoded and verified
	Wall          float64       `json:"wall_s"`
	CPU           float64       `json:"cpu_s"`
	PeakKB        int64         `json:"peak_kb"`
	Timeout       float64       `json:"timeout_s"`
	MemoryMB      int64         `json:"memory_mb,omitempty"`
	CPULimit      float64       `json:"cpu_limit_s,omitempty"`
	Exit          int           `json:"exit"`
	Detail        string        `json:"detail,omitempty"`
	// Started is when the run started, in UTC (RFC 3339, to the second).
	Started string `json:"started,omitempty"`
	// Command is the solver's command line, the file relative to the suite.
	Command string `json:"command"`
	// Configuration is what a solver configuration's name stands for, a
	// solver with arguments of its own ("cadical --sat"), for a solver
	// given as NAME=COMMAND; "" for a solver given by its name.
	Configuration string `json:"configuration,omitempty"`
	// Repetition is which run of the file by the configuration this is,
	// from 1 (0 in results made before repetitions: the first).
	Repetition int `json:"repetition,omitempty"`
	// Measured says how the run was measured and limited: "cgroup v1",
	// "cgroup v2" (the whole process tree), or "rusage" ("" in results
	// made before: rusage); Cores are the cores it was pinned to, if any
	// ("0", "2-3").
	Measured string `json:"measured,omitempty"`
	Cores    string `json:"cores,omitempty"`

	// limitTag is " [limits]" where the runs read hold several sets of
	// limits (SplitLimits), and Solver ends with it; reps, repMin and
	// repMax the repetitions a run stands for and their least and most
	// wall time (Collapse).
	limitTag       string
	reps           int
	repMin, repMax float64
}

// Rep is the run's repetition, 1 for the first (also of results made
// before repetitions).
func (r Record) Rep() int { return max(1, r.Repetition) }

// key identifies a run for resuming: the same file bytes, solver build and
// limits.
func (r Record) key() string {
	return strings.Join([]string{r.SHA256, r.Solver, r.Configuration, r.SolverVersion, strconv.Itoa(r.Rep()), r.Limits().String()}, "\x00")
}

// Limits are the limits the run was made under (Runs is 0).
func (r Record) Limits() LimitSet {
	return LimitSet{Timeout: r.Timeout, CPU: r.CPULimit, MemoryMB: r.MemoryMB}
}

// String names the limits as a report shows them: "10 s", "10 s, CPU 10
// s, 2048 MB".
func (l LimitSet) String() string {
	s := strconv.FormatFloat(l.Timeout, 'g', -1, 64) + " s"
	if l.CPU > 0 {
		s += ", CPU " + strconv.FormatFloat(l.CPU, 'g', -1, 64) + " s"
	}
	if l.MemoryMB > 0 {
		s += ", " + strconv.FormatInt(l.MemoryMB, 10) + " MB"
	}
	return s
}

// Solved tells whether the run answered, and right.
func (r Record) Solved() bool { return r.Status.Solved() }

func (o Options) withDefaults(dir string) Options {
	if o.Timeout <= 0 {
		o.Timeout = time.Minute
	}
	if o.Jobs <= 0 {
		o.Jobs = 1
	}
	if o.Repeat <= 0 {
		o.Repeat = 1
	}
	if o.Measure == "" {
		o.Measure = MeasureAuto
	}
	if o.Results == "" {
		o.Results = filepath.Join(dir, "results.jsonl")
		if o.Shards > 0 {
			o.Results = filepath.Join(dir, fmt.Sprintf("results-%d-of-%d.jsonl", o.Shard, o.Shards))
		}
	}
	return o
}

// MaxRepeat caps the repetitions of a run.
const MaxRepeat = 1000

// MaxJobs caps the runs at once: each is a process with its output
// buffers, and a machine has far fewer cores.
const MaxJobs = 1024

// cpuSeconds is the CPU-time limit in the whole seconds the system counts.
func (o Options) cpuSeconds() float64 { return math.Ceil(o.CPU.Seconds()) }

// validate checks the options before anything runs.
func (o Options) validate() error {
	if len(o.Runners) == 0 {
		return optionErrorf("lab: no solvers given")
	}
	seen := map[[2]string]bool{}
	for _, r := range o.Runners {
		k := [2]string{r.Name(), string(r.Reads())}
		if seen[k] {
			return optionErrorf("lab: solver %s is given twice", r.Name())
		}
		seen[k] = true
	}
	switch {
	case o.Measure != "" && !slices.Contains(Measures, o.Measure):
		return optionErrorf("lab: %q is no way of measuring (%v)", o.Measure, Measures)
	case o.Repeat > MaxRepeat:
		return optionErrorf("lab: %d repetitions is more than the %d allowed", o.Repeat, MaxRepeat)
	case o.Shards < 0 || o.Shards > 0 && (o.Shard < 0 || o.Shard >= o.Shards):
		return optionErrorf("lab: shard %d/%d does not exist (shards are 0/M .. M-1/M)", o.Shard, o.Shards)
	case o.Jobs > MaxJobs:
		return optionErrorf("lab: %d runs at once is more than the %d allowed", o.Jobs, MaxJobs)
	case o.Memory < 0 || o.Memory > 0 && o.Memory < MinMemory:
		return optionErrorf("lab: a memory limit must be at least %d MiB (the Go runtime of gini, gophersat, dlx and cp needs it to start), not %d bytes", MinMemory>>20, o.Memory)
	case o.CPU < 0 || o.CPU > 0 && o.CPU < time.Second:
		return optionErrorf("lab: a CPU-time limit must be at least 1 s (the system counts whole seconds), not %v", o.CPU)
	case (o.Memory > 0 || o.CPU > 0) && o.Limit == nil:
		return errors.New("lab: a memory or CPU limit needs Options.Limit")
	case o.Memory > 0 || o.CPU > 0:
		if err := platform.CanLimit(); err != nil {
			return optionErrorf("lab: %v", err)
		}
	}
	return nil
}

// Run runs every runner on every file of the suite in dir that it reads,
// each run in its own process group under the limits, and checks each
// answer: a model is checked against the clauses of the file as it was
// hashed before the run, decoded and verified against the instance; an
// answer against the manifest's is Wrong. A file whose bytes differ from
// the manifest's SHA-256 before the run is not run: that is an error of
// the run, as is a failure of the harness itself (no temporary folder, an
// unwritable results file), never a solver's result. Each run is appended
// to the results file as one line, synced, as it finishes; runs already
// there (same file hash, solver version and limits) are kept, not run
// again, and a results file of another suite is refused. It returns every
// record of the suite's runs, the kept ones included.
func Run(ctx context.Context, dir string, o Options) ([]Record, error) {
	if ctx == nil {
		return nil, errors.New("lab: Run was given a nil context (use context.Background())")
	}
	o = o.withDefaults(dir)
	if err := o.validate(); err != nil {
		return nil, err
	}
	var groups *cgroup.System
	if o.Measure != MeasureRusage {
		var err error
		if groups, err = cgroup.Detect(); err != nil {
			if o.Measure == MeasureCgroup {
				return nil, optionErrorf("lab: --measure cgroup: %v", err)
			}
			groups = nil
		}
	}
	man, raw, err := suite.ReadManifest(dir)
	if err != nil {
		return nil, err
	}
	rows := man.Files
	if o.Only != nil {
		rows = slices.DeleteFunc(slices.Clone(rows), func(r suite.Row) bool { return !o.Only[r.File] })
	}
	// The results file is none of the suite's: a run must not write over
	// what it reads.
	if rst, err := os.Stat(o.Results); err == nil {
		for _, name := range append([]string{"manifest.json", "manifest.csv"}, filesOf(rows)...) {
			if st, err := os.Stat(filepath.Join(dir, name)); err == nil && os.SameFile(st, rst) {
				return nil, optionErrorf("lab: the results file %s is %s of the suite: give another --results", o.Results, name)
			}
		}
	} else if abs, err := filepath.Abs(o.Results); err == nil {
		for _, name := range filesOf(rows) {
			if a, err := filepath.Abs(filepath.Join(dir, name)); err == nil && a == abs {
				return nil, optionErrorf("lab: the results file %s is %s of the suite: give another --results", o.Results, name)
			}
		}
	}
	// A solver named that reads none of the suite's files is an error, as
	// when none does: it is not left out without a word. A solver with
	// runners for several formats (clasp: DIMACS and OPB) needs one of
	// them only.
	have := formatsOf(rows)
	reads := map[string][]string{}
	var names []string
	for _, run := range o.Runners {
		if _, seen := reads[run.Name()]; !seen {
			names = append(names, run.Name())
		}
		reads[run.Name()] = append(reads[run.Name()], string(run.Reads()))
	}
	for _, name := range names {
		if !slices.ContainsFunc(reads[name], func(f string) bool { return slices.Contains(have, f) }) {
			return nil, optionErrorf("lab: %s reads %s files, which the suite in %s has none of (its formats: %s): leave it out, or write the suite with that format too", name, strings.Join(reads[name], " or "), dir, strings.Join(have, ", "))
		}
	}
	byIDFormat := map[string]suite.Row{}
	for _, r := range rows {
		byIDFormat[r.ID+"\x00"+string(r.Format)] = r
	}
	matrix, err := Matrix(rows, o.Runners, o.Repeat)
	if err != nil {
		return nil, err
	}
	for _, t := range matrix {
		if c := companionOf(t.Runner); c != "" {
			if _, ok := byIDFormat[t.Row.ID+"\x00"+string(c)]; !ok {
				return nil, optionErrorf("lab: %s reads %s files with their instance's %s file beside them, which the suite in %s lacks for %s: write the suite with both formats", t.Runner.Name(), t.Runner.Reads(), c, dir, t.Row.ID)
			}
		}
	}
	if o.Shards > len(matrix) {
		return nil, optionErrorf("lab: %d shards of a matrix of %d runs: use at most %d", o.Shards, len(matrix), len(matrix))
	}
	sum := sha256.Sum256(raw)
	machine := ThisMachine()
	header := Header{Format: resultsFormat, Version: nqueens.Version, Build: nqueens.Build().String(), Manifest: hex.EncodeToString(sum[:]), Command: man.Command, Machine: &machine}
	if abs, err := filepath.Abs(dir); err == nil {
		header.Suite = filepath.Base(abs)
	}
	if o.Shards > 0 {
		header.Shard, header.Shards, header.Matrix, header.Runs = o.Shard, o.Shards, MatrixDigest(matrix, o), len(matrix)
	}
	res, old, err := openResults(o.Results, header)
	if err != nil {
		return nil, err
	}
	defer res.close()

	type task struct {
		row       suite.Row
		runner    Runner
		companion *suite.Row // the second file the runner reads, if any
		rep       int
	}
	var tasks []task
	var records []Record
	done := map[string]Record{}
	for _, r := range old {
		done[r.key()] = r
	}
	memMB := o.Memory >> 20
	for i, t := range matrix {
		if o.Shards > 0 && i%o.Shards != o.Shard {
			continue
		}
		var companion *suite.Row
		if c := companionOf(t.Runner); c != "" {
			cr := byIDFormat[t.Row.ID+"\x00"+string(c)]
			companion = &cr
		}
		k := Record{SHA256: t.Row.SHA256, Solver: t.Runner.Name(), Configuration: configurationOf(t.Runner), SolverVersion: t.Runner.Version(), Repetition: t.Rep, Timeout: o.Timeout.Seconds(), MemoryMB: memMB, CPULimit: o.cpuSeconds()}.key()
		if prev, ok := done[k]; ok && prev.File == t.Row.File {
			records = append(records, prev)
			continue
		}
		tasks = append(tasks, task{t.Row, t.Runner, companion, t.Rep})
	}
	total, finished := len(records)+len(tasks), len(records)
	if total == 0 {
		return nil, optionErrorf("lab: none of the solvers reads a file of the suite in %s (its formats: %s)", dir, strings.Join(formatsOf(rows), ", "))
	}
	// What the runs at once may hold: each its instance's bytes (judged
	// as they were read, its model checked clause by clause as they
	// stream) and what it keeps of its solver's output.
	var most int64
	for _, t := range tasks {
		size := int64(0)
		if st, err := os.Stat(filepath.Join(dir, t.row.File)); err == nil {
			size = st.Size()
		}
		most = max(most, size+outputCap(t.row))
	}
	if err := memlimit.Check(uint64(min(o.Jobs, len(tasks)))*uint64(most), fmt.Sprintf("%d runs at once (an instance and its answer, %s each at most)", min(o.Jobs, len(tasks)), memlimit.GB(uint64(most)))); err != nil {
		return nil, &nqueens.OptionError{Err: fmt.Errorf("lab: %v", err)}
	}
	if o.Progress != nil {
		o.Progress(finished, total)
	}
	freeHeap()
	feed := make(chan task)
	var mu sync.Mutex
	var werr error
	var caught panics.Catcher
	var wg sync.WaitGroup
	slots := coreSlots(groups, min(o.Jobs, len(tasks)))
	for slot := range min(o.Jobs, len(tasks)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer caught.Recover(nil)
			m := measurer{groups: groups}
			if slots != nil {
				m.cores = slots[slot]
			}
			for t := range feed {
				rec, err := runOne(ctx, dir, t.row, t.companion, t.runner, t.rep, o, m)
				if ctx.Err() != nil {
					continue // cut short by the caller: not a result
				}
				mu.Lock()
				if werr == nil && err != nil {
					werr = err
				}
				if werr == nil {
					if err := res.append(rec); err != nil {
						werr = fmt.Errorf("lab: results %s: %v", o.Results, err)
					}
				}
				if err == nil {
					records = append(records, rec)
					finished++
					if o.Progress != nil {
						o.Progress(finished, total)
					}
				}
				mu.Unlock()
			}
		}()
	}
	failed := func() bool {
		mu.Lock()
		defer mu.Unlock()
		return werr != nil
	}
	for _, t := range tasks {
		if ctx.Err() != nil || failed() {
			break
		}
		feed <- t
	}
	close(feed)
	wg.Wait()
	if err := caught.Err(); err != nil {
		return records, err
	}
	if werr != nil {
		return records, werr
	}
	sort.SliceStable(records, func(i, j int) bool {
		if records[i].File != records[j].File {
			return records[i].File < records[j].File
		}
		if records[i].Solver != records[j].Solver {
			return records[i].Solver < records[j].Solver
		}
		return records[i].Rep() < records[j].Rep()
	})
	return records, ctx.Err()
}

// Task is one run of the matrix of a study: a file of the suite, a
// solver configuration that reads it, and the repetition.
type Task struct {
	Row    suite.Row
	Runner Runner
	Rep    int
}

// Matrix is every run of a study, in one order whatever the order of the
// rows and runners given: by file, then solver configuration (name, then
// the format it reads), then repetition (1..repeat). A shard I of M is
// the runs whose place here is I modulo M, so that shards never overlap,
// each file's runs are spread over the shards, and a shard run again is
// the same runs.
func Matrix(rows []suite.Row, runners []Runner, repeat int) ([]Task, error) {
	var m []Task
	rs := append([]Runner(nil), runners...)
	sort.SliceStable(rs, func(i, j int) bool {
		if rs[i].Name() != rs[j].Name() {
			return rs[i].Name() < rs[j].Name()
		}
		return rs[i].Reads() < rs[j].Reads()
	})
	files := append([]suite.Row(nil), rows...)
	sort.SliceStable(files, func(i, j int) bool { return files[i].File < files[j].File })
	if uint64(len(files))*uint64(len(rs))*uint64(max(1, repeat)) > maxMatrix {
		return nil, optionErrorf("lab: %d files, %d solver configurations and %d repetitions are more than %d runs", len(files), len(rs), repeat, maxMatrix)
	}
	for _, r := range files {
		for _, run := range rs {
			if r.Format != run.Reads() {
				continue
			}
			for rep := 1; rep <= max(1, repeat); rep++ {
				m = append(m, Task{r, run, rep})
			}
		}
	}
	return m, nil
}

// maxMatrix caps the runs of a study (a suite's million instances, by a
// few configurations and repetitions).
const maxMatrix = 1 << 26

// MatrixDigest names the matrix of a study and its limits (16 hex digits
// of a SHA-256): every shard of one study records the same, so that a
// report tells the shards of one study from those of another (other
// files, solver configurations or builds, repetitions or limits).
func MatrixDigest(m []Task, o Options) string {
	h := sha256.New()
	fmt.Fprintf(h, "%g %d %g\n", o.Timeout.Seconds(), o.Memory>>20, o.cpuSeconds())
	for _, t := range m {
		fmt.Fprintf(h, "%s\x00%s\x00%s\x00%s\x00%s\x00%d\n", t.Row.File, t.Row.SHA256, t.Runner.Name(), configurationOf(t.Runner), t.Runner.Version(), t.Rep)
	}
	return hex.EncodeToString(h.Sum(nil)[:8])
}

// configurationOf is what a runner's name stands for when it is a
// solver configuration (Configured), "" otherwise.
func configurationOf(r Runner) string {
	if c, ok := r.(interface{ Configuration() string }); ok {
		return c.Configuration()
	}
	return ""
}

// companionOf is the format of the second file a runner reads beside the
// one it runs on (a *Process's With), "" for none.
func companionOf(r Runner) encode.Format {
	if c, ok := r.(interface{ Companion() encode.Format }); ok {
		return c.Companion()
	}
	return ""
}

// filesOf is the files of the rows and their refutation files.
func filesOf(rows []suite.Row) []string {
	var fs []string
	for _, r := range rows {
		fs = append(fs, r.File)
		if r.Refutation != "" {
			fs = append(fs, r.Refutation)
		}
	}
	return fs
}

func formatsOf(rows []suite.Row) []string {
	var fs []string
	for _, r := range rows {
		if !slices.Contains(fs, string(r.Format)) {
			fs = append(fs, string(r.Format))
		}
	}
	return fs
}

// runOne runs one solver on one file under the limits and judges the
// answer. An error is a failure of the harness, not a result.
// measurer is how a worker of Run measures its runs: in a control group
// each (groups, not nil), on its cores (nil: all), else by rusage.
type measurer struct {
	groups *cgroup.System
	cores  []int
}

// coreSlots are the disjoint cores of each of jobs runs at once, as many
// each as the cores allow, where runs have control groups; nil where they
// do not, or where there are fewer cores than runs at once.
func coreSlots(groups *cgroup.System, jobs int) [][]int {
	if groups == nil {
		return nil
	}
	cpus := groups.CPUs()
	per := len(cpus) / max(1, jobs)
	if per < 1 || jobs < 2 {
		return nil
	}
	slots := make([][]int, jobs)
	for i := range slots {
		slots[i] = cpus[i*per : (i+1)*per]
	}
	return slots
}

// watchCPU watches the CPU time of a run's control group, every process
// of it, and closes hit (and kills the run) once it reaches limit; until
// stop is closed.
func watchCPU(g *cgroup.Group, limit time.Duration, proc *platform.Spawned, hit, stop chan struct{}) {
	t := time.NewTicker(cpuWatch)
	defer t.Stop()
	for {
		select {
		case <-stop:
			return
		case <-t.C:
		}
		if used, err := g.CPU(); err == nil && used >= limit {
			close(hit)
			return
		}
	}
}

// cpuWatch is how often a run's CPU time is read from its control group:
// a run may pass its CPU-time limit by this much times its cores.
const cpuWatch = 50 * time.Millisecond

// runGroups numbers the control groups of runs, for their names.
var runGroups atomic.Int64

func runOne(ctx context.Context, dir string, row suite.Row, companion *suite.Row, run Runner, rep int, o Options, m measurer) (Record, error) {
	rec := Record{File: row.File, ID: row.ID, SHA256: row.SHA256, Solver: run.Name(), SolverVersion: run.Version(), Family: row.Family,
		N: row.N, M: row.M, Format: row.Format, Encoding: row.Encoding, Expected: row.Expected,
		Timeout: o.Timeout.Seconds(), MemoryMB: o.Memory >> 20, CPULimit: o.cpuSeconds(),
		Configuration: configurationOf(run), Repetition: rep}
	data, err := suite.ReadInstance(dir, row)
	if err != nil {
		return rec, err
	}
	if companion != nil {
		// The second file the solver reads, held to its manifest row too.
		if !unchanged(filepath.Join(dir, companion.File), companion.SHA256) {
			return rec, fmt.Errorf("lab: %s, which %s reads beside %s, differs from the manifest's SHA-256 (or cannot be read)", companion.File, run.Name(), row.File)
		}
	}
	if row.Format == encode.DIMACS {
		if rec.GBDHash, err = cnf.GBDHash(bytes.NewReader(data)); err != nil {
			return rec, fmt.Errorf("lab: %s: %v", row.File, err)
		}
	}
	tmp, err := os.MkdirTemp("", "nqueens-run-*")
	if err != nil {
		return rec, fmt.Errorf("lab: no temporary folder for a run: %v", unwrapPath(err))
	}
	defer os.RemoveAll(tmp)
	path := filepath.Join(dir, row.File)
	result := filepath.Join(tmp, "result.txt")
	argv := run.Command(path, result)
	shown := run.Command(row.File, "RESULT")
	shown[0] = filepath.Base(shown[0])
	rec.Command = strings.Join(shown, " ")
	rec.Measured = "rusage"
	var group *cgroup.Group
	if m.groups != nil {
		// The run's own control group: its memory limit, its cores; its
		// CPU time is watched below.
		var err error
		group, err = m.groups.New(fmt.Sprintf("nqueens-%d-%d", os.Getpid(), runGroups.Add(1)), cgroup.Limits{MemoryBytes: o.Memory, CPUs: m.cores})
		if err != nil {
			return rec, fmt.Errorf("lab: %v", err)
		}
		defer group.Close()
		rec.Measured = m.groups.Kind()
		if m.cores != nil {
			rec.Cores = cgroup.FormatCPUs(m.cores)
		}
	} else if o.Memory > 0 || o.CPU > 0 {
		argv = o.Limit(argv, Limits{DataBytes: o.Memory, CPUSeconds: int64(o.cpuSeconds())})
	}
	env := os.Environ()
	if o.Memory > 0 {
		env = append(env, "GOMEMLIMIT="+strconv.FormatInt(o.Memory/10*9, 10))
	}
	// The solver's output goes to files: this process holds of it only
	// what an answer of the instance can be (outputCap).
	stdoutFile, err := os.Create(filepath.Join(tmp, "stdout"))
	if err != nil {
		return rec, fmt.Errorf("lab: no temporary file for a run: %v", unwrapPath(err))
	}
	defer stdoutFile.Close()
	stderrFile, err := os.Create(filepath.Join(tmp, "stderr"))
	if err != nil {
		return rec, fmt.Errorf("lab: no temporary file for a run: %v", unwrapPath(err))
	}
	defer stderrFile.Close()
	resetPeak()
	var join func(int) error
	var joinErr error
	if group != nil {
		join = func(pid int) error { joinErr = group.Add(pid); return joinErr }
	}
	proc, err := platform.Spawn(argv, env, stdoutFile, stderrFile, join)
	var he *platform.HarnessError
	switch {
	case joinErr != nil:
		return rec, fmt.Errorf("lab: %v", joinErr) // the harness's failure
	case errors.As(err, &he):
		return rec, fmt.Errorf("lab: %s on %s: %v", run.Name(), row.File, err)
	case err != nil:
		rec.Status, rec.Detail = Crash, fmt.Sprintf("cannot start: %v", err)
		return rec, nil
	}
	// With a control group, its CPU time is the whole tree's: watched, and
	// the tree killed at the limit.
	cpuHit := make(chan struct{})
	stopWatch := make(chan struct{})
	defer close(stopWatch)
	if group != nil && o.CPU > 0 {
		go watchCPU(group, time.Duration(o.cpuSeconds())*time.Second, proc, cpuHit, stopWatch)
	}
	type waited struct {
		end platform.Ended
		err error
	}
	ended := make(chan waited, 1)
	go func() {
		e, err := proc.Wait()
		ended <- waited{e, err}
	}()
	timer := time.NewTimer(o.Timeout - time.Since(proc.Started))
	defer timer.Stop()
	var w waited
	timedOut, cpuOut := false, false
	kill := func() {
		proc.Kill()
		if group != nil {
			group.Kill()
		}
	}
	select {
	case w = <-ended:
	case <-timer.C:
		timedOut = true
		kill()
		w = <-ended
	case <-cpuHit:
		cpuOut = true
		kill()
		w = <-ended
	case <-ctx.Done():
		kill()
		<-ended
		return rec, ctx.Err()
	}
	rec.Wall = time.Since(proc.Started).Seconds()
	rec.Started = proc.Started.UTC().Format(time.RFC3339)
	if w.err != nil {
		return rec, fmt.Errorf("lab: %s on %s: %v", run.Name(), row.File, w.err)
	}
	u := w.end.Usage
	rec.CPU = u.UserSeconds + u.SystemSeconds
	rec.PeakKB = int64(u.PeakBytes >> 10)
	oom := false
	if group != nil {
		// The whole tree's, the ended processes included; then nothing
		// of it is left.
		gu, err := group.Usage()
		if err != nil {
			return rec, fmt.Errorf("lab: the control group of %s on %s: %v", run.Name(), row.File, err)
		}
		rec.CPU, rec.PeakKB, oom = gu.CPU.Seconds(), int64(gu.PeakBytes>>10), gu.OOM
		if err := group.Kill(); err != nil {
			return rec, fmt.Errorf("lab: the control group of %s on %s: %v", run.Name(), row.File, err)
		}
	}
	rec.Exit = w.end.Code
	if timedOut {
		rec.Status = Timeout
		rec.Wall = min(rec.Wall, o.Timeout.Seconds())
		return rec, nil
	}
	if oom {
		rec.Status, rec.Detail = Memout, fmt.Sprintf("out of memory: the control group's limit (%d MB) reached", o.Memory>>20)
		return rec, nil
	}
	if o.CPU > 0 && (cpuOut || w.end.CPULimit || rec.CPU >= 0.99*o.cpuSeconds()) {
		// Past the CPU limit (SIGXCPU, then SIGKILL a second later): a
		// TIMEOUT, whatever the solver printed on its way out.
		rec.Status, rec.Detail = Timeout, fmt.Sprintf("CPU-time limit (%g s)", o.cpuSeconds())
		return rec, nil
	}
	stdout, over, err := readCapped(stdoutFile, outputCap(row), false)
	if err != nil {
		return rec, fmt.Errorf("lab: the output of %s on %s: %v", run.Name(), row.File, err)
	}
	errBytes, _, err := readCapped(stderrFile, 64<<10, true)
	if err != nil {
		return rec, fmt.Errorf("lab: the output of %s on %s: %v", run.Name(), row.File, err)
	}
	errText := strings.TrimSpace(string(errBytes))
	if outOfMemory(string(stdout[max(0, len(stdout)-4<<10):])) {
		// Said on standard output (as some solvers print their failures,
		// in "c" lines): the same as on standard error.
		errText += "\nout of memory (standard output)"
	}
	lastErr := errText
	if i := strings.LastIndexByte(lastErr, '\n'); i >= 0 {
		lastErr = lastErr[i+1:]
	}
	if w.end.Signal != "" {
		rec.Exit = -w.end.SignalNumber
		rec.Status, rec.Detail = memoutOr(Crash, o, rec, errText), "killed by "+w.end.Signal
		return rec, nil
	}
	if over {
		rec.Status, rec.Detail = Crash, fmt.Sprintf("more than %s of output, more than any answer for this instance", memlimit.GB(uint64(outputCap(row))))
		return rec, nil
	}
	resultFile, _ := textio.ReadFile(result, 256<<20)
	ans, err := run.Answer(Output{Stdout: stdout, Result: resultFile, Exit: rec.Exit, Stderr: errText, N: row.N, Vars: row.Variables})
	if err != nil {
		rec.Status, rec.Detail = memoutOr(Crash, o, rec, errText), err.Error()
		if lastErr != "" && rec.Status == Crash {
			rec.Detail += " (" + textio.Clip(lastErr, 200) + ")"
		}
		return rec, nil
	}
	if !unchanged(path, row.SHA256) || companion != nil && !unchanged(filepath.Join(dir, companion.File), companion.SHA256) {
		// Judged against the bytes read before the run all the same; the
		// suite is no longer what its manifest says.
		return rec, fmt.Errorf("lab: %s was changed during the run of %s (judged against its bytes as they were before; write the suite again)", row.File, run.Name())
	}
	rec.Status, rec.Detail, rec.Verified = judge(row, data, ans)
	if rec.Status == Unknown {
		rec.Status, rec.Detail = memoutOr(Unknown, o, rec, errText), textio.Clip(lastErr, 200)
	}
	return rec, nil
}

// judge checks an answer against the instance (its file's bytes and its
// problem) and the manifest.
func judge(row suite.Row, data []byte, ans Answer) (Status, string, bool) {
	verified := false
	if ans.Status == sat.Sat {
		q := ans.Placement
		if ans.Model != nil {
			var problem string
			if q, problem = checkModel(data, row, ans.Model); problem != "" {
				return Wrong, problem, false
			}
		}
		p, err := row.Problem()
		if err == nil {
			err = model.Verify(p, q)
		}
		if err != nil {
			return Wrong, "its solution fails the instance: " + err.Error(), false
		}
		verified = true
	}
	got := statusOf(ans.Status)
	if got == Unknown {
		return Unknown, "", false
	}
	if want, ok := expected(row.Expected); ok && want != got {
		return Wrong, fmt.Sprintf("answered %s, the manifest says %s", got, row.Expected), false
	}
	return got, "", verified
}

// memoutOr tells a failure for want of memory from other failures: under
// a memory limit, peak memory at 90% of it or more, or a message about
// memory on standard error; with or without one, the words of running out
// of memory (outOfMemory).
func memoutOr(status Status, o Options, rec Record, errText string) Status {
	if outOfMemory(errText) {
		return Memout
	}
	if o.Memory <= 0 {
		return status
	}
	low := strings.ToLower(errText)
	if rec.PeakKB*1024 >= o.Memory/10*9 || strings.Contains(low, "memory") {
		return Memout
	}
	return status
}

// outOfMemory says whether a solver's standard output says it ran out of
// memory, in the words solvers use for it (a mere "memory" there is often
// a statistics line).
func outOfMemory(out string) bool {
	low := strings.ToLower(out)
	for _, w := range []string{"out of memory", "bad_alloc", "cannot allocate", "memory limit", "memoryerror", "memory exhausted"} {
		if strings.Contains(low, w) {
			return true
		}
	}
	return false
}

// checkModel checks a SAT solver's model against the clauses of the file's
// bytes and decodes the queens; problem says why the model is wrong, ""
// when it is not.
func checkModel(data []byte, row suite.Row, m sat.Model) (q model.Placement, problem string) {
	if problem := streamModel(data, m); problem != "" {
		return nil, problem
	}
	q, err := encode.DecodeShuffled(row.N, row.Variables, row.Shuffle, func(v int) bool { return v < len(m) && m[v] })
	if err != nil {
		return nil, fmt.Sprintf("its model is not a placement: %v", err)
	}
	return q, ""
}

// unchanged tells whether the file at path still has the SHA-256 sum,
// hashed as it streams (the bytes read before the run are held already:
// a second copy would double what a run holds).
func unchanged(path, sum string) bool {
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

// streamModel checks the model m against the clauses of the DIMACS file
// data clause by clause, as they are read: nothing of the formula is
// built, whatever its size. It says what is wrong with m ("" when
// nothing is): the clause it falsifies.
func streamModel(data []byte, m sat.Model) string {
	c := &sat.Checker{M: m}
	info, err := cnf.ReadDIMACS(bytes.NewReader(data), c)
	switch {
	case err != nil:
		return "the instance does not read: " + err.Error()
	case len(m) < info.Vars+1:
		return fmt.Sprintf("its model assigns %d variables, the instance has %d", len(m)-1, info.Vars)
	case c.Err() != nil:
		return "its model falsifies the instance: " + c.Err().Error()
	}
	return ""
}

// outputCap bounds the standard output of a run that this process reads:
// what any answer to the instance can take, a model in "v" lines of 16
// bytes a variable at most, or a placement, and a mebibyte of comments.
func outputCap(row suite.Row) int64 {
	return 1<<20 + 16*int64(row.Variables+1) + 16*int64(row.N)*int64(row.N)
}

// readCapped reads at most max bytes of the file f: its start, or with
// tail its end; over says that it holds more.
func readCapped(f *os.File, max int64, tail bool) (data []byte, over bool, err error) {
	st, err := f.Stat()
	if err != nil {
		return nil, false, err
	}
	size := st.Size()
	from := int64(0)
	if size > max && tail {
		from = size - max
	}
	n := min(size, max)
	data = make([]byte, n)
	if _, err := f.ReadAt(data, from); err != nil && err != io.EOF {
		return nil, false, err
	}
	return data, size > max, nil
}

// resetPeak lowers this process's peak resident size to what it holds now,
// before a solver starts, for where platform.Spawn starts it as this
// process's own child (no /bin/sh): Linux gives a child started by vfork
// (as os/exec starts it) the peak of the process it leaves at exec as its
// own peak (rusage's maxrss), so that a large count earlier in this
// process would show as every solver's peak, and as MEMOUT under a limit.
// Writing 5 to /proc/self/clear_refs (Linux 4.0 on) resets the peak to
// the current size, which Run makes small once at its start by returning
// the free heap to the system (freeHeap); elsewhere the file is absent and
// nothing changes.
func resetPeak() {
	_ = os.WriteFile("/proc/self/clear_refs", []byte("5"), 0)
}

// freeHeap returns the heap's free memory to the system, so that this
// process's resident size, which every solver's measured peak includes
// (resetPeak), is small.
func freeHeap() { debug.FreeOSMemory() }

// optionErrorf is an error of the caller's choice (an unknown solver, a
// results file of another suite, a chart of a solver with no runs): bad
// input, not a failure.
func optionErrorf(format string, a ...any) error {
	return &nqueens.OptionError{Err: fmt.Errorf(format, a...)}
}
