package cnf_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/queenslab/nqueens/cnf"
)

// TestGBDWholeFile: a file written to the hash in one call (as a
// bytes.Reader copies itself) hashes as when it is written in small
// pieces, the whole call is taken, and the hash's buffer stays small.
func TestGBDWholeFile(t *testing.T) {
	var b strings.Builder
	b.WriteString("c a comment\np cnf 3 200000\n")
	for i := range 200000 {
		b.WriteString([]string{"1 -2 3 0\n", "-1\t2  0\n", "3 0\n"}[i%3])
	}
	data := []byte(b.String())
	whole := cnf.NewGBD()
	if n, err := whole.Write(data); n != len(data) || err != nil {
		t.Fatalf("Write took %d of %d bytes: %v", n, len(data), err)
	}
	pieces := cnf.NewGBD()
	for p := data; len(p) > 0; {
		k := min(len(p), 7)
		pieces.Write(p[:k])
		p = p[k:]
	}
	if a, b := whole.Sum(), pieces.Sum(); a != b {
		t.Errorf("whole %s, in pieces %s", a, b)
	}
	if h, err := cnf.GBDHash(bytes.NewReader(data)); err != nil || h != pieces.Sum() {
		t.Errorf("GBDHash %s %v", h, err)
	}
}
