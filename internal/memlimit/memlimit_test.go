package memlimit_test

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/queenslab/nqueens/internal/memlimit"
)

func TestAvailable(t *testing.T) {
	l, ok := memlimit.Available()
	if !ok || l.Bytes == 0 || l.Source == "" {
		t.Fatalf("Available() = %+v, %v on Linux", l, ok)
	}
	if err := memlimit.Check(1<<20, "a megabyte"); err != nil {
		t.Errorf("a megabyte refused: %v", err)
	}
	err := memlimit.Check(1<<62, "everything")
	var tl *memlimit.TooLargeError
	if !errors.As(err, &tl) || !strings.HasPrefix(err.Error(), "everything needs about 4611686018.4 GB of memory, more than the ") {
		t.Errorf("Check(2^62) = %v", err)
	}
}

// TestRlimit: under ulimit -v the limit is RLIMIT_AS less what the process
// maps (run in a child, since a limit cannot be raised again).
func TestRlimit(t *testing.T) {
	if os.Getenv("MEMLIMIT_CHILD") == "1" {
		l, _ := memlimit.Available()
		if l.Source != "RLIMIT_AS" || l.Bytes > 4<<30 {
			t.Fatalf("under ulimit -v 4 GiB: %+v", l)
		}
		return
	}
	exe, _ := os.Executable()
	cmd := exec.Command("sh", "-c", `ulimit -v 4194304 && exec "$0" -test.run TestRlimit`, exe)
	cmd.Env = append(os.Environ(), "MEMLIMIT_CHILD=1")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("child: %v\n%s", err, out)
	}
}

func TestGB(t *testing.T) {
	for b, want := range map[uint64]string{0: "0 MB", 6_500_000: "7 MB", 33e9: "33.0 GB"} {
		if got := memlimit.GB(b); got != want {
			t.Errorf("GB(%d) = %q, want %q", b, got, want)
		}
	}
}

// TestDataLimit: under ulimit -d the limit is RLIMIT_DATA less the
// process's data (run in a child).
func TestDataLimit(t *testing.T) {
	if os.Getenv("MEMLIMIT_CHILD") == "data" {
		l, _ := memlimit.Available()
		if l.Source != "RLIMIT_DATA" || l.Bytes > 1<<30 || l.Bytes == 0 {
			t.Fatalf("under ulimit -d 1 GiB: %+v", l)
		}
		return
	}
	exe, _ := os.Executable()
	cmd := exec.Command("sh", "-c", `ulimit -d 1048576 && exec "$0" -test.run TestDataLimit`, exe)
	cmd.Env = append(os.Environ(), "MEMLIMIT_CHILD=data")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("child: %v\n%s", err, out)
	}
}

// TestTaskLimit: a child given the data-segment limit that TaskLimit asks
// for a need (measured in this process) has that need available; with
// 40 MB less, it has not (TaskLimit adds 32 MB for another process).
func TestTaskLimit(t *testing.T) {
	if os.Getenv("MEMLIMIT_CHILD") == "task" {
		l, ok := memlimit.Available()
		fmt.Println("available", l.Bytes, ok, l.Source)
		return
	}
	if _, err := exec.LookPath("sh"); err != nil || runtime.GOOS != "linux" || raceEnabled {
		t.Skip("needs sh and Linux, and no race detector (its shadow memory is data segment too)")
	}
	for _, need := range []uint64{100 << 20, 246 << 20, 812 << 20} {
		limit := memlimit.TaskLimit(need)
		if limit < need || limit%(1<<20) != 0 {
			t.Fatalf("TaskLimit(%d) = %d", need, limit)
		}
		for _, less := range []uint64{0, 40 << 20} {
			kb := (limit - less) >> 10
			out, err := exec.Command("sh", "-c", fmt.Sprintf(`ulimit -d %d && MEMLIMIT_CHILD=task exec "$0" -test.run '^TestTaskLimit$'`, kb), os.Args[0]).CombinedOutput()
			var got uint64
			var ok bool
			var source string
			if err == nil {
				_, err = fmt.Sscanf(string(out), "available %d %t %s", &got, &ok, &source)
			}
			if err != nil || !ok {
				t.Fatalf("under ulimit -d %d: %v\n%s", kb, err, textClip(out))
			}
			if fits := got >= need; fits != (less == 0) {
				t.Errorf("need %d MB, TaskLimit %d MB, given %d MB: %d MB available (%s)", need>>20, limit>>20, kb>>10, got>>20, source)
			}
		}
	}
}

