package counting

import (
	"context"
	"errors"
	"iter"
	"math/bits"
	"math/rand/v2"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"github.com/queenslab/nqueens/internal/brute"
	"github.com/queenslab/nqueens/internal/panics"
	"github.com/queenslab/nqueens/model"
	"github.com/queenslab/nqueens/native/internal/work"
	"github.com/queenslab/nqueens/native/search"
)

// TestJoinCountAgainstKnown holds the join to OEIS A000170: n = 1..14 in
// the normal tests, 15..19 with -long.
func TestJoinCountAgainstKnown(t *testing.T) {
	maxN := 14
	if *long {
		maxN = 19
	}
	for n := 1; n <= maxN; n++ {
		res, err := JoinCount(context.Background(), n, JoinOptions{Jobs: 2})
		if err != nil {
			t.Fatal(err)
		}
		all, _, _ := model.KnownCount(n)
		if res.All != all {
			t.Errorf("n = %d: %d solutions, known %d", n, res.All, all)
		}
		if res.UnitsDone != res.Units {
			t.Errorf("n = %d: %d of %d units done", n, res.UnitsDone, res.Units)
		}
	}
}

// TestJoinAgainstConstellations: the join and the constellation count,
// which share no code, agree on every n both reach in the normal tests.
func TestJoinAgainstConstellations(t *testing.T) {
	for n := 1; n <= 13; n++ {
		a, err := JoinCount(context.Background(), n, JoinOptions{Jobs: 1})
		if err != nil {
			t.Fatal(err)
		}
		b, err := ConstellationCount(context.Background(), n, ConstellationOptions{Jobs: 1})
		if err != nil {
			t.Fatal(err)
		}
		if a.All != b.All {
			t.Errorf("n = %d: join %d, constellations %d", n, a.All, b.All)
		}
	}
}

// TestJoinUnitsAgainstSolutions checks every unit on its own: what the
// join finds for a unit (before its weight) is what the solutions
// enumerated by backtracking with the unit's middle queens (odd n) and
// east rows add up to: for odd n their number; for even n, those with
// queens on the long diagonals only in the north-west corner's r = c and
// the south-west corner's r+c = n-1, 2 for each such queen, and those
// with none the unit's Plain times. And the weights of the units of a
// symmetry class add up to the class's size, so that no weight can hide
// a wrong count.
func TestJoinUnitsAgainstSolutions(t *testing.T) {
	for n := JoinMinN; n <= 12; n++ {
		h, g := n/2, n-n/2
		type key struct {
			east     uint64
			col, row int
		}
		// found[key][f]: solutions by flags (odd n: f = 0); for even n
		// f = -1 for a queen in the north-east half of r+c = n-1 or the
		// south-east half of r = c, else (1+x)(1+w) for queens on r = c in
		// the north-west (x) and on r+c = n-1 in the south-west (w), 1 for
		// none.
		found := map[key]map[int]uint64{}
		_, err := search.Backtrack(context.Background(), model.Classic(n), search.BacktrackOptions{Each: func(q model.Placement) bool {
			k := key{col: -1, row: -1}
			f := 0
			if n%2 == 1 {
				k.col = q[h]
				for r, c := range q {
					if c == h {
						k.row = r
					}
				}
			} else {
				x, w := 0, 0
				f = 1
				for r, c := range q {
					switch {
					case r == c && r < h:
						x = 1
					case r == c:
						f = -1
					case r+c == n-1 && r < h:
						f = -1
					case r+c == n-1:
						w = 1
					}
				}
				if f == 1 {
					f = (1 + x) * (1 + w)
				}
			}
			for r, c := range q {
				if c >= g {
					k.east |= 1 << r
				}
			}
			if found[k] == nil {
				found[k] = map[int]uint64{}
			}
			found[k][f]++
			return true
		}})
		if err != nil {
			t.Fatal(err)
		}
		j := newJoiner(n, newJoinTables(n))
		var total, weights, plain uint64
		for _, u := range JoinUnits(n) {
			got, _ := j.run(u)
			f := found[key{u.East, u.Col0, u.Row0}]
			want := f[0] + u.Plain*f[1] + 2*f[2] + 4*f[4]
			if got != want {
				t.Errorf("n = %d, unit %v: %d, the solutions add up to %d", n, u, got, want)
			}
			total += got * u.Weight
			weights += u.Weight
			plain += u.Weight * u.Plain
		}
		if all, _, _ := model.KnownCount(n); total != all {
			t.Errorf("n = %d: weighted units add up to %d, want %d", n, total, all)
		}
		// The weights count every (middle pair, east rows) once, and for
		// even n so do the weights of the solutions without long-diagonal
		// queens.
		if want := joinClasses(n); weights != want {
			t.Errorf("n = %d: weights add up to %d, want %d", n, weights, want)
		}
		if n%2 == 0 && plain != weights {
			t.Errorf("n = %d: plain weights add up to %d, want %d", n, plain, weights)
		}
	}
}

