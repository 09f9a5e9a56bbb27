package main

import (
	"debug/elf"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestStaticBinary builds the command as the container image does
// (CGO_ENABLED=0, -trimpath), checks that it is a static executable (no
// interpreter, no shared library), and runs it with an empty environment
// in a fresh directory that holds nothing else: as root, chrooted into it
// (no shell, no /etc, no /proc, no /tmp), as in the image of scratch;
// otherwise in it. A count, a solution and a file written must work
// there.
func TestStaticBinary(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command: not with -short")
	}
	root := t.TempDir()
	bin := filepath.Join(root, "nqueens")
	build := exec.Command("go", "build", "-trimpath", "-o", bin, ".")
	build.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	f, err := elf.Open(bin)
	if err != nil {
		t.Fatal(err)
	}
	libs, _ := f.ImportedLibraries()
	for _, p := range f.Progs {
		if p.Type == elf.PT_INTERP {
			t.Errorf("the binary names an interpreter: it is not static")
		}
	}
	f.Close()
	if len(libs) > 0 {
		t.Errorf("the binary needs %q: it is not static", libs)
	}
	chroot := os.Geteuid() == 0
	run := func(args ...string) (string, error) {
		path := bin
		c := &exec.Cmd{Env: []string{}, Dir: root}
		if chroot {
			path = "/nqueens"
			c.Dir = "/"
			c.SysProcAttr = &syscall.SysProcAttr{Chroot: root}
		}
		c.Path, c.Args = path, append([]string{path}, args...)
		out, err := c.CombinedOutput()
		return string(out), err
	}
	if out, err := run("count", "10"); err != nil || !strings.HasPrefix(out, "N = 10: 724 solutions") {
		t.Errorf("count 10: %v\n%s", err, out)
	}
	if out, err := run("solve", "1000", "-o", "sol.txt", "-q"); err != nil {
		t.Errorf("solve 1000 -o sol.txt: %v\n%s", err, out)
	}
	if b, err := os.ReadFile(filepath.Join(root, "sol.txt")); err != nil || strings.Count(string(b), " ") != 999 {
		t.Errorf("the solution file: %v, %d bytes", err, len(b))
	}
	if out, err := run("count", "6", "--fix", "1:2"); err != nil || !strings.Contains(out, "confirmed by") {
		t.Errorf("count 6 --fix 1:2: %v\n%s", err, out)
	}
	entries, _ := os.ReadDir(root)
	if len(entries) != 2 {
		t.Errorf("the directory holds %d entries after the runs, want the binary and the solution", len(entries))
	}
	t.Logf("chrooted: %v", chroot)
}
