// Package memlimit tells how much memory this process may still take, so
// that work whose size is known in advance (a formula read from a header,
// a board to allocate, frames to draw) is refused before it allocates
// rather than ended by the kernel. The limit is the smallest of the
// memory the system has available (MemAvailable on Linux, the physical
// memory on macOS and FreeBSD, GlobalMemoryStatusEx on Windows), the
// process's address space limit (RLIMIT_AS) less what it maps, its
// data-segment limit (RLIMIT_DATA, as nqueens run sets it) less its data,
// and the cgroup v2 limit (memory.max) less what the cgroup uses.
package memlimit

import (
	"fmt"
	"runtime/metrics"

	"github.com/queenslab/nqueens/internal/platform"
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
	if _, avail, source, found := platform.Memory(); found {
		take(avail, source)
	}
	as, data, hasAS, hasData := platform.Limits()
	if hasAS || hasData {
		size, used := platform.Mapped()
		if hasAS {
			take(sub(as, size), "RLIMIT_AS")
		}
		if hasData {
			// What the heap may still grow by under the soft limit the
			// runtime keeps to (GoLimit): the collector's slack and the
			// runtime's own mappings are not the caller's to take.
			total, inUse := goMapped()
			take(sub(dataSoftLimit(data, used, total), inUse), "RLIMIT_DATA")
		}
	}
	if max, cur, found := platform.Cgroup(); found {
		take(sub(max, cur), "cgroup memory.max")
	}
	return l, ok
}

// TaskLimit is the memory limit to give a process like this one, at this
// point of its run, for need bytes to be available to it (Available):
// the data-segment limit (RLIMIT_DATA, as a single-node Slurm sets --mem)
// of what the runtime maps without counting it, need and the heap in use
// under the runtime's soft limit of nine tenths (GoLimit), and taskSlack
// for what another run of the same program maps more at that point; at
// least need, the cgroup's use and taskSlack where a cgroup's memory.max
// is the limit. Rounded up to a MiB.
func TaskLimit(need uint64) uint64 {
	limit := need
	if _, data := platform.Mapped(); data > 0 {
		total, inUse := goMapped()
		limit = sub(data, total) + (need+inUse+8)/9*10
	}
	if _, cur, found := platform.Cgroup(); found {
		limit = max(limit, need+cur)
	}
	limit += taskSlack
	return (limit + 1<<20 - 1) &^ (1<<20 - 1)
}

// taskSlack is what TaskLimit adds for another process of the same
// program, which maps a little more or less before it checks its memory.
const taskSlack = 32 << 20

func sub(a, b uint64) uint64 {
	if b > a {
		return 0
	}
	return a - b
}

// Total is the machine's memory, in bytes.
func Total() (uint64, bool) {
	total, _, _, ok := platform.Memory()
	return total, ok
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

// GoLimit is the soft memory limit the Go runtime of this process should
// keep to (runtime/debug.SetMemoryLimit): nine tenths of what its
// data-segment limit leaves the runtime (RLIMIT_DATA, which counts the heap
// the runtime maps, collected or not: dataSoftLimit) or of its cgroup's
// memory.max, the lesser; ok is false when neither
// is set. Without it the collector lets the heap grow to twice what is
// live before it runs, and past such a limit the runtime fails to map its
// heap and ends the process with its own fatal error.
func GoLimit() (int64, bool) {
	var limit uint64
	_, data, _, hasData := platform.Limits()
	if hasData {
		_, used := platform.Mapped()
		total, _ := goMapped()
		limit = dataSoftLimit(data, used, total)
	}
	if max, _, found := platform.Cgroup(); found && (limit == 0 || max/10*9 < limit) {
		limit = max / 10 * 9
	}
	if limit == 0 || limit > 1<<62 {
		return 0, false
	}
	return int64(limit), true
}

// dataSoftLimit is the soft limit of the Go runtime under a data-segment
// limit of data bytes, the process's data segment being used bytes of
// which the runtime maps total: nine tenths of what the runtime may map.
// The data segment also holds what the runtime does not count toward its
// limit (the program's own data, mappings it reserves whole and fills as
// it goes: 33 to 68 MB of nqueens's 83 MB at its start, measured on
// linux/amd64), which a limit of nine tenths of the data segment would
// leave out: at 160 MiB the heap then grew past the segment before the
// collector ran, and the runtime ended the process.
func dataSoftLimit(data, used, total uint64) uint64 {
	return sub(data, sub(used, total)) / 10 * 9
}

// goMapped is what the Go runtime maps (the total it counts, released
// pages included, as the data segment counts them) and what of it is in
// use (the total less the pages released to the system), as its soft
// limit counts.
func goMapped() (total, inUse uint64) {
	s := []metrics.Sample{{Name: "/memory/classes/total:bytes"}, {Name: "/memory/classes/heap/released:bytes"}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 || s[1].Value.Kind() != metrics.KindUint64 {
		return 0, 0
	}
	return s[0].Value.Uint64(), sub(s[0].Value.Uint64(), s[1].Value.Uint64())
}
