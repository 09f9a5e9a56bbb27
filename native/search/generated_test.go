package search

import (
	"bytes"
	"os"
	"os/exec"
	"testing"
)

// TestGenerated: cp_search64_gen.go is what its generator writes now.
func TestGenerated(t *testing.T) {
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("SKIPPED: no go command on the PATH to run the generators")
	}
	for gen, file := range map[string]string{"gen_cp.go": "cp_search64_gen.go"} {
		want, err := exec.Command(goBin, "run", gen, "-o", "-").Output()
		if err != nil {
			t.Fatalf("go run %s: %v", gen, err)
		}
		got, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s is not what %s writes: run go generate ./native/search", file, gen)
		}
	}
}