// joinClasses is the number of (middle queens, east rows) a board has:
// C(n, n/2) for even n; for odd n, each pair of middle queens that do not
// attack each other with the ways to choose its east rows.
func joinClasses(n int) uint64 {
	h := n / 2
	if n%2 == 0 {
		return binomial(n, h)
	}
	total := binomial(n-1, h) // the centre queen
	for c0 := range n {
		for r0 := range n {
			if c0 == h || r0 == h || abs(c0-h) == abs(r0-h) {
				continue
			}
			east := h
			if c0 > h {
				east = h - 1
			}
			total += binomial(n-2, east)
		}
	}
	return total
}

func binomial(n, k int) uint64 {
	r := uint64(1)
	for i := 1; i <= k; i++ {
		r = r * uint64(n-k+i) / uint64(i)
	}
	return r
}

// TestJoinShards: the units split among shards (Take) add up to the
// whole, and OnUnit reports each taken unit once.
func TestJoinShards(t *testing.T) {
	for _, n := range []int{12, 13} {
		whole, err := JoinCount(context.Background(), n, JoinOptions{})
		if err != nil {
			t.Fatal(err)
		}
		var sum uint64
		seen := map[int]bool{}
		for shard := range 3 {
			r, err := JoinCount(context.Background(), n, JoinOptions{Jobs: 2,
				Take: func(i int) bool { return i%3 == shard },
				OnUnit: func(i int, u JoinUnitResult) {
					if seen[i] || i%3 != shard {
						t.Errorf("n = %d: unit %d reported in shard %d", n, i, shard)
					}
					seen[i] = true
				}})
			if err != nil {
				t.Fatal(err)
			}
			sum += r.All
		}
		if sum != whole.All || len(seen) != whole.Units {
			t.Errorf("n = %d: shards add up to %d over %d units, whole %d over %d", n, sum, len(seen), whole.All, whole.Units)
		}
		total, digest := JoinUnitsDigest(n)
		if total != whole.Units || len(digest) != 16 {
			t.Errorf("n = %d: digest over %d units (%q), the count took %d", n, total, digest, whole.Units)
		}
		if _, d2 := JoinUnitsDigest(n); d2 != digest {
			t.Errorf("n = %d: two digests of one list differ", n)
		}
	}
}

// TestCountersStopAtOnce: a context that has ended before a parallel count
// starts stops it before its first unit, however fast the units are (the
// watch on the context runs in a goroutine of its own, which may come too
// late to stop a short count).
func TestCountersStopAtOnce(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, jobs := range []int{1, 2} {
		j, err := JoinCount(ctx, 16, JoinOptions{Jobs: jobs})
		if !errors.Is(err, context.Canceled) || j.UnitsDone != 0 || j.Units == 0 {
			t.Errorf("join, %d jobs: %v after %d of %d units", jobs, err, j.UnitsDone, j.Units)
		}
		c, err := ConstellationCount(ctx, 16, ConstellationOptions{Jobs: jobs})
		if !errors.Is(err, context.Canceled) || c.UnitsDone != 0 || c.Units == 0 {
			t.Errorf("constellations, %d jobs: %v after %d of %d units", jobs, err, c.UnitsDone, c.Units)
		}
		b, err := Bitmask(ctx, 16, BitmaskOptions{Jobs: jobs})
		if !errors.Is(err, context.Canceled) || b.UnitsDone != 0 || b.Units == 0 {
			t.Errorf("bitmask, %d jobs: %v after %d of %d units", jobs, err, b.UnitsDone, b.Units)
		}
	}
}

