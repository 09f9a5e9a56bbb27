//go:build unix && !linux

package platform

import (
	"fmt"
	"runtime"
	"runtime/debug"

	"golang.org/x/sys/unix"
)

// ExecLimited replaces this process with the program at path, run with
// argv and env under a data-segment limit of data bytes and a CPU-time
// limit of cpu seconds (soft; hard a second later), each when positive.
// It returns only on failure. These systems make their system calls
// through the C library, so the limits are set through it, then exec.
func ExecLimited(path string, argv, env []string, data, cpu int64) error {
	runtime.LockOSThread()
	debug.SetGCPercent(-1)
	if data > 0 {
		if err := unix.Setrlimit(unix.RLIMIT_DATA, &unix.Rlimit{Cur: rlim(data), Max: rlim(data)}); err != nil {
			return fmt.Errorf("setrlimit: %v", err)
		}
	}
	if cpu > 0 {
		if err := unix.Setrlimit(unix.RLIMIT_CPU, &unix.Rlimit{Cur: rlim(cpu), Max: rlim(cpu + 1)}); err != nil {
			return fmt.Errorf("setrlimit: %v", err)
		}
	}
	return unix.Exec(path, argv, env)
}
