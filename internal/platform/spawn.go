package platform

import (
	"fmt"
	"os"
	"os/exec"
	"time"
)

// Ended is how a process started by Spawn ended.
type Ended struct {
	// Code is its exit status, -1 when a signal ended it.
	Code int
	// Signal and SignalNumber name the signal that ended it, if one did.
	Signal       string
	SignalNumber int
	// CPULimit says that its CPU-time limit ended it (SIGXCPU).
	CPULimit bool
	// Usage is what it took, its peak resident memory its own
	// (OwnPeak) or, where the platform cannot tell them apart, at least
	// this process's size when it started it.
	Usage Usage
	// OwnPeak says that Usage.PeakBytes is the program's own peak (as
	// GNU time reports it), not inflated by the process that started it.
	OwnPeak bool
}

// Spawned is a program started by Spawn.
type Spawned struct {
	// Pid is the program's process.
	Pid int
	// Started is when the program was let start: its wall time runs
	// from here.
	Started time.Time
	group   int
	wait    func() (Ended, error)
	cmd     *exec.Cmd
}

// Wait waits for the program to end and returns how it ended; what is
// left of its process group is then killed (and, where this process
// reaps it, reaped in the background).
func (s *Spawned) Wait() (Ended, error) { return s.wait() }

// Kill kills the program's process group.
func (s *Spawned) Kill() { KillGroup(s.group) }

// spawnDirect starts argv as a child of this process in a group of its
// own (Group), and waits for it as os/exec does: its peak resident memory
// may include this process's, which a child started by vfork inherits.
//
// join, if not nil, is given the process just after it starts (what it
// started before is not joined).
func spawnDirect(argv, env []string, stdout, stderr *os.File, join func(pid int) error) (*Spawned, error) {
	cmd := exec.Command(argv[0], argv[1:]...)
	ownGroup(cmd)
	cmd.Env, cmd.Stdout, cmd.Stderr = env, stdout, stderr
	in, err := emptyInput()
	if err != nil {
		return nil, err
	}
	defer in.Close()
	cmd.Stdin = in
	if err := Start(cmd); err != nil {
		return nil, err
	}
	if join != nil {
		if err := join(cmd.Process.Pid); err != nil {
			KillGroup(cmd.Process.Pid)
			cmd.Wait()
			return nil, err
		}
	}
	s := &Spawned{Pid: cmd.Process.Pid, Started: time.Now(), group: cmd.Process.Pid, cmd: cmd}
	s.wait = func() (Ended, error) {
		err := cmd.Wait()
		KillGroup(s.group)
		ps := cmd.ProcessState
		if ps == nil {
			return Ended{}, err
		}
		e := Ended{Code: ps.ExitCode(), Usage: UsageOf(ps), CPULimit: CPULimitHit(ps)}
		e.Signal, e.SignalNumber, _ = Signaled(ps)
		return e, nil
	}
	return s, nil
}

// HarnessError is a failure of this process to start a program, not of
// the program: no pipe to give it, say.
type HarnessError struct{ Err error }

func (e *HarnessError) Error() string { return e.Err.Error() }
func (e *HarnessError) Unwrap() error { return e.Err }

// emptyInput is a standard input with nothing to read: the reading end of
// a pipe whose writing end is closed (os/exec would open /dev/null, which
// a container's bare file system may lack).
func emptyInput() (*os.File, error) {
	r, w, err := os.Pipe()
	if err != nil {
		return nil, &HarnessError{fmt.Errorf("no pipe for a program's standard input: %v", err)}
	}
	w.Close()
	return r, nil
}