// TestGoLimit: the Go runtime's soft limit is nine tenths of what the
// data-segment limit leaves the runtime, when one is set (a child with
// ulimit -d shows it): the data segment less what the runtime maps
// without counting it.
func TestGoLimit(t *testing.T) {
	if l, ok := memlimit.GoLimit(); ok && l <= 0 {
		t.Errorf("limit %d", l)
	}
	if os.Getenv("MEMLIMIT_CHILD") == "1" {
		l, ok := memlimit.GoLimit()
		fmt.Println("golimit", l, ok)
		return
	}
	if _, err := exec.LookPath("sh"); err != nil || runtime.GOOS != "linux" || raceEnabled {
		t.Skip("needs sh and Linux, and no race detector (its shadow memory is data segment too)")
	}
	out, err := exec.Command("sh", "-c", `ulimit -d 1000000 && MEMLIMIT_CHILD=1 exec "$0" -test.run '^TestGoLimit$'`, os.Args[0]).CombinedOutput()
	var l int64
	var ok bool
	if err == nil {
		_, err = fmt.Sscanf(string(out), "golimit %d %t", &l, &ok)
	}
	// This test binary maps 30 to 90 MB that the runtime does not count.
	if err != nil || !ok || l > 1000000<<10/10*9-20<<20 || l < 1000000<<10/10*9-100<<20 {
		t.Errorf("under ulimit -d 1000000: %v %s", err, out)
	}
}

// TestFloor: at the floor of 160 MiB of data segment, a process that
// allocates only what Check allows, keeping it and making garbage
// besides, as the readers do, ends with Check's refusal, never with the
// runtime's fatal error (a child with ulimit -d, the soft limit set as
// nqueens sets it).
func TestFloor(t *testing.T) {
	if os.Getenv("MEMLIMIT_CHILD") == "floor" {
		if l, ok := memlimit.GoLimit(); ok {
			debug.SetMemoryLimit(l)
		}
		var kept [][]byte
		for i := 0; ; i++ {
			size := uint64(1+i%8) << 20
			if i == 3 {
				size = 36 << 20 // a 36 MB file read whole
			}
			// The block kept and as much garbage.
			if err := memlimit.Check(2*size, "a block and its garbage"); err != nil {
				fmt.Println("refused after", len(kept), "blocks:", err)
				return
			}
			b := make([]byte, size)
			for j := range b {
				b[j] = byte(j)
			}
			kept = append(kept, b)
			garbage := make([]byte, size)
			garbage[len(garbage)-1] = 1
		}
	}
	if _, err := exec.LookPath("sh"); err != nil || runtime.GOOS != "linux" || raceEnabled {
		t.Skip("needs sh and Linux, and no race detector (its shadow memory is data segment too)")
	}
	for _, kb := range []int{163840, 170000, 200000, 262144} {
		out, err := exec.Command("sh", "-c", fmt.Sprintf(`ulimit -d %d && MEMLIMIT_CHILD=floor exec "$0" -test.run '^TestFloor$'`, kb), os.Args[0]).CombinedOutput()
		if err != nil || !strings.Contains(string(out), "refused after") || strings.Contains(string(out), "fatal error") {
			t.Errorf("under ulimit -d %d: %v\n%s", kb, err, textClip(out))
		}
	}
}

func textClip(b []byte) string {
	if len(b) > 600 {
		return string(b[:600]) + "..."
	}
	return string(b)
}
