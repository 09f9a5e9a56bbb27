package lab

import (
	"sort"

	"github.com/queenslab/nqueens/encode"
)

// Summary is one row of the summary of runs: a solver, and for SAT
// solvers an encoding.
type Summary struct {
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
}

// Summarize groups runs by solver and encoding (the format for files
// other than DIMACS), in order of solver then encoding.
func Summarize(recs []Record) []Summary {
	by := map[[2]string]*Summary{}
	var keys [][2]string
	for _, r := range recs {
		enc := r.Encoding
		if r.Format != encode.DIMACS || enc == "" {
			enc = string(r.Format)
		}
		k := [2]string{r.Solver, enc}
		s := by[k]
		if s == nil {
			s = &Summary{Solver: r.Solver, Encoding: enc}
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
		} else {
			s.PAR2 += 2 * r.Timeout
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
