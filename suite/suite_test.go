package suite_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/csv"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/queenslab/nqueens"
	"github.com/queenslab/nqueens/cnf"
	"github.com/queenslab/nqueens/encode"
	"github.com/queenslab/nqueens/internal/brute"
	"github.com/queenslab/nqueens/model"
	"github.com/queenslab/nqueens/native/search"
	"github.com/queenslab/nqueens/suite"
)

func hashes(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		out[e.Name()] = fmt.Sprintf("%x", sha256.Sum256(b))
	}
	return out
}

// TestGenerate writes suites of every family twice: byte-identical; every
// manifest row matches its file; the expected answers agree with brute
// force; VerifySuite passes, then catches a changed and a missing file.
func TestGenerate(t *testing.T) {
	for _, o := range []suite.Options{
		{Family: "classic", From: 1, To: 7, Formats: []encode.Format{encode.DIMACS, encode.XCC}, AMOs: []string{"pairwise", "commander"}},
		{Family: "completion", N: 7, M: 2, Count: 5, Formats: []encode.Format{encode.DIMACS, encode.OPB, encode.MiniZinc, encode.XCSP3, encode.XCC}, Seed: 3},
		{Family: "blocked", N: 7, M: 15, Count: 4, Formats: []encode.Format{encode.DIMACS}, AMOs: []string{"ladder", "binary"}, Seed: 4},
		{Family: "unsat", N: 8, M: 3, Count: 3, Formats: []encode.Format{encode.XCC, encode.DIMACS}, Seed: 5},
	} {
		t.Run(o.Family, func(t *testing.T) {
			o.Command = "test"
			a, b := t.TempDir(), t.TempDir()
			rows, err := suite.Generate(context.Background(), a, o)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := suite.Generate(context.Background(), b, o); err != nil {
				t.Fatal(err)
			}
			ha, hb := hashes(t, a), hashes(t, b)
			if fmt.Sprint(ha) != fmt.Sprint(hb) {
				t.Errorf("two runs with the same options differ")
			}
			refutations := map[string]bool{}
			for _, r := range rows {
				if r.Refutation != "" {
					refutations[r.Refutation] = true
				}
			}
			if len(ha) != len(rows)+2+len(refutations) {
				t.Errorf("%d files for %d manifest rows and %d refutations", len(ha), len(rows), len(refutations))
			}
			counted := map[string]uint64{}
			for _, r := range rows {
				f, err := os.Open(filepath.Join(a, r.File))
				if err != nil {
					t.Fatal(err)
				}
				gbd, err := cnf.GBDHash(f)
				f.Close()
				if r.Format == encode.DIMACS && (err != nil || r.GBDHash != gbd) || r.Format != encode.DIMACS && r.GBDHash != "" {
					t.Errorf("%s: GBD hash %q in the manifest, %q of the file", r.File, r.GBDHash, gbd)
				}
				if ha[r.File] != r.SHA256 {
					t.Errorf("%s: hash %s, manifest %s", r.File, ha[r.File], r.SHA256)
				}
				p := model.Problem{N: r.N}
				p.Fixed, _ = model.ParseSquares(r.Fixed)
				p.Blocked, _ = model.ParseSquares(r.Blocked)
				want, done := counted[r.ID]
				if !done {
					want = brute.Count(p)
					counted[r.ID] = want
				}
				if (want > 0) != (r.Expected == suite.Satisfiable) || r.Solutions == nil || *r.Solutions != want {
					t.Errorf("%s: expected %s with %v solutions, brute force %d", r.File, r.Expected, r.Solutions, want)
				}
				if o.Family == "unsat" && r.Expected != suite.Unsatisfiable || o.Family == "completion" && len(p.Fixed) != o.M {
					t.Errorf("%s: %+v", r.File, r)
				}
				if r.Refutation != "" {
					// The proof beside the instance refutes its problem.
					f, err := os.Open(filepath.Join(a, r.Refutation))
					if err != nil {
						t.Fatal(err)
					}
					w, err := model.ReadFarkas(f)
					f.Close()
					if err != nil || w.Check(p) != nil || want != 0 || r.Certificate != nqueens.RefutedText {
						t.Errorf("%s: refutation %s: %v, certificate %q, brute force %d", r.File, r.Refutation, err, r.Certificate, want)
					}
				}
			}
			if o.Family == "unsat" && len(refutations) == 0 {
				t.Errorf("no refutation among %d unsatisfiable rows", len(rows))
			}
			// manifest.csv has the same rows.
			f, _ := os.Open(filepath.Join(a, "manifest.csv"))
			recs, err := csv.NewReader(f).ReadAll()
			f.Close()
			if err != nil || len(recs) != len(rows)+1 || recs[0][0] != "file" || recs[0][1] != "expected" {
				t.Errorf("manifest.csv: %d records, %v", len(recs), err)
			}
			var js suite.Manifest
			raw, _ := os.ReadFile(filepath.Join(a, "manifest.json"))
			if json.Unmarshal(raw, &js) != nil || len(js.Files) != len(rows) || js.Command != "test" || js.Format != "nqueens-suite-2" {
				t.Errorf("manifest.json: %+v", js)
			}
			if probs, _, err := suite.Verify(context.Background(), a, suite.VerifyOptions{}); len(probs) != 0 || err != nil {
				t.Errorf("verify: %v %v", probs, err)
			}
			for name := range refutations {
				// Weights that refute nothing: every square's -1.
				os.WriteFile(filepath.Join(a, name), []byte(fmt.Sprintf("p farkas %d\nrows%s\ncols%s\nsums%s\ndiffs%s\n", o.N,
					strings.Repeat(" -1", o.N), strings.Repeat(" 0", o.N), strings.Repeat(" 0", 2*o.N-1), strings.Repeat(" 0", 2*o.N-1))), 0o644)
				probs, _, _ := suite.Verify(context.Background(), a, suite.VerifyOptions{})
				if len(probs) != 1 || !strings.Contains(probs[0], "does not refute") {
					t.Errorf("verify after a refutation was changed: %q", probs)
				}
				os.Remove(filepath.Join(a, name))
				probs, _, _ = suite.Verify(context.Background(), a, suite.VerifyOptions{})
				if len(probs) != 1 || !strings.Contains(probs[0], "no such file") {
					t.Errorf("verify after a refutation was removed: %q", probs)
				}
				break
			}
			for name := range refutations {
				// Back as they were: the second suite's are the same.
				data, _ := os.ReadFile(filepath.Join(b, name))
				os.WriteFile(filepath.Join(a, name), data, 0o644)
			}
			os.WriteFile(filepath.Join(a, rows[0].File), []byte("p cnf 1 1\n1 0\n"), 0o644)
			os.Remove(filepath.Join(a, rows[len(rows)-1].File))
			probs, _, _ := suite.Verify(context.Background(), a, suite.VerifyOptions{})
			if len(probs) != 2 || !strings.Contains(probs[0], "SHA-256 differs") || !strings.Contains(probs[1], "no such file") {
				t.Errorf("verify after tampering: %q", probs)
			}
		})
	}
}

