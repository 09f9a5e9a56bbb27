package sat_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/queenslab/nqueens/encode"
	"github.com/queenslab/nqueens/model"
	"github.com/queenslab/nqueens/solvers/sat"
)

func queensCNF(t testing.TB, p model.Problem, amo string) *encode.CNF {
	t.Helper()
	a, err := encode.ParseAMO(amo)
	if err != nil {
		t.Fatal(err)
	}
	c, err := encode.NewCNF(p, a)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func project(n int) []int {
	p := make([]int, n*n)
	for i := range p {
		p[i] = i + 1
	}
	return p
}

// countQueens enumerates the CNF of p and verifies every model's placement.
func countQueens(t testing.TB, e sat.Enumerator, p model.Problem, amo string, opt sat.EnumOptions) uint64 {
	t.Helper()
	c := queensCNF(t, p, amo)
	got, err := e.Enumerate(context.Background(), c, opt, func(m sat.Model) bool {
		q, err := encode.Decode(p.N, func(v int) bool { return m[v] })
		if err == nil {
			err = model.Verify(p, q)
		}
		if err != nil {
			t.Errorf("%s: model is not a solution: %v", e.Name(), err)
			return false
		}
		return true
	})
	if err != nil {
		t.Fatalf("%s n = %d %s: %v", e.Name(), p.N, amo, err)
	}
	return got
}

func TestInProcessCounts(t *testing.T) {
	for _, e := range []sat.Enumerator{sat.Gini{}, sat.Gophersat{}} {
		for _, amo := range []string{"pairwise", "sequential", "binary", "ladder"} {
			for n := 1; n <= 8; n++ {
				want, _, _ := model.KnownCount(n)
				if got := countQueens(t, e, model.Classic(n), amo, sat.EnumOptions{Project: project(n)}); got != want {
					t.Errorf("%s %s n = %d: %d models, want %d", e.Name(), amo, n, got, want)
				}
			}
			// A completion problem whose pre-placed queen rules out some
			// cubes at level 0 (a trap of gini's Test).
			completion := model.Problem{N: 8, Fixed: []model.Square{{Row: 1, Col: 0}}}
			want := countQueens(t, e, completion, amo, sat.EnumOptions{Project: project(8)})
			if got := countQueens(t, e, completion, amo, sat.EnumOptions{Project: project(8), Cubes: encode.RowCubes(model.Classic(8), 2), Jobs: 2, BlockTrue: true}); got != want || want == 0 {
				t.Errorf("%s %s completion with cubes: %d models, want %d", e.Name(), amo, got, want)
			}
			for _, jobs := range []int{1, 2} {
				want, _, _ := model.KnownCount(9)
				opt := sat.EnumOptions{Project: project(9), Cubes: encode.RowCubes(model.Classic(9), 2), Jobs: jobs}
				if got := countQueens(t, e, model.Classic(9), amo, opt); got != want {
					t.Errorf("%s %s n = 9 with cubes, %d jobs: %d models, want %d", e.Name(), amo, jobs, got, want)
				}
			}
		}
	}
}

// BenchmarkGiniEnumerate12 is projected enumeration of the 14,200 models of
// the pairwise CNF of n = 12 with gini, with cubes on the first d rows, and
// in the same run the reference: the clasp process, clasp -n 0 -q
// on the same CNF written as DIMACS (the target is gini at most 2x clasp).
func BenchmarkGiniEnumerate12(b *testing.B) {
	want, _, _ := model.KnownCount(12)
	b.Run("clasp", func(b *testing.B) {
		e := external(b, "clasp")
		file := filepath.Join(b.TempDir(), "q12.cnf")
		var buf bytes.Buffer
		if err := encode.WriteDIMACS(context.Background(), &buf, queensCNF(b, model.Classic(12), "pairwise"), encode.Options{}); err != nil {
			b.Fatal(err)
		}
		if err := os.WriteFile(file, buf.Bytes(), 0o644); err != nil {
			b.Fatal(err)
		}
		models := regexp.MustCompile(`(?m)^c Models +: ` + strconv.FormatUint(want, 10) + `$`)
		for b.Loop() {
			out, err := exec.Command(e.Path, "-n", "0", "-q", file).Output()
			// clasp exits 30: satisfiable, and every model listed.
			if ee, ok := err.(*exec.ExitError); err != nil && (!ok || ee.ExitCode() != 30) {
				b.Fatalf("clasp: %v", err)
			}
			if !models.Match(out) {
				b.Fatalf("clasp gave a wrong count:\n%s", out)
			}
		}
	})
	for _, d := range []int{2, 3, 4} {
		for _, jobs := range []int{1, 2} {
			b.Run(fmt.Sprintf("gini-cubes=%d/jobs=%d", d, jobs), func(b *testing.B) {
				opt := sat.EnumOptions{Project: project(12), Jobs: jobs, BlockTrue: true, Cubes: encode.RowCubes(model.Classic(12), d)}
				for b.Loop() {
					ctx, cancel := context.WithTimeout(context.Background(), time.Hour)
					n, err := sat.Gini{}.Enumerate(ctx, queensCNF(b, model.Classic(12), "pairwise"), opt, func(sat.Model) bool { return true })
					cancel()
					if err != nil || n != want {
						b.Fatalf("%d models, %v", n, err)
					}
				}
			})
		}
	}
}

// A search of gini runs in slices that grow past a second; a cancel (a
// Ctrl-C, not a deadline) is still noticed within a fraction of one.
func TestGiniCancelLongSearch(t *testing.T) {
	if testing.Short() {
		t.Skip("5 s")
	}
	ctx, cancel := context.WithCancel(context.Background())
	const after = 4 * time.Second // slices of 100 ms growing by a quarter: about 1 s long by now
	timer := time.AfterFunc(after, cancel)
	defer timer.Stop()
	start := time.Now()
	r, err := sat.Gini{}.Solve(ctx, pigeonhole(12))
	if !errors.Is(err, context.Canceled) || r.Status != sat.Unknown {
		t.Fatalf("gini on PHP(12), cancelled: %v %v, want the cancel", r.Status, err)
	}
	if late := time.Since(start) - after; late > 500*time.Millisecond {
		t.Errorf("gini noticed the cancel %v late", late)
	}
}

// First solutions of the classic problem at large N by gini with its
// default encoding (product), from a fresh solver: the slices of
// giniSolveOnce must grow past what one descent needs (N = 1000: over
// 300 ms), or it never answers.
func BenchmarkGiniSolveLarge(b *testing.B) {
	for _, n := range []int{500, 1000} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			c := queensCNF(b, model.Classic(n), "product")
			for b.Loop() {
				r, err := sat.Gini{}.Solve(context.Background(), c)
				if err != nil || r.Status != sat.Sat {
					b.Fatalf("%v %v", r.Status, err)
				}
			}
		})
	}
}

// TestWriteModel: what WriteModel writes, ParseOutput reads back, for an
// empty model, a short one and one of several lines.
func TestWriteModel(t *testing.T) {
	for _, vars := range []int{0, 1, 20, 21, 45} {
		m := make(sat.Model, vars+1)
		for v := 1; v <= vars; v++ {
			m[v] = v%3 == 0
		}
		var b strings.Builder
		if err := sat.WriteModel(&b, m); err != nil {
			t.Fatal(err)
		}
		var got sat.Model
		if _, err := sat.ParseOutput(strings.NewReader(b.String()), vars, func(x sat.Model) error { got = x; return nil }); err != nil || !slices.Equal(got, m) {
			t.Errorf("%d variables: %q read as %v, %v", vars, b.String(), got, err)
		}
		if lines := strings.Count(b.String(), "\n"); lines != max(1, (vars+19)/20) {
			t.Errorf("%d variables: %d lines", vars, lines)
		}
	}
}
