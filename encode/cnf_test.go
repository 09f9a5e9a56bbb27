package encode_test

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"testing"

	"github.com/queenslab/nqueens/cnf"
	"github.com/queenslab/nqueens/encode"
	"github.com/queenslab/nqueens/internal/brute"
	"github.com/queenslab/nqueens/internal/gent2017"
	"github.com/queenslab/nqueens/model"
)

func cnfOf(t *testing.T, p model.Problem, a encode.AMO) (*encode.CNF, *cnf.Formula) {
	t.Helper()
	c, err := encode.NewCNF(p, a)
	if err != nil {
		t.Fatal(err)
	}
	var f cnf.Formula
	c.Encode(&f)
	v, cl := c.Size()
	if f.Vars > v || len(f.Clauses) != cl {
		t.Fatalf("%s n = %d: formula has variables up to %d and %d clauses; Size says %d and %d", a.Name(), p.N, f.Vars, len(f.Clauses), v, cl)
	}
	f.Vars = v
	return c, &f
}

// TestCNFSize compares Size with what Encode adds, and the pairwise count
// at n = 200 with the closed form 2n(1 + C(n,2)) + 2(2C(n,3) + C(n,2)).
func TestCNFSize(t *testing.T) {
	for _, a := range allAMO(t) {
		for _, n := range []int{1, 2, 3, 4, 7, 12, 31} {
			p := model.Problem{N: n, Fixed: []model.Square{{Row: 0, Col: 0}}}
			if n > 1 {
				p.Blocked = []model.Square{{Row: 1, Col: 1}}
			}
			c, err := encode.NewCNF(p, a)
			if err != nil {
				t.Fatal(err)
			}
			var cnt cnf.Tally
			c.Encode(&cnt)
			v, cl := c.Size()
			if cnt.Clauses != cl || cnt.MaxVar > v || (n > 3 || a.Name() == "pairwise") && cnt.MaxVar != v {
				t.Errorf("%s n = %d: Encode gives %d clauses, variables up to %d; Size says %d, %d", a.Name(), n, cnt.Clauses, cnt.MaxVar, cl, v)
			}
		}
	}
	c, _ := encode.NewCNF(model.Classic(200), encode.Pairwise{})
	n := 200
	choose2, choose3 := n*(n-1)/2, n*(n-1)*(n-2)/6
	if _, cl := c.Size(); cl != 2*n*(1+choose2)+2*(2*choose3+choose2) {
		t.Errorf("pairwise n = 200: %d clauses", cl)
	}
}

// TestCNFCounts counts the models of the CNF of every encoding for
// n = 1..10 with gini, projected on the queen variables, and compares with
// Q(n); each model is decoded and verified. Parsimonious encodings must
// give Q(n) without projection too, the others more for some n.
func TestCNFCounts(t *testing.T) {
	maxN := 10
	if testing.Short() {
		maxN = 8
	}
	for _, a := range allAMO(t) {
		t.Run(a.Name(), func(t *testing.T) {
			for n := 1; n <= maxN; n++ {
				p := model.Classic(n)
				_, f := cnfOf(t, p, a)
				want, _, _ := model.KnownCount(n)
				got := countModels(t, f, n, n*n, 1<<20, func(q model.Placement) {
					if err := model.Verify(p, q); err != nil {
						t.Fatalf("n = %d: model is not a solution: %v", n, err)
					}
				})
				if uint64(got) != want {
					t.Errorf("n = %d: %d models projected on the queens, want Q(n) = %d", n, got, want)
				}
			}
			inflated := false
			for n := 1; n <= 6; n++ {
				_, f := cnfOf(t, model.Classic(n), a)
				want, _, _ := model.KnownCount(n)
				got := countModels(t, f, n, 0, int(want)+1, nil)
				if a.Parsimonious() && uint64(got) != want {
					t.Errorf("n = %d: %d models over all variables, want %d (the encoding claims to be parsimonious)", n, got, want)
				}
				inflated = inflated || uint64(got) > want
			}
			if !a.Parsimonious() && !inflated {
				t.Errorf("not parsimonious by its own account, yet the unprojected counts equal Q(n) for n <= 6")
			}
		})
	}
}