func TestJoinRefuses(t *testing.T) {
	if _, err := JoinCount(context.Background(), 0, JoinOptions{}); err == nil {
		t.Error("n = 0 accepted")
	}
	var tl *TooLargeError
	if _, err := JoinCount(context.Background(), JoinMaxN+1, JoinOptions{}); !errors.As(err, &tl) {
		t.Errorf("n = %d: %v", JoinMaxN+1, err)
	}
	if JoinMemory(18, 1) == 0 || JoinMemory(21, 1) <= JoinMemory(18, 1) {
		t.Error("the memory estimate does not grow with n")
	}
	// The lists built per unit: a task on one goroutine takes at most
	// 1 GB at n = 22 and 2 GB up to n = 27, and more as h grows.
	for n := JoinPerUnitFrom; n <= JoinMaxN; n++ {
		m := JoinMemory(n, 1)
		if (n == 22 && m > 1<<30) || (n <= 27 && m > 2<<30) || (n >= JoinPerUnitFrom+2 && m < JoinMemory(n-2, 1)) || JoinMemory(n, 2) < m {
			t.Errorf("n = %d: JoinMemory %d on one goroutine, %d on two", n, m, JoinMemory(n, 2))
		}
	}
}

// recursiveQuarters is the reference for newQuarters and rowsBuilder: the
// placements of the h×h square on open squares (nil: all), listed by a
// recursion over the rows in turn (each left empty or given a queen),
// then sorted by rows and columns.
func recursiveQuarters(h int, open []uint32) *quarters {
	var keys, d1s, d2s []uint32
	var rec func(u int, rows, cols, d1, d2 uint32)
	rec = func(u int, rows, cols, d1, d2 uint32) {
		if u == h {
			keys = append(keys, rows<<h|cols)
			d1s = append(d1s, d1)
			d2s = append(d2s, d2)
			return
		}
		rec(u+1, rows, cols, d1, d2)
		for v := range h {
			b1, b2 := uint32(1)<<(u+v), uint32(1)<<(u-v+h-1)
			if cols>>v&1 != 0 || d1&b1 != 0 || d2&b2 != 0 || open != nil && open[u]>>v&1 == 0 {
				continue
			}
			rec(u+1, rows|1<<u, cols|1<<v, d1|b1, d2|b2)
		}
	}
	rec(0, 0, 0, 0, 0)
	q := &quarters{h: h, index: make([]uint32, 1<<(2*h)+1), d1: make([]uint32, len(keys)), d2: make([]uint32, len(keys))}
	for _, k := range keys {
		q.index[k+1]++
	}
	for k := 1; k < len(q.index); k++ {
		q.index[k] += q.index[k-1]
	}
	next := slices.Clone(q.index[:len(q.index)-1])
	for i, k := range keys {
		q.d1[next[k]], q.d2[next[k]] = d1s[i], d2s[i]
		next[k]++
	}
	q.colStart = make([]uint32, 1<<h+1)
	for r := range 1 << h {
		q.colStart[r] = uint32(len(q.colSets))
		for c := range 1 << h {
			if k := r<<h | c; q.index[k+1] > q.index[k] {
				q.colSets = append(q.colSets, uint32(c))
			}
		}
	}
	q.colStart[1<<h] = uint32(len(q.colSets))
	return q
}

