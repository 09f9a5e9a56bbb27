package main

import (
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/queenslab/nqueens/internal/atomicfile"
	"github.com/queenslab/nqueens/lab"
)

func newReport(e *env) *cobra.Command {
	var (
		out, runsCSV, suiteDir  string
		latexDir                string
		scatters                []string
		markdown, asCSV, asJSON bool
	)
	c := &cobra.Command{
		Use:   "report RESULTS... [-o report.html] [--runs runs.csv]",
		Short: "Score a results file of nqueens run: VBS, PAR-2 per family, an HTML page, a CSV of the runs",
		Long: `Score the runs of a results file of nqueens run as SAT competition reports
do: a row per solver and encoding (runs, each status, PAR-2: the mean wall
time, a run not solved counting twice its timeout; CPU time; the instances
it alone solved), the virtual best solver (VBS: per instance, the fastest
right answer in any format), and PAR-2 per family, as text, --markdown,
--csv or --json.

-o FILE.html writes one self-contained page (no network needed to view it):
the setup (the toolkit's build, the suite, the dates of the runs, their
limits, the CPU's model and clock, cores, memory, system), the solvers'
versions, the summary (click a column to sort), PAR-2 per family, the
instances with a column per solver (the fastest right answer in bold), the
WRONG runs with their command lines, every CRASH, MEMOUT and UNKNOWN run
with its reason, a cactus plot (with the VBS) and scatter plots (--scatter
A,B, repeated; by default the two solvers of least PAR-2) as inline SVG,
their legends beside the data, every run, and the suite's manifest, each run
linked to its instance's row. The manifest is read from --suite DIR, or
else from the results file's folder, and must be the one the results were
made on (its SHA-256).

--latex DIR writes what a paper pastes, as mkplot and BenchExec's
table-generator are used: setup.tex, summary.tex, families.tex and
instances.tex (LaTeX tables with booktabs; the instances in long tables
per family, at most five solvers side by side), the charts as PDF
(cactus.pdf, scatter-A-B.pdf), and report.tex, a document that inputs
them all: pdflatex report.tex.

--runs FILE.csv writes one row per run under the column names of ASlib
(instance_id, algorithm, repetition, runtime, runstatus) and of the Global
Benchmark Database (hash: the DIMACS file's GBD hash), then this lab's own
(status, cpu_s, the limits, family, n, m, file, SHA-256, solver version).
The results load into pandas in one line: pandas.read_json(FILE, lines=True)
(the first line is the header; its runs are the rows with a "solver").`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return usagef("report: expected a results file, several, or a folder of them")
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			if chosen(markdown, asCSV, asJSON) > 1 {
				return usagef("--markdown, --csv and --json: choose one")
			}
			for _, f := range []struct{ path, ext string }{{out, ".html"}, {runsCSV, ".csv"}} {
				if f.path == "" {
					continue
				}
				if filepath.Ext(f.path) != f.ext {
					return usagef("report: %s: the file must end in %s", f.path, f.ext)
				}
				if err := checkWritable(f.path); err != nil {
					return err
				}
			}
			files := []fileArg{{"-o", out, true}, {"--runs", runsCSV, true}}
			for _, a := range args {
				files = append(files, fileArg{"RESULTS", a, false})
			}
			if err := distinctFiles(files...); err != nil {
				return err
			}
			var pairs [][2]string
			for _, sc := range scatters {
				a, b, ok := strings.Cut(sc, ",")
				if !ok || a == "" || b == "" || strings.Contains(b, ",") {
					return usagef("--scatter %q: want two solvers, A,B (a solver, or solver/encoding)", sc)
				}
				pairs = append(pairs, [2]string{a, b})
			}
			study, err := lab.ReadStudy(args)
			if err != nil {
				return err
			}
			header, recs := study.Header(), study.Records
			if len(recs) == 0 {
				return usagef("report: %s holds no runs", study.Name())
			}
			rows, found, err := lab.ReportManifest(suiteDir, study.Files[0], header)
			if err != nil {
				return err
			}
			r := lab.Report{Title: "nqueens run: " + lab.SuiteName(found, header, study.Name()), Results: study.Name(), Shards: study.ShardNote(), Header: header, Records: recs}
			if len(study.Files) > 1 {
				r.Parts = study.Files
			}
			var charts []lab.ReportChart
			if out != "" || latexDir != "" {
				if charts, err = lab.ReportCharts(recs, pairs); err != nil {
					return err
				}
			} else if len(pairs) > 0 {
				return usagef("--scatter draws into the page (-o) or the LaTeX folder (--latex)")
			}
			if runsCSV != "" {
				if err := atomicfile.Write(cmd.Context(), runsCSV, func(w io.Writer) error { return lab.WriteRunsCSV(w, recs) }); err != nil {
					return err
				}
			}
			if out != "" {
				figs, err := lab.DrawFigures(charts)
				if err != nil {
					return err
				}
				page := r
				page.Manifest, page.Figures = rows, figs
				if err := atomicfile.Write(cmd.Context(), out, func(w io.Writer) error { return lab.WriteReport(w, page) }); err != nil {
					return err
				}
			}
			if latexDir != "" {
				if _, err := lab.WriteLaTeX(cmd.Context(), latexDir, r, charts); err != nil {
					return err
				}
			}
			if out != "" || runsCSV != "" || latexDir != "" {
				return nil
			}
			if err := writeSummary(e, lab.Summarize(recs), markdown, asCSV, asJSON); err != nil {
				return err
			}
			return writeFamilies(e, lab.SummarizeFamilies(recs), markdown, asCSV, asJSON)
		},
	}
	c.Flags().StringVarP(&out, "output", "o", "", "the HTML report page to write (.html)")
	c.Flags().StringVar(&runsCSV, "runs", "", "CSV of every run to write (.csv), in ASlib's and GBD's column names")
	c.Flags().StringVar(&latexDir, "latex", "", "folder to write the tables as LaTeX (booktabs) and the charts as PDF into, with report.tex that inputs them")
	c.Flags().StringArrayVar(&scatters, "scatter", nil, "a scatter plot of two solvers, A,B (a solver, or solver/encoding: gini/pairwise), in the page and the LaTeX folder; repeated for more (default: the two of least PAR-2)")
	c.Flags().StringVar(&suiteDir, "suite", "", "the suite folder, for its manifest (default: the results file's folder)")
	c.Flags().BoolVar(&markdown, "markdown", false, "tables in Markdown")
	c.Flags().BoolVar(&asCSV, "csv", false, "tables as CSV")
	c.Flags().BoolVar(&asJSON, "json", false, "tables as JSON")
	return c
}

// writeFamilies prints PAR-2 per family after the summary.
func writeFamilies(e *env, rows []lab.FamilyScore, markdown, asCSV, asJSON bool) error {
	if asJSON {
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(rows)
	}
	table := [][]string{{"family", "solver", "encoding", "runs", "solved", "PAR-2 s"}}
	for _, f := range rows {
		table = append(table, []string{f.Family, f.Solver, f.Encoding, strconv.Itoa(f.Runs), strconv.Itoa(f.Solved), strconv.FormatFloat(f.PAR2, 'f', 3, 64)})
	}
	fmt.Fprintln(e.stdout)
	if asCSV {
		return lab.NewCSVWriter(e.stdout).WriteAll(table)
	}
	writeTable(e.stdout, table, 2, markdown)
	return nil
}
