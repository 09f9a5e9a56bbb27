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
