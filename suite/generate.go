package suite

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/queenslab/nqueens"
	"github.com/queenslab/nqueens/cnf"
	"github.com/queenslab/nqueens/confirm"
	"github.com/queenslab/nqueens/encode"
	"github.com/queenslab/nqueens/model"
	"github.com/queenslab/nqueens/native/search"
	"github.com/queenslab/nqueens/solvers/sat"
)

// Families lists the instance families of Generate.
var Families = []string{"classic", "completion", "blocked", "unsat", "diagonals"}

// Options describe a benchmark suite.
type Options struct {
	// Family is one of Families.
	Family string
	// N is the board size; for "classic", From..To is a range instead.
	N, From, To int
	// M is the number of pre-placed queens (completion, unsat), of
	// blocked squares (blocked) or of excluded diagonals (diagonals: the
	// first M of each list drawn).
	M int
	// AllM makes instances of every prefix of each list of the diagonals
	// family, from 0 diagonals to the whole list, as Gent, Jefferson and
	// Nightingale's experiments do, instead of the first M.
	AllM bool
	// MinOpen is k of the diagonals family (ExcludedDiagonals): every row
	// and column keeps at least k open squares; 0 for DefaultMinOpen.
	MinOpen int
	// Lists, for the diagonals family, are published lists to make the
	// instances of (every prefix, or their D), instead of drawing Count
	// lists.
	Lists []List
	// Calibrate, for the diagonals family, keeps only the instances that
	// a reference solver decides in a band of time, drawing lists until
	// Count are kept: what a benchmark of known difficulty needs.
	Calibrate *Calibration
	// Count is the number of instances (not for classic: one per N).
	Count int
	// Formats are the formats of the files; AMOs the encodings of
	// encode.DIMACS (none: encode.DefaultAMO of each instance's N).
	Formats []encode.Format
	AMOs    []string
	// Seed makes the suite reproducible: same options, same bytes.
	Seed uint64
	// Command is the command that made the suite, without its output
	// folder, for the manifest.
	Command string
	// Reproduce, if set, gives the command line that writes the file of
	// an instance again byte for byte (the caller's own: nqueens encode
	// with the instance's squares, format and encoding); it goes into the
	// file's header and the manifest's command column. Nil: none.
	Reproduce func(Instance) string
	// Budget bounds the deciding of each instance (dancing links and the
	// constraint-propagation search or gini, together): an instance not
	// decided within it is recorded as expected UNKNOWN, with the reason,
	// and the run goes on; unless its linear relaxation refutes it, then
	// it is UNSAT with that refutation as its certificate.
	Budget time.Duration
	// Hard draws M from N at the measured peak of hardness of the
	// diagonals family (HardDiagonals), and at the 50% point of random
	// completion (HardM) and blocked n-queens (HardBlocked), which at the
	// sizes measured are not hard (EasyAtHard), instead of taking M.
	Hard bool
	// Certify adds to every UNSAT instance a DRAT proof from cadical,
	// checked in-process, recorded in the manifest's certificate column
	// (where cadical gives none within Budget, the column says so, unless
	// the linear relaxation's refutation is there).
	Certify bool
	// Progress, if set, is called after each instance.
	Progress func(done, total int)
	// BenchExec writes, beside every file, its BenchExec task definition
	// (TaskDefinition), and the property file they name (PropertyFile).
	BenchExec bool
	// Force replaces another suite in the folder: its own files (its
	// manifests, the files they list, the results made on it) are
	// removed first. Without it, a folder that holds another suite, or
	// files of one that no manifest lists, is refused.
	Force bool
	// Notice, if set, is told what was done besides writing: the old
	// suite's files removed, files left, a suite found already there.
	Notice func(string)
	// Shuffle, if not 0, scrambles every DIMACS file of the suite
	// (encode.Shuffle), each with a seed of its own drawn from this one
	// and its name (FileShuffle), recorded in its row and header.
	Shuffle uint64
}

// Calibration is a band of time under a reference solver.
type Calibration struct {
	// Solver is a DIMACS solver (sat.Lookup): cadical, minisat, gini ...
	// It solves each instance's CNF in the default encoding.
	Solver   string
	Min, Max time.Duration
	// Tries bounds the lists drawn (0: 100 times Count).
	Tries int
	// Progress, if set, is told of each list tried: how many were kept.
	Progress func(tried, kept int)
}

