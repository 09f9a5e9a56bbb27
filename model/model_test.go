package model

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// permutations calls f with every permutation of 0..n-1 (Heap's algorithm).
func permutations(n int, f func(Placement)) {
	a := make(Placement, n)
	for i := range a {
		a[i] = i
	}
	var gen func(k int)
	gen = func(k int) {
		if k <= 1 {
			f(a)
			return
		}
		for i := 0; i < k; i++ {
			gen(k - 1)
			if k%2 == 0 {
				a[i], a[k-1] = a[k-1], a[i]
			} else {
				a[0], a[k-1] = a[k-1], a[0]
			}
		}
	}
	gen(n)
}

// pairwiseOK is the textbook O(n^2) check, independent of Verify.
func pairwiseOK(q Placement) bool {
	for i := range q {
		if q[i] < 0 || q[i] >= len(q) {
			return false
		}
		for j := 0; j < i; j++ {
			d := q[i] - q[j]
			if d == 0 || d == i-j || d == j-i {
				return false
			}
		}
	}
	return true
}

// bruteSolutions lists every solution of the classic problem by trying all
// permutations.
func bruteSolutions(n int) []Placement {
	var out []Placement
	permutations(n, func(q Placement) {
		if pairwiseOK(q) {
			out = append(out, q.Clone())
		}
	})
	return out
}

func readCountsFile(t *testing.T, path string) map[int][2]uint64 {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[int][2]uint64{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") || strings.TrimSpace(line) == "" {
			continue
		}
		fs := strings.Split(line, "\t")
		if len(fs) != 3 {
			t.Fatalf("%s: bad line %q", path, line)
		}
		n, _ := strconv.Atoi(fs[0])
		a, err1 := strconv.ParseUint(fs[1], 10, 64)
		d, err2 := strconv.ParseUint(fs[2], 10, 64)
		if err1 != nil || err2 != nil {
			t.Fatalf("%s: bad line %q", path, line)
		}
		out[n] = [2]uint64{a, d}
	}
	return out
}

func TestKnownCountsMatchTestdata(t *testing.T) {
	files := []string{filepath.Join("testdata", "known-counts.tsv")}
	for _, path := range files {
		want := readCountsFile(t, path)
		if len(want) != KnownMax {
			t.Errorf("%s has %d rows, the table %d", path, len(want), KnownMax)
		}
		for n, w := range want {
			a, d, ok := KnownCount(n)
			if !ok || a != w[0] || d != w[1] {
				t.Errorf("n = %d: table (%d, %d, %v), %s (%d, %d)", n, a, d, ok, path, w[0], w[1])
			}
		}
	}
	if _, _, ok := KnownCount(KnownMax + 1); ok {
		t.Errorf("KnownCount(%d) claims a value", KnownMax+1)
	}
}

func TestKnownCountsAgainstBruteForce(t *testing.T) {
	for n := 1; n <= 8; n++ {
		sols := bruteSolutions(n)
		canon := map[string]bool{}
		var weighted uint64
		for _, s := range sols {
			c, orbit, err := Canonical(s)
			if err != nil {
				t.Fatal(err)
			}
			if !canon[fmt.Sprint(c)] {
				canon[fmt.Sprint(c)] = true
				weighted += uint64(orbit)
			}
		}
		a, d, _ := KnownCount(n)
		if uint64(len(sols)) != a || uint64(len(canon)) != d || weighted != a {
			t.Errorf("n = %d: brute force %d solutions, %d classes, orbit sum %d; known %d, %d", n, len(sols), len(canon), weighted, a, d)
		}
	}
}