// randomProblem returns a problem of any variant on an n x n board:
// completion and blocked every other time, else pre-placed queens, blocked
// squares, excluded diagonals and sometimes a subset of rows and columns
// (brute.Problem).
func randomProblem(rng *rand.Rand, n int) model.Problem {
	if rng.IntN(2) == 0 {
		return brute.Problem(n, rng.IntN)
	}
	p := model.Problem{N: n}
	for range rng.IntN(3) {
		p.Fixed = append(p.Fixed, model.Square{Row: rng.IntN(n), Col: rng.IntN(n)})
	}
	for range rng.IntN(2 * n) {
		p.Blocked = append(p.Blocked, model.Square{Row: rng.IntN(n), Col: rng.IntN(n)})
	}
	return p
}

// TestCNFVariants counts random completion and blocked problems with every
// encoding against brute force.
func TestCNFVariants(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for i := range 40 {
		p := randomProblem(rng, 4+i%4)
		want := brute.Count(p)
		for _, a := range allAMO(t) {
			_, f := cnfOf(t, p, a)
			got := countModels(t, f, p.N, p.N*p.N, 1<<20, func(q model.Placement) {
				if err := model.Verify(p, q); err != nil {
					t.Fatalf("%+v %s: %v", p, a.Name(), err)
				}
			})
			if uint64(got) != want {
				t.Errorf("%+v with %s: %d solutions, brute force finds %d", p, a.Name(), got, want)
			}
		}
	}
}

// TestDIMACSRoundTrip writes the CNF, reads it back with the strict reader,
// and compares clause for clause; the header's projection set is 1..N*N
// when there are auxiliary variables.
func TestDIMACSRoundTrip(t *testing.T) {
	p := model.Problem{N: 6, Fixed: []model.Square{{Row: 1, Col: 2}}, Blocked: []model.Square{{Row: 0, Col: 0}, {Row: 5, Col: 5}}}
	for _, a := range allAMO(t) {
		c, want := cnfOf(t, p, a)
		var buf bytes.Buffer
		if err := encode.WriteDIMACS(context.Background(), &buf, c, encode.Options{Generator: "test"}); err != nil {
			t.Fatal(err)
		}
		got, info, err := cnf.ReadFormula(&buf)
		if err != nil {
			t.Fatalf("%s: reading what was written: %v", a.Name(), err)
		}
		if !reflect.DeepEqual(got.Clauses, want.Clauses) || got.Vars != want.Vars {
			t.Errorf("%s: clauses differ after the round trip", a.Name())
		}
		var ind []int
		if want.Vars > p.N*p.N {
			for v := 1; v <= p.N*p.N; v++ {
				ind = append(ind, v)
			}
		}
		if !reflect.DeepEqual(info.Ind, ind) {
			t.Errorf("%s: c ind = %v, want %v", a.Name(), info.Ind, ind)
		}
	}
}

// countingWriter counts bytes and keeps none.
type countingWriter struct{ n int64 }

func (w *countingWriter) Write(b []byte) (int, error) { w.n += int64(len(b)); return len(b), nil }

