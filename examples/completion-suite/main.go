// Command completion-suite shows the benchmark generator and the in-process
// SAT solver together: it writes a suite of n-queens completion instances
// (Gent, Jefferson and Nightingale 2017) as DIMACS, then reads every file
// back and solves it with gini, comparing with the manifest's answer.
//
//	go run ./examples/completion-suite [DIR]
package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/queenslab/nqueens/cnf"
	"github.com/queenslab/nqueens/encode"
	"github.com/queenslab/nqueens/solvers/sat"
	"github.com/queenslab/nqueens/suite"
)

func main() {
	dir := filepath.Join(os.TempDir(), "nqueens-completion-suite")
	if len(os.Args) > 1 {
		dir = os.Args[1]
	}
	ctx := context.Background()
	rows, err := suite.Generate(ctx, dir, suite.Options{
		Family: "completion", N: 12, M: 4, Count: 8, Seed: 2017,
		Formats: []encode.Format{encode.DIMACS}, AMOs: []string{"sequential"},
	})
	if err != nil {
		fail(err)
	}
	for _, r := range rows {
		f, err := os.Open(filepath.Join(dir, r.File))
		if err != nil {
			fail(err)
		}
		cnf, _, err := cnf.ReadFormula(f)
		f.Close()
		if err != nil {
			fail(err)
		}
		res, err := sat.Gini{}.Solve(ctx, cnf)
		if err != nil {
			fail(err)
		}
		verdict := "agrees"
		if (res.Status == sat.Sat) != (r.Expected == suite.Satisfiable) {
			verdict = "DISAGREES"
		}
		fmt.Printf("%s (queens at %s): gini %v, manifest %s: %s\n", r.File, r.Fixed, res.Status, r.Expected, verdict)
		if verdict != "agrees" {
			os.Exit(1)
		}
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "completion-suite:", err)
	os.Exit(1)
}
