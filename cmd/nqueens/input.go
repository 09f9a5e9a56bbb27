package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"

	"github.com/queenslab/nqueens/model"
)

// openInput opens a file argument, "-" or none being standard input,
// within ctx: a FIFO without a writer, or a pipe or terminal that gives
// nothing, ends with ctx (a command's --timeout, a signal) instead of
// holding the command.
func openInput(ctx context.Context, e *env, args []string) (io.Reader, string, func(), error) {
	if len(args) == 0 || args[0] == "-" {
		return &ctxReader{ctx: ctx, r: e.stdin}, "standard input", func() {}, nil
	}
	name := args[0]
	if st, err := os.Stat(name); err == nil && st.Mode().IsRegular() {
		f, err := os.Open(name)
		if err != nil {
			return nil, "", nil, usagef("cannot read %s: %v", name, unwrapPathErr(err))
		}
		return bufio.NewReaderSize(f, 1<<20), name, func() { f.Close() }, nil
	}
	// Opening a FIFO waits for a writer: it waits here within ctx, and a
	// file opened after ctx ended is closed.
	type opened struct {
		f   *os.File
		err error
	}
	ch := make(chan opened, 1)
	go func() {
		f, err := os.Open(name)
		ch <- opened{f, err}
	}()
	var o opened
	select {
	case o = <-ch:
	case <-ctx.Done():
		go func() {
			if o := <-ch; o.f != nil {
				o.f.Close()
			}
		}()
		return nil, "", nil, fmt.Errorf("%s: nothing to read (no writer) within the time given: %w", name, ctx.Err())
	}
	if o.err != nil {
		return nil, "", nil, usagef("cannot read %s: %v", name, unwrapPathErr(o.err))
	}
	return bufio.NewReaderSize(&ctxReader{ctx: ctx, r: o.f, name: name}, 1<<20), name, func() { o.f.Close() }, nil
}

// ctxReader reads r within ctx: each read runs in a goroutine, into a
// buffer of its own, so that a read blocked on a pipe, FIFO or terminal
// that gives nothing ends with ctx (the goroutine is left to the read,
// whose bytes are dropped; the reader reads no more).
type ctxReader struct {
	ctx  context.Context
	r    io.Reader
	name string
	buf  []byte // what the reads read into: one at a time, none after ctx ends
}

func (c *ctxReader) Read(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, c.stopped(err)
	}
	if len(p) == 0 {
		return 0, nil
	}
	type result struct {
		n   int
		err error
	}
	res := make(chan result, 1)
	if len(c.buf) < len(p) {
		c.buf = make([]byte, len(p))
	}
	buf := c.buf[:len(p)]
	go func() {
		n, err := c.r.Read(buf)
		res <- result{n, err}
	}()
	select {
	case got := <-res:
		return copy(p, buf[:got.n]), got.err
	case <-c.ctx.Done():
		return 0, c.stopped(c.ctx.Err())
	}
}

func (c *ctxReader) stopped(err error) error {
	what := c.name
	if what == "" {
		what = "standard input"
	}
	return fmt.Errorf("%s: reading stopped: %w", what, err)
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
func readSolution(ctx context.Context, e *env, args []string, n int) (model.Placement, error) {
	r, name, done, err := openInput(ctx, e, args)
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
