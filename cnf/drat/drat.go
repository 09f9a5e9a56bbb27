// Package drat checks DRAT proofs of unsatisfiability, the certificates
// that SAT solvers such as cadical and kissat write (Wetzler, Heule and
// Hunt, "DRAT-trim: efficient checking and trimming using expressive clausal
// proofs", SAT 2014). A proof is a list of lemmas added to the formula and
// of clauses deleted from it; it refutes the formula when every lemma it
// needs is implied: RUP (unit propagation on the negated lemma reaches a
// conflict) or, failing that, RAT on its first literal (every resolvent
// with a clause holding that literal's negation is RUP), and unit
// propagation reaches a conflict at the end.
//
// The check is backward, as drat-trim's: a forward pass adds the lemmas
// and applies the deletions until propagation finds the conflict; the
// clauses that conflict depends on are marked, and a backward pass checks
// only the marked lemmas, each in the formula as it stood when the lemma
// was added, marking in turn what its own check used. Lemmas that the
// refutation does not need are not checked. As drat-trim does, deletions
// of unit clauses and of clauses that are the reason of a unit-propagated
// literal are ignored. Text and binary proofs are read alike.
package drat

import (
	"context"
	"fmt"
	"io"
	"slices"

	"github.com/queenslab/nqueens/cnf"
	"github.com/queenslab/nqueens/internal/memlimit"
)

// Result describes a proof that checked.
type Result struct {
	// Lemmas and Deletions are the steps of the proof; Core the lemmas the
	// refutation needed, each checked, RAT of them by RAT rather than RUP.
	Lemmas, Deletions, Core, RAT int
	// IgnoredDeletions are deletions of unit and reason clauses, and of
	// clauses not in the formula, which the check skips.
	IgnoredDeletions int
	// Binary tells the binary format from text.
	Binary bool
}

// Error is a proof that does not refute the formula: a lemma that is
// neither RUP nor RAT (Step is its 1-based position in the proof), or a
// proof whose end leaves no conflict (Step 0).
type Error struct {
	Step int
	Msg  string
	// Unreadable says that the proof is not a proof in either format
	// (the message names the line), rather than one that fails.
	Unreadable bool
}

func (e *Error) Error() string {
	if e.Step == 0 {
		return "drat: " + e.Msg
	}
	return fmt.Sprintf("drat: proof step %d: %s", e.Step, e.Msg)
}

// clause is a clause of the formula or a lemma, its literals in the
// internal encoding (2v for v, 2v+1 for -v); lits[0] and lits[1] are
// watched.
type clause struct {
	lits   []int32
	pivot  int32 // a lemma's first literal as the proof writes it
	active bool
	core   bool
	lemma  bool
}

type checker struct {
	clauses []clause
	val     []int8  // by literal: 1 true, -1 false, 0 unassigned
	reason  []int32 // by variable: the clause that implied it, -1 for an assumption
	pos     []int32 // by variable: its place on the trail
	trail   []int32
	qhead   int
	watches [][]int32 // by literal: clauses that watch it
	units   []int32   // clauses of one literal
	byKey   map[string][]int32
	seen    []bool // by variable, during analysis
}

func lit(v int32) int32 {
	if v < 0 {
		return 2*(-v) + 1
	}
	return 2 * v
}

func external(l int32) int32 {
	if l&1 == 1 {
		return -(l >> 1)
	}
	return l >> 1
}

// key identifies a clause by its set of literals, for deletions.
func key(lits []int32) string {
	s := slices.Clone(lits)
	slices.Sort(s)
	s = slices.Compact(s)
	b := make([]byte, 0, 4*len(s))
	for _, l := range s {
		b = append(b, byte(l), byte(l>>8), byte(l>>16), byte(l>>24))
	}
	return string(b)
}

