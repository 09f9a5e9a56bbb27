//go:build !linux && !darwin && !freebsd && !windows

package platform

// CPUModel is not read on this system: "".
func CPUModel() string { return "" }

// CPUClockMHz is not read on this system: 0.
func CPUClockMHz() float64 { return 0 }

// Memory is not read on this system: ok is false, and nothing is refused
// for want of memory before it is tried.
func Memory() (total, available uint64, source string, ok bool) { return 0, 0, "", false }
