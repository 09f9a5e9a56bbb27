package platform

import (
	"bufio"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// CPUModel is the processor's name (the "model name" of /proc/cpuinfo),
// "" where it cannot be read.
func CPUModel() string {
	f, err := os.Open("/proc/cpuinfo")
	if err != nil {
		return ""
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		k, v, ok := strings.Cut(sc.Text(), ":")
		if ok && strings.TrimSpace(k) == "model name" {
			return strings.TrimSpace(v)
		}
	}
	return ""
}

// CPUClockMHz is the processor's clock in MHz: its highest frequency
// (cpufreq's cpuinfo_max_freq), or where that is not shown (a virtual
// machine) the "cpu MHz" of /proc/cpuinfo; 0 where neither can be read.
func CPUClockMHz() float64 {
	if b, err := os.ReadFile("/sys/devices/system/cpu/cpu0/cpufreq/cpuinfo_max_freq"); err == nil {
		if khz, err := strconv.ParseFloat(strings.TrimSpace(string(b)), 64); err == nil && khz > 0 {
			return khz / 1000
		}
	}
	f, err := os.Open("/proc/cpuinfo")
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		k, v, ok := strings.Cut(sc.Text(), ":")
		if ok && strings.TrimSpace(k) == "cpu MHz" {
			mhz, _ := strconv.ParseFloat(strings.TrimSpace(v), 64)
			return mhz
		}
	}
	return 0
}

// Memory is the machine's memory (MemTotal) and what is available to a
// new allocation (MemAvailable), with the name of that figure.
func Memory() (total, available uint64, source string, ok bool) {
	total, ok = kbField("/proc/meminfo", "MemTotal:")
	available, ok2 := kbField("/proc/meminfo", "MemAvailable:")
	return total, available, "MemAvailable", ok && ok2
}

// Mapped is what this process maps (VmSize, bound by RLIMIT_AS) and its
// data (VmData, bound by RLIMIT_DATA).
func Mapped() (size, data uint64) {
	size, _ = kbField("/proc/self/status", "VmSize:")
	data, _ = kbField("/proc/self/status", "VmData:")
	return size, data
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

// Cgroup is the cgroup v2 memory limit (memory.max) of this process's
// cgroup and what the cgroup uses, where a limit is set.
func Cgroup() (max, cur uint64, ok bool) {
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
