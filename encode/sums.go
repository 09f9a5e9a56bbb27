package encode

import (
	"math/big"
	"strings"

	"github.com/queenslab/nqueens/cnf"
	"github.com/queenslab/nqueens/model"
)

// The diagonal sums as clauses. In any solution the k queens stand on k
// distinct sum diagonals whose indices r + c add up to the sum of the
// indices of the rows and of the columns that take a queen, and on k
// distinct difference diagonals whose r - c add up to the rows' sum less
// the columns'. The other constraints imply it, but a CDCL solver does not
// find it: on the excluded diagonals instances at the peak of hardness
// it is what refutes many of them (see search.CP). WithSums adds it to
// the CNF: a variable y for each diagonal that has an open square, true
// exactly when a queen stands on it (y <-> the OR of its squares), and for
// each family the constraint "exactly k of the y, whose indices add up to
// the target", as a BDD over the y in index order whose nodes are (the
// diagonals decided, how many taken, their sum) and which keeps only the
// nodes from which the target can still be reached. Each node is a
// variable with the two clauses of Abío, Nieuwenhuis, Oliveras and
// Rodríguez-Carbonell ("A new look at BDDs for pseudo-Boolean
// constraints", JAIR 2012), node -> (y -> high child) and node ->
// (-y -> low child), plus (neither child -> not node), the root a unit:
// unit propagation then keeps the constraint arc consistent.

// SumsSuffix, after an at-most-one encoding's name, names it WithSums:
// "pairwise+sums".
const SumsSuffix = "+sums"

// SumsMaxN is the largest board WithSums encodes: the BDD's nodes grow
// about as N^4 (a family has 37,000 on the open board of 30 and 790,000 on
// that of 64, 12 times the clauses of the lines; about 7,000 on an excluded
// diagonals instance at the peak of hardness at 30).
const SumsMaxN = 64

// WithSums is the at-most-one encoding AMO with the diagonal sums added to
// the CNF. Its name is AMO's with SumsSuffix. The sums keep a parsimonious
// AMO parsimonious: the y are functions of the queens, and so are the
// BDD's nodes. A true node forces its child along the y's values, so a
// true node's path ends at the true terminal, which only the nodes on the
// path from the root do; and the root forces that path true.
type WithSums struct{ AMO }

// Name is AMO's name with SumsSuffix.
func (w WithSums) Name() string { return w.AMO.Name() + SumsSuffix }

// sums reports whether f adds the diagonal sums.
func (f *CNF) sums() bool {
	_, ok := f.AMO.(WithSums)
	return ok
}

// sumFamily is one family of diagonals for the sum constraint: the open
// squares' queen variables of each diagonal that has any, by index, the
// number of queens k and the target the indices of their diagonals add
// up to.
type sumFamily struct {
	index   []int   // the diagonals' indices (weights), ascending
	squares [][]int // their open squares' queen variables
	k       int
	target  int
}

// sumFamilies returns the sum and the difference diagonals of p, the
// difference diagonal r - c indexed r - c + N-1 so that every weight is at
// least 0.
func sumFamilies(p model.Problem) [2]sumFamily {
	n := p.N
	board := p.Board()
	var fam [2]sumFamily
	var sq [2][][]int
	sq[0], sq[1] = make([][]int, 2*n-1), make([][]int, 2*n-1)
	sumR, sumC, k := 0, 0, 0
	for r := range n {
		if board.RowTakesQueen(r) {
			sumR += r
			k++
		}
		if board.ColTakesQueen(r) {
			sumC += r
		}
		for c := range n {
			if board.Open(r, c) {
				sq[0][r+c] = append(sq[0][r+c], QueenVar(n, r, c))
				sq[1][r-c+n-1] = append(sq[1][r-c+n-1], QueenVar(n, r, c))
			}
		}
	}
	fam[0].target, fam[1].target = sumR+sumC, sumR-sumC+k*(n-1)
	for i := range fam {
		fam[i].k = k
		for d, s := range sq[i] {
			if len(s) > 0 {
				fam[i].index = append(fam[i].index, d)
				fam[i].squares = append(fam[i].squares, s)
			}
		}
	}
	return fam
}

