package native

import (
	"context"
	"iter"
	"sync"
	"sync/atomic"

	"github.com/queenslab/nqueens/internal/panics"
)

// unitBatch is how many work units go to a goroutine at once: one
// hand-over per unit would wake the feeding goroutine thousands of times a
// second (a futex call and a thread switch each, a few per cent of a run),
// while batches small against the list still share the last units out
// evenly.
const unitBatch = 16

// MaxJobs bounds the goroutines of a parallel count (more are taken as
// MaxJobs): beyond a few a core they only cost memory.
const MaxJobs = 1024

// stopWhenDone sets stop when ctx ends, at once if it has already ended:
// context.AfterFunc calls its function in a goroutine of its own, which may
// run only after every unit of a short count is done. The function it
// returns stops the watch.
func stopWhenDone(ctx context.Context, stop *atomic.Bool) func() bool {
	if ctx.Err() != nil {
		stop.Store(true)
	}
	return context.AfterFunc(ctx, func() { stop.Store(true) })
}

// runUnits runs the work units of list for which take (if not nil) says
// yes on jobs goroutines, fed in batches as the list is made, so that it
// is never held. prepare (if not nil) copies what a unit only lends while
// the list yields it. Each goroutine gets its worker from newWorker; a
// worker returns a unit's result, or false when stop was set during it.
// done is called with each finished unit's index and result, serialised.
// It returns the number of units taken (all of them, even when the run
// stopped before it reached them), and whether the run was stopped
// (the context ended, or a goroutine panicked: its panic is the error).
// The feed never waits for goroutines that are gone, and a panicking done
// leaves nothing locked.
func runUnits[U, R any](ctx context.Context, jobs int, list iter.Seq2[int, U], take func(int) bool, prepare func(U) U,
	newWorker func(stop *atomic.Bool) func(U) (R, bool), done func(int, R)) (taken int, stopped bool, err error) {
	type job struct {
		i int
		u U
	}
	jobs = max(1, min(jobs, MaxJobs))
	feed := make(chan []job, 2*jobs)
	var stop atomic.Bool
	defer stopWhenDone(ctx, &stop)()
	var caught panics.Catcher
	dead := make(chan struct{}) // closed when a goroutine ends by a panic
	var deadOnce sync.Once
	var mu sync.Mutex
	var wg sync.WaitGroup
	for range jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer caught.Recover(func() {
				stop.Store(true)
				deadOnce.Do(func() { close(dead) })
			})
			work := newWorker(&stop)
			for b := range feed {
				for _, j := range b {
					if stop.Load() {
						break // drain the feed
					}
					r, ok := work(j.u)
					if !ok {
						continue
					}
					func() {
						mu.Lock()
						defer mu.Unlock()
						done(j.i, r)
					}()
				}
			}
		}()
	}
	pending := make([]job, 0, unitBatch)
	send := func() bool {
		select {
		case feed <- pending:
			pending = make([]job, 0, unitBatch)
			return true
		case <-dead:
			return false
		}
	}
	feeding := true
	for i, u := range list {
		if take != nil && !take(i) {
			continue
		}
		taken++ // all the units taken, run or not, for the caller's report
		if feeding = feeding && !stop.Load(); !feeding {
			continue
		}
		if prepare != nil {
			u = prepare(u)
		}
		pending = append(pending, job{i, u})
		if len(pending) == unitBatch && !send() {
			feeding = false
		}
	}
	if feeding && len(pending) > 0 {
		send()
	}
	close(feed)
	wg.Wait()
	return taken, stop.Load(), caught.Err()
}