// List is a list of excluded diagonals given to the diagonals family: a
// .param file, say.
type List struct {
	// Name names the list in the instances' ids ("diag-21-4-259").
	Name string
	List model.DiagonalList
	// D is the number of its first diagonals to take; -1 for every prefix.
	D int
}

// MaxCount bounds the instances of one suite (Options.Count): each is held
// in memory, as a problem and then as manifest rows, until the manifest is
// written.
const MaxCount = 1_000_000

// CountMaxN is the largest N whose instances get their number of
// solutions in the manifest (counted by dancing links and checked by
// backtracking).
const CountMaxN = confirm.DecideCountMaxN

// withDefaults fills what the options leave open: the dimacs format, the
// range N..N of a classic suite given by
// N, and a budget of a minute.
func (o Options) withDefaults() Options {
	switch {
	case o.Hard && o.Family == "diagonals":
		o.M = HardDiagonals(o.N)
	case o.Hard && o.Family == "blocked":
		o.M = HardBlocked(o.N)
	case o.Hard:
		o.M = HardM(o.N)
	}
	if o.MinOpen == 0 {
		o.MinOpen = DefaultMinOpen
	}
	if len(o.Lists) > 0 && o.N == 0 {
		o.N = o.Lists[0].List.N
	}
	if len(o.Formats) == 0 {
		o.Formats = []encode.Format{encode.DIMACS}
	}
	if o.Family == "classic" && o.From == 0 && o.To == 0 {
		o.From, o.To = o.N, o.N
	}
	if o.Budget <= 0 {
		o.Budget = time.Minute
	}
	return o
}

// Validate checks the options, with their defaults filled in, before
// anything is written.
func (o Options) Validate() error {
	o = o.withDefaults()
	known := func(list []string, s string) bool {
		return slices.Contains(list, s)
	}
	if o.Hard && o.Family != "completion" && o.Family != "diagonals" && o.Family != "blocked" {
		return &nqueens.OptionError{Err: fmt.Errorf("suite: %s: --hard is measured for the completion, blocked and diagonals families (the %s family has no parameter to set by it)", o.Family, o.Family)}
	}
	if o.Family != "diagonals" && (o.AllM || len(o.Lists) > 0) {
		return &nqueens.OptionError{Err: fmt.Errorf("suite: %s: every prefix (AllM) and given lists are for the diagonals family", o.Family)}
	}
	for _, f := range o.Formats {
		if f == encode.Param && o.Family != "diagonals" {
			return &nqueens.OptionError{Err: fmt.Errorf("suite: %s: the .param format holds excluded diagonals only (the diagonals family)", o.Family)}
		}
	}
	names := map[string]bool{}
	for _, l := range o.Lists {
		switch {
		case !plainName(l.Name):
			return &nqueens.OptionError{Err: fmt.Errorf("suite: a list named %q makes no plain file name (empty, a folder, or starting with a dot): rename its file", l.Name)}
		case names[l.Name]:
			return &nqueens.OptionError{Err: fmt.Errorf("suite: two lists are named %q (files of one base name in different folders?): their instances would overwrite each other; rename one", l.Name)}
		}
		names[l.Name] = true
	}
	for _, f := range o.Formats {
		if _, err := encode.ParseFormat(string(f)); err != nil {
			return &nqueens.OptionError{Err: err}
		}
	}
	for _, a := range o.AMOs {
		if _, err := encode.ParseAMO(a); err != nil {
			return &nqueens.OptionError{Err: err}
		}
	}
	if o.Family == "diagonals" {
		return o.validateDiagonals()
	}
	if !known(Families, o.Family) {
		return &nqueens.OptionError{Err: fmt.Errorf("suite: unknown family %q (known: %s)", o.Family, strings.Join(Families, ", "))}
	}
	if o.Family == "classic" {
		if o.N != 0 && (o.From != 0 || o.To != 0) && (o.From != o.N || o.To != o.N) {
			return &nqueens.OptionError{Err: fmt.Errorf("suite: classic: give N (%d) or a range (%d..%d), not both", o.N, o.From, o.To)}
		}
		if o.From < 1 || o.To < o.From || o.To > nqueens.SATMaxN {
			return &nqueens.OptionError{Err: fmt.Errorf("suite: classic: the range %d..%d must lie in 1..%d", o.From, o.To, nqueens.SATMaxN)}
		}
		if o.M != 0 {
			return &nqueens.OptionError{Err: errors.New("suite: classic: a number of pre-placed queens or blocked squares (M) does not apply")}
		}
		return nil
	}
	switch {
	case o.From != 0 || o.To != 0:
		return &nqueens.OptionError{Err: fmt.Errorf("%s: a range of N applies to the classic family only", o.Family)}
	case o.N < 1 || o.N > nqueens.SATMaxN:
		return &nqueens.OptionError{Err: fmt.Errorf("%s: N = %d is out of range (1..%d)", o.Family, o.N, nqueens.SATMaxN)}
	case o.Count < 1:
		return &nqueens.OptionError{Err: fmt.Errorf("%s: the number of instances must be at least 1, not %d", o.Family, o.Count)}
	case o.Count > MaxCount:
		return &nqueens.OptionError{Err: fmt.Errorf("%s: at most %d instances a suite, not %d (their problems and manifest rows are held until the manifest is written)", o.Family, MaxCount, o.Count)}
	case o.M < 0:
		return &nqueens.OptionError{Err: fmt.Errorf("%s: M must not be negative", o.Family)}
	case (o.Family == "completion" || o.Family == "unsat") && o.M > o.N:
		return &nqueens.OptionError{Err: fmt.Errorf("%s: %d non-attacking queens do not fit on a %dx%d board (at most %d)", o.Family, o.M, o.N, o.N, o.N)}
	case o.Family == "blocked" && o.M > o.N*o.N:
		return &nqueens.OptionError{Err: fmt.Errorf("suite: blocked: %d blocked squares do not fit on a %dx%d board (at most %d)", o.M, o.N, o.N, o.N*o.N)}
	case o.Family == "unsat" && o.M == 0:
		return &nqueens.OptionError{Err: errors.New("suite: unsat: needs M >= 1 pre-placed queens")}
	}
	return nil
}

