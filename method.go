package nqueens

import (
	"fmt"
)

// Method names a method of the registry: a way of finding one solution
// (Finders) or of counting them all (Counters).
type Method string

// The methods.
const (
	LocalSearch   Method = "localsearch"   // Sosič and Gu's local search
	Construct     Method = "construct"     // Hoffman, Loessi and Moore's construction
	Backtrack     Method = "backtrack"     // Wirth's backtracking (or MRV with OrderHeuristic)
	SAT           Method = "sat"           // the CNF answered by a SAT solver
	DLX           Method = "dlx"           // the exact cover answered by dancing links
	Constellation Method = "constellation" // border constellations, weighted by orbit
	Bitmask       Method = "bitmask"       // Takaken's bitmask search
	CP            Method = "cp"            // constraint propagation with the diagonal sums
	Join          Method = "join"          // quarter boards joined into halves (meet in the middle)
)

// Order is the search order of a complete method that takes one (Finder.Orders,
// Counter.Orders).
type Order int

const (
	// OrderLex is the method's own order: for backtrack Wirth's, rows from
	// the top and columns from the left, whose first solution is the
	// lexicographically first; for dlx Knuth's item choice (fewest
	// options, the first in organ-pipe order among ties).
	OrderLex Order = iota
	// OrderHeuristic is, for backtrack, search.Heuristic's order: forward
	// checking, the row with the fewest squares left first, values at
	// random with restarts for a first solution (every N up to 1000 in
	// milliseconds); for dlx, dlx.FirstRandom's: Knuth's item choice with
	// ties at random, options in random order, restarts. Counts are the
	// same in either order.
	OrderHeuristic
)

var orderNames = []string{OrderLex: "lex", OrderHeuristic: "heuristic"}

func (o Order) String() string {
	if o >= 0 && int(o) < len(orderNames) {
		return orderNames[o]
	}
	return fmt.Sprintf("Order(%d)", int(o))
}

// ParseOrder reads the name of an order: "lex" or "heuristic".
func ParseOrder(s string) (Order, error) {
	for o, name := range orderNames {
		if s == name {
			return Order(o), nil
		}
	}
	return 0, &OptionError{fmt.Errorf("unknown order %q (known: lex, heuristic)", s)}
}

// Progress is what a method tells FindOptions.Progress or
// CountOptions.Progress.
type Progress int

const (
	NoProgress Progress = iota
	// ProgressFraction: the work done of a known total (collisions
	// removed, work units counted).
	ProgressFraction
	// ProgressNodes: the nodes searched so far, the total unknown.
	ProgressNodes
)

// MarshalText writes the order's name, as JSON output gives it.
func (o Order) MarshalText() ([]byte, error) { return []byte(o.String()), nil }

// UnmarshalText reads an order's name.
func (o *Order) UnmarshalText(b []byte) error {
	v, err := ParseOrder(string(b))
	*o = v
	return err
}

// titles name the methods in sentences ("confirmed by dancing links").
var titles = map[Method]string{
	LocalSearch:   "local search",
	Construct:     "the construction",
	Backtrack:     "backtracking",
	SAT:           "SAT",
	DLX:           "dancing links",
	Constellation: "the constellation count",
	Bitmask:       "the bitmask count",
	CP:            "constraint propagation (cp)",
	Join:          "the join of quarter boards",
}

// Title names method m in a sentence: "dancing links", "backtracking".
func Title(m Method) string {
	if t, ok := titles[m]; ok {
		return t
	}
	return string(m)
}
