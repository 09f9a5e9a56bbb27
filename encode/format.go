package encode

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/queenslab/nqueens/model"
)

// Formats lists the output formats by the names Write takes.
var Formats = []string{"dimacs", "xcc", "opb", "mzn", "dzn", "mzn-inline", "xcsp3"}

// Extension returns the usual file name extension of a format.
func Extension(format string) string {
	switch format {
	case "dimacs":
		return ".cnf"
	case "xcc":
		return ".dlx"
	case "xcsp3":
		return ".xml" // as the XCSP3 competition's files
	case "mzn-inline":
		return ".inline.mzn"
	}
	return "." + format
}

// Write writes p to w in the named format. amo is the at-most-one encoding
// of "dimacs" (nil for DefaultAMO(N)) and order the item order of "xcc"; the
// other formats ignore them.
func Write(ctx context.Context, w io.Writer, p model.Problem, format string, amo AMO, order Order, opt Options) error {
	switch format {
	case "dimacs":
		f, err := NewCNF(p, amo)
		if err != nil {
			return err
		}
		return WriteDIMACS(ctx, w, f, opt)
	case "xcc":
		return WriteQueensXCC(ctx, w, p, order, opt)
	case "opb":
		return WriteOPB(ctx, w, p, opt)
	case "mzn":
		return WriteMiniZinc(ctx, w, p, opt)
	case "dzn":
		return WriteMiniZincData(ctx, w, p, opt)
	case "mzn-inline":
		return WriteMiniZincInline(ctx, w, p, opt)
	case "xcsp3":
		return WriteXCSP3(ctx, w, p, opt)
	}
	return fmt.Errorf("encode: unknown format %q (known: %s)", format, strings.Join(Formats, ", "))
}
