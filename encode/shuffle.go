package encode

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/queenslab/nqueens/cnf"
	"github.com/queenslab/nqueens/internal/memlimit"
	"github.com/queenslab/nqueens/model"
)

// Scrambling, as the SAT competitions scramble their instances (and
// cnfgen's -T shuffle, Biere's scranfilize): a solver tuned to the order
// a generator writes in wins on the order, not on the problem. A DIMACS
// file written with Options.Shuffle = S has its variables renamed (a
// permutation of 1..V), the polarity of each variable flipped or not, its
// clauses in another order and the literals of each clause too, all drawn
// from S: a PCG of math/rand/v2 seeded (S, shuffleStream), the variables
// permuted by Fisher and Yates over 1..V first (variable v of the
// encoding is variable Perm[v] of the file), then a flip drawn for each
// of 1..V in turn, then the clauses permuted by Fisher and Yates, then the
// literals of each clause, in the file's order. The header says so; its
// problem, variable map and expected answer are the encoding's, and S
// maps a model of the file back to it (Shuffle.Value).

// shuffleStream is the second seed of the scrambling's PCG ("scra").
const shuffleStream = 0x73637261

// Shuffle is the renaming of a scrambled file's variables.
type Shuffle struct {
	Seed uint64
	perm []uint32 // perm[v]: the file's variable of the encoding's v
	flip []bool   // flip[v]: the polarity of v is flipped
	rng  *rand.Rand
}

// NewShuffle draws the renaming of vars variables from seed (not 0).
func NewShuffle(seed uint64, vars int) (*Shuffle, error) {
	if seed == 0 {
		return nil, fmt.Errorf("encode: a shuffle's seed is 1 or more, not 0")
	}
	if err := memlimit.Check(uint64(vars+1)*5, fmt.Sprintf("the shuffle of %d variables", vars)); err != nil {
		return nil, err
	}
	s := &Shuffle{Seed: seed, perm: make([]uint32, vars+1), flip: make([]bool, vars+1), rng: rand.New(rand.NewPCG(seed, shuffleStream))}
	for v := range s.perm {
		s.perm[v] = uint32(v)
	}
	for i := vars; i > 1; i-- { // Fisher and Yates over 1..vars
		j := 1 + s.rng.IntN(i)
		s.perm[i], s.perm[j] = s.perm[j], s.perm[i]
	}
	for v := 1; v <= vars; v++ {
		s.flip[v] = s.rng.IntN(2) == 1
	}
	return s, nil
}

// Lit is the file's literal of the encoding's literal l.
func (s *Shuffle) Lit(l int) int {
	v := l
	if v < 0 {
		v = -v
	}
	out := int(s.perm[v])
	if (l < 0) != s.flip[v] {
		return -out
	}
	return out
}

// Value is the value of the encoding's variable v under a model of the
// scrambled file (value of the file's variables).
func (s *Shuffle) Value(value func(v int) bool) func(v int) bool {
	return func(v int) bool {
		if v < 1 || v >= len(s.perm) {
			return false
		}
		return value(int(s.perm[v])) != s.flip[v]
	}
}

// scramble is src scrambled: its clauses renamed, reordered and each one's
// literals reordered, held in memory (checked first).
func (s *Shuffle) scramble(src cnf.Source) (*cnf.Formula, error) {
	var t cnf.Tally
	src.Encode(&t)
	if err := memlimit.Check(uint64(t.Literals)*8+uint64(t.Clauses)*48, fmt.Sprintf("the shuffle of %d clauses", t.Clauses)); err != nil {
		return nil, err
	}
	f := &cnf.Formula{}
	src.Encode(f)
	f.Vars, _ = src.Size()
	for _, c := range f.Clauses {
		for i, l := range c {
			c[i] = s.Lit(l)
		}
	}
	for i := len(f.Clauses) - 1; i > 0; i-- {
		j := s.rng.IntN(i + 1)
		f.Clauses[i], f.Clauses[j] = f.Clauses[j], f.Clauses[i]
	}
	for _, c := range f.Clauses {
		for i := len(c) - 1; i > 0; i-- {
			j := s.rng.IntN(i + 1)
			c[i], c[j] = c[j], c[i]
		}
	}
	return f, nil
}

// mappedVars are the file's variables of the encoding's 1..n, in order:
// a scrambled file's projection set.
func (s *Shuffle) mappedVars(n int) []int {
	out := make([]int, n)
	for v := 1; v <= n; v++ {
		out[v-1] = int(s.perm[v])
	}
	slices.Sort(out)
	return out
}

// DecodeShuffled reads the queens of a model of a DIMACS file of vars
// variables scrambled with the seed shuffle (0: not scrambled), as Decode
// reads them from a file that is not.
func DecodeShuffled(n, vars int, shuffle uint64, value func(v int) bool) (model.Placement, error) {
	if shuffle == 0 {
		return Decode(n, value)
	}
	s, err := NewShuffle(shuffle, vars)
	if err != nil {
		return nil, err
	}
	return Decode(n, s.Value(value))
}
