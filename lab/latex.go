package lab

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/queenslab/nqueens/draw"
	"github.com/queenslab/nqueens/internal/atomicfile"
)

// LaTeXFiles are the files that WriteLaTeX writes besides the charts, in
// the order report.tex inputs them.
var LaTeXFiles = []string{"setup.tex", "summary.tex", "families.tex", "instances.tex", "report.tex"}

// latexColumns is the most series an instances table puts side by side:
// more are split into further tables.
const latexColumns = 5

// WriteLaTeX writes the report as a paper's appendix takes it into the
// folder dir (made if needed): the setup, the summary, PAR-2 per family
// and the instances (a table per family and at most five solvers, the
// fastest right answer in bold) as LaTeX tables with booktabs
// (setup.tex, summary.tex, families.tex, instances.tex: \input them), the
// charts as PDF (cactus.pdf, scatter-A-B.pdf: \includegraphics them), and
// report.tex, a whole document that inputs them all (pdflatex report.tex,
// with booktabs, longtable and graphicx). Every name and detail is
// escaped for LaTeX. It returns the files written, each written whole or
// not at all.
func WriteLaTeX(ctx context.Context, dir string, r Report, charts []ReportChart) ([]string, error) {
	if st, err := os.Stat(dir); err == nil && !st.IsDir() {
		return nil, optionErrorf("lab: %s is not a folder", dir)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, optionErrorf("lab: cannot make %s: %v", dir, unwrapPath(err))
	}
	var written []string
	put := func(name string, write func(io.Writer) error) error {
		path := filepath.Join(dir, name)
		if err := atomicfile.Write(ctx, path, write); err != nil {
			return err
		}
		written = append(written, path)
		return nil
	}
	var figures []string
	for _, c := range charts {
		name := c.Name + ".pdf"
		if err := put(name, func(w io.Writer) error { return draw.WriteChart(w, c.Chart, "pdf") }); err != nil {
			return written, err
		}
		figures = append(figures, fmt.Sprintf("\\begin{figure}[htbp]\n\\centering\n\\includegraphics[width=\\textwidth]{%s}\n\\caption{%s}\n\\end{figure}\n", c.Name, tex(c.Caption)))
	}
	head := fmt.Sprintf("%% written by nqueens report from %s; \\input it (needs booktabs)\n", texComment(r.Results))
	bodies := map[string]func() string{
		"setup.tex":     func() string { return head + latexSetup(r) },
		"summary.tex":   func() string { return head + latexSummary(r.Records) },
		"families.tex":  func() string { return head + latexFamilies(r.Records) },
		"instances.tex": func() string { return head + "% needs longtable too\n" + latexInstances(r.Records) },
		"report.tex":    func() string { return latexDocument(r, figures) },
	}
	for _, name := range LaTeXFiles {
		text := bodies[name]()
		if err := put(name, func(w io.Writer) error { _, err := io.WriteString(w, text); return err }); err != nil {
			return written, err
		}
	}
	return written, nil
}

// latexSetup is the setup as a two-column table: the toolkit, the suite,
// the runs and their dates, the limits, the machine.
func latexSetup(r Report) string {
	s := SetupOf(r.Records)
	var b strings.Builder
	b.WriteString("\\begin{tabular}{@{}lp{0.72\\textwidth}@{}}\n\\toprule\n")
	row := func(k, v string) { fmt.Fprintf(&b, "%s & %s \\\\\n", tex(k), v) }
	build := r.Header.Build
	if build == "" {
		build = r.Header.Version
	}
	row("toolkit", tex("nqueens "+build))
	row("suite", "\\texttt{"+tex(r.Header.Command)+"}")
	runs := fmt.Sprintf("%d", len(r.Records))
	if !s.First.IsZero() {
		runs += fmt.Sprintf(", started %s to %s UTC", s.First.UTC().Format("2006-01-02 15:04"), s.Last.UTC().Format("2006-01-02 15:04"))
	}
	if s.Undated > 0 {
		runs += fmt.Sprintf(" (%d without a date)", s.Undated)
	}
	row("runs", tex(runs))
	var limits []string
	for _, l := range s.Limits {
		limits = append(limits, limitsText(l))
	}
	row("limits of a run", tex(strings.Join(limits, "; ")))
	row("measured by", tex(strings.Join(s.Measured, "; ")))
	if s.Reps > 1 {
		row("repetitions", tex(fmt.Sprintf("%d runs of each file by each configuration: their median, with the least and most PAR-2 of a repetition", s.Reps)))
	}
	if m := r.Header.Machine; m != nil {
		cpu := m.CPU
		if cpu == "" {
			cpu = "not read"
		}
		if m.ClockMHz > 0 {
			cpu += fmt.Sprintf(", %.0f MHz", m.ClockMHz)
		}
		row("CPU", tex(fmt.Sprintf("%s, %d cores", cpu, m.Cores)))
		row("memory", tex(fmt.Sprintf("%.1f GiB", float64(m.MemoryBytes)/(1<<30))))
		row("system", tex(m.Kernel+", "+m.Go))
	}
	b.WriteString("\\bottomrule\n\\end{tabular}\n")
	return b.String()
}

