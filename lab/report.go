package lab

import (
	"fmt"
	"html/template"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/queenslab/nqueens/suite"
)

// ASlibStatus is a run's status in the vocabulary of ASlib's
// algorithm_runs (ok, timeout, memout, crash, other): a right answer is
// ok, a WRONG one other (the run's own status says which).
func ASlibStatus(s Status) string {
	switch s {
	case Sat, Unsat:
		return "ok"
	case Timeout:
		return "timeout"
	case Memout:
		return "memout"
	case Crash:
		return "crash"
	}
	return "other"
}

// runsColumns are the columns of WriteRunsCSV: first those of ASlib's
// algorithm_runs and of GBD's run tables (the instance, its GBD hash, the
// solver, the time and status), then this lab's own.
var runsColumns = []string{"instance_id", "hash", "algorithm", "repetition", "runtime", "runstatus",
	"status", "verified", "cpu_s", "timeout_s", "cpu_limit_s", "memory_mb", "peak_kb", "family", "n", "m", "format", "encoding", "file", "sha256", "solver_version", "configuration"}

// WriteRunsCSV writes one CSV row per run, under the column names that
// ASlib (instance_id, algorithm, repetition, runtime, runstatus) and the
// Global Benchmark Database (hash: its gbd_hash) use, so that the runs load
// beside theirs: instance_id is the instance (the same in every format),
// algorithm the solver with its encoding, runtime the wall seconds.
func WriteRunsCSV(w io.Writer, recs []Record) error {
	cw := NewCSVWriter(w)
	cw.Write(runsColumns)
	for _, r := range recs {
		cw.Write([]string{instanceOf(r), r.GBDHash, Series(r), strconv.Itoa(r.Rep()), ftoa(r.Wall), ASlibStatus(r.Status),
			string(r.Status), strconv.FormatBool(r.Verified), ftoa(r.CPU), ftoa(r.Timeout), ftoa(r.CPULimit), strconv.FormatInt(r.MemoryMB, 10),
			strconv.FormatInt(r.PeakKB, 10), r.Family, strconv.Itoa(r.N), strconv.Itoa(r.M), string(r.Format), r.Encoding, r.File, r.SHA256, r.SolverVersion, r.Configuration})
	}
	return cw.Flush()
}

func ftoa(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }

// Series is how charts and tables name a run's solver: with its encoding
// for DIMACS files ("gini/pairwise"), else alone ("dlx").
//
// Where the runs were named by their limits (SplitLimits), the limits come
// last: "gini/pairwise [10 s]".
func Series(r Record) string {
	if e := encodingOf(r); e != string(r.Format) {
		return strings.TrimSuffix(r.Solver, r.limitTag) + "/" + e + r.limitTag
	}
	return r.Solver
}

// Report is what a report page shows.
type Report struct {
	// Title names the report: the suite's name (SuiteName).
	Title   string
	Results string // the results files, as named to the reader
	// Parts are the results files read, where there are several (the
	// shards of a study), and Shards says of which study.
	Parts   []string
	Shards  string
	Header  Header
	Records []Record
	// Manifest is the suite's, if found: each run links to its row.
	Manifest []suite.Row
	// Figures are charts drawn by the caller, as SVG documents.
	Figures []Figure
}

// A Figure is a chart of the report: an SVG document and its caption.
type Figure struct {
	Caption string
	SVG     []byte
}

