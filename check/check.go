// Package check certifies counts and answers across methods: it runs every
// counter and finder of the registry (package nqueens), every SAT solver in
// several encodings and MiniZinc on a range of N, and compares each count
// with OEIS A000170 and A002562 and with the other methods' counts; every
// solution found is verified.
package check

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/queenslab/nqueens"
	"github.com/queenslab/nqueens/encode"
	"github.com/queenslab/nqueens/model"
	"github.com/queenslab/nqueens/solvers/minizinc"
	"github.com/queenslab/nqueens/solvers/sat"
)

// Method is one way of answering the problem that Run runs: a counter, a
// finder, or both.
type Method struct {
	// Name identifies the method: "constellation", "bitmask", "dlx", "sat/gini/pairwise",
	// "sat/clasp/ladder", "minizinc/gecode", ...
	Name string
	// Count counts the solutions of p; nil for a method that only finds.
	Count func(ctx context.Context, p model.Problem) (*nqueens.CountResult, error)
	// Find finds one verified solution; nil for a method that only counts.
	Find func(ctx context.Context, p model.Problem) (*nqueens.Solution, error)
	// MaxN is the largest N the method is run on.
	MaxN int
	// Missing says why the method cannot run here ("clasp is not
	// installed"); empty when it can.
	Missing string
	// Run is what repeats the method (its N is set per cell).
	Run Invocation
}

// Invocation says what repeats one run of a method, for the caller to show
// as a command: a count or a solve with the registry's method, solver,
// encoding and options, or MiniZinc with Gecode on the MiniZinc encoding.
type Invocation struct {
	// Command is "count", "solve" or "minizinc".
	Command string `json:"command"`
	N       int    `json:"n"`
	// Method is the registry's method (count and solve).
	Method nqueens.Method `json:"method,omitempty"`
	// Solver and AMO are the SAT solver and the at-most-one encoding of
	// method sat, when given.
	Solver string `json:"solver,omitempty"`
	AMO    string `json:"amo,omitempty"`
	// Unique asks for the essentially distinct count too.
	Unique bool `json:"unique,omitempty"`
	// Order is the method's search order, when not its own (OrderLex).
	Order nqueens.Order `json:"order,omitempty"`
}

