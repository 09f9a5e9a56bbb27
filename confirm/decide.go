package confirm

import (
	"context"
	"errors"
	"fmt"
	"time"

	nqueens "github.com/queenslab/nqueens"
	"github.com/queenslab/nqueens/encode"
	"github.com/queenslab/nqueens/model"
	"github.com/queenslab/nqueens/native/search"
	"github.com/queenslab/nqueens/solvers/dlx"
	"github.com/queenslab/nqueens/solvers/sat"
)

// DecideCountMaxN is the largest N whose instances Decide counts (by
// dancing links and backtracking, which must agree) as well as decides.
const DecideCountMaxN = 10

// Decision is the answer of Decide.
type Decision struct {
	// Satisfiable says that p has a solution (found and verified).
	Satisfiable bool
	// Count is the number of solutions for N <= DecideCountMaxN, else nil.
	Count *uint64
	// Nodes is the number of search-tree nodes dancing links needed: to
	// its first solution, or the whole tree when there is none.
	Nodes uint64
	// Proof is a checked refutation of p's linear relaxation, when there
	// is one.
	Proof *model.Farkas
}

// Decide finds whether p has a solution by two independent complete
// methods at once, and fails if they disagree: dancing links on the exact
// cover, and the constraint-propagation search (search.CP) up to its
// search.CPMaxN, gini on the CNF above; up to DecideCountMaxN it counts
// the solutions too, by dancing links and backtracking. An instance that
// either method cannot decide within the budget is an error that wraps
// context.DeadlineExceeded.
//
// A refutation of p's linear relaxation (search.Refute), checked by
// model.Farkas.Check, proves there is no solution without a search: it is
// returned as the Proof, and the two methods must agree with it. An
// instance they cannot decide within the budget is decided by it (count
// 0, nodes 0) instead of being an error.
func Decide(ctx context.Context, p model.Problem, budget time.Duration) (Decision, error) {
	if ctx == nil {
		return Decision{}, errors.New("confirm: Decide was given a nil context (use context.Background())")
	}
	var proof *model.Farkas
	if !p.IsClassic() && p.N <= search.RelaxMaxN {
		var err error
		// Refute's proofs are checked (model.FarkasFromReals).
		if proof, err = search.Refute(ctx, p); err != nil {
			return Decision{}, err
		}
	}
	bctx, cancel := context.WithTimeout(ctx, budget)
	defer cancel()
	d, err := decideBoth(bctx, p)
	switch {
	case proof == nil:
	case err != nil && errors.Is(err, context.DeadlineExceeded) && ctx.Err() == nil:
		zero := uint64(0)
		return Decision{Count: &zero, Proof: proof}, nil
	case err == nil && (d.Satisfiable || d.Count != nil && *d.Count != 0):
		return Decision{}, fmt.Errorf("confirm: the searches find a solution of %+v, which the linear relaxation refutes", p)
	}
	d.Proof = proof
	return d, err
}

// decideBoth is Decide by its two search methods.
func decideBoth(ctx context.Context, p model.Problem) (Decision, error) {
	x, _, err := encode.QueensCover(p, encode.OrganPipe)
	if err != nil {
		return Decision{}, err
	}
	d, err := dlx.New(x)
	if err != nil {
		return Decision{}, err
	}
	other := make(chan decision, 1)
	go func() { other <- decideOther(ctx, p) }()
	first, st, err := d.First(ctx)
	o := <-other
	if err != nil {
		return Decision{}, fmt.Errorf("confirm: dancing links: %w", err)
	}
	out := Decision{Satisfiable: first != nil, Nodes: st.Nodes}
	if o.err != nil {
		return out, fmt.Errorf("%s: %w", o.method, o.err)
	}
	if (first != nil) != o.sat {
		return out, fmt.Errorf("confirm: dancing links and %s disagree on %+v: %v against %v", o.method, p, first != nil, o.sat)
	}
	if p.N <= DecideCountMaxN {
		all, _, err := d.Count(ctx, 1)
		if err != nil {
			return out, err
		}
		bt, err := backtrackCount(ctx, p)
		if err != nil {
			return out, err
		}
		if bt != all {
			return out, fmt.Errorf("confirm: dancing links counts %d solutions of %+v, backtracking %d", all, p, bt)
		}
		out.Count = &all
	}
	return out, nil
}

// decision is the answer of Decide's second method: whether p has a
// solution (found and verified).
type decision struct {
	method string
	sat    bool
	err    error
}

// decideOther is Decide's second method: the constraint-propagation search
// on one core up to search.CPMaxN, gini above.
func decideOther(ctx context.Context, p model.Problem) decision {
	if p.N <= search.CPMaxN {
		r, err := search.CP(ctx, p, search.CPOptions{FirstOnly: true, Jobs: 1, Seed: 1, NoRelaxation: true})
		if err == nil && r.First != nil {
			err = model.Verify(p, r.First)
		}
		return decision{"constraint propagation", r.First != nil, err}
	}
	cnf, err := encode.NewCNF(p, nil)
	if err != nil {
		return decision{"gini", false, err}
	}
	r, err := sat.Gini{}.Solve(ctx, cnf)
	if err == nil && r.Status == sat.Sat {
		var q model.Placement
		if q, err = encode.Decode(p.N, func(v int) bool { return r.Model[v] }); err == nil {
			err = model.Verify(p, q)
		}
	}
	return decision{"gini", r.Status == sat.Sat, err}
}

// backtrackCount counts the solutions of p by backtracking.
func backtrackCount(ctx context.Context, p model.Problem) (uint64, error) {
	c, _ := nqueens.LookupCounter(nqueens.Backtrack)
	r, err := c.Count(ctx, p, nqueens.CountOptions{})
	if err != nil {
		return 0, err
	}
	return r.All, nil
}
