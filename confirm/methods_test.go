package confirm

import (
	"bufio"
	"compress/gzip"
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	nqueens "github.com/queenslab/nqueens"
	"github.com/queenslab/nqueens/internal/gent2017"
	"github.com/queenslab/nqueens/model"
	"github.com/queenslab/nqueens/native"
)

// publishedAnswers reads the sample of the authors' published instances
// in testdata/gent2017 with the answers their bitmask solver recorded.
func publishedAnswers(t *testing.T) []gent2017.Instance {
	t.Helper()
	out, err := gent2017.Sample(filepath.Join("..", "testdata", "gent2017"))
	if err != nil {
		t.Fatal(err)
	}
	if len(out) < 1000 {
		t.Fatalf("%d answers", len(out))
	}
	return out
}

// TestPublishedAnswers decides every instance of the sample of the
// authors' published excluded diagonals instances (n = 10..21, every d
// they ran) with the default decider and with dancing links, and holds
// both to the answer the authors recorded; every solution is verified.
// Their hardest (10^9 nodes and more for their solver) are among them.
func TestPublishedAnswers(t *testing.T) {
	answers := publishedAnswers(t)
	ctx := context.Background()
	for i, a := range answers {
		p := a.Problem
		methods := []nqueens.Method{DefaultFinder(p)}
		if !testing.Short() || i%4 == 0 {
			methods = append(methods, nqueens.DLX)
		}
		for _, m := range methods {
			s, err := finder(t, m).Find(ctx, p, nqueens.FindOptions{Seed: 1})
			var none *nqueens.NoSolutionError
			switch {
			case errors.As(err, &none):
				if a.Sat {
					t.Errorf("%s: %s finds no solution; the authors found one", a.Name(), m)
				}
			case err != nil:
				t.Fatalf("%s: %s: %v", a.Name(), m, err)
			case !a.Sat:
				t.Errorf("%s: %s finds %v; the authors found none", a.Name(), m, s.Columns)
			}
		}
	}
}

// TestDeciderConfirms: on the hardest published instances, the default
// decider's "no solution" is confirmed by a checked refutation of the
// linear relaxation where there is one, else by the second method; the
// sample has both kinds.
func TestDeciderConfirms(t *testing.T) {
	answers := publishedAnswers(t)
	hardest, refuted := 0, 0
	for _, a := range answers {
		if a.Sat || a.Nodes < 3_000_000_000 {
			continue
		}
		hardest++
		p := a.Problem
		if DefaultFinder(p) != nqueens.CP || SecondMethod(p, nqueens.CP) != nqueens.DLX {
			t.Fatalf("deciders of %s: %s then %s", a.Name(), DefaultFinder(p), SecondMethod(p, nqueens.CP))
		}
		f, err := native.Refute(context.Background(), p)
		if err != nil {
			t.Fatal(err)
		}
		want := nqueens.SecondMethod
		if f != nil {
			want = nqueens.Refutation
			refuted++
		}
		_, err = Find(context.Background(), finder(t, nqueens.CP), p, nqueens.FindOptions{}, Options{})
		var none *nqueens.NoSolutionError
		if !errors.As(err, &none) || none.Provenance.Evidence != want || want == nqueens.SecondMethod && none.Provenance.Method != nqueens.DLX {
			t.Errorf("%s: %v, want it confirmed by %s", a.Name(), err, want)
			continue
		}
		// The proof goes with the answer, checked, where it is one.
		if got := none.Provenance.Farkas; (got != nil) != (f != nil) || f != nil && got.Check(p) != nil {
			t.Errorf("%s: refutation %v with the answer confirmed by %s", a.Name(), got != nil, none.Provenance)
		}
		if f != nil {
			r, err := Count(context.Background(), counter(t, nqueens.CP), p, nqueens.CountOptions{})
			if err != nil || r.All != 0 || r.Provenance.Evidence != nqueens.Refutation || r.Provenance.Farkas.Check(p) != nil {
				t.Errorf("%s: counted %+v, %v", a.Name(), r, err)
			}
		}
	}
	if hardest < 4 || refuted == 0 || refuted == hardest {
		t.Errorf("%d instances of 3 x 10^9 nodes or more in the sample, %d refuted: the test needs both kinds", hardest, refuted)
	}
}

