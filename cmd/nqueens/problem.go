package main

import (
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/queenslab/nqueens"
	"github.com/queenslab/nqueens/model"
)

// problemFlags are the flags that describe a benchmark variant: pre-placed
// queens, blocked squares, excluded diagonals (from a .param file of Gent,
// Jefferson and Nightingale or given one by one) and subsets of rows and
// columns.
type problemFlags struct {
	fix, block  string
	diagonals   string // FILE.param or FILE.param:D
	sums, diffs string
	rows, cols  string
}

func (prob *problemFlags) add(c *cobra.Command) {
	c.Flags().StringVar(&prob.fix, "fix", "", "pre-placed queens, 1-based ROW:COL list (n-queens completion), e.g. 1:1,2:3")
	c.Flags().StringVar(&prob.block, "block", "", "blocked squares, 1-based ROW:COL list, e.g. 4:4,5:2")
	c.Flags().StringVar(&prob.diagonals, "diagonals", "", "excluded diagonals from a .param file of Gent, Jefferson and Nightingale's generator: FILE.param (all of its list) or FILE.param:D (its first D); N is the file's")
	c.Flags().StringVar(&prob.sums, "exclude-sum", "", "excluded sum diagonals, the values of r+c in 1-based rows and columns (2 to 2N), e.g. 5,9")
	c.Flags().StringVar(&prob.diffs, "exclude-diff", "", "excluded difference diagonals, the values of r-c (1-N to N-1), e.g. -3,0,4")
	c.Flags().StringVar(&prob.rows, "rows", "", "the rows that take a queen, 1-based (with --cols, as many; the others stay empty)")
	c.Flags().StringVar(&prob.cols, "cols", "", "the columns that take a queen, 1-based (with --rows)")
}

// parse reads the N argument (none, when optionalN and --diagonals gives
// it) and the variant flags into a problem.
func (prob *problemFlags) parse(args []string) (model.Problem, error) {
	var p model.Problem
	var fromFile *model.DiagonalList
	if prob.diagonals != "" {
		l, d, err := readDiagonals(prob.diagonals)
		if err != nil {
			return p, err
		}
		fromFile = &l
		if p, err = l.Problem(d); err != nil {
			return p, usageError{err}
		}
	}
	switch {
	case len(args) > 0:
		n, err := parseN(args[0])
		if err != nil {
			return p, err
		}
		if fromFile != nil && fromFile.N != n {
			return p, usagef("N = %d, but %s is a board of %d", n, prob.diagonals, fromFile.N)
		}
		p.N = n
	case fromFile == nil:
		return p, usagef("give N (or --diagonals FILE.param, which gives it)")
	}
	var err error
	if p.Fixed, err = model.ParseSquares(prob.fix); err != nil {
		return p, usagef("--fix: %v", err)
	}
	if p.Blocked, err = model.ParseSquares(prob.block); err != nil {
		return p, usagef("--block: %v", err)
	}
	for _, x := range []struct {
		flag, text string
		kind       model.DiagonalKind
	}{{"--exclude-sum", prob.sums, model.Sum}, {"--exclude-diff", prob.diffs, model.Difference}} {
		ds, err := model.ParseDiagonals(x.text, x.kind)
		if err != nil {
			return p, usagef("%s: %v", x.flag, err)
		}
		p.Excluded = append(p.Excluded, ds...)
	}
	if (prob.rows == "") != (prob.cols == "") {
		return p, usagef("--rows and --cols go together: the rows and the columns that take a queen, as many of each")
	}
	if prob.rows != "" {
		if p.Rows, err = model.ParseLines(prob.rows); err != nil {
			return p, usagef("--rows: %v", err)
		}
		if p.Cols, err = model.ParseLines(prob.cols); err != nil {
			return p, usagef("--cols: %v", err)
		}
	}
	if err := p.Validate(); err != nil {
		return p, usageError{err}
	}
	for _, f := range p.Fixed {
		for _, b := range p.Blocked {
			if f == b {
				return p, usagef("square %d:%d is both pre-placed (--fix) and blocked (--block)", f.Row+1, f.Col+1)
			}
		}
	}
	return p, nil
}

// paramFile is the file that --diagonals reads, "" for none.
func (prob *problemFlags) paramFile() fileArg {
	path := prob.diagonals
	if i := strings.LastIndexByte(path, ':'); i >= 0 {
		if _, err := os.Stat(path); err != nil {
			path = path[:i]
		}
	}
	return fileArg{name: "--diagonals", path: path}
}

// readDiagonals reads --diagonals FILE.param[:D]: the list of the file and
// how many of its diagonals to take (all without :D). A D above the list's
// length is bad input.
func readDiagonals(spec string) (model.DiagonalList, int, error) {
	path, d := spec, -1
	if i := strings.LastIndexByte(spec, ':'); i >= 0 {
		if _, err := os.Stat(spec); err != nil { // a file name with a colon is taken whole
			v, err := strconv.Atoi(spec[i+1:])
			if err != nil || v < 0 {
				return model.DiagonalList{}, 0, usagef("--diagonals %s: %q after the colon is not a number of diagonals", spec, spec[i+1:])
			}
			path, d = spec[:i], v
		}
	}
	f, err := os.Open(path)
	if err != nil {
		return model.DiagonalList{}, 0, usagef("--diagonals: cannot read %s: %v", path, unwrapPathErr(err))
	}
	defer f.Close()
	l, err := model.ReadParam(f)
	if err != nil {
		return l, 0, usagef("%s: %v", path, err)
	}
	if d < 0 {
		d = len(l.Diagonals)
	}
	if d > len(l.Diagonals) {
		return l, 0, usagef("--diagonals %s: %d diagonals asked, the file lists %d (numdiags)", spec, d, len(l.Diagonals))
	}
	return l, d, nil
}

// methodFor reads the problem from the arguments and flags, and looks up
// the method (a finder or a counter) that is to answer it, name or, when
// name is "", the default for the problem (def); an unknown method, or one
// that does not take the problem, is a usage error.
func methodFor[M interface{ Accepts(model.Problem) error }](prob *problemFlags, args []string, name string, def func(model.Problem) nqueens.Method, lookup func(string) (M, error)) (model.Problem, M, error) {
	var m M
	p, err := prob.parse(args)
	if err != nil {
		return p, m, err
	}
	if name == "" {
		name = string(def(p))
	}
	if m, err = lookup(name); err != nil {
		return p, m, usageError{err}
	}
	if err := m.Accepts(p); err != nil {
		return p, m, usageError{err}
	}
	return p, m, nil
}

// describe says what kind of problem p is for a summary line: "", or
// "completion problem", "excluded-diagonals problem (d = 19)".
func describe(p model.Problem) string {
	if p.IsClassic() {
		return ""
	}
	s := p.Variant() + " problem"
	if len(p.Excluded) > 0 {
		s += fmt.Sprintf(" (%d diagonals excluded)", len(p.Excluded))
	}
	return s
}
