package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"

	"github.com/queenslab/nqueens"
	"github.com/queenslab/nqueens/cluster"
	"github.com/queenslab/nqueens/internal/atomicfile"
	"github.com/queenslab/nqueens/internal/textio"
	"github.com/queenslab/nqueens/native/counting"
	"github.com/spf13/cobra"
)

// unitFlags are the flags of a resumable or sharded count.
type unitFlags struct {
	checkpoint, shard, out string
	depth                  int
	depthSet               bool
}

func (unitOpts *unitFlags) add(c *cobra.Command) {
	c.Flags().StringVar(&unitOpts.checkpoint, "checkpoint", "", "journal of finished work units; the same command resumes from it")
	c.Flags().StringVar(&unitOpts.shard, "shard", "", "count shard I/M only (0 <= I < M) and write it with -o")
	c.Flags().StringVarP(&unitOpts.out, "output", "o", "", "--shard: the shard's result file (JSON), for nqueens merge")
	c.Flags().IntVar(&unitOpts.depth, "depth", 0, fmt.Sprintf("inner rows each work unit pre-places, 0 to %d (default: 0, or more when the shards outnumber the constellations)", counting.MaxConstellationDepth))
}

func (unitOpts *unitFlags) active(cmd *cobra.Command) bool {
	unitOpts.depthSet = cmd.Flags().Changed("depth")
	return unitOpts.checkpoint != "" || unitOpts.shard != "" || unitOpts.out != "" || unitOpts.depthSet
}

// parseShard reads --shard I/M: 0 <= I < M.
func parseShard(shard string) (i, m int, err error) {
	a, b, ok := strings.Cut(shard, "/")
	i, ok1 := textio.ParseCount(a)
	m, ok2 := textio.ParseCount(b)
	if !ok || !ok1 || !ok2 || m < 1 || i >= m {
		return 0, 0, usagef("--shard %q: want I/M with 0 <= I < M, e.g. 3/8", shard)
	}
	return i, m, nil
}

// shardCount is M of --shard I/M, 1 without it or when it does not parse
// (run refuses it then).
func shardCount(shard string) int {
	if _, m, err := parseShard(shard); err == nil {
		return m
	}
	return 1
}

func (unitOpts *unitFlags) run(cmd *cobra.Command, e *env, method nqueens.Method, n, jobs int, solverOpts *solverFlags) error {
	o := cluster.Options{Method: method, Jobs: jobs, Depth: cluster.AutoDepth, Checkpoint: unitOpts.checkpoint}
	if method == nqueens.Join {
		o.Depth = 0
		if unitOpts.depthSet {
			return usagef("--depth applies to --method constellation: the join's work units are sets of rows")
		}
	}
	if unitOpts.depthSet {
		if unitOpts.depth < 0 || unitOpts.depth > counting.MaxConstellationDepth {
			return usagef("--depth must be 0 to %d, not %d", counting.MaxConstellationDepth, unitOpts.depth)
		}
		o.Depth = unitOpts.depth
	}
	if unitOpts.shard != "" {
		a, b, err := parseShard(unitOpts.shard)
		if err != nil {
			return err
		}
		o.Shard, o.Shards = a, b
		if unitOpts.out == "" {
			return usagef("--shard needs -o FILE for the shard's result")
		}
	} else if unitOpts.out != "" {
		return usagef("-o applies to --shard")
	}
	if err := checkWritable(unitOpts.out); err != nil {
		return err
	}
	bar := e.progress(fmt.Sprintf("counting N = %d", n), 0)
	first := true
	o.Progress = func(done, total int) {
		if first {
			// The units resumed from the journal, before any is counted.
			bar.startAt(int64(done))
			first = false
		}
		bar.set(int64(done), int64(total))
	}
	ctx, cancel := solverOpts.context(cmd)
	defer cancel()
	r, err := cluster.Count(ctx, n, o)
	bar.done()
	if err != nil {
		if r != nil && unitOpts.checkpoint != "" && ctx.Err() != nil {
			fmt.Fprintf(e.stderr, "nqueens: %d of %d work units are saved in %s: run the same command to resume\n", r.Done, r.Units, unitOpts.checkpoint)
		}
		if terr := solverOpts.timedOut(err, method); terr != nil {
			return terr
		}
		return err
	}
	what := fmt.Sprintf("N = %d", n)
	if o.Shards > 0 {
		what += fmt.Sprintf(", shard %d/%d", o.Shard, o.Shards)
	}
	if r.HasDistinct() {
		fmt.Fprintf(e.stdout, "%s: %s, %s essentially distinct; %d work units (depth %d, %d in all)", what, plural(r.All, "solution"), thousands(r.Distinct), r.Units, r.Depth, r.Total)
	} else {
		fmt.Fprintf(e.stdout, "%s: %s; %d work units of the join (%d in all)", what, plural(r.All, "solution"), r.Units, r.Total)
	}
	if r.Resumed > 0 {
		fmt.Fprintf(e.stdout, ", %d resumed from %s", r.Resumed, unitOpts.checkpoint)
	}
	if o.Shards == 0 {
		verdict, known := oeisVerdict(unitResult(r))
		fmt.Fprintln(e.stdout, oeisText(verdict))
		if known != nil {
			return known
		}
	} else {
		fmt.Fprintln(e.stdout)
	}
	if o.Shards > 0 {
		s := cluster.NewShardFile(r)
		return atomicfile.Write(cmd.Context(), unitOpts.out, func(w io.Writer) error {
			enc := json.NewEncoder(w)
			enc.SetIndent("", "  ")
			return enc.Encode(s)
		})
	}
	return nil
}

