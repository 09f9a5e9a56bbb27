// Command export-dimacs shows the encoder: it writes the CNF of the n-queens
// problem for a range of n with every at-most-one encoding, as DIMACS files
// for any SAT solver, and prints each file's size.
//
//	go run ./examples/export-dimacs [DIR] [FROM] [TO]
package main

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/queenslab/nqueens/encode"
	"github.com/queenslab/nqueens/model"
)

func main() {
	dir, from, to := os.TempDir(), 4, 8
	if len(os.Args) > 1 {
		dir = os.Args[1]
	}
	if len(os.Args) > 3 {
		from, _ = strconv.Atoi(os.Args[2])
		to, _ = strconv.Atoi(os.Args[3])
	}
	for n := from; n <= to; n++ {
		for _, amo := range encode.AllAMO() {
			cnf, err := encode.NewCNF(model.Classic(n), amo)
			if err != nil {
				fail(err)
			}
			path := filepath.Join(dir, fmt.Sprintf("queens-%d-%s.cnf", n, strings.ReplaceAll(amo.Name(), ":", "-")))
			f, err := os.Create(path)
			if err != nil {
				fail(err)
			}
			w := bufio.NewWriter(f)
			err = encode.WriteDIMACS(context.Background(), w, cnf, encode.Options{Generator: "export-dimacs example"})
			if err == nil {
				err = w.Flush()
			}
			if cerr := f.Close(); err == nil {
				err = cerr
			}
			if err != nil {
				fail(err)
			}
			vars, clauses := cnf.Size()
			fmt.Printf("%s: %d variables, %d clauses\n", path, vars, clauses)
		}
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "export-dimacs:", err)
	os.Exit(1)
}
