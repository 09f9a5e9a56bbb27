// Package gent2017 reads the sample of Gent, Jefferson and Nightingale's
// published excluded diagonals instances ("Complexity of n-Queens
// Completion", JAIR 59, 2017; CSPLib problem 79) kept in testdata/gent2017
// for the tests: their .param files and the answers their bitmask solver
// recorded (answers.tsv).
package gent2017

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/queenslab/nqueens/model"
)

// Instance is one published instance: the first D diagonals of the list
// diag-N-4-SEED, with the authors' answer and search-tree nodes.
type Instance struct {
	N, D    int
	Seed    uint64
	Sat     bool
	Nodes   uint64
	List    string // diag-N-4-SEED, the .param file's name without its extension
	Problem model.Problem
}

// Name is "diag-N-4-SEED dD".
func (in Instance) Name() string { return fmt.Sprintf("%s d%d", in.List, in.D) }

// Sample reads dir/answers.tsv and the .param files it names: one
// Instance a line, in the file's order.
func Sample(dir string) ([]Instance, error) {
	f, err := os.Open(filepath.Join(dir, "answers.tsv"))
	if err != nil {
		return nil, err
	}
	defer f.Close()
	lists := map[string]model.DiagonalList{}
	var out []Instance
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if strings.HasPrefix(sc.Text(), "#") || strings.TrimSpace(sc.Text()) == "" {
			continue
		}
		var in Instance
		var sat int
		if _, err := fmt.Sscanf(sc.Text(), "%d\t%d\t%d\t%d\t%d", &in.N, &in.Seed, &in.D, &sat, &in.Nodes); err != nil {
			return nil, fmt.Errorf("answers.tsv: %q: %v", sc.Text(), err)
		}
		in.Sat = sat == 1
		in.List = fmt.Sprintf("diag-%d-4-%d", in.N, in.Seed)
		l, ok := lists[in.List]
		if !ok {
			pf, err := os.Open(filepath.Join(dir, in.List+".param"))
			if err != nil {
				return nil, err
			}
			l, err = model.ReadParam(pf)
			pf.Close()
			if err != nil {
				return nil, fmt.Errorf("%s: %v", in.List, err)
			}
			lists[in.List] = l
		}
		if in.Problem, err = l.Problem(in.D); err != nil {
			return nil, fmt.Errorf("%s: %v", in.Name(), err)
		}
		out = append(out, in)
	}
	return out, sc.Err()
}
