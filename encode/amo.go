package encode

import (
	"github.com/queenslab/nqueens/cnf"

	"fmt"
	"strconv"
	"strings"
)

// AMO is an at-most-one encoding: clauses, perhaps over fresh auxiliary
// variables, that hold exactly when at most one of k literals is true.
// Exactly-one is the at-least-one clause plus an AMO.
type AMO interface {
	// Name is the encoding as the command line spells it, with its
	// parameter when it has one ("commander:3").
	Name() string
	// Encode adds the clauses for lits to dst, taking auxiliary variables
	// from vars.
	Encode(dst cnf.Adder, vars *cnf.Vars, lits []int)
	// Size gives the number of auxiliary variables and clauses that Encode
	// adds for k literals, from the formula, without encoding.
	Size(k int) (vars, clauses int)
	// Parsimonious reports whether every assignment of the k literals
	// with at most one true extends to exactly one model (the auxiliary
	// variables are functions of the literals), so model counts need no
	// projection.
	Parsimonious() bool
}

// AMONames lists the encodings in the order the documentation gives them.
var AMONames = []string{"pairwise", "sequential", "ladder", "commander", "product", "bimander", "binary"}

// PairwiseMaxN is the largest board on which DefaultAMO picks pairwise.
const PairwiseMaxN = 64

// DefaultAMO names the encoding used when none is named, for a board of
// side n, by every writer and solver of the toolkit: pairwise up to
// PairwiseMaxN (no auxiliary variables, parsimonious, and the fastest to
// solve and count on small boards: see docs/benchmarks.md, "SAT at large
// N"), sequential
// above (pairwise grows as N^3 clauses, sequential linearly).
func DefaultAMO(n int) string {
	if n <= PairwiseMaxN {
		return "pairwise"
	}
	return "sequential"
}

// DefaultAMORule states DefaultAMO for help texts.
const DefaultAMORule = "pairwise up to N = 64, sequential above"

// ParseAMO returns the encoding named by s: one of AMONames, optionally with
// a parameter after a colon: "commander:G" (group size G >= 2, default 3)
// and "bimander:M" (M groups, M >= 1; default ceil(sqrt k) for each
// constraint of k literals); SumsSuffix after it ("pairwise+sums") adds the
// diagonal sums (WithSums).
func ParseAMO(s string) (AMO, error) {
	base, sums := cutSums(strings.TrimSpace(s))
	a, err := parseAMO(base)
	if err != nil || !sums {
		return a, err
	}
	return WithSums{a}, nil
}

func parseAMO(s string) (AMO, error) {
	name, arg, hasArg := strings.Cut(s, ":")
	param := 0
	if hasArg {
		p, err := strconv.Atoi(arg)
		if err != nil {
			return nil, fmt.Errorf("encode: at-most-one encoding %q: parameter %q is not a whole number", s, arg)
		}
		param = p
	}
	switch name {
	case "pairwise", "sequential", "ladder", "product", "binary":
		if hasArg {
			return nil, fmt.Errorf("encode: at-most-one encoding %q takes no parameter", name)
		}
	}
	switch name {
	case "pairwise":
		return Pairwise{}, nil
	case "sequential":
		return Sequential{}, nil
	case "ladder":
		return Ladder{}, nil
	case "product":
		return Product{}, nil
	case "binary":
		return Binary{}, nil
	case "commander":
		if !hasArg {
			param = 3
		}
		if param < 2 {
			return nil, fmt.Errorf("encode: commander group size must be at least 2, not %d", param)
		}
		return Commander{Group: param}, nil
	case "bimander":
		if hasArg && param < 1 {
			return nil, fmt.Errorf("encode: bimander group count must be at least 1, not %d", param)
		}
		return Bimander{Groups: param}, nil
	}
	return nil, fmt.Errorf("encode: unknown at-most-one encoding %q (known: %s)", name, strings.Join(AMONames, ", "))
}

// AllAMO returns every encoding with its default parameter, in AMONames order.
func AllAMO() []AMO {
	out := make([]AMO, 0, len(AMONames))
	for _, n := range AMONames {
		a, err := ParseAMO(n)
		if err != nil {
			panic(err) // the names above are known
		}
		out = append(out, a)
	}
	return out
}

// ceilLog2 returns the number of bits needed to number m things (0 for m <= 1).
func ceilLog2(m int) int {
	b := 0
	for 1<<b < m {
		b++
	}
	return b
}

// ceilSqrt returns the smallest p with p*p >= k.
func ceilSqrt(k int) int {
	p := 0
	for p*p < k {
		p++
	}
	return p
}

// bitLit returns the literal of bit variable v that holds when bit j of i is set.
func bitLit(v, i, j int) int {
	if i>>j&1 == 1 {
		return v
	}
	return -v
}
