//go:build unix

package platform

import (
	"os"
	"os/exec"
	"strconv"
	"sync"
	"syscall"
)

// The guard ends the process groups this process started when it ends
// without ending them itself, killed by SIGKILL (which no handler sees)
// or by a crash: one /bin/sh, started with the first group, in a process
// group of its own (a terminal's Ctrl-C does not reach it, nor the
// groups' kills), ignoring the signals that stop commands, reads the
// groups started ("+ PGID") and ended ("- PGID") from a pipe whose
// writing end only this process holds (close-on-exec). When this process
// ends, however it ends, the pipe reads end-of-file, and the guard kills
// every group still live. Without /bin/sh there is no guard: a group is
// then ended by this process alone.
var guard struct {
	once sync.Once
	mu   sync.Mutex
	w    *os.File // the pipe to the guard; nil for none
}

// guardScript keeps the live groups as " g1 g2 ... " and kills them at
// end-of-file (dash's kill takes a group as "-s KILL -- -PGID").
const guardScript = `trap '' INT TERM HUP PIPE
live=' '
while read op pg; do
	case $op in
	+) live="$live$pg " ;;
	-) case "$live" in *" $pg "*) live="${live%% $pg *} ${live#* $pg }" ;; esac ;;
	esac
done
for pg in $live; do kill -s KILL -- "-$pg" 2>/dev/null; done`

func startGuard() {
	if _, err := os.Stat(shell); err != nil {
		return
	}
	r, w, err := os.Pipe()
	if err != nil {
		return
	}
	defer r.Close()
	cmd := exec.Command(shell, "-c", guardScript, "nqueens-guard")
	cmd.Stdin = r
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		w.Close()
		return
	}
	guard.w = w
	go cmd.Wait() // it ends with this process; reaped if it ends before
}

// shell is the program that runs the guard, and on Linux starts a spawned
// program, forked from it.
const shell = "/bin/sh"

// tellGuard writes a line to the guard, if there is one; a group started
// ("+") starts the guard first.
func tellGuard(op string, pgid int) {
	if op == "+" {
		guard.once.Do(startGuard)
	}
	guard.mu.Lock()
	defer guard.mu.Unlock()
	if guard.w != nil {
		guard.w.WriteString(op + " " + strconv.Itoa(pgid) + "\n")
	}
}

// Start starts cmd (made the leader of a group of its own by Group) and
// has the guard end its group should this process end first.
func Start(cmd *exec.Cmd) error {
	if err := cmd.Start(); err != nil {
		return err
	}
	tellGuard("+", cmd.Process.Pid)
	return nil
}
