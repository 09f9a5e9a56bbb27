package native

import (
	"context"
	"iter"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/queenslab/nqueens/internal/panics"
)

// unitBatch is how many work units a goroutine takes from the list at
// once: fewer turns at the list's lock, while batches small against the
// list still share the last units out evenly.
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
// yes on jobs goroutines. The goroutines take the units from the list
// themselves, a batch at a time under a lock, as it makes them: the list
// is never held whole, and no goroutine feeds the others (a feeder woke,
// a futex call and a thread switch each batch, a tenth of the processor
// time of a count of small units such as the join's). prepare (if not
// nil) copies what a unit only lends while the list yields it. Each
// goroutine gets its worker from newWorker; a worker returns a unit's
// result, or false when stop was set during it. done is called with each
// finished unit's index and result, serialised. It returns the number of
// units taken (all of them, even when the run stopped before it reached
// them), and whether the run was stopped (the context ended, or a
// goroutine panicked: its panic is the error). A panicking done or list
// leaves nothing locked.
func runUnits[U, R any](ctx context.Context, jobs int, list iter.Seq2[int, U], take func(int) bool, prepare func(U) U,
	newWorker func(stop *atomic.Bool) func(U) (R, bool), done func(int, R)) (taken int, stopped bool, err error) {
	type job struct {
		i int
		u U
	}
	jobs = max(1, min(jobs, MaxJobs))
	var stop atomic.Bool
	defer stopWhenDone(ctx, &stop)()
	var caught panics.Catcher
	next, stopList := iter.Pull2(list)
	defer stopList()
	var listMu, doneMu sync.Mutex
	exhausted := false
	// fill takes the next batch of units into b (empty at the list's end).
	fill := func(b []job) []job {
		listMu.Lock()
		defer listMu.Unlock()
		for len(b) < unitBatch && !exhausted {
			i, u, ok := next()
			if !ok {
				exhausted = true
				break
			}
			if take != nil && !take(i) {
				continue
			}
			taken++ // all the units taken, run or not, for the caller's report
			if prepare != nil {
				u = prepare(u)
			}
			b = append(b, job{i, u})
		}
		return b
	}
	var wg sync.WaitGroup
	for range jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer caught.Recover(func() { stop.Store(true) })
			work := newWorker(&stop)
			batch := make([]job, 0, unitBatch)
			for !stop.Load() {
				if ctx.Err() != nil {
					// Seen here at once, not when the watch's goroutine runs:
					// a count of small units could end before it does.
					stop.Store(true)
					return
				}
				if batch = fill(batch[:0]); len(batch) == 0 {
					return
				}
				for _, j := range batch {
					if stop.Load() {
						break
					}
					r, ok := work(j.u)
					if !ok {
						continue
					}
					func() {
						doneMu.Lock()
						defer doneMu.Unlock()
						done(j.i, r)
					}()
				}
			}
		}()
	}
	wg.Wait()
	// The units not reached (stopped, or a goroutine panicked) are taken
	// all the same. A list that panicked yields no more.
	for !exhausted {
		i, _, ok := next()
		if !ok {
			break
		}
		if take == nil || take(i) {
			taken++
		}
	}
	return taken, stop.Load(), caught.Err()
}

// jobsOf is the number of goroutines that jobs asks for: one a core for
// 0 or less.
func jobsOf(jobs int) int {
	if jobs <= 0 {
		return runtime.NumCPU()
	}
	return jobs
}
