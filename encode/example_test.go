package encode_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/queenslab/nqueens/encode"
	"github.com/queenslab/nqueens/model"
)

// The CNF of the 4-queens problem with the pairwise encoding, as DIMACS.
func ExampleWriteDIMACS() {
	f, _ := encode.NewCNF(model.Classic(4), encode.Pairwise{})
	vars, clauses := f.Size()
	fmt.Println(vars, clauses)
	var b strings.Builder
	encode.WriteDIMACS(context.Background(), &b, f, encode.Options{Generator: "example"})
	for _, line := range strings.Split(b.String(), "\n")[5:9] {
		fmt.Println(line)
	}
	// Output:
	// 16 84
	// p cnf 16 84
	// 1 2 3 4 0
	// -1 -2 0
	// -1 -3 0
}

// Clause and variable counts of the at-most-one encodings for 100 literals.
func ExampleAMO() {
	for _, a := range encode.AllAMO() {
		v, c := a.Size(100)
		fmt.Printf("%-12s %4d variables %5d clauses  parsimonious: %v\n", a.Name(), v, c, a.Parsimonious())
	}
	// Output:
	// pairwise        0 variables  4950 clauses  parsimonious: true
	// sequential     99 variables   296 clauses  parsimonious: false
	// ladder        100 variables   398 clauses  parsimonious: true
	// commander:3    52 variables   350 clauses  parsimonious: true
	// product        34 variables   258 clauses  parsimonious: false
	// bimander        4 variables   850 clauses  parsimonious: false
	// binary          7 variables   700 clauses  parsimonious: false
}

// The exact cover of the 4-queens problem in Knuth's format, organ-pipe order.
func ExampleWriteQueensXCC() {
	var b strings.Builder
	encode.WriteQueensXCC(context.Background(), &b, model.Classic(4), encode.OrganPipe, encode.Options{})
	var lines []string
	for _, l := range strings.Split(b.String(), "\n") {
		if !strings.HasPrefix(l, "|") { // the comment header
			lines = append(lines, l)
		}
	}
	for _, l := range lines[:4] {
		fmt.Println(l)
	}
	// Output:
	// r2 c2 r1 c1 r3 c3 r0 c0 | a1 b1 a2 b2 a3 b3 a4 b4 a5 b5
	// r0 c0 b3
	// r0 c1 a1 b4
	// r0 c2 a2 b5
}

// The MiniZinc model and data of a completion problem: the queen of row 1
// stands in column 2.
func ExampleWriteMiniZinc() {
	p := model.Problem{N: 5, Fixed: []model.Square{{Row: 0, Col: 1}}}
	var m, d strings.Builder
	encode.WriteMiniZinc(context.Background(), &m, p, encode.Options{})
	encode.WriteMiniZincData(context.Background(), &d, p, encode.Options{})
	for _, l := range strings.Split(m.String()+d.String(), "\n") {
		if strings.HasPrefix(l, "constraint forall") || strings.HasPrefix(l, "n =") || strings.HasPrefix(l, "fixed") {
			fmt.Println(l)
		}
	}
	// Output:
	// constraint forall(k in index_set(fixed_row))(q[fixed_row[k]] = fixed_col[k]);
	// constraint forall(k in index_set(blocked_row))(q[blocked_row[k]] != blocked_col[k]);
	// n = 5;
	// fixed_row = [1];
	// fixed_col = [2];
}
