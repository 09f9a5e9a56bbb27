package encode_test

import (
	"math/bits"
	"testing"

	"github.com/queenslab/nqueens/cnf"
	"github.com/queenslab/nqueens/encode"
)

// amoTable encodes AMO(x_1..x_k) and evaluates it on every assignment of the
// k literals and the auxiliary variables (bitmask clauses), returning for
// each assignment of the literals the number of its extensions to models.
func amoTable(t *testing.T, a encode.AMO, k int) (ext []int, aux int) {
	t.Helper()
	lits := make([]int, k)
	for i := range lits {
		lits[i] = i + 1
	}
	var f cnf.Formula
	vars := cnf.NewVars(k)
	a.Encode(&f, vars, lits)
	aux = vars.Top() - k
	wantV, wantC := a.Size(k)
	if aux != wantV || len(f.Clauses) != wantC {
		t.Fatalf("%s, k = %d: %d variables and %d clauses, the formula says %d and %d", a.Name(), k, aux, len(f.Clauses), wantV, wantC)
	}
	if f.Vars > vars.Top() {
		t.Fatalf("%s, k = %d: clause uses variable %d beyond the %d handed out", a.Name(), k, f.Vars, vars.Top())
	}
	if k+aux > 24 {
		t.Fatalf("%s, k = %d: %d auxiliary variables, too many to enumerate", a.Name(), k, aux)
	}
	type cl struct{ pos, neg uint64 }
	cls := make([]cl, len(f.Clauses))
	for i, c := range f.Clauses {
		if len(c) == 0 {
			t.Fatalf("%s, k = %d: empty clause", a.Name(), k)
		}
		for _, l := range c {
			if l > 0 {
				cls[i].pos |= 1 << (l - 1)
			} else {
				cls[i].neg |= 1 << (-l - 1)
			}
		}
	}
	ext = make([]int, 1<<k)
	for asg := uint64(0); asg < 1<<(k+aux); asg++ {
		ok := true
		for _, c := range cls {
			if asg&c.pos == 0 && ^asg&c.neg == 0 {
				ok = false
				break
			}
		}
		if ok {
			ext[asg&(1<<k-1)]++
		}
	}
	return ext, aux
}

// TestAMOExhaustive checks every encoding for k = 0..10 on every assignment
// of the k literals: with at most one true it extends to a model (to exactly
// one when the encoding says it is parsimonious), with two or more it does
// not; and the clause and variable counts equal the formulas of Size.
func TestAMOExhaustive(t *testing.T) {
	for _, a := range allAMO(t) {
		t.Run(a.Name(), func(t *testing.T) {
			extra := false // some assignment has more than one extension
			for k := 0; k <= 10; k++ {
				ext, _ := amoTable(t, a, k)
				for x, e := range ext {
					ones := bits.OnesCount(uint(x))
					switch {
					case ones <= 1 && e == 0:
						t.Fatalf("k = %d: assignment %0*b (one or no literal true) has no model", k, k, x)
					case ones >= 2 && e > 0:
						t.Fatalf("k = %d: assignment %0*b (%d literals true) has %d models", k, k, x, ones, e)
					case ones <= 1 && e > 1:
						extra = true
						if a.Parsimonious() {
							t.Fatalf("k = %d: assignment %0*b has %d models, but the encoding claims to be parsimonious", k, k, x, e)
						}
					}
				}
			}
			if !a.Parsimonious() && !extra {
				t.Errorf("the encoding says it is not parsimonious, but every assignment for k <= 10 has one model")
			}
		})
	}
}

// TestAMOSizeLarge checks the formulas of Size against the encoders for
// larger k, where enumeration is out of reach.
func TestAMOSizeLarge(t *testing.T) {
	for _, a := range allAMO(t) {
		for _, k := range []int{11, 16, 17, 31, 64, 100, 257, 1000} {
			lits := make([]int, k)
			for i := range lits {
				lits[i] = i + 1
			}
			var c cnf.Tally
			vars := cnf.NewVars(k)
			a.Encode(&c, vars, lits)
			v, cl := a.Size(k)
			if vars.Top()-k != v || c.Clauses != cl {
				t.Errorf("%s, k = %d: %d variables and %d clauses, the formula says %d and %d", a.Name(), k, vars.Top()-k, c.Clauses, v, cl)
			}
		}
	}
}

func TestParseAMO(t *testing.T) {
	for _, tc := range []struct{ in, want, err string }{
		{"pairwise", "pairwise", ""},
		{"commander", "commander:3", ""},
		{"commander:5", "commander:5", ""},
		{"bimander", "bimander", ""},
		{"bimander:4", "bimander:4", ""},
		{"commander:1", "", "encode: commander group size must be at least 2, not 1"},
		{"bimander:0", "", "encode: bimander group count must be at least 1, not 0"},
		{"commander:x", "", `encode: at-most-one encoding "commander:x": parameter "x" is not a whole number`},
		{"pairwise:2", "", `encode: at-most-one encoding "pairwise" takes no parameter`},
		{"totalizer", "", `encode: unknown at-most-one encoding "totalizer" (known: pairwise, sequential, ladder, commander, product, bimander, binary)`},
	} {
		a, err := encode.ParseAMO(tc.in)
		switch {
		case tc.err != "":
			if err == nil || err.Error() != tc.err {
				t.Errorf("ParseAMO(%q) error = %v, want %q", tc.in, err, tc.err)
			}
		case err != nil:
			t.Errorf("ParseAMO(%q): %v", tc.in, err)
		case a.Name() != tc.want:
			t.Errorf("ParseAMO(%q).Name() = %q, want %q", tc.in, a.Name(), tc.want)
		}
	}
}
