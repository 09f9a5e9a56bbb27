package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/queenslab/nqueens/encode"
	"github.com/queenslab/nqueens/lab"
	"github.com/queenslab/nqueens/suite"
)

// kitFlags are gen's flags of a benchmark family for the SAT competitions.
type kitFlags struct {
	dir, reference, solver, author string
	medium, candidates             int
	easy, hard                     time.Duration
}

func (k *kitFlags) add(c *cobra.Command) {
	c.Flags().StringVar(&k.dir, "competition", "", "write a benchmark family for the SAT competitions into this folder: --count instances (20) of which at least --medium (10) are medium by the rules (not solved by --reference within --easy-limit, solved by --solver within --hard-limit), chosen among --candidates drawn; sanitary DIMACS files, their manifest, expected.csv and description.tex (compiled to PDF where pdflatex and IEEEtran are installed)")
	c.Flags().IntVar(&k.medium, "medium", 10, "--competition: medium instances at least")
	c.Flags().IntVar(&k.candidates, "candidates", 0, "--competition: candidates to draw (default 3 x --count)")
	c.Flags().StringVar(&k.reference, "reference", "minisat", "--competition: the solver an instance is too easy for if it solves it within --easy-limit (the rules: MiniSat)")
	c.Flags().StringVar(&k.solver, "kit-solver", "cadical", "--competition: the submitter's solver, which must solve a medium instance within --hard-limit")
	c.Flags().DurationVar(&k.easy, "easy-limit", time.Minute, "--competition: the reference's limit (the rules: a minute)")
	c.Flags().DurationVar(&k.hard, "hard-limit", time.Hour, "--competition: the submitter's solver's limit (the rules: an hour)")
	c.Flags().StringVar(&k.author, "author", "the submitters", "--competition: the description's author")
}

// run draws the candidates (o), measures and chooses the family, writes it
// and compiles its description. All of it happens in a hidden folder beside
// DIR (.DIR.partial-*), removed however the run ends; the family is renamed
// to DIR when it is whole, so that a DIR is never half a family.
func (k *kitFlags) run(cmd *cobra.Command, e *env, o suite.Options) error {
	started := time.Now()
	count := o.Count // 20 unless --count
	if k.candidates == 0 {
		k.candidates = 3 * count
	}
	switch {
	case k.medium < 0 || k.medium > count:
		return usagef("--medium must be 0 to --count (%d), not %d", count, k.medium)
	case k.candidates < count:
		return usagef("--candidates must be at least --count (%d), not %d", count, k.candidates)
	case k.easy <= 0 || k.hard <= 0:
		return usagef("--easy-limit and --hard-limit must be positive")
	}
	if entries, err := os.ReadDir(k.dir); err == nil && len(entries) > 0 {
		return usagef("--competition %s is not empty: a family is written into a folder of its own", k.dir)
	}
	self, err := os.Executable()
	if err != nil {
		return err
	}
	pick := func(name string) (lab.Runner, error) {
		rs, err := runners(cmd.Context(), []string{name}, self)
		if err != nil {
			return nil, err
		}
		for _, r := range rs {
			if r.Reads() == encode.DIMACS {
				return r, nil
			}
		}
		return nil, usagef("%s reads no DIMACS files", name)
	}
	ref, err := pick(k.reference)
	if err != nil {
		return err
	}
	sol, err := pick(k.solver)
	if err != nil {
		return err
	}
	parent, base := filepath.Split(filepath.Clean(k.dir))
	if parent == "" {
		parent = "."
	}
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return fmt.Errorf("gen --competition: %v", err)
	}
	work, err := os.MkdirTemp(parent, "."+base+".partial-")
	if err != nil {
		return fmt.Errorf("gen --competition: %v", err)
	}
	defer os.RemoveAll(work)
	candidates, family := filepath.Join(work, "candidates"), filepath.Join(work, "family")
	o.Count, o.Formats = k.candidates, []encode.Format{encode.DIMACS}
	bar := e.progress("drawing candidates", 0)
	o.Progress = func(done, total int) { bar.set(int64(done), int64(total)) }
	_, err = suite.Generate(cmd.Context(), candidates, o)
	bar.done()
	if err != nil {
		return err
	}
	stage := ""
	bar = e.progress("measuring", 0)
	ko := lab.KitOptions{Count: count, Medium: k.medium, Reference: ref, Solver: sol, EasyLimit: k.easy, HardLimit: k.hard, Jobs: 1, Measure: lab.MeasureAuto, Limit: limiter(self),
		Progress: func(s string, done, total int) {
			if s != stage {
				stage = s
				bar.done()
				bar = e.progress("measuring "+s, 0)
			}
			bar.set(int64(done), int64(total))
		}}
	chosen, err := lab.SelectKit(cmd.Context(), candidates, ko)
	bar.done()
	if err != nil {
		return err
	}
	d := kitText(o, k.author)
	d.Command = o.Command
	if _, err := lab.WriteKit(cmd.Context(), candidates, family, chosen, ko, d); err != nil {
		return err
	}
	pdf := compileDescription(family)
	os.Remove(k.dir) // an empty folder, if any
	if err := os.Rename(family, k.dir); err != nil {
		return fmt.Errorf("gen --competition: %v", err)
	}
	medium := 0
	for _, in := range chosen.Instances {
		if in.Class == lab.KitMedium {
			medium++
		}
	}
	fmt.Fprintf(e.stdout, "%s: %d instances, %d medium (among %d candidates: %d too easy for %s within %v, %d too hard for %s within %v), chosen in %s; expected.csv, manifest.json, description.tex%s\n",
		k.dir, len(chosen.Instances), medium, chosen.Candidates, chosen.Easy, ref.Name(), k.easy, chosen.Hard, sol.Name(), k.hard, time.Since(started).Round(time.Second), pdf)
	return nil
}

