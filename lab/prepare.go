package lab

import (
	"sort"
)

// Prepare makes runs ready to be scored and drawn, as report, plot and
// run do before they summarise: runs of one solver configuration under
// different limits are never merged, but named apart, the configuration's
// name followed by the limits in brackets ("cadical [10 s]"), wherever
// the runs hold more than one set of limits; and the repetitions of a run
// (run --repeat) become one run, their median (Collapse). The runs given
// are not changed.
func Prepare(recs []Record) []Record {
	return Collapse(SplitLimits(recs))
}

// SplitLimits names each run's solver with its limits ("cadical [10 s]",
// "cadical [20 s, CPU 20 s]") where the runs were made under more than
// one set of limits, so that no row, line or column of a report mixes
// them; where all share one, the runs are returned as they are. The VBS
// of such runs is one per set of limits, named alike.
func SplitLimits(recs []Record) []Record {
	sets := map[LimitSet]bool{}
	for _, r := range recs {
		sets[r.Limits()] = true
	}
	if len(sets) < 2 {
		return recs
	}
	out := make([]Record, len(recs))
	for i, r := range recs {
		if r.limitTag == "" {
			r.limitTag = " [" + r.Limits().String() + "]"
			r.Solver += r.limitTag
		}
		out[i] = r
	}
	return out
}

// Collapse makes the repetitions of each run one run: of the runs of one
// file by one solver configuration (of one build, under one set of
// limits), the median by time (a run not solved counting twice its
// timeout, as PAR-2 counts it; the lower of the two middle ones for an
// even number), with the least and the most wall time of them as its
// spread (Spread). A WRONG answer in any repetition is never hidden: the
// run is then that WRONG one. Runs without repetitions are returned as
// they are.
func Collapse(recs []Record) []Record {
	groups := map[string][]int{}
	var order []string
	repeated := false
	for i, r := range recs {
		k := groupKey(r)
		if _, ok := groups[k]; !ok {
			order = append(order, k)
		}
		groups[k] = append(groups[k], i)
		repeated = repeated || len(groups[k]) > 1
	}
	if !repeated {
		return recs
	}
	out := make([]Record, 0, len(order))
	for _, k := range order {
		idx := groups[k]
		runs := make([]Record, len(idx))
		for j, i := range idx {
			runs[j] = recs[i]
		}
		out = append(out, median(runs))
	}
	return out
}

// groupKey is what the repetitions of a run share: key() without the
// repetition.
func groupKey(r Record) string {
	r.Repetition = 0
	return r.key() + "\x00" + r.File + "\x00" + r.ID
}

// median is the median run of the repetitions of one run, with their
// spread; the first WRONG one if any is.
func median(runs []Record) Record {
	lo, hi := runs[0].Wall, runs[0].Wall
	for _, r := range runs {
		lo, hi = min(lo, r.Wall), max(hi, r.Wall)
	}
	var pick Record
	for _, r := range runs {
		if r.Status == Wrong {
			pick = r
			break
		}
	}
	if pick.Status != Wrong {
		sorted := append([]Record(nil), runs...)
		sort.SliceStable(sorted, func(i, j int) bool { return par2Time(sorted[i]) < par2Time(sorted[j]) })
		pick = sorted[(len(sorted)-1)/2]
	}
	pick.reps, pick.repMin, pick.repMax = len(runs), lo, hi
	return pick
}

// par2Time is what a run adds to PAR-2: its wall time if solved, else
// twice its timeout.
func par2Time(r Record) float64 {
	if r.Solved() {
		return r.Wall
	}
	return 2 * r.Timeout
}

// Spread is, for a run that stands for its repetitions (Collapse), how
// many there were and their least and most wall time; reps is 1 for a run
// alone.
func (r Record) Spread() (reps int, lo, hi float64) {
	if r.reps == 0 {
		return 1, r.Wall, r.Wall
	}
	return r.reps, r.repMin, r.repMax
}
