package counting

import (
	"context"
	"math"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/queenslab/nqueens/native/internal/work"
)

// JoinForecast is what a sample of the join's units says of the whole
// count of Q(n) on one core of this machine.
type JoinForecast struct {
	N int
	// Units is the number of units of the count, Sampled how many were
	// timed.
	Units, Sampled int
	// Table is the time the quarters' table took to build (once a task;
	// nothing from n = 22 on, where each unit builds its lists).
	Table time.Duration
	// Seconds is the forecast of the whole count on one core (the table
	// once, every unit, and for odd n the filtering of the quarters for
	// every pair of middle queens), Low and High the bounds of its 95%
	// interval (the sampling error of the units' mean time).
	Seconds, Low, High float64
	// Bounded says that the interval is the sampling error's: false when
	// one block of units was timed of several (its spread says nothing of
	// the others'), and then High is 0 and Low the time of the units timed.
	Bounded bool
	// UnitMean is the mean time of a unit, and Pairs the pairs of middle
	// queens of odd n with FilterMean the time to filter the quarters'
	// table for one (0 for even n, and from n = 22 on, where the lists
	// built per unit leave out the middle queens' diagonals).
	UnitMean, FilterMean time.Duration
	Pairs                int
	// UnitMax is the longest unit timed: a shard of few units may take
	// many times its share.
	UnitMax time.Duration
	// Memory is what one task takes on one goroutine (JoinMemory).
	Memory uint64
}

// JoinBlock is how many consecutive units of the join run together where
// they can: a unit that follows the one before it reuses the quarters'
// lists of the rows they share, with those rows in the caches (a unit
// timed alone takes about a third longer than in its place, and from
// n = 22 on, where each unit builds its lists, units of n = 23 and 25
// taken every M-th took 1.2 times as long as in blocks of 16). The
// forecast times blocks of that many, and a shard of a sharded count
// (package cluster) takes its units in blocks of that many.
const JoinBlock = 16

// forecastBlock is how many consecutive units ForecastJoin times at once.
const forecastBlock = JoinBlock

// ForecastJoin times a seeded random sample of sample units of the join of
// n (JoinUnits), one core, after building the quarters' table once (below
// JoinPerUnitFrom; from there each unit builds its lists, timed with it),
// and forecasts the whole count: the table's time, plus the units' mean
// time times their number, plus, with the table for odd n, the time to
// filter the quarters for a pair of middle queens times the pairs (each
// sampled unit is run twice, once with the filtering and once without,
// which the whole count does once a pair: the sample would count it once
// a unit). The interval is the mean's 95% (Student's t over the blocks'
// means, with the finite population correction), and at least the time
// of the units timed. On cancellation it returns the error.
func ForecastJoin(ctx context.Context, n, sample int, seed uint64) (JoinForecast, error) {
	if ctx == nil {
		return JoinForecast{}, work.NilContext("ForecastJoin")
	}
	f := JoinForecast{N: n, Memory: JoinMemory(n, 1)}
	if n < JoinMinN || n > JoinMaxN || sample < 1 {
		return f, nil
	}
	total, _ := JoinUnitsDigest(n)
	f.Units = total
	// Blocks of consecutive units, as the count runs them (the units of
	// one block share rows, and the caches with them): a unit timed alone
	// takes a third longer than in its place.
	// The blocks that hold sample units, rounded up (sample may be as
	// large as an int: no sum that could overflow).
	blocks := max(1, min(total/forecastBlock, sample/forecastBlock+min(1, sample%forecastBlock)))
	starts := rand.New(rand.NewPCG(seed, 0x0f0e)).Perm(max(1, total/forecastBlock))[:blocks]
	for i := range starts {
		starts[i] *= forecastBlock
	}
	slices.Sort(starts)
	start := time.Now()
	tables := newJoinTables(n)
	if !tables.perUnit {
		f.Table = time.Since(start)
	}
	j := newJoiner(n, tables)
	var times, filters []float64 // a block's mean time a unit; a pair's filtering
	k := 0
	var blockStart time.Time
	inBlock, blockUnits, pair := 0, 0, [2]int{-2, -2}
	timed := 0.0 // the units' time in all
	for i, u := range JoinUnits(n) {
		if k == len(starts) && inBlock == 0 {
			break
		}
		if inBlock == 0 {
			if i != starts[k] {
				continue
			}
			k++
			if err := ctx.Err(); err != nil {
				return f, err
			}
			inBlock = min(forecastBlock, total-i)
			blockUnits = inBlock
			blockStart = time.Now()
		}
		if key := [2]int{u.Col0, u.Row0}; n%2 == 1 && !tables.perUnit && key != pair {
			// The filtering for a new pair of middle queens, timed apart:
			// the count does it once a pair, not once a block.
			pair = key
			j.t.crosses.release(j.copies)
			j.copies = nil
			t0 := time.Now()
			j.run(u)
			withFilter := time.Since(t0)
			t1 := time.Now()
			j.run(u)
			d := time.Since(t1)
			f.UnitMax = max(f.UnitMax, d)
			filters = append(filters, max(0, (withFilter-d).Seconds()))
			blockStart = blockStart.Add(withFilter) // the unit's second run stays in the block
		} else {
			t0 := time.Now()
			j.run(u)
			f.UnitMax = max(f.UnitMax, time.Since(t0))
		}
		inBlock--
		if inBlock == 0 {
			d := time.Since(blockStart).Seconds()
			times = append(times, d/float64(blockUnits))
			timed += d
			f.Sampled += blockUnits
		}
	}
	mean, sdMean := work.MeanErr(times)
	f.UnitMean = time.Duration(mean * float64(time.Second))
	units := float64(total)
	f.Seconds = f.Table.Seconds() + mean*units
	if n%2 == 1 && !tables.perUnit {
		fm, _ := work.MeanErr(filters)
		f.FilterMean = time.Duration(fm * float64(time.Second))
		f.Pairs = len(joinCross(n))
		f.Seconds += fm * float64(f.Pairs)
	}
	// The mean's standard error over the blocks, with the finite
	// population correction, and Student's t for as many blocks: a few
	// blocks (the sample of a large n) give a wide interval. The units
	// timed are part of the count, so it takes at least their time.
	se := 0.0
	if b, all := float64(len(times)), units/forecastBlock; b > 1 && all > 1 {
		se = sdMean * math.Sqrt(max(0, (all-b)/(all-1)))
	}
	f.Bounded = len(times) > 1 || float64(len(times)) >= units/forecastBlock
	if !f.Bounded {
		f.Low = f.Table.Seconds() + timed
		return f, nil
	}
	t := studentT975(len(times) - 1)
	f.Low = max(f.Table.Seconds()+timed, f.Seconds-t*se*units)
	f.High = f.Seconds + t*se*units
	return f, nil
}

// studentT975 is the 97.5% quantile of Student's t with df degrees of
// freedom (that of the largest df tabulated at most df: a little wide
// between them), 1.96 from 120 on.
func studentT975(df int) float64 {
	table := []struct {
		df int
		t  float64
	}{{1, 12.706}, {2, 4.303}, {3, 3.182}, {4, 2.776}, {5, 2.571}, {6, 2.447}, {7, 2.365}, {8, 2.306}, {9, 2.262}, {10, 2.228}, {12, 2.179}, {15, 2.131}, {20, 2.086}, {30, 2.042}, {60, 2.000}, {120, 1.96}}
	t := table[0].t
	for _, r := range table {
		if df >= r.df {
			t = r.t
		}
	}
	return t
}
