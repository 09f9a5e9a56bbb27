//go:build !linux

package cgroup

import "time"

// System is where the groups of runs are made: Linux's alone.
type System struct{}

// Detect says that control groups are Linux's.
func Detect() (*System, error) {
	return nil, &UnsupportedError{"control groups are Linux's"}
}

// String names the system.
func (s *System) String() string { return "none" }

// Kind names no kind.
func (s *System) Kind() string { return "none" }

// CPUs are none.
func (s *System) CPUs() []int { return nil }

// Group is a control group of a run.
type Group struct{}

// New makes no group off Linux.
func (s *System) New(string, Limits) (*Group, error) {
	return nil, &UnsupportedError{"control groups are Linux's"}
}

// Add adds nothing.
func (g *Group) Add(int) error { return ErrUnsupported }

// Usage has nothing to tell.
func (g *Group) Usage() (Usage, error) { return Usage{}, ErrUnsupported }

// CPU has nothing to tell.
func (g *Group) CPU() (time.Duration, error) { return 0, ErrUnsupported }

// Kill kills nothing.
func (g *Group) Kill() error { return ErrUnsupported }

// Close removes nothing.
func (g *Group) Close() error { return nil }
