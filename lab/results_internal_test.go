package lab

import (
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestParseResults: a last line cut short is left out when resuming (and
// its bytes not counted as sound), an error when reading; a bad line
// elsewhere is an error either way, as is a file without the header.
func TestParseResults(t *testing.T) {
	head := `{"format":"nqueens-results-1","version":"x","manifest_sha256":"ab","suite_command":"c"}` + "\n"
	rec := `{"file":"a.cnf","sha256":"01","solver":"gini","family":"classic","format":"dimacs","n":8,"expected":"SAT","status":"SAT","wall_s":0.5}` + "\n"
	raw := head + rec + rec[:20]
	h, recs, good, err := parseResults(strings.NewReader(raw), "r", true)
	if err != nil || h.Manifest != "ab" || len(recs) != 1 || good.bytes != int64(len(head)+len(rec)) || good.unended {
		t.Errorf("cut: %+v %d %+v %v", h, len(recs), good, err)
	}
	if _, _, _, err := parseResults(strings.NewReader(raw), "r", false); err == nil || !strings.Contains(err.Error(), "line 3") {
		t.Errorf("strict: %v", err)
	}
	mid := head + rec[:20] + "\n" + rec
	for _, cut := range []bool{true, false} {
		if _, _, _, err := parseResults(strings.NewReader(mid), "r", cut); err == nil || !strings.Contains(err.Error(), "line 2") {
			t.Errorf("bad middle line, cut %v: %v", cut, err)
		}
	}
	for _, cut := range []bool{true, false} {
		raw := head + rec + strings.TrimSuffix(rec, "\n")
		_, recs, good, err := parseResults(strings.NewReader(raw), "r", cut)
		if err != nil || len(recs) != 2 || good.bytes != int64(len(raw)) || !good.unended {
			t.Errorf("last record without its line end, cut %v: %d %+v %v", cut, len(recs), good, err)
		}
	}
	for _, bad := range []struct{ from, to, msg string }{
		{`"status":"SAT"`, `"status":"sat"`, `status "sat" is none of`},
		{`"expected":"SAT"`, `"expected":"yes"`, `expected "yes" is none of`},
		{`"n":8`, `"n":-1`, "n = -1 is out of range"},
		{`"wall_s":0.5`, `"wall_s":-1`, "a negative time"},
		{`"n":8`, `"n":8,"m":-7`, "a negative time, peak, limit or m"},
		{`"wall_s":0.5`, `"wall_s":1e308`, "a time beyond"},
		{`"format":"dimacs"`, `"format":"bogus"`, `format "bogus" is none of`},
		{`"family":"classic"`, `"family":"bogus"`, `family "bogus" is none of`},
	} {
		raw := head + strings.Replace(rec, bad.from, bad.to, 1) + rec
		if _, _, _, err := parseResults(strings.NewReader(raw), "r", true); err == nil || !strings.Contains(err.Error(), "line 2: "+bad.msg) {
			t.Errorf("%s: %v", bad.to, err)
		}
	}
	for _, raw := range []string{"hello\n" + rec, "", "hello", strings.TrimSuffix(head, "\n")} {
		if _, _, _, err := parseResults(strings.NewReader(raw), "r", true); err == nil {
			t.Errorf("%q accepted as a results file", raw)
		}
	}
	if _, _, _, err := parseResults(strings.NewReader(head+strings.Repeat("x", maxRecordLine+10)+"\n"+rec), "r", true); err == nil || !strings.Contains(err.Error(), "line 2: longer") {
		t.Errorf("a line without bound: %v", err)
	}
}

// TestOpenResults: a file that is not a results file is never overwritten,
// with or without a final line end; an empty file or our header cut short
// is begun anew; a last record without its line end is kept on resume and
// its line end added; a last line cut short is removed.
func TestOpenResults(t *testing.T) {
	h := Header{Format: resultsFormat, Version: "x", Manifest: "ab", Command: "c"}
	want, _ := json.Marshal(h)
	head := string(want) + "\n"
	rec := `{"file":"a.cnf","sha256":"01","solver":"gini","family":"classic","format":"dimacs","n":8,"expected":"SAT","status":"SAT","wall_s":0.5}` + "\n"
	cases := []struct {
		name, content, after string
		recs                 int
		refused              bool
	}{
		{"empty", "", head, 0, false},
		{"header cut short", head[:10], head, 0, false},
		{"text without a line end", "my notes", "my notes", 0, true},
		{"text", "my notes\n", "my notes\n", 0, true},
		{"another suite", strings.Replace(head, "ab", "cd", 1) + rec, strings.Replace(head, "ab", "cd", 1) + rec, 0, true},
		{"last record without its line end", head + rec + strings.TrimSuffix(rec, "\n"), head + rec + rec, 2, false},
		{"last line cut short", head + rec + rec[:9], head + rec, 1, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "results.jsonl")
			if err := os.WriteFile(path, []byte(c.content), 0o644); err != nil {
				t.Fatal(err)
			}
			r, recs, err := openResults(path, h)
			if (err != nil) != c.refused {
				t.Fatalf("error %v, refused %v", err, c.refused)
			}
			if err == nil {
				r.close()
			}
			if len(recs) != c.recs {
				t.Errorf("%d records, want %d", len(recs), c.recs)
			}
			got, _ := os.ReadFile(path)
			if string(got) != c.after {
				t.Errorf("file after open:\n%q\nwant\n%q", got, c.after)
			}
		})
	}
}

