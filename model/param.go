package model

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// DiagonalList is an instance file of the excluded diagonals problem as the
// generator of Gent, Jefferson and Nightingale writes it (their
// queens-diag-gen.py, the ".param" files of CSPLib problem 79):
//
//	n =  10
//	numdiags =  14
//	diags =  [[4, 1], [2, 1], [14, 0], ...]
//
// A pair [v, 1] is the sum diagonal r + c = v, a pair [v, 0] the difference
// diagonal r - c = v - (n-1), rows and columns 0-based. The list is drawn so
// that its FIRST d diagonals, for any d up to numdiags, form a valid
// instance; other subsets are not a sample of the same distribution.
type DiagonalList struct {
	N         int
	Diagonals []Diagonal // in the file's order
}

// ParamMaxN bounds the board of a .param file: the authors' instances go
// to n = 60, and a bitset search of this toolkit to 64; a larger claim is
// refused before anything is allocated for it.
const ParamMaxN = 1000

// maxParamBytes caps what ReadParam reads: a list of 2 x 1999 pairs is well
// under it.
const maxParamBytes = 1 << 20

// FileError is a .param file or a refutation file that does not follow its
// format.
type FileError struct {
	Format string // ".param" or "refutation"
	Line   int    // 1-based, 0 for the file as a whole
	Msg    string
}

func (e *FileError) Error() string {
	if e.Line == 0 {
		return fmt.Sprintf("model: %s file: %s", e.Format, e.Msg)
	}
	return fmt.Sprintf("model: %s file, line %d: %s", e.Format, e.Line, e.Msg)
}

// paramError is a *FileError of a .param file.
func paramError(line int, msg string) *FileError {
	return &FileError{Format: ".param", Line: line, Msg: msg}
}

// ReadParam reads a .param file strictly: the three keys once each, in any
// order, "n" from 1 to ParamMaxN, "numdiags" the length of "diags" (whose
// list may run over several lines), every pair [v, t] with t 0 or 1 and v
// from 0 to 2n-2, no diagonal twice. Anything else is a *FileError.
func ReadParam(r io.Reader) (DiagonalList, error) {
	var l DiagonalList
	raw, err := io.ReadAll(io.LimitReader(bufio.NewReader(r), maxParamBytes+1))
	if err != nil {
		return l, fmt.Errorf("model: .param file: %v", err)
	}
	if len(raw) > maxParamBytes {
		return l, paramError(0, fmt.Sprintf("longer than %d bytes", maxParamBytes))
	}
	text := string(raw)
	values := map[string]string{}
	lineOf := map[string]int{}
	lines := strings.Split(text, "\n")
	for i := 0; i < len(lines); i++ {
		line := strings.TrimSpace(lines[i])
		if line == "" {
			continue
		}
		key, value, ok := strings.Cut(line, "=")
		key = strings.TrimSpace(key)
		if !ok || key != "n" && key != "numdiags" && key != "diags" {
			return l, paramError(i+1, fmt.Sprintf("%q is not n =, numdiags = or diags =", clipParam(line)))
		}
		if _, dup := values[key]; dup {
			return l, paramError(i+1, key+" is given twice")
		}
		lineOf[key] = i + 1
		value = strings.TrimSpace(value)
		if key == "diags" {
			// The list runs until its brackets close.
			for depth(value) > 0 && i+1 < len(lines) {
				i++
				value += " " + strings.TrimSpace(lines[i])
			}
		}
		values[key] = value
	}
	for _, key := range []string{"n", "numdiags", "diags"} {
		if _, ok := values[key]; !ok {
			return l, paramError(0, "no "+key+" =")
		}
	}
	n, err := strconv.Atoi(values["n"])
	if err != nil || n < 1 || n > ParamMaxN {
		return l, paramError(lineOf["n"], fmt.Sprintf("n = %q is not a board size from 1 to %d", clipParam(values["n"]), ParamMaxN))
	}
	num, err := strconv.Atoi(values["numdiags"])
	if err != nil || num < 0 {
		return l, paramError(lineOf["numdiags"], fmt.Sprintf("numdiags = %q is not a count", clipParam(values["numdiags"])))
	}
	pairs, msg := parsePairs(values["diags"])
	if msg != "" {
		return l, paramError(lineOf["diags"], msg)
	}
	if len(pairs) != num {
		return l, paramError(lineOf["numdiags"], fmt.Sprintf("numdiags = %d, but diags lists %d", num, len(pairs)))
	}
	seen := map[Diagonal]bool{}
	l.N = n
	for k, pr := range pairs {
		v, t := pr[0], pr[1]
		if t != 0 && t != 1 {
			return l, paramError(lineOf["diags"], fmt.Sprintf("pair %d [%d, %d]: the type is 1 (sum) or 0 (difference), not %d", k+1, v, t, t))
		}
		if v < 0 || v > 2*n-2 {
			return l, paramError(lineOf["diags"], fmt.Sprintf("pair %d [%d, %d]: %d is not from 0 to %d (2n-2)", k+1, v, t, v, 2*n-2))
		}
		d := Diagonal{Sum, v}
		if t == 0 {
			d = Diagonal{Difference, v - (n - 1)}
		}
		if seen[d] {
			return l, paramError(lineOf["diags"], fmt.Sprintf("pair %d [%d, %d]: %s is listed twice", k+1, v, t, d))
		}
		seen[d] = true
		l.Diagonals = append(l.Diagonals, d)
	}
	return l, nil
}

