// Package atomicfile writes output files so that a reader never sees half
// of one: the data goes to a temporary file beside the target, is synced,
// and is renamed over the target only when complete. A failed, cancelled or
// killed write leaves the target as it was.
//
// The rules, the same for every output of the toolkit:
//   - A target that exists and is not a regular file (a character device
//     such as /dev/null, a FIFO) is written through, never replaced: a
//     rename would turn it into a regular file. A folder is refused.
//   - A symbolic link is followed: the file it points to is replaced and
//     the link stays.
//   - An existing file keeps its permission bits; a new one gets 0666
//     less the process's umask, as a shell redirection would.
//   - Temporaries are named ".BASE.tmp-PID-RANDOM"; each write removes the
//     temporaries of the same target left by writers that have died (their
//     process no longer exists), so a killed run leaves nothing for long.
package atomicfile

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"

	"github.com/queenslab/nqueens/internal/platform"
)

// Error is a failure to write a target; it names the target, not the
// temporary file.
type Error struct {
	Path string
	Err  error
}

func (e *Error) Error() string { return fmt.Sprintf("cannot write %s: %v", e.Path, e.Err) }
func (e *Error) Unwrap() error { return e.Err }

func fail(path string, err error) error { return &Error{Path: path, Err: unwrap(err)} }

// Check says, before any work is done, whether path can be written: its
// folder exists and is writable, and path is not a folder. Errors are
// *Error.
func Check(path string) error {
	target, st, err := inspect(path)
	if err != nil {
		return err
	}
	if st != nil && !st.Mode().IsRegular() {
		if err := platform.Writable(target, false); err != nil {
			return fail(path, err)
		}
		return nil
	}
	dir := filepath.Dir(target)
	dst, err := os.Stat(dir)
	switch {
	case err != nil:
		return fail(path, fmt.Errorf("folder %s: %w", dir, unwrap(err)))
	case !dst.IsDir():
		return fail(path, fmt.Errorf("%s is not a folder", dir))
	}
	if err := platform.Writable(dir, true); err != nil {
		return fail(path, fmt.Errorf("folder %s: %w", dir, err))
	}
	return nil
}

func unwrap(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// inspect finds the file that a write to path changes (following symbolic
// links) and what is there: nil when nothing is yet. A folder, a link
// loop and any error but "no such file" are an *Error.
func inspect(path string) (target string, st fs.FileInfo, err error) {
	if target, err = resolve(path); err != nil {
		return "", nil, fail(path, err)
	}
	st, err = os.Stat(target)
	switch {
	case err == nil && st.IsDir():
		return "", nil, fail(path, errors.New("it is a folder"))
	case err == nil:
		return target, st, nil
	case errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR):
		return target, nil, nil
	}
	return "", nil, fail(path, err)
}

// resolve follows symbolic links to the file that a write to path changes.
func resolve(path string) (string, error) {
	for range 40 {
		st, err := os.Lstat(path)
		if err != nil || st.Mode()&fs.ModeSymlink == 0 {
			return path, nil
		}
		link, err := os.Readlink(path)
		if err != nil {
			return "", err
		}
		if !filepath.IsAbs(link) {
			link = filepath.Join(filepath.Dir(path), link)
		}
		path = link
	}
	return "", errors.New("too many levels of symbolic links")
}

