package main

import (
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/queenslab/nqueens/encode"
	"github.com/queenslab/nqueens/internal/cmdline"
	"github.com/queenslab/nqueens/model"
	"github.com/queenslab/nqueens/suite"
)

func newGen(e *env) *cobra.Command {
	var (
		kit           kitFlags
		o             suite.Options
		formats, amos string
		out, verify   string
		lists         []string
		calibrate     string
	)
	c := &cobra.Command{
		Use:   "gen FAMILY --out DIR | gen --verify DIR",
		Short: "Write a reproducible benchmark suite with known answers and a manifest",
		Long: `Write a benchmark suite into --out DIR: every instance in every format of
--formats (` + encode.FormatNames() + `) and, for dimacs, every encoding of --amo,
with DIR/manifest.json and DIR/manifest.csv (a row per file: file, expected
SAT, UNSAT or UNKNOWN (with its reason and budget), id, family, n, m, the
squares, seed, format, encoding,
variables, clauses or options, SHA-256, the number of solutions for N <= 10,
and the dancing-links nodes to decide it). The expected answer of every
instance is found by two independent complete methods at once, dancing
links and the constraint-propagation search (gini above N = 64), which
must agree; one that they do not decide within --budget is UNKNOWN, with
the reason and the size of the search's tree estimated by Knuth's method
(see nqueens estimate). --hard pre-places as many queens (completion) or excludes as
many diagonals (diagonals) as the measured peak of hardness has for --n.
Same arguments, byte-identical files.

Families (Gent, Jefferson and Nightingale, "Complexity of n-Queens Completion",
JAIR 59, 2017):
  classic     the classic problem, one instance per N in --from..--to (or --n)
  completion  --m non-attacking queens placed at random on an --n board
  blocked     --m squares blocked at random on an --n board
  unsat       completion instances that have no solution
  diagonals   excluded diagonals: --count lists drawn by the authors' generator
              for an --n board (seeds --seed, --seed+1, ...; every row and
              column keeps at least --k open squares), each instance the first
              --m diagonals of a list (--hard: m at the peak), or, without
              --m, every prefix of each list; or the lists of .param files
              (--diagonals FILE.param[:D], repeated). The same seed gives the
              authors' own list: their diag-N-4-SEED.param, byte for byte.
              The format param writes their .param file of each instance.
              --calibrate SOLVER:MIN-MAX keeps only the instances that SOLVER
              (cadical, minisat, gini, ...) decides in MIN to MAX seconds on
              their CNF, drawing lists until --count are kept: instances of
              known difficulty, the answer still decided by the two methods.

--verify DIR re-checks a suite: every file's SHA-256, its variables and
clauses against its problem (and a DIMACS file's p cnf line), every file
its problem's encoding written again, every instance decided again within
a minute, DIMACS files re-solved by gini and XCC files by dancing links as
read from disk (within a minute, or 5 s once the file is its problem's
encoding and the problem was decided again: the answer stands), every
refutation file checked against its instance, and an UNKNOWN instance
held to its budget (decided within half of it: the manifest was changed).
It shows its progress. An instance whose linear relaxation has no real solution is
UNSAT by its Farkas refutation, checked, even past --budget: the proof is
written beside the instance as ID.farkas (integer weights; 'nqueens verify
N ... ID.farkas' checks it), named in the refutation column, and the
certificate column says so.
The manifest is written last: an interrupted run leaves none.`,
		Args: func(cmd *cobra.Command, args []string) error {
			if verify != "" {
				return argsBetween(0, 0, "no FAMILY with --verify")(cmd, args)
			}
			return argsBetween(1, 1, "FAMILY")(cmd, args)
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			if verify != "" {
				bar := e.progress("verifying: files", 0)
				problems, files, err := suite.Verify(cmd.Context(), verify, suite.VerifyOptions{Progress: func(done, total int) { bar.set(int64(done), int64(total)) }})
				bar.done()
				if err != nil {
					return err
				}
				for _, p := range problems {
					fmt.Fprintln(e.stdout, p)
				}
				if len(problems) > 0 {
					return failure{fmt.Sprintf("%s: %d problems in %d files", verify, len(problems), files)}
				}
				fmt.Fprintf(e.stdout, "%s: %d files, hashes and expected answers verified\n", verify, files)
				return nil
			}
			if kit.dir != "" {
				if out != "" {
					return usagef("gen: --competition DIR writes the family there: no --out")
				}
				if !cmd.Flags().Changed("count") {
					o.Count = 20
				}
				if cmd.Flags().Changed("formats") && formats != "dimacs" {
					return usagef("gen --competition writes DIMACS files: no --formats %s", formats)
				}
				out = kit.dir
			}
			if out == "" {
				return usagef("gen: --out DIR is required")
			}
			if o.Hard && cmd.Flags().Changed("m") {
				return usagef("gen: --hard chooses M; give --m or --hard, not both")
			}
			o.Family = args[0]
			for _, spec := range lists {
				l, d, err := readDiagonals(spec)
				if err != nil {
					return err
				}
				if !strings.Contains(spec, ":") || d == len(l.Diagonals) && !strings.HasSuffix(spec, fmt.Sprintf(":%d", d)) {
					d = -1 // every prefix
				}
				o.Lists = append(o.Lists, suite.List{Name: strings.TrimSuffix(filepath.Base(strings.SplitN(spec, ":", 2)[0]), ".param"), List: l, D: d})
			}
			if calibrate != "" {
				cal, err := parseCalibration(calibrate)
				if err != nil {
					return err
				}
				if o.Family != "diagonals" || len(lists) > 0 || !o.Hard && !cmd.Flags().Changed("m") {
					return usagef("--calibrate keeps drawn instances of the diagonals family, with --hard or --m")
				}
				bar := e.progress("calibrating: lists tried", int64(o.Count))
				cal.Progress = func(tried, kept int) { bar.set(int64(kept), int64(o.Count)) }
				defer bar.done()
				o.Calibrate = cal
			}
			if o.Family == "diagonals" && len(lists) == 0 && !cmd.Flags().Changed("m") && !o.Hard {
				o.AllM = true
			}
			for _, f := range splitList(formats) {
				ff, err := encode.ParseFormat(f)
				if err != nil {
					return usageError{err}
				}
				o.Formats = append(o.Formats, ff)
			}
			o.AMOs = splitList(amos)
			o.Command = e.reproducible(cmd)
			o.Reproduce = encodeCommand
			if cmd.Flags().Changed("shuffle") && o.Shuffle == 0 {
				return usagef("--shuffle takes a seed of 1 or more, not 0")
			}
			o.Notice = func(msg string) { fmt.Fprintln(e.stderr, "nqueens: "+msg) }
			if note := suite.EasyAtHard(o.Family); o.Hard && note != "" {
				o.Notice("--hard: " + note)
			}
			if err := o.Validate(); err != nil {
				return err
			}
			if kit.dir != "" {
				return kit.run(cmd, e, o)
			}
			bar := e.progress("generating", 0)
			o.Progress = func(done, total int) { bar.set(int64(done), int64(total)) }
			rows, err := suite.Generate(cmd.Context(), out, o)
			bar.done()
			if err != nil {
				return err
			}
			answers, ids := map[suite.Answer]int{}, map[string]bool{}
			for _, r := range rows {
				if !ids[r.ID] {
					answers[r.Expected]++
				}
				ids[r.ID] = true
			}
			unknown := ""
			if answers[suite.Undecided] > 0 {
				unknown = fmt.Sprintf(", %d UNKNOWN (not decided within --budget)", answers[suite.Undecided])
			}
			refuted := map[string]bool{}
			for _, r := range rows {
				if r.Refutation != "" {
					refuted[r.Refutation] = true
				}
			}
			proofs := ""
			if len(refuted) > 0 {
				proofs = fmt.Sprintf(", %d refutation files", len(refuted))
			}
			fmt.Fprintf(e.stdout, "%s: %d files for %d instances (%d SAT, %d UNSAT%s)%s, manifest.json and manifest.csv\n", out, len(rows), len(ids), answers[suite.Satisfiable], answers[suite.Unsatisfiable], unknown, proofs)
			return nil
		},
	}
	c.Flags().IntVar(&o.N, "n", 0, "board size")
	c.Flags().IntVar(&o.From, "from", 0, "classic: smallest N")
	c.Flags().IntVar(&o.To, "to", 0, "classic: largest N")
	c.Flags().IntVar(&o.M, "m", 0, "pre-placed queens (completion, unsat), blocked squares (blocked) or excluded diagonals (diagonals)")
	c.Flags().IntVar(&o.Count, "count", 1, "number of instances (completion, blocked, unsat) or of lists drawn (diagonals)")
	c.Flags().BoolVar(&o.Hard, "hard", false, "instead of --m: diagonals, as many excluded diagonals as its measured peak of hardness has for --n; completion and blocked, as many queens or blocked squares as their measured 50% point has (not hard at the sizes measured, and it says so)")
	c.Flags().DurationVar(&o.Budget, "budget", time.Minute, "time to decide each instance; one not decided is expected UNKNOWN, with the reason")
	c.Flags().StringVar(&formats, "formats", "dimacs", "comma-separated formats")
	c.Flags().StringVar(&amos, "amo", "", "comma-separated at-most-one encodings for dimacs (default "+encode.DefaultAMORule+")")
	c.Flags().Uint64Var(&o.Seed, "seed", 1, "random seed of the suite")
	c.Flags().BoolVar(&o.Certify, "certify", false, "certify every UNSAT instance by a DRAT proof from cadical, checked, and record it in the manifest")
	c.Flags().IntVar(&o.MinOpen, "k", suite.DefaultMinOpen, "diagonals: every row and column keeps at least K open squares")
	c.Flags().StringVar(&calibrate, "calibrate", "", "diagonals: keep only instances that a reference solver decides within a band of time, SOLVER:MIN-MAX (e.g. cadical:10s-100s); lists are drawn until --count are kept")
	c.Flags().StringArrayVar(&lists, "diagonals", nil, "diagonals: the instances of a .param file, FILE.param (every prefix) or FILE.param:D (its first D); repeated")
	c.Flags().Uint64Var(&o.Shuffle, "shuffle", 0, "scramble every DIMACS file (encode --shuffle), each with a seed of its own drawn from this one (1 or more) and its name, recorded in its row and header")
	c.Flags().BoolVar(&o.Force, "force", false, "replace another suite in --out: its own files (manifests, the files they list, results of its runs) are removed first, and named")
	c.Flags().BoolVar(&o.BenchExec, "benchexec", false, "write beside every file its BenchExec task definition (FILE.yml, format 2.0: the file, and the expected verdict of the property satisfiable.prp, also written)")
	c.Flags().StringVarP(&out, "out", "o", "", "folder to write the suite into")
	kit.add(c)
	c.Flags().StringVar(&verify, "verify", "", "re-check the suite in this folder")
	return c
}

