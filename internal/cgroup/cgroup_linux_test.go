//go:build linux

package cgroup_test

import (
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/queenslab/nqueens/internal/cgroup"
)

// allocEnv makes this test binary, started again, a program that touches
// that many MiB, keeps them a while and exits.
const allocEnv = "NQUEENS_TEST_CGROUP_ALLOC_MIB"

func TestMain(m *testing.M) {
	if v := os.Getenv(allocEnv); v != "" {
		mib, _ := strconv.Atoi(v)
		b := make([]byte, mib<<20)
		for i := 0; i < len(b); i += 4096 {
			b[i] = 1
		}
		time.Sleep(300 * time.Millisecond)
		os.Exit(int(b[len(b)/2]) - 1)
	}
	os.Exit(m.Run())
}

// burner is a shell loop of a fixed amount of work: a few tenths of a
// second of CPU.
const burner = `i=0; while [ $i -lt 300000 ]; do i=$((i+1)); done`

// system is the control groups of this machine, or the test is skipped
// (failed where NQUEENS_REQUIRE_CGROUPS=1).
func system(t *testing.T) *cgroup.System {
	t.Helper()
	s, err := cgroup.Detect()
	if err != nil {
		if os.Getenv("NQUEENS_REQUIRE_CGROUPS") == "1" {
			t.Fatalf("%v, and NQUEENS_REQUIRE_CGROUPS=1", err)
		}
		t.Skip(err)
	}
	return s
}

// runIn runs the shell script in a new group of s under l, as the lab
// starts a solver (added to the group before it runs anything), and
// returns the group's usage once the script has ended, the group closed
// (every process of it killed).
func runIn(t *testing.T, s *cgroup.System, l cgroup.Limits, script string) cgroup.Usage {
	t.Helper()
	g, err := s.New(fmt.Sprintf("nqueens-test-%d-%d", os.Getpid(), time.Now().UnixNano()), l)
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	// The shell waits on its standard input until it is in the group.
	cmd := exec.Command("/bin/sh", "-c", "read go; "+script)
	cmd.Env = append(os.Environ(), "ME="+os.Args[0])
	in, _ := cmd.StdinPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	if err := g.Add(cmd.Process.Pid); err != nil {
		t.Fatal(err)
	}
	in.Write([]byte("go\n"))
	cmd.Wait()
	u, err := g.Usage()
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Close(); err != nil {
		t.Fatal(err)
	}
	return u
}

// TestForkingSolver: a solver script that forks two children, each
// touching 150 MB, is measured at least 300 MB for the group; under a
// limit of 256 MB it is out of memory; a child that burns a second of CPU
// counts in the CPU time; and a child left sleeping, out of the process
// group (setsid), is killed when the group is closed.
func TestForkingSolver(t *testing.T) {
	s := system(t)
	t.Log(s)
	two := `NQUEENS_TEST_CGROUP_ALLOC_MIB=150 "$ME" & NQUEENS_TEST_CGROUP_ALLOC_MIB=150 "$ME" & wait`
	if u := runIn(t, s, cgroup.Limits{}, two); u.PeakBytes < 300<<20 || u.OOM {
		t.Errorf("two children of 150 MB: peak %d MB, OOM %v", u.PeakBytes>>20, u.OOM)
	} else {
		t.Logf("two children of 150 MB: peak %d MB", u.PeakBytes>>20)
	}
	// The kernel lets a task it has chosen to kill (or one with a fatal
	// signal pending) charge past the limit so that it can exit: the
	// peak may pass the limit by a few pages, never by a child's 150 MB.
	if u := runIn(t, s, cgroup.Limits{MemoryBytes: 256 << 20}, two); !u.OOM || u.PeakBytes > 256<<20+4<<20 {
		t.Errorf("two children of 150 MB under 256 MB: peak %d bytes, OOM %v", u.PeakBytes, u.OOM)
	}
	// A child that burns a fixed amount of CPU (not of wall time: the
	// machine may be loaded): the group's CPU time holds at least what
	// the same work takes alone.
	alone := exec.Command("/bin/sh", "-c", burner)
	if err := alone.Run(); err != nil {
		t.Fatal(err)
	}
	own := alone.ProcessState.UserTime() + alone.ProcessState.SystemTime()
	if u := runIn(t, s, cgroup.Limits{}, "sh -c '"+burner+"' & wait"); u.CPU < own*8/10 {
		t.Errorf("a child burning %v of CPU: the group's CPU %v", own, u.CPU)
	} else {
		t.Logf("a child burning %v of CPU: the group's CPU %v", own, u.CPU)
	}
	pidFile := t.TempDir() + "/pid"
	runIn(t, s, cgroup.Limits{}, `setsid sleep 1000 </dev/null >/dev/null 2>&1 & echo $! >`+pidFile)
	raw, err := os.ReadFile(pidFile)
	if err != nil {
		t.Fatal(err)
	}
	pid, _ := strconv.Atoi(strings.TrimSpace(string(raw)))
	deadline := time.Now().Add(2 * time.Second)
	for syscall.Kill(pid, 0) == nil && !zombie(pid) {
		if time.Now().After(deadline) {
			syscall.Kill(pid, syscall.SIGKILL)
			t.Fatalf("a child that left the process group outlives its group")
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// TestPinned: a group on one core runs there alone.
func TestPinned(t *testing.T) {
	s := system(t)
	cpus := s.CPUs()
	if len(cpus) < 2 {
		t.Skip("one core")
	}
	out := t.TempDir() + "/affinity"
	runIn(t, s, cgroup.Limits{CPUs: cpus[1:2]}, `grep Cpus_allowed_list /proc/self/status >`+out)
	raw, _ := os.ReadFile(out)
	if got := strings.TrimSpace(strings.TrimPrefix(string(raw), "Cpus_allowed_list:")); got != strconv.Itoa(cpus[1]) {
		t.Errorf("pinned to core %d, runs on %q", cpus[1], got)
	}
}

func TestCPUsText(t *testing.T) {
	for _, c := range []struct {
		text string
		cpus []int
	}{{"0-3,6", []int{0, 1, 2, 3, 6}}, {"1", []int{1}}, {"0,2,4-5", []int{0, 2, 4, 5}}} {
		got, err := cgroup.ParseCPUs(c.text)
		if err != nil || fmt.Sprint(got) != fmt.Sprint(c.cpus) || cgroup.FormatCPUs(c.cpus) != c.text {
			t.Errorf("%q: %v %v, formatted %q", c.text, got, err, cgroup.FormatCPUs(c.cpus))
		}
	}
	for _, bad := range []string{"a", "3-1", "-1", "1,,2"} {
		if _, err := cgroup.ParseCPUs(bad); err == nil {
			t.Errorf("%q taken", bad)
		}
	}
}

// zombie says whether the process has ended and waits to be reaped.
func zombie(pid int) bool {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return true
	}
	_, rest, _ := strings.Cut(string(b), ") ")
	return strings.HasPrefix(rest, "Z")
}
