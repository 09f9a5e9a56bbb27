package encode

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/queenslab/nqueens/internal/textio"
	"github.com/queenslab/nqueens/model"
)

// WriteXCSP3 writes p as an XCSP3 instance (<instance format="XCSP3"
// type="CSP">): an array q of N variables over 0..N-1, q[r] the column of
// the queen in row r (0-based, as XCSP3 arrays are), allDifferent on q, on
// add(q[i],i) and on sub(q[i],i); pre-placed queens as one instantiation,
// blocked squares as intension constraints ne(q[r],c). The header is an XML
// comment; since "--" cannot appear in one, it is written "- -".
//
// A problem with excluded diagonals or a subset of rows and columns has a
// variable q[j] for each row that takes a queen (the j-th of them, in
// order, 0-based: the header lists them), each over its open columns (the
// columns that take a queen, less the squares blocked or on an excluded
// diagonal), as <domain for="..."> elements of the array.
func WriteXCSP3(ctx context.Context, w io.Writer, p model.Problem, opt Options) error {
	if err := p.Validate(); err != nil {
		return err
	}
	if excludedVariant(p) {
		return writeXCSP3Diagonals(ctx, w, p, opt)
	}
	lines, err := describe(p, withoutCommand(opt), []string{
		"encoding: XCSP3, q[r] = column of the queen in row r (both 0-based), allDifferent on q[i], q[i]+i, q[i]-i",
	})
	if err != nil {
		return err
	}
	n := p.N
	b := textio.NewWriter(ctx, w)
	xcsp3Header(b, lines, opt.Command)
	b.Buf = fmt.Appendf(b.Buf, "<instance format=\"XCSP3\" type=\"CSP\">\n  <variables>\n    <array id=\"q\" size=\"[%d]\"> 0..%d </array>\n  </variables>\n  <constraints>\n", n, n-1)
	b.Line("", "    <allDifferent> q[] </allDifferent>")
	for _, op := range []string{"add", "sub"} {
		b.Buf = append(b.Buf, "    <allDifferent>"...)
		for i := 0; i < n && b.Err() == nil; i++ {
			b.Buf = fmt.Appendf(b.Buf, " %s(q[%d],%d)", op, i, i)
			b.MaybeFlush()
		}
		b.Line("", " </allDifferent>")
	}
	if len(p.Fixed) > 0 {
		b.Buf = append(b.Buf, "    <instantiation>\n      <list>"...)
		for _, s := range p.Fixed {
			b.Buf = fmt.Appendf(b.Buf, " q[%d]", s.Row)
			b.MaybeFlush()
		}
		b.Buf = append(b.Buf, " </list>\n      <values>"...)
		for _, s := range p.Fixed {
			b.Buf = fmt.Appendf(b.Buf, " %d", s.Col)
			b.MaybeFlush()
		}
		b.Buf = append(b.Buf, " </values>\n    </instantiation>\n"...)
	}
	for _, s := range p.Blocked {
		b.Buf = fmt.Appendf(b.Buf, "    <intension> ne(q[%d],%d) </intension>\n", s.Row, s.Col)
		b.MaybeFlush()
	}
	b.Line("", "  </constraints>\n</instance>")
	b.Flush()
	return b.Err()
}

func writeXCSP3Diagonals(ctx context.Context, w io.Writer, p model.Problem, opt Options) error {
	n := p.N
	board := p.Board()
	var rows []int
	for r := range n {
		if board.RowTakesQueen(r) {
			rows = append(rows, r)
		}
	}
	format := []string{"encoding: XCSP3, q[j] = column of the queen in the j-th row that takes one (both 0-based), over its open columns; allDifferent on q[j], q[j]+row, q[j]-row"}
	if p.Rows != nil {
		format = append(format, "the rows of q[0], q[1], ... (0-based): "+intList(rows))
	}
	lines, err := describe(p, withoutCommand(opt), format)
	if err != nil {
		return err
	}
	b := textio.NewWriter(ctx, w)
	xcsp3Header(b, lines, opt.Command)
	b.Buf = fmt.Appendf(b.Buf, "<instance format=\"XCSP3\" type=\"CSP\">\n  <variables>\n    <array id=\"q\" size=\"[%d]\">\n", len(rows))
	for j, r := range rows {
		var cols []int
		for c := range n {
			if board.Open(r, c) {
				cols = append(cols, c)
			}
		}
		b.Buf = fmt.Appendf(b.Buf, "      <domain for=\"q[%d]\"> %s </domain>\n", j, strings.ReplaceAll(intList(cols), ",", " "))
		b.MaybeFlush()
	}
	b.Line("", "    </array>\n  </variables>\n  <constraints>")
	b.Line("", "    <allDifferent> q[] </allDifferent>")
	for _, op := range []string{"add", "sub"} {
		b.Buf = append(b.Buf, "    <allDifferent>"...)
		for j, r := range rows {
			b.Buf = fmt.Appendf(b.Buf, " %s(q[%d],%d)", op, j, r)
			b.MaybeFlush()
		}
		b.Line("", " </allDifferent>")
	}
	index := make(map[int]int, len(rows))
	for j, r := range rows {
		index[r] = j
	}
	for _, s := range p.Fixed {
		j, ok := index[s.Row]
		if !ok {
			// A pre-placed queen in a row that takes none: no solution,
			// said as a constraint that no value meets.
			b.Line("", "    <intension> eq(0,1) </intension>")
			continue
		}
		b.Buf = fmt.Appendf(b.Buf, "    <intension> eq(q[%d],%d) </intension>\n", j, s.Col)
		b.MaybeFlush()
	}
	b.Line("", "  </constraints>\n</instance>")
	b.Flush()
	return b.Err()
}

// intList writes numbers comma-separated.
func intList(xs []int) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = fmt.Sprint(x)
	}
	return strings.Join(parts, ",")
}

// xmlComment is l made fit for the inside of an XML comment, which must
// not hold "--": a space goes between every two hyphens.
// xcsp3Header writes the header of an XCSP3 file: its lines as one XML
// comment, then the command that wrote it as a processing instruction,
// <?nqueens-command nqueens encode ... ?>, where it can be copied whole
// (an XML comment cannot hold "--", which its flags begin with).
func xcsp3Header(b *textio.Writer, lines []string, command string) {
	b.Line("", "<!--")
	for _, l := range lines {
		b.Comment("  ", xmlComment(l))
	}
	b.Line("", "-->")
	if command != "" {
		b.Line("", xcsp3CommandPI+" "+strings.ReplaceAll(textio.OneLine(command), "?>", "? >")+"?>")
	}
}

// xcsp3CommandPI begins the processing instruction of an XCSP3 file's
// command.
const xcsp3CommandPI = "<?nqueens-command"

// withoutCommand is opt without its command, which an XCSP3 file gives
// apart from its comment.
func withoutCommand(opt Options) Options {
	opt.Command = ""
	return opt
}

func xmlComment(l string) string {
	for strings.Contains(l, "--") {
		l = strings.ReplaceAll(l, "--", "- -")
	}
	return l
}
