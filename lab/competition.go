package lab

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/queenslab/nqueens"
	"github.com/queenslab/nqueens/cnf"
	"github.com/queenslab/nqueens/encode"
	"github.com/queenslab/nqueens/internal/atomicfile"
	"github.com/queenslab/nqueens/suite"
)

// A benchmark family for the SAT competitions, as their rules ask of one
// (satcompetition.github.io/2026/benchmarks.html, "Benchmark
// Submission"): 20 new instances, at least 10 of them neither too easy
// (solved by MiniSat within a minute) nor too hard (not solved by the
// submitter's own solver within an hour); files whose "p cnf" line gives
// exactly the variables that occur, no clause with a literal twice or a
// tautology (their sanitization); and a description of 1-2 pages in the
// IEEE Proceedings style. SelectKit measures candidates drawn by the
// generator with the two solvers under those limits and chooses; WriteKit
// writes the family.

// KitOptions describe the measuring and choosing of a family.
type KitOptions struct {
	// Count is the family's instances (20) and Medium how many of them at
	// least must be medium (10): not solved by Reference within EasyLimit
	// (a minute), solved by Solver within HardLimit (an hour).
	Count, Medium        int
	Reference, Solver    Runner
	EasyLimit, HardLimit time.Duration
	// Jobs, Measure and Limit are the runs' (Options).
	Jobs    int
	Measure Measure
	Limit   func(argv []string, l Limits) []string
	// Progress, if set, is told of each stage's runs.
	Progress func(stage string, done, total int)
}

// The classes of a candidate, by the rules' limits.
const (
	KitEasy   = "easy"   // the reference solves it within EasyLimit
	KitMedium = "medium" // the reference does not; the solver does within HardLimit
	KitHard   = "hard"   // neither
)

// KitInstance is a candidate measured: its row, its class, and the two
// solvers' statuses ("" where one did not run) and wall seconds.
type KitInstance struct {
	Row                             suite.Row
	Class                           string
	ReferenceStatus, SolverStatus   Status
	ReferenceSeconds, SolverSeconds float64
}

// Kit is a family chosen: its instances, medium first, and what the
// choosing took.
type Kit struct {
	Instances  []KitInstance
	Candidates int
	// Easy, Medium and Hard count the candidates of each class.
	Easy, Medium, Hard int
	Elapsed            time.Duration
	// Machine is where the candidates were measured, and Measured how
	// (the records' Measured).
	Machine  Machine
	Measured string
}

