package encode

import "github.com/queenslab/nqueens/cnf"

// Product is the 2-product encoding of J. Chen, "A new SAT encoding of the
// at-most-one constraint", ModRef 2010. The k literals are laid out row by
// row on a p x q grid, p = ⌈√k⌉ and q = ⌈k/p⌉; literal i implies its row
// variable u_{i/q} and its column variable v_{i mod q} (2k clauses), and at
// most one u and at most one v hold, by the same encoding recursively,
// down to 4 literals or fewer, which are encoded pairwise. Two literals
// differ in row or column, so two true ones would need two u or two v.
//
// For k <= 4: 0 variables, k(k-1)/2 clauses; otherwise V(k) = p + q + V(p)
// + V(q) and C(k) = 2k + C(p) + C(q). Not parsimonious: a u or v with no
// true literal on its line is free.
type Product struct{}

func (Product) Name() string       { return "product" }
func (Product) Parsimonious() bool { return false }

func productShape(k int) (p, q int) {
	p = ceilSqrt(k)
	return p, (k + p - 1) / p
}

func (pr Product) Size(k int) (vars, clauses int) {
	if k <= 4 {
		return 0, k * (k - 1) / 2
	}
	p, q := productShape(k)
	vp, cp := pr.Size(p)
	vq, cq := pr.Size(q)
	return p + q + vp + vq, 2*k + cp + cq
}

func (pr Product) Encode(dst cnf.Adder, vars *cnf.Vars, x []int) {
	k := len(x)
	if k <= 4 {
		Pairwise{}.Encode(dst, vars, x)
		return
	}
	p, q := productShape(k)
	u := make([]int, p)
	for i := range u {
		u[i] = vars.New()
	}
	v := make([]int, q)
	for i := range v {
		v[i] = vars.New()
	}
	for i, l := range x {
		cnf.AddClause(dst, -l, u[i/q])
		cnf.AddClause(dst, -l, v[i%q])
	}
	pr.Encode(dst, vars, u)
	pr.Encode(dst, vars, v)
}