// TestDIMACSStreams writes a 35 MB formula and checks that the writer
// allocated a small fraction of that: nothing grows with the clauses.
func TestDIMACSStreams(t *testing.T) {
	if testing.Short() {
		t.Skip("writes 35 MB")
	}
	c, err := encode.NewCNF(model.Classic(400), encode.Sequential{})
	if err != nil {
		t.Fatal(err)
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	var w countingWriter
	if err := encode.WriteDIMACS(context.Background(), &w, c, encode.Options{}); err != nil {
		t.Fatal(err)
	}
	runtime.ReadMemStats(&after)
	alloc := after.TotalAlloc - before.TotalAlloc
	if w.n < 30<<20 || alloc > 2<<20 {
		t.Errorf("wrote %d bytes and allocated %d: want > 30 MB written with < 2 MB allocated", w.n, alloc)
	}
}

// TestDIMACSCancel: a cancelled context stops the writer with its error.
func TestDIMACSCancel(t *testing.T) {
	c, _ := encode.NewCNF(model.Classic(300), encode.Pairwise{})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var w countingWriter
	if err := encode.WriteDIMACS(ctx, &w, c, encode.Options{}); err != context.Canceled {
		t.Fatalf("error %v, want context.Canceled", err)
	}
	if w.n != 0 {
		t.Errorf("%d bytes written after cancel", w.n)
	}
}

func BenchmarkWriteDIMACS(b *testing.B) {
	for _, tc := range []struct {
		amo string
		n   int
	}{{"pairwise", 200}, {"sequential", 200}, {"sequential", 1000}} {
		b.Run(fmt.Sprintf("%s/n=%d", tc.amo, tc.n), func(b *testing.B) {
			a, _ := encode.ParseAMO(tc.amo)
			c, _ := encode.NewCNF(model.Classic(tc.n), a)
			var w countingWriter
			if err := encode.WriteDIMACS(context.Background(), &w, c, encode.Options{}); err != nil {
				b.Fatal(err)
			}
			b.SetBytes(w.n)
			b.ResetTimer()
			for b.Loop() {
				if err := encode.WriteDIMACS(context.Background(), &w, c, encode.Options{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestRowCubes: the cubes of the first d rows respect the problem and
// partition its solutions (brute force counts each cube's completions).
func TestRowCubes(t *testing.T) {
	for _, p := range []model.Problem{
		model.Classic(6), model.Classic(8),
		{N: 8, Fixed: []model.Square{{Row: 1, Col: 4}}, Blocked: []model.Square{{Row: 0, Col: 0}, {Row: 2, Col: 6}}},
	} {
		for _, d := range []int{1, 2, 3, p.N + 1} {
			cubes := encode.RowCubes(p, d)
			var sum uint64
			for _, cube := range cubes {
				if len(cube) != min(d, p.N) {
					t.Fatalf("n = %d, d = %d: cube %v", p.N, d, cube)
				}
				q := p
				q.Fixed = append([]model.Square(nil), p.Fixed...)
				var placed []model.Square
				for r, v := range cube {
					c := v - 1 - r*p.N
					if c < 0 || c >= p.N || encode.QueenVar(p.N, r, c) != v {
						t.Fatalf("cube %v: literal %d is not a queen of row %d", cube, v, r)
					}
					s := model.Square{Row: r, Col: c}
					for _, o := range append(placed, p.Blocked...) {
						if o == s || model.Attacks(o, s) && !slices.Contains(p.Blocked, o) {
							t.Fatalf("%s, d = %d: cube %v puts a queen on %v, against %v", p.Variant(), d, cube, s, o)
						}
					}
					for _, f := range p.Fixed {
						if f.Row == r && f.Col != c {
							t.Fatalf("%s, d = %d: cube %v leaves the pre-placed queen %v", p.Variant(), d, cube, f)
						}
					}
					placed = append(placed, s)
					q.Fixed = append(q.Fixed, s)
				}
				sum += brute.Count(q)
			}
			if want := brute.Count(p); sum != want {
				t.Errorf("%s n = %d, d = %d: %d cubes complete to %d solutions, want %d", p.Variant(), p.N, d, len(cubes), sum, want)
			}
		}
	}
}

// TestSumsPublished: on the sample of Gent, Jefferson and Nightingale's
// published excluded diagonals instances, the CNF with the diagonal sums
// gives gini the answers the authors recorded (every d of the lists up to
// n = 16; in -short mode up to n = 13), each model a solution; and the
// sums alone, before any search, leave some of them without a model (the
// empty clause of a constraint that cannot hold).
func TestSumsPublished(t *testing.T) {
	sample, err := gent2017.Sample(filepath.Join("..", "testdata", "gent2017"))
	if err != nil {
		t.Fatal(err)
	}
	maxN := 16
	if testing.Short() {
		maxN = 13
	}
	a, err := encode.ParseAMO("pairwise+sums")
	if err != nil {
		t.Fatal(err)
	}
	tried, emptied := 0, 0
	for _, in := range sample {
		if in.N > maxN {
			continue
		}
		tried++
		_, f := cnfOf(t, in.Problem, a)
		for _, c := range f.Clauses {
			if len(c) == 0 {
				emptied++
				break
			}
		}
		got := countModels(t, f, in.N, in.N*in.N, 1, func(q model.Placement) {
			if err := model.Verify(in.Problem, q); err != nil {
				t.Fatalf("%s: %v", in.Name(), err)
			}
		})
		if (got == 1) != in.Sat {
			t.Errorf("%s: gini finds %d models with the sums; the authors: satisfiable %v", in.Name(), got, in.Sat)
		}
	}
	if emptied == 0 || tried == 0 {
		t.Fatalf("%d instances, %d refuted by the sums alone: the test needs some of both", tried, emptied)
	}
	t.Logf("%d instances, %d refuted by the sums alone", tried, emptied)
}