// compileDescription compiles DIR/description.tex with pdflatex where it
// and IEEEtran are installed, and says what it wrote: ", description.pdf
// (N pages)", or why not.
func compileDescription(dir string) string {
	pdflatex, err := exec.LookPath("pdflatex")
	if err != nil {
		return " (no pdflatex here: compile description.tex with it, and IEEEtran)"
	}
	if out, err := exec.Command("kpsewhich", "IEEEtran.cls").Output(); err != nil || len(strings.TrimSpace(string(out))) == 0 {
		return " (no IEEEtran here, Debian's texlive-publishers: compile description.tex where it is)"
	}
	// Twice: the second run sets the references the first one collected.
	var out []byte
	for i := 0; i < 2 && err == nil; i++ {
		c := exec.Command(pdflatex, "-interaction=nonstopmode", "-halt-on-error", "description.tex")
		c.Dir = dir
		out, err = c.CombinedOutput()
	}
	for _, ext := range []string{".aux", ".log"} {
		os.Remove(filepath.Join(dir, "description"+ext))
	}
	if err != nil {
		return fmt.Sprintf(" (pdflatex failed: %s)", lastLine(string(out)))
	}
	if m := regexp.MustCompile(`Output written on description\.pdf \((\d+) pages?`).FindStringSubmatch(string(out)); m != nil {
		if m[1] == "1" {
			return ", description.pdf (1 page)"
		}
		return ", description.pdf (" + m[1] + " pages)"
	}
	return ", description.pdf"
}

func lastLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		return s[i+1:]
	}
	return s
}

// kitText is the description's words for the family of o.
func kitText(o suite.Options, author string) lab.KitDescription {
	gent := "I.~P. Gent, C.~Jefferson and P.~Nightingale, ``Complexity of $n$-Queens Completion,'' \\emph{Journal of Artificial Intelligence Research}, vol.~59, pp.~815--848, 2017."
	bell := "J.~Bell and B.~Stevens, ``A survey of known results and research areas for $n$-queens,'' \\emph{Discrete Mathematics}, vol.~309, no.~1, pp.~1--31, 2009."
	d := lab.KitDescription{Author: author, Sources: []string{bell}}
	switch o.Family {
	case "completion":
		d.Title = fmt.Sprintf("n-Queens Completion, n = %d", o.N)
		d.Definition = fmt.Sprintf("Place $n = %d$ queens on an $n\\times n$ board, none attacking another~\\cite{s0}, where $m = %d$ of them are placed already, at random and none attacking another: $n$-queens completion, which Gent, Jefferson and Nightingale proved NP-complete, its random instances showing an easy-hard-easy pattern as $m$ grows~\\cite{s1}.", o.N, o.M)
		d.Sources = append(d.Sources, gent)
	case "blocked":
		d.Title = fmt.Sprintf("Blocked n-Queens, n = %d", o.N)
		d.Definition = fmt.Sprintf("Place $n = %d$ non-attacking queens on an $n\\times n$ board of which $m = %d$ squares, drawn at random, may take none~\\cite{s0}.", o.N, o.M)
	case "diagonals":
		d.Title = fmt.Sprintf("n-Queens with Excluded Diagonals, n = %d", o.N)
		d.Definition = fmt.Sprintf("Place queens on an $n\\times n$ board ($n = %d$), one in each row and column that takes one, none attacking another~\\cite{s0} and none on %d excluded diagonals, drawn by the generator of Gent, Jefferson and Nightingale, who reduced $n$-queens completion to this problem and published its hardest instances~\\cite{s1}.", o.N, o.M)
		d.Sources = append(d.Sources, gent)
	default:
		d.Title = fmt.Sprintf("n-Queens (%s)", o.Family)
		d.Definition = "Place $n$ non-attacking queens on an $n\\times n$ board~\\cite{s0}."
	}
	return d
}