// Methods lists every method of the toolkit, the ones whose programs are
// not installed included (with Missing set), in a fixed order: direct
// counters, dancing links, SAT in-process per encoding, external SAT
// solvers, MiniZinc, then the finders.
func Methods() []Method {
	var out []Method
	counter := func(name string, c nqueens.Counter, opt nqueens.CountOptions) {
		out = append(out, Method{Name: name, MaxN: c.MaxN,
			Run:   Invocation{Command: "count", Method: c.Name, Solver: opt.Solver, AMO: opt.AMO, Unique: opt.Distinct, Order: opt.Order},
			Count: func(ctx context.Context, p model.Problem) (*nqueens.CountResult, error) { return c.Count(ctx, p, opt) }})
	}
	for _, c := range nqueens.Counters() {
		if c.Name == nqueens.SAT {
			continue // by solver and encoding below
		}
		counter(string(c.Name), c, nqueens.CountOptions{Distinct: !c.AllOnly})
		if c.TakesOrder(nqueens.OrderHeuristic) {
			counter(string(c.Name)+"/heuristic", c, nqueens.CountOptions{Distinct: true, Order: nqueens.OrderHeuristic})
		}
	}
	satc, _ := nqueens.LookupCounter(nqueens.SAT)
	for _, amo := range encode.AMONames {
		counter("sat/gini/"+amo, satc, nqueens.CountOptions{Solver: "gini", AMO: amo})
	}
	for _, amo := range []string{"pairwise", "sequential"} {
		counter("sat/gophersat/"+amo, satc, nqueens.CountOptions{Solver: "gophersat", AMO: amo})
	}
	for _, e := range []struct{ solver, amo string }{{"clasp", "pairwise"}, {"clasp", "ladder"}, {"cryptominisat5", "sequential"}} {
		counter("sat/"+e.solver+"/"+e.amo, satc, nqueens.CountOptions{Solver: e.solver, AMO: e.amo})
		out[len(out)-1].Missing = missingSolver(e.solver)
		out[len(out)-1].MaxN = 12
	}
	mzn := Method{Name: "minizinc/gecode", MaxN: 10, Count: countMiniZinc, Run: Invocation{Command: "minizinc"}}
	if err := minizinc.Available(); err != nil {
		mzn.Missing = err.Error()
	}
	out = append(out, mzn)
	for _, f := range nqueens.Finders() {
		if f.Name == nqueens.SAT {
			continue // by solver below
		}
		out = append(out, Method{Name: "find/" + string(f.Name), MaxN: min(f.MaxN, 1000), Run: Invocation{Command: "solve", Method: f.Name},
			Find: func(ctx context.Context, p model.Problem) (*nqueens.Solution, error) {
				return f.Find(ctx, p, nqueens.FindOptions{Seed: 1})
			}})
		if f.TakesOrder(nqueens.OrderHeuristic) {
			out = append(out, Method{Name: "find/" + string(f.Name) + "/heuristic", MaxN: f.MaxN, Run: Invocation{Command: "solve", Method: f.Name, Order: nqueens.OrderHeuristic},
				Find: func(ctx context.Context, p model.Problem) (*nqueens.Solution, error) {
					return f.Find(ctx, p, nqueens.FindOptions{Seed: 1, Order: nqueens.OrderHeuristic})
				}})
		}
	}
	satf, _ := nqueens.LookupFinder(nqueens.SAT)
	for _, s := range append([]string{"gini", "gophersat"}, sat.ExternalNames...) {
		out = append(out, Method{Name: "find/sat/" + s, MaxN: 200, Run: Invocation{Command: "solve", Method: nqueens.SAT, Solver: s},
			Missing: missingSolver(s),
			Find: func(ctx context.Context, p model.Problem) (*nqueens.Solution, error) {
				return satf.Find(ctx, p, nqueens.FindOptions{Solver: s})
			}})
	}
	return out
}

// missingSolver says why a SAT solver cannot run here, or "" if it can.
func missingSolver(name string) string {
	if _, err := sat.Lookup(name); err != nil {
		return name + " is not installed"
	}
	return ""
}

