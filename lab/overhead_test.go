package lab_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"sort"
	"testing"
	"time"

	"github.com/queenslab/nqueens/cnf"
	"github.com/queenslab/nqueens/encode"
	"github.com/queenslab/nqueens/internal/cgroup"
	"github.com/queenslab/nqueens/lab"
	"github.com/queenslab/nqueens/solvers/sat"
	"github.com/queenslab/nqueens/suite"
)

// BenchmarkRunOverhead is what run adds to each run of a solver: start it
// (a control group made and removed, or not), wait for it, measure it,
// read its answer and check its model against every clause, decode and
// verify the queens, record it (a synced line). The solver is a script
// that prints a right answer to the 8-queens CNF at once; each op is one
// run of a study of b.N repetitions, and overhead-ms is the median over
// the runs of the time between two runs' ends less the solver's own wall
// time (as recorded): go test ./lab -bench RunOverhead -benchtime 100x.
func BenchmarkRunOverhead(b *testing.B) {
	for _, m := range []lab.Measure{lab.MeasureRusage, lab.MeasureCgroup} {
		b.Run(string(m), func(b *testing.B) {
			if _, err := cgroup.Detect(); err != nil && m == lab.MeasureCgroup {
				b.Skip(err)
			}
			dir := filepath.Join(b.TempDir(), "s")
			ctx := context.Background()
			rows, err := suite.Generate(ctx, dir, suite.Options{Family: "classic", From: 8, To: 8, Formats: []encode.Format{encode.DIMACS}})
			if err != nil {
				b.Fatal(err)
			}
			data, _ := os.ReadFile(filepath.Join(dir, rows[0].File))
			f, _, err := cnf.ReadFormula(bytes.NewReader(data))
			if err != nil {
				b.Fatal(err)
			}
			r, err := sat.Gini{}.Solve(ctx, f)
			if err != nil {
				b.Fatal(err)
			}
			var answer bytes.Buffer
			answer.WriteString("s SATISFIABLE\n")
			sat.WriteModel(&answer, r.Model)
			ans := filepath.Join(b.TempDir(), "answer")
			os.WriteFile(ans, answer.Bytes(), 0o644)
			script := filepath.Join(b.TempDir(), "solver.sh")
			os.WriteFile(script, []byte("#!/bin/sh\nexec cat "+ans+"\n"), 0o755)
			e := &sat.External{Program: "cat-answer", Path: script}
			runner := &lab.Process{Solver: "cat-answer", Build: "1", Format: encode.DIMACS,
				Argv: func(file, _ string) []string { return []string{script, file} }, Read: lab.DIMACSAnswer(e)}
			var ends []time.Time
			o := lab.Options{Runners: []lab.Runner{runner}, Repeat: b.N, Measure: m, Timeout: time.Minute,
				Results:  filepath.Join(b.TempDir(), "r.jsonl"),
				Progress: func(done, total int) { ends = append(ends, time.Now()) }}
			b.ResetTimer()
			recs, err := lab.Run(ctx, dir, o)
			b.StopTimer()
			if err != nil || len(recs) != b.N {
				b.Fatalf("%d runs: %v", len(recs), err)
			}
			var over []float64
			for i, rec := range recs {
				if rec.Status != lab.Sat || !rec.Verified {
					b.Fatalf("run %d: %s %s", i, rec.Status, rec.Detail)
				}
				// ends[0] is the call before the first run.
				over = append(over, ends[i+1].Sub(ends[i]).Seconds()-rec.Wall)
			}
			sort.Float64s(over)
			b.ReportMetric(1000*over[len(over)/2], "overhead-ms")
			b.ReportMetric(1000*over[len(over)*9/10], "overhead-p90-ms")
		})
	}
}