func TestVerifyAgainstPairwiseCheck(t *testing.T) {
	// Every placement of n queens one per row, n = 1..6: Verify accepts
	// exactly the ones the textbook check accepts.
	for n := 1; n <= 6; n++ {
		q := make(Placement, n)
		var rec func(r int)
		rec = func(r int) {
			if r == n {
				err := Verify(Classic(n), q)
				if (err == nil) != pairwiseOK(q) {
					t.Fatalf("n = %d, %v: Verify says %v", n, q, err)
				}
				return
			}
			for c := 0; c < n; c++ {
				q[r] = c
				rec(r + 1)
			}
		}
		rec(0)
	}
}

func TestVerifyMessages(t *testing.T) {
	cases := []struct {
		name string
		p    Problem
		q    Placement
		want string
	}{
		{"solution", Classic(8), Placement{0, 4, 7, 5, 2, 6, 1, 3}, ""},
		{"short", Classic(8), Placement{0, 4, 7}, "placement has 3 rows, want 8"},
		{"unset", Classic(4), Placement{1, Unset, 0, 2}, "row 2 has no queen"},
		{"off board", Classic(4), Placement{1, 3, 4, 2}, "row 3: column 5 is off the board (columns 1 to 4)"},
		{"column", Classic(4), Placement{1, 3, 0, 3}, "rows 2 and 4 share column 4"},
		{"diagonal", Classic(8), Placement{0, 4, 7, 5, 2, 6, 3, 1}, "rows 3 and 7 share a diagonal"},
		{"anti-diagonal", Classic(4), Placement{1, 0, 3, 2}, "rows 1 and 2 share a diagonal"},
		{"blocked", Problem{N: 4, Blocked: []Square{{2, 0}}}, Placement{1, 3, 0, 2}, "row 3: the queen in column 1 stands on a blocked square"},
		{"fixed", Problem{N: 4, Fixed: []Square{{0, 2}}}, Placement{1, 3, 0, 2}, "row 1: the pre-placed queen is in column 3, not 2"},
		{"fixed ok", Problem{N: 4, Fixed: []Square{{0, 2}}}, Placement{2, 0, 3, 1}, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := Verify(c.p, c.q)
			got := ""
			if err != nil {
				got = err.Error()
			}
			if got != c.want {
				t.Errorf("Verify = %q, want %q", got, c.want)
			}
		})
	}
}

func TestVerifyColumnsLarge(t *testing.T) {
	// A large valid placement in 32-bit columns (the construction for
	// n = 6k+4, 1-based: even columns then odd ones), then one swap to break it.
	n := 6*166_667 + 4
	q := make([]int32, n)
	for i := 0; i < n/2; i++ {
		q[i] = int32(2*i + 1)
		q[n/2+i] = int32(2 * i)
	}
	if err := VerifyColumns(Classic(n), q); err != nil {
		t.Fatal(err)
	}
	q[10], q[11] = q[11], q[10]
	if err := VerifyColumns(Classic(n), q); err == nil || !strings.Contains(err.Error(), "share a diagonal") {
		t.Fatalf("after a swap: %v", err)
	}
}

func TestSymmetries(t *testing.T) {
	sols := bruteSolutions(8)
	set := map[string]bool{}
	for _, s := range sols {
		set[fmt.Sprint(s)] = true
	}
	for _, s := range sols {
		for _, sym := range Symmetries {
			im, err := sym.Apply(s)
			if err != nil {
				t.Fatal(err)
			}
			if !set[fmt.Sprint(im)] {
				t.Fatalf("%v of %v = %v is not a solution", sym, s, im)
			}
			// Every element has an inverse among the eight; rotations compose.
			back := false
			for _, inv := range Symmetries {
				if b, _ := inv.Apply(im); slices.Equal(b, s) {
					back = true
				}
			}
			if !back {
				t.Fatalf("%v has no inverse", sym)
			}
		}
		r1, _ := Rotate90.Apply(s)
		r2, _ := Rotate90.Apply(r1)
		r3, _ := Rotate90.Apply(r2)
		h, _ := Rotate180.Apply(s)
		tq, _ := Rotate270.Apply(s)
		if !slices.Equal(r2, h) || !slices.Equal(r3, tq) {
			t.Fatalf("rotations do not compose for %v", s)
		}
	}
	if _, err := Rotate90.Apply(Placement{0, 0, 1}); err == nil {
		t.Error("Apply accepted queens sharing a column")
	}
	// The one solution of n = 6 up to symmetry has orbit 4 (it is symmetric
	// under the half turn); n = 1 has orbit 1.
	if _, o, _ := Canonical(Placement{1, 3, 5, 0, 2, 4}); o != 4 {
		t.Errorf("orbit of the 6-queens solution = %d, want 4", o)
	}
	if c, o, _ := Canonical(Placement{0}); o != 1 || !slices.Equal(c, Placement{0}) {
		t.Errorf("n = 1: canonical %v orbit %d", c, o)
	}
}

