package cnf

import (
	"bufio"
	"bytes"
	"compress/bzip2"
	"compress/gzip"
	"errors"
	"fmt"
	"io"

	"github.com/ulikunitz/xz"

	"github.com/queenslab/nqueens/internal/memlimit"
)

// Decompress returns r's content, decompressed when it starts with the
// magic bytes of gzip, bzip2 or xz (as cadical and kissat read their input),
// and the name of the compression ("" for none).
func Decompress(r io.Reader) (io.Reader, string, error) {
	br := bufio.NewReaderSize(r, 1<<16)
	head, _ := br.Peek(6)
	switch {
	case bytes.HasPrefix(head, []byte{0x1f, 0x8b}):
		z, err := gzip.NewReader(br)
		if err != nil {
			return nil, "gzip", fmt.Errorf("cnf: gzip: %v", err)
		}
		return z, "gzip", nil
	case bytes.HasPrefix(head, []byte("BZh")):
		return bzip2.NewReader(br), "bzip2", nil
	case bytes.HasPrefix(head, []byte{0xfd, '7', 'z', 'X', 'Z', 0x00}):
		t := &xzTail{r: br}
		z, err := xz.NewReader(t)
		if err != nil {
			return nil, "xz", fmt.Errorf("cnf: xz: %v", err)
		}
		return &xzChecked{z: z, t: t}, "xz", nil
	}
	return br, "", nil
}

// xzTail passes an xz file through, remembering its last two bytes that
// are not zero (stream padding is zero bytes).
type xzTail struct {
	r    io.Reader
	last [2]byte
}

func (t *xzTail) Read(p []byte) (int, error) {
	n, err := t.r.Read(p)
	for _, c := range p[:n] {
		if c != 0 {
			t.last[0], t.last[1] = t.last[1], c
		}
	}
	return n, err
}

// xzChecked ends an xz stream only where its footer ends it: the xz
// package takes a file cut at a block's end, its index and footer lost,
// for a whole one (xz -t refuses it).
type xzChecked struct {
	z io.Reader
	t *xzTail
}

func (c *xzChecked) Read(p []byte) (int, error) {
	n, err := c.z.Read(p)
	if err == io.EOF && c.t.last != [2]byte{'Y', 'Z'} {
		return n, errors.New("cnf: xz stream cut short: its index and footer are missing")
	}
	return n, err
}

// Inflate returns data decompressed when it starts with the magic bytes of
// gzip, bzip2 or xz (Decompress), with the name of the compression, and
// data itself when it does not ("" for none). What it holds is checked
// against memory as it grows (a small file can inflate to gigabytes), and
// more than max bytes decompressed is an error.
func Inflate(data []byte, max int64) ([]byte, string, error) {
	r, compression, err := Decompress(bytes.NewReader(data))
	if err != nil || compression == "" {
		return data, compression, err
	}
	out := make([]byte, 0, 1<<20)
	for {
		if len(out) == cap(out) {
			grown := int64(cap(out)) * 2
			if err := memlimit.Check(uint64(len(out))+uint64(grown), fmt.Sprintf("the %s file decompressed (%s so far)", compression, memlimit.GB(uint64(len(out))))); err != nil {
				return nil, compression, err
			}
			out = append(make([]byte, 0, grown), out...)
		}
		n, err := r.Read(out[len(out):cap(out)])
		out = out[:len(out)+n]
		if int64(len(out)) > max {
			return nil, compression, fmt.Errorf("cnf: the %s file decompresses to more than %d bytes", compression, max)
		}
		switch {
		case err == io.EOF:
			return out, compression, nil
		case err != nil:
			return nil, compression, fmt.Errorf("cnf: %s: %v", compression, err)
		}
	}
}
