package main

import (
	"encoding/csv"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/queenslab/nqueens/cnf"
)

// TestCompetitionKit writes a benchmark family for the SAT competitions
// with real cadical behind two wrappers that make the classes known in
// advance: the reference answers candidates 000 and 001 at once and the
// others only after its limit (too easy, then not), the submitter's solver
// answers every candidate but 002 at once (medium, then too hard). The
// family holds the medium candidates, then the hard one whose answer is
// known; its files are sanitary, gen --verify holds them to their rows,
// expected.csv gives the classes, and description.tex compiles with
// IEEEtran. A family that cannot be chosen, a crashing solver and bad
// flags leave nothing behind.
func TestCompetitionKit(t *testing.T) {
	if _, err := exec.LookPath("cadical"); err != nil {
		if os.Getenv("NQUEENS_REQUIRE_SOLVERS") != "" {
			t.Fatal("cadical is not installed")
		}
		t.Skip("cadical is not installed")
	}
	dir := t.TempDir()
	ref := fakeSolver(t, dir, "ref", `case "$1" in *-000-*|*-001-*|-*) ;; *.cnf) sleep 5 ;; esac
exec cadical -q "$@"`)
	sol := fakeSolver(t, dir, "sol", `case "$1" in *-002-*) sleep 5 ;; esac
exec cadical -q "$@"`)
	fam := filepath.Join(dir, "out", "fam")
	args := []string{"gen", "completion", "--n", "10", "--m", "4", "--count", "3", "--medium", "2", "--candidates", "5",
		"--reference", ref, "--kit-solver", sol, "--easy-limit", "800ms", "--hard-limit", "800ms", "--author", "A. Tester", "-q"}
	code, out, errs := runCLI(t, "", append(args, "--competition", fam)...)
	if code != 0 {
		t.Fatalf("gen --competition: %d %q %q", code, out, errs)
	}
	want := regexp.MustCompile(`^` + regexp.QuoteMeta(fam) + `: 3 instances, 2 medium \(among 5 candidates: 2 too easy for .*ref within 800ms, 1 too hard for .*sol within 800ms\), chosen in \d+s; expected.csv, manifest.json, description.tex`)
	if !want.MatchString(out) {
		t.Errorf("gen --competition said %q", out)
	}
	hidden, _ := filepath.Glob(filepath.Join(dir, "out", ".fam.partial-*"))
	if len(hidden) > 0 {
		t.Errorf("left behind: %v", hidden)
	}

	f, err := os.Open(filepath.Join(fam, "expected.csv"))
	if err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(f).ReadAll()
	f.Close()
	if err != nil || len(rows) != 4 {
		t.Fatalf("expected.csv: %v %v", rows, err)
	}
	if got := strings.Join(rows[0][:3], ","); got != "file,expected,class" {
		t.Errorf("expected.csv header %v", rows[0])
	}
	classes := map[string]string{}
	for _, r := range rows[1:] {
		classes[r[0]] = r[2]
		if r[2] == "medium" && (r[3] != ">0.8" || strings.HasPrefix(r[4], ">")) || r[2] == "hard" && (r[3] != ">0.8" || r[4] != ">0.8") {
			t.Errorf("expected.csv row %v: the times do not make it %s", r, r[2])
		}
		if r[1] != "SAT" && r[1] != "UNSAT" {
			t.Errorf("expected.csv row %v: no known answer", r)
		}
		data, err := os.ReadFile(filepath.Join(fam, r[0]))
		if err != nil {
			t.Fatal(err)
		}
		if err := cnf.Sanitary(strings.NewReader(string(data))); err != nil {
			t.Errorf("%s is not sanitary: %v", r[0], err)
		}
	}
	wantClasses := map[string]string{
		"completion-n10-m4-002-pairwise.cnf": "hard",
		"completion-n10-m4-003-pairwise.cnf": "medium",
		"completion-n10-m4-004-pairwise.cnf": "medium",
	}
	for file, class := range wantClasses {
		if classes[file] != class {
			t.Errorf("%s: class %q, want %q (all: %v)", file, classes[file], class, classes)
		}
	}
	if code, out, errs := runCLI(t, "", "gen", "--verify", fam); code != 0 || !strings.HasSuffix(out, "3 files, hashes and expected answers verified\n") {
		t.Errorf("gen --verify of the family: %d %q %q", code, out, errs)
	}
	tex, err := os.ReadFile(filepath.Join(fam, "description.tex"))
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{`\documentclass[conference]{IEEEtran}`, "Gent, Jefferson and Nightingale", "satcompetition.github.io", "A. Tester", "2 of them are medium", `-{}-n 10`} {
		if !strings.Contains(string(tex), s) {
			t.Errorf("description.tex lacks %q", s)
		}
	}
	if _, err := exec.Command("kpsewhich", "IEEEtran.cls").Output(); err == nil {
		if !regexp.MustCompile(`description\.pdf \([12] pages?\)\n$`).MatchString(out) {
			t.Errorf("description.pdf is not 1-2 pages: %q", out)
		}
		if st, err := os.Stat(filepath.Join(fam, "description.pdf")); err != nil || st.Size() < 10_000 {
			t.Errorf("no description.pdf: %v", err)
		}
	} else if os.Getenv("NQUEENS_REQUIRE_SOLVERS") != "" {
		t.Error("IEEEtran is not installed: the description is not compiled (apt-get install texlive-publishers)")
	}

	// Into a folder that is not empty, or with flags that cannot make a
	// family: refused in one line (exit 2), nothing written.
	for _, bad := range [][]string{
		{"--competition", fam},
		{"--competition", filepath.Join(dir, "b1"), "--medium", "4"},
		{"--competition", filepath.Join(dir, "b2"), "--candidates", "2"},
		{"--competition", filepath.Join(dir, "b3"), "--formats", "xcc"},
		{"--competition", filepath.Join(dir, "b4"), "--out", filepath.Join(dir, "b4")},
		{"--competition", filepath.Join(dir, "b5"), "--easy-limit", "0s"},
	} {
		if code, _, errs := runCLI(t, "", append(append([]string(nil), args...), bad...)...); code != 2 || strings.Count(errs, "\n") != 1 {
			t.Errorf("%v: exit %d %q", bad, code, errs)
		}
	}
	// A family that cannot be chosen (cadical answers every candidate at
	// once: all too easy) and a reference that crashes: one line, exit
	// non-zero, and neither the folder nor its hidden work left.
	crash := fakeSolver(t, dir, "crash", `case "$1" in -*) exec cadical "$@" ;; esac
exit 3`)
	for name, ref := range map[string]string{"all easy": "cadical", "crash": crash} {
		a := append([]string(nil), args...)
		for i := range a {
			if a[i] == "--reference" {
				a[i+1] = ref
			}
		}
		out := filepath.Join(dir, "bad", "fam")
		code, _, errs := runCLI(t, "", append(a, "--competition", out)...)
		if code == 0 || strings.Count(errs, "\n") != 1 || name == "crash" && !strings.Contains(errs, "crashed on") || name == "all easy" && !strings.Contains(errs, "0 medium instances among 5 candidates") {
			t.Errorf("%s: exit %d %q", name, code, errs)
		}
		if ents, _ := os.ReadDir(filepath.Join(dir, "bad")); len(ents) > 0 {
			t.Errorf("%s: left %v", name, ents)
		}
	}
	for _, b := range []string{"b1", "b2", "b3", "b4", "b5"} {
		if _, err := os.Stat(filepath.Join(dir, b)); err == nil {
			t.Errorf("%s written", b)
		}
	}
}
