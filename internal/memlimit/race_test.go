//go:build race

package memlimit_test

// raceEnabled: the race detector maps its shadow memory into the data
// segment, so the figures of a Go runtime alone do not hold under it.
const raceEnabled = true
