//go:build !linux

package platform

import "os"

// Spawn starts the program argv (its path first) in a process group of
// its own, standard input empty, its output into stdout and stderr, with
// the environment env, as this process's child: its peak resident memory
// is what the system reports for the child (Ended.OwnPeak false).
// join, if not nil, is given the program's process just after it starts.
func Spawn(argv, env []string, stdout, stderr *os.File, join func(pid int) error) (*Spawned, error) {
	return spawnDirect(argv, env, stdout, stderr, join)
}
