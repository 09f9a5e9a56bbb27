package counting

import (
	"context"

	"github.com/queenslab/nqueens/model"
)

// smallCount counts the solutions of p, a board below a counter's cut
// (n <= smallN), the plainest way there is and sharing no code with
// the searches: every assignment of distinct columns to the rows that
// take a queen, each checked by model.Verify. each (if not nil) is given
// every solution. nodes counts the assignments tried, partial or whole.
func smallCount(ctx context.Context, p model.Problem, each func(model.Placement) error) (count, nodes uint64, err error) {
	if err := ctx.Err(); err != nil {
		return 0, 0, err
	}
	if p.N > smallN {
		panic("counting: smallCount of a board above its cut")
	}
	rows, cols := p.Rows, p.Cols
	if rows == nil {
		for i := range p.N {
			rows, cols = append(rows, i), append(cols, i)
		}
	}
	q := make(model.Placement, p.N)
	for i := range q {
		q[i] = model.Unset
	}
	used := make([]bool, p.N)
	var place func(k int) error
	place = func(k int) error {
		nodes++
		if k == len(rows) {
			if model.Verify(p, q) != nil {
				return nil
			}
			count++
			if each != nil {
				return each(q.Clone())
			}
			return nil
		}
		for _, c := range cols {
			if used[c] {
				continue
			}
			used[c], q[rows[k]] = true, c
			if err := place(k + 1); err != nil {
				return err
			}
			used[c], q[rows[k]] = false, model.Unset
		}
		return nil
	}
	err = place(0)
	return count, nodes, err
}
