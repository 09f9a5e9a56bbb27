package suite_test

import (
	"bufio"
	"context"
	"flag"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/queenslab/nqueens/model"
	"github.com/queenslab/nqueens/native/search"
	"github.com/queenslab/nqueens/suite"
)

var (
	publishedN   = flag.String("published-n", "", "TestAllPublished: the board sizes to check, as 10-21 or 16 (default: all, 10-21)")
	publishedAll = flag.Bool("published-all", false, "TestAllPublished: every list of n = 19..21 too, not every tenth (about 5 minutes more on 2 cores)")
)

// threshold is what the authors' answers say of the lists of one n: the
// largest d they ran and, for every seed 1..1000, the first d of the list
// diag-n-4-seed that their solver found no solution for.
type threshold struct {
	dmax  int
	first []int
}

// thresholds reads testdata/gent2017/thresholds.txt, a threshold for each
// n.
func thresholds(t *testing.T) map[int]threshold {
	t.Helper()
	f, err := os.Open(filepath.Join("..", "testdata", "gent2017", "thresholds.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[int]threshold{}
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		if strings.HasPrefix(sc.Text(), "#") {
			continue
		}
		var xs []int
		for _, s := range strings.Fields(sc.Text()) {
			x, err := strconv.Atoi(s)
			if err != nil {
				t.Fatalf("thresholds.txt: %v", err)
			}
			xs = append(xs, x)
		}
		if len(xs) != 1002 {
			t.Fatalf("thresholds.txt: a line of %d numbers, want 1002", len(xs))
		}
		out[xs[0]] = threshold{xs[1], xs[2:]}
	}
	if err := sc.Err(); err != nil || len(out) != 12 {
		t.Fatalf("thresholds.txt: %d sizes, %v", len(out), err)
	}
	return out
}

// TestAllPublished holds the constraint-propagation search to every
// answer of the authors' published excluded diagonals instances (CSPLib
// problem 79): n = 10..21, seeds 1..1000, d = 1 to the largest they ran,
// 319,000 answers (testdata/gent2017/thresholds.txt). The lists are the authors' own, drawn again by the
// generator (which writes their .param files byte for byte:
// TestExcludedDiagonalsPublished). Their answers are monotone in d (a
// solution with more diagonals excluded is one with fewer), and so is the
// truth: a list is checked whole by its two instances at the threshold,
// the last d with a solution (found by cp and verified) and the first
// without (cp's complete search finds none). -published-n 10-16 checks a
// range.
func TestAllPublished(t *testing.T) {
	lo, hi := 10, 21
	if *publishedN != "" {
		a, b, _ := strings.Cut(*publishedN, "-")
		var err1, err2 error
		lo, err1 = strconv.Atoi(a)
		hi, err2 = lo, nil
		if b != "" {
			hi, err2 = strconv.Atoi(b)
		}
		if err1 != nil || err2 != nil || lo < 10 || hi > 21 || lo > hi {
			t.Fatalf("-published-n %q: want a range within 10-21", *publishedN)
		}
	}
	if testing.Short() {
		hi = min(hi, 14)
	}
	th := thresholds(t)
	ctx := context.Background()
	var answers atomic.Int64
	var worst atomic.Int64
	for n := lo; n <= hi; n++ {
		start := time.Now()
		tn := th[n]
		seeds := make(chan int)
		var wg sync.WaitGroup
		for range 2 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for seed := range seeds {
					l, err := suite.ExcludedDiagonals(n, 4, uint64(seed))
					if err != nil {
						t.Error(err)
						continue
					}
					first := tn.first[seed-1]
					for _, d := range []int{first - 1, first} {
						if d < 0 || d > tn.dmax {
							continue
						}
						p, err := l.Problem(d)
						if err != nil {
							t.Error(err)
							continue
						}
						s := time.Now()
						r, err := search.CP(ctx, p, search.CPOptions{FirstOnly: true, Jobs: 1, Seed: 1})
						if took := time.Since(s); int64(took) > worst.Load() {
							worst.Store(int64(took))
						}
						switch {
						case err != nil:
							t.Errorf("diag-%d-4-%d d = %d: %v", n, seed, d, err)
						case d < first && r.First == nil:
							t.Errorf("diag-%d-4-%d d = %d: cp finds no solution; the authors found one", n, seed, d)
						case d < first && model.Verify(p, r.First) != nil:
							t.Errorf("diag-%d-4-%d d = %d: cp's solution fails: %v", n, seed, d, model.Verify(p, r.First))
						case d == first && r.First != nil:
							t.Errorf("diag-%d-4-%d d = %d: cp finds %v; the authors found none", n, seed, d, r.First)
						}
					}
					answers.Add(int64(tn.dmax))
				}
			}()
		}
		stride := 1
		if n >= 19 && !*publishedAll {
			stride = 10
		}
		for seed := 1; seed <= 1000; seed += stride {
			seeds <- seed
		}
		close(seeds)
		wg.Wait()
		t.Logf("n = %d: %d lists, %d answers held so far, in %v", n, 1000/stride, answers.Load(), time.Since(start).Round(time.Millisecond))
	}
	t.Logf("the slowest instance took %v", time.Duration(worst.Load()).Round(time.Millisecond))
}
