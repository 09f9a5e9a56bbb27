//go:build unix

package platform

import (
	"errors"
	"os"
	"os/exec"
	"runtime"
	"syscall"

	"golang.org/x/sys/unix"
)

// StopSignals are the signals that ask a run to stop: Ctrl-C, a job
// scheduler's SIGTERM, a closed terminal's SIGHUP.
var StopSignals = []os.Signal{os.Interrupt, unix.SIGTERM, unix.SIGHUP}

// SignalExit is the exit status a shell gives a process ended by sig:
// 128 plus its number.
func SignalExit(sig os.Signal) int {
	if s, ok := sig.(syscall.Signal); ok {
		return 128 + int(s)
	}
	return 128 + int(unix.SIGINT)
}

// Group makes cmd the leader of a process group of its own, and its
// context's cancel kill the whole group.
func Group(cmd *exec.Cmd) {
	ownGroup(cmd)
	cmd.Cancel = func() error { return unix.Kill(-cmd.Process.Pid, unix.SIGKILL) }
}

// ownGroup makes cmd the leader of a process group of its own.
func ownGroup(cmd *exec.Cmd) { cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} }

// KillGroup kills the process group that Group made for the process pid:
// nothing the process started outlives it. The guard is told (Start).
func KillGroup(pid int) {
	unix.Kill(-pid, unix.SIGKILL)
	tellGuard("-", pid)
}

// Alive reports whether a process with that id exists (it may belong to
// another user: EPERM says it exists too).
func Alive(pid int) bool {
	err := unix.Kill(pid, 0)
	return err == nil || errors.Is(err, unix.EPERM)
}

// Signaled names the signal that ended a process, if a signal did.
func Signaled(ps *os.ProcessState) (name string, number int, ok bool) {
	if ps == nil {
		return "", 0, false
	}
	ws, isWS := ps.Sys().(syscall.WaitStatus)
	if !isWS || !ws.Signaled() {
		return "", 0, false
	}
	return ws.Signal().String(), int(ws.Signal()), true
}

// CPULimitHit reports whether a process was ended by its CPU-time limit
// (SIGXCPU).
func CPULimitHit(ps *os.ProcessState) bool {
	_, n, ok := Signaled(ps)
	return ok && n == int(unix.SIGXCPU)
}

// UsageOf is what an ended process took. ru_maxrss is in bytes on macOS
// and in kilobytes elsewhere.
func UsageOf(ps *os.ProcessState) Usage {
	u := Usage{UserSeconds: ps.UserTime().Seconds(), SystemSeconds: ps.SystemTime().Seconds()}
	if ru, ok := ps.SysUsage().(*syscall.Rusage); ok && ru.Maxrss > 0 {
		u.PeakBytes = uint64(ru.Maxrss)
		if runtime.GOOS != "darwin" && runtime.GOOS != "ios" {
			u.PeakBytes <<= 10
		}
	}
	return u
}

// Writable reports, as access(2) does, whether this process may write
// path (and, for a folder, create files in it).
func Writable(path string, folder bool) error {
	mode := uint32(unix.W_OK)
	if folder {
		mode |= unix.X_OK
	}
	return unix.Access(path, mode)
}

// Lock takes an exclusive lock on f without waiting (flock(2)): ErrBusy
// when another open file holds it.
func Lock(f *os.File) error {
	err := unix.Flock(int(f.Fd()), unix.LOCK_EX|unix.LOCK_NB)
	if errors.Is(err, unix.EWOULDBLOCK) {
		return ErrBusy
	}
	return err
}

// Limits are the address-space (RLIMIT_AS) and data-segment (RLIMIT_DATA)
// limits of this process, where they are set.
func Limits() (addressSpace, data uint64, hasAS, hasData bool) {
	var rl unix.Rlimit
	if unix.Getrlimit(unix.RLIMIT_AS, &rl) == nil && uint64(rl.Cur) != unix.RLIM_INFINITY {
		addressSpace, hasAS = uint64(rl.Cur), true
	}
	if unix.Getrlimit(unix.RLIMIT_DATA, &rl) == nil && uint64(rl.Cur) != unix.RLIM_INFINITY {
		data, hasData = uint64(rl.Cur), true
	}
	return
}

// OpenRegular opens path for reading only if it is a regular file: never
// blocking on a FIFO put in its place (O_NONBLOCK), never following a
// symbolic link (O_NOFOLLOW: ErrSymlink).
func OpenRegular(path string) (*os.File, error) {
	fd, err := unix.Open(path, unix.O_RDONLY|unix.O_NOFOLLOW|unix.O_NONBLOCK|unix.O_CLOEXEC, 0)
	switch {
	case errors.Is(err, unix.ENOENT):
		return nil, os.ErrNotExist
	case errors.Is(err, unix.ELOOP):
		return nil, ErrSymlink
	case err != nil:
		return nil, err
	}
	return os.NewFile(uintptr(fd), path), nil
}

// CanLimit says whether this platform sets data-segment and CPU-time
// limits on a process (ExecLimited): nil here.
func CanLimit() error { return nil }