// TestQuarterCounts: the placements of the h×h square match the table the
// memory estimate reads, and a brute force over every subset of squares;
// newQuarters's table, every square open or some closed, is the
// recursion's, entry for entry.
func TestQuarterCounts(t *testing.T) {
	rng := rand.New(rand.NewPCG(59, 61))
	for h := 0; h <= 8; h++ {
		want := recursiveQuarters(h, nil)
		if got := len(want.d1); uint64(got) != quarterCount[h] {
			t.Errorf("h = %d: %d placements, the table says %d", h, got, quarterCount[h])
		}
		open := make([]uint32, h)
		for u := range open {
			open[u] = (rng.Uint32() | rng.Uint32()) & (1<<h - 1)
		}
		for _, o := range [][]uint32{nil, open} {
			got, want := newQuarters(h, o), recursiveQuarters(h, o)
			if !slices.Equal(got.d1, want.d1) || !slices.Equal(got.d2, want.d2) || !slices.Equal(got.index, want.index) ||
				!slices.Equal(got.colStart, want.colStart) || !slices.Equal(got.colSets, want.colSets) {
				t.Errorf("h = %d, open %v: newQuarters differs from the recursion (%d and %d placements)", h, o, len(got.d1), len(want.d1))
			}
		}
	}
	for h := 0; h <= 4; h++ {
		var want uint64
		for s := uint64(0); s < 1<<(h*h); s++ {
			ok := true
			for a := s; a != 0 && ok; a &= a - 1 {
				i := bits.TrailingZeros64(a)
				for b := a & (a - 1); b != 0; b &= b - 1 {
					k := bits.TrailingZeros64(b)
					r1, c1, r2, c2 := i/h, i%h, k/h, k%h
					if r1 == r2 || c1 == c2 || r1-c1 == r2-c2 || r1+c1 == r2+c2 {
						ok = false
						break
					}
				}
			}
			if ok {
				want++
			}
		}
		if quarterCount[h] != want {
			t.Errorf("h = %d: table %d, brute force %d", h, quarterCount[h], want)
		}
	}
}

// TestCountersSurvivePanics: a panic in a goroutine of a counter (here a
// callback's), or in the list of its units, ends the count with an error,
// on one job and on two, instead of leaving the others waiting at a lock.
func TestCountersSurvivePanics(t *testing.T) {
	for _, jobs := range []int{1, 2} {
		boom := func() { panic("boom") }
		done := make(chan error, 3)
		go func() {
			_, err := JoinCount(context.Background(), 14, JoinOptions{Jobs: jobs, OnUnit: func(int, JoinUnitResult) { boom() }})
			done <- err
		}()
		go func() {
			_, err := ConstellationCount(context.Background(), 14, ConstellationOptions{Jobs: jobs, OnUnit: func(int, UnitResult) { boom() }})
			done <- err
		}()
		go func() {
			list := func(yield func(int, int) bool) {
				if yield(0, 0) {
					panic("boom")
				}
			}
			_, _, err := work.RunUnits(context.Background(), work.Units[int, int]{Jobs: jobs, List: iter.Seq2[int, int](list),
				NewWorker: func(*atomic.Bool) func(int) (int, bool) { return func(int) (int, bool) { return 0, true } }, Done: func(int, int) {}})
			done <- err
		}()
		for range 3 {
			select {
			case err := <-done:
				var pe *panics.Error
				if !errors.As(err, &pe) {
					t.Errorf("%d jobs: %v, want the panic as an error", jobs, err)
				}
			case <-time.After(time.Minute):
				t.Fatalf("%d jobs: a counter hangs after a panic", jobs)
			}
		}
	}
}

// TestJoinVariantsBruteForce: the join of every kind of variant (pre-placed
// queens, blocked squares, excluded diagonals, subsets of rows and
// columns) counts what brute force counts, n = 1..9, on one goroutine and
// two.
func TestJoinVariantsBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 29))
	cases := 270 // brute force takes 30 ms at n = 9
	if testing.Short() {
		cases = 90
	}
	for i := range cases {
		n := 1 + i%9
		p := brute.Problem(n, rng.IntN)
		want := brute.Count(p)
		r, err := JoinCountProblem(context.Background(), p, JoinOptions{Jobs: 1 + i%2})
		if err != nil || r.All != want || r.UnitsDone != r.Units {
			t.Fatalf("%+v: %d solutions (%v, %d of %d units), brute force %d", p, r.All, err, r.UnitsDone, r.Units, want)
		}
	}
}

