package encode_test

import (
	"bytes"
	"context"
	"fmt"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/queenslab/nqueens/cnf"
	"github.com/queenslab/nqueens/encode"
	"github.com/queenslab/nqueens/internal/brute"
	"github.com/queenslab/nqueens/model"
	"github.com/queenslab/nqueens/solvers/sat"
)

// TestShuffle: a scrambled file is the same formula under another name:
// its clauses, mapped back by the seed, are the plain file's, clause for
// clause; it has as many solutions on its projection as the board (gini
// lists them), each model decodes to a solution; it reads back as the
// encoding of its header's problem, but one scrambled with another seed
// under its header does not; its GBD hash is its own; a model of the plain
// file falsifies it.
func TestShuffle(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		p   model.Problem
		amo string
	}{
		{model.Classic(6), "pairwise"},
		{model.Classic(7), "sequential"},
		{model.Problem{N: 7, Fixed: []model.Square{{Row: 0, Col: 1}}}, "binary"},
		{model.Problem{N: 6, Blocked: []model.Square{{Row: 2, Col: 2}}}, "pairwise+sums"},
	} {
		name := fmt.Sprintf("%d-%s-%s", c.p.N, c.p.Variant(), c.amo)
		amo, err := encode.ParseAMO(c.amo)
		if err != nil {
			t.Fatal(err)
		}
		write := func(seed uint64) []byte {
			var b bytes.Buffer
			if err := encode.Write(ctx, &b, c.p, encode.DIMACS, amo, encode.OrganPipe, encode.Options{Shuffle: seed}); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			return b.Bytes()
		}
		plain, scrambled, other := write(0), write(42), write(43)
		pf, _, err := cnf.ReadFormula(bytes.NewReader(plain))
		if err != nil {
			t.Fatal(err)
		}
		sf, info, err := cnf.ReadFormula(bytes.NewReader(scrambled))
		if err != nil {
			t.Fatal(err)
		}
		if pf.Vars != sf.Vars || len(pf.Clauses) != len(sf.Clauses) || bytes.Equal(encode.Body(encode.DIMACS, plain), encode.Body(encode.DIMACS, scrambled)) {
			t.Fatalf("%s: %d/%d variables, %d/%d clauses, or the same body", name, pf.Vars, sf.Vars, len(pf.Clauses), len(sf.Clauses))
		}
		// Map the scrambled clauses back: the file's variable w is the
		// encoding's v with Perm[v] = w.
		sh, _ := encode.NewShuffle(42, pf.Vars)
		back := map[int]int{}
		for v := 1; v <= pf.Vars; v++ {
			back[abs(sh.Lit(v))] = v * sign(sh.Lit(v))
		}
		canon := func(cs [][]int, m func(int) int) []string {
			var out []string
			for _, cl := range cs {
				ls := make([]int, len(cl))
				for i, l := range cl {
					ls[i] = m(l)
				}
				slices.Sort(ls)
				out = append(out, fmt.Sprint(ls))
			}
			sort.Strings(out)
			return out
		}
		unmap := func(l int) int { return back[abs(l)] * sign(l) }
		if !slices.Equal(canon(pf.Clauses, func(l int) int { return l }), canon(sf.Clauses, unmap)) {
			t.Errorf("%s: the scrambled clauses, mapped back, are not the plain ones", name)
		}
		// As many solutions on its projection as the board has.
		n := uint64(0)
		_, err = sat.Gini{}.Enumerate(ctx, sf, sat.EnumOptions{Project: info.Ind, Jobs: 1}, func(m sat.Model) bool {
			q, err := encode.DecodeShuffled(c.p.N, sf.Vars, 42, func(v int) bool { return v < len(m) && m[v] })
			if err != nil || model.Verify(c.p, q) != nil {
				t.Errorf("%s: a model decodes to %v (%v)", name, q, err)
				return false
			}
			n++
			return true
		})
		if err != nil || n != brute.Count(c.p) || len(info.Ind) != c.p.N*c.p.N && c.amo != "pairwise" {
			t.Errorf("%s: %d models on %d projection variables (%v), brute force %d", name, n, len(info.Ind), err, brute.Count(c.p))
		}
		if _, same, err := encode.SameEncoding(ctx, encode.DIMACS, scrambled); err != nil || !same {
			t.Errorf("%s: the scrambled file is not its header's encoding: %v", name, err)
		}
		mixed := append(scrambled[:len(scrambled)-len(encode.Body(encode.DIMACS, scrambled)):len(scrambled)-len(encode.Body(encode.DIMACS, scrambled))], encode.Body(encode.DIMACS, other)...)
		if _, same, _ := encode.SameEncoding(ctx, encode.DIMACS, mixed); same {
			t.Errorf("%s: a body of seed 43 under the header of seed 42 is taken for its encoding", name)
		}
		g1, _ := cnf.GBDHash(bytes.NewReader(plain))
		g2, _ := cnf.GBDHash(bytes.NewReader(scrambled))
		if g1 == g2 {
			t.Errorf("%s: the same GBD hash", name)
		}
		if !strings.Contains(string(scrambled), "c shuffled with seed 42: ") {
			t.Errorf("%s: the header does not say it is shuffled", name)
		}
		// A model of the plain file does not satisfy the scrambled one.
		if brute.Count(c.p) > 0 {
			r, _ := sat.Gini{}.Solve(ctx, pf)
			if err := sat.CheckModel(sf, r.Model); err == nil {
				t.Errorf("%s: a model of the plain file satisfies the scrambled one", name)
			}
		}
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func sign(x int) int {
	if x < 0 {
		return -1
	}
	return 1
}
