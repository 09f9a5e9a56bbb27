package dlx_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/queenslab/nqueens/encode"
	"github.com/queenslab/nqueens/internal/brute"
	"github.com/queenslab/nqueens/model"
	"github.com/queenslab/nqueens/solvers/dlx"
	"github.com/queenslab/nqueens/xcc"
)

func queens(t testing.TB, p model.Problem, order encode.Order) (*dlx.Problem, []model.Square) {
	t.Helper()
	x, squares, err := encode.QueensCover(p, order)
	if err != nil {
		t.Fatal(err)
	}
	d, err := dlx.New(x)
	if err != nil {
		t.Fatal(err)
	}
	return d, squares
}

// TestQueens counts n = 1..12 in both orders against Q(n), serial and
// parallel, and verifies every solution for n <= 8.
func TestQueens(t *testing.T) {
	maxN := 12
	if testing.Short() {
		maxN = 10
	}
	for _, order := range []encode.Order{encode.OrganPipe, encode.Natural} {
		for n := 1; n <= maxN; n++ {
			want, _, _ := model.KnownCount(n)
			p := model.Classic(n)
			d, squares := queens(t, p, order)
			got, st, err := d.Enumerate(context.Background(), func(opts []int) bool {
				if n > 8 {
					return true
				}
				q := make(model.Placement, n)
				for i := range q {
					q[i] = model.Unset
				}
				for _, o := range opts {
					q[squares[o].Row] = squares[o].Col
				}
				if err := model.Verify(p, q); err != nil {
					t.Fatalf("n = %d: %v", n, err)
				}
				return true
			})
			if err != nil || got != want {
				t.Errorf("n = %d %s: %d solutions (%v), want %d", n, order, got, err, want)
			}
			for _, jobs := range []int{2, 3} {
				par, pst, err := d.Count(context.Background(), jobs)
				if err != nil || par != want || pst.Nodes != st.Nodes {
					t.Errorf("n = %d %s, %d jobs: %d solutions, %d nodes (%v); serial %d, %d nodes", n, order, jobs, par, pst.Nodes, err, want, st.Nodes)
				}
			}
			// The structure is restored: counting again gives the same.
			if again, st2, _ := d.Count(context.Background(), 1); again != want || st2 != st {
				t.Errorf("n = %d: second count %d %+v, first %+v", n, again, st2, st)
			}
		}
	}
}

// TestVariants counts completion and blocked problems against backtracking
// by brute force.
func TestVariants(t *testing.T) {
	for _, p := range []model.Problem{
		{N: 8, Fixed: []model.Square{{Row: 0, Col: 0}}},
		{N: 8, Fixed: []model.Square{{Row: 0, Col: 0}, {Row: 1, Col: 1}}},
		{N: 8, Blocked: []model.Square{{Row: 3, Col: 3}, {Row: 4, Col: 4}, {Row: 0, Col: 7}}},
		{N: 7, Fixed: []model.Square{{Row: 6, Col: 1}}, Blocked: []model.Square{{Row: 0, Col: 0}}},
	} {
		d, _ := queens(t, p, encode.OrganPipe)
		got, _, _ := d.Count(context.Background(), 1)
		if want := brute.Count(p); got != want {
			t.Errorf("%+v: %d, want %d", p, got, want)
		}
	}
}

// langford is the exact cover of Langford pairs for n: place two copies of
// each i in 1..n in 2n slots, i other numbers between them.
func langford(n int) *xcc.Problem {
	x := &xcc.Problem{}
	for i := 1; i <= n; i++ {
		x.Primary = append(x.Primary, fmt.Sprint("d", i))
	}
	for s := 0; s < 2*n; s++ {
		x.Primary = append(x.Primary, fmt.Sprint("s", s))
	}
	for i := 1; i <= n; i++ {
		for s := 0; s+i+1 < 2*n; s++ {
			x.Options = append(x.Options, []int{i - 1, n + s, n + s + i + 1})
		}
	}
	return x
}

