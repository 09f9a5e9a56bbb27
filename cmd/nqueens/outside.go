package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/queenslab/nqueens/confirm"
	"github.com/queenslab/nqueens/encode"
	"github.com/queenslab/nqueens/internal/atomicfile"
	"github.com/queenslab/nqueens/internal/textio"
	"github.com/queenslab/nqueens/lab"
	"github.com/queenslab/nqueens/model"
)

const outsideHelp = `--instance FILE checks a solver's answer to an instance file that nqueens
encode or gen wrote (or, for DIMACS, to any CNF file), read from ANSWER or
standard input, the format told by FILE's extension (or --format):
  dimacs (.cnf, .cnf.gz/.xz/.bz2)  the output format of the SAT competitions
      (an "s" line, "v" lines), or minisat's result file; the model is
      checked against every clause, and its queens (variables 1..N*N of the
      header's variable map, any encoding, +sums too) against the instance
  xcc (.dlx)        the options of a cover, one per line, or "no solution"
                    (as nqueens xcc prints them)
  opb (.opb)        a PB solver's "s" and "v x..." lines (clasp's)
  mzn-inline, mzn, dzn  minizinc's output
The instance's problem is read from the file's header, and the file must
be its encoding as nqueens writes it (a changed clause is noticed). A SAT
answer is valid when its queens solve the problem; an UNSAT one when a
DRAT proof (--proof, from the solver: cadical FILE proof.drat) checks
against the DIMACS file, or else when the problem is shown to have no
solution as solve shows it (OEIS, a checked refutation of the linear
relaxation, a second complete method within --budget). Prints "valid: ..."
(exit 0), "WRONG: ..." with the clause or the attack the answer breaks
(exit 1), or "unverified: ..." with what would certify it (exit 1); an
answer that is not one is exit 2, naming the file and line. -o writes the
queens of a SAT answer as a solution file; --json prints the verdict as
JSON.`

// outsideFlags are verify's flags for an answer given outside the lab.
type outsideFlags struct {
	instance, format, proof, out string
	budget                       time.Duration
	asJSON                       bool
}

func (o *outsideFlags) add(c *cobra.Command) {
	c.Flags().StringVar(&o.instance, "instance", "", "the instance FILE (written by nqueens encode or gen) that ANSWER answers")
	c.Flags().StringVar(&o.format, "format", "", "with --instance: the instance's format when its extension does not say ("+encode.FormatNames()+")")
	c.Flags().StringVar(&o.proof, "proof", "", "with --instance FILE.cnf: the solver's DRAT proof of an UNSAT answer (text or binary)")
	c.Flags().DurationVar(&o.budget, "budget", confirm.Budget, "with --instance: time for the second method that confirms an UNSAT answer without a proof")
	c.Flags().StringVarP(&o.out, "output", "o", "", "with --instance: write the queens of a SAT answer to this solution file")
	c.Flags().BoolVar(&o.asJSON, "json", false, "with --instance: print the verdict as JSON")
}

// unused refuses the flags of --instance without it.
func (o *outsideFlags) unused(cmd *cobra.Command) error {
	for _, name := range []string{"format", "proof", "budget", "output", "json"} {
		if cmd.Flags().Changed(name) {
			return usagef("--%s goes with --instance FILE", name)
		}
	}
	return nil
}

// outsideJSON is the verdict of verify --instance --json.
type outsideJSON struct {
	Instance string `json:"instance"`
	Format   string `json:"format"`
	N        int    `json:"n,omitempty"`
	Variant  string `json:"variant,omitempty"`
	// Status is the answer's (SAT, UNSAT, UNKNOWN) or WRONG.
	Status   string `json:"status"`
	Verified bool   `json:"verified"`
	// Verdict is valid, WRONG or unverified, as the line says.
	Verdict     string `json:"verdict"`
	Detail      string `json:"detail,omitempty"`
	ConfirmedBy string `json:"confirmed_by,omitempty"`
	Clauses     int    `json:"clauses,omitempty"`
	Solution    []int  `json:"solution,omitempty"` // 0-based columns
	Same        bool   `json:"same_encoding"`
	// FileOnly: a verified UNSAT holds of the file's clauses alone (a
	// proof of a file that is not its header's problem's encoding).
	FileOnly bool     `json:"file_only,omitempty"`
	Note     []string `json:"note,omitempty"`
}

