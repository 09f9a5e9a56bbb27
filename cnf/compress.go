package cnf

import (
	"bufio"
	"bytes"
	"compress/bzip2"
	"compress/gzip"
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
		z, err := xz.NewReader(br)
		if err != nil {
			return nil, "xz", fmt.Errorf("cnf: xz: %v", err)
		}
		return z, "xz", nil
	}
	return br, "", nil
}
