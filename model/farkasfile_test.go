package model_test

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/queenslab/nqueens/internal/brute"
	"github.com/queenslab/nqueens/model"
)

func TestFarkasFileRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{1, 2, 3, 8, 30} {
		f := zeroFarkas(n)
		for _, ws := range [][]int64{f.Rows, f.Cols, f.Sums, f.Diffs} {
			for i := range ws {
				ws[i] = rng.Int64N(1<<41) - 1<<40
			}
		}
		var b bytes.Buffer
		if err := model.WriteFarkas(&b, f, []string{"a refutation", "two\nlines", "", "a\rp farkas 1\x00"}); err != nil {
			t.Fatal(err)
		}
		if !model.IsFarkasFile(b.Bytes()) {
			t.Fatalf("n = %d: its own file is not taken for a refutation file:\n%s", n, b.String())
		}
		if !strings.HasPrefix(b.String(), "c a refutation\nc two\nc lines\nc\nc a\\rp farkas 1\\x00\np farkas ") {
			t.Fatalf("n = %d: comments written as\n%s", n, b.String())
		}
		g, err := model.ReadFarkas(&b)
		if err != nil {
			t.Fatalf("n = %d: %v", n, err)
		}
		if !reflect.DeepEqual(f, g) {
			t.Fatalf("n = %d: read back %+v, wrote %+v", n, g, f)
		}
	}
}

// The example of the format's documentation refutes the 4x4 board with
// any four of its seven sum diagonals excluded, and no fewer.
func TestFarkasFileDocumented(t *testing.T) {
	text := "c any number of comment lines\np farkas 4\nrows -1 -1 -1 -1\ncols 0 0 0 0\nsums 1 1 1 1 1 1 1\ndiffs 0 0 0 0 0 0 0\n"
	f, err := model.ReadFarkas(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	refuted, not := 0, 0
	for set := range 1 << 7 {
		p := model.Problem{N: 4}
		for i := range 7 {
			if set&(1<<i) != 0 {
				p.Excluded = append(p.Excluded, model.Diagonal{Kind: model.Sum, Index: i})
			}
		}
		if p.Validate() != nil {
			continue
		}
		err := f.Check(p)
		if (err == nil) != (len(p.Excluded) >= 4) {
			t.Fatalf("%d sum diagonals excluded (%v): %v", len(p.Excluded), p.Excluded, err)
		}
		if err == nil && brute.Count(p) != 0 {
			t.Fatalf("a refutation of %v accepted, which has a solution", p.Excluded)
		}
		if err == nil {
			refuted++
		} else {
			not++
		}
	}
	if refuted != 64 || not != 64 {
		t.Fatalf("%d sets refuted and %d not, want 64 and 64", refuted, not)
	}
}

func TestReadFarkasRejects(t *testing.T) {
	good := "p farkas 2\nrows -1 -1\ncols 0 0\nsums 1 0 1\ndiffs 0 0 0\n"
	for _, c := range []struct {
		name, text string
		line       int
	}{
		{"empty", "", 0},
		{"comments only", "c nothing\n", 0},
		{"another header", "p cnf 2 3\n", 1},
		{"N not a number", "p farkas x\n", 1},
		{"N 0", "p farkas 0\n", 1},
		{"N too large", "p farkas 5000\n", 1},
		{"header with more", "p farkas 2 3\n", 1},
		{"lines out of order", "p farkas 2\ncols 0 0\n", 2},
		{"a comment after the header", "p farkas 2\nc late\n", 2},
		{"too few weights", "p farkas 2\nrows -1\n", 2},
		{"too many weights", "p farkas 2\nrows -1 -1 -1\n", 2},
		{"a weight not whole", "p farkas 2\nrows -1 0.5\n", 2},
		{"a weight too large", "p farkas 2\nrows -1 2199023255553\n", 2},
		{"no diffs line", "p farkas 2\nrows -1 -1\ncols 0 0\nsums 1 0 1\n", 0},
		{"a line after diffs", good + "rows 1 1\n", 6},
	} {
		_, err := model.ReadFarkas(strings.NewReader(c.text))
		var fe *model.FileError
		if !errors.As(err, &fe) {
			t.Errorf("%s: %v, not a *FileError", c.name, err)
			continue
		}
		if fe.Line != c.line || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: %q, want line %d on one line", c.name, err, c.line)
		}
	}
	if _, err := model.ReadFarkas(strings.NewReader(good)); err != nil {
		t.Fatalf("the good file: %v", err)
	}
	big := "c " + strings.Repeat("x", 4<<20) + "\n" + good
	if _, err := model.ReadFarkas(strings.NewReader(big)); err == nil {
		t.Fatal("a file over the size cap read")
	}
	for _, s := range []string{"1 2 3\n", "n =  4\n", "\n  \n", "-1 2\n"} {
		if model.IsFarkasFile([]byte(s)) {
			t.Errorf("%q taken for a refutation file", s)
		}
	}
}

// FuzzReadFarkas: whatever ReadFarkas accepts, it writes back and reads
// again to the same weights, and it never panics.
func FuzzReadFarkas(f *testing.F) {
	f.Add([]byte("c x\np farkas 2\nrows -1 -1\ncols 0 0\nsums 1 0 1\ndiffs 0 0 0\n"))
	f.Add([]byte("p farkas 1\nrows -1\ncols 0\nsums 0\ndiffs 0\n"))
	f.Add([]byte("p farkas 3\nrows 1 2\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		g, err := model.ReadFarkas(bytes.NewReader(data))
		if err != nil {
			return
		}
		var b bytes.Buffer
		if err := model.WriteFarkas(&b, g, nil); err != nil {
			t.Fatalf("read, but not written: %v", err)
		}
		h, err := model.ReadFarkas(&b)
		if err != nil || !reflect.DeepEqual(g, h) {
			t.Fatalf("written and read again: %v, %+v against %+v", err, h, g)
		}
	})
}
