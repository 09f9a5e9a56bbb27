package main

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
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
	crasher := fakeSolver(t, dir, "crash_&%$#~^{}", `kill -SEGV $$`) // every character LaTeX escapes
	runCLI(t, "", "run", suiteDir, "--solvers", "gini,dlx,"+liar+","+crasher, "-q")
	results := filepath.Join(suiteDir, "results.jsonl")
	recs := readRecords(t, results)
	wrongs := 0
	for _, r := range recs {
		if r.Status == lab.Wrong {
			wrongs++
		}
		if r.Started == "" {
			t.Errorf("%s on %s: no start", r.Solver, r.File)
		}
	}
	if len(recs) != 16 || wrongs == 0 {
		t.Fatalf("%d runs, %d wrong: the suite needs both", len(recs), wrongs)
	}

	code, out, errs := runCLI(t, "", "report", results)
	if code != 0 || !strings.Contains(out, "\nVBS ") || !strings.Contains(out, "family") || !strings.Contains(out, "completion  VBS") {
		t.Fatalf("report: %d %q %q", code, out, errs)
	}
	page, runs := filepath.Join(dir, "report.html"), filepath.Join(dir, "runs.csv")
	if code, _, errs := runCLI(t, "", "report", results, "-o", page, "--runs", runs, "--scatter", "gini,dlx", "--scatter", "dlx,"+liar); code != 0 {
		t.Fatalf("report -o: %d %q", code, errs)
	}
	f, _ := os.Open(runs)
	rows, err := csv.NewReader(f).ReadAll()
	f.Close()
	if err != nil || len(rows) != 17 || strings.Join(rows[0][:6], ",") != "instance_id,hash,algorithm,repetition,runtime,runstatus" {
		t.Fatalf("runs CSV: %v %v", err, rows)
	}
	for _, row := range rows[1:] {
		dimacs := strings.HasSuffix(row[18], ".cnf")
		if dimacs != (len(row[1]) == 32) || row[5] == "" {
			t.Errorf("runs CSV row %v", row)
		}
	}
	for _, bad := range [][]string{{"report", results, "-o", filepath.Join(dir, "r.txt")}, {"report", filepath.Join(dir, "none.jsonl")}, {"report", results, "--suite", dir, "-o", page},
		{"report", results, "-o", page, "--scatter", "gini"}, {"report", results, "-o", page, "--scatter", "gini,nosuch"}, {"report", results, "--scatter", "gini,dlx"}, {"report", results, "--latex", runs}} {
		if code, _, errs := runCLI(t, "", bad...); code != 2 || strings.Count(errs, "\n") != 1 {
			t.Errorf("%v: %d %q", bad, code, errs)
		}
	}

	// The tables as LaTeX with booktabs, the charts as PDF, compiled by
	// pdflatex where it is installed.
	tex := filepath.Join(dir, "tex")
	if code, _, errs := runCLI(t, "", "report", results, "--latex", tex, "--scatter", "gini,dlx"); code != 0 {
		t.Fatalf("report --latex: %d %q", code, errs)
	}
	for _, name := range append(slices.Clone(lab.LaTeXFiles), "cactus.pdf", "scatter-gini-dlx.pdf") {
		data, err := os.ReadFile(filepath.Join(tex, name))
		switch {
		case err != nil:
			t.Errorf("--latex wrote no %s: %v", name, err)
		case strings.HasSuffix(name, ".pdf") && !strings.HasPrefix(string(data), "%PDF-"):
			t.Errorf("%s is not a PDF", name)
		case name == "summary.tex" && (!strings.Contains(string(data), "\\toprule") || !strings.Contains(string(data), `crash\_\&\%\$\#\textasciitilde{}\textasciicircum{}\{\}`)):
			t.Errorf("summary.tex:\n%s", data)
		}
	}
	if pdflatex, err := exec.LookPath("pdflatex"); err == nil {
		cmd := exec.Command(pdflatex, "-interaction=nonstopmode", "-halt-on-error", "report.tex")
		cmd.Dir = tex
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("pdflatex report.tex: %v\n%s", err, out)
		} else if st, err := os.Stat(filepath.Join(tex, "report.pdf")); err != nil || st.Size() < 10_000 {
			t.Errorf("pdflatex wrote no report.pdf: %v", err)
		} else if log, _ := os.ReadFile(filepath.Join(tex, "report.log")); strings.Contains(string(log), "Overfull \\hbox") {
			t.Errorf("a table is wider than the page (an overfull box in report.log)")
		}
	} else if os.Getenv("NQUEENS_REQUIRE_SOLVERS") != "" {
		t.Error("pdflatex is not installed: the LaTeX tables are not compiled (apt-get install texlive-latex-recommended)")
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
	do(chromedp.EmulateViewport(1280, 900), chromedp.Navigate("file://"+page), chromedp.WaitVisible(chromedp.CSS("#summary")))
	_ = page
	shoot(t, ctx, page, "report-top", "")
	var setup, failures, instanceHead []string
	var overflow, bold float64
	eval(`Array.from(document.querySelectorAll("#setup tr")).map(r => r.cells[0].textContent + ": " + r.cells[1].textContent)`, &setup)
	eval(`Array.from(document.querySelectorAll("#failures tbody tr")).map(r => r.cells[2].textContent + ": " + r.cells[5].textContent)`, &failures)
	eval(`Array.from(document.querySelectorAll("#instances thead th")).map(th => th.textContent)`, &instanceHead)
	eval(`document.querySelectorAll("#instances td.best").length`, &bold)
	eval(`document.documentElement.scrollWidth - window.innerWidth`, &overflow)
	joined := strings.Join(setup, "\n")
	for _, want := range []string{"toolkit: nqueens ", "runs: 16, started 20", "limits of a run: 60 s of wall time, no CPU-time limit, no memory limit (16 runs)", "CPU: ", " cores"} {
		if !strings.Contains(joined, want) {
			t.Errorf("the setup says no %q:\n%s", want, joined)
		}
	}
	if len(failures) != 4+wrongs || !strings.Contains(strings.Join(failures, "\n"), "CRASH: killed by ") {
		t.Errorf("failures: %q", failures)
	}
	if len(instanceHead) != 5+4 || instanceHead[0] != "instance" || bold < 2 {
		t.Errorf("instances: columns %q, %.0f cells in bold", instanceHead, bold)
	}
	if overflow > 0 {
		t.Errorf("the page is %.0f px wider than its window", overflow)
	}
	shoot(t, ctx, page, "report-instances", "#instances")
	shoot(t, ctx, page, "report-failures", "#failures")
	shoot(t, ctx, page, "report-charts", "figure")
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
	if len(before) != 5 || !strings.HasPrefix(before[4], "VBS:") {
		t.Errorf("summary rows as written: %v", before)
	}
	if !ascending(slices.All(after)) || !ascending(slices.Backward(afterAgain)) || len(after) != 5 {
		t.Errorf("summary sorted by PAR-2: %v, then descending: %v", after, afterAgain)
	}
	if svgs != 3 || svgWidth < 300 {
		t.Errorf("%.0f charts, the narrowest %.0f px wide", svgs, svgWidth)
	}
	if wrongBg != "rgb(255, 221, 221)" || !strings.Contains(wrongCmd, "liar") {
		t.Errorf("the WRONG run: background %q, command %q", wrongBg, wrongCmd)
	}
	if !strings.HasPrefix(target, "m-completion-n8-m3-") {
		t.Errorf("a run's link marks manifest row %q", target)
	}
}

