package cnf

import (
	"crypto/md5"
	"encoding/hex"
	"fmt"
	"hash"
	"io"
)

// GBD computes the instance identifier of the Global Benchmark Database
// (Iser and Sinz; "gbd_hash") of the DIMACS bytes written to it: the MD5
// of the clauses with comment and header lines skipped and the whitespace
// between numbers made one space, with " 0" added when the last clause
// lacks its 0. It follows GBD byte by byte, so that files with the same
// clauses in another layout share it. The zero value is not ready: use
// NewGBD.
type GBD struct {
	md5    hash.Hash
	buf    []byte
	space  bool // blanks since the last number byte (not leading ones)
	skip   bool // in a comment or header line
	start  bool // no number byte yet
	closed bool // the last number was a clause's 0
}

// NewGBD starts a GBD hash.
func NewGBD() *GBD { return &GBD{md5: md5.New(), start: true, closed: true} }

// gbdChunk is how many bytes Write normalises at once: its buffer stays
// this small whatever is written to it in one call (a whole file, say).
const gbdChunk = 64 << 10

// Write adds DIMACS bytes (uncompressed).
func (g *GBD) Write(p []byte) (int, error) {
	n := len(p)
	for len(p) > gbdChunk {
		g.write(p[:gbdChunk])
		p = p[gbdChunk:]
	}
	g.write(p)
	return n, nil
}

// write adds at most gbdChunk bytes.
func (g *GBD) write(p []byte) {
	buf := g.buf[:0]
	for _, c := range p {
		switch {
		case !g.skip && (c >= '0' && c <= '9' || c == '-'):
			g.closed = c == '0' && (g.space || g.start)
			g.start = false
			if g.space {
				g.space = false
				buf = append(buf, ' ')
			}
			buf = append(buf, c)
		case c <= ' ':
			g.space = !g.start
			g.skip = g.skip && c != '\n' && c != '\r'
		default:
			g.skip = true
		}
	}
	g.md5.Write(buf)
	g.buf = buf
}

// Sum ends the hash and returns it in hexadecimal; nothing is to be
// written after it.
func (g *GBD) Sum() string {
	if !g.closed {
		g.md5.Write([]byte(" 0"))
		g.closed = true
	}
	return hex.EncodeToString(g.md5.Sum(nil))
}

// GBDHash is the GBD identifier (see GBD) of the DIMACS file read from r,
// decompressed first if compressed (Decompress), as GBD does.
func GBDHash(r io.Reader) (string, error) {
	r, compression, err := Decompress(r)
	if err != nil {
		return "", err
	}
	g := NewGBD()
	if _, err := io.Copy(g, r); err != nil {
		if compression != "" {
			return "", fmt.Errorf("cnf: %s: %v", compression, err)
		}
		return "", err
	}
	return g.Sum(), nil
}