// TestJoinVariantsAgainstCP: on random variants of n = 8..14 the join
// counts what constraint propagation counts (the registry's test holds it
// to dancing links too).
func TestJoinVariantsAgainstCP(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 37))
	cases, nonzero := 42, 0
	if testing.Short() {
		cases = 14
	}
	for i := range cases {
		n := 8 + i%7
		p := brute.Variant(n, rng.IntN)
		want, err := search.CP(context.Background(), p, search.CPOptions{Jobs: 2})
		if err != nil {
			t.Fatal(err)
		}
		r, err := JoinCountProblem(context.Background(), p, JoinOptions{Jobs: 2})
		if err != nil || r.All != want.Count {
			t.Fatalf("%+v: join %d (%v), cp %d", p, r.All, err, want.Count)
		}
		if want.Count > 0 {
			nonzero++
		}
	}
	if nonzero < cases/3 {
		t.Errorf("only %d of %d variants had a solution: the test tries too little", nonzero, cases)
	}
}

// TestForecastJoin: a forecast of the join's count has a positive time
// inside its interval, its sample within the units, for odd n the pairs
// of middle queens the units place, and its longest unit within the time
// of the units timed.
func TestForecastJoin(t *testing.T) {
	for _, n := range []int{12, 13} {
		f, err := ForecastJoin(context.Background(), n, 100, 1)
		if err != nil || !f.Bounded || f.Seconds <= 0 || f.Low > f.Seconds || f.High < f.Seconds || f.Sampled < 1 || f.Sampled > f.Units || f.Memory != JoinMemory(n, 1) || (n%2 == 1) != (f.Pairs > 0) || f.UnitMax <= 0 || f.UnitMax.Seconds() > f.Low {
			t.Errorf("n = %d: %+v %v", n, f, err)
		}
	}
	// From JoinPerUnitFrom: no table, no filter timed, the units' lists
	// built with them; the time is at least the sample's.
	if f, err := ForecastJoin(context.Background(), JoinPerUnitFrom, 16, 1); err != nil || f.Table != 0 || f.Pairs != 0 || f.Sampled != 16 || f.Low < 16*f.UnitMean.Seconds()*0.99 || f.Bounded || f.UnitMax <= 0 || f.UnitMax.Seconds() > f.Low {
		t.Errorf("n = %d: %+v %v", JoinPerUnitFrom, f, err)
	}
	// One block timed of several bounds nothing: no interval, the time
	// of the units timed at least.
	if f, err := ForecastJoin(context.Background(), 12, 16, 1); err != nil || f.Bounded || f.High != 0 || f.Low <= 0 || f.Low > f.Seconds || f.Sampled != 16 {
		t.Errorf("one block: %+v %v", f, err)
	}
	if f, err := ForecastJoin(context.Background(), 12, 32, 1); err != nil || !f.Bounded {
		t.Errorf("two blocks: %+v %v", f, err)
	}
	//lint:ignore SA1012 a nil context is what is tested
	if _, err := ForecastJoin(nil, 12, 10, 1); err == nil { //nolint:staticcheck
		t.Error("a nil context")
	}
}

