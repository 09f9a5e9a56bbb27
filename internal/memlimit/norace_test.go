//go:build !race

package memlimit_test

const raceEnabled = false
