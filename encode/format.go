package encode

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/queenslab/nqueens/model"
)

// Format is a kind of solver input that Write writes, named as the command
// line and the manifests of benchmark suites name it.
type Format string

// The formats, in the order Formats lists them.
const (
	DIMACS         Format = "dimacs"     // CNF for any SAT solver
	XCC            Format = "xcc"        // exact cover in Knuth's DLX format
	OPB            Format = "opb"        // pseudo-Boolean constraints
	MiniZinc       Format = "mzn"        // the MiniZinc model, n as data
	MiniZincData   Format = "dzn"        // the data file of an instance
	MiniZincInline Format = "mzn-inline" // model and data in one file
	XCSP3          Format = "xcsp3"      // XML of the XCSP3 competition
	Param          Format = "param"      // Gent, Jefferson and Nightingale's excluded diagonals
)

// formatSpec is what the table knows of a format.
type formatSpec struct {
	format Format
	ext    string
	// comment begins each comment line of the header ("" where the
	// header is an XML comment, or the format has none).
	comment string
	write   func(ctx context.Context, w io.Writer, p model.Problem, amo AMO, order Order, opt Options) error
	// size gives the variables and the constraints (clauses, options) of
	// the file that write writes.
	size func(p model.Problem, amo AMO) (vars, constraints int, err error)
	// maxVars bounds the variables (items for XCC) of every file of the
	// format on an n x n board, whatever the problem (MaxVariables).
	maxVars func(n int, amo AMO) int
}

// boardVars bounds the variables of the MiniZinc, XCSP3 and .param files:
// a variable (a number) a row.
func boardVars(n int, _ AMO) int { return n }

// minizincSize is the size of the MiniZinc and XCSP3 models: a variable a
// row, three alldifferent constraints, one constraint a blocked square and
// one for all the pre-placed queens.
func minizincSize(p model.Problem, _ AMO) (int, int, error) {
	return p.N, 3 + len(p.Blocked) + min(1, len(p.Fixed)), nil
}

// formats is the one table of the formats: name, file extension, writer
// and size.
var formats = []formatSpec{
	{DIMACS, ".cnf", "c", func(ctx context.Context, w io.Writer, p model.Problem, amo AMO, _ Order, opt Options) error {
		f, err := NewCNF(p, amo)
		if err != nil {
			return err
		}
		return WriteDIMACS(ctx, w, f, opt)
	}, func(p model.Problem, amo AMO) (int, int, error) {
		c, err := NewCNF(p, amo)
		if err != nil {
			return 0, 0, err
		}
		v, cl := c.Size()
		return v, cl, nil
	}, cnfMaxVars},
	{XCC, ".dlx", "|", func(ctx context.Context, w io.Writer, p model.Problem, _ AMO, order Order, opt Options) error {
		return WriteQueensXCC(ctx, w, p, order, opt)
	}, func(p model.Problem, _ AMO) (int, int, error) {
		x, _, err := QueensCover(p, OrganPipe)
		if err != nil {
			return 0, 0, err
		}
		return x.Items(), len(x.Options), nil
	}, func(n int, _ AMO) int { return 2*n + 2*(2*n-1) }}, // rows, columns, diagonals
	{OPB, ".opb", "*", func(ctx context.Context, w io.Writer, p model.Problem, _ AMO, _ Order, opt Options) error {
		return WriteOPB(ctx, w, p, opt)
	}, func(p model.Problem, _ AMO) (int, int, error) {
		v, c := OPBSize(p)
		return v, c, nil
	}, func(n int, _ AMO) int { return n * n }},
	{MiniZinc, ".mzn", "%", func(ctx context.Context, w io.Writer, p model.Problem, _ AMO, _ Order, opt Options) error {
		return WriteMiniZinc(ctx, w, p, opt)
	}, minizincSize, boardVars},
	{MiniZincData, ".dzn", "%", func(ctx context.Context, w io.Writer, p model.Problem, _ AMO, _ Order, opt Options) error {
		return WriteMiniZincData(ctx, w, p, opt)
	}, minizincSize, boardVars},
	{MiniZincInline, ".inline.mzn", "%", func(ctx context.Context, w io.Writer, p model.Problem, _ AMO, _ Order, opt Options) error {
		return WriteMiniZincInline(ctx, w, p, opt)
	}, minizincSize, boardVars},
	// .xml, as the XCSP3 competition names its files.
	{XCSP3, ".xml", "", func(ctx context.Context, w io.Writer, p model.Problem, _ AMO, _ Order, opt Options) error {
		return WriteXCSP3(ctx, w, p, opt)
	}, minizincSize, boardVars},
	{Param, ".param", "", func(ctx context.Context, w io.Writer, p model.Problem, _ AMO, _ Order, _ Options) error {
		return WriteParam(w, p)
	}, func(p model.Problem, _ AMO) (int, int, error) { return p.N, len(p.Excluded), nil }, boardVars},
}

