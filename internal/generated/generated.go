// Package generated checks, in tests, that a generated file is what its
// generator writes now.
package generated

import (
	"bytes"
	"os"
	"os/exec"
	"testing"
)

// Check runs each generator of gens (a file of the package under test,
// run as "go run GEN -o -") and compares its output with the file it
// writes; pkg is the package's path for the message that says how to
// write them again. The generators run for the machine the test runs on,
// whatever GOOS and GOARCH the test was built for (under an emulator they
// name the emulated target). Without a go command on the PATH, the test
// is skipped.
func Check(t *testing.T, pkg string, gens map[string]string) {
	t.Helper()
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("SKIPPED: no go command on the PATH to run the generators")
	}
	for gen, file := range gens {
		cmd := exec.Command(goBin, "run", gen, "-o", "-")
		cmd.Env = append(os.Environ(), "GOOS=", "GOARCH=")
		want, err := cmd.Output()
		if err != nil {
			t.Fatalf("go run %s: %v", gen, err)
		}
		got, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s is not what %s writes: run go generate %s", file, gen, pkg)
		}
	}
}
