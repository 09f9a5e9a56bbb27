package lab_test

import (
	"bytes"
	"encoding/csv"
	"testing"

	"github.com/queenslab/nqueens/lab"
)

// TestCSVCells: cells that a spreadsheet would run as formulas come back
// with a leading apostrophe, numbers (negative ones too) and plain text as
// they were, and the file reads back cell for cell.
func TestCSVCells(t *testing.T) {
	cases := []struct{ in, want string }{
		{"=1+2", "'=1+2"}, {"+cmd|' /C calc'!A0", "'+cmd|' /C calc'!A0"}, {"-2+3", "'-2+3"}, {"@SUM(A1)", "'@SUM(A1)"},
		{"\t=1", "'\t=1"}, {"\r=1", "'\r=1"}, {"-7", "-7"}, {"+1.5e3", "+1.5e3"}, {"-0.25", "-0.25"},
		{"cadical 1.5.3", "cadical 1.5.3"}, {"", ""}, {"a=b", "a=b"},
	}
	var in []string
	for _, c := range cases {
		in = append(in, c.in)
	}
	var b bytes.Buffer
	if err := lab.NewCSVWriter(&b).WriteAll([][]string{in}); err != nil {
		t.Fatal(err)
	}
	got, err := csv.NewReader(&b).ReadAll()
	if err != nil || len(got) != 1 || len(got[0]) != len(cases) {
		t.Fatalf("read back: %q, %v", got, err)
	}
	for i, c := range cases {
		if got[0][i] != c.want {
			t.Errorf("%q written as %q, want %q", c.in, got[0][i], c.want)
		}
	}
}
