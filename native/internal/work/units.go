// Package work is what the solvers of package native's families share:
// the pool that runs a count's work units on goroutines (RunUnits), the
// loop of workers over a list of items (Each), the number of goroutines
// (Jobs, MaxJobs), and the errors of an entry point (TooLargeError,
// NilContext).
package work

import (
	"context"
	"fmt"
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

// StopWhenDone sets stop when ctx ends, at once if it has already ended:
// context.AfterFunc calls its function in a goroutine of its own, which may
// run only after every unit of a short count is done. The function it
// returns stops the watch.
func StopWhenDone(ctx context.Context, stop *atomic.Bool) func() bool {
	if ctx.Err() != nil {
		stop.Store(true)
	}
	return context.AfterFunc(ctx, func() { stop.Store(true) })
}

// Units describe a run of work units (RunUnits): the units of List for
// which Take (if not nil) says yes, run on Jobs goroutines.
type Units[U, R any] struct {
	Jobs int
	List iter.Seq2[int, U]
	Take func(i int) bool
	// Prepare (if not nil) copies what a unit only lends while the list
	// yields it.
	Prepare func(U) U
	// Group (if not nil) makes a batch the units in a row of the same
	// group (the join's units of one pair of middle queens, which share
	// the quarters filtered for that pair): a goroutine then works alone
	// on what its units share.
	Group func(U) int
	// NewWorker makes each goroutine's worker; a worker returns a unit's
	// result, or false when stop was set during it.
	NewWorker func(stop *atomic.Bool) func(U) (R, bool)
	// Done is called with each finished unit's index and result,
	// serialised.
	Done func(i int, r R)
}

// RunUnits runs the work units of u. The goroutines take the units from
// the list themselves, a batch at a time under a lock, as it makes them:
// the list is never held whole, and no goroutine feeds the others (a
// feeder woke, a futex call and a thread switch each batch, a tenth of the
// processor time of a count of small units such as the join's). A batch is
// unitBatch units, or, with Group, the units in a row of the same group.
// A goroutine that finds the list at its end helps the others with their
// batches, unit by unit, so that they end together. It returns the number
// of units taken (all of them, even when the run stopped before it reached
// them), and whether the run was stopped (the context ended, or a
// goroutine panicked: its panic is the error). A panicking Done or List
// leaves nothing locked.
func RunUnits[U, R any](ctx context.Context, u Units[U, R]) (taken int, stopped bool, err error) {
	jobs, list, take, prepare, group, newWorker, done := u.Jobs, u.List, u.Take, u.Prepare, u.Group, u.NewWorker, u.Done
	type job struct {
		i int
		u U
	}
	type batch struct {
		jobs   []job
		next   atomic.Int64 // the next job to run
		helped bool         // another goroutine was sent to help (under listMu)
	}
	jobs = max(1, min(jobs, MaxJobs))
	var stop atomic.Bool
	defer StopWhenDone(ctx, &stop)()
	var caught panics.Catcher
	next, stopList := iter.Pull2(list)
	defer stopList()
	var listMu, doneMu sync.Mutex
	exhausted := false
	var pending *job  // a unit taken that begins the next group
	var open []*batch // the batches being run, for goroutines to help with
	// pull is the next unit taken from the list, or false at its end.
	pull := func() (job, bool) {
		if pending != nil {
			j := *pending
			pending = nil
			return j, true
		}
		for !exhausted {
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
			return job{i, u}, true
		}
		return job{}, false
	}
	// fetch is the next batch of the list, in the storage of spare (the
	// caller's last batch, done) unless another goroutine helped with it;
	// or, at the list's end, the open batch with the most units left, to
	// help with (own false); nil when every unit is taken.
	fetch := func(spare *batch) (b *batch, own bool) {
		listMu.Lock()
		defer listMu.Unlock()
		live := open[:0]
		for _, o := range open {
			if o.next.Load() < int64(len(o.jobs)) {
				live = append(live, o)
			}
		}
		clear(open[len(live):])
		open = live
		if spare != nil && !spare.helped {
			b = spare
			b.jobs = b.jobs[:0]
			b.next.Store(0)
		} else {
			b = new(batch)
		}
		for group != nil || len(b.jobs) < unitBatch {
			j, ok := pull()
			if !ok {
				break
			}
			if group != nil && len(b.jobs) > 0 && group(j.u) != group(b.jobs[0].u) {
				pending = &j
				break
			}
			b.jobs = append(b.jobs, j)
		}
		if len(b.jobs) > 0 {
			open = append(open, b)
			return b, true
		}
		var most *batch
		for _, o := range open {
			if most == nil || len(o.jobs)-int(o.next.Load()) > len(most.jobs)-int(most.next.Load()) {
				most = o
			}
		}
		if most != nil {
			most.helped = true
		}
		return most, false
	}
	var wg sync.WaitGroup
	for range jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer caught.Recover(func() { stop.Store(true) })
			work := newWorker(&stop)
			var spare *batch
			for !stop.Load() {
				if ctx.Err() != nil {
					// Seen here at once, not when the watch's goroutine runs:
					// a count of small units could end before it does.
					stop.Store(true)
					return
				}
				b, own := fetch(spare)
				if b == nil {
					return
				}
				if own {
					spare = b
				}
				for !stop.Load() {
					k := b.next.Add(1) - 1
					if k >= int64(len(b.jobs)) {
						break
					}
					j := b.jobs[k]
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

// Jobs is the number of goroutines that jobs asks for: one a core for 0
// or less.
func Jobs(jobs int) int {
	if jobs <= 0 {
		return runtime.NumCPU()
	}
	return jobs
}

// NilContext is the error of an entry point given a nil context: an
// error, not the panic of its first use.
func NilContext(fn string) error {
	return fmt.Errorf("native: %s was given a nil context (use context.Background())", fn)
}