// TestJoinPerUnit holds the lists built per unit, and the halves joined in
// chunks, to the whole tables unit by unit: every unit of n = 4..15 counts
// and tests the same in the three ways (a limit of 50 halves a chunk
// splits most units of n >= 10, and within a column set, on both sides).
func TestJoinPerUnit(t *testing.T) {
	maxN := 15
	if testing.Short() {
		maxN = 13
	}
	for n := JoinMinN; n <= maxN; n++ {
		table := newJoiner(n, newJoinTablesMode(n, false))
		perUnit := newJoiner(n, newJoinTablesMode(n, true))
		chunked := newJoiner(n, newJoinTablesMode(n, true))
		chunked.limit = 50
		// Chunks of the least halvesChunk allows, in buffers reserved
		// as from n = 22 on: none grows.
		reserved := newJoiner(n, newJoinTablesMode(n, true))
		reserved.limit = int(maxRowsBound(n / 2))
		reserved.reserve()
		var total uint64
		split := 0
		for _, u := range JoinUnits(n) {
			c, p := table.run(u)
			seen := table.seen
			if c2, p2 := perUnit.run(u); c2 != c || p2 != p || perUnit.seen != seen {
				t.Fatalf("n = %d, unit %v: built per unit %d (%d pairs, %d halves), the table %d (%d, %d)", n, u, c2, p2, perUnit.seen, c, p, seen)
			}
			if c3, p3 := chunked.run(u); c3 != c || p3 != p || chunked.seen != seen {
				t.Fatalf("n = %d, unit %v: in chunks %d (%d pairs, %d halves), whole %d (%d, %d)", n, u, c3, p3, chunked.seen, c, p, seen)
			}
			if c4, p4 := reserved.run(u); c4 != c || p4 != p || reserved.seen != seen {
				t.Fatalf("n = %d, unit %v: in chunks of %d %d (%d pairs, %d halves), whole %d (%d, %d)", n, u, reserved.limit, c4, p4, reserved.seen, c, p, seen)
			}
			if want := reserved.limit + fitPad; cap(reserved.east) != want || cap(reserved.west) != want {
				t.Fatalf("n = %d, unit %v: the reserved chunks grew to %d and %d halves from %d", n, u, cap(reserved.east), cap(reserved.west), want)
			}
			if seen > chunked.limit {
				split++
			}
			// What halvesMemory bounds: a chunk holds at most the limit
			// or one outer placement's halves.
			if bound := chunked.limit + int(maxRowsBound(n/2)); len(chunked.east) > bound || len(chunked.west) > bound {
				t.Fatalf("n = %d, unit %v: chunks of %d and %d halves, the bound %d", n, u, len(chunked.east), len(chunked.west), bound)
			}
			total += c * u.Weight
		}
		if all, _, _ := model.KnownCount(n); total != all {
			t.Errorf("n = %d: %d, want %d", n, total, all)
		}
		if n >= 12 && split == 0 {
			t.Errorf("n = %d: no unit was joined in chunks", n)
		}
	}
}

// TestJoinVariantsPerUnit: on random variants of n = 4..13 the lists built
// per unit count what the tables count, and what brute force counts up to
// n = 9.
func TestJoinVariantsPerUnit(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 43))
	cases := 60
	if testing.Short() {
		cases = 20
	}
	for i := range cases {
		n := 4 + i%10
		var p model.Problem
		if n <= 9 {
			p = brute.Problem(n, rng.IntN)
		} else {
			p = brute.Variant(n, rng.IntN)
		}
		open, rows, cols, none := joinVariant(p)
		if none {
			continue
		}
		var got [3]uint64
		for k, tables := range []*joinTables{newVariantTablesMode(n, open, rows, cols, false), newVariantTablesMode(n, open, rows, cols, true), newVariantTablesMode(n, open, rows, cols, true)} {
			j := newJoiner(n, tables)
			if k == 2 {
				j.limit = 20
			}
			for _, u := range variantUnits(n, open, rows, cols) {
				c, _ := j.run(u)
				got[k] += c
			}
		}
		if got[1] != got[0] || got[2] != got[0] {
			t.Fatalf("%+v: the tables count %d, the lists built per unit %d, in chunks %d", p, got[0], got[1], got[2])
		}
		if n <= 9 {
			if want := brute.Count(p); got[0] != want {
				t.Fatalf("%+v: %d, brute force %d", p, got[0], want)
			}
		}
	}
}

