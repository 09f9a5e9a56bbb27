// Package platform holds what differs between the systems nqueens runs on:
// process groups and their signals, resource limits, file locks, the
// machine's name, processor and memory. Every function has one meaning on
// every platform; where a platform lacks a feature, the function says so
// (an UnsupportedError, or ok = false) and the caller refuses in one line or
// leaves the figure out, never a build failure.
package platform

import (
	"errors"
	"runtime"
)

// UnsupportedError is a feature this platform lacks; its text names the
// platforms that have it.
type UnsupportedError struct{ What, Where string }

func (e *UnsupportedError) Error() string {
	return e.What + " need " + e.Where + " (this is " + runtime.GOOS + ")"
}

// ErrBusy is a lock held by another open file (another run).
var ErrBusy = errors.New("in use by another run")

// Usage is what a process that ended took: processor time and its peak
// resident memory (0 where the platform does not report it).
type Usage struct {
	UserSeconds, SystemSeconds float64
	PeakBytes                  uint64
}

// ErrSymlink is a symbolic link where a regular file was asked for.
var ErrSymlink = errors.New("a symbolic link, not a regular file")
