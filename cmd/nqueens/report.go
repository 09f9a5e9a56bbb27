package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"

	"github.com/spf13/cobra"

	"github.com/queenslab/nqueens/draw"
	"github.com/queenslab/nqueens/internal/atomicfile"
	"github.com/queenslab/nqueens/lab"
	"github.com/queenslab/nqueens/suite"
)

func newReport(e *env) *cobra.Command {
	var (
		out, runsCSV, suiteDir  string
		markdown, asCSV, asJSON bool
	)
	c := &cobra.Command{
		Use:   "report RESULTS [-o report.html] [--runs runs.csv]",
		Short: "Score a results file of nqueens run: VBS, PAR-2 per family, an HTML page, a CSV of the runs",
		Long: `Score the runs of a results file of nqueens run as SAT competition reports
do: a row per solver and encoding (runs, each status, PAR-2: the mean wall
time, a run not solved counting twice its timeout; CPU time; the instances
it alone solved), the virtual best solver (VBS: per instance, the fastest
right answer in any format), and PAR-2 per family, as text, --markdown,
--csv or --json.

-o FILE.html writes one self-contained page (no network needed to view it):
the machine the runs were made on, the summary (click a column to sort), PAR-2
per family, the WRONG runs with their command lines, a cactus plot (with the
VBS) and a scatter plot of the two best solvers as inline SVG, every run, and
the suite's manifest, each run linked to its instance's row. The manifest is
read from --suite DIR, or else from the results file's folder, and must be
the one the results were made on (its SHA-256).

--runs FILE.csv writes one row per run under the column names of ASlib
(instance_id, algorithm, repetition, runtime, runstatus) and of the Global
Benchmark Database (hash: the DIMACS file's GBD hash), then this lab's own
(status, cpu_s, the limits, family, n, m, file, SHA-256, solver version).
The results load into pandas in one line: pandas.read_json(FILE, lines=True)
(the first line is the header; its runs are the rows with a "solver").`,
		Args: argsBetween(1, 1, "RESULTS"),
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
			header, recs, err := lab.ReadResultsFile(args[0])
			if err != nil {
				return err
			}
			if len(recs) == 0 {
				return usagef("report: %s holds no runs", args[0])
			}
			if runsCSV != "" {
				if err := atomicfile.Write(cmd.Context(), runsCSV, func(w io.Writer) error { return lab.WriteRunsCSV(w, recs) }); err != nil {
					return err
				}
			}
			if out != "" {
				rows, err := reportManifest(suiteDir, args[0], header)
				if err != nil {
					return err
				}
				figs, err := reportFigures(recs)
				if err != nil {
					return err
				}
				r := lab.Report{Title: "nqueens run: " + filepath.Base(args[0]), Results: args[0], Header: header, Records: recs, Manifest: rows, Figures: figs}
				if err := atomicfile.Write(cmd.Context(), out, func(w io.Writer) error { return lab.WriteReport(w, r) }); err != nil {
					return err
				}
			}
			if out != "" || runsCSV != "" {
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

// reportManifest reads the manifest of the suite the results were made
// on: from dir if given (then it must be that suite's), else from the
// results file's folder if it holds that suite; nil if there is none.
func reportManifest(dir, results string, h lab.Header) ([]suite.Row, error) {
	given := dir != ""
	if !given {
		dir = filepath.Dir(results)
		if _, err := os.Stat(filepath.Join(dir, "manifest.json")); err != nil {
			return nil, nil
		}
	}
	m, raw, err := suite.ReadManifest(dir)
	if err != nil {
		if given {
			return nil, err
		}
		return nil, nil
	}
	if sum := sha256.Sum256(raw); hex.EncodeToString(sum[:]) != h.Manifest {
		if given {
			return nil, usagef("report: the suite in %s is not the one %s was made on (its manifest's SHA-256 differs)", dir, results)
		}
		return nil, nil
	}
	return m.Files, nil
}

// reportFigures draws the report's charts as SVG: the cactus plot with
// the VBS, and when two solvers or more ran, a scatter plot of the two of
// least PAR-2.
func reportFigures(recs []lab.Record) ([]lab.Figure, error) {
	type chart struct {
		caption string
		chart   draw.Chart
	}
	cactus := cactusChart(recs)
	vbs := cactusSeries(lab.VBS, lab.VBSTimes(recs))
	vbs.Dashed, vbs.Style = true, 8
	cactus.Series = append(cactus.Series, vbs)
	charts := []chart{{"Instances solved against time, a line per solver and encoding; the dashed line is the virtual best solver.", cactus}}
	sum := lab.Summarize(recs)
	sort.SliceStable(sum, func(i, j int) bool { return sum[i].PAR2 < sum[j].PAR2 })
	var names []string
	for _, row := range sum {
		if row.Solver != lab.VBS {
			names = append(names, row.Series)
		}
	}
	if len(names) >= 2 {
		if sc, err := scatterChart(recs, names[0], names[1]); err == nil {
			charts = append(charts, chart{fmt.Sprintf("Each instance's time under %s (x) and %s (y), the two solvers of least PAR-2; a run not solved is on the border, at the timeout.", names[0], names[1]), sc})
		}
	}
	var figs []lab.Figure
	for _, c := range charts {
		var b bytes.Buffer
		if err := draw.WriteChart(&b, c.chart, "svg"); err != nil {
			return nil, err
		}
		figs = append(figs, lab.Figure{Caption: c.caption, SVG: b.Bytes()})
	}
	return figs, nil
}
