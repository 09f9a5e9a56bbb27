package work

import (
	"context"
	"sync/atomic"
	"testing"
	"time"
)

// TestRunUnits: every unit taken is run exactly once and reported once,
// in batches of unitBatch or by groups of consecutive units (groups of
// 1 to 300 units, some of slow units so that the goroutines that end
// first help with them), with or without a take, on 1 to 5 goroutines;
// taken counts the units taken.
func TestRunUnits(t *testing.T) {
	const units = 2000
	list := func(yield func(int, int) bool) {
		for i := range units {
			if !yield(i, i) {
				return
			}
		}
	}
	groupOf := func(u int) int { return u / (1 + u%7*50) } // runs of various lengths, in order
	for _, grouped := range []bool{false, true} {
		for _, every := range []int{1, 3} {
			for jobs := 1; jobs <= 5; jobs++ {
				var group func(int) int
				if grouped {
					group = groupOf
				}
				var take func(int) bool
				if every > 1 {
					take = func(i int) bool { return i%every == 0 }
				}
				var runs [units]atomic.Int32
				seen := make([]int, units)
				taken, stopped, err := RunUnits(context.Background(), Units[int, int]{Jobs: jobs, List: list, Take: take, Group: group,
					NewWorker: func(*atomic.Bool) func(int) (int, bool) {
						return func(u int) (int, bool) {
							runs[u].Add(1)
							if u >= units-40 {
								time.Sleep(100 * time.Microsecond) // the last units are slow
							}
							return u * 2, true
						}
					},
					Done: func(i, r int) {
						if r != i*2 {
							t.Errorf("unit %d reported %d", i, r)
						}
						seen[i]++
					}})
				want := (units + every - 1) / every
				if err != nil || stopped || taken != want {
					t.Errorf("grouped %v, every %d, %d jobs: %d taken, stopped %v, %v; want %d", grouped, every, jobs, taken, stopped, err, want)
				}
				for i := range units {
					w := 0
					if i%every == 0 {
						w = 1
					}
					if int(runs[i].Load()) != w || seen[i] != w {
						t.Fatalf("grouped %v, every %d, %d jobs: unit %d run %d times, reported %d, want %d", grouped, every, jobs, i, runs[i].Load(), seen[i], w)
					}
				}
			}
		}
	}
}

// TestRunUnitsStops: a context ended midway stops the run; the units not
// reached are still taken. A goroutine ends its batch at most (100 units
// here) once the context has ended, so at most 300 + 2 * 100 units run:
// the units after the 300th wait until the context has ended (the
// goroutine that ends it may be descheduled between the two, while the
// other runs on: so the race detector on a loaded machine once saw every
// unit run).
func TestRunUnitsStops(t *testing.T) {
	for _, group := range []func(int) int{nil, func(u int) int { return u / 100 }} {
		ctx, cancel := context.WithCancel(context.Background())
		list := func(yield func(int, int) bool) {
			for i := range 1000 {
				if !yield(i, i) {
					return
				}
			}
		}
		var ran atomic.Int32
		taken, stopped, err := RunUnits(ctx, Units[int, int]{Jobs: 2, List: list, Group: group,
			NewWorker: func(stop *atomic.Bool) func(int) (int, bool) {
				return func(u int) (int, bool) {
					switch r := ran.Add(1); {
					case r == 300:
						cancel()
					case r > 300:
						<-ctx.Done()
					}
					return 0, !stop.Load()
				}
			}, Done: func(int, int) {}})
		if err != nil || !stopped || taken != 1000 || ran.Load() > 500 {
			t.Errorf("group %v: %d taken, stopped %v, %v, %d ran", group != nil, taken, stopped, err, ran.Load())
		}
		cancel()
	}
}
