package platform

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"syscall"
	"unsafe"
)

// ExecLimited replaces this process with the program at path, run with
// argv and env under a data-segment limit of data bytes and a CPU-time
// limit of cpu seconds (soft; hard a second later), each when positive.
// It returns only on failure.
//
// Everything execve needs is made before the limits are set: once they
// are, an allocation of this process could fail (its address space may
// already be larger than the limit), so nothing runs between the system
// calls but them.
func ExecLimited(path string, argv, env []string, data, cpu int64) error {
	pathp, err := syscall.BytePtrFromString(path)
	if err != nil {
		return err
	}
	argvp, err := syscall.SlicePtrFromStrings(argv)
	if err != nil {
		return err
	}
	envp, err := syscall.SlicePtrFromStrings(env)
	if err != nil {
		return err
	}
	runtime.LockOSThread()
	debug.SetGCPercent(-1)
	dataLim := syscall.Rlimit{Cur: uint64(data), Max: uint64(data)}
	cpuLim := syscall.Rlimit{Cur: uint64(cpu), Max: uint64(cpu) + 1}
	if data > 0 {
		if _, _, errno := syscall.RawSyscall(syscall.SYS_SETRLIMIT, syscall.RLIMIT_DATA, uintptr(unsafe.Pointer(&dataLim)), 0); errno != 0 {
			return fmt.Errorf("setrlimit: %v", errno)
		}
	}
	if cpu > 0 {
		if _, _, errno := syscall.RawSyscall(syscall.SYS_SETRLIMIT, syscall.RLIMIT_CPU, uintptr(unsafe.Pointer(&cpuLim)), 0); errno != 0 {
			return fmt.Errorf("setrlimit: %v", errno)
		}
	}
	_, _, errno := syscall.RawSyscall(syscall.SYS_EXECVE, uintptr(unsafe.Pointer(pathp)), uintptr(unsafe.Pointer(&argvp[0])), uintptr(unsafe.Pointer(&envp[0])))
	return errno
}
