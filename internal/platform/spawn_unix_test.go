//go:build unix

package platform_test

import (
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/queenslab/nqueens/internal/platform"
)

// allocEnv makes this test binary, started again, a program that touches
// that many MiB of memory and exits.
const allocEnv = "NQUEENS_TEST_ALLOC_MIB"

func TestMain(m *testing.M) {
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
	p, err := platform.Spawn([]string{os.Args[0]}, append(os.Environ(), allocEnv+"="+strconv.Itoa(mib), "GOGC=off"), os.Stdout, os.Stderr)
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
				p, err := platform.Spawn([]string{"/bin/sh", "-c", fmt.Sprintf("exit %d", code)}, os.Environ(), nil, nil)
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
	p, err := platform.Spawn([]string{"/bin/sh", "-c", "kill -SEGV $$"}, os.Environ(), nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if e, err := p.Wait(); err != nil || e.Code != -1 || e.SignalNumber != 11 {
		t.Errorf("a crash: %+v %v", e, err)
	}
	p, err = platform.Spawn([]string{"/nonexistent/solver"}, os.Environ(), nil, nil)
	if err == nil {
		if e, err := p.Wait(); err != nil || e.Code == 0 {
			t.Errorf("a missing program: %+v %v", e, err)
		}
	}
	// A group killed whole: the program and its own child.
	p, err = platform.Spawn([]string{"/bin/sh", "-c", "sleep 300 & wait"}, os.Environ(), nil, nil)
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