// TestLangford: the number of Langford pairings (OEIS A014552) is half the
// number of exact covers (a pairing and its reversal are both covers).
func TestLangford(t *testing.T) {
	for n, pairings := range map[int]uint64{1: 0, 2: 0, 3: 1, 4: 1, 5: 0, 6: 0, 7: 26, 8: 150, 11: 17792} {
		d, err := dlx.New(langford(n))
		if err != nil {
			t.Fatal(err)
		}
		if got, _, _ := d.Count(context.Background(), 2); got != 2*pairings {
			t.Errorf("Langford n = %d: %d covers, want %d", n, got, 2*pairings)
		}
	}
}

// pieces are the 12 pentominoes as cell lists.
var pentominoes = map[string][][2]int{
	"F": {{0, 1}, {0, 2}, {1, 0}, {1, 1}, {2, 1}}, "I": {{0, 0}, {0, 1}, {0, 2}, {0, 3}, {0, 4}},
	"L": {{0, 0}, {1, 0}, {2, 0}, {3, 0}, {3, 1}}, "N": {{0, 1}, {1, 1}, {2, 0}, {2, 1}, {3, 0}},
	"P": {{0, 0}, {0, 1}, {1, 0}, {1, 1}, {2, 0}}, "T": {{0, 0}, {0, 1}, {0, 2}, {1, 1}, {2, 1}},
	"U": {{0, 0}, {0, 2}, {1, 0}, {1, 1}, {1, 2}}, "V": {{0, 0}, {1, 0}, {2, 0}, {2, 1}, {2, 2}},
	"W": {{0, 0}, {1, 0}, {1, 1}, {2, 1}, {2, 2}}, "X": {{0, 1}, {1, 0}, {1, 1}, {1, 2}, {2, 1}},
	"Y": {{0, 1}, {1, 0}, {1, 1}, {2, 1}, {3, 1}}, "Z": {{0, 0}, {0, 1}, {1, 1}, {2, 1}, {2, 2}},
}

// packing is the exact cover of packing the given polyominoes, each once,
// in every rotation and reflection, into an h x w box.
func packing(pieces map[string][][2]int, h, w int) *xcc.Problem {
	x := &xcc.Problem{}
	names := make([]string, 0, len(pieces))
	for name := range pieces {
		names = append(names, name)
	}
	sort.Strings(names)
	x.Primary = append(x.Primary, names...)
	for r := 0; r < h; r++ {
		for c := 0; c < w; c++ {
			x.Primary = append(x.Primary, fmt.Sprintf("%d_%d", r, c))
		}
	}
	for k, name := range names {
		shapes := map[string][][2]int{}
		cells := pieces[name]
		for s := 0; s < 8; s++ {
			var img [][2]int
			for _, rc := range cells {
				r, c := rc[0], rc[1]
				if s&4 != 0 {
					c = -c
				}
				for range s & 3 {
					r, c = c, -r
				}
				img = append(img, [2]int{r, c})
			}
			minR, minC := 1<<30, 1<<30
			for _, rc := range img {
				minR, minC = min(minR, rc[0]), min(minC, rc[1])
			}
			for i := range img {
				img[i][0] -= minR
				img[i][1] -= minC
			}
			sort.Slice(img, func(a, b int) bool { return img[a][0] < img[b][0] || img[a][0] == img[b][0] && img[a][1] < img[b][1] })
			shapes[fmt.Sprint(img)] = img
		}
		keys := make([]string, 0, len(shapes))
		for key := range shapes {
			keys = append(keys, key)
		}
		sort.Strings(keys)
		for _, key := range keys {
			img := shapes[key]
			for r := 0; r < h; r++ {
				for c := 0; c < w; c++ {
					opt := []int{k}
					ok := true
					for _, rc := range img {
						rr, cc := r+rc[0], c+rc[1]
						if rr >= h || cc >= w {
							ok = false
							break
						}
						opt = append(opt, len(names)+rr*w+cc)
					}
					if ok {
						x.Options = append(x.Options, opt)
					}
				}
			}
		}
	}
	return x
}

