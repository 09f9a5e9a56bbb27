package cnf

import "slices"

// Adder receives clauses one literal at a time, in DIMACS numbering: a
// positive literal v, a negative -v, and 0 to end the clause.
type Adder interface {
	Add(lit int)
}

// AddClause adds lits to dst as one clause.
func AddClause(dst Adder, lits ...int) {
	for _, l := range lits {
		dst.Add(l)
	}
	dst.Add(0)
}

// Vars hands out fresh auxiliary variables. The zero value starts at 1.
type Vars struct {
	top int
}

// NewVars returns a counter whose next variable is top+1.
func NewVars(top int) *Vars { return &Vars{top: top} }

// New returns a fresh variable.
func (v *Vars) New() int {
	v.top++
	return v.top
}

// Top is the largest variable handed out so far (or the starting top).
func (v *Vars) Top() int { return v.top }

// Source is a CNF that knows its size and adds its clauses to an Adder on
// demand, as often as asked: a generator streams them from its formulas, a
// *Formula from memory.
type Source interface {
	Size() (vars, clauses int)
	Encode(dst Adder)
}

// Formula is a CNF held in memory. It is an Adder, so it collects the output
// of an encoder, and ReadFormula fills one from a DIMACS file.
type Formula struct {
	Vars    int
	Clauses [][]int
	// Ind is the projection set ("c ind" lines of a DIMACS file), if any.
	Ind []int

	cur []int
}

// Add implements Adder. Vars grows to the largest variable seen.
func (f *Formula) Add(lit int) {
	if lit == 0 {
		f.Clauses = append(f.Clauses, f.cur)
		f.cur = nil
		return
	}
	f.cur = append(f.cur, lit)
	if v := abs(lit); v > f.Vars {
		f.Vars = v
	}
}

// Size implements Source: the number of variables and clauses.
func (f *Formula) Size() (vars, clauses int) { return f.Vars, len(f.Clauses) }

// Encode implements Source: it adds every clause to dst.
func (f *Formula) Encode(dst Adder) {
	for _, c := range f.Clauses {
		AddClause(dst, c...)
	}
}

// FormulaOf returns src as a *Formula, collecting its clauses into a new
// one unless it is one already.
func FormulaOf(src Source) *Formula {
	if f, ok := src.(*Formula); ok {
		return f
	}
	f := &Formula{}
	src.Encode(f)
	f.Vars, _ = src.Size()
	return f
}

// Tally is an Adder that counts what it is given without keeping it.
type Tally struct {
	Clauses, Literals int
	MaxVar            int
}

// Add implements Adder.
func (t *Tally) Add(lit int) {
	if lit == 0 {
		t.Clauses++
		return
	}
	t.Literals++
	if v := abs(lit); v > t.MaxVar {
		t.MaxVar = v
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// Occurring lists the variables that occur in the clauses, in order: a
// projection for a formula whose header declares variables that no clause
// names (each would double a count of models).
func (f *Formula) Occurring() []int {
	seen := make([]bool, f.Vars+1)
	var vs []int
	for _, c := range f.Clauses {
		for _, l := range c {
			if v := max(l, -l); !seen[v] {
				seen[v] = true
				vs = append(vs, v)
			}
		}
	}
	slices.Sort(vs)
	return vs
}
