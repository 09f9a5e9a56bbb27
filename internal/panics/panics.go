// Package panics turns a panic in a worker goroutine into an error of the
// call that started the workers, so that a bug ends the call with a
// message instead of crashing the process with a stack trace.
package panics

import (
	"fmt"
	"runtime/debug"
	"sync"
)

// Error is a recovered panic: a bug, with the stack where it happened.
type Error struct {
	Value any
	Stack []byte
}

func (e *Error) Error() string { return fmt.Sprintf("internal error: %v", e.Value) }

// Catcher collects the first panic of a group of goroutines. The zero value
// is ready to use.
type Catcher struct {
	mu  sync.Mutex
	err *Error
}

// Recover, deferred at the top of a goroutine, recovers a panic, keeps the
// first one, and calls stop (if not nil) so that the other goroutines end.
func (c *Catcher) Recover(stop func()) {
	r := recover()
	if r == nil {
		return
	}
	c.mu.Lock()
	if c.err == nil {
		c.err = &Error{Value: r, Stack: debug.Stack()}
	}
	c.mu.Unlock()
	if stop != nil {
		stop()
	}
}

// Err returns the first panic recovered as an *Error, or nil.
func (c *Catcher) Err() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.err == nil {
		return nil
	}
	return c.err
}
