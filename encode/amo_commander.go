package encode

import "github.com/queenslab/nqueens/cnf"

// Commander is the commander encoding of W. Klieber and G. Kwon, "Efficient
// CNF encoding for selecting 1 from N objects", CFV 2007. The literals are
// cut into groups of Group (the last may be smaller); each group of s
// literals gets a commander c with the pairwise clauses of the group,
// x → c for each literal (s clauses) and c → (x_1 ∨ ... ∨ x_s) (one
// clause), so c is true exactly when one of its group is; then at most one
// commander, encoded the same way, down to Group literals or fewer, which
// are encoded pairwise.
//
// For k literals and group size g: if k <= g, 0 variables and k(k-1)/2
// clauses; otherwise, with m = ⌈k/g⌉ groups and r = k - (m-1)g literals in
// the last, V(k) = m + V(m) and C(k) = (m-1)(g(g-1)/2 + g + 1) +
// r(r-1)/2 + r + 1 + C(m). Parsimonious: each commander is a function of
// its group.
type Commander struct {
	Group int // literals per group, at least 2
}

func (c Commander) Name() string     { return "commander:" + itoa(c.Group) }
func (Commander) Parsimonious() bool { return true }

func (c Commander) Size(k int) (vars, clauses int) {
	g := c.Group
	if k <= g {
		return 0, k * (k - 1) / 2
	}
	m := (k + g - 1) / g
	r := k - (m-1)*g
	v, cl := c.Size(m)
	return m + v, (m-1)*(g*(g-1)/2+g+1) + r*(r-1)/2 + r + 1 + cl
}

func (c Commander) Encode(dst cnf.Adder, vars *cnf.Vars, x []int) {
	g := c.Group
	if len(x) <= g {
		Pairwise{}.Encode(dst, vars, x)
		return
	}
	var cmd []int
	for lo := 0; lo < len(x); lo += g {
		grp := x[lo:min(lo+g, len(x))]
		cv := vars.New()
		cmd = append(cmd, cv)
		Pairwise{}.Encode(dst, vars, grp)
		for _, l := range grp {
			cnf.AddClause(dst, -l, cv)
		}
		dst.Add(-cv)
		for _, l := range grp {
			dst.Add(l)
		}
		dst.Add(0)
	}
	c.Encode(dst, vars, cmd)
}
