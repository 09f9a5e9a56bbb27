package lab_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ulikunitz/xz"

	"github.com/queenslab/nqueens/cnf"
	"github.com/queenslab/nqueens/cnf/drat"
	"github.com/queenslab/nqueens/encode"
	"github.com/queenslab/nqueens/internal/brute"
	"github.com/queenslab/nqueens/lab"
	"github.com/queenslab/nqueens/model"
	"github.com/queenslab/nqueens/solvers/sat"
)

// TestCheckOutsideEveryCombination judges every kind of DIMACS answer to
// every kind of file: files whose header tells the truth, files whose
// clauses were swapped for those of another problem under the same header
// (with the truth of the header's problem and of the file's clauses
// apart), and files with no header; each plain and compressed three ways;
// answers SAT with a model of the file, SAT with a model that breaks it,
// UNSAT and UNKNOWN; UNSAT with no proof, cadical's proof of the file, and
// a proof that does not refute it. The verdict must be the one the trust
// rules give, computed here from brute force apart from CheckOutside: an
// answer is never valid when what it says is false, of the file or of the
// board, and a proof speaks of the board only where the file is the
// board's encoding.
func TestCheckOutsideEveryCombination(t *testing.T) {
	cadical, err := exec.LookPath("cadical")
	if err != nil {
		if os.Getenv("NQUEENS_REQUIRE_SOLVERS") == "1" {
			t.Fatal("cadical is not installed, and NQUEENS_REQUIRE_SOLVERS=1")
		}
		t.Log("cadical is not installed: no proofs")
	}
	ctx := context.Background()
	fix := func(n int, sq ...model.Square) model.Problem { return model.Problem{N: n, Fixed: sq} }
	// The problems: classic with solutions (OEIS), classic without (N = 3),
	// a variant with one solution and one with none.
	problems := map[string]model.Problem{
		"classic6": model.Classic(6), "classic3": model.Classic(3),
		"fix12": fix(6, model.Square{Row: 0, Col: 1}), "fix11": fix(6, model.Square{Row: 0, Col: 0}),
	}
	write := func(p model.Problem) []byte {
		var b bytes.Buffer
		if err := encode.Write(ctx, &b, p, encode.DIMACS, nil, encode.OrganPipe, encode.Options{Generator: "nqueens test"}); err != nil {
			t.Fatal(err)
		}
		return b.Bytes()
	}
	type file struct {
		name   string
		data   []byte
		header *model.Problem // the header's problem; nil: no header
		clause model.Problem  // the problem whose clauses the file holds
	}
	var files []file
	for hn, hp := range problems {
		files = append(files, file{hn, write(hp), &hp, hp})
		for bn, bp := range problems {
			if bn != hn && bp.N == hp.N {
				// The header of hp over the clauses of bp.
				h := write(hp)
				head := h[:len(h)-len(encode.Body(encode.DIMACS, h))]
				files = append(files, file{hn + "-over-" + bn, append(append([]byte(nil), head...), encode.Body(encode.DIMACS, write(bp))...), &hp, bp})
			}
		}
		files = append(files, file{"noheader-" + hn, encode.Body(encode.DIMACS, write(hp)), nil, hp})
	}
	compressions := map[string]func([]byte) []byte{
		"plain": func(b []byte) []byte { return b },
		"gzip": func(b []byte) []byte {
			var z bytes.Buffer
			w := gzip.NewWriter(&z)
			w.Write(b)
			w.Close()
			return z.Bytes()
		},
		"xz": func(b []byte) []byte {
			var z bytes.Buffer
			w, _ := xz.NewWriter(&z)
			w.Write(b)
			w.Close()
			return z.Bytes()
		},
	}
	if bz, err := exec.LookPath("bzip2"); err == nil {
		compressions["bzip2"] = func(b []byte) []byte {
			cmd := exec.Command(bz, "-c")
			cmd.Stdin = bytes.NewReader(b)
			out, err := cmd.Output()
			if err != nil {
				t.Fatal(err)
			}
			return out
		}
	}
	dir := t.TempDir()
	cases := 0
	for _, f := range files {
		formula, _, err := cnf.ReadFormula(bytes.NewReader(f.data))
		if err != nil {
			t.Fatal(err)
		}
		res, err := sat.Gini{}.Solve(ctx, formula)
		if err != nil {
			t.Fatal(err)
		}
		fileSat := res.Status == sat.Sat
		if fileSat != (brute.Count(f.clause) > 0) {
			t.Fatalf("%s: gini says %v, brute force %d solutions", f.name, res.Status, brute.Count(f.clause))
		}
		boardSat := f.header != nil && brute.Count(*f.header) > 0
		same := f.header != nil && !strings.Contains(f.name, "-over-")
		type answer struct {
			name, text string
			claim      sat.Status // what the answer says
			modelOK    bool       // a model that satisfies the clauses
		}
		answers := []answer{{"UNSAT", "s UNSATISFIABLE\n", sat.Unsat, false}, {"UNKNOWN", "s UNKNOWN\n", sat.Unknown, false}}
		var none bytes.Buffer
		sat.WriteModel(&none, make(sat.Model, formula.Vars+1))
		answers = append(answers, answer{"a model of no queen", "s SATISFIABLE\n" + none.String(), sat.Sat, false})
		if fileSat {
			var m bytes.Buffer
			sat.WriteModel(&m, res.Model)
			answers = append(answers, answer{"a model of the file", "s SATISFIABLE\n" + m.String(), sat.Sat, true})
		}
		type proof struct {
			name string
			data []byte
		}
		proofs := []proof{{"no proof", nil}}
		if !fileSat && cadical != "" {
			path, p := filepath.Join(dir, "f.cnf"), filepath.Join(dir, "f.drat")
			os.WriteFile(path, f.data, 0o644)
			exec.Command(cadical, "-q", path, p).Run()
			data, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			proofs = append(proofs, proof{"cadical's proof", data})
		}
		// A proof that refutes nothing: a lemma that is no consequence.
		proofs = append(proofs, proof{"a bogus proof", []byte("1 2 3 0\n")})
		for cn, compress := range compressions {
			data := compress(f.data)
			for _, a := range answers {
				for _, pr := range proofs {
					if pr.data != nil && a.claim != sat.Unsat {
						continue
					}
					name := fmt.Sprintf("%s/%s/%s/%s", f.name, cn, a.name, pr.name)
					cases++
					o := lab.CheckOptions{}
					proofOK := false
					if pr.data != nil {
						o.Proof = bytes.NewReader(pr.data)
						_, err := drat.Check(ctx, formula, bytes.NewReader(pr.data))
						proofOK = err == nil
					}
					c, err := lab.CheckOutside(ctx, encode.DIMACS, data, strings.NewReader(a.text), o)
					if err != nil {
						t.Errorf("%s: %v", name, err)
						continue
					}
					want, scopeFile := expectedVerdict(f.header, same, fileSat, boardSat, a.claim, a.modelOK, pr.data != nil, proofOK, c.Placement)
					got := verdictOf(c)
					if got != want || c.FileOnly != scopeFile || c.Same != same {
						t.Errorf("%s: %s (file only %v, same %v; %s), want %s (file only %v, same %v)", name, got, c.FileOnly, c.Same, c.Detail, want, scopeFile, same)
					}
					// What a valid verdict says is true, whatever the rules.
					if got == "valid" && a.claim == sat.Unsat && (fileSat || !c.FileOnly && boardSat) {
						t.Errorf("%s: valid UNSAT of a satisfiable %s", name, map[bool]string{true: "file", false: "board"}[fileSat])
					}
				}
			}
		}
	}
	if cases < 250 {
		t.Errorf("only %d combinations judged", cases)
	}
}

