package main

import (
	"context"
	"encoding/csv"
	"iter"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/queenslab/nqueens/lab"
)

// browser is the headless Chromium the report is tested in: Debian's
// chromium, which .ci/run installs.
func browser(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("NQUEENS_REQUIRE_SOLVERS") != "" {
		t.Fatal("no chromium: the report page cannot be tested (apt-get install chromium)")
	}
	t.Skip("SKIPPED: no chromium to load the report page in (apt-get install chromium)")
	return ""
}

// TestReport runs real solvers and a lying one on a suite, then checks the
// report three ways: the text tables (a VBS row, PAR-2 per family), the CSV
// of the runs in ASlib's and GBD's column names, and the HTML page loaded
// from its file in headless Chromium: the summary sorts when a column
// header is clicked, the charts rendered as SVG with a size, the WRONG run
// is highlighted with its command line, and a run's link leads to its
// manifest row.
func TestReport(t *testing.T) {
	t.Setenv(beCLI, "1")
	dir := t.TempDir()
	suiteDir := filepath.Join(dir, "s")
	if code, _, errs := runCLI(t, "", "gen", "completion", "--n", "8", "--m", "3", "--count", "4", "--formats", "dimacs,xcc", "--out", suiteDir, "-q"); code != 0 {
		t.Fatalf("gen: %d %s", code, errs)
	}
	liar := fakeSolver(t, dir, "liar", `echo "s UNSATISFIABLE"; exit 20`)
	runCLI(t, "", "run", suiteDir, "--solvers", "gini,dlx,"+liar, "-q")
	results := filepath.Join(suiteDir, "results.jsonl")
	recs := readRecords(t, results)
	wrongs := 0
	for _, r := range recs {
		if r.Status == lab.Wrong {
			wrongs++
		}
	}
	if len(recs) != 12 || wrongs == 0 {
		t.Fatalf("%d runs, %d wrong: the suite needs both", len(recs), wrongs)
	}

	code, out, errs := runCLI(t, "", "report", results)
	if code != 0 || !strings.Contains(out, "\nVBS ") || !strings.Contains(out, "family") || !strings.Contains(out, "completion  VBS") {
		t.Fatalf("report: %d %q %q", code, out, errs)
	}
	page, runs := filepath.Join(dir, "report.html"), filepath.Join(dir, "runs.csv")
	if code, _, errs := runCLI(t, "", "report", results, "-o", page, "--runs", runs); code != 0 {
		t.Fatalf("report -o: %d %q", code, errs)
	}
	f, _ := os.Open(runs)
	rows, err := csv.NewReader(f).ReadAll()
	f.Close()
	if err != nil || len(rows) != 13 || strings.Join(rows[0][:6], ",") != "instance_id,hash,algorithm,repetition,runtime,runstatus" {
		t.Fatalf("runs CSV: %v %v", err, rows)
	}
	for _, row := range rows[1:] {
		dimacs := strings.HasSuffix(row[18], ".cnf")
		if dimacs != (len(row[1]) == 32) || row[5] == "" {
			t.Errorf("runs CSV row %v", row)
		}
	}
	for _, bad := range [][]string{{"report", results, "-o", filepath.Join(dir, "r.txt")}, {"report", filepath.Join(dir, "none.jsonl")}, {"report", results, "--suite", dir, "-o", page}} {
		if code, _, errs := runCLI(t, "", bad...); code != 2 || strings.Count(errs, "\n") != 1 {
			t.Errorf("%v: %d %q", bad, code, errs)
		}
	}

	exe := browser(t)
	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(exe), chromedp.NoSandbox, chromedp.Headless)
	actx, cancel := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancel()
	ctx, cancel := chromedp.NewContext(actx)
	defer cancel()
	ctx, cancel = context.WithTimeout(ctx, 60*time.Second)
	defer cancel()
	solvers := `Array.from(document.querySelectorAll("#summary tbody tr")).map(r => r.cells[0].textContent + ":" + r.cells[10].textContent)`
	eval := func(expr string, dst any) {
		t.Helper()
		var err error
		switch d := dst.(type) {
		case *[]string:
			*d, err = chromedp.Run(ctx, chromedp.Evaluate[[]string](expr))
		case *float64:
			*d, err = chromedp.Run(ctx, chromedp.Evaluate[float64](expr))
		case *string:
			*d, err = chromedp.Run(ctx, chromedp.Evaluate[string](expr))
		}
		if err != nil {
			t.Fatalf("chromium: %s: %v", expr, err)
		}
	}
	do := func(steps ...chromedp.Action[chromedp.Void]) {
		t.Helper()
		if err := chromedp.Do(ctx, steps...); err != nil {
			t.Fatalf("chromium: %v", err)
		}
	}
	var before, after, afterAgain []string
	var svgs, svgWidth float64
	var wrongBg, wrongCmd, target string
	do(chromedp.Navigate("file://"+page), chromedp.WaitVisible(chromedp.CSS("#summary")))
	eval(solvers, &before)
	do(chromedp.Click(chromedp.CSS(`#summary th[data-key="par2"]`)))
	eval(solvers, &after)
	do(chromedp.Click(chromedp.CSS(`#summary th[data-key="par2"]`)))
	eval(solvers, &afterAgain)
	eval(`document.querySelectorAll("svg.chart").length`, &svgs)
	eval(`Math.min(...Array.from(document.querySelectorAll("svg.chart")).map(s => s.getBoundingClientRect().width))`, &svgWidth)
	eval(`getComputedStyle(document.querySelector("#wrong tr.wrong td")).backgroundColor`, &wrongBg)
	eval(`document.querySelector("#wrong tr.wrong code").textContent`, &wrongCmd)
	// The hash changes after the click returns (a task of its own): wait
	// for the row to be marked.
	do(chromedp.Click(chromedp.CSS(`#runs a`)), chromedp.WaitReady(chromedp.CSS(`#manifest tr.target`)))
	eval(`document.querySelector("#manifest tr.target") ? document.querySelector("#manifest tr.target").id : ""`, &target)
	if len(before) != 4 || !strings.HasPrefix(before[3], "VBS:") {
		t.Errorf("summary rows as written: %v", before)
	}
	if !ascending(slices.All(after)) || !ascending(slices.Backward(afterAgain)) || len(after) != 4 {
		t.Errorf("summary sorted by PAR-2: %v, then descending: %v", after, afterAgain)
	}
	if svgs != 2 || svgWidth < 300 {
		t.Errorf("%.0f charts, the narrowest %.0f px wide", svgs, svgWidth)
	}
	if wrongBg != "rgb(255, 221, 221)" || !strings.Contains(wrongCmd, "liar") {
		t.Errorf("the WRONG run: background %q, command %q", wrongBg, wrongCmd)
	}
	if !strings.HasPrefix(target, "m-completion-n8-m3-") {
		t.Errorf("a run's link marks manifest row %q", target)
	}
}

// ascending tells whether "name:seconds" cells are in ascending order of
// their seconds.
func ascending(cells iter.Seq2[int, string]) bool {
	last := -1.0
	for _, c := range cells {
		_, v, _ := strings.Cut(c, ":")
		x, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
		if err != nil || x < last {
			return false
		}
		last = x
	}
	return true
}
