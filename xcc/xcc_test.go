package xcc_test

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/queenslab/nqueens/internal/brute"
	"github.com/queenslab/nqueens/xcc"
)

func TestRead(t *testing.T) {
	// Knuth's example from DLX1 (a cover with one solution), with comments.
	good := "| example\nA B C D E F G\n| options\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n"
	x, err := xcc.Read(strings.NewReader(good))
	if err != nil {
		t.Fatal(err)
	}
	if got := brute.Covers(x); got != 1 {
		t.Errorf("Knuth's example has %d covers, want 1", got)
	}
	withSecondary := "p q r | x y\np x\nq x\nq y\nr\np q\n"
	x, err = xcc.Read(strings.NewReader(withSecondary))
	if err != nil {
		t.Fatal(err)
	}
	if len(x.Secondary) != 2 || brute.Covers(x) != 2 { // {p x, q y, r} and {p q, r}
		t.Errorf("secondary example: %d secondary items, %d covers", len(x.Secondary), brute.Covers(x))
	}
	for _, tc := range []struct{ in, err string }{
		{"", "xcc: no item line"},
		{"| only a comment\n", "xcc: no item line"},
		{"| x y\n", "xcc: no item line"},
		{"a b | c | d\n", "xcc: line 1, column 9: a second | in the item line"},
		{"a a\n", `xcc: line 1, column 3: item "a" is declared twice`},
		{"abcdefghi\n", `xcc: line 1, column 1: item name "abcdefghi" is longer than 8 characters`},
		{"a b:1\n", `xcc: line 1, column 3: item name "b:1" contains ':' (color controls and multiplicities are not supported)`},
		{"a|b\n", `xcc: line 1, column 1: item name "a|b" contains '|'`},
		{"| c\n| y\n", "xcc: no item line"},
		{"a b\na z\n", `xcc: line 2, column 3: unknown item "z"`},
		{"a b\na a\n", `xcc: line 2, column 3: item "a" appears twice in this option`},
		{"a | x\nx\n", "xcc: line 2: option has no primary item"},
		{"a | x\na x:red\n", `xcc: line 2, column 3: "x:red": color controls (item:color, as in DLX2) are not supported`},
	} {
		_, err := xcc.Read(strings.NewReader(tc.in))
		if err == nil || err.Error() != tc.err {
			t.Errorf("ReadXCC(%q) error = %v, want %q", tc.in, err, tc.err)
		}
	}
}

// seedFiles adds the files of testdata as fuzz seeds.
func seedFiles(f interface{ Add(...any) }, ext string) {
	paths, _ := filepath.Glob(filepath.Join("testdata", "*"+ext))
	for _, p := range paths {
		if b, err := os.ReadFile(p); err == nil {
			f.Add(b)
		}
	}
}

// FuzzRead: the reader never panics, and what it accepts it reads back
// the same after writing.
func FuzzRead(f *testing.F) {
	seedFiles(f, ".dlx")
	for _, s := range []string{"a b | x\na x\nb\n", "| c\nA B C\nA B\nC\n", "a\na:1\n", "a | b\nb\n"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		got, err := xcc.Read(bytes.NewReader(data))
		if err != nil {
			if _, ok := err.(*xcc.ParseError); !ok {
				t.Fatalf("error of type %T: %v", err, err)
			}
			return
		}
		var buf bytes.Buffer
		if err := xcc.Write(&buf, got, []string{"round trip"}); err != nil {
			t.Fatal(err)
		}
		again, err := xcc.Read(&buf)
		if err != nil {
			t.Fatalf("rereading %q: %v", buf.String(), err)
		}
		if !reflect.DeepEqual(again, got) {
			t.Fatalf("round trip changed the problem")
		}
	})
}
