package platform

import (
	"errors"
	"os"
	"os/exec"
	"syscall"

	"golang.org/x/sys/windows"
)

// StopSignals are the signals that ask a run to stop: Ctrl-C (and
// Ctrl-Break, which Go delivers as os.Interrupt too).
var StopSignals = []os.Signal{os.Interrupt}

// SignalExit is the exit status a shell gives a process ended by sig:
// 130, as for Ctrl-C elsewhere.
func SignalExit(os.Signal) int { return 130 }

// Group starts cmd in a process group of its own; its context's cancel
// kills the process (Windows has no signal for a whole group: what the
// process started itself may outlive it).
func Group(cmd *exec.Cmd) {
	ownGroup(cmd)
	cmd.Cancel = func() error { return cmd.Process.Kill() }
}

// ownGroup starts cmd in a process group of its own.
func ownGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{CreationFlags: windows.CREATE_NEW_PROCESS_GROUP}
}

// Start starts cmd (Windows has no guard: a process this one started
// outlives it if it is killed).
func Start(cmd *exec.Cmd) error { return cmd.Start() }

// KillGroup kills the process pid (see Group).
func KillGroup(pid int) {
	if p, err := os.FindProcess(pid); err == nil {
		p.Kill()
	}
}

// Alive reports whether a process with that id is still running.
func Alive(pid int) bool {
	h, err := windows.OpenProcess(windows.PROCESS_QUERY_LIMITED_INFORMATION, false, uint32(pid))
	if err != nil {
		// Denied: it exists all the same.
		return errors.Is(err, windows.ERROR_ACCESS_DENIED)
	}
	defer windows.CloseHandle(h)
	var code uint32
	return windows.GetExitCodeProcess(h, &code) == nil && code == 259 // STILL_ACTIVE
}

// Signaled is always false here: Windows ends processes with exit codes.
func Signaled(*os.ProcessState) (name string, number int, ok bool) { return "", 0, false }

// CPULimitHit is always false here: there are no CPU-time limits.
func CPULimitHit(*os.ProcessState) bool { return false }

// UsageOf is what an ended process took (no peak memory on Windows).
func UsageOf(ps *os.ProcessState) Usage {
	return Usage{UserSeconds: ps.UserTime().Seconds(), SystemSeconds: ps.SystemTime().Seconds()}
}

// Writable leaves the answer to the write itself on Windows (its access
// rights are lists, not bits): nil.
func Writable(string, bool) error { return nil }

// Lock takes an exclusive lock on f without waiting (LockFileEx): ErrBusy
// when another open file holds it.
func Lock(f *os.File) error {
	ol := new(windows.Overlapped)
	err := windows.LockFileEx(windows.Handle(f.Fd()), windows.LOCKFILE_EXCLUSIVE_LOCK|windows.LOCKFILE_FAIL_IMMEDIATELY, 0, 1, 0, ol)
	if errors.Is(err, windows.ERROR_LOCK_VIOLATION) || errors.Is(err, windows.ERROR_IO_PENDING) {
		return ErrBusy
	}
	return err
}

// Limits: Windows has no address-space or data-segment limits.
func Limits() (addressSpace, data uint64, hasAS, hasData bool) { return 0, 0, false, false }

// OpenRegular opens path for reading only if it is a regular file, not
// following a symbolic link (ErrSymlink).
func OpenRegular(path string) (*os.File, error) {
	st, err := os.Lstat(path)
	if err != nil {
		return nil, err
	}
	if st.Mode()&os.ModeSymlink != 0 {
		return nil, ErrSymlink
	}
	return os.Open(path)
}

// ExecLimited is refused: Windows has no data-segment or CPU-time limits
// that a process sets before it becomes another program.
func ExecLimited(path string, argv, env []string, data, cpu int64) error { return CanLimit() }

// CanLimit says whether this platform sets data-segment and CPU-time
// limits on a process: not Windows.
func CanLimit() error {
	return &UnsupportedError{What: "memory and CPU-time limits", Where: "Linux, macOS or FreeBSD"}
}