func TestSolutionFileSeedFormat(t *testing.T) {
	// testdata/localsearch-n8.txt is the file that the C program of Sosič and
	// Gu's local search (cmd/nqueens/testdata/sosic-gu-localsearch.c) wrote for N = 8.
	raw, err := os.ReadFile(filepath.Join("testdata", "localsearch-n8.txt"))
	if err != nil {
		t.Fatal(err)
	}
	q, err := ReadSolution(strings.NewReader(string(raw)), 8)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(q, Placement{4, 0, 7, 5, 2, 6, 1, 3}) {
		t.Fatalf("read %v", q)
	}
	if err := Verify(Classic(8), q); err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if err := WriteSolution(&b, q); err != nil {
		t.Fatal(err)
	}
	if b.String() != string(raw) {
		t.Fatalf("rewritten file differs:\n%s", b.String())
	}
	// N inferred from the line.
	if q2, err := ReadSolution(strings.NewReader(string(raw)), 0); err != nil || !slices.Equal(q, q2) {
		t.Fatalf("n = 0: %v %v", q2, err)
	}
}

func TestSolutionFileRoundTripLarge(t *testing.T) {
	n := 25
	q := make([]int32, n)
	for i := range q {
		q[i] = int32((i * 7) % n)
	}
	var b strings.Builder
	if err := WriteSolution(&b, q); err != nil {
		t.Fatal(err)
	}
	if strings.Count(b.String(), "\n") != 1 {
		t.Fatalf("N = 25 must have no drawing:\n%s", b.String())
	}
	got, err := ReadSolution(strings.NewReader(b.String()), n)
	if err != nil {
		t.Fatal(err)
	}
	for i := range q {
		if got[i] != int(q[i]) {
			t.Fatalf("row %d: %d != %d", i, got[i], q[i])
		}
	}
}