// sumBDD is the BDD of "exactly k of the weights, adding up to the
// target": levels[i][j] is node j of level i (i weights decided), with
// how many of them it took and their sum; its hi and lo are its
// children's numbers in level i+1, or bddTrue or bddFalse.
type sumBDD struct {
	levels [][]sumNode
	empty  bool // the constraint cannot hold: the root is false
}

type sumNode struct {
	taken, sum int
	hi, lo     int
}

const (
	bddFalse = -1
	bddTrue  = -2
)

// newSumBDD builds the BDD of fam, keeping the nodes from which the
// target can be reached: reach[i][t] is the set of sums (a big.Int as a
// bitset) that t of the weights i.. can add up to.
func newSumBDD(fam sumFamily) sumBDD {
	m := len(fam.index)
	reach := make([][]*big.Int, m+1)
	for i := m; i >= 0; i-- {
		reach[i] = make([]*big.Int, fam.k+1)
		for t := range reach[i] {
			reach[i][t] = new(big.Int)
			if i == m {
				if t == 0 {
					reach[i][t].SetBit(reach[i][t], 0, 1)
				}
				continue
			}
			reach[i][t].Set(reach[i+1][t])
			if t > 0 {
				reach[i][t].Or(reach[i][t], new(big.Int).Lsh(reach[i+1][t-1], uint(fam.index[i])))
			}
		}
	}
	viable := func(i, taken, sum int) bool {
		rest := fam.target - sum
		return taken <= fam.k && rest >= 0 && reach[i][fam.k-taken].Bit(rest) == 1
	}
	var b sumBDD
	if !viable(0, 0, 0) {
		b.empty = true
		return b
	}
	level := []sumNode{{}}
	for i := range m {
		next := map[[2]int]int{}
		var nodes []sumNode
		child := func(taken, sum int) int {
			if !viable(i+1, taken, sum) {
				return bddFalse
			}
			if i+1 == m {
				return bddTrue
			}
			key := [2]int{taken, sum}
			j, ok := next[key]
			if !ok {
				j = len(nodes)
				next[key] = j
				nodes = append(nodes, sumNode{taken: taken, sum: sum})
			}
			return j
		}
		for j := range level {
			nd := &level[j]
			nd.hi = child(nd.taken+1, nd.sum+fam.index[i])
			nd.lo = child(nd.taken, nd.sum)
		}
		b.levels = append(b.levels, level)
		level = nodes
	}
	return b
}

// nodes is the number of the BDD's nodes.
func (b sumBDD) nodes() int {
	t := 0
	for _, l := range b.levels {
		t += len(l)
	}
	return t
}

// sumConstraint is one family's constraint: its diagonals and its BDD.
type sumConstraint struct {
	fam sumFamily
	bdd sumBDD
}

// newSumConstraints returns the constraints of p's two families.
func newSumConstraints(p model.Problem) *[2]sumConstraint {
	var cs [2]sumConstraint
	for i, fam := range sumFamilies(p) {
		cs[i] = sumConstraint{fam, newSumBDD(fam)}
	}
	return &cs
}

// sumConstraints returns the constraints of f's problem: those NewCNF
// built, which Size (twice for a DIMACS file) and Encode share, or new ones
// for a CNF made without it.
func (f *CNF) sumConstraints() *[2]sumConstraint {
	if f.sumsBuilt != nil {
		return f.sumsBuilt
	}
	return newSumConstraints(f.Problem)
}

// sumsSize is the variables and clauses that encodeSums adds.
func sumsSize(cs *[2]sumConstraint) (vars, clauses int) {
	for _, c := range cs {
		v, cl := familySize(c)
		vars, clauses = vars+v, clauses+cl
	}
	return vars, clauses
}

// familySize is the variables and clauses that encodeFamily adds.
func familySize(c sumConstraint) (vars, clauses int) {
	fam, b := c.fam, c.bdd
	vars = len(fam.index)
	for _, s := range fam.squares {
		clauses += 1 + len(s)
	}
	switch {
	case b.empty:
		return vars, clauses + 1
	case len(b.levels) == 0:
		return vars, clauses // no diagonal, and none needed
	}
	vars += b.nodes()
	clauses++ // the root
	for _, l := range b.levels {
		for _, nd := range l {
			clauses += bddClauses(nd)
		}
	}
	return vars, clauses
}