// SelectKit measures the DIMACS files of the candidate suite in dir: the
// reference on every one within EasyLimit, then the solver within
// HardLimit on those the reference did not solve; and chooses o.Count of
// them, every medium one first (up to Count), then those too hard whose
// answer is known, then the easy ones the reference took longest on. A
// wrong answer of either solver is an error, as is a family with fewer
// than o.Medium medium instances (an *nqueens.OptionError saying how
// many of each class there were: draw more candidates, or larger ones).
func SelectKit(ctx context.Context, dir string, o KitOptions) (Kit, error) {
	started := time.Now()
	k := Kit{Machine: ThisMachine()}
	if o.Count < 1 || o.Medium < 0 || o.Medium > o.Count || o.Reference == nil || o.Solver == nil || o.EasyLimit <= 0 || o.HardLimit <= 0 {
		return k, optionErrorf("lab: a family of %d instances, %d medium, within %v and %v: not one to choose", o.Count, o.Medium, o.EasyLimit, o.HardLimit)
	}
	man, _, err := suite.ReadManifest(dir)
	if err != nil {
		return k, err
	}
	byFile := map[string]*KitInstance{}
	var order []string
	for _, r := range man.Files {
		if r.Format == encode.DIMACS {
			byFile[r.File] = &KitInstance{Row: r}
			order = append(order, r.File)
		}
	}
	k.Candidates = len(order)
	run := func(stage string, runner Runner, limit time.Duration, only map[string]bool, results string) ([]Record, error) {
		ro := Options{Runners: []Runner{runner}, Timeout: limit, Jobs: o.Jobs, Measure: o.Measure, Limit: o.Limit, Only: only, Results: filepath.Join(dir, results)}
		if o.Progress != nil {
			ro.Progress = func(done, total int) { o.Progress(stage, done, total) }
		}
		recs, err := Run(ctx, dir, ro)
		for _, r := range recs {
			switch r.Status {
			case Wrong:
				return nil, fmt.Errorf("lab: %s answered %s wrongly: %s", r.Solver, r.File, r.Detail)
			case Crash:
				return nil, fmt.Errorf("lab: %s crashed on %s (%s): a family is chosen by solvers that answer or run out of time", r.Solver, r.File, r.Detail)
			}
		}
		return recs, err
	}
	all := map[string]bool{}
	for _, f := range order {
		all[f] = true
	}
	recs, err := run("the reference: too easy?", o.Reference, o.EasyLimit, all, ".kit-reference.jsonl")
	if err != nil {
		return k, err
	}
	rest := map[string]bool{}
	for _, r := range recs {
		in := byFile[r.File]
		in.ReferenceStatus, in.ReferenceSeconds = r.Status, r.Wall
		k.Measured = r.Measured
		if !r.Solved() {
			rest[r.File] = true
		}
	}
	if len(rest) > 0 {
		if recs, err = run("the solver: too hard?", o.Solver, o.HardLimit, rest, ".kit-solver.jsonl"); err != nil {
			return k, err
		}
		for _, r := range recs {
			in := byFile[r.File]
			in.SolverStatus, in.SolverSeconds = r.Status, r.Wall
		}
	}
	var easy, medium, hard []KitInstance
	for _, f := range order {
		in := *byFile[f]
		switch {
		case in.ReferenceStatus.Solved():
			in.Class = KitEasy
			easy = append(easy, in)
		case in.SolverStatus.Solved():
			in.Class = KitMedium
			medium = append(medium, in)
		default:
			in.Class = KitHard
			hard = append(hard, in)
		}
	}
	k.Easy, k.Medium, k.Hard = len(easy), len(medium), len(hard)
	if len(medium) < o.Medium {
		return k, optionErrorf("lab: %d medium instances among %d candidates (%d too easy for %s within %v, %d too hard for %s within %v), %d wanted: draw more candidates, or larger ones",
			len(medium), k.Candidates, len(easy), o.Reference.Name(), o.EasyLimit, len(hard), o.Solver.Name(), o.HardLimit, o.Medium)
	}
	sort.SliceStable(easy, func(i, j int) bool { return easy[i].ReferenceSeconds > easy[j].ReferenceSeconds })
	known := hard[:0:0]
	for _, in := range hard {
		if in.Row.Expected != suite.Undecided {
			known = append(known, in)
		}
	}
	for _, group := range [][]KitInstance{medium, known, easy} {
		for _, in := range group {
			if len(k.Instances) < o.Count {
				k.Instances = append(k.Instances, in)
			}
		}
	}
	k.Elapsed = time.Since(started)
	if len(k.Instances) < o.Count {
		return k, optionErrorf("lab: %d instances with a known answer among %d candidates, %d wanted: draw more candidates", len(k.Instances), k.Candidates, o.Count)
	}
	return k, nil
}

// KitFiles are what WriteKit writes besides the instances.
var KitFiles = []string{"manifest.json", "manifest.csv", "expected.csv", "description.tex"}

// KitDescription is what a family's description says of it: its title,
// a paragraph that defines it, the sources to cite (BibTeX-less
// references, as \bibitem text), and its submitter.
type KitDescription struct {
	Title, Definition, Author string
	Sources                   []string
	// Command draws the candidates again (the gen command).
	Command string
}

