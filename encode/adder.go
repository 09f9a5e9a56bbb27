package encode

// Adder receives clauses one literal at a time, in DIMACS numbering: a
// positive literal v, a negative -v, and 0 to end the clause. It is the
// shape of gini's inter.Adder, so one encoder feeds a DIMACS writer, an
// in-process solver or a collector alike.
type Adder interface {
	Add(lit int)
}

// Vars hands out fresh auxiliary variables. The zero value starts at 1; a
// CNF of the N-Queens problem starts it after the N*N queen variables.
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

// clause adds lits as one clause.
func clause(dst Adder, lits ...int) {
	for _, l := range lits {
		dst.Add(l)
	}
	dst.Add(0)
}

// Formula is a CNF held in memory. It is an Adder, so it collects the output
// of an encoder, and ReadFormula fills one from a DIMACS file.
type Formula struct {
	Vars    int
	Clauses [][]int
	// Ind is the projection set of "c ind" lines, if the file had any.
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

// Counter counts what is added to it without keeping it.
type Counter struct {
	Clauses, Literals int
	MaxVar            int
}

// Add implements Adder.
func (c *Counter) Add(lit int) {
	if lit == 0 {
		c.Clauses++
		return
	}
	c.Literals++
	if v := abs(lit); v > c.MaxVar {
		c.MaxVar = v
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// Size implements Source: the number of variables and clauses.
func (f *Formula) Size() (vars, clauses int) { return f.Vars, len(f.Clauses) }

// Encode implements Source: it adds every clause to dst.
func (f *Formula) Encode(dst Adder) {
	for _, c := range f.Clauses {
		for _, l := range c {
			dst.Add(l)
		}
		dst.Add(0)
	}
}

// Source is a CNF that knows its size and adds its clauses to an Adder on
// demand: a *CNF streams them from the formulas, a *Formula from memory.
type Source interface {
	Size() (vars, clauses int)
	Encode(dst Adder)
}