// Check checks that proof (DRAT, text or binary) refutes f. It returns a
// *Error for a proof that does not, and ctx.Err() when ctx ends first.
func Check(ctx context.Context, f *cnf.Formula, r io.Reader) (*Result, error) {
	p, err := readProof(r)
	if err != nil {
		return nil, &Error{Msg: err.Error(), Unreadable: true}
	}
	// Variables beyond the formula's (extension variables of a proof) are
	// numbered densely after them, so that memory follows the proof, not
	// the largest number it names.
	vars := int32(f.Vars)
	var extra map[int32]int32
	var names []int32 // extension variables by their dense number - f.Vars - 1
	if p.maxVar > vars {
		extra = map[int32]int32{}
		for k, l := range p.lits {
			v := max(l, -l)
			if v <= int32(f.Vars) {
				continue
			}
			d, ok := extra[v]
			if !ok {
				vars++
				d = vars
				extra[v] = d
				names = append(names, v)
			}
			if l < 0 {
				p.lits[k] = -d
			} else {
				p.lits[k] = d
			}
		}
	}
	if err := memlimit.Check(uint64(vars)*64+uint64(len(p.lits))*12+uint64(len(f.Clauses))*96, fmt.Sprintf("checking a DRAT proof on %d variables", vars)); err != nil {
		return nil, err
	}
	c := &checker{
		val:     make([]int8, 2*vars+2),
		reason:  make([]int32, vars+1),
		pos:     make([]int32, vars+1),
		watches: make([][]int32, 2*vars+2),
		seen:    make([]bool, vars+1),
		byKey:   map[string][]int32{},
	}
	res := &Result{Binary: p.binary}
	conflict := int32(-1)
	for _, cl := range f.Clauses {
		lits := make([]int32, 0, len(cl))
		for _, l := range cl {
			lits = appendLit(lits, lit(int32(l)))
		}
		id := c.newClause(lits, false)
		if conflict < 0 {
			conflict = c.attach(id)
		}
	}
	if conflict < 0 {
		conflict = c.propagate()
	}
	// Forward: lemmas added and deletions applied up to the conflict.
	final := -1 // the step whose lemma made the conflict
	deleted := make([]int32, len(p.steps))
	added := make([]int32, len(p.steps))
	for i, s := range p.steps {
		deleted[i], added[i] = -1, -1
		if s.del {
			res.Deletions++
		} else {
			res.Lemmas++
		}
		if conflict >= 0 {
			continue
		}
		if i%4096 == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		lits := make([]int32, 0, s.end-s.start)
		for _, l := range p.lits[s.start:s.end] {
			lits = appendLit(lits, lit(l))
		}
		if s.del {
			id := c.find(lits)
			if id < 0 || len(c.clauses[id].lits) <= 1 || c.isReason(id) {
				res.IgnoredDeletions++
				continue
			}
			c.clauses[id].active = false
			deleted[i] = id
			continue
		}
		id := c.newClause(lits, true)
		added[i] = id
		if len(lits) > 0 {
			c.clauses[id].pivot = lits[0]
		}
		if conflict = c.attach(id); conflict < 0 {
			conflict = c.propagate()
		}
		if conflict >= 0 || len(lits) == 0 {
			final = i
		}
		if len(lits) == 0 && conflict < 0 {
			return nil, &Error{Step: i + 1, Msg: "the empty clause is not implied by unit propagation"}
		}
	}
	if conflict < 0 {
		return nil, &Error{Msg: "the proof ends without a conflict: it derives no empty clause"}
	}
	c.analyze(conflict)
	// Backward: each marked lemma checked in the formula of its time.
	for i := final; i >= 0; i-- {
		if i%1024 == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		if id := deleted[i]; id >= 0 {
			c.clauses[id].active = true
			c.reattach(id)
			continue
		}
		id := added[i]
		if id < 0 {
			continue
		}
		c.detach(id)
		cl := &c.clauses[id]
		if !cl.core {
			continue
		}
		res.Core++
		if c.rup(cl.lits) {
			continue
		}
		if len(cl.lits) > 0 && c.rat(cl.lits, cl.pivot) {
			res.RAT++
			continue
		}
		lits := make([]int32, len(cl.lits))
		for k, l := range cl.lits {
			lits[k] = external(l)
			if v := max(lits[k], -lits[k]); v > int32(f.Vars) {
				lits[k] = names[v-int32(f.Vars)-1] * (lits[k] / v)
			}
		}
		return nil, &Error{Step: i + 1, Msg: fmt.Sprintf("lemma %v is neither RUP nor RAT", lits)}
	}
	return res, nil
}

// appendLit appends l to a clause unless it holds l already.
func appendLit(lits []int32, l int32) []int32 {
	if slices.Contains(lits, l) {
		return lits
	}
	return append(lits, l)
}

func (c *checker) newClause(lits []int32, lemma bool) int32 {
	id := int32(len(c.clauses))
	c.clauses = append(c.clauses, clause{lits: lits, active: true, lemma: lemma})
	k := key(lits)
	c.byKey[k] = append(c.byKey[k], id)
	return id
}

// find returns an active clause with the literals of lits, or -1.
func (c *checker) find(lits []int32) int32 {
	for _, id := range c.byKey[key(lits)] {
		if c.clauses[id].active {
			return id
		}
	}
	return -1
}

func (c *checker) isReason(id int32) bool {
	for _, l := range c.clauses[id].lits {
		if v := l >> 1; c.val[l] == 1 && c.reason[v] == id {
			return true
		}
	}
	return false
}

func (c *checker) assign(l, reason int32) {
	v := l >> 1
	c.val[l], c.val[l^1] = 1, -1
	c.reason[v], c.pos[v] = reason, int32(len(c.trail))
	c.trail = append(c.trail, l)
}

// undo unassigns the trail from position n on.
func (c *checker) undo(n int) {
	for _, l := range c.trail[n:] {
		c.val[l], c.val[l^1] = 0, 0
	}
	c.trail = c.trail[:n]
	c.qhead = min(c.qhead, n)
}