// latexSummary is the summary table, the least PAR-2 of the solvers in
// bold, the VBS after a rule.
func latexSummary(recs []Record) string {
	sum := Summarize(recs)
	best := -1.0
	for _, s := range sum {
		if !s.IsVBS() && (best < 0 || s.PAR2 < best) {
			best = s.PAR2
		}
	}
	var b strings.Builder
	b.WriteString("\\begin{tabular}{@{}llrrrrrrrrrrr@{}}\n\\toprule\n")
	b.WriteString("solver & encoding & runs & SAT & UNSAT & TO & MO & CR & UN & WR & PAR-2 (s) & CPU (s) & unique \\\\\n\\midrule\n")
	for _, s := range sum {
		name, par2 := tex(solverName(s.Solver)), fmt.Sprintf("%.3f", s.PAR2)
		if s.IsVBS() {
			b.WriteString("\\midrule\n")
			name = "\\emph{" + tex(s.Solver) + "}"
		} else if s.PAR2 == best {
			par2 = "\\textbf{" + par2 + "}"
		}
		if s.Reps > 1 {
			par2 += fmt.Sprintf(" {\\footnotesize (%.3f--%.3f)}", s.PAR2Min, s.PAR2Max)
		}
		fmt.Fprintf(&b, "%s & %s & %d & %d & %d & %d & %d & %d & %d & %d & %s & %.2f & %d \\\\\n",
			name, tex(s.Encoding), s.Runs, s.Sat, s.Unsat, s.Timeout, s.Memout, s.Crash, s.Unknown, s.Wrong, par2, s.CPU, s.Unique)
	}
	b.WriteString("\\bottomrule\n\\end{tabular}\n")
	return b.String()
}

// latexFamilies is PAR-2 per family, a rule between families, the least
// PAR-2 of each family's solvers in bold.
func latexFamilies(recs []Record) string {
	rows := SummarizeFamilies(recs)
	best := map[string]float64{}
	for _, f := range rows {
		if v, ok := best[f.Family]; !f.IsVBS() && (!ok || f.PAR2 < v) {
			best[f.Family] = f.PAR2
		}
	}
	var b strings.Builder
	b.WriteString("\\begin{tabular}{@{}lllrrr@{}}\n\\toprule\nfamily & solver & encoding & runs & solved & PAR-2 (s) \\\\\n")
	last := ""
	for _, f := range rows {
		if f.Family != last {
			b.WriteString("\\midrule\n")
			last = f.Family
		}
		name, par2 := tex(solverName(f.Solver)), fmt.Sprintf("%.3f", f.PAR2)
		if f.IsVBS() {
			name = "\\emph{" + tex(f.Solver) + "}"
		} else if f.PAR2 == best[f.Family] {
			par2 = "\\textbf{" + par2 + "}"
		}
		fmt.Fprintf(&b, "%s & %s & %s & %d & %d & %s \\\\\n", tex(f.Family), name, tex(f.Encoding), f.Runs, f.Solved, par2)
	}
	b.WriteString("\\bottomrule\n\\end{tabular}\n")
	return b.String()
}

// latexStatus abbreviates a status that is not a right answer for a cell.
var latexStatus = map[Status]string{Timeout: "TO", Memout: "MO", Crash: "CR", Unknown: "UN", Wrong: "WR"}