// TestMachine: the header records this machine; a results file begun on a
// machine of another processor or core count is not resumed.
func TestMachine(t *testing.T) {
	m := ThisMachine()
	if m.Cores < 1 || m.MemoryBytes <= 0 || !strings.HasPrefix(m.Kernel, "Linux ") || m.Go != runtime.Version() {
		t.Errorf("%+v", m)
	}
	path := filepath.Join(t.TempDir(), "results.jsonl")
	h := Header{Format: resultsFormat, Version: "x", Manifest: "ab", Command: "c", Machine: &m}
	r, _, err := openResults(path, h)
	if err != nil {
		t.Fatal(err)
	}
	r.close()
	if got, _, err := ReadResultsFile(path); err != nil || got.Machine == nil || *got.Machine != m {
		t.Errorf("header read back: %+v %v", got.Machine, err)
	}
	other := m
	other.Cores++
	if _, _, err := openResults(path, Header{Format: resultsFormat, Version: "x", Manifest: "ab", Command: "c", Machine: &other}); err == nil || !strings.Contains(err.Error(), "another machine") {
		t.Errorf("another machine: %v", err)
	}
	// A file that names no machine and holds runs: their times cannot be
	// known to compare.
	anon := filepath.Join(t.TempDir(), "anon.jsonl")
	head, _ := json.Marshal(Header{Format: resultsFormat, Version: "x", Manifest: "ab", Command: "c"})
	rec := `{"file":"a.cnf","sha256":"01","solver":"gini","family":"classic","format":"dimacs","n":8,"expected":"SAT","status":"SAT","wall_s":0.5}` + "\n"
	os.WriteFile(anon, append(append(head, '\n'), rec...), 0o644)
	if _, _, err := openResults(anon, h); err == nil || !strings.Contains(err.Error(), "names no machine") {
		t.Errorf("a file without a machine: %v", err)
	}
	newer := m
	newer.Kernel += "-updated"
	if r, _, err := openResults(path, Header{Format: resultsFormat, Version: "x", Manifest: "ab", Command: "c", Machine: &newer}); err != nil {
		t.Errorf("the same machine with another kernel: %v", err)
	} else {
		r.close()
	}
}

// TestScatterName: a scatter plot's file is named by its two solvers, each
// cut to the end of its path when long, so that paths of any length give
// a name a file system takes (two of 128 characters once failed "file name
// too long"), and two pairs of long names differ.
func TestScatterName(t *testing.T) {
	if got := scatterName("gini", "cadical/pairwise"); got != "scatter-gini-cadical_pairwise" {
		t.Errorf("short names: %q", got)
	}
	long := func(p string) string { return "/opt/solvers/" + strings.Repeat("x", 128) + "/" + p }
	a, b, c := scatterName(long("cadical"), long("kissat")), scatterName(long("cadical"), long("minisat")), scatterName(long("cadical")+"/sequential", long("kissat"))
	for _, s := range []string{a, b, c} {
		if len(s)+len(".pdf") > 255 || !strings.HasPrefix(s, "scatter-") {
			t.Errorf("%q: %d bytes", s, len(s))
		}
	}
	if a == b || a == c || !strings.Contains(a, "cadical") || !strings.Contains(a, "kissat") {
		t.Errorf("long names: %q %q %q", a, b, c)
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, a+".pdf"), nil, 0o644); err != nil {
		t.Errorf("a file named %q: %v", a, err)
	}
}