// WriteKit writes the family k chose from the candidate suite in dir into
// out, a folder that holds nothing yet: the instances' files, each
// checked to be its manifest row's bytes and sanitary as the competitions
// ask (cnf.Sanitary); the manifests of those rows (a suite that gen
// --verify checks); expected.csv (each file's answer, class and the two
// solvers' times); and description.tex, the family's description in the
// IEEE Proceedings style (IEEEtran). It returns the files written.
func WriteKit(ctx context.Context, dir, out string, k Kit, o KitOptions, d KitDescription) ([]string, error) {
	if entries, err := os.ReadDir(out); err == nil && len(entries) > 0 {
		return nil, optionErrorf("lab: %s is not empty: a family is written into a folder of its own", out)
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return nil, optionErrorf("lab: cannot make %s: %v", out, unwrapPath(err))
	}
	var written []string
	var kept []suite.Row
	copied := map[string]bool{}
	for _, in := range k.Instances {
		data, err := suite.ReadInstance(dir, in.Row)
		if err != nil {
			return written, err
		}
		if err := cnf.Sanitary(bytes.NewReader(data)); err != nil {
			return written, fmt.Errorf("lab: %s is not as the competitions ask: %v", in.Row.File, err)
		}
		path := filepath.Join(out, in.Row.File)
		if err := atomicfile.Write(ctx, path, func(w io.Writer) error { _, err := w.Write(data); return err }); err != nil {
			return written, err
		}
		written = append(written, path)
		kept = append(kept, in.Row)
		// The files its row names beside it: the refutation that proves
		// it UNSAT, its task definition.
		for _, name := range []string{in.Row.Refutation, in.Row.TaskDefinition} {
			if name == "" || copied[name] {
				continue
			}
			copied[name] = true
			data, err := os.ReadFile(filepath.Join(dir, name))
			if err != nil {
				return written, fmt.Errorf("lab: %s: %v", in.Row.File, unwrapPath(err))
			}
			path := filepath.Join(out, name)
			if err := atomicfile.Write(ctx, path, func(w io.Writer) error { _, err := w.Write(data); return err }); err != nil {
				return written, err
			}
			written = append(written, path)
		}
	}
	man, _, err := suite.ReadManifest(dir)
	if err != nil {
		return written, err
	}
	if err := suite.WriteManifest(out, man.Command, kept); err != nil {
		return written, err
	}
	written = append(written, filepath.Join(out, "manifest.json"), filepath.Join(out, "manifest.csv"))
	var csv bytes.Buffer
	cw := NewCSVWriter(&csv)
	cw.Write([]string{"file", "expected", "class", o.Reference.Name() + "_s", o.Solver.Name() + "_s", "sha256", "gbd_hash"})
	for _, in := range k.Instances {
		cw.Write([]string{in.Row.File, string(in.Row.Expected), in.Class, secondsCell(in.ReferenceStatus, in.ReferenceSeconds, o.EasyLimit), secondsCell(in.SolverStatus, in.SolverSeconds, o.HardLimit), in.Row.SHA256, in.Row.GBDHash})
	}
	if err := cw.Flush(); err != nil {
		return written, err
	}
	for name, body := range map[string][]byte{"expected.csv": csv.Bytes(), "description.tex": []byte(kitDescription(k, o, d))} {
		path := filepath.Join(out, name)
		if err := atomicfile.Write(ctx, path, func(w io.Writer) error { _, err := w.Write(body); return err }); err != nil {
			return written, err
		}
		written = append(written, path)
	}
	return written, nil
}

// secondsCell is a solver's time on an instance for expected.csv: its
// seconds where it answered, ">LIMIT" (seconds) where it ran out of time,
// its status where it stopped otherwise (MEMOUT, UNKNOWN), "-" where it did
// not run.
func secondsCell(st Status, s float64, limit time.Duration) string {
	switch {
	case st == "":
		return "-"
	case st == Timeout:
		return ">" + strconv.FormatFloat(limit.Seconds(), 'f', -1, 64)
	case !st.Solved():
		return string(st)
	}
	return strconv.FormatFloat(s, 'f', 2, 64)
}