// TestCPCountsPublished counts a few published instances with the
// constraint-propagation search and dancing links: the same count.
func TestCPCountsPublished(t *testing.T) {
	answers := publishedAnswers(t)
	for i, a := range answers {
		if a.N > 14 || i%7 != 0 {
			continue
		}
		p := a.Problem
		r1, err1 := native.CP(context.Background(), p, native.CPOptions{Jobs: 2})
		r2, err2 := counter(t, nqueens.DLX).Count(context.Background(), p, nqueens.CountOptions{Jobs: 2})
		if err1 != nil || err2 != nil || r1.Count != r2.All || (r1.Count > 0) != a.Sat {
			t.Errorf("%s: cp %d (%v), dancing links %d (%v), authors sat = %v", a.Name(), r1.Count, err1, r2.All, err2, a.Sat)
		}
	}
	_ = strconv.Itoa
}

// gent is the folder of Gent, Jefferson and Nightingale's published
// excluded diagonals material (CSPLib problem 79: data/diag-N.tar.gz
// unpacked into diag-N/ folders, and results/run-diags-shiftqueens-
// processed.txt.gz), for TestAllPublished.
var gent = flag.String("gent", "", "folder of the authors' published excluded diagonals instances and results (CSPLib problem 79), for TestAllPublished")

// TestAllPublished decides every instance of the authors' published sets,
// diag-8 to diag-21, every d from 0 to the whole list, with the default
// decider on one core (no second method), and holds each to the answer
// their bitmask solver recorded where it recorded one (n = 10..21, d up to
// their largest); every solution is verified. It runs only with
// -gent DIR, and takes about an hour a core: go test -run TestAllPublished
// -gent DIR -timeout 0 (ONLY=N for one n).
func TestAllPublished(t *testing.T) {
	if *gent == "" {
		t.Skip("give -gent DIR: the authors' published instances and results")
	}
	answers := map[string]bool{} // "n seed d" -> sat
	f, err := os.Open(filepath.Join(*gent, "results", "run-diags-shiftqueens-processed.txt.gz"))
	if err != nil {
		t.Fatal(err)
	}
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(zr)
	for sc.Scan() {
		fs := strings.Fields(sc.Text())
		if len(fs) < 4 {
			continue
		}
		answers[fs[0]+" "+fs[3]+" "+fs[1]] = strings.Contains(sc.Text(), "Solutions: 1")
	}
	f.Close()
	only, _ := strconv.Atoi(os.Getenv("ONLY"))
	total, checked := 0, 0
	var worst time.Duration
	worstName := ""
	for n := 8; n <= 21; n++ {
		if only != 0 && n != only {
			continue
		}
		files, _ := filepath.Glob(filepath.Join(*gent, fmt.Sprintf("diag-%d", n), "*.param"))
		if len(files) != 1000 {
			t.Fatalf("n = %d: %d files, want 1000", n, len(files))
		}
		for _, file := range files {
			pf, err := os.Open(file)
			if err != nil {
				t.Fatal(err)
			}
			l, err := model.ReadParam(pf)
			pf.Close()
			if err != nil {
				t.Fatalf("%s: %v", file, err)
			}
			var seed int
			fmt.Sscanf(filepath.Base(file), fmt.Sprintf("diag-%d-4-%%d.param", n), &seed)
			for d := 0; d <= len(l.Diagonals); d++ {
				p, _ := l.Problem(d)
				start := time.Now()
				r, err := native.CP(context.Background(), p, native.CPOptions{FirstOnly: true, Jobs: 1, Seed: 1})
				if took := time.Since(start); took > worst {
					worst, worstName = took, fmt.Sprintf("%s d = %d (%d nodes)", filepath.Base(file), d, r.Nodes)
				}
				if err != nil {
					t.Fatalf("%s d = %d: %v", file, d, err)
				}
				if r.First != nil {
					if err := model.Verify(p, r.First); err != nil {
						t.Fatalf("%s d = %d: %v", file, d, err)
					}
				}
				total++
				if sat, ok := answers[fmt.Sprintf("%d %d %d", n, seed, d)]; ok {
					checked++
					if sat != (r.First != nil) {
						t.Errorf("%s d = %d: cp says %v, the authors %v", file, d, r.First != nil, sat)
					}
				}
			}
		}
		t.Logf("n = %d done: %d instances so far, %d held to the authors' answers; slowest %v: %s", n, total, checked, worst, worstName)
	}
}
