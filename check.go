package nqueens

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/queenslab/nqueens/encode"
	"github.com/queenslab/nqueens/model"
	"github.com/queenslab/nqueens/native"
	"github.com/queenslab/nqueens/solvers/sat"
)

// CheckMethod is one way of answering the problem that nqueens check runs:
// a counter, a finder, or both.
type CheckMethod struct {
	// Name identifies the method: "bitmask", "dlx", "sat/gini/pairwise",
	// "sat/clasp/ladder", "minizinc/gecode", ...
	Name string
	// Count counts the solutions of p; nil for a method that only finds.
	Count func(ctx context.Context, p model.Problem) (*CountResult, error)
	// Find finds one verified solution; nil for a method that only counts.
	Find func(ctx context.Context, p model.Problem) (*Solution, error)
	// MaxN is the largest N the method is run on.
	MaxN int
	// Missing says why the method cannot run here ("clasp is not
	// installed"); empty when it can.
	Missing string
	// Command is the nqueens command that reproduces a count (%d is N).
	Command string
}

// CheckMethods lists every method of the toolkit, the ones whose programs
// are not installed included (with Missing set), in a fixed order:
// direct counters, dancing links, SAT in-process per encoding, external
// SAT solvers, MiniZinc, then the finders.
func CheckMethods() []CheckMethod {
	var out []CheckMethod
	counter := func(name string, c Counter, opt CountOptions, cmd string) {
		out = append(out, CheckMethod{Name: name, MaxN: c.MaxN, Command: cmd,
			Count: func(ctx context.Context, p model.Problem) (*CountResult, error) { return c.Count(ctx, p, opt) }})
	}
	for _, c := range counters {
		switch c.Name {
		case "bitmask", "backtrack", "dlx":
			counter(c.Name, c, CountOptions{Distinct: true}, "nqueens count %d --unique -m "+c.Name)
		}
	}
	satc, _ := LookupCounter("sat")
	for _, amo := range encode.AMONames {
		counter("sat/gini/"+amo, satc, CountOptions{Solver: "gini", AMO: amo}, "nqueens count %d -m sat --solver gini --amo "+amo)
	}
	for _, amo := range []string{"pairwise", "sequential"} {
		counter("sat/gophersat/"+amo, satc, CountOptions{Solver: "gophersat", AMO: amo}, "nqueens count %d -m sat --solver gophersat --amo "+amo)
	}
	for _, e := range []struct{ solver, amo string }{{"clasp", "pairwise"}, {"clasp", "ladder"}, {"cryptominisat5", "sequential"}} {
		counter("sat/"+e.solver+"/"+e.amo, satc, CountOptions{Solver: e.solver, AMO: e.amo}, "nqueens count %d -m sat --solver "+e.solver+" --amo "+e.amo)
		out[len(out)-1].Missing = missingSolver(e.solver)
		out[len(out)-1].MaxN = 12
	}
	mzn := CheckMethod{Name: "minizinc/gecode", MaxN: 10, Count: countMiniZinc,
		Command: "nqueens encode %d -f mzn -o q.mzn && minizinc --solver gecode --all-solutions q.mzn"}
	if _, err := exec.LookPath("minizinc"); err != nil {
		mzn.Missing = "minizinc is not installed"
	}
	out = append(out, mzn)
	for _, f := range finders {
		if f.Name == "sat" {
			continue
		}
		out = append(out, CheckMethod{Name: "find/" + f.Name, MaxN: min(f.MaxN, 1000), Command: "nqueens solve %d -m " + f.Name,
			Find: func(ctx context.Context, p model.Problem) (*Solution, error) {
				return f.Find(ctx, p, FindOptions{Seed: 1})
			}})
	}
	satf, _ := LookupFinder("sat")
	for _, s := range append([]string{"gini", "gophersat"}, sat.ExternalNames...) {
		out = append(out, CheckMethod{Name: "find/sat/" + s, MaxN: 200, Command: "nqueens solve %d -m sat --solver " + s,
			Missing: missingSolver(s),
			Find: func(ctx context.Context, p model.Problem) (*Solution, error) {
				return satf.Find(ctx, p, FindOptions{Solver: s})
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
func countMiniZinc(ctx context.Context, p model.Problem) (*CountResult, error) {
	dir, err := os.MkdirTemp("", "nqueens-mzn-*")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "q.mzn")
	var b bytes.Buffer
	if err := encode.WriteMiniZinc(ctx, &b, p, encode.Options{Generator: "nqueens " + Version}); err != nil {
		return nil, err
	}
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		return nil, err
	}
	cmd := exec.CommandContext(ctx, "minizinc", "--solver", "gecode", "--all-solutions", path)
	cmd.WaitDelay = time.Second
	out, err := cmd.Output()
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	if err != nil {
		return nil, fmt.Errorf("minizinc: %v", err)
	}
	res := &CountResult{Jobs: 1}
	sol := regexp.MustCompile(`^q = \[([0-9, ]*)\];?$`)
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 1<<24)
	done := false
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		switch {
		case line == "----------":
			res.All++
		case line == "==========" || line == "=====UNSATISFIABLE=====":
			done = true
		case sol.MatchString(line):
			var q model.Placement
			for _, f := range strings.Split(sol.FindStringSubmatch(line)[1], ",") {
				c, err := strconv.Atoi(strings.TrimSpace(f))
				if err != nil {
					return nil, fmt.Errorf("minizinc printed %q", line)
				}
				q = append(q, c-1)
			}
			if err := model.Verify(p, q); err != nil {
				return nil, fmt.Errorf("minizinc gave a placement that is not a solution (%v)", err)
			}
		case line == "":
		default:
			return nil, fmt.Errorf("minizinc printed %q", line)
		}
	}
	if !done {
		return nil, errors.New("minizinc stopped without saying that the search was complete")
	}
	return res, nil
}

// CheckStatus is the outcome of one method on one N.
type CheckStatus string

const (
	CheckOK       CheckStatus = "ok"
	CheckDisagree CheckStatus = "DISAGREES"
	CheckInvalid  CheckStatus = "INVALID"
	CheckTimeout  CheckStatus = "timeout"
	CheckSkipped  CheckStatus = "skipped"
	CheckError    CheckStatus = "error"
)

// CheckCell is one method's result on one N.
type CheckCell struct {
	N        int         `json:"n"`
	Method   string      `json:"method"`
	Status   CheckStatus `json:"status"`
	Count    *uint64     `json:"count,omitempty"`
	Distinct *uint64     `json:"distinct,omitempty"`
	Found    bool        `json:"found,omitempty"` // a finder found a verified solution
	Seconds  float64     `json:"seconds"`
	Note     string      `json:"note,omitempty"`
	// Reproduce is the command that repeats the run, for a disagreement.
	Reproduce string `json:"reproduce,omitempty"`
}

// CheckOptions shape a check.
type CheckOptions struct {
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
	Extra []CheckMethod
}

// Check runs every method on every N from From to To, each within its
// budget, and compares: every count with OEIS A000170 (and the distinct
// counts with A002562) and with the other methods' counts on the same N;
// every finder's solution is verified, and "no solution" must agree with
// Q(n) = 0. It returns the cells in order of N, then method, and whether
// all agreed.
func Check(ctx context.Context, opt CheckOptions) ([]CheckCell, bool, error) {
	methods := append(CheckMethods(), opt.Extra...)
	if opt.Methods != nil {
		var sel []CheckMethod
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
				return nil, false, &OptionError{fmt.Errorf("unknown method %q (known: %s, or a prefix such as sat/gini)", name, strings.Join(names, ", "))}
			}
		}
		methods = sel
	}
	if opt.From < 1 || opt.To < opt.From {
		return nil, false, &OptionError{fmt.Errorf("the range %d..%d is empty or starts below 1", opt.From, opt.To)}
	}
	if opt.Budget <= 0 {
		opt.Budget = 30 * time.Second
	}
	var cells []CheckCell
	allOK := true
	total := len(methods) * (opt.To - opt.From + 1)
	for n := opt.From; n <= opt.To; n++ {
		p := model.Classic(n)
		known, knownDistinct, isKnown := model.KnownCount(n)
		var row []CheckCell
		for _, m := range methods {
			if err := ctx.Err(); err != nil {
				return cells, false, err
			}
			c := CheckCell{N: n, Method: m.Name, Reproduce: fmt.Sprintf(m.Command, n)}
			switch {
			case m.Missing != "":
				c.Status, c.Note = CheckSkipped, m.Missing
			case n > m.MaxN:
				c.Status, c.Note = CheckSkipped, fmt.Sprintf("N > %d", m.MaxN)
			default:
				mctx, cancel := context.WithTimeout(ctx, opt.Budget)
				start := time.Now()
				if m.Count != nil {
					r, err := m.Count(mctx, p)
					c.Seconds = time.Since(start).Seconds()
					switch {
					case errors.Is(err, context.DeadlineExceeded) || err == nil && mctx.Err() != nil:
						c.Status, c.Note = CheckTimeout, fmt.Sprintf("over %v", opt.Budget)
					case ctx.Err() != nil:
						cancel()
						return cells, false, ctx.Err()
					case err != nil:
						c.Status, c.Note = CheckError, err.Error()
					default:
						all := r.All
						c.Count, c.Status = &all, CheckOK
						if r.HasDistinct {
							d := r.Distinct
							c.Distinct = &d
						}
						if isKnown && (all != known || r.HasDistinct && r.Distinct != knownDistinct) {
							c.Status, c.Note = CheckDisagree, fmt.Sprintf("OEIS: %d (%d distinct)", known, knownDistinct)
						}
					}
				} else {
					s, err := m.Find(mctx, p)
					c.Seconds = time.Since(start).Seconds()
					switch {
					case errors.Is(err, context.DeadlineExceeded):
						c.Status, c.Note = CheckTimeout, fmt.Sprintf("over %v", opt.Budget)
					case ctx.Err() != nil:
						cancel()
						return cells, false, ctx.Err()
					case errors.Is(err, native.ErrNoSolution):
						c.Status, c.Note = CheckOK, "no solution"
						if !isKnown || known != 0 {
							c.Status, c.Note = CheckDisagree, fmt.Sprintf("no solution, but Q(%d) = %d", n, known)
						}
					case err != nil && strings.Contains(err.Error(), "invalid placement"):
						c.Status, c.Note = CheckInvalid, err.Error()
					case err != nil:
						c.Status, c.Note = CheckError, err.Error()
					default:
						c.Status, c.Found = CheckOK, s != nil
						if isKnown && known == 0 {
							c.Status, c.Note = CheckDisagree, "a solution where OEIS says none"
						}
					}
				}
				cancel()
			}
			row = append(row, c)
		}
		// Counts that disagree with each other, where OEIS has no value.
		if !isKnown {
			var ref *uint64
			for i := range row {
				if row[i].Count == nil {
					continue
				}
				if ref == nil {
					ref = row[i].Count
				} else if *row[i].Count != *ref {
					for j := range row {
						if row[j].Count != nil {
							row[j].Status = CheckDisagree
						}
					}
					break
				}
			}
		}
		for _, c := range row {
			if c.Status != CheckDisagree && c.Status != CheckInvalid && c.Status != CheckError {
				c.Reproduce = ""
			} else {
				allOK = false
			}
			cells = append(cells, c)
		}
		if opt.Progress != nil {
			opt.Progress(len(cells), total)
		}
	}
	return cells, allOK, nil
}