// kitDescription is the family's description as a LaTeX document in the
// IEEE Proceedings style: the family, its encoding, how it was drawn and
// chosen, its measured hardness, and its sources.
func kitDescription(k Kit, o KitOptions, d KitDescription) string {
	var b strings.Builder
	sat, unsat, undecided := 0, 0, 0
	for _, in := range k.Instances {
		switch in.Row.Expected {
		case suite.Satisfiable:
			sat++
		case suite.Unsatisfiable:
			unsat++
		default:
			undecided++
		}
	}
	answers := fmt.Sprintf("%d satisfiable and %d unsatisfiable, each answer known: decided by two independent complete methods when the instance was drawn", sat, unsat)
	if undecided > 0 {
		answers = fmt.Sprintf("%d satisfiable and %d unsatisfiable, decided by two independent complete methods when the instance was drawn, and %d that the generator did not decide within its budget (UNKNOWN in \\texttt{expected.csv})", sat, unsat, undecided)
	}
	medium := 0
	for _, in := range k.Instances {
		if in.Class == KitMedium {
			medium++
		}
	}
	first := k.Instances[0].Row
	refutations := ""
	for _, in := range k.Instances {
		if in.Row.Refutation != "" {
			refutations = " An unsatisfiable instance whose linear relaxation has no solution comes with a \\texttt{.farkas} file beside it: Farkas multipliers that prove it, which \\texttt{nqueens verify} checks in exact arithmetic."
			break
		}
	}
	fmt.Fprintf(&b, `%% written by nqueens %s: pdflatex description.tex (needs IEEEtran)
\documentclass[conference]{IEEEtran}
\usepackage[T1]{fontenc}
\usepackage{booktabs}
\usepackage{url}
\begin{document}
\title{%s}
\author{\IEEEauthorblockN{%s}\IEEEauthorblockA{written with nqueens %s}}
\maketitle
\begin{abstract}
%d instances of %s in DIMACS CNF, %s. %d of them are medium by the competition's rules: MiniSat (here %s) does not solve them within %s, %s does within %s.
\end{abstract}
\section{The family}
%s
\section{The encoding}
The queen at row $r$, column $c$ (1-based) of an $n\times n$ board is variable $(r-1)n+c$. Each row and each column that is to hold a queen holds exactly one: a clause of its squares and an at-most-one constraint on them; each diagonal holds at most one (encoding %s). A pre-placed queen is a unit clause, a square that may not take one a negated unit. Every variable occurs, no clause holds a literal twice or a tautology, as the rules ask; each file's header gives the command that writes it again, byte for byte, and its expected answer.
\section{Generation and choice}
The candidates were drawn with \begin{quote}\small\texttt{%s}\end{quote}
Each candidate was run once, alone, on %s (%s), under the rules of the SAT Competition~\cite{s%d}: %d candidates, %d solved by %s within %s (too easy), %d not solved by %s within %s (too hard), %d medium. The family is every medium candidate, then candidates too hard whose answer is known, then the easy ones %s took longest on; choosing took %s. The file \texttt{expected.csv} gives each instance's answer, class and both solvers' wall times; \texttt{manifest.json} its SHA-256 and GBD hash.%s
\section{Hardness}
Table~\ref{hardness} gives the class of each instance and the wall seconds the two solvers took on it.
\begin{table}[htbp]
\caption{Wall seconds on each instance (\textgreater{} the limit where a solver ran out of time; - not run)}\label{hardness}
\centering\scriptsize
\begin{tabular}{@{}lllrr@{}}
\toprule
instance & answer & class & %s & %s \\
\midrule
`, tex(nqueens.Version), tex(d.Title), tex(d.Author), tex(nqueens.Version),
		len(k.Instances), tex(d.Title), answers, medium, tex(o.Reference.Name()), o.EasyLimit, tex(o.Solver.Name()), o.HardLimit,
		d.Definition, tex(first.Encoding), tex(d.Command),
		tex(machineText(k.Machine)), tex(k.Measured), len(d.Sources), k.Candidates, k.Easy, tex(o.Reference.Name()), o.EasyLimit, k.Hard, tex(o.Solver.Name()), o.HardLimit, k.Medium, tex(o.Reference.Name()), k.Elapsed.Round(time.Second), refutations,
		tex(o.Reference.Name()), tex(o.Solver.Name()))
	for _, in := range k.Instances {
		id := strings.TrimSuffix(in.Row.File, ".cnf")
		fmt.Fprintf(&b, "%s & %s & %s & %s & %s \\\\\n", tex(id), in.Row.Expected, in.Class,
			tex(secondsCell(in.ReferenceStatus, in.ReferenceSeconds, o.EasyLimit)), tex(secondsCell(in.SolverStatus, in.SolverSeconds, o.HardLimit)))
	}
	b.WriteString("\\bottomrule\n\\end{tabular}\n\\end{table}\n\\begin{thebibliography}{9}\n")
	for i, s := range append(append([]string(nil), d.Sources...), "SAT Competition 2026, ``Benchmark Submission,'' \\url{https://satcompetition.github.io/2026/benchmarks.html}.") {
		fmt.Fprintf(&b, "\\bibitem{s%d} %s\n", i, s)
	}
	b.WriteString("\\end{thebibliography}\n\\end{document}\n")
	return b.String()
}

// machineText names a machine for a description: its processor, cores and
// memory.
func machineText(m Machine) string {
	cpu := m.CPU
	if cpu == "" {
		cpu = "a processor of unknown name"
	}
	return fmt.Sprintf("%s, %d cores, %.0f GiB", cpu, m.Cores, float64(m.MemoryBytes)/(1<<30))
}
