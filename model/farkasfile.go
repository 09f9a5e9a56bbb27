package model

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/queenslab/nqueens/internal/textio"
)

// A refutation file holds a Farkas refutation as text, so that a proof of
// "no solution" travels with an instance and can be checked by anyone
// without this toolkit:
//
//	c any number of comment lines, each starting with "c"
//	p farkas 4
//	rows -1 -1 -1 -1
//	cols 0 0 0 0
//	sums 1 1 1 1 1 1 1
//	diffs 0 0 0 0 0 0 0
//
// "p farkas N" comes first after the comments; then the four lines, in
// this order, with N, N, 2N-1 and 2N-1 whole numbers: the weights of rows
// 1 to N, of columns 1 to N, of the sum diagonals by r + c from its least
// to its greatest, and of the difference diagonals by r - c from -(N-1) to
// N-1. What the weights must satisfy is said at Farkas. The example
// refutes the 4x4 board with any four of its seven sum diagonals excluded:
// every square weighs -1 + 1 = 0, and the lines left weigh -4 + 3.

// maxFarkasBytes caps what ReadFarkas reads: FarkasMaxN's 6N-2 weights of
// at most 14 characters, with room for comments.
const maxFarkasBytes = 4 << 20

// farkasError is a *FileError of a refutation file.
func farkasError(line int, msg string) *FileError {
	return &FileError{Format: "refutation", Line: line, Msg: msg}
}

// farkasKeys are the weight lines of a refutation file, in their order.
var farkasKeys = []string{"rows", "cols", "sums", "diffs"}

// IsFarkasFile tells whether data, the start of a file (a few kilobytes
// will do), begins as a refutation file does, and no solution file: its
// first line that is not blank is a comment ("c") or the header ("p").
func IsFarkasFile(data []byte) bool {
	for line := range strings.Lines(string(data)) {
		if f := strings.Fields(line); len(f) > 0 {
			return f[0] == "c" || f[0] == "p"
		}
	}
	return false
}

// WriteFarkas writes f as a refutation file, each line of each comment on
// a line of its own after "c ", its other control characters escaped.
func WriteFarkas(w io.Writer, f *Farkas, comments []string) error {
	n := f.N
	if n < 1 || n > FarkasMaxN || len(f.Rows) != n || len(f.Cols) != n || len(f.Sums) != 2*n-1 || len(f.Diffs) != 2*n-1 {
		return fmt.Errorf("model: the refutation is not of an N x N board (N = %d, from 1 to %d)", n, FarkasMaxN)
	}
	bw := bufio.NewWriter(w)
	for _, c := range comments {
		if c == "" {
			bw.WriteString("c\n")
		}
		for line := range strings.Lines(c) {
			bw.WriteString(strings.TrimRight("c "+textio.OneLine(strings.TrimRight(line, "\r\n")), " ") + "\n")
		}
	}
	fmt.Fprintf(bw, "p farkas %d\n", n)
	for k, ws := range [][]int64{f.Rows, f.Cols, f.Sums, f.Diffs} {
		bw.WriteString(farkasKeys[k])
		for _, x := range ws {
			bw.WriteByte(' ')
			bw.WriteString(strconv.FormatInt(x, 10))
		}
		bw.WriteByte('\n')
	}
	return bw.Flush()
}

// ReadFarkas reads a refutation file strictly: comments, then "p farkas
// N" with N from 1 to FarkasMaxN, then the lines rows, cols, sums and
// diffs once each, in that order, with N, N, 2N-1 and 2N-1 whole numbers
// of at most 2^40 in size; blank lines are allowed, nothing else. A file
// that is not so is a *FileError. The weights are not checked against a
// problem: that is Farkas.Check.
func ReadFarkas(r io.Reader) (*Farkas, error) {
	raw, err := io.ReadAll(io.LimitReader(r, maxFarkasBytes+1))
	if err != nil {
		return nil, fmt.Errorf("model: refutation file: %v", err)
	}
	if len(raw) > maxFarkasBytes {
		return nil, farkasError(0, fmt.Sprintf("longer than %d bytes", maxFarkasBytes))
	}
	var f *Farkas
	next := 0 // the weight line expected next
	lineNo := 0
	for line := range strings.Lines(string(raw)) {
		lineNo++
		fields := strings.Fields(line)
		if len(fields) == 0 || f == nil && fields[0] == "c" {
			continue
		}
		if f == nil {
			if len(fields) != 3 || fields[0] != "p" || fields[1] != "farkas" {
				return nil, farkasError(lineNo, fmt.Sprintf("%q is not the header p farkas N", clipParam(strings.TrimSpace(line))))
			}
			n, err := strconv.Atoi(fields[2])
			if err != nil || n < 1 || n > FarkasMaxN {
				return nil, farkasError(lineNo, fmt.Sprintf("N = %q is not a board size from 1 to %d", clipParam(fields[2]), FarkasMaxN))
			}
			f = &Farkas{N: n}
			continue
		}
		if next == len(farkasKeys) {
			return nil, farkasError(lineNo, fmt.Sprintf("%q after the diffs line", clipParam(strings.TrimSpace(line))))
		}
		key := farkasKeys[next]
		if fields[0] != key {
			return nil, farkasError(lineNo, fmt.Sprintf("%q where the %s line is due", clipParam(fields[0]), key))
		}
		want := f.N
		if next >= 2 {
			want = 2*f.N - 1
		}
		if len(fields)-1 != want {
			return nil, farkasError(lineNo, fmt.Sprintf("%d weights on the %s line, not %d", len(fields)-1, key, want))
		}
		ws := make([]int64, want)
		for i, s := range fields[1:] {
			x, err := strconv.ParseInt(s, 10, 64)
			if err != nil || x > farkasMaxWeight || x < -farkasMaxWeight {
				return nil, farkasError(lineNo, fmt.Sprintf("weight %d of the %s line, %q, is not a whole number of at most 2^40 in size", i+1, key, clipParam(s)))
			}
			ws[i] = x
		}
		switch next {
		case 0:
			f.Rows = ws
		case 1:
			f.Cols = ws
		case 2:
			f.Sums = ws
		case 3:
			f.Diffs = ws
		}
		next++
	}
	switch {
	case f == nil:
		return nil, farkasError(0, "no header p farkas N")
	case next < len(farkasKeys):
		return nil, farkasError(0, "no "+farkasKeys[next]+" line")
	}
	return f, nil
}
