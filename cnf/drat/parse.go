package drat

import (
	"bufio"
	"errors"
	"fmt"
	"io"

	"github.com/queenslab/nqueens/internal/memlimit"
)

// step is one line of a proof: a lemma added, or a clause deleted.
type step struct {
	del        bool
	start, end int32 // the literals, lits[start:end] of the proof
}

// proof is a parsed DRAT proof: its steps and their literals, stored one
// after the other.
type proof struct {
	steps  []step
	lits   []int32
	maxVar int32
	binary bool
}

// maxProofVar bounds the variables a proof may name.
const maxProofVar = 1<<31 - 2

// memoryCheckEvery is how many literals are read between two checks of
// the memory a proof takes.
const memoryCheckEvery = 1 << 22

// readProof reads a DRAT proof, text or binary (told apart by its first
// bytes, as drat-trim does: a byte that no text proof has means binary).
func readProof(r io.Reader) (*proof, error) {
	br := bufio.NewReaderSize(r, 1<<16)
	head, _ := br.Peek(64)
	p := &proof{binary: isBinary(head)}
	var err error
	if p.binary {
		err = p.readBinary(br)
	} else {
		err = p.readText(br)
	}
	return p, err
}

// isBinary reports whether the first bytes of a proof are binary DRAT.
func isBinary(head []byte) bool {
	for _, c := range head {
		if (c < 32 || c > 126) && c != '\n' && c != '\r' && c != '\t' {
			return true
		}
	}
	return false
}

// add ends a step whose literals were appended since start.
func (p *proof) add(del bool, start int) error {
	p.steps = append(p.steps, step{del: del, start: int32(start), end: int32(len(p.lits))})
	if len(p.lits) >= 1<<31-1 {
		return errors.New("drat: the proof has more than 2^31 literals")
	}
	if len(p.steps)%memoryCheckEvery == 0 {
		// Steps without literals (a proof of empty lemmas) are kept too.
		if err := memlimit.Check(uint64(cap(p.steps))*12*2+uint64(cap(p.lits))*4*3, "the DRAT proof"); err != nil {
			return err
		}
	}
	return nil
}

func (p *proof) lit(v int64, where func() string) error {
	a := v
	if a < 0 {
		a = -a
	}
	if a > maxProofVar {
		return fmt.Errorf("%s: literal %d is out of range", where(), v)
	}
	if int32(a) > p.maxVar {
		p.maxVar = int32(a)
	}
	p.lits = append(p.lits, int32(v))
	if len(p.lits)%memoryCheckEvery == 0 {
		if err := memlimit.Check(uint64(cap(p.lits))*4*3, "the DRAT proof"); err != nil {
			return err
		}
	}
	return nil
}

// readText reads the text format: lemmas "l1 l2 ... 0", deletions
// "d l1 l2 ... 0", comment lines starting with "c".
func (p *proof) readText(br *bufio.Reader) error {
	line := 1
	where := func() string { return fmt.Sprintf("proof line %d", line) }
	start, del, open := len(p.lits), false, false
	for {
		c, err := br.ReadByte()
		if err == io.EOF {
			break
		}
		if err != nil {
			return err
		}
		switch {
		case c == '\n':
			line++
		case c == ' ' || c == '\t' || c == '\r':
		case c == 'c' && !open:
			for c != '\n' {
				if c, err = br.ReadByte(); err != nil {
					break
				}
			}
			line++
		case c == 'd' && !open:
			del, open = true, true
		case c == '-' || c >= '0' && c <= '9':
			neg := c == '-'
			if neg {
				if c, err = br.ReadByte(); err != nil || c < '0' || c > '9' {
					return fmt.Errorf("%s: '-' without a number", where())
				}
			}
			v := int64(c - '0')
			for {
				c, err = br.ReadByte()
				if err != nil || c < '0' || c > '9' {
					break
				}
				if v = v*10 + int64(c-'0'); v > maxProofVar {
					return fmt.Errorf("%s: a literal is out of range", where())
				}
			}
			if err == nil {
				br.UnreadByte()
			}
			if neg {
				v = -v
			}
			if v == 0 {
				if err := p.add(del, start); err != nil {
					return err
				}
				start, del, open = len(p.lits), false, false
				continue
			}
			if err := p.lit(v, where); err != nil {
				return err
			}
			open = true
		default:
			return fmt.Errorf("%s: unexpected %q", where(), c)
		}
	}
	if open {
		return fmt.Errorf("%s: the last step has no terminating 0", where())
	}
	return nil
}

// readBinary reads the binary format: 'a' or 'd', then each literal l as
// the unsigned varint 2|l| + (l < 0), then 0.
func (p *proof) readBinary(br *bufio.Reader) error {
	for n := 1; ; n++ {
		where := func() string { return fmt.Sprintf("proof step %d", n) }
		kind, err := br.ReadByte()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		if kind != 'a' && kind != 'd' {
			return fmt.Errorf("%s: %#x is neither 'a' nor 'd'", where(), kind)
		}
		start := len(p.lits)
		for {
			var u uint64
			for shift := 0; ; shift += 7 {
				b, err := br.ReadByte()
				if err != nil {
					return fmt.Errorf("%s: the proof ends inside a step", where())
				}
				if shift > 35 {
					return fmt.Errorf("%s: a literal is out of range", where())
				}
				u |= uint64(b&0x7f) << shift
				if b&0x80 == 0 {
					break
				}
			}
			if u == 0 {
				break
			}
			v := int64(u >> 1)
			if v == 0 {
				return fmt.Errorf("%s: variable 0", where())
			}
			if u&1 == 1 {
				v = -v
			}
			if err := p.lit(v, where); err != nil {
				return err
			}
		}
		if err := p.add(kind == 'd', start); err != nil {
			return err
		}
	}
}