// WriteReport writes the report as one self-contained HTML page (no
// network at view time: styles, script and charts inline): the setup (the
// toolkit's build, the suite, the dates of the runs, their limits, the
// machine: CPU model and clock, cores, memory, kernel), the solvers'
// versions, the summary table (sortable by any column; also by the
// address's fragment "#sort=COLUMN" or "#sort=-COLUMN" for descending, as
// a test or a link uses it), PAR-2 per family, the instances with a
// column per solver (the fastest right answer in bold), the WRONG runs
// with their command lines, the failures with their reasons, the charts,
// every run (each linked to its instance's manifest row), and the
// manifest. Wide tables scroll inside the page, which does not.
func WriteReport(w io.Writer, r Report) error {
	type figure struct {
		Caption string
		SVG     template.HTML
	}
	var figs []figure
	for _, f := range r.Figures {
		figs = append(figs, figure{Caption: f.Caption, SVG: template.HTML(inlineSVG(f.SVG))})
	}
	var wrong []Record
	type solver struct{ Name, Version string }
	var solvers []solver
	seen := map[solver]bool{}
	for _, rec := range r.Records {
		if rec.Status == Wrong {
			wrong = append(wrong, rec)
		}
		if v := (solver{rec.Solver, rec.SolverVersion}); !seen[v] {
			seen[v] = true
			solvers = append(solvers, v)
		}
	}
	inManifest := map[string]bool{}
	for _, row := range r.Manifest {
		inManifest[row.File] = true
	}
	series, instances := InstanceTable(r.Records)
	data := struct {
		Report
		Summary    []Summary
		Families   []FamilyScore
		Wrong      []Record
		Failures   []Record
		Figs       []figure
		InManifest map[string]bool
		Solvers    []solver
		Setup      Setup
		Series     []string
		Instances  []InstanceRow
		Repeated   bool
	}{r, Summarize(r.Records), SummarizeFamilies(r.Records), wrong, Failures(r.Records), figs, inManifest, solvers, SetupOf(r.Records), series, instances, SetupOf(r.Records).Reps > 1}
	return reportPage.Execute(w, data)
}

// limitsText tells a set of limits in words.
func limitsText(l LimitSet) string {
	cpu, mem := "no CPU-time limit", "no memory limit"
	if l.CPU > 0 {
		cpu = fmt.Sprintf("%g s of CPU time", l.CPU)
	}
	if l.MemoryMB > 0 {
		mem = fmt.Sprintf("%d MiB of memory", l.MemoryMB)
	}
	return fmt.Sprintf("%g s of wall time, %s, %s (%d runs)", l.Timeout, cpu, mem, l.Runs)
}

// cellText is a cell of the instances table: the time of a right answer,
// in bold when the row's fastest, else the run's status.
func cellText(c InstanceCell) template.HTML {
	if !c.Ran {
		return `<td class="none">-</td>`
	}
	spread := ""
	if c.Reps > 1 {
		spread = fmt.Sprintf(` <span class="spread">%.3f-%.3f</span>`, c.Min, c.Max)
	}
	switch {
	case c.Status.Solved() && c.Best:
		return template.HTML(fmt.Sprintf(`<td class="best" title="%s">%.3f%s</td>`, c.Status, c.Wall, spread))
	case c.Status.Solved():
		return template.HTML(fmt.Sprintf(`<td title="%s">%.3f%s</td>`, c.Status, c.Wall, spread))
	}
	return template.HTML(fmt.Sprintf(`<td class="failed">%s%s</td>`, c.Status, spread))
}

// inlineSVG makes an SVG document fit inside HTML: without its XML
// declaration and comments before the <svg> element, scaled to the page.
func inlineSVG(b []byte) string {
	s := string(b)
	if i := strings.Index(s, "<svg"); i >= 0 {
		s = s[i:]
	}
	return strings.Replace(s, "<svg ", `<svg class="chart" preserveAspectRatio="xMinYMin meet" `, 1)
}

