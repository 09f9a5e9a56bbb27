package lab

import (
	"slices"
	"sort"
	"strings"

	"github.com/queenslab/nqueens/encode"
)

// Summary is one row of the summary of runs: a solver, and for SAT
// solvers an encoding.
type Summary struct {
	// Series names the row as charts do (Series): the solver, with its
	// encoding for DIMACS files.
	Series   string `json:"-"`
	Solver   string `json:"solver"`
	Encoding string `json:"encoding"`
	Runs     int    `json:"runs"`
	Sat      int    `json:"sat"`
	Unsat    int    `json:"unsat"`
	Timeout  int    `json:"timeout"`
	Memout   int    `json:"memout"`
	Crash    int    `json:"crash"`
	Unknown  int    `json:"unknown"`
	Wrong    int    `json:"wrong"`
	// PAR2 is the penalised average runtime: the mean over the runs of the
	// wall time, or twice the timeout for a run not solved.
	PAR2 float64 `json:"par2_s"`
	CPU  float64 `json:"cpu_s"` // total
	// Unique is the number of instances that this solver and encoding
	// solved and no other did.
	Unique int `json:"unique"`
	// Reps is the most repetitions of a run (run --repeat), where there
	// were more than one: the row then counts each run's median (Collapse),
	// and PAR2Min and PAR2Max are the least and the most PAR-2 of one
	// repetition's runs (the first runs, the second runs, ...).
	Reps    int     `json:"repetitions,omitempty"`
	PAR2Min float64 `json:"par2_min_s,omitempty"`
	PAR2Max float64 `json:"par2_max_s,omitempty"`
}

// VBS names the virtual best solver in summaries: per instance, the
// fastest right answer among all the solvers and encodings run on it (in
// any format), as SAT competition reports compute it.
const VBS = "VBS"

// encodingOf is the column a run is summarised under beside its solver:
// its encoding for DIMACS files, else its format.
func encodingOf(r Record) string {
	if r.Format != encode.DIMACS || r.Encoding == "" {
		return string(r.Format)
	}
	return r.Encoding
}

// instanceOf is the instance a run is of, the same in every format.
func instanceOf(r Record) string {
	if r.ID != "" {
		return r.ID
	}
	return r.SHA256
}

// Summarize groups runs by solver and encoding (the format for files
// other than DIMACS), in order of solver then encoding, with the instances
// each solved alone, and ends with the virtual best solver's row (VBS; its
// runs are the instances, its PAR-2 counts an instance unsolved by all at
// twice its longest timeout).
//
// The runs are first made ready as Prepare makes them: a configuration's
// runs under other limits are a row of their own, named with the limits
// (and the VBS is one per set of limits), and the repetitions of a run
// count once, their median, with the spread of PAR-2 over the
// repetitions.
func Summarize(recs []Record) []Summary {
	split := SplitLimits(recs)
	out := summarize(Collapse(split))
	if len(out) == 0 {
		return out
	}
	// The spread: each repetition's runs scored apart.
	byRep := map[int][]Record{}
	for _, r := range split {
		byRep[r.Rep()] = append(byRep[r.Rep()], r)
	}
	if len(byRep) > 1 {
		for i := range out {
			row := &out[i]
			for _, runs := range byRep {
				for _, rs := range summarize(runs) {
					if rs.Solver != row.Solver || rs.Encoding != row.Encoding {
						continue
					}
					if row.Reps == 0 || rs.PAR2 < row.PAR2Min {
						row.PAR2Min = rs.PAR2
					}
					if row.Reps == 0 || rs.PAR2 > row.PAR2Max {
						row.PAR2Max = rs.PAR2
					}
					row.Reps++
				}
			}
			if row.Reps < 2 {
				row.Reps, row.PAR2Min, row.PAR2Max = 0, 0, 0
			}
		}
	}
	for _, tagged := range byLimits(Collapse(split)) {
		out = append(out, vbs(tagged))
	}
	return out
}

// byLimits groups runs by their set of limits where SplitLimits named
// them apart, in the order of their first runs; all of them together
// where it did not.
func byLimits(recs []Record) [][]Record {
	at := map[string]int{}
	var out [][]Record
	for _, r := range recs {
		i, ok := at[r.limitTag]
		if !ok {
			i = len(out)
			at[r.limitTag] = i
			out = append(out, nil)
		}
		out[i] = append(out[i], r)
	}
	return out
}

