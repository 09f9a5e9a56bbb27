package bitslice

import (
	"bytes"
	"os"
	"os/exec"
	"testing"
)

// TestGenerated: scan_unrolled_amd64.s is what gen_scan.go writes now.
func TestGenerated(t *testing.T) {
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("SKIPPED: no go command on the PATH to run the generator")
	}
	// The generator runs on this machine, whatever GOARCH the test was
	// built for (under an emulator, GOARCH=mips is in the environment).
	cmd := exec.Command(goBin, "run", "gen_scan.go", "-o", "-")
	cmd.Env = append(os.Environ(), "GOOS=", "GOARCH=")
	want, err := cmd.Output()
	if err != nil {
		t.Fatalf("go run gen_scan.go: %v", err)
	}
	got, err := os.ReadFile("scan_unrolled_amd64.s")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Error("scan_unrolled_amd64.s is not what gen_scan.go writes: run go generate ./internal/bitslice")
	}
}
