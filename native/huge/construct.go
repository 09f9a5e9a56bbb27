package huge

import (
	"github.com/queenslab/nqueens/model"
	"github.com/queenslab/nqueens/native/internal/work"
)

// ConstructMaxN is the largest board Construct accepts (32-bit columns; the
// largest int on a 32-bit platform).
const ConstructMaxN = model.MaxN

// Construct writes down a solution of the classic n-queens problem for every
// n >= 4 (and n = 1) in O(n) time, without search. It is the construction of
// E. J. Hoffman, J. C. Loessi and R. C. Moore ("Constructions for the
// solution of the m queens problem", Mathematics Magazine 42(2), 1969,
// 66-72), in the form given by Bernhardsson (SIGART Bulletin 2(2), 1991).
// With columns counted from 1, row after row:
//
//   - n mod 6 is not 2 or 3: the even columns 2, 4, ..., then the odd ones
//     1, 3, 5, ...;
//   - n mod 6 = 2: the even columns, then 3, 1, 7, 9, 11, ..., 5 (1 and 3
//     swapped, 5 moved to the end);
//   - n mod 6 = 3: 4, 6, ..., 2 (2 moved to the end), then 5, 7, ..., 1, 3
//     (1 and 3 moved to the end).
//
// It returns 0-based columns; n = 2 and 3 return model.ErrNoSolution.
func Construct(n int) ([]uint32, error) {
	switch {
	case n < 1:
		return nil, model.Classic(n).Validate()
	case n > ConstructMaxN:
		return nil, work.TooLarge("construction", n, ConstructMaxN)
	case n == 2 || n == 3:
		return nil, model.ErrNoSolution
	}
	q := make([]uint32, 0, n)
	add := func(col1 int) { q = append(q, uint32(col1-1)) } // from 1-based
	switch n % 6 {
	case 2:
		for c := 2; c <= n; c += 2 {
			add(c)
		}
		add(3)
		add(1)
		for c := 7; c <= n; c += 2 {
			add(c)
		}
		add(5)
	case 3:
		for c := 4; c <= n; c += 2 {
			add(c)
		}
		add(2)
		for c := 5; c <= n; c += 2 {
			add(c)
		}
		add(1)
		add(3)
	default:
		for c := 2; c <= n; c += 2 {
			add(c)
		}
		for c := 1; c <= n; c += 2 {
			add(c)
		}
	}
	return q, nil
}
