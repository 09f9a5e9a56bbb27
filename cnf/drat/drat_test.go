package drat_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/queenslab/nqueens/cnf"
	"github.com/queenslab/nqueens/cnf/drat"
	"github.com/queenslab/nqueens/encode"
	"github.com/queenslab/nqueens/model"
)

// xor2 is (1 2)(1 -2)(-1 2)(-1 -2): unsatisfiable, but not refuted by unit
// propagation alone.
func xor2() *cnf.Formula {
	return &cnf.Formula{Vars: 2, Clauses: [][]int{{1, 2}, {1, -2}, {-1, 2}, {-1, -2}}}
}

// binary encodes a text proof in the binary format.
func binary(t *testing.T, text string) []byte {
	t.Helper()
	var b bytes.Buffer
	for _, line := range strings.Split(strings.TrimSpace(text), "\n") {
		if strings.HasPrefix(line, "c") {
			continue
		}
		f := strings.Fields(line)
		if len(f) > 0 && f[0] == "d" {
			b.WriteByte('d')
			f = f[1:]
		} else {
			b.WriteByte('a')
		}
		for _, s := range f {
			var v int
			fmt.Sscan(s, &v)
			u := uint64(2 * v)
			if v < 0 {
				u = uint64(-2*v + 1)
			}
			for u >= 0x80 {
				b.WriteByte(byte(u) | 0x80)
				u >>= 7
			}
			b.WriteByte(byte(u))
		}
	}
	return b.Bytes()
}

func TestSmallProofs(t *testing.T) {
	for _, tc := range []struct {
		name, proof string
		ok          bool
		step        int
	}{
		{"two units", "1 0\n0\n", true, 0},
		{"the other unit", "2 0\n0\n", true, 0},
		{"with deletions", "1 0\nd 1 2 0\nd 1 -2 0\n0\n", true, 0},
		{"comments", "c a comment\n1 0\nc another\n0\n", true, 0},
		{"a needless lemma", "1 2 3 0\n1 0\n0\n", true, 0},
		{"empty clause at once", "0\n", false, 1},
		{"no conflict at the end", "1 2 0\n", false, 0},
		{"a lemma not implied", "3 0\n-3 0\n0\n", false, 2},
		{"a deletion of a reason is ignored", "1 0\nd 1 0\n0\n", true, 0},
	} {
		for _, format := range []string{"text", "binary"} {
			proof := []byte(tc.proof)
			if format == "binary" {
				proof = binary(t, tc.proof)
			}
			res, err := drat.Check(context.Background(), xor2(), bytes.NewReader(proof))
			var de *drat.Error
			switch {
			case tc.ok && err != nil:
				t.Errorf("%s (%s): %v", tc.name, format, err)
			case tc.ok && res.Binary != (format == "binary"):
				t.Errorf("%s: read as binary = %v", tc.name, res.Binary)
			case !tc.ok && !errors.As(err, &de):
				t.Errorf("%s (%s): %v, want a *drat.Error", tc.name, format, err)
			case !tc.ok && de.Step != tc.step:
				t.Errorf("%s (%s): %v, want step %d", tc.name, format, err, tc.step)
			}
		}
	}
	for _, bad := range []string{"1 x 0\n", "- 0\n", "1 2", "99999999999 0\n"} {
		if _, err := drat.Check(context.Background(), xor2(), strings.NewReader(bad)); !errors.As(err, new(*drat.Error)) {
			t.Errorf("malformed %q: %v", bad, err)
		}
	}
	if _, err := drat.Check(context.Background(), xor2(), bytes.NewReader([]byte{'a', 0x82})); !errors.As(err, new(*drat.Error)) {
		t.Errorf("a binary step cut short: %v", err)
	}
}

// TestRATLemma: a lemma on a fresh variable is RAT (no clause holds its
// negation) without being RUP, and a proof whose refutation goes through it
// checks, with the lemma counted as RAT.
func TestRATLemma(t *testing.T) {
	// x = 4 defined as 1 AND 2 over xor2; (4) is not RUP but RAT on 4
	// (its resolvents (1) and (2) with (-4 1) and (-4 2) are RUP), and the
	// conflict it leads to needs it.
	proof := "-4 1 0\n-4 2 0\n4 -1 -2 0\n4 0\n0\n"
	res, err := drat.Check(context.Background(), xor2(), strings.NewReader(proof))
	if err != nil {
		t.Fatal(err)
	}
	if res.Lemmas != 5 || res.Core != 3 || res.RAT != 1 {
		t.Errorf("%+v, want 5 lemmas, 3 in the core, 1 RAT", res)
	}
	// (5) is RAT (nothing holds -5), (-5) is neither RUP nor RAT: its
	// resolvent with (5) is the empty clause.
	var de *drat.Error
	if _, err := drat.Check(context.Background(), xor2(), strings.NewReader("5 0\n-5 0\n")); !errors.As(err, &de) || de.Step != 2 || !strings.Contains(err.Error(), "neither RUP nor RAT") {
		t.Errorf("a lemma neither RUP nor RAT: %v", err)
	}
}