func newMerge(e *env) *cobra.Command {
	var (
		spotText string
		seed     uint64
	)
	c := &cobra.Command{
		Use:   "merge PART.json...",
		Short: "Add up the shards of a count (nqueens count N --shard I/M -o PART.json)",
		Long: `Read the shard files of one count, check that every shard of the same method,
N, depth and version is present exactly once and unchanged (checksums), and
that the list of units they split is the one this build makes for that
method, N and depth (the number of units and their digest, made again here:
19 s at N = 27, 90 s at N = 29), and print the total (and, for the
constellation count, the essentially distinct) count, compared with OEIS
where known. A missing, duplicated, changed or foreign part (a shard of the
other method, or of a list of units that N does not have) is an error that
names it.

A part of the join lists what each of its units added, which must add up to
its count. --spot-check K counts K units of each part again, drawn at random
(--seed, printed: the same seed draws the same units), by a method that
shares no code with the join: a unit is the count of the variants whose
east rows are its set (and for odd N whose middle queens are its pair),
which the constraint-propagation search counts. A unit that differs is exit
1, naming the part and the unit, and nothing is merged.

What a spot check catches: a fault that touches many units of a part (a
broken node, a wrong build, a part made up whole). One unit changed, its
part's checksum computed again, is missed with probability 1 - K/U for a
part of U units (0.999 at N = 16 in 3 parts with K = 2). To catch that too:
--spot-check all recounts every unit (the constraint-propagation search
takes 50 to 170 times the join's time: a week of cores for an hour's count,
see docs/cluster.md), or count every shard twice on different nodes, into
two folders, and merge each (twice the count's time): the totals must agree.`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return usagef("merge: expected the shard files, got none")
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			spot := 0
			switch v, ok := textio.ParseCount(spotText); {
			case spotText == "all":
				spot = cluster.AllUnits
			case ok:
				spot = v
			default:
				return usagef("--spot-check must be a number of units a part (0 or more) or all, not %q", spotText)
			}
			if !cmd.Flags().Changed("seed") {
				seed = rand.Uint64()
			}
			parts := make([]cluster.ShardFile, len(args))
			for i, a := range args {
				p, err := cluster.ReadShardFile(a)
				if err != nil {
					return err
				}
				parts[i] = p
			}
			o := cluster.MergeOptions{SpotCheck: spot, Seed: seed}
			if spot > 0 {
				bar := e.progress("spot check: units recounted", 0)
				o.Progress = func(done, total int) { bar.set(int64(done), int64(total)) }
				defer bar.done()
			}
			r, err := cluster.Merge(cmd.Context(), args, parts, o)
			var sc *cluster.SpotCheckError
			if errors.As(err, &sc) {
				return failure{fmt.Sprintf("nqueens: %v (spot check, --seed %d)", err, seed)}
			}
			if err != nil {
				return err
			}
			if r.HasDistinct() {
				fmt.Fprintf(e.stdout, "N = %d: %s, %s essentially distinct; %d shards, %d work units", r.N, plural(r.All, "solution"), thousands(r.Distinct), r.Shards, r.Units)
			} else {
				fmt.Fprintf(e.stdout, "N = %d: %s; %d shards, %d work units of the join", r.N, plural(r.All, "solution"), r.Shards, r.Units)
			}
			switch {
			case spot == cluster.AllUnits:
				fmt.Fprintf(e.stdout, "; every unit, %d, recounted by the constraint-propagation search, all agree", r.Recounted)
			case spot > 0:
				fmt.Fprintf(e.stdout, "; %d units recounted (%d a part at most) by the constraint-propagation search, all agree (--seed %d)", r.Recounted, spot, seed)
			}
			verdict, known := oeisVerdict(unitResult(r))
			fmt.Fprintln(e.stdout, oeisText(verdict))
			return known
		},
	}
	c.Flags().StringVar(&spotText, "spot-check", "0", "units of each part of the join to count again by the constraint-propagation search, or all")
	c.Flags().Uint64Var(&seed, "seed", 0, "the seed that draws the spot check's units (default: a random one, printed)")
	return c
}

// unitResult views a count over work units as a count result, with the
// total and, where the method gives it, the distinct count, for the
// comparison with OEIS.
func unitResult(u *cluster.Result) *nqueens.CountResult {
	return &nqueens.CountResult{N: u.N, All: u.All, Distinct: u.Distinct, HasDistinct: u.HasDistinct()}
}