// TestPackings: pentominoes fill a 3x20 box in 2 ways and a 5x12 box in
// 1010 ways up to the box's 4 symmetries (every solution counted in its 4
// images: 8 and 4040 covers); dominoes tile a 4x4 square in 36 ways and
// a 6x6 in 6728 (OEIS A004003).
func TestPackings(t *testing.T) {
	domino := func(h, w int) *xcc.Problem {
		x := &xcc.Problem{}
		for r := 0; r < h; r++ {
			for c := 0; c < w; c++ {
				x.Primary = append(x.Primary, fmt.Sprintf("%d_%d", r, c))
				if c+1 < w {
					x.Options = append(x.Options, []int{r*w + c, r*w + c + 1})
				}
				if r+1 < h {
					x.Options = append(x.Options, []int{r*w + c, (r+1)*w + c})
				}
			}
		}
		return x
	}
	cases := []struct {
		name string
		x    *xcc.Problem
		want uint64
	}{
		{"dominoes 4x4", domino(4, 4), 36},
		{"dominoes 6x6", domino(6, 6), 6728},
		{"pentominoes 3x20", packing(pentominoes, 3, 20), 8},
	}
	if !testing.Short() {
		cases = append(cases, struct {
			name string
			x    *xcc.Problem
			want uint64
		}{"pentominoes 5x12", packing(pentominoes, 5, 12), 4040})
	}
	for _, tc := range cases {
		d, err := dlx.New(tc.x)
		if err != nil {
			t.Fatal(err)
		}
		if got, _, _ := d.Count(context.Background(), 2); got != tc.want {
			t.Errorf("%s: %d covers, want %d", tc.name, got, tc.want)
		}
	}
}

