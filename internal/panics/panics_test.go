package panics_test

import (
	"errors"
	"strings"
	"sync"
	"testing"

	"github.com/queenslab/nqueens/internal/panics"
)

func TestCatcher(t *testing.T) {
	var c panics.Catcher
	stopped := 0
	var wg sync.WaitGroup
	for i := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer c.Recover(func() { stopped++ })
			if i == 2 {
				var m map[string]int
				m["x"] = 1 // a bug
			}
		}()
	}
	wg.Wait()
	var pe *panics.Error
	if err := c.Err(); !errors.As(err, &pe) || !strings.Contains(err.Error(), "internal error: assignment to entry in nil map") || len(pe.Stack) == 0 || stopped != 1 {
		t.Errorf("Err() = %v, stopped %d", err, stopped)
	}
	var quiet panics.Catcher
	func() { defer quiet.Recover(nil) }()
	if quiet.Err() != nil {
		t.Error("an error without a panic")
	}
}
