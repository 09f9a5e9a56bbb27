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
func WriteXCSP3(ctx context.Context, w io.Writer, p model.Problem, opt Options) error {
	if err := p.Validate(); err != nil {
		return err
	}
	lines, err := describe(p, opt, []string{
		"encoding: XCSP3, q[r] = column of the queen in row r (both 0-based), allDifferent on q[i], q[i]+i, q[i]-i",
	})
	if err != nil {
		return err
	}
	n := p.N
	b := textio.NewWriter(ctx, w)
	b.Line("", "<!--")
	for _, l := range lines {
		b.Line("  ", strings.ReplaceAll(l, "--", "- -"))
	}
	b.Line("", "-->")
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