// TestGenerateInterrupted: a cancelled run writes no manifest.
func TestGenerateInterrupted(t *testing.T) {
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	n := 0
	_, err := suite.Generate(ctx, dir, suite.Options{Family: "completion", N: 8, M: 2, Count: 10,
		Progress: func(done, total int) {
			n++
			if done == 3 {
				cancel()
			}
		}})
	if err == nil {
		t.Fatal("no error after cancel")
	}
	if _, err := os.Stat(filepath.Join(dir, "manifest.json")); err == nil {
		t.Error("a manifest after an interrupted run")
	}
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		if strings.HasPrefix(e.Name(), ".") {
			t.Errorf("temporary file left: %s", e.Name())
		}
	}
}

func TestGenerateBadOptions(t *testing.T) {
	for _, o := range []suite.Options{
		{Family: "nosuch", N: 8},
		{Family: "completion", N: 5, M: 6, Count: 1},
		{Family: "blocked", N: 3, M: 10, Count: 1},
		{Family: "completion", N: 0, M: 1, Count: 1},
		{Family: "completion", N: 8, M: 2, Count: 1, Formats: []encode.Format{"sat"}},
		{Family: "completion", N: 8, M: 2, Count: 1, AMOs: []string{"nosuch"}},
		{Family: "classic", From: 5, To: 4},
		{Family: "completion", N: 3, M: 3, Count: 1},
		{Family: "classic", N: 5, From: 1, To: 3},
		{Family: "completion", N: 8, M: 2, Count: 1, From: 1, To: 3},
	} {
		dir := filepath.Join(t.TempDir(), "suite")
		if _, err := suite.Generate(context.Background(), dir, o); err == nil {
			t.Errorf("%+v accepted", o)
		}
		if _, err := os.Stat(dir); err == nil {
			t.Errorf("%+v: the folder was created", o)
		}
	}
}

