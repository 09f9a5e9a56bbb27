package platform

import (
	"fmt"
	"runtime"
	"unsafe"

	"golang.org/x/sys/windows"
	"golang.org/x/sys/windows/registry"
)

// CPUModel is the processor's name as the registry records it, "" where
// it cannot be read.
func CPUModel() string {
	k, err := registry.OpenKey(registry.LOCAL_MACHINE, `HARDWARE\DESCRIPTION\System\CentralProcessor\0`, registry.QUERY_VALUE)
	if err != nil {
		return ""
	}
	defer k.Close()
	s, _, _ := k.GetStringValue("ProcessorNameString")
	return s
}

// CPUClockMHz is the processor's clock in MHz as the registry records it
// (~MHz), 0 where it cannot be read.
func CPUClockMHz() float64 {
	k, err := registry.OpenKey(registry.LOCAL_MACHINE, `HARDWARE\DESCRIPTION\System\CentralProcessor\0`, registry.QUERY_VALUE)
	if err != nil {
		return 0
	}
	defer k.Close()
	mhz, _, _ := k.GetIntegerValue("~MHz")
	return float64(mhz)
}

// memoryStatusEx is MEMORYSTATUSEX.
type memoryStatusEx struct {
	length, memoryLoad                        uint32
	totalPhys, availPhys                      uint64
	totalPageFile, availPageFile              uint64
	totalVirtual, availVirtual, availExtended uint64
}

var globalMemoryStatusEx = windows.NewLazySystemDLL("kernel32.dll").NewProc("GlobalMemoryStatusEx")

// Memory is the machine's memory and what is available
// (GlobalMemoryStatusEx).
func Memory() (total, available uint64, source string, ok bool) {
	var m memoryStatusEx
	m.length = uint32(unsafe.Sizeof(m))
	if r, _, _ := globalMemoryStatusEx.Call(uintptr(unsafe.Pointer(&m))); r == 0 {
		return 0, 0, "", false
	}
	return m.totalPhys, m.availPhys, "available physical memory", true
}

// Kernel names the system: "windows 10.0.22631 amd64".
func Kernel() string {
	v := windows.RtlGetVersion()
	return fmt.Sprintf("windows %d.%d.%d %s", v.MajorVersion, v.MinorVersion, v.BuildNumber, runtime.GOARCH)
}
