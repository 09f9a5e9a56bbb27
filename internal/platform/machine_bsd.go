//go:build darwin || freebsd

package platform

import (
	"runtime"

	"golang.org/x/sys/unix"
)

// CPUModel is the processor's name (sysctl machdep.cpu.brand_string on
// macOS, hw.model on FreeBSD), "" where it cannot be read.
func CPUModel() string {
	name := "hw.model"
	if runtime.GOOS == "darwin" {
		name = "machdep.cpu.brand_string"
	}
	s, _ := unix.Sysctl(name)
	return s
}

// CPUClockMHz is the processor's clock in MHz (sysctl hw.cpufrequency_max
// on an Intel Mac, hw.clockrate on FreeBSD), 0 where it is not given
// (Apple's own processors).
func CPUClockMHz() float64 {
	if runtime.GOOS == "darwin" {
		hz, err := unix.SysctlUint64("hw.cpufrequency_max")
		if err != nil {
			return 0
		}
		return float64(hz) / 1e6
	}
	mhz, err := unix.SysctlUint32("hw.clockrate")
	if err != nil {
		return 0
	}
	return float64(mhz)
}

// Memory is the machine's memory (sysctl hw.memsize on macOS, hw.physmem
// on FreeBSD). These systems give no single figure of what a new
// allocation may take (free, inactive and compressed pages trade places),
// so the whole memory stands for it.
func Memory() (total, available uint64, source string, ok bool) {
	name := "hw.physmem"
	if runtime.GOOS == "darwin" {
		name = "hw.memsize"
	}
	total, err := unix.SysctlUint64(name)
	return total, total, name, err == nil && total > 0
}