// TestGenerateOverSuite: a run into a folder another run is writing is
// refused; an interrupted regeneration of an existing suite leaves no
// manifest; a file in place of the folder is bad input.
func TestGenerateOverSuite(t *testing.T) {
	dir := t.TempDir()
	o := suite.Options{Family: "completion", N: 8, M: 2, Count: 4, Seed: 1}
	if _, err := suite.Generate(context.Background(), dir, o); err != nil {
		t.Fatal(err)
	}
	lock, err := os.OpenFile(filepath.Join(dir, ".nqueens-gen.lock"), os.O_CREATE|os.O_RDWR, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	syscall.Flock(int(lock.Fd()), syscall.LOCK_EX)
	_, err = suite.Generate(context.Background(), dir, o)
	if !errors.As(err, new(*nqueens.OptionError)) || !strings.Contains(err.Error(), "is being written by another run") {
		t.Errorf("a second writer: %v", err)
	}
	lock.Close()
	ctx, cancel := context.WithCancel(context.Background())
	o.Seed, o.Force, o.Progress = 2, true, func(done, total int) {
		if done == 2 {
			cancel()
		}
	}
	if _, err := suite.Generate(ctx, dir, o); err == nil {
		t.Fatal("no error after cancel")
	}
	for _, name := range []string{"manifest.json", "manifest.csv"} {
		if _, err := os.Stat(filepath.Join(dir, name)); err == nil {
			t.Errorf("%s left after an interrupted regeneration", name)
		}
	}
	file := filepath.Join(t.TempDir(), "file")
	os.WriteFile(file, nil, 0o644)
	if _, err := suite.Generate(context.Background(), file, suite.Options{Family: "classic", N: 4}); !errors.As(err, new(*nqueens.OptionError)) {
		t.Errorf("a file as the folder: %v", err)
	}
}

// TestLinksAndSpecialFiles: a symbolic link planted in a suite folder is
// never written through (the file it leads to stays as it was): it is
// refused, or replaced by the regular file (the manifests, removed first); Verify reports an instance that is a
// link, a FIFO or a changed file, and never blocks reading one.
func TestLinksAndSpecialFiles(t *testing.T) {
	dir := t.TempDir()
	o := suite.Options{Family: "completion", N: 8, M: 2, Count: 3, Seed: 1, Force: true}
	m, err := suite.Generate(context.Background(), dir, o)
	if err != nil {
		t.Fatal(err)
	}
	outside := filepath.Join(t.TempDir(), "outside")
	os.WriteFile(outside, []byte("keep"), 0o644)
	for _, name := range []string{m[0].File, "manifest.json", ".nqueens-gen.lock"} {
		os.Remove(filepath.Join(dir, name))
		if err := os.Symlink(outside, filepath.Join(dir, name)); err != nil {
			t.Fatal(err)
		}
		_, err := suite.Generate(context.Background(), dir, o)
		st, _ := os.Lstat(filepath.Join(dir, name))
		switch {
		case err == nil && (st == nil || !st.Mode().IsRegular()) && name != ".nqueens-gen.lock":
			t.Errorf("%s a link: kept as %v", name, st)
		case err != nil && (!errors.As(err, new(*nqueens.OptionError)) || !strings.Contains(err.Error(), "symbolic link")):
			t.Errorf("%s a link: %v", name, err)
		}
		if b, _ := os.ReadFile(outside); string(b) != "keep" {
			t.Fatalf("written through the link %s: %q", name, b)
		}
		os.Remove(filepath.Join(dir, name))
		if _, err := suite.Generate(context.Background(), dir, o); err != nil {
			t.Fatal(err)
		}
	}
	os.Remove(filepath.Join(dir, m[0].File))
	os.Symlink(outside, filepath.Join(dir, m[0].File))
	os.Remove(filepath.Join(dir, m[1].File))
	if err := syscall.Mkfifo(filepath.Join(dir, m[1].File), 0o644); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, m[2].File), []byte("p cnf 1 1\n1 0\n"), 0o644)
	probs, _, err := suite.Verify(context.Background(), dir, suite.VerifyOptions{})
	if err != nil || len(probs) != 3 {
		t.Fatalf("%v %q", err, probs)
	}
	for i, want := range []string{"not a regular file", "not a regular file", "has changed"} {
		if !strings.Contains(probs[i], want) {
			t.Errorf("problem %d: %q, want %q", i, probs[i], want)
		}
	}
}

// TestManifestRowsValidated: a manifest row whose fields are outside their
// vocabulary or range is refused, naming the row, before anything runs:
// the answer or format in another case, n negative or huge, variables
// beyond any encoding, squares off the board.
func TestManifestRowsValidated(t *testing.T) {
	dir := t.TempDir()
	if _, err := suite.Generate(context.Background(), dir, suite.Options{Family: "completion", N: 8, M: 2, Count: 2, Seed: 1}); err != nil {
		t.Fatal(err)
	}
	raw, err := os.ReadFile(filepath.Join(dir, "manifest.json"))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ field, value, msg string }{
		{"expected", `"sat"`, `expected "sat" is none of SAT, UNSAT, UNKNOWN`},
		{"expected", `""`, `expected "" is none of`},
		{"format", `"DIMACS"`, `format "DIMACS" is none of`},
		{"n", `-1`, "n = -1 is out of range"},
		{"n", `1099511627776`, "n = 1099511627776 is out of range"},
		{"variables", `1099511627776`, "variables = 1099511627776"},
		{"m", `-3`, "m = -3"},
		{"fixed", `"9:9"`, "off the 8x8 board"},
		{"blocked", `"1:x"`, "model:"},
		{"exclude_sum", `"99"`, "model:"},
		{"encoding", `"pairwise+nonsense"`, `encoding "pairwise+nonsense"`},
		{"variables", `65`, "variables at most 64 in dimacs pairwise"},
	} {
		os.WriteFile(filepath.Join(dir, "manifest.json"), withField(raw, 1, c.field, c.value), 0o644)
		_, _, err := suite.ReadManifest(dir)
		if !errors.As(err, new(*nqueens.OptionError)) || !strings.Contains(err.Error(), "row 2: ") || !strings.Contains(err.Error(), c.msg) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s = %s: %v", c.field, c.value, err)
		}
	}
}