// validateDiagonals checks the options of the diagonals family.
func (o Options) validateDiagonals() error {
	bad := func(format string, a ...any) error {
		return &nqueens.OptionError{Err: fmt.Errorf("suite: diagonals: "+format, a...)}
	}
	switch {
	case o.From != 0 || o.To != 0:
		return bad("a range of N applies to the classic family only")
	case len(o.Lists) > 0:
		for _, l := range o.Lists {
			if l.List.N != o.N {
				return bad("list %s is of a %dx%d board, not %d", l.Name, l.List.N, l.List.N, o.N)
			}
			if l.D > len(l.List.Diagonals) {
				return bad("list %s has %d diagonals, %d asked", l.Name, len(l.List.Diagonals), l.D)
			}
		}
		return nil
	case o.N < 1 || o.N > model.ParamMaxN:
		return bad("N = %d is out of range (1..%d)", o.N, model.ParamMaxN)
	case o.Count < 1:
		return bad("the number of lists must be at least 1, not %d", o.Count)
	case o.Count > MaxCount:
		return bad("at most %d lists a suite, not %d", MaxCount, o.Count)
	case o.MinOpen < 1 || o.MinOpen > o.N:
		return bad("every row keeping %d open squares (k) does not fit a %dx%d board", o.MinOpen, o.N, o.N)
	case o.M < 0 || o.M > 2*(2*o.N-1):
		return bad("%d excluded diagonals: a %dx%d board has %d", o.M, o.N, o.N, 2*(2*o.N-1))
	case o.AllM && o.M != 0:
		return bad("give M or every prefix, not both")
	}
	return nil
}

