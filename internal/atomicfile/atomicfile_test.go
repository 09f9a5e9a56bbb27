package atomicfile_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/queenslab/nqueens/internal/atomicfile"
)

func text(s string) func(io.Writer) error {
	return func(w io.Writer) error { _, err := io.WriteString(w, s); return err }
}

// leftovers lists the temporaries in dir.
func leftovers(t *testing.T, dir string) []string {
	t.Helper()
	ents, _ := os.ReadDir(dir)
	var out []string
	for _, e := range ents {
		if strings.Contains(e.Name(), ".tmp-") {
			out = append(out, e.Name())
		}
	}
	return out
}

func TestNewAndExistingFiles(t *testing.T) {
	dir := t.TempDir()
	old := syscall.Umask(0o027)
	defer syscall.Umask(old)
	path := filepath.Join(dir, "out.txt")
	if err := atomicfile.Write(context.Background(), path, text("one\n")); err != nil {
		t.Fatal(err)
	}
	st, _ := os.Stat(path)
	if got, _ := os.ReadFile(path); string(got) != "one\n" || st.Mode().Perm() != 0o640 {
		t.Errorf("new file: %q, mode %v, want 0640 under umask 027", got, st.Mode().Perm())
	}
	os.Chmod(path, 0o600)
	if err := atomicfile.Write(context.Background(), path, text("two\n")); err != nil {
		t.Fatal(err)
	}
	st, _ = os.Stat(path)
	if got, _ := os.ReadFile(path); string(got) != "two\n" || st.Mode().Perm() != 0o600 {
		t.Errorf("replaced file: %q, mode %v, want its 0600 kept", got, st.Mode().Perm())
	}
	if l := leftovers(t, dir); len(l) > 0 {
		t.Errorf("temporaries left: %v", l)
	}
}

