package textio_test

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/queenslab/nqueens/internal/textio"
)

// TestLines: blank lines are skipped, line ends of both kinds removed, the
// last line may lack its end, and numbering counts every line.
func TestLines(t *testing.T) {
	lr := textio.NewLineReader(strings.NewReader("a b\r\n\n  \t\nc\nlast"), "test")
	var got []string
	var nums []int
	for b, err := range lr.Lines() {
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, string(b))
		nums = append(nums, lr.Line())
	}
	if strings.Join(got, "|") != "a b|c|last" || len(nums) != 3 || nums[0] != 1 || nums[1] != 4 || nums[2] != 5 {
		t.Errorf("lines %q at %v", got, nums)
	}
}

// TestLineCap: a line longer than Max is a *ParseError that names it, read
// no further than the cap (an endless line ends too).
func TestLineCap(t *testing.T) {
	for _, tc := range []struct {
		in   io.Reader
		line int
	}{
		{strings.NewReader("short\n" + strings.Repeat("x", 300_000) + "\n"), 2},
		{io.MultiReader(strings.NewReader("p\n"), zeros{}), 2},
	} {
		lr := textio.NewLineReader(tc.in, "test")
		lr.Max = 100_000
		var err error
		for _, err = range lr.Lines() {
			if err != nil {
				break
			}
		}
		var pe *textio.ParseError
		if !errors.As(err, &pe) || pe.Line != tc.line || !strings.Contains(err.Error(), "line longer than 100000 bytes") {
			t.Errorf("error %v, want line %d too long", err, tc.line)
		}
	}
	long := strings.Repeat("y", 90_000)
	lr := textio.NewLineReader(strings.NewReader(long+"\n"), "test")
	lr.Max = 100_000
	b, err := lr.Next()
	if err != nil || !bytes.Equal(b, []byte(long)) {
		t.Errorf("a line under the cap: %v", err)
	}
}

// zeros is an endless stream of NUL bytes, like /dev/zero.
type zeros struct{}

func (zeros) Read(b []byte) (int, error) {
	clear(b)
	return len(b), nil
}

func TestFieldsAndParseInt(t *testing.T) {
	fs := textio.Fields(nil, []byte(" 12\t-3  x\v"))
	if len(fs) != 3 || string(fs[0].Text) != "12" || fs[0].Col != 2 || string(fs[1].Text) != "-3" || fs[1].Col != 5 || fs[2].Col != 9 {
		t.Errorf("fields %+v", fs)
	}
	most := strings.Repeat("9", 9+9*(strconv.IntSize/64)) // the most digits an int holds whole
	mostValue, _ := strconv.Atoi(most)
	for in, want := range map[string]int{"0": 0, "-7": -7, "+7": 7, most: mostValue, "-" + most: -mostValue} {
		if v, ok := textio.ParseInt([]byte(in)); !ok || v != want {
			t.Errorf("ParseInt(%q) = %d, %v", in, v, ok)
		}
	}
	for _, in := range []string{"", "-", "1x", most + "9", "--1", "-9223372036854775808"} {
		if _, ok := textio.ParseInt([]byte(in)); ok {
			t.Errorf("ParseInt(%q) accepted", in)
		}
	}
}

func TestReadFileAndParseCount(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "f")
	os.WriteFile(path, []byte("12345"), 0o644)
	if b, err := textio.ReadFile(path, 5); err != nil || string(b) != "12345" {
		t.Errorf("%q %v", b, err)
	}
	if _, err := textio.ReadFile(path, 4); err == nil || !strings.Contains(err.Error(), "is larger than 4 bytes") {
		t.Errorf("over the cap: %v", err)
	}
	if _, err := textio.ReadFile(dir, 10); err == nil || !strings.Contains(err.Error(), "is not a regular file") {
		t.Errorf("a folder: %v", err)
	}
	if _, err := textio.ReadFile(filepath.Join(dir, "nosuch"), 10); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("missing: %v", err)
	}
	digits := "123456789012345678"[:9+9*(strconv.IntSize/64)] // the most an int holds whole
	whole, _ := strconv.Atoi(digits)
	for s, want := range map[string]int{"0": 0, "08": 8, digits: whole} {
		if v, ok := textio.ParseCount(s); !ok || v != want {
			t.Errorf("ParseCount(%q) = %d, %v", s, v, ok)
		}
	}
	for _, s := range []string{"", "+1", "-1", "1x", " 1", digits + "9"} {
		if _, ok := textio.ParseCount(s); ok {
			t.Errorf("ParseCount(%q) accepted", s)
		}
	}
}

// TestSizeAndEnded: each line's bytes with its line end, and whether it
// had one.
func TestSizeAndEnded(t *testing.T) {
	lr := textio.NewLineReader(strings.NewReader("a\r\n\nbc"), "x")
	for _, want := range []struct {
		text  string
		size  int
		ended bool
	}{{"a", 3, true}, {"", 1, true}, {"bc", 2, false}} {
		b, err := lr.Next()
		if err != nil || string(b) != want.text || lr.Size() != want.size || lr.Ended() != want.ended {
			t.Errorf("line %d: %q %v, size %d, ended %v; want %+v", lr.Line(), b, err, lr.Size(), lr.Ended(), want)
		}
	}
}
