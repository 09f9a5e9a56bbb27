package suite

import (
	"fmt"

	"github.com/queenslab/nqueens/internal/pyrand"
	"github.com/queenslab/nqueens/model"
)

// DefaultMinOpen is the k of ExcludedDiagonals that Gent, Jefferson and
// Nightingale's instances use: every row and column keeps at least 4 open
// squares.
const DefaultMinOpen = 4

// ExcludedDiagonals draws an instance list of the excluded diagonals
// problem by the generator of Gent, Jefferson and Nightingale
// ("Complexity of n-Queens Completion", JAIR 59, 2017; queens-diag-gen.py
// of CSPLib problem 79): the sum and the difference diagonals of an n x n
// board are shuffled, then, a kind at a time chosen at random while both
// have diagonals left, the next diagonal of that kind is excluded unless
// that would leave some row or column with minOpen open squares or fewer
// (counting only the squares not on a diagonal excluded before): so every
// row and column keeps at least minOpen. The list is in the order of
// exclusion, and its first d diagonals, for every d, are an instance.
//
// It draws from Python's random module seeded with seed (package pyrand),
// so the list is the authors' own for the same n, minOpen and seed: their
// published diag-N-4-SEED.param files are written again byte for byte by
// model.WriteParam.
func ExcludedDiagonals(n, minOpen int, seed uint64) (model.DiagonalList, error) {
	if n < 1 || n > model.ParamMaxN {
		return model.DiagonalList{}, fmt.Errorf("suite: n = %d is out of range for excluded diagonals (1..%d)", n, model.ParamMaxN)
	}
	if minOpen < 0 || minOpen > n {
		return model.DiagonalList{}, fmt.Errorf("suite: every row keeping %d open squares is not possible on a %dx%d board", minOpen, n, n)
	}
	rng := pyrand.New(seed)
	sums := make([]int, 2*n-1)
	diffs := make([]int, 2*n-1)
	for i := range sums {
		sums[i], diffs[i] = i, i
	}
	rng.Shuffle(len(sums), func(i, j int) { sums[i], sums[j] = sums[j], sums[i] })
	rng.Shuffle(len(diffs), func(i, j int) { diffs[i], diffs[j] = diffs[j], diffs[i] })
	inRow, inCol := make([]int, n), make([]int, n)
	for i := range n {
		inRow[i], inCol[i] = n, n
	}
	sumOut, diffOut := make([]bool, 2*n-1), make([]bool, 2*n-1) // diffOut by r - c + n-1
	l := model.DiagonalList{N: n}
	type sq struct{ r, c int }
	var killed []sq
	// exclude tries the diagonal v of a kind (sum: r + c = v; difference:
	// r - c + n-1 = v), as the authors' updatediag does.
	exclude := func(v int, sum bool) {
		killed = killed[:0]
		for r := range n {
			c := v - r
			if !sum {
				c = r - v + n - 1
			}
			if c < 0 || c >= n || sumOut[r+c] || diffOut[r-c+n-1] {
				continue
			}
			if inRow[r] <= minOpen || inCol[c] <= minOpen {
				return
			}
			killed = append(killed, sq{r, c})
		}
		for _, s := range killed {
			inRow[s.r]--
			inCol[s.c]--
		}
		if sum {
			sumOut[v] = true
			l.Diagonals = append(l.Diagonals, model.Diagonal{Kind: model.Sum, Index: v})
		} else {
			diffOut[v] = true
			l.Diagonals = append(l.Diagonals, model.Diagonal{Kind: model.Difference, Index: v - (n - 1)})
		}
	}
	for len(sums) > 0 || len(diffs) > 0 {
		sum := len(diffs) == 0
		if len(sums) > 0 && len(diffs) > 0 {
			sum = rng.Range(-1, 2, 2) == 1
		}
		if sum {
			v := sums[len(sums)-1]
			sums = sums[:len(sums)-1]
			exclude(v, true)
		} else {
			v := diffs[len(diffs)-1]
			diffs = diffs[:len(diffs)-1]
			exclude(v, false)
		}
	}
	return l, nil
}