func TestFirstAndStop(t *testing.T) {
	d, squares := queens(t, model.Classic(8), encode.Natural)
	first, _, err := d.First(context.Background())
	if err != nil || len(first) != 8 {
		t.Fatalf("first: %v %v", first, err)
	}
	q := make(model.Placement, 8)
	for _, o := range first {
		q[squares[o].Row] = squares[o].Col
	}
	if err := model.Verify(model.Classic(8), q); err != nil {
		t.Errorf("first solution %v: %v", q, err)
	}
	// Stopping early leaves the structure whole.
	n, _, _ := d.Enumerate(context.Background(), func([]int) bool { return false })
	all, _, _ := d.Count(context.Background(), 1)
	if n != 1 || all != 92 {
		t.Errorf("after a stop: %d then %d", n, all)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	d16, _ := queens(t, model.Classic(16), encode.OrganPipe)
	if _, _, err := d16.Count(ctx, 1); err != context.Canceled {
		t.Errorf("cancelled count: %v", err)
	}
	if _, _, err := d16.Count(ctx, 2); err != context.Canceled {
		t.Errorf("cancelled parallel count: %v", err)
	}
}

func TestNodesLikeKnuth(t *testing.T) {
	// Knuth's DLX1 (dlx1.w of his programs for TAOCP 7.2.2.1, built with
	// ctangle and cc -O2) on the output of nqueens encode N -f xcc
	// [--fix ...], as it printed them: "Altogether ... updates ... nodes".
	for _, tc := range []struct {
		p              model.Problem
		count          uint64
		nodes, updates uint64
	}{
		{model.Classic(8), 92, 1049, 16680},
		{model.Problem{N: 8, Fixed: []model.Square{{Row: 0, Col: 1}}}, 8, 135, 2381},
		{model.Classic(13), 73712, 1046319, 17463157},
	} {
		if tc.p.N == 13 && testing.Short() {
			continue
		}
		d, _ := queens(t, tc.p, encode.OrganPipe)
		for _, jobs := range []int{1, 2} {
			n, st, _ := d.Count(context.Background(), jobs)
			if n != tc.count || st.Nodes != tc.nodes || st.Updates != tc.updates {
				t.Errorf("%+v, %d jobs: %d solutions, %d nodes, %d updates; DLX1: %d, %d, %d", tc.p, jobs, n, st.Nodes, st.Updates, tc.count, tc.nodes, tc.updates)
			}
		}
	}
}

func BenchmarkQueens(b *testing.B) {
	for _, n := range []int{12, 13, 14} {
		for _, jobs := range []int{1, 2} {
			b.Run(fmt.Sprintf("n=%d/jobs=%d", n, jobs), func(b *testing.B) {
				d, _ := queens(b, model.Classic(n), encode.OrganPipe)
				want, _, _ := model.KnownCount(n)
				for b.Loop() {
					if got, _, _ := d.Count(context.Background(), jobs); got != want {
						b.Fatal(got)
					}
				}
			})
		}
	}
}

// randomColored makes a random exact cover problem with colors on some of
// its secondary items.
func randomColored(rng *rand.Rand) *xcc.Problem {
	x := &xcc.Problem{ColorNames: []string{"red", "green"}}
	np, ns := 2+rng.IntN(4), 1+rng.IntN(3)
	for i := range np {
		x.Primary = append(x.Primary, fmt.Sprintf("p%d", i))
	}
	for i := range ns {
		x.Secondary = append(x.Secondary, fmt.Sprintf("s%d", i))
	}
	for range 3 + rng.IntN(12) {
		var opt, colors []int
		used := map[int]bool{}
		for range 1 + rng.IntN(np) {
			if i := rng.IntN(np); !used[i] {
				used[i] = true
				opt, colors = append(opt, i), append(colors, 0)
			}
		}
		for range rng.IntN(ns + 1) {
			if i := np + rng.IntN(ns); !used[i] {
				used[i] = true
				opt, colors = append(opt, i), append(colors, rng.IntN(3)) // 0: none
			}
		}
		x.Options = append(x.Options, opt)
		x.Colors = append(x.Colors, colors)
	}
	return x
}

// TestColors: on random problems with colors, the number of covers of
// dancing links (serial and in parallel) is brute force's, every cover
// enumerated is one (each primary item once, each secondary item alone or
// in one color), and the structure is left as it was.
func TestColors(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	nonzero := 0
	for k := range 400 {
		x := randomColored(rng)
		want := uint64(brute.Covers(x))
		d, err := dlx.New(x)
		if err != nil {
			t.Fatalf("problem %d: %v", k, err)
		}
		var bad error
		got, _, err := d.Enumerate(context.Background(), func(opts []int) bool {
			bad = errors.Join(bad, checkCover(x, opts))
			return true
		})
		if err != nil || got != want || bad != nil {
			t.Fatalf("problem %d: %d covers (%v, %v), brute force %d\n%+v", k, got, err, bad, want, x)
		}
		again, _, _ := d.Count(context.Background(), 2)
		if again != want {
			t.Fatalf("problem %d: %d covers in parallel, %d serially", k, again, want)
		}
		if want > 0 {
			nonzero++
		}
	}
	if nonzero < 50 {
		t.Errorf("only %d of the random problems have a cover: the test is too easy", nonzero)
	}
}

// checkCover says why the options opts are not a cover of x, or nil.
func checkCover(x *xcc.Problem, opts []int) error {
	times := make([]int, x.Items())
	colors := make([]int, x.Items())
	for _, k := range opts {
		for j, i := range x.Options[k] {
			c := x.Colors[k][j]
			switch {
			case times[i] > 0 && (c == 0 || colors[i] != c):
				return fmt.Errorf("item %s in two options, colors %d and %d", x.Name(i), colors[i], c)
			}
			times[i]++
			colors[i] = c
		}
	}
	for i := range x.Primary {
		if times[i] != 1 {
			return fmt.Errorf("primary item %s covered %d times", x.Primary[i], times[i])
		}
	}
	return nil
}

// TestMultiplicities: Knuth's example from DLX3 (bounds and colors, one
// solution), and random problems with bounds and colors, counted against
// brute force over every set of options.
func TestMultiplicities(t *testing.T) {
	ex := "| A simple example of color controls\nA B 2:3|C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nC X:0\nB X:1\nC Y:1\n"
	x, err := xcc.Read(strings.NewReader(ex))
	if err != nil {
		t.Fatal(err)
	}
	d, err := dlx.New(x)
	if err != nil {
		t.Fatal(err)
	}
	var sols [][]int
	n, _, err := d.Enumerate(context.Background(), func(opts []int) bool {
		sols = append(sols, append([]int(nil), opts...))
		return true
	})
	if err != nil || n != 1 {
		t.Fatalf("%d solutions, %v", n, err)
	}
	got := append([]int(nil), sols[0]...)
	sort.Ints(got)
	if fmt.Sprint(got) != "[1 3 4]" { // A C X:1 Y:1, B X:1, C Y:1
		t.Errorf("solution %v, Knuth's is options 2, 4, 5", sols[0])
	}
	rng := rand.New(rand.NewPCG(3, 5))
	nonzero := 0
	for k := range 400 {
		x := randomColored(rng)
		if len(x.Options) > 14 {
			x.Options, x.Colors = x.Options[:14], x.Colors[:14]
		}
		x.Bounds = make([][2]int, len(x.Primary))
		for i := range x.Bounds {
			hi := 1 + rng.IntN(3)
			x.Bounds[i] = [2]int{rng.IntN(hi + 1), hi}
		}
		want := uint64(brute.CoversBySubsets(x))
		d, err := dlx.New(x)
		if err != nil {
			t.Fatalf("problem %d: %v", k, err)
		}
		seen := map[string]bool{}
		got, _, err := d.Enumerate(context.Background(), func(opts []int) bool {
			s := append([]int(nil), opts...)
			sort.Ints(s)
			seen[fmt.Sprint(s)] = true
			return true
		})
		if err != nil || got != want || len(seen) != int(got) {
			var b strings.Builder
			xcc.Write(&b, x, nil)
			t.Fatalf("problem %d: %d covers (%d distinct, %v), brute force %d\n%s", k, got, len(seen), err, want, b.String())
		}
		if again, _, _ := d.Count(context.Background(), 2); again != want {
			t.Fatalf("problem %d: counted again, %d", k, again)
		}
		if want > 0 {
			nonzero++
		}
	}
	if nonzero < 100 {
		t.Errorf("only %d of the random problems have a cover", nonzero)
	}
}

// TestKnuthInputs: inputs written by Knuth's generators de-bruijn-dlx (with
// colors) and queendom-dlx (with multiplicities; queen domination), solved
// as his DLX2 and DLX3 solve them, run side by side: the same number of
// solutions, and the same nodes and updates as they printed.
func TestKnuthInputs(t *testing.T) {
	for _, tc := range []struct {
		file                  string
		count, nodes, updates uint64
	}{
		{"de-bruijn-dlx-0-4-4.dlx", 16, 189, 5585},  // dlx2
		{"queendom-dlx-4-2.dlx", 12, 197, 6309},     // dlx3
		{"queendom-dlx-5-3.dlx", 186, 5185, 149345}, // dlx3
	} {
		f, err := os.Open(filepath.Join("testdata", tc.file))
		if err != nil {
			t.Fatal(err)
		}
		x, err := xcc.Read(f)
		f.Close()
		if err != nil {
			t.Fatalf("%s: %v", tc.file, err)
		}
		d, err := dlx.New(x)
		if err != nil {
			t.Fatal(err)
		}
		n, st, err := d.Count(context.Background(), 2)
		if err != nil || n != tc.count || st.Nodes != tc.nodes || st.Updates != tc.updates {
			t.Errorf("%s: %d solutions, %d nodes, %d updates (%v); Knuth's: %d, %d, %d", tc.file, n, st.Nodes, st.Updates, err, tc.count, tc.nodes, tc.updates)
		}
	}
}

// TestFirstRandom: the randomized first-solution search finds a solution
// exactly when there is one (against brute force on random problems), and
// a verified N-Queens solution up to N = 300; the structure is left as it
// was (the count after it is unchanged).
func TestFirstRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	for k := range 300 {
		x := randomColored(rng)
		x.Colors, x.ColorNames = nil, nil
		want := brute.Covers(x)
		d, err := dlx.New(x)
		if err != nil {
			t.Fatal(err)
		}
		first, _, _, err := d.FirstRandom(context.Background(), uint64(k+1))
		if err != nil || (first != nil) != (want > 0) {
			t.Fatalf("problem %d: first %v (%v), %d covers", k, first, err, want)
		}
		if first != nil {
			if err := checkCover(&xcc.Problem{Primary: x.Primary, Secondary: x.Secondary, Options: x.Options, Colors: zeroColors(x)}, first); err != nil {
				t.Fatalf("problem %d: %v", k, err)
			}
		}
		if n, _, _ := d.Count(context.Background(), 1); int(n) != want {
			t.Fatalf("problem %d: %d covers after FirstRandom, %d before", k, n, want)
		}
	}
	for _, n := range []int{4, 8, 30, 100, 300} {
		d, squares := queens(t, model.Classic(n), encode.OrganPipe)
		first, _, _, err := d.FirstRandom(context.Background(), 7)
		if err != nil || first == nil {
			t.Fatalf("N = %d: %v", n, err)
		}
		q := make(model.Placement, n)
		for _, o := range first {
			q[squares[o].Row] = squares[o].Col
		}
		if err := model.Verify(model.Classic(n), q); err != nil {
			t.Fatalf("N = %d: %v", n, err)
		}
	}
}

