package lab

import (
	"bufio"
	"bytes"
	"os"
	"runtime"
	"strings"
	"syscall"

	"github.com/queenslab/nqueens/internal/memlimit"
)

// Machine is where runs were made, as a results file's header records it.
type Machine struct {
	CPU         string `json:"cpu"` // the model name of /proc/cpuinfo
	Cores       int    `json:"cores"`
	MemoryBytes int64  `json:"memory_bytes"` // MemTotal
	Kernel      string `json:"kernel"`       // uname: system, release, machine
	Go          string `json:"go"`           // the Go version nqueens was built with
}

// ThisMachine describes the machine the process runs on; what it cannot
// read is left empty.
func ThisMachine() Machine {
	m := Machine{Cores: runtime.NumCPU(), Go: runtime.Version()}
	m.CPU = procField("/proc/cpuinfo", "model name")
	if b, ok := memlimit.Total(); ok {
		m.MemoryBytes = int64(b)
	}
	var u syscall.Utsname
	if syscall.Uname(&u) == nil {
		m.Kernel = strings.Join([]string{utsString(u.Sysname[:]), utsString(u.Release[:]), utsString(u.Machine[:])}, " ")
	}
	return m
}

// sameTimings tells whether runs on m and o can be compared for time:
// the same processor model and number of cores.
func (m Machine) sameTimings(o Machine) bool { return m.CPU == o.CPU && m.Cores == o.Cores }

// procField is the value of the first line "field : value" of a /proc
// file, "" if none.
func procField(path, field string) string {
	f, err := os.Open(path)
	if err != nil {
		return ""
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		k, v, ok := strings.Cut(sc.Text(), ":")
		if ok && strings.TrimSpace(k) == field {
			return strings.TrimSpace(v)
		}
	}
	return ""
}

func utsString(b []int8) string {
	s := make([]byte, 0, len(b))
	for _, c := range b {
		s = append(s, byte(c))
	}
	if i := bytes.IndexByte(s, 0); i >= 0 {
		s = s[:i]
	}
	return string(s)
}
