//go:build unix

package platform_test

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/queenslab/nqueens/internal/platform"
)

// TestLock: a second lock of the same file, through another open file, is
// refused with ErrBusy; closing the first frees it.
func TestLock(t *testing.T) {
	path := filepath.Join(t.TempDir(), "lock")
	a, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := platform.Lock(a); err != nil {
		t.Fatalf("first lock: %v", err)
	}
	b, _ := os.Open(path)
	defer b.Close()
	if err := platform.Lock(b); !errors.Is(err, platform.ErrBusy) {
		t.Errorf("second lock: %v, want ErrBusy", err)
	}
	a.Close()
	if err := platform.Lock(b); err != nil {
		t.Errorf("after the first closed: %v", err)
	}
}

// TestProcesses: a process group killed whole, its signal named, its
// usage read; a process that ended is no longer alive.
func TestProcesses(t *testing.T) {
	if !platform.Alive(os.Getpid()) {
		t.Error("this process is not alive")
	}
	cmd := exec.Command("sh", "-c", "sleep 60 & wait")
	platform.Group(cmd)
	if err := cmd.Start(); err != nil {
		t.Skip(err)
	}
	platform.KillGroup(cmd.Process.Pid)
	err := cmd.Wait()
	var ee *exec.ExitError
	if !errors.As(err, &ee) {
		t.Fatalf("wait: %v", err)
	}
	if name, n, ok := platform.Signaled(ee.ProcessState); !ok || n != 9 || !strings.Contains(name, "kill") {
		t.Errorf("signaled: %q %d %v, want killed", name, n, ok)
	}
	if platform.CPULimitHit(ee.ProcessState) {
		t.Error("SIGKILL taken for the CPU limit")
	}
	if platform.Alive(cmd.Process.Pid) {
		t.Error("a reaped process is alive")
	}
	done := exec.Command("true")
	if err := done.Run(); err != nil {
		t.Skip(err)
	}
	if u := platform.UsageOf(done.ProcessState); u.UserSeconds < 0 || runtime.GOOS == "linux" && u.PeakBytes < 1<<10 {
		t.Errorf("usage %+v", u)
	}
}

// TestOpenRegular: a symbolic link is refused, a missing file is
// fs.ErrNotExist, a FIFO opens without blocking.
func TestOpenRegular(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "f")
	os.WriteFile(file, []byte("x"), 0o644)
	link := filepath.Join(dir, "l")
	os.Symlink(file, link)
	if f, err := platform.OpenRegular(file); err != nil {
		t.Errorf("a file: %v", err)
	} else {
		f.Close()
	}
	if _, err := platform.OpenRegular(link); !errors.Is(err, platform.ErrSymlink) {
		t.Errorf("a link: %v", err)
	}
	if _, err := platform.OpenRegular(filepath.Join(dir, "none")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing: %v", err)
	}
}

// TestMachine: the figures a results file records are read here.
func TestMachine(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("read on Linux here")
	}
	total, avail, source, ok := platform.Memory()
	if !ok || total == 0 || avail == 0 || avail > total || source == "" {
		t.Errorf("memory: %d of %d (%s) %v", avail, total, source, ok)
	}
	if mhz := platform.CPUClockMHz(); mhz < 0 || runtime.GOARCH == "amd64" && mhz == 0 {
		t.Errorf("clock %v MHz", mhz)
	}
	if k := platform.Kernel(); !strings.HasPrefix(k, "Linux ") || len(strings.Fields(k)) != 3 {
		t.Errorf("kernel %q", k)
	}
	if size, data := platform.Mapped(); size == 0 || data == 0 || data > size {
		t.Errorf("mapped %d, data %d", size, data)
	}
	if err := platform.CanLimit(); err != nil {
		t.Error(err)
	}
	if err := platform.Writable(t.TempDir(), true); err != nil {
		t.Error(err)
	}
	if err := platform.Writable("/proc/version", false); err == nil && os.Geteuid() != 0 {
		t.Error("/proc/version writable")
	}
}
