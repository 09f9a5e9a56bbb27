//go:build race

package platform_test

// raceEnabled: the race detector doubles what a program touches (its shadow
// memory), so peaks are not compared under it.
const raceEnabled = true