// bddClauses is the number of clauses a node has: one an edge not to
// bddTrue, and one "neither child" unless a child is bddTrue.
func bddClauses(nd sumNode) int {
	c := 0
	for _, ch := range []int{nd.hi, nd.lo} {
		if ch != bddTrue {
			c++
		}
	}
	if nd.hi != bddTrue && nd.lo != bddTrue {
		c++
	}
	return c
}

// encodeSums adds the diagonal sums to dst, the sum diagonals' family,
// then the difference diagonals'.
func encodeSums(dst cnf.Adder, vars *cnf.Vars, cs *[2]sumConstraint) {
	for _, c := range cs {
		encodeFamily(dst, vars, c)
	}
}

// encodeFamily adds one family's constraint to dst: the y variables and
// their definitions, then the BDD's root and nodes, level by level. A
// constraint that cannot hold is the empty clause.
func encodeFamily(dst cnf.Adder, vars *cnf.Vars, c sumConstraint) {
	fam, b := c.fam, c.bdd
	y := make([]int, len(fam.index))
	var lits []int
	for i, s := range fam.squares {
		y[i] = vars.New()
		lits = append(lits[:0], -y[i])
		lits = append(lits, s...)
		cnf.AddClause(dst, lits...)
		for _, x := range s {
			cnf.AddClause(dst, -x, y[i])
		}
	}
	switch {
	case b.empty:
		cnf.AddClause(dst)
		return
	case len(b.levels) == 0:
		return // no diagonal, and none needed
	}
	// Number the nodes level by level, then write their clauses.
	first := make([]int, len(b.levels))
	for i, l := range b.levels {
		first[i] = vars.Top() + 1
		for range l {
			vars.New()
		}
	}
	node := func(level, j int) int { return first[level] + j }
	cnf.AddClause(dst, node(0, 0))
	for i, l := range b.levels {
		for j, nd := range l {
			v := node(i, j)
			for _, e := range [2]struct{ child, lit int }{{nd.hi, y[i]}, {nd.lo, -y[i]}} {
				switch e.child {
				case bddTrue:
				case bddFalse:
					cnf.AddClause(dst, -v, -e.lit)
				default:
					cnf.AddClause(dst, -v, -e.lit, node(i+1, e.child))
				}
			}
			if nd.hi != bddTrue && nd.lo != bddTrue {
				lits = append(lits[:0], -v)
				for _, ch := range [2]int{nd.hi, nd.lo} {
					if ch != bddFalse {
						lits = append(lits, node(i+1, ch))
					}
				}
				cnf.AddClause(dst, lits...)
			}
		}
	}
}

// cutSums splits an encoding's name into the at-most-one encoding's and
// whether it ends in SumsSuffix.
func cutSums(s string) (string, bool) {
	return strings.CutSuffix(s, SumsSuffix)
}

// sumsMaxVars bounds the variables that the sums of one family add on an
// n x n board, whatever the problem: a y for each of its 2n-1 diagonals,
// and a BDD node for each (level, taken, sum) a level can hold: taken at
// most n, and the sum of taken indices at most n(2n-2).
func sumsMaxVars(n int) int {
	lines := 2*n - 1
	return lines + lines*(n+1)*(n*(2*n-2)+1)
}

// cnfMaxVars bounds the variables of a CNF of encoding amo (nil for
// DefaultAMO(n)) on an n x n board: those of the classic problem's (a
// variant only closes lines, and with them their auxiliary variables), and
// with the sums, sumsMaxVars for each family.
func cnfMaxVars(n int, amo AMO) int {
	if amo == nil {
		var err error
		if amo, err = ParseAMO(DefaultAMO(n)); err != nil {
			return 0
		}
	}
	w, sums := amo.(WithSums)
	if sums {
		amo = w.AMO
	}
	vars, _ := (&CNF{Problem: model.Classic(n), AMO: amo}).Size()
	if sums {
		vars += 2 * sumsMaxVars(n)
	}
	return vars
}
