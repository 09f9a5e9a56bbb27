//go:build race

package main

// raceEnabled: this test binary runs under the race detector, whose runtime
// cannot start under a small memory limit (so limit-exec, played by
// the test binary, fails before it becomes the solver).
const raceEnabled = true
