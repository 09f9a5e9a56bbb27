//go:build linux

package platform

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"time"

	"golang.org/x/sys/unix"
)

// reaper makes this process a subreaper once (PR_SET_CHILD_SUBREAPER):
// the orphans of its descendants become its children, for it to wait for.
var reaper struct {
	once sync.Once
	err  error
}

// Spawn starts the program argv (its path first) in a process group of
// its own, standard input empty, its output into stdout and stderr, with
// the environment env.
//
// Linux gives a child started by vfork, as Go starts every child, the
// peak resident size of the process it leaves at exec as its own starting
// peak (rusage's maxrss), so that a solver of 4 MB started by a harness
// of 20 MB reports 20 MB, and more as the harness grows. Here the program
// is instead forked by /bin/sh (a process of a megabyte or two), which
// exits at once; this process, a subreaper, inherits the program and
// waits for it itself, so that its maxrss is its own (from the shell's
// megabyte or two up), as GNU time reports it. Without /bin/sh, or where the kernel refuses a subreaper, the
// program is this process's own child (Ended.OwnPeak false).
//
// join, if not nil, is given the program's process before the program
// starts (a control group takes it in: Linux starts every child of it in
// it too); where the program is this process's own child, just after.
func Spawn(argv, env []string, stdout, stderr *os.File, join func(pid int) error) (*Spawned, error) {
	if _, err := os.Stat(shell); err != nil {
		return spawnDirect(argv, env, stdout, stderr, join)
	}
	reaper.once.Do(func() { reaper.err = unix.Prctl(unix.PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) })
	if reaper.err != nil {
		return spawnDirect(argv, env, stdout, stderr, join)
	}
	// The shell forks a subshell in the background that tells its process
	// id on descriptor 3 and waits on descriptor 4 (the gate) before it
	// becomes the program; the shell exits at once. The gate opens once
	// the shell has ended, so that the program is this process's child
	// (a shell may reap a background job that has ended, and then no one
	// could tell how it ended).
	r, w, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	defer r.Close()
	gateR, gateW, err := os.Pipe()
	if err != nil {
		w.Close()
		return nil, err
	}
	defer gateW.Close()
	cmd := exec.Command(shell, append([]string{"-c", `{ read gate <&4; exec "$@" 4<&-; } 3>&- & echo $! >&3`, "sh"}, argv...)...)
	ownGroup(cmd)
	cmd.Env, cmd.Stdout, cmd.Stderr = env, stdout, stderr
	in, err := emptyInput()
	if err != nil {
		w.Close()
		gateR.Close()
		return nil, err
	}
	defer in.Close()
	cmd.Stdin = in
	cmd.ExtraFiles = []*os.File{w, gateR}
	err = Start(cmd)
	w.Close()
	gateR.Close()
	if err != nil {
		return nil, err
	}
	said, _ := io.ReadAll(io.LimitReader(r, 64))
	werr := cmd.Wait()
	pid, perr := strconv.Atoi(strings.TrimSpace(string(said)))
	if perr != nil || pid <= 0 {
		KillGroup(cmd.Process.Pid)
		return nil, fmt.Errorf("%s did not start %s (%v)", shell, argv[0], errors.Join(werr, perr))
	}
	if join != nil {
		if err := join(pid); err != nil {
			KillGroup(cmd.Process.Pid)
			return nil, err
		}
	}
	started := time.Now()
	gateW.Close() // the program starts
	s := &Spawned{Pid: pid, Started: started, group: cmd.Process.Pid}
	s.wait = func() (Ended, error) {
		var ws unix.WaitStatus
		var ru unix.Rusage
		for {
			_, err := unix.Wait4(pid, &ws, 0, &ru)
			if err == nil {
				break
			}
			if !errors.Is(err, unix.EINTR) {
				KillGroup(s.group)
				return Ended{}, fmt.Errorf("waiting for %s: %v", argv[0], err)
			}
		}
		KillGroup(s.group) // nothing of the run outlives it
		go reapGroup(s.group)
		e := Ended{Code: ws.ExitStatus(), OwnPeak: true, Usage: Usage{
			UserSeconds:   time.Duration(ru.Utime.Nano()).Seconds(),
			SystemSeconds: time.Duration(ru.Stime.Nano()).Seconds(),
			PeakBytes:     uint64(max(0, ru.Maxrss)) << 10,
		}}
		if ws.Signaled() {
			e.Code, e.Signal, e.SignalNumber = -1, ws.Signal().String(), int(ws.Signal())
			e.CPULimit = ws.Signal() == unix.SIGXCPU
		}
		return e, nil
	}
	return s, nil
}

// reapGroup waits for what is left of the killed process group g (the
// program's own children, orphaned, are this subreaper's), for up to ten
// seconds: a zombie is not left behind.
func reapGroup(g int) {
	for range 1000 {
		n, err := unix.Wait4(-g, nil, unix.WNOHANG, nil)
		switch {
		case errors.Is(err, unix.EINTR) || err == nil && n > 0:
		case err != nil: // ECHILD: none left
			return
		default:
			time.Sleep(10 * time.Millisecond)
		}
	}
}