// verdictOf is the word of a verdict, as verify --instance prints it.
func verdictOf(c lab.Checked) string {
	switch {
	case c.Status == lab.Wrong:
		return "WRONG"
	case c.Verified:
		return "valid"
	}
	return "unverified"
}

// expectedVerdict is the verdict the trust rules give an answer, from what
// brute force says of the file's clauses (fileSat) and of the header's
// problem (boardSat): a model is checked against the clauses, then its
// queens against the header's problem; "no solution" is wrong where the
// header's problem is known to have one (OEIS for the classic problem),
// whatever a proof says; a proof that checks certifies the file, and the
// board too where the file is its encoding; otherwise "no solution" of
// the board's encoding is held to the truth: wrong where the board has a
// solution, valid without a proof where it has none, unverified with a
// proof that fails.
func expectedVerdict(header *model.Problem, same, fileSat, boardSat bool, claim sat.Status, modelOK, proofGiven, proofOK bool, q model.Placement) (verdict string, fileOnly bool) {
	switch claim {
	case sat.Unknown:
		return "unverified", false
	case sat.Sat:
		switch {
		case !modelOK:
			return "WRONG", false
		case header == nil:
			return "valid", false
		case model.Verify(*header, q) != nil:
			return "WRONG", false
		}
		return "valid", false
	}
	if header != nil && header.IsClassic() && boardSat {
		return "WRONG", false
	}
	switch {
	case proofGiven && proofOK:
		return "valid", header != nil && !same
	case header == nil || !same:
		return "unverified", false
	case boardSat:
		return "WRONG", false
	case proofGiven:
		return "unverified", false
	}
	return "valid", false
}