var reportPage = template.Must(template.New("report").Funcs(template.FuncMap{
	"secs":   func(v float64) string { return strconv.FormatFloat(v, 'f', 3, 64) },
	"aslib":  ASlibStatus,
	"series": Series,
	"lower":  func(s Status) string { return strings.ToLower(string(s)) },
	"gb":     func(b int64) string { return fmt.Sprintf("%.1f GiB", float64(b)/(1<<30)) },
	"limits": limitsText,
	"when":   func(t time.Time) string { return t.UTC().Format("2006-01-02 15:04:05") },
	"mhz":    func(v float64) string { return fmt.Sprintf("%.0f MHz", v) },
	"cell":   cellText,
}).Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>{{.Title}}</title>
<style>
body { font-family: sans-serif; margin: 2em; color: #222; max-width: 80em; }
table { border-collapse: collapse; margin: 1em 0; }
th, td { border: 1px solid #ccc; padding: 0.25em 0.6em; text-align: right; }
th { background: #eee; }
td:first-child, th:first-child, td.text { text-align: left; }
table.sortable th { cursor: pointer; }
table.sortable th[aria-sort="ascending"]::after { content: " \25B2"; }
table.sortable th[aria-sort="descending"]::after { content: " \25BC"; }
tr.vbs td { font-style: italic; background: #f6f6ff; }
tr.wrong td, .wrong { background: #fdd; }
tr.target td { outline: 2px solid #36c; }
code { font-size: 90%; }
svg.chart { width: 100%; height: auto; max-width: 80em; display: block; }
.wide { overflow-x: auto; max-width: 100%; }
.wide table { margin: 0; }
code { word-break: break-all; }
td { white-space: nowrap; }
td.text { white-space: normal; overflow-wrap: anywhere; }
td.status, td.num { white-space: nowrap; }
.spread { color: #666; font-size: 85%; }
#instances td, #instances th { white-space: nowrap; }
#instances td.best { font-weight: bold; }
#instances td.failed { color: #a00; }
#instances td.none { color: #aaa; }
#instances tr > :first-child { position: sticky; left: 0; background: #fff; }
#instances thead tr > :first-child { background: #eee; }
figure { margin: 1em 0; }
</style>
</head>
<body>
<h1>{{.Title}}</h1>
<h2>Setup</h2>
<table id="setup">
<tr><th>toolkit</th><td class="text">nqueens {{if .Header.Build}}{{.Header.Build}}{{else}}{{.Header.Version}}{{end}}</td></tr>
<tr><th>results</th><td class="text"><code>{{.Results}}</code>{{if .Shards}} ({{.Shards}}){{end}}{{range .Parts}}<br><code>{{.}}</code>{{end}}</td></tr>
<tr><th>suite</th><td class="text"><code>{{.Header.Command}}</code> (manifest SHA-256 <code>{{.Header.Manifest}}</code>)</td></tr>
<tr><th>runs</th><td class="text">{{len .Records}}{{if not .Setup.First.IsZero}}, started {{when .Setup.First}} to {{when .Setup.Last}} UTC{{end}}{{if .Setup.Undated}} ({{.Setup.Undated}} without a date){{end}}</td></tr>
<tr><th>limits of a run</th><td class="text">{{range $i, $l := .Setup.Limits}}{{if $i}}; {{end}}{{limits $l}}{{end}}{{if gt (len .Setup.Limits) 1}} (each set of limits a row of its own, named by its limits){{end}}</td></tr>
<tr><th>measured by</th><td class="text">{{range $i, $m := .Setup.Measured}}{{if $i}}<br>{{end}}{{$m}}{{end}}</td></tr>
{{if gt .Setup.Reps 1}}<tr><th>repetitions</th><td class="text">{{.Setup.Reps}} runs of each file by each configuration: tables and charts show their median, with the least and the most in grey</td></tr>{{end}}
{{with .Header.Machine}}<tr><th>CPU</th><td class="text">{{if .CPU}}{{.CPU}}{{else}}not read{{end}}{{if .ClockMHz}}, {{mhz .ClockMHz}}{{end}}, {{.Cores}} cores</td></tr>
<tr><th>memory</th><td class="text">{{gb .MemoryBytes}}</td></tr>
<tr><th>kernel</th><td class="text">{{.Kernel}}</td></tr>
<tr><th>Go</th><td class="text">{{.Go}}</td></tr>{{else}}<tr><th>machine</th><td class="text">not recorded by the results file</td></tr>{{end}}
</table>
<table id="solvers">
<thead><tr><th>solver</th><th>version</th></tr></thead>
<tbody>{{range .Solvers}}<tr><td>{{.Name}}</td><td class="text">{{.Version}}</td></tr>
{{end}}</tbody>
</table>

<h2>Summary</h2>
<p>A row per solver and encoding; PAR-2 is the mean wall time, a run not solved counting twice its timeout;
<i>unique</i> counts the instances solved by that row alone; VBS is the virtual best solver (per instance, the fastest right answer). Click a column to sort.</p>
<div class="wide"><table id="summary" class="sortable">
<thead><tr><th data-key="solver">solver</th><th data-key="encoding">encoding</th><th data-key="runs">runs</th><th data-key="sat">SAT</th><th data-key="unsat">UNSAT</th><th data-key="timeout">TIMEOUT</th><th data-key="memout">MEMOUT</th><th data-key="crash">CRASH</th><th data-key="unknown">UNKNOWN</th><th data-key="wrong">WRONG</th><th data-key="par2">PAR-2 s</th>{{if .Repeated}}<th data-key="spread">PAR-2 of a repetition, least-most s</th>{{end}}<th data-key="cpu">CPU s</th><th data-key="unique">unique</th></tr></thead>
<tbody>{{range .Summary}}<tr{{if .IsVBS}} class="vbs"{{else if .Wrong}} class="wrong"{{end}}><td>{{.Solver}}</td><td class="text">{{.Encoding}}</td><td>{{.Runs}}</td><td>{{.Sat}}</td><td>{{.Unsat}}</td><td>{{.Timeout}}</td><td>{{.Memout}}</td><td>{{.Crash}}</td><td>{{.Unknown}}</td><td>{{.Wrong}}</td><td>{{secs .PAR2}}</td>{{if $.Repeated}}<td>{{if gt .Reps 1}}{{secs .PAR2Min}}-{{secs .PAR2Max}}{{end}}</td>{{end}}<td>{{secs .CPU}}</td><td>{{.Unique}}</td></tr>
{{end}}</tbody>
</table></div>

<h2>PAR-2 per family</h2>
<div class="wide"><table id="families" class="sortable">
<thead><tr><th data-key="family">family</th><th data-key="solver">solver</th><th data-key="encoding">encoding</th><th data-key="runs">runs</th><th data-key="solved">solved</th><th data-key="par2">PAR-2 s</th></tr></thead>
<tbody>{{range .Families}}<tr{{if .IsVBS}} class="vbs"{{end}}><td>{{.Family}}</td><td class="text">{{.Solver}}</td><td class="text">{{.Encoding}}</td><td>{{.Runs}}</td><td>{{.Solved}}</td><td>{{secs .PAR2}}</td></tr>
{{end}}</tbody>
</table></div>

<h2>Instances</h2>
<p>A row per instance, a column per solver and encoding: the wall time of a right answer in seconds (the fastest of the row in bold), else the run's status{{if .Repeated}}; of repetitions, the median, the least and the most in grey{{end}}.</p>
<div class="wide"><table id="instances">
<thead><tr><th>instance</th><th>family</th><th>n</th><th>m</th><th>expected</th>{{range .Series}}<th>{{.}}</th>{{end}}</tr></thead>
<tbody>{{range .Instances}}<tr><td class="text">{{.ID}}</td><td class="text">{{.Family}}</td><td>{{.N}}</td><td>{{.M}}</td><td class="text">{{.Expected}}</td>{{range .Cells}}{{cell .}}{{end}}</tr>
{{end}}</tbody>
</table></div>

<h2>Wrong answers</h2>
{{if .Wrong}}<table id="wrong">
<thead><tr><th>solver</th><th>file</th><th>detail</th><th>command</th></tr></thead>
<tbody>{{range .Wrong}}<tr class="wrong"><td>{{.Solver}}</td><td class="text"><a href="#m-{{.File}}">{{.File}}</a></td><td class="text">{{.Detail}}</td><td class="text"><code>{{.Command}}</code></td></tr>
{{end}}</tbody>
</table>{{else}}<p id="no-wrong">None: every answer given was right.</p>{{end}}

<h2>Failures</h2>
{{if .Failures}}<p>The runs that gave no right answer for a reason of their own (not a timeout), each with its reason.</p>
<div class="wide"><table id="failures">
<thead><tr><th>file</th><th>solver</th><th>status</th><th>exit</th><th>peak KB</th><th>reason</th><th>command</th></tr></thead>
<tbody>{{range .Failures}}<tr class="{{lower .Status}}"><td class="text">{{if index $.InManifest .File}}<a href="#m-{{.File}}">{{.File}}</a>{{else}}{{.File}}{{end}}</td><td class="text">{{series .}}</td><td class="status">{{.Status}}</td><td>{{.Exit}}</td><td>{{.PeakKB}}</td><td class="text">{{if .Detail}}{{.Detail}}{{else}}none given{{end}}</td><td class="text"><code>{{.Command}}</code></td></tr>
{{end}}</tbody>
</table></div>{{else}}<p id="no-failures">None: no run crashed, ran out of memory or gave up.</p>{{end}}

<h2>Charts</h2>
{{range .Figs}}<figure>{{.SVG}}<figcaption>{{.Caption}}</figcaption></figure>
{{end}}
<h2>Runs</h2>
<div class="wide"><table id="runs" class="sortable">
<thead><tr><th data-key="file">file</th><th data-key="solver">solver</th><th data-key="rep">rep</th><th data-key="status">status</th><th data-key="aslib">runstatus</th><th data-key="wall">wall s</th><th data-key="cpu">CPU s</th><th data-key="peak">peak KB</th><th data-key="limits">limits</th><th data-key="started">started (UTC)</th><th data-key="detail">detail</th><th data-key="gbd">GBD hash</th></tr></thead>
<tbody>{{range .Records}}<tr class="{{lower .Status}}"><td>{{if index $.InManifest .File}}<a href="#m-{{.File}}">{{.File}}</a>{{else}}{{.File}}{{end}}</td><td class="text">{{series .}}</td><td>{{.Rep}}</td><td class="status">{{.Status}}</td><td class="status">{{aslib .Status}}</td><td>{{secs .Wall}}</td><td>{{secs .CPU}}</td><td>{{.PeakKB}}</td><td>{{.Limits}}</td><td>{{.Started}}</td><td class="text">{{.Detail}}</td><td class="text"><code>{{.GBDHash}}</code></td></tr>
{{end}}</tbody>
</table></div>

<h2>Manifest</h2>
{{if .Manifest}}<div class="wide"><table id="manifest">
<thead><tr><th>file</th><th>expected</th><th>family</th><th>n</th><th>m</th><th>variables</th><th>clauses or options</th><th>GBD hash</th><th>SHA-256</th><th>command</th></tr></thead>
<tbody>{{range .Manifest}}<tr id="m-{{.File}}"><td>{{.File}}</td><td class="status">{{.Expected}}</td><td class="text">{{.Family}}</td><td>{{.N}}</td><td>{{.M}}</td><td>{{.Variables}}</td><td>{{.Clauses}}</td><td class="text"><code>{{.GBDHash}}</code></td><td class="text"><code>{{.SHA256}}</code></td><td class="text"><code>{{.Command}}</code></td></tr>
{{end}}</tbody>
</table></div>{{else}}<p>The suite's manifest was not found beside the results: runs are not linked to it.</p>{{end}}

<script>
(function () {
  function cell(row, i) { return row.cells[i].textContent.trim(); }
  function sortTable(table, i, descending) {
    var body = table.tBodies[0];
    var rows = Array.prototype.slice.call(body.rows);
    var numeric = rows.every(function (r) { var t = cell(r, i); return t === "" || !isNaN(Number(t)); });
    rows.sort(function (a, b) {
      var x = cell(a, i), y = cell(b, i), c;
      c = numeric ? Number(x) - Number(y) : x.localeCompare(y);
      return descending ? -c : c;
    });
    rows.forEach(function (r) { body.appendChild(r); });
    Array.prototype.forEach.call(table.tHead.rows[0].cells, function (th, k) {
      if (k === i) { th.setAttribute("aria-sort", descending ? "descending" : "ascending"); } else { th.removeAttribute("aria-sort"); }
    });
  }
  Array.prototype.forEach.call(document.querySelectorAll("table.sortable"), function (table) {
    Array.prototype.forEach.call(table.tHead.rows[0].cells, function (th, i) {
      th.addEventListener("click", function () { sortTable(table, i, th.getAttribute("aria-sort") === "ascending"); });
    });
  });
  var m = /^#sort=(-?)([a-z0-9]+)$/.exec(location.hash);
  if (m) {
    var table = document.getElementById("summary");
    Array.prototype.forEach.call(table.tHead.rows[0].cells, function (th, i) {
      if (th.getAttribute("data-key") === m[2]) { sortTable(table, i, m[1] === "-"); }
    });
  }
  function mark() {
    Array.prototype.forEach.call(document.querySelectorAll("tr.target"), function (r) { r.classList.remove("target"); });
    if (location.hash.indexOf("#m-") === 0) {
      var r = document.getElementById(decodeURIComponent(location.hash.slice(1)));
      if (r) { r.classList.add("target"); }
    }
  }
  window.addEventListener("hashchange", mark);
  mark();
})();
</script>
</body>
</html>
`))
