// Package cgroup puts the processes of a run in a control group of their
// own (Linux), as BenchExec does, so that the run's CPU time and memory
// peak are its whole process tree's, its memory limit holds for the
// tree, and nothing of the tree outlives it: cgroup v1 (the memory,
// cpuacct and cpuset controllers, and freezer where mounted) or v2 (the
// memory, cpu and cpuset controllers), whichever the system mounts with
// those controllers writable.
//
// It reads and writes the cgroup file system itself, a dozen files: the
// library made for the job, containerd's cgroups (v3), would bring 7.7 MB
// of dependencies (eBPF, protobuf, D-Bus, logrus) and a logger that writes
// to standard error.
package cgroup

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Limits are what a group holds its processes to.
type Limits struct {
	// MemoryBytes is the most memory the group may use (with no swap), 0
	// for no limit of its own.
	MemoryBytes int64
	// CPUs are the cores its processes may run on (cpuset), nil for those
	// of this process.
	CPUs []int
}

// Usage is what a group's processes took, all of them together, the ended
// ones included.
type Usage struct {
	CPU time.Duration
	// PeakBytes is the most memory the group used at once (v1: the
	// page cache its processes read is charged to it too).
	PeakBytes uint64
	// OOM says that the kernel ended a process of the group for want of
	// memory (the group's limit).
	OOM bool
}

// ErrUnsupported is the error of Detect where control groups cannot be
// used: another system, no controllers mounted, or none writable.
var ErrUnsupported = errors.New("cgroup: control groups cannot be used here")

// UnsupportedError says why control groups cannot be used.
type UnsupportedError struct{ Why string }

func (e *UnsupportedError) Error() string { return "cgroup: " + e.Why }
func (e *UnsupportedError) Is(target error) bool {
	return target == ErrUnsupported
}

// FormatCPUs writes a list of cores as cpuset writes them: "0-3,6".
func FormatCPUs(cpus []int) string {
	var b strings.Builder
	for i := 0; i < len(cpus); {
		j := i
		for j+1 < len(cpus) && cpus[j+1] == cpus[j]+1 {
			j++
		}
		if b.Len() > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.Itoa(cpus[i]))
		if j > i {
			fmt.Fprintf(&b, "-%d", cpus[j])
		}
		i = j + 1
	}
	return b.String()
}

// ParseCPUs reads a list of cores as cpuset writes them ("0-3,6").
func ParseCPUs(s string) ([]int, error) {
	var out []int
	s = strings.TrimSpace(s)
	if s == "" {
		return nil, nil
	}
	for _, part := range strings.Split(s, ",") {
		a, b, ranged := strings.Cut(part, "-")
		lo, err1 := strconv.Atoi(a)
		hi := lo
		var err2 error
		if ranged {
			hi, err2 = strconv.Atoi(b)
		}
		if err1 != nil || err2 != nil || lo < 0 || hi < lo || hi-lo > 1<<16 {
			return nil, fmt.Errorf("cgroup: %q is not a list of cores", s)
		}
		for c := lo; c <= hi; c++ {
			out = append(out, c)
		}
	}
	return out, nil
}