// latexInstances is the instances of each family as long tables of at
// most latexColumns solvers each: a row per instance, a cell per run (the
// wall seconds of a right answer, the fastest of the row in bold; else
// TO, MO, CR, UN or WR).
func latexInstances(recs []Record) string {
	series, rows := InstanceTable(recs)
	heads := map[string]string{}
	for _, r := range Prepare(recs) {
		// The solver's name above its encoding (and its limits, where the
		// runs have several sets).
		enc := ""
		if Series(r) != r.Solver {
			enc = encodingOf(r) + r.limitTag
		}
		heads[Series(r)] = seriesHead(strings.TrimSuffix(r.Solver, r.limitTag), enc)
	}
	var b strings.Builder
	b.WriteString("% TO: timeout, MO: memory out, CR: crash, UN: unknown, WR: wrong; -: not run\n")
	var families []string
	for _, r := range rows {
		if len(families) == 0 || families[len(families)-1] != r.Family {
			families = append(families, r.Family)
		}
	}
	for _, fam := range families {
		for lo := 0; lo < len(series); lo += latexColumns {
			hi := min(len(series), lo+latexColumns)
			fmt.Fprintf(&b, "\\begin{longtable}{@{}lr%s@{}}\n", strings.Repeat("r", hi-lo))
			fmt.Fprintf(&b, "\\caption{Family %s: wall seconds of each right answer, the fastest in bold (TO: timeout, MO: memory out, CR: crash, UN: unknown, WR: wrong).}\\\\\n", tex(fam))
			head := "\\toprule\ninstance & expected"
			for _, s := range series[lo:hi] {
				head += " & " + heads[s]
			}
			head += " \\\\\n\\midrule\n"
			b.WriteString(head + "\\endfirsthead\n" + head + "\\endhead\n\\bottomrule\n\\endlastfoot\n")
			for _, r := range rows {
				if r.Family != fam {
					continue
				}
				fmt.Fprintf(&b, "%s & %s", tex(r.ID), r.Expected)
				for _, c := range r.Cells[lo:hi] {
					switch {
					case !c.Ran:
						b.WriteString(" & -")
					case c.Status.Solved() && c.Best:
						fmt.Fprintf(&b, " & \\textbf{%.3f}", c.Wall)
					case c.Status.Solved():
						fmt.Fprintf(&b, " & %.3f", c.Wall)
					default:
						b.WriteString(" & " + latexStatus[c.Status])
					}
				}
				b.WriteString(" \\\\\n")
			}
			b.WriteString("\\end{longtable}\n")
		}
	}
	return b.String()
}

// solverName is a solver as a paper's table names it: a path by its last
// element (the HTML page and the CSV keep the whole path).
func solverName(s string) string {
	if i := strings.LastIndexByte(s, '/'); i >= 0 && i < len(s)-1 {
		return s[i+1:]
	}
	return s
}

// seriesHead is the head of an instances table's column: the solver's
// name above its encoding ("cadical" over "pairwise+sums"), so that five
// columns fit the page.
func seriesHead(solver, encoding string) string {
	if encoding == "" {
		return tex(solverName(solver))
	}
	return "\\shortstack[r]{" + tex(solverName(solver)) + "\\\\" + tex(encoding) + "}"
}

// latexDocument is report.tex: a document of its own that inputs every
// table and includes every chart.
func latexDocument(r Report, figures []string) string {
	var b bytes.Buffer
	fmt.Fprintf(&b, "%% written by nqueens report from %s: pdflatex report.tex\n", texComment(r.Results))
	b.WriteString(`\documentclass[10pt]{article}
\usepackage[margin=2cm,landscape]{geometry}
\usepackage{booktabs,longtable,graphicx}
\begin{document}
`)
	fmt.Fprintf(&b, "\\section*{%s}\n", tex(r.Title))
	b.WriteString(`\subsection*{Setup}
\input{setup}
\subsection*{Summary}
A row per solver and encoding: runs, SAT, UNSAT, timeouts (TO), memory outs (MO), crashes (CR), unknown (UN) and wrong (WR) answers; PAR-2 is the mean wall time, a run not solved counting twice its timeout (the least in bold); \emph{unique} counts the instances that row alone solved; VBS is the virtual best solver.

\medskip
\input{summary}
\subsection*{PAR-2 per family}
\input{families}
`)
	for _, f := range figures {
		b.WriteString(f)
	}
	b.WriteString("\\clearpage\n\\subsection*{Instances}\n\\input{instances}\n\\end{document}\n")
	return b.String()
}

// tex escapes text for LaTeX: its special characters as commands, control
// characters as spaces, and a hyphen after a hyphen apart from it (-{}-),
// so that an option's "--" is not set as a dash.
func tex(s string) string {
	var b strings.Builder
	prev := rune(0)
	for _, r := range s {
		if r == '-' && prev == '-' {
			b.WriteString("{}")
		}
		prev = r
		switch r {
		case '\\':
			b.WriteString(`\textbackslash{}`)
		case '&', '%', '$', '#', '_', '{', '}':
			b.WriteByte('\\')
			b.WriteRune(r)
		case '~':
			b.WriteString(`\textasciitilde{}`)
		case '^':
			b.WriteString(`\textasciicircum{}`)
		case '<':
			b.WriteString(`\textless{}`)
		case '>':
			b.WriteString(`\textgreater{}`)
		case '|':
			b.WriteString(`\textbar{}`)
		default:
			if r < ' ' || r == 0x7f {
				b.WriteByte(' ')
			} else {
				b.WriteRune(r)
			}
		}
	}
	return b.String()
}

// texComment is text for a LaTeX comment: on one line.
func texComment(s string) string {
	return strings.Map(func(r rune) rune {
		if r < ' ' || r == 0x7f {
			return ' '
		}
		return r
	}, s)
}