// attach watches a new or reactivated clause and assigns what it implies
// now; it returns the clause when it is falsified, else -1.
func (c *checker) attach(id int32) int32 {
	cl := &c.clauses[id]
	lits := cl.lits
	switch len(lits) {
	case 0:
		return id
	case 1:
		c.units = append(c.units, id)
		switch c.val[lits[0]] {
		case -1:
			return id
		case 0:
			c.assign(lits[0], id)
		}
		return -1
	}
	// The two watches on literals that are not false, true ones first.
	slices.SortStableFunc(lits, func(a, b int32) int { return int(c.val[b]) - int(c.val[a]) })
	c.watches[lits[0]] = append(c.watches[lits[0]], id)
	c.watches[lits[1]] = append(c.watches[lits[1]], id)
	switch {
	case c.val[lits[0]] == -1:
		return id
	case c.val[lits[0]] == 0 && c.val[lits[1]] == -1:
		c.assign(lits[0], id)
	}
	return -1
}

// reattach restores a deleted clause in the backward pass; the trail is at
// a fixpoint, and the clause held before, so at most it implies.
func (c *checker) reattach(id int32) {
	if c.attach(id) < 0 {
		c.propagate()
	}
}

// detach removes a lemma in the backward pass: the literals it implied, and
// all that came after them on the trail, are unassigned and propagation
// runs again without it.
func (c *checker) detach(id int32) {
	cl := &c.clauses[id]
	cl.active = false
	if len(cl.lits) == 1 {
		c.units = slices.DeleteFunc(c.units, func(u int32) bool { return u == id })
	}
	first := len(c.trail)
	for _, l := range cl.lits {
		if v := l >> 1; c.val[l] == 1 && c.reason[v] == id {
			first = min(first, int(c.pos[v]))
		}
	}
	if first == len(c.trail) {
		return
	}
	c.undo(first)
	c.qhead = 0
	// Units may have been among the unassigned.
	for _, u := range c.units {
		if l := c.clauses[u].lits[0]; c.clauses[u].active && c.val[l] == 0 {
			c.assign(l, u)
		}
	}
	c.propagate()
}

// propagate runs unit propagation to a fixpoint; it returns a falsified
// clause, or -1.
func (c *checker) propagate() int32 {
	for c.qhead < len(c.trail) {
		fl := c.trail[c.qhead] ^ 1 // the literal now false
		c.qhead++
		ws := c.watches[fl]
		j := 0
		for i := 0; i < len(ws); i++ {
			id := ws[i]
			cl := &c.clauses[id]
			if !cl.active {
				continue
			}
			lits := cl.lits
			if lits[0] == fl {
				lits[0], lits[1] = lits[1], lits[0]
			}
			if lits[1] != fl {
				continue // a stale watch
			}
			if c.val[lits[0]] == 1 {
				ws[j] = id
				j++
				continue
			}
			moved := false
			for k := 2; k < len(lits); k++ {
				if c.val[lits[k]] != -1 {
					lits[1], lits[k] = lits[k], lits[1]
					c.watches[lits[1]] = append(c.watches[lits[1]], id)
					moved = true
					break
				}
			}
			if moved {
				continue
			}
			ws[j] = id
			j++
			if c.val[lits[0]] == -1 {
				j += copy(ws[j:], ws[i+1:])
				c.watches[fl] = ws[:j]
				return id
			}
			c.assign(lits[0], id)
		}
		c.watches[fl] = ws[:j]
	}
	return -1
}

// analyze marks as core the clause id and every clause that implied a
// literal it depends on.
func (c *checker) analyze(id int32) {
	stack := []int32{id}
	var marked []int32
	for len(stack) > 0 {
		id := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		c.clauses[id].core = true
		for _, l := range c.clauses[id].lits {
			v := l >> 1
			if c.seen[v] || c.val[l] == 0 {
				continue
			}
			c.seen[v] = true
			marked = append(marked, v)
			if r := c.reason[v]; r >= 0 && r != id {
				stack = append(stack, r)
			}
		}
	}
	for _, v := range marked {
		c.seen[v] = false
	}
}

// rup reports whether lits is implied by unit propagation, marking what the
// conflict used.
func (c *checker) rup(lits []int32) bool {
	saved, savedHead := len(c.trail), c.qhead
	defer func() {
		c.undo(saved)
		c.qhead = savedHead
	}()
	for _, l := range lits {
		switch c.val[l] {
		case 1: // already implied: its reason is the proof
			if r := c.reason[l>>1]; r >= 0 {
				c.analyze(r)
			}
			return true
		case 0:
			c.assign(l^1, -1)
		}
	}
	if conflict := c.propagate(); conflict >= 0 {
		c.analyze(conflict)
		return true
	}
	return false
}

// rat reports whether lits is a resolution asymmetric tautology on pivot:
// every resolvent with an active clause that holds -pivot is RUP.
func (c *checker) rat(lits []int32, pivot int32) bool {
	np := pivot ^ 1
	var res []int32
	for id := range c.clauses {
		cl := &c.clauses[id]
		if !cl.active || !slices.Contains(cl.lits, np) {
			continue
		}
		res = append(res[:0], lits...)
		taut := false
		for _, l := range cl.lits {
			if l == np {
				continue
			}
			if slices.Contains(lits, l^1) {
				taut = true
				break
			}
			res = append(res, l)
		}
		if taut {
			continue
		}
		if !c.rup(res) {
			return false
		}
		cl.core = true
	}
	return true
}