// diagonalInstances are the instances of the diagonals family: of each
// given list, or of Count lists drawn by ExcludedDiagonals with seeds
// Seed, Seed+1, ..., the first M diagonals (a list shorter than M is left
// out and the next seed drawn) or every prefix.
func (o Options) diagonalInstances() ([]instance, error) {
	var out []instance
	add := func(name string, l model.DiagonalList, seed uint64, d int) error {
		p, err := l.Problem(d)
		if err != nil {
			return err
		}
		out = append(out, instance{p: p, seed: seed, id: fmt.Sprintf("%s-d%d", name, d), m: d, k: o.MinOpen})
		return nil
	}
	prefixes := func(name string, l model.DiagonalList, seed uint64, d int) error {
		if d >= 0 {
			return add(name, l, seed, d)
		}
		for d := 0; d <= len(l.Diagonals); d++ {
			if err := add(name, l, seed, d); err != nil {
				return err
			}
		}
		return nil
	}
	if len(o.Lists) > 0 {
		for _, l := range o.Lists {
			if err := prefixes(l.Name, l.List, 0, l.D); err != nil {
				return nil, err
			}
		}
		return out, nil
	}
	lists := 0
	for i := uint64(0); lists < o.Count; i++ {
		if i > uint64(100*o.Count) {
			return nil, &nqueens.OptionError{Err: fmt.Errorf("suite: diagonals: only %d of %d lists drawn for N = %d, k = %d have %d diagonals", lists, i, o.N, o.MinOpen, o.M)}
		}
		seed := o.Seed + i
		l, err := ExcludedDiagonals(o.N, o.MinOpen, seed)
		if err != nil {
			return nil, err
		}
		if !o.AllM && len(l.Diagonals) < o.M {
			continue
		}
		d := o.M
		if o.AllM {
			d = -1
		}
		if err := prefixes(fmt.Sprintf("diagonals-n%d-k%d-s%d", o.N, o.MinOpen, seed), l, seed, d); err != nil {
			return nil, err
		}
		lists++
	}
	return out, nil
}

// calibrated draws lists of the diagonals family with seeds Seed, Seed+1,
// ..., takes the first M diagonals of each (M at the peak with Hard),
// decides the instance by two methods, and keeps it when the reference
// solver decides it within the band [Min, Max] of wall time, with the same
// answer, until Count are kept. A reference solver that answers otherwise
// is an error naming it.
func (o Options) calibrated(ctx context.Context) ([]instance, error) {
	c := o.Calibrate
	ref, err := sat.Lookup(c.Solver)
	if err != nil {
		return nil, &nqueens.OptionError{Err: fmt.Errorf("suite: calibration: %v", err)}
	}
	if c.Min < 0 || c.Max <= c.Min {
		return nil, &nqueens.OptionError{Err: fmt.Errorf("suite: calibration: the band %v to %v is empty", c.Min, c.Max)}
	}
	version := ref.Name()
	if e, ok := ref.(*sat.External); ok {
		version = sat.ProgramVersion(ctx, e.Path)
	}
	tries := c.Tries
	if tries <= 0 {
		tries = 100 * o.Count
	}
	var out []instance
	for i := 0; len(out) < o.Count; i++ {
		if i >= tries {
			return out, fmt.Errorf("suite: calibration: %d of %d instances tried are decided by %s in %v to %v (kept %d of %d asked)", len(out), i, c.Solver, c.Min, c.Max, len(out), o.Count)
		}
		if c.Progress != nil {
			c.Progress(i, len(out))
		}
		seed := o.Seed + uint64(i)
		l, err := ExcludedDiagonals(o.N, o.MinOpen, seed)
		if err != nil {
			return nil, err
		}
		if len(l.Diagonals) < o.M {
			continue
		}
		p, err := l.Problem(o.M)
		if err != nil {
			return nil, err
		}
		ok, count, nodes, proof, err := decide(ctx, p, o.Budget)
		if undecided(ctx, err) {
			continue
		}
		if err != nil {
			return nil, err
		}
		cnf, err := encode.NewCNF(p, nil)
		if err != nil {
			return nil, err
		}
		rctx, cancel := context.WithTimeout(ctx, c.Max)
		start := time.Now()
		r, err := ref.Solve(rctx, cnf)
		took := time.Since(start)
		cancel()
		switch {
		case ctx.Err() != nil:
			return nil, ctx.Err()
		case errors.Is(err, context.DeadlineExceeded) || r.Status == sat.Unknown && err == nil:
			continue // past the band
		case err != nil:
			return nil, fmt.Errorf("suite: calibration: %s: %w", c.Solver, err)
		case (r.Status == sat.Sat) != ok:
			return nil, fmt.Errorf("suite: calibration: %s answers %v on %+v, two methods found %v", c.Solver, r.Status, p, ok)
		case took < c.Min || took > c.Max:
			continue
		}
		out = append(out, instance{p: p, seed: seed, id: fmt.Sprintf("diagonals-n%d-k%d-s%d-d%d", o.N, o.MinOpen, seed, o.M), m: o.M, k: o.MinOpen,
			decided: true, ok: ok, count: count, nodes: nodes, proof: proof, reference: c.Solver + " " + version, referenceSeconds: took.Seconds()})
	}
	return out, nil
}