// TestRowsBuilder: the lists built for one set of rows are the
// recursion's placements on those rows (recursiveQuarters, h <= 8), by column set, with blocked squares
// and left-out diagonals as the table's filtered copies have them; and
// their sizes are what the memory bound reads (h <= 11, 12 with -long).
func TestRowsBuilder(t *testing.T) {
	maxH := 11
	if *long {
		maxH = 12
	}
	if testing.Short() {
		maxH = 9
	}
	rng := rand.New(rand.NewPCG(47, 53))
	var b rowsBuilder
	var got, want quarterRows
	same := func(h int, rows uint32, what string) {
		t.Helper()
		if !slices.Equal(got.colSets, want.colSets) {
			t.Fatalf("h = %d, rows %#x, %s: column sets %v, the table's %v", h, rows, what, got.colSets, want.colSets)
		}
		for _, c := range got.colSets {
			g0, g1, w0, w1 := got.index[c], got.index[c+1], want.index[c], want.index[c+1]
			a, z := make([]uint64, 0, g1-g0), make([]uint64, 0, w1-w0)
			for x := g0; x < g1; x++ {
				a = append(a, uint64(got.d1[x])<<32|uint64(got.d2[x]))
			}
			for x := w0; x < w1; x++ {
				z = append(z, uint64(want.d1[x])<<32|uint64(want.d2[x]))
			}
			slices.Sort(a)
			slices.Sort(z)
			if !slices.Equal(a, z) {
				t.Fatalf("h = %d, rows %#x, columns %#x, %s: %d placements, the table's %d", h, rows, c, what, len(a), len(z))
			}
		}
	}
	for h := 0; h <= maxH; h++ {
		var q *quarters // the reference, up to h = 8
		if h <= 8 {
			q = recursiveQuarters(h, nil)
		}
		var blocked [32]uint32
		var total, most uint64
		for r := range uint32(1) << h {
			b.build(&got, h, r, &blocked)
			if h <= 8 {
				q.view(r, &want)
				same(h, r, "all squares")
			}
			total += uint64(len(got.d1))
			most = max(most, uint64(len(got.d1)))
		}
		if total != quarterPlacements(h) || most != maxRowsBound(h) {
			t.Errorf("h = %d: %d placements, at most %d on one set of rows; the tables say %d and %d", h, total, most, quarterPlacements(h), maxRowsBound(h))
		}
		if h > 8 || h == 0 {
			continue
		}
		// Left-out diagonals, as the copies filtered for middle queens.
		for range 8 {
			f1, f2 := rng.Uint32()&(1<<(2*h-1)-1), rng.Uint32()&(1<<(2*h-1)-1)
			f1 &= rng.Uint32() & rng.Uint32()
			f2 &= rng.Uint32() & rng.Uint32()
			var fq quarters
			fq.filter(q, f1, f2)
			diagonalsBlocked(&blocked, h, nil, f1, f2)
			for r := range uint32(1) << h {
				b.build(&got, h, r, &blocked)
				if fq.has(r) {
					fq.view(r, &want)
				} else {
					want = quarterRows{index: make([]uint32, 1<<h+1)}
				}
				same(h, r, "diagonals left out")
			}
		}
		// Closed squares, as a variant's tables.
		for range 8 {
			open := make([]uint32, h)
			base := make([]uint32, h)
			for u := range h {
				open[u] = rng.Uint32() | rng.Uint32()
				open[u] &= 1<<h - 1
				base[u] = ^open[u] & (1<<h - 1)
			}
			vq := recursiveQuarters(h, open)
			diagonalsBlocked(&blocked, h, base, 0, 0)
			for r := range uint32(1) << h {
				b.build(&got, h, r, &blocked)
				vq.view(r, &want)
				same(h, r, "closed squares")
			}
		}
	}
}

// TestStudentT975: the quantile the forecast's interval takes for its
// blocks: Student's t, wide for a few blocks, never narrower than the
// normal one and never growing with more blocks.
func TestStudentT975(t *testing.T) {
	if studentT975(1) != 12.706 || studentT975(11) != 2.228 || studentT975(500) != 1.96 {
		t.Errorf("t(1) %v, t(11) %v, t(500) %v", studentT975(1), studentT975(11), studentT975(500))
	}
	for df := 2; df < 200; df++ {
		if studentT975(df) > studentT975(df-1) || studentT975(df) < 1.96 {
			t.Errorf("df = %d: %v after %v", df, studentT975(df), studentT975(df-1))
		}
	}
}

