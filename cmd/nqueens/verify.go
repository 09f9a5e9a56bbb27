package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/queenslab/nqueens/model"
)

func newVerify(e *env) *cobra.Command {
	var (
		probFlags problemFlags
		outside   outsideFlags
	)
	c := &cobra.Command{
		Use:   "verify N [FILE|-] | verify --instance FILE [ANSWER|-]",
		Short: "Check a solution file, a refutation file, or a solver's answer to an instance",
		Long: `Read a solution file in the classic format (the 1-based column of each row on
one line, then optionally a drawing for N <= 20; what the classic C
local-search programs and 'nqueens solve -o' write) from FILE or standard input, and check it.
Prints "valid" (exit 0) or the first conflict (exit 1); a file that is not in
the format is an error naming the line and field (exit 2).

A refutation file (it starts with a "c" comment or its "p farkas N" header;
what 'solve --refutation' and 'gen' write) is a proof that the problem given
by N and the problem flags has no solution: its weights are checked against
that problem in integer arithmetic, and "valid" means no solution exists.
With --diagonals FILE.param:D, N is the list's and may be left out.

` + outsideHelp,
		Args: func(cmd *cobra.Command, args []string) error {
			if outside.instance != "" {
				return argsBetween(0, 1, "with --instance, at most one ANSWER (no N)")(cmd, args)
			}
			return argsBetween(0, 2, "N (or --diagonals FILE.param, which gives it) and at most one FILE")(cmd, args)
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			if outside.instance != "" {
				return outside.run(cmd, e, args)
			}
			if err := outside.unused(cmd); err != nil {
				return err
			}
			// N, then the file; with --diagonals N is the list's, and a
			// lone argument is N when it is written as one (digitGroups),
			// else the file (./20 for a file named 20).
			nArgs, files := args, []string(nil)
			switch {
			case probFlags.diagonals != "" && len(args) == 1 && !digitGroups(args[0]):
				nArgs, files = nil, args
			case len(args) >= 1:
				nArgs, files = args[:1], args[1:]
			}
			p, err := probFlags.parse(nArgs)
			if err != nil {
				return err
			}
			r, name, done, err := openInput(cmd.Context(), e, files)
			if err != nil {
				return err
			}
			defer done()
			f, rest, err := readRefutation(r, name)
			if err != nil {
				return err
			}
			if f != nil {
				if err := f.Check(p); err != nil {
					return failure{"invalid: " + err.Error()}
				}
				fmt.Fprintln(e.stdout, "valid: the refutation proves that no solution exists")
				return nil
			}
			q, err := model.ReadSolution(rest, p.N)
			if err != nil {
				return usagef("%s: %v", name, err)
			}
			if err := model.Verify(p, q); err != nil {
				return failure{"invalid: " + err.Error()}
			}
			fmt.Fprintln(e.stdout, "valid")
			return nil
		},
	}
	probFlags.add(c)
	outside.add(c)
	return c
}