// TestSumsSuite: a suite in every encoding with the diagonal sums, whose
// files have more variables than any encoding without them, verifies; a
// row whose variables or clauses differ from its file's is a problem
// found, naming the file.
func TestSumsSuite(t *testing.T) {
	dir := t.TempDir()
	var amos []string
	for _, a := range encode.AMONames {
		amos = append(amos, a+encode.SumsSuffix)
	}
	rows, err := suite.Generate(context.Background(), dir, suite.Options{Family: "completion", N: 12, M: 3, Count: 2, Seed: 1, AMOs: amos})
	if err != nil {
		t.Fatal(err)
	}
	var told []int
	progress := func(done, total int) {
		if total != len(rows) {
			t.Errorf("progress: %d of %d files, the suite has %d", done, total, len(rows))
		}
		told = append(told, done)
	}
	if probs, n, err := suite.Verify(context.Background(), dir, suite.VerifyOptions{Progress: progress}); err != nil || len(probs) != 0 || n != len(rows) {
		t.Fatalf("verify: %v %v %d", err, probs, n)
	}
	if len(told) != len(rows)+1 || told[0] != 0 || told[len(told)-1] != len(rows) {
		t.Errorf("progress told %v", told)
	}
	raw, err := os.ReadFile(filepath.Join(dir, "manifest.json"))
	if err != nil {
		t.Fatal(err)
	}
	for _, field := range []string{"variables", "clauses_or_options"} {
		value := rows[3].Variables - 1
		if field != "variables" {
			value = rows[3].Clauses + 1
		}
		os.WriteFile(filepath.Join(dir, "manifest.json"), withField(raw, 3, field, strconv.Itoa(value)), 0o644)
		probs, _, err := suite.Verify(context.Background(), dir, suite.VerifyOptions{})
		if err != nil || len(probs) != 1 || !strings.HasPrefix(probs[0], rows[3].File+": suite: the manifest gives ") {
			t.Errorf("%s = %d: %v %q", field, value, err, probs)
		}
	}
}

// TestVerifyHostileManifest: an empty manifest and file names that leave
// the folder are refused as bad input, never read.
func TestVerifyHostileManifest(t *testing.T) {
	wrap := func(files string) string { return `{"format":"nqueens-suite-2","files":` + files + `}` }
	for _, manifest := range []string{wrap("[]"), wrap("null"), wrap(`[{"file":"../../etc/hostname","sha256":"x"}]`), wrap(`[{"file":"/etc/hostname"}]`),
		wrap(`[{"file":"sub/x.cnf"}]`), wrap(`[{"file":"manifest.json"}]`), `{"file":"x"}`, `[{"file":"a.cnf"}]`, "null"} {
		dir := t.TempDir()
		os.WriteFile(filepath.Join(dir, "manifest.json"), []byte(manifest), 0o644)
		probs, n, err := suite.Verify(context.Background(), dir, suite.VerifyOptions{})
		if !errors.As(err, new(*nqueens.OptionError)) || len(probs) != 0 || n != 0 {
			t.Errorf("manifest %s: %v %v %d", manifest, err, probs, n)
		}
	}
}

// TestGenerateCertified: with Certify every UNSAT instance carries its
// checked DRAT proof in the manifest (and the linear relaxation's
// refutation where there is one), SAT ones none.
func TestGenerateCertified(t *testing.T) {
	if _, err := exec.LookPath("cadical"); err != nil {
		if os.Getenv("NQUEENS_REQUIRE_SOLVERS") == "1" {
			t.Fatal("cadical is not installed, and NQUEENS_REQUIRE_SOLVERS=1")
		}
		t.Skip("SKIP: cadical is not installed")
	}
	for _, family := range []string{"unsat", "completion"} {
		rows, err := suite.Generate(context.Background(), t.TempDir(), suite.Options{Family: family, N: 8, M: 3, Count: 3, Seed: 7, Certify: true})
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range rows {
			if certified := strings.HasPrefix(r.Certificate, "a DRAT proof from cadical"); certified != (r.Expected == suite.Unsatisfiable) {
				t.Errorf("%s (%s): certificate %q", r.File, r.Expected, r.Certificate)
			}
		}
	}
}

