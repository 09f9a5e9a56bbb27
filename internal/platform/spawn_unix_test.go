//go:build unix

package platform_test

import (
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/queenslab/nqueens/internal/platform"
)

// allocEnv makes this test binary, started again, a program that touches
// that many MiB of memory and exits.
const allocEnv = "NQUEENS_TEST_ALLOC_MIB"

// guardEnv makes this test binary, started again, a program that spawns
// a solver that starts two children of its own, writes their process ids
// and waits to be killed (TestGuard).
const guardEnv = "NQUEENS_TEST_GUARD"

func TestMain(m *testing.M) {
	if os.Getenv(guardEnv) == "spawn" {
		p, err := platform.Spawn([]string{"/bin/sh", "-c", `sleep 1000 & echo $!; sleep 1001 & echo $!; echo $$; exec sleep 1002`}, os.Environ(), os.Stdout, os.Stderr, nil)
		if err != nil {
			fmt.Println("spawn:", err)
			os.Exit(1)
		}
		p.Wait()
		os.Exit(0)
	}
	if v := os.Getenv(allocEnv); v != "" {
		mib, _ := strconv.Atoi(v)
		b := make([]byte, mib<<20)
		for i := 0; i < len(b); i += 4096 {
			b[i] = 1
		}
		runtime.KeepAlive(b)
		os.Exit(int(b[len(b)/2]) + 6) // 7
	}
	os.Exit(m.Run())
}

// spawnAlloc runs this test binary as a program that touches mib MiB, and
// returns how it ended.
func spawnAlloc(t *testing.T, mib int) platform.Ended {
	t.Helper()
	p, err := platform.Spawn([]string{os.Args[0]}, append(os.Environ(), allocEnv+"="+strconv.Itoa(mib), "GOGC=off"), os.Stdout, os.Stderr, nil)
	if err != nil {
		t.Fatal(err)
	}
	e, err := p.Wait()
	if err != nil {
		t.Fatal(err)
	}
	if e.Code != 7 {
		t.Fatalf("exit %d, want 7", e.Code)
	}
	return e
}

// TestSpawnPeak: the peak resident memory of a spawned program is its
// own, within 10% of what it touches plus the few MiB a Go program starts
// with, whatever this process holds (a ballast of 400 MiB, touched, which
// a child started by vfork would report as its own) and however often it
// runs; the baseline program (1 MiB) stays under 20 MiB.
func TestSpawnPeak(t *testing.T) {
	if runtime.GOOS != "linux" || raceEnabled {
		t.Skip("the program's own peak is measured on Linux, not under the race detector (its shadow memory)")
	}
	ballast := make([]byte, 400<<20)
	for i := 0; i < len(ballast); i += 4096 {
		ballast[i] = 1
	}
	base := spawnAlloc(t, 1)
	if !base.OwnPeak || base.Usage.PeakBytes > 20<<20 || base.Usage.PeakBytes < 1<<20 {
		t.Fatalf("a program of 1 MiB: %+v (this process holds 400 MiB)", base)
	}
	for _, mib := range []int{64, 200} {
		for run := range 3 {
			e := spawnAlloc(t, mib)
			want := float64(mib<<20) + float64(base.Usage.PeakBytes)
			if got := float64(e.Usage.PeakBytes); got < 0.9*want || got > 1.1*want {
				t.Errorf("%d MiB, run %d: peak %.1f MiB, want %.1f +- 10%%", mib, run, got/(1<<20), want/(1<<20))
			}
		}
	}
	runtime.KeepAlive(ballast)
}

// TestSpawnEnds: spawned programs at once, each waited for as its own
// (exit status, signal, a program that is not there), and a killed group.
func TestSpawnEnds(t *testing.T) {
	var wg sync.WaitGroup
	for g := range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 100 {
				code := (g*100 + i) % 7
				p, err := platform.Spawn([]string{"/bin/sh", "-c", fmt.Sprintf("exit %d", code)}, os.Environ(), nil, nil, nil)
				if err != nil {
					t.Error(err)
					return
				}
				if e, err := p.Wait(); err != nil || e.Code != code {
					t.Errorf("exit %d: %+v %v", code, e, err)
					return
				}
			}
		}()
	}
	wg.Wait()
	p, err := platform.Spawn([]string{"/bin/sh", "-c", "kill -SEGV $$"}, os.Environ(), nil, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if e, err := p.Wait(); err != nil || e.Code != -1 || e.SignalNumber != 11 {
		t.Errorf("a crash: %+v %v", e, err)
	}
	p, err = platform.Spawn([]string{"/nonexistent/solver"}, os.Environ(), nil, nil, nil)
	if err == nil {
		if e, err := p.Wait(); err != nil || e.Code == 0 {
			t.Errorf("a missing program: %+v %v", e, err)
		}
	}
	// A group killed whole: the program and its own child.
	p, err = platform.Spawn([]string{"/bin/sh", "-c", "sleep 300 & wait"}, os.Environ(), nil, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan platform.Ended)
	go func() { e, _ := p.Wait(); done <- e }()
	time.Sleep(50 * time.Millisecond)
	p.Kill()
	select {
	case e := <-done:
		if e.SignalNumber != 9 {
			t.Errorf("killed: %+v", e)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("a killed group was not reaped")
	}
	if out, _ := exec.Command("pgrep", "-f", "^sleep 300$", "-P", strconv.Itoa(os.Getpid())).Output(); len(out) > 0 {
		t.Errorf("a child of the killed group lives on: %s", out)
	}
}

// TestGuard: a process killed by SIGKILL, which no handler of its sees,
// leaves nothing of what it started running: the guard kills the groups
// it started, the children of its solver included.
func TestGuard(t *testing.T) {
	if _, err := os.Stat("/bin/sh"); err != nil {
		t.Skip("no /bin/sh")
	}
	cmd := exec.Command(os.Args[0])
	cmd.Env = append(os.Environ(), guardEnv+"=spawn")
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	var pids []int
	for range 3 {
		var pid int
		if _, err := fmt.Fscan(out, &pid); err != nil {
			cmd.Process.Kill()
			t.Fatalf("the solver's process ids: %v", err)
		}
		pids = append(pids, pid)
	}
	cmd.Process.Signal(syscall.SIGKILL)
	cmd.Wait()
	deadline := time.Now().Add(5 * time.Second)
	for _, pid := range pids {
		for platform.Alive(pid) && !zombie(pid) {
			if time.Now().After(deadline) {
				syscall.Kill(pid, syscall.SIGKILL)
				t.Fatalf("process %d of the solver outlives the killed harness by 5 s", pid)
			}
			time.Sleep(10 * time.Millisecond)
		}
	}
}

// zombie says whether the process has ended and waits to be reaped.
func zombie(pid int) bool {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return runtime.GOOS != "linux"
	}
	_, rest, _ := strings.Cut(string(b), ") ")
	return strings.HasPrefix(rest, "Z")
}
