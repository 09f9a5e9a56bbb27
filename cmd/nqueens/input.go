package main

import (
	"bufio"
	"io"
	"os"

	"github.com/queenslab/nqueens/model"
)

// openInput opens a file argument, "-" or none being standard input.
func openInput(e *env, args []string) (io.Reader, string, func(), error) {
	if len(args) == 0 || args[0] == "-" {
		return e.stdin, "standard input", func() {}, nil
	}
	f, err := os.Open(args[0])
	if err != nil {
		return nil, "", nil, usagef("cannot read %s: %v", args[0], unwrapPathErr(err))
	}
	return bufio.NewReaderSize(f, 1<<20), args[0], func() { f.Close() }, nil
}

// readRefutation reads a refutation file from r, when it is one (its
// start says so: model.IsFarkasFile); nil, and r to read on, when it is
// not. A malformed refutation file is a usage error that names it.
func readRefutation(r io.Reader, name string) (*model.Farkas, io.Reader, error) {
	br := bufio.NewReaderSize(r, 1<<16)
	start, _ := br.Peek(1 << 16)
	if !model.IsFarkasFile(start) {
		return nil, br, nil
	}
	f, err := model.ReadFarkas(br)
	if err != nil {
		return nil, nil, usagef("%s: %v", name, err)
	}
	return f, nil, nil
}

// readSolution reads the solution of an n-queens board from the file
// argument in args (standard input if none or "-"); a malformed file is a
// usage error that names it.
func readSolution(e *env, args []string, n int) (model.Placement, error) {
	r, name, done, err := openInput(e, args)
	if err != nil {
		return nil, err
	}
	defer done()
	q, err := model.ReadSolution(r, n)
	if err != nil {
		return nil, usagef("%s: %v", name, err)
	}
	return q, nil
}
