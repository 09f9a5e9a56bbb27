package main

import "github.com/queenslab/nqueens/native/counting"

// maxJobs bounds --jobs: goroutines beyond a few per core only cost
// memory (each holds its own search state and buffers), and a count of
// them taken from a flag is allocated before anything runs.
const maxJobs = counting.MaxJobs

// checkJobs refuses a --jobs value below least (0: all cores, or 1) or
// above maxJobs, in one line.
func checkJobs(jobs, least int) error {
	switch {
	case jobs < least && least == 0:
		return usagef("--jobs must be 0 (all cores) or more, not %d", jobs)
	case jobs < least:
		return usagef("--jobs must be %d or more, not %d", least, jobs)
	case jobs > maxJobs:
		return usagef("--jobs must be at most %d, not %d", maxJobs, jobs)
	}
	return nil
}
