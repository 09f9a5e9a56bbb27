// Command refute shows the linear relaxation's proofs of "no solution": it
// reads an excluded diagonals instance of Gent, Jefferson and Nightingale
// (a .param file and how many of its diagonals to exclude), solves its
// linear relaxation, and when that has no real solution writes the Farkas
// refutation as a refutation file, reads it back and checks it against the
// instance in integer arithmetic, apart from the solver that found it.
//
//	go run ./examples/refute FILE.param D [OUT.farkas]
package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"strconv"

	"github.com/queenslab/nqueens/encode"
	"github.com/queenslab/nqueens/model"
	"github.com/queenslab/nqueens/native/search"
)

func main() {
	if len(os.Args) < 3 {
		fmt.Fprintln(os.Stderr, "usage: refute FILE.param D [OUT.farkas]")
		os.Exit(2)
	}
	f, err := os.Open(os.Args[1])
	if err != nil {
		fail(err)
	}
	list, err := model.ReadParam(f)
	f.Close()
	if err != nil {
		fail(err)
	}
	d, err := strconv.Atoi(os.Args[2])
	if err != nil {
		fail(fmt.Errorf("D = %q is not a number", os.Args[2]))
	}
	p, err := list.Problem(d)
	if err != nil {
		fail(err)
	}
	proof, err := search.Refute(context.Background(), p)
	if err != nil {
		fail(err)
	}
	if proof == nil {
		fmt.Printf("N = %d, d = %d: the linear relaxation has a real solution; no proof from it\n", p.N, d)
		os.Exit(1)
	}
	var file bytes.Buffer
	if err := encode.WriteRefutation(&file, p, proof, encode.Options{Generator: "examples/refute"}); err != nil {
		fail(err)
	}
	// What anyone holding the file and the instance can do.
	again, err := model.ReadFarkas(bytes.NewReader(file.Bytes()))
	if err != nil {
		fail(err)
	}
	if err := again.Check(p); err != nil {
		fail(err)
	}
	if len(os.Args) > 3 {
		if err := os.WriteFile(os.Args[3], file.Bytes(), 0o644); err != nil {
			fail(err)
		}
	}
	fmt.Printf("N = %d, d = %d: no solution; the refutation (%d bytes) checks\n", p.N, d, file.Len())
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "refute:", err)
	os.Exit(1)
}