// encodeCommand is the command that writes the file of a suite's instance
// again, byte for byte: nqueens encode with its squares, format, encoding
// and note; no path, nothing of the machine that made it.
func encodeCommand(in suite.Instance) string {
	p := in.Problem
	args := []string{"encode", fmt.Sprint(p.N)}
	if len(p.Fixed) > 0 {
		args = append(args, "--fix", model.FormatSquares(p.Fixed))
	}
	if len(p.Blocked) > 0 {
		args = append(args, "--block", model.FormatSquares(p.Blocked))
	}
	if sums := model.FormatDiagonals(p.Excluded, model.Sum); sums != "" {
		args = append(args, "--exclude-sum", sums)
	}
	if diffs := model.FormatDiagonals(p.Excluded, model.Difference); diffs != "" {
		args = append(args, "--exclude-diff", diffs)
	}
	if p.Rows != nil {
		args = append(args, "--rows", model.FormatLines(p.Rows), "--cols", model.FormatLines(p.Cols))
	}
	args = append(args, "--format", string(in.Format))
	if in.AMO != "" {
		args = append(args, "--amo", in.AMO)
	}
	if in.Answer != "" {
		args = append(args, "--answer", in.Answer)
	}
	if in.Shuffle != 0 {
		args = append(args, "--shuffle", strconv.FormatUint(in.Shuffle, 10))
	}
	args = append(args, "--note", in.Note)
	return cmdline.Join(args)
}

// parseCalibration reads --calibrate SOLVER:MIN-MAX.
func parseCalibration(s string) (*suite.Calibration, error) {
	i := strings.LastIndexByte(s, ':')
	lo, hi, ok := strings.Cut(s[i+1:], "-")
	if i <= 0 || !ok {
		return nil, usagef("--calibrate %q: want SOLVER:MIN-MAX, e.g. cadical:10s-100s", s)
	}
	min, err1 := time.ParseDuration(lo)
	max, err2 := time.ParseDuration(hi)
	if err1 != nil || err2 != nil || min < 0 || max <= min {
		return nil, usagef("--calibrate %q: the band must be two durations, the first smaller, e.g. 10s-100s", s)
	}
	return &suite.Calibration{Solver: s[:i], Min: min, Max: max}, nil
}
