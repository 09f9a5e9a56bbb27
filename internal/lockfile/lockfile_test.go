package lockfile

import (
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

func TestOpen(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "j")
	f, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Open(path); !errors.Is(err, ErrBusy) {
		t.Errorf("second open while locked: %v", err)
	}
	f.Close()
	g, err := Open(path)
	if err != nil {
		t.Fatalf("open after close: %v", err)
	}
	g.Close()
	if _, err := Open(dir); !errors.Is(err, ErrNotRegular) {
		t.Errorf("a folder: %v", err)
	}
	fifo := filepath.Join(dir, "fifo")
	syscall.Mkfifo(fifo, 0o600)
	if _, err := Open(fifo); !errors.Is(err, ErrNotRegular) {
		t.Errorf("a FIFO: %v", err)
	}
	var pe *os.PathError
	if _, err := Open(filepath.Join(dir, "nosuch", "j")); !errors.As(err, &pe) {
		t.Errorf("a missing folder: %v", err)
	}
}
