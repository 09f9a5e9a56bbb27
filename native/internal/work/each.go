package work

import (
	"math"
	"sync"
	"sync/atomic"

	"github.com/queenslab/nqueens/internal/panics"
)

// Each runs do on the items 0 to n-1 on jobs goroutines (at most n, at
// least one), and returns how many it started. Each goroutine has a worker
// of its own, made by newWorker, and takes the next item until none is
// left, stop is set, or do returns false. finish (if not nil) is given
// each goroutine's worker when it ends, serialised. A panic in a
// goroutine sets stop (so that the searches watching it end too) and is
// the error (*panics.Error); stop nil is a flag of Each's own.
func Each[W any](jobs, n int, stop *atomic.Bool, newWorker func() W, do func(w W, i int) bool, finish func(w W)) (goroutines int, err error) {
	if stop == nil {
		stop = new(atomic.Bool)
	}
	goroutines = max(1, min(jobs, n, MaxJobs))
	var next atomic.Int64
	var mu sync.Mutex
	var caught panics.Catcher
	var wg sync.WaitGroup
	for range goroutines {
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer caught.Recover(func() { stop.Store(true) })
			w := newWorker()
			for {
				i := int(next.Add(1) - 1)
				if i >= n || stop.Load() || !do(w, i) {
					break
				}
			}
			if finish != nil {
				mu.Lock()
				defer mu.Unlock()
				finish(w)
			}
		}()
	}
	wg.Wait()
	return goroutines, caught.Err()
}

// MeanErr is the mean of xs and its standard error (0 for fewer than two).
func MeanErr(xs []float64) (mean, stderr float64) {
	if len(xs) == 0 {
		return 0, 0
	}
	for _, x := range xs {
		mean += x
	}
	mean /= float64(len(xs))
	if len(xs) < 2 {
		return mean, 0
	}
	var v float64
	for _, x := range xs {
		v += (x - mean) * (x - mean)
	}
	v /= float64(len(xs) - 1)
	return mean, math.Sqrt(v / float64(len(xs)))
}