// TestBudgetAndHardness: an instance not decided within the budget is
// expected UNKNOWN with a reason, the estimated size of the search's tree
// in it (and the run goes on), unless the linear
// relaxation refutes it; decided ones carry the nodes dancing links
// needed, which grow with hardness; Hard draws M at the measured peak.
func TestBudgetAndHardness(t *testing.T) {
	dir := t.TempDir()
	rows, err := suite.Generate(context.Background(), filepath.Join(dir, "u"), suite.Options{Family: "completion", N: 12, M: 4, Count: 3, Budget: 1})
	if err != nil {
		t.Fatal(err)
	}
	unknown := 0
	for _, r := range rows {
		switch {
		case r.Expected == suite.Undecided && strings.Contains(r.Reason, "budget") && r.DecideNodes == 0 && r.Certificate == "":
			// The reason says how big the search's tree is.
			var est float64
			_, after, _ := strings.Cut(r.Reason, "tree estimated at ")
			if _, err := fmt.Sscanf(after, "%g nodes", &est); err != nil || est < 1 {
				t.Errorf("%s: reason %q has no estimate of the tree", r.File, r.Reason)
			}
			unknown++
		case r.Expected == suite.Unsatisfiable && r.Certificate == nqueens.RefutedText && r.DecideNodes == 0:
		default:
			t.Errorf("%s: %q %q %d %q", r.File, r.Expected, r.Reason, r.DecideNodes, r.Certificate)
		}
	}
	if unknown == 0 {
		t.Error("no instance left UNKNOWN by a budget of 1 ns")
	}
	if problems, _, err := suite.Verify(context.Background(), filepath.Join(dir, "u"), suite.VerifyOptions{}); err != nil || len(problems) != 0 {
		t.Errorf("verify of a suite with UNKNOWN instances: %v %v", err, problems)
	}
	// A manifest that calls a decided instance UNKNOWN, within a budget
	// that decides it, was changed: verify says so.
	decided := filepath.Join(dir, "d")
	if _, err := suite.Generate(context.Background(), decided, suite.Options{Family: "completion", N: 8, M: 2, Count: 1, Seed: 1}); err != nil {
		t.Fatal(err)
	}
	raw, _ := os.ReadFile(filepath.Join(decided, "manifest.json"))
	tampered := withField(withField(raw, 0, "expected", `"UNKNOWN"`), 0, "budget_s", "60")
	os.WriteFile(filepath.Join(decided, "manifest.json"), tampered, 0o644)
	if problems, _, err := suite.Verify(context.Background(), decided, suite.VerifyOptions{}); err != nil || len(problems) != 1 || !strings.Contains(problems[0], "the manifest was changed") {
		t.Errorf("an UNKNOWN put in the manifest: %v %q", err, problems)
	}
	os.WriteFile(filepath.Join(decided, "manifest.json"), withField(raw, 0, "budget_s", "60"), 0o644)
	if _, _, err := suite.Verify(context.Background(), decided, suite.VerifyOptions{}); err == nil || !strings.Contains(err.Error(), "a budget is an UNKNOWN instance's") {
		t.Errorf("a budget with a decided answer: %v", err)
	}
	rows, err = suite.Generate(context.Background(), filepath.Join(dir, "h"), suite.Options{Family: "completion", N: 20, Hard: true, Count: 4, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rows {
		if r.M != suite.HardM(20) || strings.Count(r.Fixed, ":") != suite.HardM(20) || r.DecideNodes == 0 && r.Certificate != nqueens.RefutedText || r.Expected == suite.Undecided {
			t.Errorf("%s: m %d, %q, %d nodes, %s", r.File, r.M, r.Fixed, r.DecideNodes, r.Expected)
		}
	}
	if _, err := suite.Generate(context.Background(), filepath.Join(dir, "x"), suite.Options{Family: "classic", From: 8, To: 8, Hard: true}); err == nil {
		t.Error("Hard accepted for the classic family")
	}
}

// TestHardM: --hard takes the measured 50% points (scripts/hard-points.sh:
// m = 10, 18 and 26 at n = 20, 30 and 40 for completion; 271, 696 and
// 1322 blocked squares), interpolated between them and held beyond; the
// families whose 50% point is not hard say so.
func TestHardM(t *testing.T) {
	for _, c := range []struct{ n, m int }{{8, 4}, {20, 10}, {25, 14}, {30, 18}, {40, 26}, {100, 65}, {1, 1}} {
		if got := suite.HardM(c.n); got != c.m {
			t.Errorf("HardM(%d) = %d, want %d", c.n, got, c.m)
		}
	}
	for _, c := range []struct{ n, m int }{{20, 271}, {30, 696}, {40, 1322}} {
		if got := suite.HardBlocked(c.n); got != c.m {
			t.Errorf("HardBlocked(%d) = %d, want %d", c.n, got, c.m)
		}
	}
	if suite.EasyAtHard("completion") == "" || suite.EasyAtHard("blocked") == "" || suite.EasyAtHard("diagonals") != "" {
		t.Error("EasyAtHard")
	}
}

// TestExcludedDiagonalsPublished: the generator writes the authors'
// published .param files of testdata/gent2017 again, byte for byte.
func TestExcludedDiagonalsPublished(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("..", "testdata", "gent2017", "diag-*.param"))
	if len(files) < 20 {
		t.Fatalf("%d files", len(files))
	}
	for _, f := range files {
		var n, k int
		var seed uint64
		if _, err := fmt.Sscanf(filepath.Base(f), "diag-%d-%d-%d.param", &n, &k, &seed); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		l, err := suite.ExcludedDiagonals(n, k, seed)
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		model.WriteParam(&b, l)
		if want, _ := os.ReadFile(f); !bytes.Equal(b.Bytes(), want) {
			t.Errorf("%s: the generator draws\n%s", f, b.String())
		}
	}
}

// TestGenerateDiagonals: a suite of the diagonals family, its rows naming
// n, m (the diagonals excluded), k and the seed, each instance's answer
// the brute force's, every file reproduced by its row's problem.
func TestGenerateDiagonals(t *testing.T) {
	dir := t.TempDir()
	rows, err := suite.Generate(context.Background(), dir, suite.Options{Family: "diagonals", N: 7, MinOpen: 3, Count: 2, Seed: 5, AllM: true,
		Formats: []encode.Format{encode.DIMACS, encode.XCC, encode.Param}})
	if err != nil {
		t.Fatal(err)
	}
	seeds := map[uint64]bool{}
	for _, r := range rows {
		p, err := r.Problem()
		if err != nil || len(p.Excluded) != r.M || r.K != 3 || r.N != 7 || r.Family != "diagonals" {
			t.Fatalf("%s: %+v %v", r.File, r, err)
		}
		seeds[r.Seed] = true
		want := brute.Count(p)
		if (r.Expected == suite.Satisfiable) != (want > 0) || r.Solutions == nil || *r.Solutions != want {
			t.Errorf("%s: expected %s, %v solutions; brute force %d", r.File, r.Expected, r.Solutions, want)
		}
	}
	if len(seeds) != 2 || !seeds[5] || !seeds[6] {
		t.Errorf("seeds %v, want 5 and 6", seeds)
	}
	for _, bad := range []suite.Options{
		{Family: "diagonals", N: 7, Count: 1, M: 40},
		{Family: "diagonals", N: 7, Count: 1, MinOpen: 8},
		{Family: "diagonals", N: 7, Count: 1, M: 2, AllM: true},
		{Family: "completion", N: 7, Count: 1, M: 2, Formats: []encode.Format{encode.Param}},
	} {
		if _, err := suite.Generate(context.Background(), t.TempDir(), bad); !errors.As(err, new(*nqueens.OptionError)) {
			t.Errorf("%+v: %v", bad, err)
		}
	}
}

// TestCalibrated keeps the instances a reference solver decides within a
// band: all of them in a wide band, with the reference time recorded;
// none in a band no run can meet, which is an error once the tries are
// spent.
func TestCalibrated(t *testing.T) {
	o := suite.Options{Family: "diagonals", N: 10, M: 9, Count: 3, Seed: 2,
		Calibrate: &suite.Calibration{Solver: "gini", Min: 0, Max: time.Minute}}
	rows, err := suite.Generate(context.Background(), t.TempDir(), o)
	if err != nil || len(rows) != 3 {
		t.Fatalf("%d rows, %v", len(rows), err)
	}
	for _, r := range rows {
		if !strings.HasPrefix(r.Reference, "gini ") || r.ReferenceSeconds <= 0 || r.M != 9 {
			t.Errorf("%s: reference %q %v, m %d", r.File, r.Reference, r.ReferenceSeconds, r.M)
		}
	}
	o.Calibrate = &suite.Calibration{Solver: "gini", Min: 50 * time.Second, Max: time.Minute, Tries: 4}
	if _, err := suite.Generate(context.Background(), t.TempDir(), o); err == nil || !strings.Contains(err.Error(), "0 of 4 instances tried") {
		t.Errorf("an empty band: %v", err)
	}
	o.Calibrate = &suite.Calibration{Solver: "nosuch", Max: time.Second}
	if _, err := suite.Generate(context.Background(), t.TempDir(), o); !errors.As(err, new(*nqueens.OptionError)) {
		t.Errorf("an unknown solver: %v", err)
	}
}

// TestRefutedWithinNoBudget: a published instance that the linear
// relaxation refutes is UNSAT with that certificate even when the searches
// have no time; with time, the searches agree and give their nodes beside
// it; and Verify solves the suite again.
func TestRefutedWithinNoBudget(t *testing.T) {
	f, err := os.Open(filepath.Join("..", "testdata", "gent2017", "diag-12-4-2.param"))
	if err != nil {
		t.Fatal(err)
	}
	l, err := model.ReadParam(f)
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	p, _ := l.Problem(12)
	if r, err := search.Refute(context.Background(), p); err != nil || r == nil {
		t.Fatalf("diag-12-4-2 d = 12 not refuted: %v", err)
	}
	for _, budget := range []time.Duration{1, time.Minute} {
		dir := t.TempDir()
		rows, err := suite.Generate(context.Background(), dir, suite.Options{Family: "diagonals", Lists: []suite.List{{Name: "diag-12-4-2", List: l, D: 12}}, Budget: budget})
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range rows {
			if r.Expected != suite.Unsatisfiable || r.Certificate != nqueens.RefutedText || (r.DecideNodes == 0) != (budget == 1) {
				t.Errorf("budget %v: %s: %s %q, %d nodes", budget, r.File, r.Expected, r.Certificate, r.DecideNodes)
			}
		}
		if problems, _, err := suite.Verify(context.Background(), dir, suite.VerifyOptions{}); err != nil || len(problems) != 0 {
			t.Errorf("budget %v: verify: %v %v", budget, err, problems)
		}
		// Files past the solvers' reach: the refutation stands for them;
		// an unsatisfiable instance without one is reported.
		restore := suite.SetVerifyBudget(1)
		problems, _, err := suite.Verify(context.Background(), dir, suite.VerifyOptions{})
		restore()
		if err != nil || len(problems) != 0 {
			t.Errorf("budget %v: verify within 1 ns: %v %v", budget, err, problems)
		}
		if budget == 1 {
			forgeClause(t, dir, rows[0])
			restore := suite.SetVerifyBudget(1)
			problems, _, err := suite.Verify(context.Background(), dir, suite.VerifyOptions{})
			restore()
			if err != nil || len(problems) != 1 || !strings.Contains(problems[0], "not the encoding of its instance's problem") {
				t.Errorf("verify within 1 ns of a file changed, its hashes in the manifest changed with it: %v %q", err, problems)
			}
		}
	}
	dir := t.TempDir()
	l.Diagonals = l.Diagonals[:8] // no longer refuted: an instance with a solution, or one the searches must decide
	if _, err := suite.Generate(context.Background(), dir, suite.Options{Family: "diagonals", Lists: []suite.List{{Name: "diag-12-4-2", List: l, D: 8}}}); err != nil {
		t.Fatal(err)
	}
	restore := suite.SetVerifyBudget(1)
	problems, _, err := suite.Verify(context.Background(), dir, suite.VerifyOptions{})
	restore()
	if err != nil || len(problems) == 0 {
		t.Errorf("verify within 1 ns of an instance the relaxation does not refute: %v %v", err, problems)
	}
}

// forgeClause turns the sign of the first literal of the last clause of
// the DIMACS file of row r in the suite in dir, and writes its new SHA-256
// and GBD hash into manifest.json: a change only re-encoding shows.
func forgeClause(t *testing.T, dir string, r suite.Row) {
	t.Helper()
	if r.Format != encode.DIMACS {
		t.Fatalf("%s is not a DIMACS file", r.File)
	}
	path := filepath.Join(dir, r.File)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	last := lines[len(lines)-1]
	if strings.HasPrefix(last, "-") {
		lines[len(lines)-1] = last[1:]
	} else {
		lines[len(lines)-1] = "-" + last
	}
	forged := []byte(strings.Join(lines, "\n") + "\n")
	if err := os.WriteFile(path, forged, 0o644); err != nil {
		t.Fatal(err)
	}
	gbd, err := cnf.GBDHash(bytes.NewReader(forged))
	if err != nil {
		t.Fatal(err)
	}
	raw, err := os.ReadFile(filepath.Join(dir, "manifest.json"))
	if err != nil {
		t.Fatal(err)
	}
	raw = bytes.ReplaceAll(raw, []byte(r.SHA256), []byte(fmt.Sprintf("%x", sha256.Sum256(forged))))
	raw = bytes.ReplaceAll(raw, []byte(r.GBDHash), []byte(gbd))
	if err := os.WriteFile(filepath.Join(dir, "manifest.json"), raw, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestListNamesRefused: lists that would give two instances one id (one
// base name in two folders) or an id that is no plain file name (a name
// starting with a dot) are refused before anything is written.
func TestListNamesRefused(t *testing.T) {
	l := model.DiagonalList{N: 8, Diagonals: []model.Diagonal{{Kind: model.Sum, Index: 3}, {Kind: model.Difference, Index: 1}}}
	for _, lists := range [][]suite.List{
		{{Name: "x", List: l, D: 2}, {Name: "x", List: l, D: 2}},
		{{Name: ".x", List: l, D: 2}},
		{{Name: "a/b", List: l, D: 2}},
		{{Name: "", List: l, D: 2}},
	} {
		dir := t.TempDir()
		_, err := suite.Generate(context.Background(), dir, suite.Options{Family: "diagonals", Lists: lists})
		var oe *nqueens.OptionError
		if !errors.As(err, &oe) {
			t.Errorf("%q: %v, want an OptionError", lists[0].Name, err)
		}
		if entries, _ := os.ReadDir(dir); len(entries) != 0 {
			t.Errorf("%q: %d files written", lists[0].Name, len(entries))
		}
	}
}

// TestRowsOfOneID: the rows of one id are one instance. A manifest where
// they differ (problem, answer, number of solutions) is refused in one
// line, naming both files; a file of a format that is not re-solved
// (.param, OPB, MiniZinc, XCSP3) that is not its problem's encoding fails
// Verify even when the manifest's checksum was made to match; a forged
// refutation on any row is found.
func TestRowsOfOneID(t *testing.T) {
	dir := t.TempDir()
	l := model.DiagonalList{N: 10, Diagonals: []model.Diagonal{{Kind: model.Sum, Index: 3}, {Kind: model.Difference, Index: 1}, {Kind: model.Sum, Index: 9}, {Kind: model.Difference, Index: -4}}}
	rows, err := suite.Generate(context.Background(), dir, suite.Options{Family: "diagonals", Lists: []suite.List{{Name: "x", List: l, D: 4}},
		Formats: []encode.Format{encode.DIMACS, encode.Param, encode.OPB, encode.XCSP3}})
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 4 {
		t.Fatalf("rows: %+v", rows)
	}
	other := `"SAT"`
	if rows[0].Expected == suite.Satisfiable {
		other = `"UNSAT"`
	}
	raw, _ := os.ReadFile(filepath.Join(dir, "manifest.json"))
	for _, c := range []struct{ field, value, msg string }{
		{"expected", other, "their answers differ"},
		{"exclude_sum", `"5"`, "their problems differ"},
		{"solutions", `12345`, "numbers of solutions differ"},
	} {
		os.WriteFile(filepath.Join(dir, "manifest.json"), withField(raw, 1, c.field, c.value), 0o644)
		_, _, err := suite.ReadManifest(dir)
		if !errors.As(err, new(*nqueens.OptionError)) || !strings.Contains(err.Error(), c.msg) || !strings.Contains(err.Error(), rows[0].File) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s = %s: %v", c.field, c.value, err)
		}
	}
	// Each file of a format that is not re-solved, changed to another
	// problem's encoding with its checksum in the manifest to match.
	for i := 1; i < len(rows); i++ {
		orig, _ := os.ReadFile(filepath.Join(dir, rows[i].File))
		other := model.Problem{N: 10, Excluded: []model.Diagonal{{Kind: model.Sum, Index: 4}}}
		var b bytes.Buffer
		if err := encode.Write(context.Background(), &b, other, rows[i].Format, nil, encode.OrganPipe, encode.Options{}); err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(dir, rows[i].File), b.Bytes(), 0o644)
		sum := sha256.Sum256(b.Bytes())
		os.WriteFile(filepath.Join(dir, "manifest.json"), withField(raw, i, "sha256", fmt.Sprintf(`"%x"`, sum)), 0o644)
		probs, _, err := suite.Verify(context.Background(), dir, suite.VerifyOptions{})
		if err != nil || len(probs) != 1 || !strings.Contains(probs[0], rows[i].File) || !strings.Contains(probs[0], "not the encoding") {
			t.Errorf("%s changed: %q %v", rows[i].File, probs, err)
		}
		// Put it back.
		os.WriteFile(filepath.Join(dir, rows[i].File), orig, 0o644)
		os.WriteFile(filepath.Join(dir, "manifest.json"), raw, 0o644)
	}
	if probs, _, err := suite.Verify(context.Background(), dir, suite.VerifyOptions{}); err != nil || len(probs) != 0 {
		t.Errorf("the suite put back: %q %v", probs, err)
	}
}

// withField is the manifest raw with the field of its row given (0-based)
// set to value, a JSON text.
func withField(raw []byte, row int, field, value string) []byte {
	var m map[string]any
	json.Unmarshal(raw, &m)
	var v any
	json.Unmarshal([]byte(value), &v)
	m["files"].([]any)[row].(map[string]any)[field] = v
	out, _ := json.Marshal(m)
	return out
}

// TestGenerateKeepsOtherSuites: a folder that holds another suite (its
// manifest, its files, the results of its runs) is refused without Force,
// nothing of it changed; the same suite again is left as it is, and said;
// with Force the old suite's own files go (and are named), files that are
// not its stay; a folder of loose instance files is refused too.
func TestGenerateKeepsOtherSuites(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	var notices []string
	notice := func(s string) { notices = append(notices, s) }
	a := suite.Options{Family: "classic", From: 4, To: 5, Command: "nqueens gen classic --from 4 --to 5", Notice: notice}
	rowsA, err := suite.Generate(ctx, dir, a)
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := os.ReadFile(filepath.Join(dir, "manifest.json"))
	sum := sha256.Sum256(raw)
	os.WriteFile(filepath.Join(dir, "results.jsonl"), []byte(`{"format":"nqueens-results-1","manifest_sha256":"`+hex.EncodeToString(sum[:])+`"}`+"\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("mine"), 0o644)
	b := suite.Options{Family: "classic", From: 6, To: 6, Command: "nqueens gen classic --from 6 --to 6", Notice: notice}
	if _, err := suite.Generate(ctx, dir, b); !errors.As(err, new(*nqueens.OptionError)) || !strings.Contains(err.Error(), `holds the suite of "nqueens gen classic --from 4 --to 5" (2 files, and 1 results files of its runs)`) {
		t.Fatalf("another suite over it: %v", err)
	}
	if after, _ := os.ReadFile(filepath.Join(dir, "manifest.json")); string(after) != string(raw) {
		t.Fatal("the refused suite's manifest was changed")
	}
	if _, err := suite.Generate(ctx, dir, a); err != nil || len(notices) != 1 || !strings.Contains(notices[0], "holds this suite already") {
		t.Fatalf("the same suite again: %v %q", err, notices)
	}
	b.Force = true
	if _, err := suite.Generate(ctx, dir, b); err != nil {
		t.Fatal(err)
	}
	if len(notices) != 2 || !strings.Contains(notices[1], "removed the old suite") || !strings.Contains(notices[1], "results.jsonl") {
		t.Errorf("--force: %q", notices)
	}
	for _, r := range rowsA {
		if _, err := os.Stat(filepath.Join(dir, r.File)); err == nil {
			t.Errorf("%s of the old suite left", r.File)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "notes.txt")); err != nil {
		t.Error("a file that is not the old suite's was removed")
	}
	loose := t.TempDir()
	os.WriteFile(filepath.Join(loose, "mine.cnf"), []byte("p cnf 1 1\n1 0\n"), 0o644)
	if _, err := suite.Generate(ctx, loose, a); !errors.As(err, new(*nqueens.OptionError)) || !strings.Contains(err.Error(), "files that no manifest lists (mine.cnf)") {
		t.Errorf("loose files: %v", err)
	}
	a.Force = true
	if _, err := suite.Generate(ctx, loose, a); err != nil || !strings.Contains(notices[len(notices)-1], "left in") {
		t.Errorf("loose files, --force: %v %q", err, notices)
	}
}