// shoot saves a screenshot of the page (or of its first element that
// matches selector) as NAME.png into the folder NQUEENS_SCREENSHOTS, when
// it is set: to look at.
func shoot(t *testing.T, ctx context.Context, page, name, selector string) {
	t.Helper()
	dir := os.Getenv("NQUEENS_SCREENSHOTS")
	if dir == "" {
		return
	}
	var png []byte
	var err error
	if selector == "" {
		png, err = chromedp.Run(ctx, chromedp.CaptureScreenshot())
	} else {
		png, err = chromedp.Run(ctx, chromedp.Screenshot(chromedp.CSS(selector)))
	}
	if err != nil {
		t.Errorf("screenshot %s: %v", name, err)
		return
	}
	os.WriteFile(filepath.Join(dir, name+".png"), png, 0o644)
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

// TestMarkdownEscaped: a solver's path with a column bar, an HTML tag,
// emphasis and a line break stays one cell of one row in --markdown, and
// one line in text.
func TestMarkdownEscaped(t *testing.T) {
	var b strings.Builder
	writeTable(&b, [][]string{{"solver", "runs"}, {"/opt/a|b <img src=x onerror=alert(1)> *x*_y_`z`\nnext", "1"}}, 1, true)
	lines := strings.Split(strings.TrimSpace(b.String()), "\n")
	if len(lines) != 3 || strings.Count(strings.ReplaceAll(lines[2], `\|`, ""), "|") != 3 || strings.Contains(lines[2], "<img") ||
		!strings.Contains(lines[2], `a\|b &lt;img src=x onerror=alert(1)&gt; \*x\*\_y\_\`+"`"+`z\`+"`"+` next`) {
		t.Errorf("markdown:\n%s", b.String())
	}
	b.Reset()
	writeTable(&b, [][]string{{"solver", "runs"}, {"a\nb\rc", "1"}}, 1, false)
	if strings.Count(b.String(), "\n") != 2 || !strings.Contains(b.String(), "a?b?c") {
		t.Errorf("text:\n%q", b.String())
	}
}

// TestReportStudyPrint: a study of eight solver configurations, one of
// them also run under a second set of limits, two repetitions each, read
// from its results files as one: the report names the suite in its title,
// never merges the two sets of limits (a row, and a VBS, of each, named
// by its limits), shows the median with its spread, and, loaded in
// headless Chromium at 1280 px, wraps no number and no status in any of
// its tables; its LaTeX compiles without an overfull box.
func TestReportStudyPrint(t *testing.T) {
	t.Setenv(beCLI, "1")
	dir := t.TempDir()
	suiteDir := filepath.Join(dir, "queens-study")
	if code, _, errs := runCLI(t, "", "gen", "classic", "--from", "2", "--to", "9", "--formats", "dimacs", "--out", suiteDir, "-q"); code != 0 {
		t.Fatalf("gen: %d %s", code, errs)
	}
	// Eight configurations of one wrapped solver (gini, in a process of
	// its own), at a long path.
	long := filepath.Join(dir, strings.Repeat("solvers-", 6))
	os.MkdirAll(long, 0o755)
	solver := fakeSolver(t, long, "wrap.sh", `exec "`+os.Args[0]+`" sat "$2" --solver gini -q`)
	var args []string
	for i := range 8 {
		args = append(args, "--solver", fmt.Sprintf("config-%d=%s --option-%d", i, solver, i))
	}
	first, second := filepath.Join(dir, "a.jsonl"), filepath.Join(dir, "b.jsonl")
	if code, _, errs := runCLI(t, "", append([]string{"run", suiteDir, "--results", first, "--repeat", "2", "--timeout", "10s", "-q"}, args...)...); code != 0 {
		t.Fatalf("run: %d %s", code, errs)
	}
	if code, _, errs := runCLI(t, "", "run", suiteDir, "--results", second, "--repeat", "2", "--timeout", "20s", "-q", "--solver", "config-0="+solver+" --option-0"); code != 0 {
		t.Fatalf("run: %d %s", code, errs)
	}
	code, out, errs := runCLI(t, "", "report", first, second, "--json")
	var rows []lab.Summary
	json.NewDecoder(strings.NewReader(out)).Decode(&rows)
	names := map[string]lab.Summary{}
	for _, r := range rows {
		names[r.Solver] = r
	}
	if code != 0 || len(rows) != 11 || names["config-0 [10 s]"].Runs != 8 || names["config-0 [20 s]"].Runs != 8 || names["VBS [10 s]"].Runs != 8 || names["VBS [20 s]"].Runs != 8 || names["config-3 [10 s]"].Reps != 2 {
		t.Fatalf("report of two sets of limits: %d %q %q", code, out, errs)
	}
	page, tex := filepath.Join(dir, "report.html"), filepath.Join(dir, "tex")
	if code, _, errs := runCLI(t, "", "report", first, second, "-o", page, "--latex", tex); code != 0 {
		t.Fatalf("report -o: %d %q", code, errs)
	}
	if inst, _ := os.ReadFile(filepath.Join(tex, "instances.tex")); !strings.Contains(string(inst), `\shortstack[r]{config-0\\pairwise [20 s]}`) {
		t.Errorf("instances.tex heads no column of config-0 under its second set of limits:\n%s", inst)
	}
	if pdflatex, err := exec.LookPath("pdflatex"); err == nil {
		cmd := exec.Command(pdflatex, "-interaction=nonstopmode", "-halt-on-error", "report.tex")
		cmd.Dir = tex
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("pdflatex report.tex: %v\n%s", err, out)
		} else if log, _ := os.ReadFile(filepath.Join(tex, "report.log")); strings.Contains(string(log), "Overfull \\hbox") {
			t.Errorf("a table is wider than the page (an overfull box in report.log)")
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
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1280, 900), chromedp.Navigate("file://"+page), chromedp.WaitVisible(chromedp.CSS("#summary"))); err != nil {
		t.Fatal(err)
	}
	shoot(t, ctx, page, "study-summary", "#summary")
	shoot(t, ctx, page, "study-instances", "#instances")
	shoot(t, ctx, page, "study-runs", "#runs")
	shoot(t, ctx, page, "study-charts", "figure")
	title, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.title + " | " + document.querySelector("h1").textContent`))
	if err != nil || title != "nqueens run: queens-study | nqueens run: queens-study" {
		t.Errorf("title %q (%v)", title, err)
	}
	// Every cell of a number or a status holds one line of text.
	wrapped, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`Array.from(document.querySelectorAll("td:not(.text)")).filter(td => {
		const r = document.createRange(); r.selectNodeContents(td);
		const rects = Array.from(r.getClientRects());
		return rects.length > 1 && Math.max(...rects.map(x => x.top)) >= Math.min(...rects.map(x => x.bottom)) - 1;
	}).map(td => td.closest("table").id + ": " + td.textContent)`))
	if err != nil || len(wrapped) > 0 {
		t.Errorf("cells wrapped at 1280 px (%v): %q", err, wrapped)
	}
	setup, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector("#setup").textContent`))
	for _, want := range []string{"each set of limits a row of its own", "repetitions", "measured by"} {
		if !strings.Contains(setup, want) {
			t.Errorf("the setup says nothing of %q: %q", want, setup)
		}
	}
}
