package main

import (
	"bufio"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/queenslab/nqueens"
	"github.com/queenslab/nqueens/encode"
	"github.com/queenslab/nqueens/internal/atomicfile"
)

func newEncode(e *env) *cobra.Command {
	var (
		format, amo, order, out, note string
		answer                        string
		shuffle                       uint64
		probFlags                     problemFlags
	)
	c := &cobra.Command{
		Use:   "encode [N]",
		Short: "Write the problem as input for other solvers (DIMACS, XCC, OPB, MiniZinc, XCSP3)",
		Long: `Write the N-Queens problem, with its pre-placed queens and blocked squares, as
input for other solvers, to standard output or (with -o) to a file that
appears only when complete.

Formats:
  dimacs  CNF for any SAT solver: the queen at row r, column c (1-based) is
          variable (r-1)*N + c; rows and columns exactly one, diagonals at
          most one with the encoding of --amo; "c ind" lines give the queen
          variables as projection set when the encoding adds variables
  xcc     exact cover in the text format of Knuth's DLX programs
          (--order organ-pipe, the default, or natural)
  opb     pseudo-Boolean constraints (gophersat, clasp, RoundingSat)
  mzn     MiniZinc model (alldifferent on q, q+i, q-i; n as data)
  xcsp3   XCSP3 instance (allDifferent on q, q+i, q-i)

At-most-one encodings (--amo): ` + strings.Join(encode.AMONames, ", ") + `;
commander:G sets the group size (default 3), bimander:M the number of groups
(default the square root of each constraint's length). Default: ` + encode.DefaultAMORule + `.
The suffix +sums (pairwise+sums; N <= 64) adds the diagonal sums: in any
solution the queens' diagonals are distinct and their indices add up to the
rows' and columns' (r+c and r-c alike), as a BDD over one variable a
diagonal; unit propagation keeps it arc consistent. It is implied, but CDCL
solvers do not find it, and on excluded diagonals instances it lets them
decide many more.

The header comment gives the generator, this command line, the variant, the
variable map and the expected number of solutions when it is known.`,
		Args: argsBetween(0, 1, "N (or --diagonals FILE.param)"),
		RunE: func(cmd *cobra.Command, args []string) error {
			p, err := probFlags.parse(args)
			if err != nil {
				return err
			}
			if cmd.Flags().Changed("shuffle") && shuffle == 0 {
				return usagef("--shuffle takes a seed of 1 or more, not 0")
			}
			if shuffle != 0 && format != "" && format != string(encode.DIMACS) {
				return usagef("--shuffle scrambles DIMACS files, not %s files", format)
			}
			opt := nqueens.EncodeOptions{Format: encode.Format(format), AMO: amo, Order: order, Command: e.reproducible(cmd), Note: note, Answer: answer, Shuffle: shuffle}
			if err := opt.Validate(p); err != nil {
				return usageError{err}
			}
			if err := checkWritable(out); err != nil {
				return err
			}
			if err := distinctFiles(fileArg{"-o", out, true}, probFlags.paramFile()); err != nil {
				return err
			}
			write := func(w io.Writer) error { return nqueens.Encode(cmd.Context(), w, p, opt) }
			if out != "" {
				return atomicfile.Write(cmd.Context(), out, write)
			}
			w := bufio.NewWriterSize(e.stdout, 1<<20)
			if err := write(w); err != nil {
				return err
			}
			return w.Flush()
		},
	}
	c.Flags().StringVarP(&format, "format", "f", "dimacs", encode.FormatNames())
	c.Flags().StringVar(&amo, "amo", "", "at-most-one encoding for dimacs (default "+encode.DefaultAMORule+")")
	c.Flags().StringVar(&order, "order", "", "item order for xcc: organ-pipe (default) or natural")
	c.Flags().StringVarP(&out, "output", "o", "", "write to this file (through a temporary file, renamed when complete)")
	c.Flags().Uint64Var(&shuffle, "shuffle", 0, "dimacs: scramble the file with this seed (1 or more), as the SAT competitions do: variables renamed, polarities flipped, clauses and literals reordered; the header gives the seed, which maps a model back (verify --instance, run)")
	c.Flags().StringVar(&answer, "answer", "", "SAT or UNSAT: the answer the header gives where the count is not known (gen gives the one it decided by two methods); one that a known count contradicts is refused")
	c.Flags().StringVar(&note, "note", "", "a line of your own in the header, after the command (gen records where an instance comes from)")
	probFlags.add(c)
	return c
}
