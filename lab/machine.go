package lab

import (
	"runtime"

	"github.com/queenslab/nqueens/internal/memlimit"
	"github.com/queenslab/nqueens/internal/platform"
)

// Machine is where runs were made, as a results file's header records it.
type Machine struct {
	CPU string `json:"cpu"` // the processor's name
	// ClockMHz is its clock: the highest frequency where the system says,
	// else the current one; 0 where unknown.
	ClockMHz    float64 `json:"clock_mhz,omitempty"`
	Cores       int     `json:"cores"`
	MemoryBytes int64   `json:"memory_bytes"` // the machine's memory
	Kernel      string  `json:"kernel"`       // uname: system, release, machine
	Go          string  `json:"go"`           // the Go version nqueens was built with
}

// ThisMachine describes the machine the process runs on; what it cannot
// read is left empty.
func ThisMachine() Machine {
	m := Machine{Cores: runtime.NumCPU(), Go: runtime.Version()}
	m.CPU, m.ClockMHz = platform.CPUModel(), platform.CPUClockMHz()
	if b, ok := memlimit.Total(); ok {
		m.MemoryBytes = int64(b)
	}
	m.Kernel = platform.Kernel()
	return m
}

// sameTimings tells whether runs on m and o can be compared for time:
// the same processor model and number of cores.
func (m Machine) sameTimings(o Machine) bool { return m.CPU == o.CPU && m.Cores == o.Cores }
