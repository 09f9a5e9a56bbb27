package encode

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/queenslab/nqueens/model"
)

// WriteXCSP3 writes p as an XCSP3 instance (<instance format="XCSP3"
// type="CSP">): an array q of N variables over 0..N-1, q[r] the column of
// the queen in row r (0-based, as XCSP3 arrays are), allDifferent on q, on
// add(q[i],i) and on sub(q[i],i); pre-placed queens as one instantiation,
// blocked squares as intension constraints ne(q[r],c). The header is an XML
// comment; since "--" cannot appear in one, it is written "- -".
func WriteXCSP3(_ context.Context, w io.Writer, p model.Problem, opt Options) error {
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
	var b strings.Builder
	b.WriteString("<!--\n")
	for _, l := range lines {
		b.WriteString("  " + strings.ReplaceAll(l, "--", "- -") + "\n")
	}
	b.WriteString("-->\n")
	fmt.Fprintf(&b, "<instance format=\"XCSP3\" type=\"CSP\">\n  <variables>\n    <array id=\"q\" size=\"[%d]\"> 0..%d </array>\n  </variables>\n  <constraints>\n", n, n-1)
	b.WriteString("    <allDifferent> q[] </allDifferent>\n")
	for _, op := range []string{"add", "sub"} {
		b.WriteString("    <allDifferent>")
		for i := 0; i < n; i++ {
			fmt.Fprintf(&b, " %s(q[%d],%d)", op, i, i)
		}
		b.WriteString(" </allDifferent>\n")
	}
	if len(p.Fixed) > 0 {
		var vs, vals []string
		for _, s := range p.Fixed {
			vs = append(vs, fmt.Sprintf("q[%d]", s.Row))
			vals = append(vals, fmt.Sprint(s.Col))
		}
		fmt.Fprintf(&b, "    <instantiation>\n      <list> %s </list>\n      <values> %s </values>\n    </instantiation>\n", strings.Join(vs, " "), strings.Join(vals, " "))
	}
	for _, s := range p.Blocked {
		fmt.Fprintf(&b, "    <intension> ne(q[%d],%d) </intension>\n", s.Row, s.Col)
	}
	b.WriteString("  </constraints>\n</instance>\n")
	_, err = io.WriteString(w, b.String())
	return err
}
