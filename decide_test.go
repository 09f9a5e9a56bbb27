package nqueens

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/queenslab/nqueens/model"
	"github.com/queenslab/nqueens/native"
)

// publishedAnswers reads testdata/gent2017/answers.tsv: the answers that
// Gent, Jefferson and Nightingale's bitmask solver recorded for the
// instances of the .param files beside it, and the lists of those files.
func publishedAnswers(t *testing.T) ([]publishedAnswer, map[string]model.DiagonalList) {
	t.Helper()
	dir := filepath.Join("testdata", "gent2017")
	f, err := os.Open(filepath.Join(dir, "answers.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	lists := map[string]model.DiagonalList{}
	var out []publishedAnswer
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if strings.HasPrefix(sc.Text(), "#") {
			continue
		}
		var a publishedAnswer
		var sat int
		if _, err := fmt.Sscanf(sc.Text(), "%d\t%d\t%d\t%d\t%d", &a.n, &a.seed, &a.d, &sat, &a.nodes); err != nil {
			t.Fatalf("answers.tsv: %q: %v", sc.Text(), err)
		}
		a.sat = sat == 1
		a.file = fmt.Sprintf("diag-%d-4-%d", a.n, a.seed)
		if _, ok := lists[a.file]; !ok {
			pf, err := os.Open(filepath.Join(dir, a.file+".param"))
			if err != nil {
				t.Fatal(err)
			}
			l, err := model.ReadParam(pf)
			pf.Close()
			if err != nil {
				t.Fatalf("%s: %v", a.file, err)
			}
			lists[a.file] = l
		}
		out = append(out, a)
	}
	if len(out) < 1000 {
		t.Fatalf("%d answers", len(out))
	}
	return out, lists
}

type publishedAnswer struct {
	n, d  int
	seed  uint64
	sat   bool
	nodes uint64
	file  string
}

// TestPublishedAnswers decides every instance of the sample of the
// authors' published excluded diagonals instances (n = 10..21, every d
// they ran) with the default decider and with dancing links, and holds
// both to the answer the authors recorded; every solution is verified.
// Their hardest (10^9 nodes and more for their solver) are among them.
func TestPublishedAnswers(t *testing.T) {
	answers, lists := publishedAnswers(t)
	ctx := context.Background()
	for i, a := range answers {
		p, err := lists[a.file].Problem(a.d)
		if err != nil {
			t.Fatal(err)
		}
		methods := []Method{DefaultFinder(p)}
		if !testing.Short() || i%4 == 0 {
			methods = append(methods, DLX)
		}
		for _, m := range methods {
			s, err := finder(m).Find(ctx, p, FindOptions{NoConfirm: true, Seed: 1})
			var none *NoSolutionError
			switch {
			case errors.As(err, &none):
				if a.sat {
					t.Errorf("%s d = %d: %s finds no solution; the authors found one", a.file, a.d, m)
				}
			case err != nil:
				t.Fatalf("%s d = %d: %s: %v", a.file, a.d, m, err)
			case !a.sat:
				t.Errorf("%s d = %d: %s finds %v; the authors found none", a.file, a.d, m, s.Columns)
			}
		}
	}
}

// TestDeciderConfirms: on the hardest published instances, the default
// decider's "no solution" is confirmed by the second method.
func TestDeciderConfirms(t *testing.T) {
	answers, lists := publishedAnswers(t)
	hardest := 0
	for _, a := range answers {
		if a.sat || a.nodes < 3_000_000_000 {
			continue
		}
		hardest++
		p, _ := lists[a.file].Problem(a.d)
		if DefaultFinder(p) != CP || SecondMethod(p, CP) != DLX {
			t.Fatalf("deciders of %s d = %d: %s then %s", a.file, a.d, DefaultFinder(p), SecondMethod(p, CP))
		}
		_, err := finder(CP).Find(context.Background(), p, FindOptions{})
		var none *NoSolutionError
		if !errors.As(err, &none) || none.ConfirmedBy != Title(DLX) {
			t.Errorf("%s d = %d: %v", a.file, a.d, err)
		}
	}
	if hardest < 4 {
		t.Errorf("%d instances of 3 x 10^9 nodes or more in the sample", hardest)
	}
}

// TestCPCountsPublished counts a few published instances with the
// constraint-propagation search and dancing links: the same count.
func TestCPCountsPublished(t *testing.T) {
	answers, lists := publishedAnswers(t)
	for i, a := range answers {
		if a.n > 14 || i%7 != 0 {
			continue
		}
		p, _ := lists[a.file].Problem(a.d)
		r1, err1 := native.CP(context.Background(), p, native.CPOptions{Jobs: 2})
		r2, err2 := counter(DLX).count(context.Background(), p, CountOptions{Jobs: 2})
		if err1 != nil || err2 != nil || r1.Count != r2.All || (r1.Count > 0) != a.sat {
			t.Errorf("%s d = %d: cp %d (%v), dancing links %d (%v), authors sat = %v", a.file, a.d, r1.Count, err1, r2.All, err2, a.sat)
		}
	}
	_ = strconv.Itoa
}