func summarize(recs []Record) []Summary {
	by := map[[2]string]*Summary{}
	var keys [][2]string
	solvedBy := map[string][][2]string{}
	for _, r := range recs {
		enc := encodingOf(r)
		k := [2]string{r.Solver, enc}
		s := by[k]
		if s == nil {
			s = &Summary{Series: Series(r), Solver: r.Solver, Encoding: enc}
			by[k] = s
			keys = append(keys, k)
		}
		s.Runs++
		s.CPU += r.CPU
		switch r.Status {
		case Sat:
			s.Sat++
		case Unsat:
			s.Unsat++
		case Timeout:
			s.Timeout++
		case Memout:
			s.Memout++
		case Crash:
			s.Crash++
		case Unknown:
			s.Unknown++
		case Wrong:
			s.Wrong++
		}
		if r.Solved() {
			s.PAR2 += r.Wall
			if i := instanceOf(r); !slices.Contains(solvedBy[i], k) {
				solvedBy[i] = append(solvedBy[i], k)
			}
		} else {
			s.PAR2 += 2 * r.Timeout
		}
	}
	for _, ks := range solvedBy {
		if len(ks) == 1 {
			by[ks[0]].Unique++
		}
	}
	sort.Slice(keys, func(i, j int) bool {
		if keys[i][0] != keys[j][0] {
			return keys[i][0] < keys[j][0]
		}
		return keys[i][1] < keys[j][1]
	})
	out := make([]Summary, len(keys))
	for i, k := range keys {
		s := *by[k]
		s.PAR2 /= float64(s.Runs)
		out[i] = s
	}
	return out
}

// IsVBS says that the row is the virtual best solver's (one per set of
// limits, where the runs hold several).
func (s Summary) IsVBS() bool { return isVBS(s.Solver) }

// IsVBS says that the row is the virtual best solver's.
func (f FamilyScore) IsVBS() bool { return isVBS(f.Solver) }

func isVBS(name string) bool { return name == VBS || strings.HasPrefix(name, VBS+" [") }

// vbsRuns are the virtual best solver's runs, one per instance of recs in
// their order: its fastest right answer (any solver, encoding or format),
// else a TIMEOUT; each with the instance's longest timeout.
func vbsRuns(recs []Record) []Record {
	var order []string
	best := map[string]*Record{}
	for _, r := range recs {
		i := instanceOf(r)
		b := best[i]
		if b == nil {
			b = &Record{ID: i, Solver: VBS + r.limitTag, Status: Timeout, limitTag: r.limitTag}
			best[i] = b
			order = append(order, i)
		}
		if r.Solved() && (!b.Solved() || r.Wall < b.Wall) {
			b.Status, b.Wall, b.CPU = r.Status, r.Wall, r.CPU
		}
		b.Timeout = max(b.Timeout, r.Timeout)
	}
	out := make([]Record, len(order))
	for k, i := range order {
		out[k] = *best[i]
	}
	return out
}

// vbs is the virtual best solver's row over the instances of recs.
func vbs(recs []Record) Summary {
	s := summarize(vbsRuns(recs))[0]
	s.Unique = 0 // alone by construction: not a solver's merit
	return s
}

// FamilyScore is the PAR-2 of one solver and encoding (or the VBS) on the
// instances of one family.
type FamilyScore struct {
	Family   string  `json:"family"`
	Solver   string  `json:"solver"`
	Encoding string  `json:"encoding"`
	Runs     int     `json:"runs"`
	Solved   int     `json:"solved"`
	PAR2     float64 `json:"par2_s"`
}

// SummarizeFamilies scores each solver and encoding, and the VBS, per
// family, in order of family, then as Summarize orders its rows.
func SummarizeFamilies(recs []Record) []FamilyScore {
	byFamily := map[string][]Record{}
	var families []string
	for _, r := range recs {
		if _, ok := byFamily[r.Family]; !ok {
			families = append(families, r.Family)
		}
		byFamily[r.Family] = append(byFamily[r.Family], r)
	}
	sort.Strings(families)
	var out []FamilyScore
	for _, f := range families {
		for _, s := range Summarize(byFamily[f]) {
			out = append(out, FamilyScore{Family: f, Solver: s.Solver, Encoding: s.Encoding, Runs: s.Runs, Solved: s.Sat + s.Unsat, PAR2: s.PAR2})
		}
	}
	return out
}

// VBSTimes are the virtual best solver's times, one per instance solved
// by some run (the fastest right answer), in the order of the instances.
// The runs must be of one set of limits (byLimits).
func VBSTimes(recs []Record) []float64 {
	var out []float64
	for _, r := range vbsRuns(recs) {
		if r.Solved() {
			out = append(out, r.Wall)
		}
	}
	return out
}
