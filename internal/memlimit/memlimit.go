// Package memlimit tells how much memory this process may still take, so
// that work whose size is known in advance (a formula read from a header,
// a board to allocate, frames to draw) is refused before it allocates
// rather than ended by the kernel. The limit is the smallest of the
// memory the system has available (MemAvailable), the process's address
// space limit (RLIMIT_AS) less what it maps, its data-segment limit
// (RLIMIT_DATA, as nqueens run sets it) less its data, and the cgroup v2
// limit (memory.max) less what the cgroup uses.
package memlimit

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
)

// Limit is how much memory may still be taken, and what bounds it.
type Limit struct {
	Bytes  uint64
	Source string // "MemAvailable", "RLIMIT_AS", "RLIMIT_DATA", "cgroup memory.max"
}

// Available returns the limit in force now; ok is false where none of the
// sources can be read (then nothing is refused).
func Available() (l Limit, ok bool) {
	take := func(b uint64, source string) {
		if !ok || b < l.Bytes {
			l, ok = Limit{Bytes: b, Source: source}, true
		}
	}
	if b, found := meminfo("MemAvailable:"); found {
		take(b, "MemAvailable")
	}
	var rl syscall.Rlimit
	if syscall.Getrlimit(syscall.RLIMIT_AS, &rl) == nil && rl.Cur != ^uint64(0) {
		used, _ := statusKB("VmSize:")
		take(sub(rl.Cur, used), "RLIMIT_AS")
	}
	if syscall.Getrlimit(syscall.RLIMIT_DATA, &rl) == nil && rl.Cur != ^uint64(0) {
		used, _ := statusKB("VmData:")
		take(sub(rl.Cur, used), "RLIMIT_DATA")
	}
	if max, cur, found := cgroup(); found {
		take(sub(max, cur), "cgroup memory.max")
	}
	return l, ok
}

func sub(a, b uint64) uint64 {
	if b > a {
		return 0
	}
	return a - b
}

// Total is the machine's memory (MemTotal), in bytes.
func Total() (uint64, bool) { return meminfo("MemTotal:") }

// meminfo reads a field of /proc/meminfo in bytes.
func meminfo(field string) (uint64, bool) {
	return kbField("/proc/meminfo", field)
}

// statusKB reads a field of /proc/self/status in bytes.
func statusKB(field string) (uint64, bool) {
	return kbField("/proc/self/status", field)
}

func kbField(path, field string) (uint64, bool) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return 0, false
	}
	for _, line := range strings.Split(string(raw), "\n") {
		if rest, found := strings.CutPrefix(line, field); found {
			f := strings.Fields(rest)
			if len(f) >= 1 {
				if kb, err := strconv.ParseUint(f[0], 10, 64); err == nil {
					return kb << 10, true
				}
			}
		}
	}
	return 0, false
}

// cgroup reads the cgroup v2 limit and usage of this process's cgroup.
func cgroup() (max, cur uint64, ok bool) {
	raw, err := os.ReadFile("/proc/self/cgroup")
	if err != nil {
		return 0, 0, false
	}
	for _, line := range strings.Split(strings.TrimSpace(string(raw)), "\n") {
		path, found := strings.CutPrefix(line, "0::")
		if !found {
			continue
		}
		dir := filepath.Join("/sys/fs/cgroup", path)
		m, err := os.ReadFile(filepath.Join(dir, "memory.max"))
		if err != nil || strings.TrimSpace(string(m)) == "max" {
			return 0, 0, false
		}
		max, err := strconv.ParseUint(strings.TrimSpace(string(m)), 10, 64)
		if err != nil {
			return 0, 0, false
		}
		c, _ := os.ReadFile(filepath.Join(dir, "memory.current"))
		cur, _ = strconv.ParseUint(strings.TrimSpace(string(c)), 10, 64)
		return max, cur, true
	}
	return 0, 0, false
}

// TooLargeError is work refused because it would need more memory than the
// limit.
type TooLargeError struct {
	What  string // "gini on 100000000 variables"
	Need  uint64
	Limit Limit
}

func (e *TooLargeError) Error() string {
	return fmt.Sprintf("%s needs about %s of memory, more than the %s available (%s)", e.What, GB(e.Need), GB(e.Limit.Bytes), e.Limit.Source)
}

// Check refuses need bytes for what when they exceed the limit in force.
func Check(need uint64, what string) error {
	if l, ok := Available(); ok && need > l.Bytes {
		return &TooLargeError{What: what, Need: need, Limit: l}
	}
	return nil
}

// GB formats a byte count: "33.0 GB", or "512 MB" under a gigabyte.
func GB(b uint64) string {
	if b < 1e9 {
		return fmt.Sprintf("%d MB", (b+5e5)/1e6)
	}
	return fmt.Sprintf("%.1f GB", float64(b)/1e9)
}
