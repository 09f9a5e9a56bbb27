package encode

import "github.com/queenslab/nqueens/cnf"

// Bimander is the bimander encoding of V.-H. Nguyen and S. T. Mai, "A new
// method to encode the at-most-one constraint into SAT", SoICT 2015. The k
// literals are cut into groups of g = ⌈k/M⌉ (m = ⌈k/g⌉ groups after
// rounding), each group is encoded pairwise, and group i is numbered in
// binary with b = ⌈log2 m⌉ shared bit variables: every literal of group i
// implies the bits of i (k·b clauses). Literals of two groups differ in
// some bit.
//
// For k literals: b auxiliary variables and Σ s_j(s_j-1)/2 + k·b clauses,
// s_j the group sizes. Groups = 0 takes M = ⌈√k⌉ for each constraint.
// Not parsimonious (but for M = 1, which is pairwise): the bits are free
// when no literal is true.
type Bimander struct {
	Groups int // M, the number of groups asked for; 0 for ⌈√k⌉
}

func (b Bimander) Name() string {
	if b.Groups == 0 {
		return "bimander"
	}
	return "bimander:" + itoa(b.Groups)
}

// Parsimonious is false but for one group, which is the pairwise encoding.
func (b Bimander) Parsimonious() bool { return b.Groups == 1 }

// shape returns the group size and the number of bits for k literals.
func (b Bimander) shape(k int) (g, bits int) {
	m := b.Groups
	if m == 0 {
		m = ceilSqrt(k)
	}
	m = max(1, min(m, k))
	g = (k + m - 1) / m
	return g, ceilLog2((k + g - 1) / g)
}

func (b Bimander) Size(k int) (vars, clauses int) {
	if k <= 1 {
		return 0, 0
	}
	g, bits := b.shape(k)
	for lo := 0; lo < k; lo += g {
		s := min(g, k-lo)
		clauses += s * (s - 1) / 2
	}
	return bits, clauses + k*bits
}

func (b Bimander) Encode(dst cnf.Adder, vars *cnf.Vars, x []int) {
	k := len(x)
	if k <= 1 {
		return
	}
	g, bits := b.shape(k)
	bv := make([]int, bits)
	for j := range bv {
		bv[j] = vars.New()
	}
	for lo, grp := 0, 0; lo < k; lo, grp = lo+g, grp+1 {
		part := x[lo:min(lo+g, k)]
		Pairwise{}.Encode(dst, vars, part)
		for _, l := range part {
			for j, v := range bv {
				cnf.AddClause(dst, -l, bitLit(v, grp, j))
			}
		}
	}
}
