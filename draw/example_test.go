package draw_test

import (
	"context"
	"os"

	"github.com/queenslab/nqueens/draw"
	"github.com/queenslab/nqueens/model"
	"github.com/queenslab/nqueens/native/search"
)

// The backtracking search on the 4-queens board, told step by step.
func ExampleTraceText() {
	t := draw.NewTraceText(os.Stdout, 4)
	search.Backtrack(context.Background(), model.Classic(4), search.BacktrackOptions{FirstOnly: true, Trace: t.Step})
	// Output:
	// Row 1: queen in column 1.
	// Row 2: columns 1 and 2 attacked; column 3 is safe.
	// Row 3: every column is attacked, so back up.
	// Row 2: column 4.
	// Row 3: column 1 attacked; column 2 is safe.
	// Row 4: every column is attacked, so back up.
	// Row 3: columns 3 and 4 attacked, so back up to row 2.
	// Row 2 has no columns left, so back up to row 1.
	// Row 1: column 2.
	// Row 2: columns 1, 2 and 3 attacked; column 4 is safe.
	// Row 3: queen in column 1.
	// Row 4: columns 1 and 2 attacked; column 3 is safe.
	// Solution [2 4 1 3]:
	// -*--
	// ---*
	// *---
	// --*-
}
