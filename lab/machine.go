package lab

import (
	"runtime"

	"github.com/queenslab/nqueens/internal/memlimit"
	"github.com/queenslab/nqueens/internal/platform"
)

// Machine is where runs were made, as a results file's header records it.
type Machine struct {
	CPU         string `json:"cpu"` // the processor's name
	Cores       int    `json:"cores"`
	MemoryBytes int64  `json:"memory_bytes"` // the machine's memory
	Kernel      string `json:"kernel"`       // uname: system, release, machine
	Go          string `json:"go"`           // the Go version nqueens was built with
}

// ThisMachine describes the machine the process runs on; what it cannot
// read is left empty.
func ThisMachine() Machine {
	m := Machine{Cores: runtime.NumCPU(), Go: runtime.Version()}
	m.CPU = platform.CPUModel()
	if b, ok := memlimit.Total(); ok {
		m.MemoryBytes = int64(b)
	}
	m.Kernel = platform.Kernel()
	return m
}

// sameTimings tells whether runs on m and o can be compared for time:
// the same processor model and number of cores.
func (m Machine) sameTimings(o Machine) bool { return m.CPU == o.CPU && m.Cores == o.Cores }