// estimateProbes is the number of probes of the estimate of an undecided
// instance's search tree: a tenth of a second at N = 30.
const estimateProbes = 10_000

// undecidedEstimate is what an undecided instance's reason adds: the size
// of the complete search's tree, estimated by Knuth's method, so that a
// user sees how far beyond the budget the instance lies; "" past the
// search's boards, or when cancelled.
func undecidedEstimate(ctx context.Context, p model.Problem) string {
	if p.N > search.CPMaxN {
		return ""
	}
	e, err := search.EstimateCP(ctx, p, estimateProbes, 1, 0)
	if err != nil {
		return ""
	}
	return fmt.Sprintf("; the constraint-propagation search's tree estimated at %.2g nodes (Knuth's method, %d probes)", e.Nodes, e.Probes)
}

// instanceRNG is the random source of instance i of a suite.
func instanceRNG(seed uint64, i int) *rand.Rand {
	return rand.New(rand.NewPCG(seed, uint64(i)+0x9e3779b97f4a7c15))
}

// randomCompletion places m queens at random, none attacking another, by
// drawing among the squares still free; it restarts when it gets stuck.
func randomCompletion(rng *rand.Rand, n, m int) ([]model.Square, error) {
	for try := 0; try < 1000; try++ {
		var qs []model.Square
		for len(qs) < m {
			var free []model.Square
			for r := 0; r < n; r++ {
				for c := 0; c < n; c++ {
					s := model.Square{Row: r, Col: c}
					ok := true
					for _, q := range qs {
						if q == s || model.Attacks(q, s) {
							ok = false
							break
						}
					}
					if ok {
						free = append(free, s)
					}
				}
			}
			if len(free) == 0 {
				break
			}
			qs = append(qs, free[rng.IntN(len(free))])
		}
		if len(qs) == m {
			sort.Slice(qs, func(i, j int) bool { return qs[i].Row < qs[j].Row })
			return qs, nil
		}
	}
	return nil, fmt.Errorf("suite: could not place %d non-attacking queens on a %dx%d board in 1000 tries", m, n, n)
}

// randomBlocked picks m distinct squares at random.
func randomBlocked(rng *rand.Rand, n, m int) []model.Square {
	perm := rng.Perm(n * n)[:m]
	sort.Ints(perm)
	out := make([]model.Square, m)
	for i, k := range perm {
		out[i] = model.Square{Row: k / n, Col: k % n}
	}
	return out
}

// decide is confirm.Decide, its answer as the suite records it.
func decide(ctx context.Context, p model.Problem, budget time.Duration) (ok bool, count *uint64, nodes uint64, proof *model.Farkas, err error) {
	d, err := confirm.Decide(ctx, p, budget)
	return d.Satisfiable, d.Count, d.Nodes, d.Proof, err
}

// constructed finds a solution of the classic problem by the explicit
// construction (verified by the registry), or says there is none (N = 2, 3).
func constructed(ctx context.Context, n int) (bool, error) {
	f, err := nqueens.LookupFinder(nqueens.Construct)
	if err != nil {
		return false, err
	}
	_, err = f.Find(ctx, model.Classic(n), nqueens.FindOptions{})
	if errors.As(err, new(*nqueens.NoSolutionError)) {
		return false, nil
	}
	return err == nil, err
}

