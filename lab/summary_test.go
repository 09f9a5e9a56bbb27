package lab

import (
	"testing"

	"github.com/queenslab/nqueens/encode"
)

// TestSummarize: per solver and encoding, the statuses, PAR-2 and the
// instances solved by it alone; the virtual best solver takes each
// instance's fastest right answer (a WRONG one never), across formats,
// and counts an instance nobody solved at twice its timeout; families are
// scored apart.
func TestSummarize(t *testing.T) {
	run := func(solver string, f encode.Format, id, family string, st Status, wall float64) Record {
		return Record{Solver: solver, Format: f, Encoding: map[encode.Format]string{encode.DIMACS: "pairwise"}[f], ID: id, SHA256: id + string(f),
			Family: family, Status: st, Wall: wall, CPU: wall, Timeout: 10}
	}
	recs := []Record{
		run("gini", encode.DIMACS, "a", "f1", Sat, 1),
		run("dlx", encode.XCC, "a", "f1", Sat, 3),
		run("gini", encode.DIMACS, "b", "f1", Timeout, 10),
		run("dlx", encode.XCC, "b", "f1", Unsat, 4),     // dlx alone
		run("gini", encode.DIMACS, "c", "f2", Unsat, 2), // gini alone: dlx is wrong
		run("dlx", encode.XCC, "c", "f2", Wrong, 0.5),
		run("gini", encode.DIMACS, "d", "f2", Timeout, 10),
		run("dlx", encode.XCC, "d", "f2", Crash, 0.1),
	}
	rows := Summarize(recs)
	if len(rows) != 3 || rows[0].Solver != "dlx" || rows[1].Solver != "gini" || rows[2].Solver != VBS {
		t.Fatalf("%+v", rows)
	}
	dlx, gini, v := rows[0], rows[1], rows[2]
	if dlx.Sat != 1 || dlx.Unsat != 1 || dlx.Wrong != 1 || dlx.Crash != 1 || dlx.Unique != 1 || dlx.PAR2 != (3+4+20+20)/4.0 {
		t.Errorf("dlx: %+v", dlx)
	}
	if gini.Sat != 1 || gini.Unsat != 1 || gini.Timeout != 2 || gini.Unique != 1 || gini.PAR2 != (1+20+2+20)/4.0 {
		t.Errorf("gini: %+v", gini)
	}
	if v.Runs != 4 || v.Sat != 1 || v.Unsat != 2 || v.Timeout != 1 || v.PAR2 != (1+4+2+20)/4.0 {
		t.Errorf("VBS: %+v", v)
	}
	fam := SummarizeFamilies(recs)
	if len(fam) != 6 || fam[2].Family != "f1" || fam[2].Solver != VBS || fam[2].Solved != 2 || fam[2].PAR2 != 2.5 ||
		fam[5].Family != "f2" || fam[5].Solver != VBS || fam[5].Solved != 1 || fam[5].PAR2 != 11 {
		t.Errorf("families: %+v", fam)
	}
	if len(Summarize(nil)) != 0 {
		t.Error("rows for no runs")
	}
}
