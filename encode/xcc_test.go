package encode_test

import (
	"bytes"
	"context"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/queenslab/nqueens/encode"
	"github.com/queenslab/nqueens/internal/brute"
	"github.com/queenslab/nqueens/model"
	"github.com/queenslab/nqueens/xcc"
)

// TestXCCQueens builds the exact cover for n = 1..8 in both orders, writes
// it, reads it back, and counts covers against Q(n); then random variants
// against brute force.
func TestXCCQueens(t *testing.T) {
	for _, order := range []encode.Order{encode.Natural, encode.OrganPipe} {
		for n := 1; n <= 8; n++ {
			p := model.Classic(n)
			x, squares, err := encode.QueensCover(p, order)
			if err != nil {
				t.Fatal(err)
			}
			if len(squares) != n*n || len(x.Options) != n*n {
				t.Fatalf("n = %d: %d options, want %d", n, len(x.Options), n*n)
			}
			var buf bytes.Buffer
			if err := encode.WriteQueensXCC(context.Background(), &buf, p, order, encode.Options{}); err != nil {
				t.Fatal(err)
			}
			back, err := xcc.Read(&buf)
			if err != nil {
				t.Fatalf("n = %d %s: reading what was written: %v", n, order, err)
			}
			if !reflect.DeepEqual(back, x) {
				t.Fatalf("n = %d %s: the file differs from QueensCover", n, order)
			}
			want, _, _ := model.KnownCount(n)
			if got := brute.Covers(x); uint64(got) != want {
				t.Errorf("n = %d %s: %d exact covers, want %d", n, order, got, want)
			}
		}
	}
	rng := rand.New(rand.NewPCG(5, 6))
	for i := range 60 {
		p := randomProblem(rng, 4+i%4)
		x, _, err := encode.QueensCover(p, encode.OrganPipe)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := brute.Covers(x), brute.Count(p); uint64(got) != want {
			t.Errorf("%+v: %d covers, brute force %d", p, got, want)
		}
	}
}

// TestXCCOrganPipe checks the primary item order against Knuth's
// queens-dlx generator for n = 8: r4 c4 r3 c3 r5 c5 r2 c2 r6 c6 r1 c1 r7 c7 r0 c0.
func TestXCCOrganPipe(t *testing.T) {
	x, _, _ := encode.QueensCover(model.Classic(8), encode.OrganPipe)
	got := strings.Join(x.Primary, " ")
	var want []string
	for j := 0; j < 8; j++ { // Knuth: t = (j odd ? n-1-j : n+j) >> 1
		t := (8 + j) >> 1
		if j&1 == 1 {
			t = (8 - 1 - j) >> 1
		}
		want = append(want, "r"+string(rune('0'+t)), "c"+string(rune('0'+t)))
	}
	if got != strings.Join(want, " ") {
		t.Errorf("organ-pipe items %q, want %q", got, strings.Join(want, " "))
	}
}

func TestXCCTooLarge(t *testing.T) {
	err := encode.WriteQueensXCC(context.Background(), &bytes.Buffer{}, model.Classic(encode.XCCMaxN+1), encode.Natural, encode.Options{})
	if err == nil || !strings.Contains(err.Error(), "too large for XCC") {
		t.Errorf("error %v", err)
	}
}