// TestFailedWrite: a failing or cancelled write leaves the target as it was
// and no temporary.
func TestFailedWrite(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.txt")
	os.WriteFile(path, []byte("before\n"), 0o644)
	boom := errors.New("boom")
	if err := atomicfile.Write(context.Background(), path, func(w io.Writer) error {
		io.WriteString(w, "half")
		return boom
	}); !errors.Is(err, boom) {
		t.Errorf("error %v, want the writer's", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := atomicfile.Write(ctx, path, text("after\n")); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
	if got, _ := os.ReadFile(path); string(got) != "before\n" {
		t.Errorf("target changed to %q", got)
	}
	if l := leftovers(t, dir); len(l) > 0 {
		t.Errorf("temporaries left: %v", l)
	}
	err := atomicfile.Write(context.Background(), filepath.Join(dir, "nosuch", "f"), text("x"))
	var ae *atomicfile.Error
	if !errors.As(err, &ae) || !strings.HasPrefix(err.Error(), "cannot write "+filepath.Join(dir, "nosuch", "f")+": ") {
		t.Errorf("missing folder: %v", err)
	}
	if err := atomicfile.Write(context.Background(), dir, text("x")); err == nil || !strings.Contains(err.Error(), "it is a folder") {
		t.Errorf("a folder as target: %v", err)
	}
}

// TestSpecialTargets: a device and a FIFO are written through and stay what
// they are; a symbolic link stays a link to the replaced file.
func TestSpecialTargets(t *testing.T) {
	if err := atomicfile.Write(context.Background(), os.DevNull, text("discarded\n")); err != nil {
		t.Fatal(err)
	}
	if st, err := os.Stat(os.DevNull); err != nil || st.Mode()&fs.ModeCharDevice == 0 {
		t.Fatalf("%s is no longer a character device: %v %v", os.DevNull, st.Mode(), err)
	}
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	got := make(chan string)
	go func() {
		b, _ := os.ReadFile(fifo)
		got <- string(b)
	}()
	if err := atomicfile.Write(context.Background(), fifo, text("through the pipe\n")); err != nil {
		t.Fatal(err)
	}
	if s := <-got; s != "through the pipe\n" {
		t.Errorf("the FIFO's reader got %q", s)
	}
	if st, _ := os.Lstat(fifo); st.Mode()&fs.ModeNamedPipe == 0 {
		t.Errorf("the FIFO became %v", st.Mode())
	}
	real := filepath.Join(dir, "real.txt")
	os.WriteFile(real, []byte("old\n"), 0o600)
	link := filepath.Join(dir, "link.txt")
	os.Symlink("real.txt", link)
	if err := atomicfile.Write(context.Background(), link, text("new\n")); err != nil {
		t.Fatal(err)
	}
	st, _ := os.Lstat(link)
	b, _ := os.ReadFile(real)
	if st.Mode()&fs.ModeSymlink == 0 || string(b) != "new\n" {
		t.Errorf("link: mode %v, target %q", st.Mode(), b)
	}
}

// TestStaleTemporaries: a temporary of a dead writer is removed by the next
// write to the same target; one of a live writer and those of other
// targets are not.
func TestStaleTemporaries(t *testing.T) {
	dir := t.TempDir()
	cmd := exec.Command("true")
	if err := cmd.Run(); err != nil {
		t.Skip("SKIP: cannot run true")
	}
	dead := cmd.Process.Pid
	stale := filepath.Join(dir, fmt.Sprintf(".out.txt.tmp-%d-123", dead))
	live := filepath.Join(dir, fmt.Sprintf(".out.txt.tmp-%d-456", os.Getpid()))
	other := filepath.Join(dir, fmt.Sprintf(".other.txt.tmp-%d-789", dead))
	for _, p := range []string{stale, live, other} {
		os.WriteFile(p, []byte("partial"), 0o600)
	}
	if err := atomicfile.Write(context.Background(), filepath.Join(dir, "out.txt"), text("x\n")); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(stale); err == nil {
		t.Error("the dead writer's temporary is still there")
	}
	for _, p := range []string{live, other} {
		if _, err := os.Stat(p); err != nil {
			t.Errorf("%s was removed", filepath.Base(p))
		}
	}
}

func TestCheck(t *testing.T) {
	dir := t.TempDir()
	if err := atomicfile.Check(filepath.Join(dir, "new.txt")); err != nil {
		t.Errorf("a new file in a folder: %v", err)
	}
	if err := atomicfile.Check(os.DevNull); err != nil {
		t.Errorf("%s: %v", os.DevNull, err)
	}
	for _, tc := range []struct{ path, want string }{
		{filepath.Join(dir, "nosuch", "f"), "no such file or directory"},
		{dir, "it is a folder"},
	} {
		if err := atomicfile.Check(tc.path); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Check(%s) = %v, want %q", tc.path, err, tc.want)
		}
	}
	file := filepath.Join(dir, "file")
	os.WriteFile(file, nil, 0o644)
	if err := atomicfile.Check(filepath.Join(file, "f")); err == nil || !strings.Contains(err.Error(), "is not a folder") {
		t.Errorf("a file as folder: %v", err)
	}
	if os.Geteuid() != 0 {
		ro := filepath.Join(dir, "ro")
		os.Mkdir(ro, 0o500)
		if err := atomicfile.Check(filepath.Join(ro, "f")); err == nil {
			t.Error("a read-only folder passed")
		}
	}
}

// TestAbandon: the temporary of a write in progress is removed by Abandon,
// and the target is untouched.
func TestAbandon(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.txt")
	os.WriteFile(path, []byte("before\n"), 0o644)
	inside, release := make(chan bool), make(chan bool)
	go atomicfile.Write(context.Background(), path, func(w io.Writer) error {
		io.WriteString(w, "partial")
		inside <- true
		<-release
		return errors.New("stopped")
	})
	<-inside
	if l := leftovers(t, dir); len(l) != 1 {
		t.Fatalf("temporaries while writing: %v", l)
	}
	atomicfile.Abandon()
	if l := leftovers(t, dir); len(l) != 0 {
		t.Errorf("temporaries after Abandon: %v", l)
	}
	close(release)
	if b, _ := os.ReadFile(path); string(b) != "before\n" {
		t.Errorf("target changed: %q", b)
	}
}