func requireCadical(t *testing.T) string {
	t.Helper()
	path, err := exec.LookPath("cadical")
	if err != nil {
		if os.Getenv("NQUEENS_REQUIRE_SOLVERS") == "1" {
			t.Fatalf("cadical is not installed, and NQUEENS_REQUIRE_SOLVERS=1")
		}
		t.Skip("SKIP: cadical is not installed")
	}
	return path
}

// cadicalProof encodes p, has cadical refute it, and returns the formula
// and its proof.
func cadicalProof(t *testing.T, p model.Problem, text bool) (*cnf.Formula, []byte) {
	t.Helper()
	dir := t.TempDir()
	var in bytes.Buffer
	c, err := encode.NewCNF(p, encode.Sequential{})
	if err != nil {
		t.Fatal(err)
	}
	if err := encode.WriteDIMACS(context.Background(), &in, c, encode.Options{}); err != nil {
		t.Fatal(err)
	}
	f, _, err := cnf.ReadFormula(bytes.NewReader(in.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	input, proof := filepath.Join(dir, "in.cnf"), filepath.Join(dir, "proof")
	os.WriteFile(input, in.Bytes(), 0o644)
	args := []string{"-q", input, proof}
	if text {
		args = append([]string{"--no-binary"}, args...)
	}
	out, err := exec.Command(requireCadical(t), args...).Output()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 20 {
		t.Fatalf("cadical: %v %s", err, out)
	}
	raw, err := os.ReadFile(proof)
	if err != nil {
		t.Fatal(err)
	}
	return f, raw
}

// unsatCompletions are completion problems without a solution that unit
// propagation does not refute by itself.
var unsatCompletions = []model.Problem{
	{N: 8, Fixed: []model.Square{{Row: 0, Col: 0}, {Row: 1, Col: 3}}},
	{N: 10, Fixed: []model.Square{{Row: 0, Col: 0}, {Row: 1, Col: 2}, {Row: 2, Col: 4}}},
	{N: 6, Fixed: []model.Square{{Row: 0, Col: 0}}},
}

// TestCadicalProofs: cadical's proofs of unsatisfiable completion problems
// check, in text and binary. Every proof made from one by removing a lemma
// or flipping a literal of one is judged against a plain forward checker
// written here (each lemma RUP or RAT in order, a conflict at the end):
// what the forward checker accepts must pass, what the backward check
// refuses the forward one must refuse too, and some must be refused; the
// proof without its lemmas is refused.
func TestCadicalProofs(t *testing.T) {
	for k, p := range unsatCompletions {
		for _, text := range []bool{true, false} {
			name := fmt.Sprintf("n%d-fixed%d-text=%v", p.N, len(p.Fixed), text)
			t.Run(name, func(t *testing.T) {
				f, proof := cadicalProof(t, p, text)
				res, err := drat.Check(context.Background(), f, bytes.NewReader(proof))
				if err != nil {
					t.Fatal(err)
				}
				if res.Binary == text || res.Lemmas == 0 || res.Core == 0 || res.Core > res.Lemmas {
					t.Fatalf("%+v", res)
				}
				if !text {
					return
				}
				if _, err := drat.Check(context.Background(), f, strings.NewReader("0\n")); !errors.As(err, new(*drat.Error)) {
					t.Errorf("the empty clause alone passed: %v", err)
				}
				if k > 0 {
					return // the sweep on the smallest proof is enough
				}
				lines := strings.Split(strings.TrimSpace(string(proof)), "\n")
				refused := 0
				judge := func(what string, corrupt []string) {
					text := strings.Join(corrupt, "\n") + "\n"
					_, err := drat.Check(context.Background(), f, strings.NewReader(text))
					if err != nil && !errors.As(err, new(*drat.Error)) {
						t.Fatalf("%s: %v", what, err)
					}
					forward := forwardCheck(f, corrupt)
					if forward && err != nil {
						t.Errorf("%s: refused (%v), but the forward check accepts it", what, err)
					}
					if err != nil {
						refused++
					}
				}
				for i, l := range lines {
					if strings.HasPrefix(l, "d ") || l == "0" {
						continue
					}
					judge(fmt.Sprintf("lemma %d %q removed", i+1, l), append(append([]string(nil), lines[:i]...), lines[i+1:]...))
					flipped := append([]string(nil), lines...)
					fs := strings.Fields(l)
					fs[0] = strings.TrimPrefix("-"+fs[0], "--")
					flipped[i] = strings.Join(fs, " ")
					judge(fmt.Sprintf("lemma %d %q flipped", i+1, l), flipped)
				}
				if refused == 0 {
					t.Errorf("no corrupted proof refused")
				}
				t.Logf("%d lemmas, %d in the core; %d of the corrupted proofs refused", res.Lemmas, res.Core, refused)
			})
		}
	}
}

// forwardCheck is the plain checker the tests judge by: every lemma, in
// order, RUP or RAT on its first literal in the clauses as they stand,
// deletions applied (units kept), and a conflict by unit propagation at
// the end. Slow, and simple enough to trust.
func forwardCheck(f *cnf.Formula, lines []string) bool {
	db := [][]int{}
	for _, c := range f.Clauses {
		db = append(db, append([]int(nil), c...))
	}
	for _, line := range lines {
		fs := strings.Fields(line)
		del := len(fs) > 0 && fs[0] == "d"
		if del {
			fs = fs[1:]
		}
		var lits []int
		for _, s := range fs[:len(fs)-1] {
			var v int
			fmt.Sscan(s, &v)
			lits = append(lits, v)
		}
		if del {
			for i, c := range db {
				if len(c) > 1 && sameSet(c, lits) {
					db = append(db[:i], db[i+1:]...)
					break
				}
			}
			continue
		}
		if !naiveRUP(db, lits) && !naiveRAT(db, lits) {
			return false
		}
		if len(lits) == 0 {
			return true
		}
		db = append(db, lits)
	}
	return naiveRUP(db, nil)
}

func sameSet(a, b []int) bool {
	has := func(s []int, x int) bool {
		for _, y := range s {
			if y == x {
				return true
			}
		}
		return false
	}
	for _, x := range a {
		if !has(b, x) {
			return false
		}
	}
	for _, x := range b {
		if !has(a, x) {
			return false
		}
	}
	return true
}

// naiveRUP: unit propagation over db with the negation of lits assumed
// reaches a conflict.
func naiveRUP(db [][]int, lits []int) bool {
	val := map[int]bool{}     // variable -> value
	set := func(l int) bool { // false on a contradiction
		v, want := l, true
		if l < 0 {
			v, want = -l, false
		}
		if old, ok := val[v]; ok {
			return old == want
		}
		val[v] = want
		return true
	}
	for _, l := range lits {
		if !set(-l) {
			return true
		}
	}
	for changed := true; changed; {
		changed = false
		for _, c := range db {
			open, unit := 0, 0
			sat := false
			for _, l := range c {
				v := l
				if v < 0 {
					v = -v
				}
				x, ok := val[v]
				switch {
				case !ok:
					open, unit = open+1, l
				case x == (l > 0):
					sat = true
				}
			}
			switch {
			case sat:
			case open == 0:
				return true
			case open == 1:
				set(unit)
				changed = true
			}
		}
	}
	return false
}

// naiveRAT: every resolvent on the first literal of lits is RUP.
func naiveRAT(db [][]int, lits []int) bool {
	if len(lits) == 0 {
		return false
	}
	p := lits[0]
	for _, c := range db {
		has := false
		for _, l := range c {
			has = has || l == -p
		}
		if !has {
			continue
		}
		res := append([]int(nil), lits...)
		taut := false
		for _, l := range c {
			if l == -p {
				continue
			}
			for _, m := range lits {
				taut = taut || m == -l
			}
			res = append(res, l)
		}
		if !taut && !naiveRUP(db, res) {
			return false
		}
	}
	return true
}

// TestCancel: a cancelled context stops the check.
func TestCancel(t *testing.T) {
	f, proof := cadicalProof(t, unsatCompletions[1], true)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := drat.Check(ctx, f, bytes.NewReader(proof)); !errors.Is(err, context.Canceled) {
		t.Errorf("%v", err)
	}
}

// FuzzCheck: any bytes as a proof of xor2 are checked or refused with a
// *drat.Error, without a panic; what checks is a refutation (xor2 is
// unsatisfiable, so no false claim can pass here, but the code paths run).
func FuzzCheck(f *testing.F) {
	for _, s := range []string{"1 0\n0\n", "2 0\nd 1 2 0\n0\n", "-4 1 0\n-4 2 0\n4 -1 -2 0\n1 0\n4 0\n0\n", "0\n", "c x\n"} {
		f.Add([]byte(s))
	}
	f.Add([]byte{'a', 0x02, 0x00, 'a', 0x00})
	f.Fuzz(func(t *testing.T, proof []byte) {
		_, err := drat.Check(context.Background(), xor2(), bytes.NewReader(proof))
		if err != nil && !errors.As(err, new(*drat.Error)) {
			t.Fatalf("error of type %T: %v", err, err)
		}
	})
}