// depth is the number of "[" of s not closed by a "]".
func depth(s string) int { return strings.Count(s, "[") - strings.Count(s, "]") }

// parsePairs reads "[[v, t], [v, t], ...]"; the message says what is
// wrong, "" when nothing is.
func parsePairs(s string) ([][2]int, string) {
	inner, ok := strings.CutPrefix(strings.TrimSpace(s), "[")
	if ok {
		inner, ok = strings.CutSuffix(inner, "]")
	}
	if !ok {
		return nil, fmt.Sprintf("diags = %q is not a list in brackets", clipParam(s))
	}
	inner = strings.TrimSpace(inner)
	var out [][2]int
	for k := 1; inner != ""; k++ {
		pair, ok := strings.CutPrefix(inner, "[")
		end := strings.Index(pair, "]")
		if !ok || end < 0 {
			return nil, fmt.Sprintf("pair %d: %q is not [v, t]", k, clipParam(inner))
		}
		fields := strings.Split(pair[:end], ",")
		if len(fields) != 2 {
			return nil, fmt.Sprintf("pair %d: [%s] is not [v, t]", k, clipParam(pair[:end]))
		}
		var pr [2]int
		for j, f := range fields {
			v, err := strconv.Atoi(strings.TrimSpace(f))
			if err != nil {
				return nil, fmt.Sprintf("pair %d: %q is not a whole number", k, clipParam(strings.TrimSpace(f)))
			}
			pr[j] = v
		}
		out = append(out, pr)
		inner = strings.TrimSpace(pair[end+1:])
		if rest, comma := strings.CutPrefix(inner, ","); comma {
			inner = strings.TrimSpace(rest)
			if inner == "" {
				return nil, fmt.Sprintf("pair %d: a comma with no pair after it", k+1)
			}
		} else if inner != "" {
			return nil, fmt.Sprintf("after pair %d: %q is not a comma", k, clipParam(inner))
		}
	}
	return out, ""
}

func clipParam(s string) string {
	if len(s) > 40 {
		return s[:40] + "..."
	}
	return s
}

// WriteParam writes l byte for byte as the authors' generator prints it
// (Python's print of "n = ", n and so on: two spaces after each "=").
func WriteParam(w io.Writer, l DiagonalList) error {
	var b strings.Builder
	fmt.Fprintf(&b, "n =  %d\nnumdiags =  %d\ndiags =  [", l.N, len(l.Diagonals))
	for k, d := range l.Diagonals {
		if k > 0 {
			b.WriteString(", ")
		}
		if d.Kind == Sum {
			fmt.Fprintf(&b, "[%d, 1]", d.Index)
		} else {
			fmt.Fprintf(&b, "[%d, 0]", d.Index+l.N-1)
		}
	}
	b.WriteString("]\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// Problem is the instance of the first d diagonals of the list (d from 0
// to len(l.Diagonals)): an n x n board, every row and column, those
// diagonals excluded.
func (l DiagonalList) Problem(d int) (Problem, error) {
	if d < 0 || d > len(l.Diagonals) {
		return Problem{}, fmt.Errorf("model: %d diagonals asked of a list of %d (numdiags)", d, len(l.Diagonals))
	}
	p := Problem{N: l.N, Excluded: append([]Diagonal(nil), l.Diagonals[:d]...)}
	return p, p.Validate()
}
