package encode_test

import (
	"bytes"
	"context"
	"fmt"
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

// knuthQueensDLX is a transcription of the output of Knuth's queens-dlx
// generator (queens-dlx.w, in his programs for TAOCP 7.2.2.1) for n <= 32,
// without its comment line: the item line, then an option per square.
func knuthQueensDLX(n int) string {
	encode := func(x int) byte {
		switch {
		case x < 10:
			return byte('0' + x)
		case x < 36:
			return byte('a' + x - 10)
		}
		return byte('A' + x - 36)
	}
	nn := n + n - 2
	var b strings.Builder
	for j := 0; j < n; j++ {
		t := n + j
		if j&1 == 1 {
			t = n - 1 - j
		}
		t >>= 1
		fmt.Fprintf(&b, "r%c c%c ", encode(t), encode(t))
	}
	b.WriteString("|")
	for j := 1; j < nn; j++ {
		fmt.Fprintf(&b, " a%c b%c", encode(j), encode(j))
	}
	b.WriteString("\n")
	for j := 0; j < n; j++ {
		for k := 0; k < n; k++ {
			fmt.Fprintf(&b, "r%c c%c", encode(j), encode(k))
			if t := j + k; t != 0 && t < nn {
				fmt.Fprintf(&b, " a%c", encode(t))
			}
			if t := n - 1 - j + k; t != 0 && t < nn {
				fmt.Fprintf(&b, " b%c", encode(t))
			}
			b.WriteString("\n")
		}
	}
	return b.String()
}

// TestKnuthQueensDLX: in organ-pipe order the exact cover is, line for
// line, what Knuth's queens-dlx writes, for every n it takes (2..32).
func TestKnuthQueensDLX(t *testing.T) {
	for n := 2; n <= 32; n++ {
		var b bytes.Buffer
		if err := encode.WriteQueensXCC(context.Background(), &b, model.Classic(n), encode.OrganPipe, encode.Options{}); err != nil {
			t.Fatal(err)
		}
		var lines []string
		for _, l := range strings.SplitAfter(b.String(), "\n") {
			if !strings.HasPrefix(l, "|") && l != "" {
				lines = append(lines, l)
			}
		}
		// Knuth's item line ends the primary items with a space before "|".
		got := strings.Replace(strings.Join(lines, ""), " | ", " |", 1)
		got = strings.Replace(got, " |", " | ", 1)
		if want := knuthQueensDLX(n); got != want {
			t.Errorf("n = %d differs from queens-dlx:\n%s\nwant:\n%s", n, firstDiff(got, want), firstDiff(want, got))
		}
	}
	for x, want := range map[int]string{0: "0", 9: "9", 10: "a", 35: "z", 36: "A", 61: "Z", 62: "10", 3843: "ZZ", 3844: "100"} {
		if got := encode.ItemNumber(x); got != want {
			t.Errorf("ItemNumber(%d) = %q, want %q", x, got, want)
		}
	}
}

// firstDiff returns the line of a where it first differs from b.
func firstDiff(a, b string) string {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := range al {
		if i >= len(bl) || al[i] != bl[i] {
			return fmt.Sprintf("line %d: %q", i+1, al[i])
		}
	}
	return "(a prefix)"
}