// TestJoinQuartersPaths holds joinQuarters and innerQuarters.set, on the
// vector path where it runs and on the plain one, to the definition: the
// OR of the shares of every fitting pair, in order, for inner lists of
// every length around the vector's eight and the dense and sparse
// diagonals.
func TestJoinQuartersPaths(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	g, l, mask := uint(9), 17, uint64(1)<<17-1
	for _, plain := range []bool{false, true} {
		for inner := 0; inner <= 35; inner++ {
			for _, density := range []uint32{3, 15} {
				rnd := func() uint32 {
					v := uint32(0)
					for range 4 {
						v |= 1 << (r.Uint32() & density)
					}
					return v
				}
				o1, o2 := make([]uint32, 5), make([]uint32, 5)
				i1, i2 := make([]uint32, inner), make([]uint32, inner)
				for x := range o1 {
					o1[x], o2[x] = rnd(), rnd()
				}
				for y := range i1 {
					i1[y], i2[y] = rnd(), rnd()
				}
				for _, so := range []uint{0, g} {
					si := g - so
					var want []uint64
					for x := range o1 {
						a1, a2 := uint64(o1[x])<<so, uint64(o2[x])<<so
						for y := range i1 {
							b1, b2 := uint64(i1[y])<<si, uint64(i2[y])<<si
							if a1&b1 == 0 && a2&b2 == 0 {
								want = append(want, halfPattern(a1|b1, a2|b2, g, mask, l, so == 0))
							}
						}
					}
					var in innerQuarters
					dst := make([]uint64, len(o1)*inner+fitPad)
					plainFit = plain
					in.set(i1, i2, si, g, mask, l, so == 0)
					kept := joinQuarters(dst, o1, o2, so, &in, g, mask, l, so == 0)
					plainFit = false
					if !slices.Equal(dst[:kept], want) {
						t.Fatalf("plain %v, inner %d, density %d, so %d: %d kept %x, want %d %x", plain, inner, density, so, kept, dst[:kept], len(want), want)
					}
				}
			}
		}
	}
	if !hasFitVector {
		t.Log("no AVX-512 here: only the plain path was tested")
	}
}

// TestSplitByLong: the west halves split in place by their queens on the
// long diagonals hold the same halves, each part only its kind, for
// lists of every length around partitionKind's blocks and kinds from
// none to all of one.
func TestSplitByLong(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	const long = 1<<5 | 1<<17
	lengths := []int{0, 1, 2, 3, 7, partBlock - 1, partBlock, 2*partBlock + 1, 3 * partBlock, 3*partBlock + 1, 1000, 5000}
	for _, n := range lengths {
		for _, odds := range [][3]int{{1, 1, 1}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}, {8, 1, 1}, {1, 8, 1}, {1, 1, 8}, {5, 5, 0}} {
			w := make([]uint64, n)
			for i := range w {
				k := r.IntN(odds[0] + odds[1] + odds[2])
				switch {
				case k < odds[0]:
					w[i] = r.Uint64() &^ long
				case k < odds[0]+odds[1]:
					w[i] = r.Uint64()&^long | []uint64{1 << 5, 1 << 17}[r.IntN(2)]
				default:
					w[i] = r.Uint64() | long
				}
			}
			want := slices.Clone(w)
			slices.Sort(want)
			parts := splitByLong(w, long)
			got := slices.Concat(parts[0], parts[1], parts[2])
			if !slices.Equal(got, w) {
				t.Fatalf("n %d, odds %v: the parts are not w in its new order", n, odds)
			}
			for k, part := range parts {
				for _, p := range part {
					if c := bits.OnesCount64(p & long); c != k {
						t.Fatalf("n %d, odds %v: a half with %d long-diagonal queens in part %d", n, odds, c, k)
					}
				}
			}
			slices.Sort(got)
			if !slices.Equal(got, want) {
				t.Fatalf("n %d, odds %v: the halves changed", n, odds)
			}
		}
	}
}
