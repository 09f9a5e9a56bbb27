package encode

import (
	"context"
	"fmt"
	"io"
	"strconv"

	"github.com/queenslab/nqueens/internal/textio"
	"github.com/queenslab/nqueens/model"
)

// OPBSize returns the number of variables and constraints of the OPB of p.
func OPBSize(p model.Problem) (vars, constraints int) {
	n := p.N
	constraints = 2*n + 2*max(0, 2*n-3) + len(p.Fixed) + len(p.Blocked)
	if hasClosedLines(p) {
		board := p.Board()
		Lines(n, func(kind LineKind, index int, _ []model.Square) bool {
			if !lineActive(p, board, kind, index) {
				constraints--
			}
			return true
		})
		constraints += extraClosed(p, board, func(int, int) {})
	}
	return n * n, constraints
}

// WriteOPB writes p as a pseudo-Boolean satisfaction problem in the OPB
// format of the pseudo-Boolean competitions (read by gophersat, clasp,
// RoundingSat and others), streaming: the "* #variable= V #constraint= C"
// line first, comment lines "*", then one linear constraint per line over
// x1..x{N*N} (the queen variables of the CNF): each row and column "= 1",
// each diagonal of two squares or more "-1 x .. -1 x >= -1" (at most one;
// the format has no "<="), a pre-placed queen "+1 x = 1", a blocked square
// "+1 x = 0", and so each square on an excluded diagonal or in a row or
// column that takes no queen (whose lines then have no constraint). No
// objective.
func WriteOPB(ctx context.Context, w io.Writer, p model.Problem, opt Options) error {
	if err := p.Validate(); err != nil {
		return err
	}
	if n := uint64(p.N); n*n > 1<<31-1 {
		return fmt.Errorf("encode: N = %d is too large for OPB (more than 2^31-1 variables)", p.N)
	}
	n := p.N
	vars, cons := OPBSize(p)
	lines, err := describe(p, opt, []string{
		"encoding: OPB, rows and columns = 1, diagonals at most one (as -1 x ... >= -1)",
		fmt.Sprintf("variables x1..x%d: the queen at row r, column c (1-based) is x((r-1)*%d + c)", n*n, n),
	})
	if err != nil {
		return err
	}
	dw := textio.NewWriter(ctx, w)
	dw.Buf = fmt.Appendf(dw.Buf, "* #variable= %d #constraint= %d\n", vars, cons)
	for _, l := range lines {
		dw.Comment("* ", l)
	}
	written := 0
	unit := func(s model.Square, v string) {
		dw.Buf = append(dw.Buf, "+1 x"...)
		dw.Buf = strconv.AppendInt(dw.Buf, int64(QueenVar(n, s.Row, s.Col)), 10)
		dw.Buf = append(dw.Buf, " = "...)
		dw.Buf = append(dw.Buf, v...)
		dw.Buf = append(dw.Buf, " ;\n"...)
		written++
	}
	for _, s := range p.Fixed {
		unit(s, "1")
	}
	for _, s := range p.Blocked {
		unit(s, "0")
	}
	var board *model.Board
	if hasClosedLines(p) {
		board = p.Board()
		extraClosed(p, board, func(r, c int) { unit(model.Square{Row: r, Col: c}, "0") })
	}
	Lines(n, func(kind LineKind, index int, sq []model.Square) bool {
		if board != nil && !lineActive(p, board, kind, index) {
			return true
		}
		coef, rel := "+1 x", "= 1 ;\n"
		if !kind.Exact() {
			coef, rel = "-1 x", ">= -1 ;\n"
		}
		for _, s := range sq {
			dw.Buf = append(dw.Buf, coef...)
			dw.Buf = strconv.AppendInt(dw.Buf, int64(QueenVar(n, s.Row, s.Col)), 10)
			dw.Buf = append(dw.Buf, ' ')
		}
		dw.Buf = append(dw.Buf, rel...)
		written++
		dw.MaybeFlush()
		return dw.Err() == nil
	})
	dw.Flush()
	if dw.Err() == nil && written != cons {
		return fmt.Errorf("encode: internal error: header says %d constraints, %d written", cons, written)
	}
	return dw.Err()
}
