// Package lockfile opens the files that one run at a time may write
// (checkpoint journals, results of nqueens run, suite folders' locks),
// holding an exclusive lock on each (flock; LockFileEx on Windows) for as
// long as it is open.
package lockfile

import (
	"errors"
	"fmt"
	"os"

	"github.com/queenslab/nqueens/internal/platform"
)

var (
	// ErrBusy: another open file description holds the lock (another run).
	ErrBusy = platform.ErrBusy
	// ErrNotRegular: the path names something other than a regular file
	// (a folder, a FIFO, a device), which is never locked and written.
	ErrNotRegular = errors.New("not a regular file")
)

// Open opens path for reading and writing, creating it (mode 0644) if it
// does not exist, and locks it without waiting. The errors are ErrBusy,
// ErrNotRegular, or the system's (an *os.PathError).
func Open(path string) (*os.File, error) {
	if st, err := os.Stat(path); err == nil && !st.Mode().IsRegular() {
		return nil, ErrNotRegular
	}
	f, err := os.OpenFile(path, os.O_CREATE|os.O_RDWR, 0o644)
	if err != nil {
		return nil, err
	}
	if err := platform.Lock(f); err != nil {
		f.Close()
		if errors.Is(err, ErrBusy) {
			return nil, err
		}
		return nil, fmt.Errorf("lock: %v", err)
	}
	return f, nil
}