// zeroColors is an all-zero color table for x, for checkCover.
func zeroColors(x *xcc.Problem) [][]int {
	c := make([][]int, len(x.Options))
	for k, o := range x.Options {
		c[k] = make([]int, len(o))
	}
	return c
}

// BenchmarkFirstRandom finds a first N-Queens solution by dancing links
// with random tie-breaks (the target: N = 100 under 1 s, N = 1000 within
// 10 s).
func BenchmarkFirstRandom(b *testing.B) {
	for _, n := range []int{100, 1000} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			d, _ := queens(b, model.Classic(n), encode.OrganPipe)
			for b.Loop() {
				if first, _, _, _ := d.FirstRandom(context.Background(), 1); first == nil {
					b.Fatal("no solution")
				}
			}
		})
	}
}

// FuzzCount: on any exact cover problem the reader accepts (small enough
// for brute force), dancing links, serial and in parallel, counts what
// brute force over every set of options counts, and a second count of the
// same structure agrees (it was left as it was). The search walks its links
// without bounds checks, so this holds it to any structure New accepts.
func FuzzCount(f *testing.F) {
	for _, s := range []string{"a b | x\na x\nb\n", "| c\nA B C\nA B\nC\n", "a b c\na b\nc\nb c\na\n", "a | b\nb\na b:1\na\n",
		"x y z | s t\nx s:1\ny s:1\nz t\nx y\nz s:2\n", "2:3|a b\na b\na\nb\n"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		x, err := xcc.Read(bytes.NewReader(data))
		if err != nil || len(x.Options) > 16 || x.Items() > 24 {
			return
		}
		d, err := dlx.New(x)
		if err != nil {
			return // refused: no primary item, an empty option, ...
		}
		want := uint64(brute.CoversBySubsets(x))
		for _, jobs := range []int{1, 2, 1} {
			got, _, err := d.Count(context.Background(), jobs)
			if err != nil || got != want {
				t.Fatalf("%d jobs: %d covers (%v), brute force %d\n%s", jobs, got, err, want, data)
			}
		}
	})
}