// WriteParam writes an excluded diagonals instance in the .param format of
// Gent, Jefferson and Nightingale's generator (model.WriteParam): n, and
// its excluded diagonals in their order, which its tools read; the format
// has no comments, so no header. A problem with anything else (pre-placed
// queens, blocked squares, a subset of rows and columns) is an error.
func WriteParam(w io.Writer, p model.Problem) error {
	if err := p.Validate(); err != nil {
		return err
	}
	if err := Param.Holds(p); err != nil {
		return err
	}
	return model.WriteParam(w, model.DiagonalList{N: p.N, Diagonals: p.Excluded})
}

// Holds says whether format f can hold problem p: every format but .param
// holds every problem; .param holds excluded diagonals only.
func (f Format) Holds(p model.Problem) error {
	if f == Param && (len(p.Fixed) > 0 || len(p.Blocked) > 0 || p.Rows != nil) {
		return fmt.Errorf("encode: the .param format holds excluded diagonals only: no pre-placed queens, blocked squares or subset of rows and columns")
	}
	return nil
}

// Formats lists the formats in a fixed order.
func Formats() []Format {
	out := make([]Format, len(formats))
	for i, f := range formats {
		out[i] = f.format
	}
	return out
}

// FormatNames lists the names of the formats, comma-separated, for
// messages and help texts.
func FormatNames() string {
	names := make([]string, len(formats))
	for i, f := range formats {
		names[i] = string(f.format)
	}
	return strings.Join(names, ", ")
}

// ParseFormat reads the name of a format.
func ParseFormat(name string) (Format, error) {
	f := Format(name)
	if _, ok := f.spec(); !ok {
		return "", fmt.Errorf("encode: unknown format %q (known: %s)", name, FormatNames())
	}
	return f, nil
}

func (f Format) spec() (formatSpec, bool) {
	for _, s := range formats {
		if s.format == f {
			return s, true
		}
	}
	return formatSpec{}, false
}

// Extension returns the usual file name extension of the format, with its
// dot: ".cnf" for DIMACS, ".dlx" for XCC (Knuth's), ".xml" for XCSP3.
func (f Format) Extension() string {
	s, _ := f.spec()
	return s.ext
}

// FormatOfName is the format of a file by its name's extension
// (Extension; the longest that matches, so that ".inline.mzn" is
// MiniZincInline and ".mzn" MiniZinc), DIMACS also for ".dimacs" and
// compressed CNF (".cnf.gz", ".cnf.xz", ".cnf.bz2"). ok is false for a name
// of no format.
func FormatOfName(name string) (f Format, ok bool) {
	for _, z := range []string{".gz", ".xz", ".bz2"} {
		if base, found := strings.CutSuffix(name, z); found && strings.HasSuffix(base, ".cnf") {
			return DIMACS, true
		}
	}
	if strings.HasSuffix(name, ".dimacs") {
		return DIMACS, true
	}
	best := 0
	for _, s := range formats {
		if strings.HasSuffix(name, s.ext) && len(s.ext) > best {
			f, ok, best = s.format, true, len(s.ext)
		}
	}
	return f, ok
}

// CommentMark is what begins each comment line of the header the format's
// writer puts first: "c" for DIMACS, "|" for XCC, "*" for OPB, "%" for
// MiniZinc; "" for XCSP3 (its header is one XML comment) and .param (no
// header).
func (f Format) CommentMark() string {
	s, _ := f.spec()
	return s.comment
}

// Size gives the variables and the constraints (clauses for DIMACS,
// options for XCC) of p written in format f, with the at-most-one encoding
// amo for DIMACS (nil for DefaultAMO(N)).
func (f Format) Size(p model.Problem, amo AMO) (vars, constraints int, err error) {
	s, ok := f.spec()
	if !ok {
		return 0, 0, fmt.Errorf("encode: unknown format %q (known: %s)", f, FormatNames())
	}
	return s.size(p, amo)
}

// MaxVariables bounds the variables (items for XCC) of every file of
// format f on an n x n board, whatever its pre-placed queens, blocked
// squares and excluded diagonals, with the at-most-one encoding amo for
// DIMACS (nil for DefaultAMO(n)): what a reader of a manifest or of a
// solver's output may allocate for one. It is 0 for an unknown format or
// n < 1.
func (f Format) MaxVariables(n int, amo AMO) int {
	s, ok := f.spec()
	if !ok || n < 1 {
		return 0
	}
	return s.maxVars(n, amo)
}

// Write writes p to w in format f. amo is the at-most-one encoding of
// DIMACS (nil for DefaultAMO(N)) and order the item order of XCC; the
// other formats ignore them.
func Write(ctx context.Context, w io.Writer, p model.Problem, f Format, amo AMO, order Order, opt Options) error {
	if ctx == nil || w == nil {
		return errors.New("encode: Write was given a nil context or writer")
	}
	s, ok := f.spec()
	if !ok {
		return fmt.Errorf("encode: unknown format %q (known: %s)", f, FormatNames())
	}
	if opt.Shuffle != 0 && f != DIMACS {
		return fmt.Errorf("encode: a shuffle scrambles DIMACS files, not %s files", f)
	}
	return s.write(ctx, w, p, amo, order, opt)
}