func TestSolutionFileErrors(t *testing.T) {
	draw4 := ".*..\n...*\n*...\n..*.\n"
	cases := []struct {
		name, text string
		n          int
		want       string
	}{
		{"empty", "", 4, "solution file: line 1: no columns: want one line of N columns"},
		{"too few", "2 4 1\n", 4, "solution file: line 1: 3 columns, want 4"},
		{"too many", "2 4 1 3 1\n", 4, "solution file: line 1, field 5: more than 4 columns"},
		{"not a number", "2 x 1 3\n", 4, `solution file: line 1, field 2: "x" is not a whole number`},
		{"zero", "2 0 1 3\n", 4, "solution file: line 1, field 2: column 0 is out of range (1 to 4)"},
		{"too big", "2 4 1 5\n", 4, "solution file: line 1, field 4: column 5 is out of range (1 to 4)"},
		{"inferred too big", "2 4 1 5\n", 0, "solution file: line 1, field 4: column 5 is out of range (1 to 4)"},
		{"negative", "2 -4 1 3\n", 4, "solution file: line 1, field 2: column -4 is out of range (1 to 4)"},
		{"bad drawing char", "2 4 1 3\n" + strings.Replace(draw4, ".", "-", -1)[:5] + "x--*\n", 4, `solution file: line 3, field 1: 'x' is not '*' or '-'`},
		{"drawing disagrees", "2 4 1 3\n-*--\n--*-\n*---\n--*-\n", 4, "solution file: line 3: drawing row 2 has its queen in column 3, but line 1 says column 4"},
		{"short drawing row", "2 4 1 3\n-*-\n", 4, "solution file: line 2: drawing row 1 has 3 squares, want 4"},
		{"drawing stops", "2 4 1 3\n-*--\n---*\n", 4, "solution file: line 4: the drawing stops after 2 of 4 rows"},
		{"extra line", "2 4 1 3\n-*--\n---*\n*---\n--*-\nhello\n", 4, "solution file: line 6: unexpected text after the drawing"},
		{"text after big", strings.Repeat("1 ", 21) + "\nmore\n", 21, "solution file: line 2: unexpected text after the placement (no drawing for N > 20)"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := ReadSolution(strings.NewReader(c.text), c.n)
			if err == nil || err.Error() != c.want {
				t.Errorf("got %v\nwant %s", err, c.want)
			}
		})
	}
	// Accepted variants: no drawing, CRLF line ends, trailing blank lines.
	for _, ok := range []string{"2 4 1 3\n", "2 4 1 3", "2 4 1 3\r\n-*--\r\n---*\r\n*---\r\n--*-\r\n", "2 4 1 3\n-*--\n---*\n*---\n--*-\n\n"} {
		if q, err := ReadSolution(strings.NewReader(ok), 4); err != nil || !slices.Equal(q, Placement{1, 3, 0, 2}) {
			t.Errorf("%q: %v %v", ok, q, err)
		}
	}
}

func TestParseSquares(t *testing.T) {
	sq, err := ParseSquares("1:1, 2:3")
	if err != nil || !slices.Equal(sq, []Square{{0, 0}, {1, 2}}) {
		t.Fatalf("%v %v", sq, err)
	}
	for _, bad := range []string{"1", "a:1", "0:1", "1:2,3"} {
		if _, err := ParseSquares(bad); err == nil {
			t.Errorf("ParseSquares(%q) accepted", bad)
		}
	}
	if err := (Problem{N: 4, Fixed: []Square{{4, 0}}}).Validate(); err == nil || err.Error() != "model: pre-placed queen at row 5, column 1 is off the 4x4 board" {
		t.Errorf("Validate: %v", err)
	}
	if err := Classic(0).Validate(); err == nil {
		t.Error("N = 0 accepted")
	}
}

// FuzzReadSolution: any bytes are read without a panic, refused with a
// *FormatError, or give a placement of the N asked for (or of the columns
// read when N is 0) that writes back and reads again the same.
func FuzzReadSolution(f *testing.F) {
	raw, _ := os.ReadFile(filepath.Join("testdata", "localsearch-n8.txt"))
	f.Add(raw, 8)
	f.Add([]byte("1 2 3\n"), 0)
	f.Add([]byte("2 4 1 3\n-*--\n---*\n*---\n--*-\n"), 4)
	f.Add([]byte("9999999999999999999999\n"), 1)
	f.Fuzz(func(t *testing.T, data []byte, n int) {
		if n < 0 || n > 1000 {
			return
		}
		q, err := ReadSolution(bytes.NewReader(data), n)
		if err != nil {
			var fe *FormatError
			if !errors.As(err, &fe) {
				t.Fatalf("error of type %T: %v", err, err)
			}
			return
		}
		if n > 0 && len(q) != n {
			t.Fatalf("%d columns for N = %d", len(q), n)
		}
		var b bytes.Buffer
		if err := WriteSolution(&b, q); err != nil {
			t.Fatal(err)
		}
		again, err := ReadSolution(&b, len(q))
		if err != nil || !slices.Equal(again, q) {
			t.Fatalf("round trip: %v", err)
		}
	})
}