// Write writes path with write, which gets a buffered writer, following the
// rules of the package. ctx is looked at once write has returned: a
// cancelled write leaves the target as it was and returns ctx.Err(). Other
// errors are *Error, or write's own error.
func Write(ctx context.Context, path string, write func(w io.Writer) error) error {
	target, st, err := inspect(path)
	if err != nil {
		return err
	}
	if st != nil && !st.Mode().IsRegular() {
		return writeThrough(ctx, path, target, write)
	}
	mode := fs.FileMode(0o666) &^ umask()
	if st != nil {
		mode = st.Mode().Perm()
	}
	dir, base := filepath.Dir(target), filepath.Base(target)
	RemoveStale(target)
	tmp, err := os.CreateTemp(dir, "."+base+".tmp-"+strconv.Itoa(os.Getpid())+"-*")
	if err != nil {
		return fail(path, err)
	}
	live.add(tmp.Name())
	done := false
	defer func() {
		if !done {
			tmp.Close()
			os.Remove(tmp.Name())
		}
		live.remove(tmp.Name())
	}()
	if err := tmp.Chmod(mode); err != nil {
		return fail(path, err)
	}
	if err := fill(ctx, path, tmp, write); err != nil {
		return err
	}
	if err := tmp.Sync(); err != nil {
		return fail(path, err)
	}
	if err := tmp.Close(); err != nil {
		return fail(path, err)
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	if err := os.Rename(tmp.Name(), target); err != nil {
		return fail(path, err)
	}
	done = true
	if d, err := os.Open(dir); err == nil {
		d.Sync() // the rename itself; not every file system can sync a folder
		d.Close()
	}
	return nil
}

// fill runs write on a buffer in front of f and flushes it, unless ctx was
// cancelled meanwhile.
func fill(ctx context.Context, path string, f *os.File, write func(w io.Writer) error) error {
	bw := bufio.NewWriterSize(f, 1<<20)
	if err := write(bw); err != nil {
		return writeErr(path, err)
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	if err := bw.Flush(); err != nil {
		return fail(path, err)
	}
	return nil
}

// writeErr names the target in a write error that came from the file (a
// full disk, say) and leaves other errors, the caller's own, as they are.
func writeErr(path string, err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) || errors.Is(err, syscall.ENOSPC) || errors.Is(err, syscall.EIO) || errors.Is(err, syscall.EDQUOT) || errors.Is(err, syscall.EFBIG) {
		return fail(path, err)
	}
	return err
}

// writeThrough writes to a special file (a device, a FIFO) in place.
func writeThrough(ctx context.Context, path, target string, write func(w io.Writer) error) error {
	f, err := os.OpenFile(target, os.O_WRONLY, 0)
	if err != nil {
		return fail(path, err)
	}
	defer f.Close()
	if err := fill(ctx, path, f, write); err != nil {
		return err
	}
	if err := f.Close(); err != nil {
		return fail(path, err)
	}
	return nil
}

// live is the set of temporaries this process is writing now.
var live = &tempSet{names: map[string]bool{}}

type tempSet struct {
	mu    sync.Mutex
	names map[string]bool
}

func (t *tempSet) add(name string) {
	t.mu.Lock()
	t.names[name] = true
	t.mu.Unlock()
}

func (t *tempSet) remove(name string) {
	t.mu.Lock()
	delete(t.names, name)
	t.mu.Unlock()
}

// Abandon removes the temporaries of every write in progress in this
// process, for a process about to exit without finishing them (after a
// signal that the running command did not honour in time). The targets
// stay as they were.
func Abandon() {
	live.mu.Lock()
	defer live.mu.Unlock()
	for name := range live.names {
		os.Remove(name)
	}
}

// RemoveStale removes the temporaries of target left by writers whose
// process no longer exists. It returns the names it removed.
func RemoveStale(target string) []string {
	dir, base := filepath.Dir(target), filepath.Base(target)
	prefix := "." + base + ".tmp-"
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var removed []string
	for _, e := range ents {
		rest, ok := strings.CutPrefix(e.Name(), prefix)
		if !ok || !e.Type().IsRegular() {
			continue
		}
		pidText, _, ok := strings.Cut(rest, "-")
		pid, err := strconv.Atoi(pidText)
		if !ok || err != nil || pid <= 0 || platform.Alive(pid) {
			continue
		}
		if os.Remove(filepath.Join(dir, e.Name())) == nil {
			removed = append(removed, e.Name())
		}
	}
	return removed
}

// umask reads the process's file mode creation mask from /proc/self/status
// (Linux 4.7 and later), without changing it; 022 where it cannot be read.
func umask() fs.FileMode {
	raw, err := os.ReadFile("/proc/self/status")
	if err == nil {
		for _, line := range strings.Split(string(raw), "\n") {
			if v, ok := strings.CutPrefix(line, "Umask:"); ok {
				if m, err := strconv.ParseUint(strings.TrimSpace(v), 8, 32); err == nil {
					return fs.FileMode(m)
				}
			}
		}
	}
	return 0o022
}
