package native

import (
	"bytes"
	"os"
	"os/exec"
	"testing"
)

// TestRowsGenerated: rows_gen.go is what gen_rows.go writes now.
func TestRowsGenerated(t *testing.T) {
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("SKIPPED: no go command on the PATH to run gen_rows.go")
	}
	want, err := exec.Command(goBin, "run", "gen_rows.go", "-o", "-").Output()
	if err != nil {
		t.Fatalf("go run gen_rows.go: %v", err)
	}
	got, err := os.ReadFile("rows_gen.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Error("rows_gen.go is not what gen_rows.go writes: run go generate ./native")
	}
}