// certify proves that p has no solution (confirm.CertifyNone) and returns
// what the manifest records of the proof.
func certify(ctx context.Context, p model.Problem) (string, error) {
	cert, q, err := confirm.CertifyNone(ctx, p)
	switch {
	case err != nil:
		return "", err
	case q != nil:
		return "", fmt.Errorf("suite: %s finds a solution of an instance that two methods found unsatisfiable", confirm.CertifySolver)
	}
	return cert.String(), nil
}

// instance is one instance of a suite to write: its problem, the draw or
// seed it comes from, its id, and its m (and k for the diagonals family).
type instance struct {
	p    model.Problem
	seed uint64
	id   string
	m, k int
	// decided: the answer is known already (calibration decided it).
	decided          bool
	ok               bool
	count            *uint64
	nodes            uint64
	proof            *model.Farkas
	reference        string
	referenceSeconds float64
}

// Generate writes a suite into dir (created if needed): every instance in
// every format (and every encoding for dimacs), each file whole or not at
// all, then manifest.json and manifest.csv, last, so an interrupted run
// leaves no manifest. Every instance's expected answer comes from dancing
// links and gini, which must agree.
func Generate(ctx context.Context, dir string, o Options) ([]Row, error) {
	if ctx == nil {
		return nil, errors.New("suite: Generate was given a nil context (use context.Background())")
	}
	if err := o.Validate(); err != nil {
		return nil, err
	}
	o = o.withDefaults()
	var insts []instance
	switch o.Family {
	case "diagonals":
		var err error
		if o.Calibrate != nil {
			insts, err = o.calibrated(ctx)
		} else {
			insts, err = o.diagonalInstances()
		}
		if err != nil {
			return nil, err
		}
	case "classic":
		for n := o.From; n <= o.To; n++ {
			insts = append(insts, instance{p: model.Classic(n), id: fmt.Sprintf("classic-n%d", n)})
		}
	default:
		tries := 0
		for i := 0; len(insts) < o.Count; i++ {
			rng := instanceRNG(o.Seed, i)
			p := model.Problem{N: o.N}
			var err error
			switch o.Family {
			case "completion", "unsat":
				p.Fixed, err = randomCompletion(rng, o.N, o.M)
			case "blocked":
				p.Blocked = randomBlocked(rng, o.N, o.M)
			}
			if err != nil {
				return nil, &nqueens.OptionError{Err: fmt.Errorf("%s: %v", o.Family, err)}
			}
			if o.Family == "unsat" {
				tries++
				if tries > 200*o.Count {
					return nil, fmt.Errorf("suite: unsat: only %d unsatisfiable instances among %d tries with N = %d, m = %d", len(insts), tries, o.N, o.M)
				}
				ok, _, _, _, err := decide(ctx, p, o.Budget)
				if undecided(ctx, err) {
					continue // not known to be unsatisfiable
				}
				if err != nil {
					return nil, err
				}
				if ok {
					continue
				}
			}
			insts = append(insts, instance{p: p, seed: uint64(i), id: fmt.Sprintf("%s-n%d-m%d-%03d", o.Family, o.N, o.M, len(insts)), m: o.M})
		}
	}
	if err := checkIDs(insts); err != nil {
		return nil, err
	}
	unlock, err := lockSuite(dir)
	if err != nil {
		return nil, err
	}
	defer unlock()
	// What the folder holds: the same suite is left as it is; another,
	// or files of one, only replaced when asked.
	ex, err := inspect(dir)
	if err != nil {
		return nil, err
	}
	switch {
	case o.Calibrate == nil && ex.same(dir, o.Command):
		if o.Notice != nil {
			o.Notice(fmt.Sprintf("%s holds this suite already (the same command, every file as its manifest says): nothing written", dir))
		}
		return ex.manifest.Files, nil
	case (ex.manifest != nil || len(ex.stray) > 0) && !o.Force:
		return nil, ex.refusal(dir)
	case o.Force:
		if err := ex.clear(dir, o.Notice); err != nil {
			return nil, err
		}
	}
	// An old suite's manifests go first: an interrupted run leaves no
	// manifest that describes other files than the ones beside it.
	for _, name := range manifestNames {
		if err := os.Remove(filepath.Join(dir, name)); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("suite: removing the old %s: %v", name, errors.Unwrap(err))
		}
	}
	var rows []Row
	for k, in := range insts {
		var ok bool
		var count *uint64
		var nodes uint64
		var proof *model.Farkas
		var err error
		switch {
		case in.decided:
			ok, count, nodes, proof = in.ok, in.count, in.nodes, in.proof
		case in.p.IsClassic() && in.p.N > CountMaxN:
			// The classic problem has a solution for every N but 2 and 3:
			// found by the explicit construction and verified, instead of
			// a search that large boards make long.
			ok, err = constructed(ctx, in.p.N)
		default:
			ok, count, nodes, proof, err = decide(ctx, in.p, o.Budget)
		}
		expected, reason, budget := Unsatisfiable, "", 0.0
		switch {
		case undecided(ctx, err):
			expected, reason = Undecided, fmt.Sprintf("not decided within the budget of %v by two independent methods", o.Budget)+undecidedEstimate(ctx, in.p)
			budget = o.Budget.Seconds()
			nodes = 0
		case err != nil:
			return nil, fmt.Errorf("%s: %w", in.id, err)
		case ok:
			expected = Satisfiable
		}
		base := Row{Expected: expected, Reason: reason, BudgetSeconds: budget, ID: in.id, Family: o.Family, N: in.p.N, M: in.m, K: in.k, Seed: o.Seed,
			Fixed: model.FormatSquares(in.p.Fixed), Blocked: model.FormatSquares(in.p.Blocked),
			ExcludeSum: model.FormatDiagonals(in.p.Excluded, model.Sum), ExcludeDiff: model.FormatDiagonals(in.p.Excluded, model.Difference),
			Solutions: count, DecideNodes: nodes, Reference: in.reference, ReferenceSeconds: in.referenceSeconds}
		note := fmt.Sprintf("suite instance %s: family %s, seed %d, draw %d", in.id, o.Family, o.Seed, in.seed)
		if o.Family == "diagonals" {
			base.Seed = in.seed
			note = fmt.Sprintf("suite instance %s: the first %d diagonals of the list of Gent, Jefferson and Nightingale's generator for n = %d, k = %d, seed %d", in.id, in.m, in.p.N, in.k, in.seed)
			if len(o.Lists) > 0 {
				note = fmt.Sprintf("suite instance %s: the first %d diagonals of a given list", in.id, in.m)
			}
		}
		if proof != nil && expected == Unsatisfiable {
			// The proof goes beside the instance, for anyone to check.
			base.Certificate, base.Refutation = nqueens.RefutedText, in.id+encode.RefutationExtension
			eo := encode.Options{Generator: "nqueens " + nqueens.Version, Note: note}
			if _, err := writeHashed(ctx, filepath.Join(dir, base.Refutation), func(w io.Writer) error {
				return encode.WriteRefutation(w, in.p, proof, eo)
			}, nil); err != nil {
				return nil, err
			}
		}
		if o.Certify && expected == Unsatisfiable {
			cctx, cancel := context.WithTimeout(ctx, o.Budget)
			drat, err := certify(cctx, in.p)
			cancel()
			switch {
			case undecided(ctx, err) && proof != nil:
				// The refutation alone.
			case undecided(ctx, err):
				base.Certificate = fmt.Sprintf("none: %s gave no checked proof within the budget of %v", confirm.CertifySolver, o.Budget)
			case err != nil:
				return nil, fmt.Errorf("%s: %w", in.id, err)
			case proof != nil:
				base.Certificate = drat + "; " + nqueens.RefutedText
			default:
				base.Certificate = drat
			}
		}
		for _, format := range o.Formats {
			amos := []string{""}
			if format == encode.DIMACS {
				amos = o.AMOs
				if len(amos) == 0 {
					amos = []string{encode.DefaultAMO(in.p.N)}
				}
			}
			for _, amo := range amos {
				row := base
				row.Format, row.Encoding = format, amo
				name := in.id
				if amo != "" {
					name += "-" + strings.ReplaceAll(amo, ":", "")
				}
				row.File = name + format.Extension()
				file := Instance{Problem: in.p, Format: format, AMO: amo, Note: note}
				if expected != Undecided {
					file.Answer = string(expected)
				}
				if o.Shuffle != 0 && format == encode.DIMACS {
					row.Shuffle = FileShuffle(o.Shuffle, row.File)
					file.Shuffle = row.Shuffle
				}
				if o.Reproduce != nil {
					row.Command = o.Reproduce(file)
				}
				eo := nqueens.EncodeOptions{Format: format, AMO: amo, Command: row.Command, Note: file.Note, Answer: file.Answer, Shuffle: file.Shuffle}
				var gbd *cnf.GBD
				var also io.Writer
				if format == encode.DIMACS {
					gbd = cnf.NewGBD()
					also = gbd
				}
				sum, err := writeHashed(ctx, filepath.Join(dir, row.File), func(w io.Writer) error {
					return nqueens.Encode(ctx, w, in.p, eo)
				}, also)
				if err != nil {
					return nil, err
				}
				row.SHA256 = sum
				if gbd != nil {
					row.GBDHash = gbd.Sum()
				}
				var a encode.AMO
				if amo != "" {
					if a, err = encode.ParseAMO(amo); err != nil {
						return nil, err
					}
				}
				if row.Variables, row.Clauses, err = format.Size(in.p, a); err != nil {
					return nil, err
				}
				if o.BenchExec {
					row.TaskDefinition = row.File + TaskDefinitionExtension
					if _, err := writeHashed(ctx, filepath.Join(dir, row.TaskDefinition), func(w io.Writer) error {
						_, err := w.Write(TaskDefinition(row))
						return err
					}, nil); err != nil {
						return nil, err
					}
				}
				rows = append(rows, row)
			}
		}
		if o.Progress != nil {
			o.Progress(k+1, len(insts))
		}
	}
	if o.BenchExec {
		if _, err := writeHashed(ctx, filepath.Join(dir, PropertyFile), func(w io.Writer) error {
			_, err := io.WriteString(w, propertyText)
			return err
		}, nil); err != nil {
			return nil, err
		}
	}
	if err := writeManifests(dir, o.Command, rows); err != nil {
		return nil, err
	}
	return rows, nil
}