func (o *outsideFlags) run(cmd *cobra.Command, e *env, args []string) error {
	if err := probFlagsUnused(cmd, "--instance", "the problem is the instance's own, from its header"); err != nil {
		return err
	}
	f, ok := encode.FormatOfName(o.instance)
	if o.format != "" {
		var err error
		if f, err = encode.ParseFormat(o.format); err != nil {
			return usageError{err}
		}
	} else if !ok {
		return usagef("--instance %s: the extension names no format: give --format (%s)", o.instance, encode.FormatNames())
	}
	if o.proof != "" && f != encode.DIMACS {
		return usagef("--proof is a DRAT proof of a DIMACS file, not of a %s file", f)
	}
	if err := checkWritable(o.out); err != nil {
		return err
	}
	answer := ""
	if len(args) > 0 {
		answer = args[0]
	}
	if err := distinctFiles(fileArg{"-o", o.out, true}, fileArg{"--instance", o.instance, false}, fileArg{"ANSWER", answer, false}, fileArg{"--proof", o.proof, false}); err != nil {
		return err
	}
	data, err := textio.ReadFile(o.instance, lab.MaxInstance)
	var pe *os.PathError
	switch {
	case errors.As(err, &pe):
		return usagef("--instance: cannot read %s: %v", o.instance, pe.Err)
	case err != nil:
		return usagef("--instance: %v", err)
	}
	r, name, done, err := openInput(cmd.Context(), e, args)
	if err != nil {
		return err
	}
	defer done()
	opt := lab.CheckOptions{Budget: o.budget}
	if o.proof != "" {
		st, err := os.Stat(o.proof)
		if err == nil && !st.Mode().IsRegular() && st.Mode()&os.ModeNamedPipe == 0 {
			return usagef("--proof %s is not a file", o.proof)
		}
		pf, err := os.Open(o.proof)
		if err != nil {
			return usagef("--proof: cannot read %s: %v", o.proof, unwrapPathErr(err))
		}
		defer pf.Close()
		opt.Proof = pf
	}
	c, err := lab.CheckOutside(cmd.Context(), f, data, r, opt)
	var ae *lab.AnswerError
	var pe2 *lab.ProofError
	switch {
	case errors.As(err, &ae):
		return usagef("%s: %v", name, err)
	case errors.As(err, &pe2):
		return usagef("--proof %s: %v", o.proof, err)
	case err != nil:
		return usagef("%s: %v", o.instance, err)
	}
	if o.out != "" && c.Status == lab.Sat && c.Placement != nil {
		cols := make([]uint32, len(c.Placement))
		for i, x := range c.Placement {
			cols[i] = uint32(x)
		}
		if err := atomicfile.Write(cmd.Context(), o.out, func(w io.Writer) error { return model.WriteSolution(w, cols) }); err != nil {
			return err
		}
	}
	verdict, line := outsideVerdict(c, o.instance, o.proof != "")
	if o.asJSON {
		j := outsideJSON{Instance: o.instance, Format: string(f), Status: string(c.Status), Verified: c.Verified, Verdict: verdict,
			Detail: c.Detail, Clauses: c.Clauses, Same: c.Same, FileOnly: c.FileOnly, Solution: c.Placement}
		if c.Header != nil {
			j.N, j.Variant = c.Header.Problem.N, c.Header.Problem.Variant()
		}
		if c.Provenance.Confirmed() {
			j.ConfirmedBy = c.Provenance.String()
		}
		if err := json.NewEncoder(e.stdout).Encode(j); err != nil {
			return err
		}
		if verdict != "valid" {
			return failure{}
		}
		return nil
	}
	if verdict != "valid" {
		return failure{line}
	}
	fmt.Fprintln(e.stdout, line)
	return nil
}

// probFlagsUnused refuses the problem flags with a flag (what, as
// "--instance") whose problem is given otherwise (why).
func probFlagsUnused(cmd *cobra.Command, what, why string) error {
	for _, name := range []string{"fix", "block", "diagonals", "exclude-sum", "exclude-diff", "rows", "cols"} {
		if cmd.Flags().Changed(name) {
			return usagef("--%s with %s: %s", name, what, why)
		}
	}
	return nil
}

// outsideVerdict is the verdict's word (valid, WRONG, unverified) and the
// line that tells it.
func outsideVerdict(c lab.Checked, instance string, proof bool) (string, string) {
	what := "the instance"
	if c.Header != nil {
		p := c.Header.Problem
		what = fmt.Sprintf("the instance (N = %d", p.N)
		if d := describe(p); d != "" {
			what += ", " + d
		}
		what += ")"
	}
	switch {
	case c.Status == lab.Wrong:
		return "WRONG", "WRONG: " + c.Detail
	case c.Status == lab.Sat && c.Verified:
		var parts []string
		if c.Clauses > 0 {
			parts = append(parts, "the model satisfies all "+plural(uint64(c.Clauses), "clause"))
		}
		if c.Placement != nil {
			parts = append(parts, "its queens solve "+what)
		}
		line := "valid: SAT; " + strings.Join(parts, "; ")
		if c.Header == nil {
			line += " (no header of nqueens: the queens are not decoded)"
		}
		if c.Detail != "" {
			line += "; " + c.Detail
		}
		return "valid", line
	case c.Status == lab.Unsat && c.Verified && c.FileOnly:
		return "valid", fmt.Sprintf("valid: UNSAT of the file's clauses, confirmed by %s; %s", c.Provenance, c.Detail)
	case c.Status == lab.Unsat && c.Verified && c.Header == nil:
		return "valid", fmt.Sprintf("valid: UNSAT; the formula is unsatisfiable, confirmed by %s", c.Provenance)
	case c.Status == lab.Unsat && c.Verified:
		took := ""
		if c.Provenance.Elapsed > 0 {
			took = fmt.Sprintf(", in %.3f s", c.Provenance.Elapsed.Seconds())
		}
		return "valid", fmt.Sprintf("valid: UNSAT; %s has no solution, confirmed by %s%s", what, c.Provenance, took)
	case c.Status == lab.Unsat && proof:
		return "unverified", fmt.Sprintf("unverified: UNSAT; %s", c.Detail)
	case c.Status == lab.Unsat && c.Header != nil && !c.Same:
		return "unverified", fmt.Sprintf("unverified: UNSAT; %s", c.Detail)
	case c.Status == lab.Unsat:
		return "unverified", fmt.Sprintf("unverified: UNSAT; %s; to certify it, give the solver's DRAT proof (cadical %s proof.drat), then --proof proof.drat, or run nqueens sat %s --certify", c.Detail, instance, instance)
	}
	return "unverified", "unverified: " + c.Detail + " (UNKNOWN)"
}
