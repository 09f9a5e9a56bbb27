//go:build !linux

package platform

import "os"

// Spawn starts the program argv (its path first) in a process group of
// its own, standard input empty, its output into stdout and stderr, with
// the environment env, as this process's child: its peak resident memory
// is what the system reports for the child (Ended.OwnPeak false).
func Spawn(argv, env []string, stdout, stderr *os.File) (*Spawned, error) {
	return spawnDirect(argv, env, stdout, stderr)
}