// FileShuffle is the seed a suite's file named name is scrambled with,
// drawn from the suite's seed: FNV-1a of the seed's 8 bytes (little
// endian) and the name, 1 where that is 0.
func FileShuffle(seed uint64, name string) uint64 {
	h := fnv.New64a()
	var b [8]byte
	binary.LittleEndian.PutUint64(b[:], seed)
	h.Write(b[:])
	h.Write([]byte(name))
	return max(1, h.Sum64())
}

// undecided tells whether err is a budget that ran out (not the caller's
// context).
func undecided(ctx context.Context, err error) bool {
	return err != nil && errors.Is(err, context.DeadlineExceeded) && ctx.Err() == nil
}

// Instance is one file of a suite, as Options.Reproduce is given it: the
// problem, the format, the encoding of a DIMACS file, and the note that
// says where the instance comes from (family, seed, draw). The note is
// written into the file's header; nothing of the machine or the folder is.
type Instance struct {
	Problem model.Problem
	Format  encode.Format
	AMO     string
	Note    string
	// Answer is the one decided, SAT or UNSAT ("" for an UNKNOWN one),
	// which the header gives.
	Answer string
	// Shuffle is the seed the file is scrambled with, 0 for none.
	Shuffle uint64
}

// checkIDs makes sure, before anything is written, that every instance
// has an id of its own that is a plain file name: two alike would write
// the same files, one the other's.
func checkIDs(insts []instance) error {
	seen := make(map[string]bool, len(insts))
	for _, in := range insts {
		switch {
		case !plainName(in.id):
			return &nqueens.OptionError{Err: fmt.Errorf("suite: the instance id %q is no plain file name", in.id)}
		case seen[in.id]:
			return &nqueens.OptionError{Err: fmt.Errorf("suite: two instances would both be %q: their files would overwrite each other", in.id)}
		}
		seen[in.id] = true
	}
	return nil
}