// countMiniZinc counts with minizinc and Gecode, checking every solution
// it prints.
func countMiniZinc(ctx context.Context, p model.Problem) (*nqueens.CountResult, error) {
	var m, d bytes.Buffer
	opt := encode.Options{Generator: "nqueens " + nqueens.Version}
	if err := encode.WriteMiniZinc(ctx, &m, p, opt); err != nil {
		return nil, err
	}
	if err := encode.WriteMiniZincData(ctx, &d, p, opt); err != nil {
		return nil, err
	}
	r, err := minizinc.Solve(ctx, m.Bytes(), minizinc.Options{Solver: "gecode", All: true, Data: d.Bytes()}, func(text string) error {
		q, err := encode.ReadMiniZincSolution(text, p.N)
		if err != nil {
			return err
		}
		if err := model.Verify(p, q); err != nil {
			return fmt.Errorf("check: minizinc gave a placement that is not a solution (%v)", err)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if !r.Complete {
		return nil, errors.New("check: minizinc stopped without saying that the search was complete")
	}
	return &nqueens.CountResult{Jobs: 1, All: r.Solutions}, nil
}

// Status is the outcome of one method on one N.
type Status string

const (
	OK       Status = "ok"
	Disagree Status = "DISAGREES"
	Invalid  Status = "INVALID"
	Timeout  Status = "timeout"
	Skipped  Status = "skipped"
	Errored  Status = "error"
)

// SkipReason says why a method was not run on an N.
type SkipReason string

// The reasons for a skipped cell.
const (
	// NotInstalled: the method's program is not installed.
	NotInstalled SkipReason = "not installed"
	// BeyondReach: N is beyond the method's bound (Method.MaxN).
	BeyondReach SkipReason = "beyond its reach"
	// AfterTimeout: the counter timed out at a smaller N, and a count of
	// a larger board takes longer.
	AfterTimeout SkipReason = "after a timeout"
)

// Cell is one method's result on one N.
type Cell struct {
	N      int    `json:"n"`
	Method string `json:"method"`
	Status Status `json:"status"`
	// Skip says why a Skipped cell was not run.
	Skip     SkipReason `json:"skip,omitempty"`
	Count    *uint64    `json:"count,omitempty"`
	Distinct *uint64    `json:"distinct,omitempty"`
	Found    bool       `json:"found,omitempty"` // a finder found a verified solution
	Seconds  float64    `json:"seconds"`
	Note     string     `json:"note,omitempty"`
	// Reproduce repeats the run, for a disagreement, an invalid
	// solution or an error; nil otherwise.
	Reproduce *Invocation `json:"reproduce,omitempty"`
}

// Options shape a check.
type Options struct {
	From, To int
	// Methods restricts the run to these names (nil: all).
	Methods []string
	// Budget is the time limit of one method on one N.
	Budget time.Duration
	// Progress, if set, is called after each N with the cells done and
	// the cells in all.
	Progress func(done, total int)
	// Extra methods are checked after the toolkit's own (a method under
	// development, or a deliberately wrong one in a test).
	Extra []Method
}

// Run runs every method on every N from From to To, each within its
// budget, and compares: every count with OEIS A000170 (and the distinct
// counts with A002562) and with the other methods' counts on the same N;
// every finder's solution is verified, and "no solution" must agree with
// Q(n) = 0. It returns the cells in order of N, then method, and whether
// all agreed.
func Run(ctx context.Context, opt Options) ([]Cell, bool, error) {
	if ctx == nil {
		return nil, false, errors.New("check: Run was given a nil context (use context.Background())")
	}
	methods := append(Methods(), opt.Extra...)
	if opt.Methods != nil {
		var sel []Method
		for _, name := range opt.Methods {
			found := false
			for _, m := range methods {
				if m.Name == name || strings.HasPrefix(m.Name, name+"/") {
					sel, found = append(sel, m), true
				}
			}
			if !found {
				names := make([]string, len(methods))
				for i, m := range methods {
					names[i] = m.Name
				}
				return nil, false, &nqueens.OptionError{Err: fmt.Errorf("check: unknown method %q (known: %s, or a prefix such as sat/gini)", name, strings.Join(names, ", "))}
			}
		}
		methods = sel
	}
	if opt.From < 1 || opt.To < opt.From {
		return nil, false, &nqueens.OptionError{Err: fmt.Errorf("check: the range %d..%d is empty or starts below 1", opt.From, opt.To)}
	}
	if opt.Budget <= 0 {
		opt.Budget = 30 * time.Second
	}
	methodRun := map[string]Invocation{}
	for _, m := range methods {
		methodRun[m.Name] = m.Run
	}
	var cells []Cell
	allOK := true
	total := len(methods) * (opt.To - opt.From + 1)
	timedOut := map[string]int{} // a counter's first N past the budget
	for n := opt.From; n <= opt.To; n++ {
		_, _, isKnown := model.KnownCount(n)
		var row []Cell
		for _, m := range methods {
			if err := ctx.Err(); err != nil {
				return cells, false, err
			}
			if k, ok := timedOut[m.Name]; ok {
				// A count of a larger board takes longer: not run again.
				row = append(row, Cell{N: n, Method: m.Name, Status: Skipped, Skip: AfterTimeout, Note: fmt.Sprintf("timed out at N = %d", k)})
				continue
			}
			c, err := runCell(ctx, m, n, opt.Budget)
			if err != nil {
				return cells, false, err
			}
			if c.Status == Timeout && m.Count != nil {
				timedOut[m.Name] = n
			}
			row = append(row, c)
		}
		if !isKnown {
			markDisagreements(row)
		}
		for _, c := range row {
			if c.Status == Disagree || c.Status == Invalid || c.Status == Errored {
				allOK = false
				run := methodRun[c.Method]
				run.N = c.N
				c.Reproduce = &run
			}
			cells = append(cells, c)
		}
		if opt.Progress != nil {
			opt.Progress(len(cells), total)
		}
	}
	return cells, allOK, nil
}

// runCell runs method m on N = n within the budget and judges its answer:
// a count against OEIS A000170 and A002562, a solution verified, "no
// solution" against Q(n). The error is the caller's context's, when it
// was cancelled; every failure of the method is the cell's status.
func runCell(ctx context.Context, m Method, n int, budget time.Duration) (Cell, error) {
	c := Cell{N: n, Method: m.Name}
	switch {
	case m.Missing != "":
		c.Status, c.Skip, c.Note = Skipped, NotInstalled, m.Missing
		return c, nil
	case n > m.MaxN:
		c.Status, c.Skip, c.Note = Skipped, BeyondReach, fmt.Sprintf("N > %d", m.MaxN)
		return c, nil
	}
	mctx, cancel := context.WithTimeout(ctx, budget)
	defer cancel()
	start := time.Now()
	if m.Count != nil {
		r, err := m.Count(mctx, model.Classic(n))
		c.Seconds = time.Since(start).Seconds()
		if ctx.Err() != nil {
			return c, ctx.Err()
		}
		judgeCount(&c, r, err, mctx.Err() != nil, budget)
		return c, nil
	}
	s, err := m.Find(mctx, model.Classic(n))
	c.Seconds = time.Since(start).Seconds()
	if ctx.Err() != nil {
		return c, ctx.Err()
	}
	judgeFind(&c, s, err, budget)
	return c, nil
}

// judgeCount sets the status of a counter's cell from its result: a
// timeout (the method's budget expired), an error, or a count that agrees
// with OEIS or not.
func judgeCount(c *Cell, r *nqueens.CountResult, err error, expired bool, budget time.Duration) {
	known, knownDistinct, isKnown := model.KnownCount(c.N)
	switch {
	case errors.Is(err, context.DeadlineExceeded) || err == nil && expired:
		c.Status, c.Note = Timeout, fmt.Sprintf("over %v", budget)
	case err != nil:
		c.Status, c.Note = Errored, err.Error()
	default:
		all := r.All
		c.Count, c.Status = &all, OK
		if r.HasDistinct {
			d := r.Distinct
			c.Distinct = &d
		}
		if isKnown && (all != known || r.HasDistinct && r.Distinct != knownDistinct) {
			c.Status, c.Note = Disagree, fmt.Sprintf("OEIS: %d (%d distinct)", known, knownDistinct)
		}
	}
}

// judgeFind sets the status of a finder's cell from its answer: a
// solution (verified by the registry) where OEIS has one, "no solution"
// where it has none.
func judgeFind(c *Cell, s *nqueens.Solution, err error, budget time.Duration) {
	known, _, isKnown := model.KnownCount(c.N)
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		c.Status, c.Note = Timeout, fmt.Sprintf("over %v", budget)
	case errors.As(err, new(*nqueens.WrongAnswerError)):
		c.Status, c.Note = Disagree, err.Error()
	case errors.Is(err, model.ErrNoSolution):
		c.Status, c.Note = OK, "no solution"
		if !isKnown || known != 0 {
			c.Status, c.Note = Disagree, fmt.Sprintf("no solution, but Q(%d) = %d", c.N, known)
		}
	case errors.As(err, new(*nqueens.InvalidSolutionError)):
		c.Status, c.Note = Invalid, err.Error()
	case err != nil:
		c.Status, c.Note = Errored, err.Error()
	default:
		c.Status, c.Found = OK, s != nil
		if isKnown && known == 0 {
			c.Status, c.Note = Disagree, "a solution where OEIS says none"
		}
	}
}

// markDisagreements marks every count of a row Disagree when two of them
// differ (for an N that OEIS has no value for).
func markDisagreements(row []Cell) {
	var ref *uint64
	for i := range row {
		if row[i].Count == nil {
			continue
		}
		if ref == nil {
			ref = row[i].Count
			continue
		}
		if *row[i].Count != *ref {
			for j := range row {
				if row[j].Count != nil {
					row[j].Status = Disagree
				}
			}
			return
		}
	}
}
