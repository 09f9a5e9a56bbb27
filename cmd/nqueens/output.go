package main

import (
	"fmt"
	"github.com/queenslab/nqueens/internal/cmdline"
	"github.com/spf13/pflag"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/queenslab/nqueens"
	"github.com/queenslab/nqueens/encode"
	"github.com/queenslab/nqueens/internal/atomicfile"
	"github.com/queenslab/nqueens/model"
)

// checkWritable fails early, before any work, if path cannot be written
// (internal/atomicfile.Check); "" is standard output.
func checkWritable(path string) error {
	if path == "" {
		return nil
	}
	if err := atomicfile.Check(path); err != nil {
		return usageError{err}
	}
	return nil
}

func unwrapPathErr(err error) error {
	if pe, ok := err.(*os.PathError); ok {
		return pe.Err
	}
	return err
}

// thousands writes n with commas: 35,539.
func thousands(n uint64) string {
	s := strconv.FormatUint(n, 10)
	var b strings.Builder
	for i, ch := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(ch)
	}
	return b.String()
}

// plural writes a count with its noun: "1 solution", "14,200 solutions".
func plural(n uint64, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return thousands(n) + " " + noun + "s"
}

// refutationFlag is --refutation FILE of solve and count: where to write
// the proof of "no solution" when the linear relaxation gives one.
type refutationFlag struct{ path string }

func (r *refutationFlag) add(c *cobra.Command) {
	c.Flags().StringVar(&r.path, "refutation", "", "when the answer is no solution, proved by the linear relaxation, write the proof to this file (integer weights; 'nqueens verify' checks it)")
}

// write writes f, the checked refutation of p (nil when there is none), to
// the file of --refutation, and returns what the answer's line adds: ""
// when written or not asked for, else why no file was written.
func (r *refutationFlag) write(cmd *cobra.Command, e *env, p model.Problem, f *model.Farkas) (string, error) {
	switch {
	case r.path == "":
		return "", nil
	case f == nil:
		return fmt.Sprintf("; no refutation written to %s: the linear relaxation does not refute it", r.path), nil
	}
	opt := encode.Options{Generator: "nqueens " + nqueens.Version, Command: e.reproducible(cmd)}
	return "", atomicfile.Write(cmd.Context(), r.path, func(w io.Writer) error { return encode.WriteRefutation(w, p, f, opt) })
}

// fileArg is a file that a command reads or writes, with the flag or
// argument that names it.
type fileArg struct {
	name, path string
	out        bool
}

// distinctFiles refuses a command whose output is also another of its
// outputs or one of its inputs (by name, or the same file by another
// name): the one written last would replace the other, or a file read
// would be overwritten. Standard input and output ("-", "") and files that
// are not regular (a device, a FIFO) are left out.
func distinctFiles(files ...fileArg) error {
	same := func(a, b string) bool {
		if pa, err1 := filepath.Abs(a); err1 == nil {
			if pb, err2 := filepath.Abs(b); err2 == nil && pa == pb {
				return true
			}
		}
		sa, err1 := os.Stat(a)
		sb, err2 := os.Stat(b)
		return err1 == nil && err2 == nil && os.SameFile(sa, sb)
	}
	for i, a := range files {
		if !a.out || a.path == "" || a.path == "-" {
			continue
		}
		if st, err := os.Stat(a.path); err == nil && !st.Mode().IsRegular() && !st.IsDir() {
			continue // written through: a device or a FIFO
		}
		for j, b := range files {
			if i == j || b.path == "" || b.path == "-" || j < i && b.out {
				continue
			}
			if same(a.path, b.path) {
				role := "read as"
				if b.out {
					role = "written as"
				}
				return usagef("%s %s is also %s %s: one file cannot be both", a.name, a.path, role, b.name)
			}
		}
	}
	return nil
}

// displayFlags change what a command shows or where it writes, never the
// bytes it writes: a file's header and a suite's manifest record the
// command without them, so that the same instances have the same bytes
// however they were asked for.
var displayFlags = map[string]bool{"progress": true, "quiet": true, "jobs": true, "output": true, "out": true,
	"refutation": true, "json": true, "force": true, "markdown": true, "csv": true}

// reproducible is the command line of cmd as given (e.args), less its
// display flags and their values (displayFlags): what a file records.
func (e *env) reproducible(cmd *cobra.Command) string {
	var out []string
	args := e.args
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			out = append(out, args[i:]...)
			break
		}
		var f *pflag.Flag
		inline := false
		switch {
		case strings.HasPrefix(a, "--"):
			name, _, hasValue := strings.Cut(a[2:], "=")
			f, inline = cmd.Flags().Lookup(name), hasValue
		case strings.HasPrefix(a, "-") && len(a) > 1:
			f, inline = cmd.Flags().ShorthandLookup(a[1:2]), len(a) > 2
		}
		if f == nil || !displayFlags[f.Name] {
			out = append(out, a)
			continue
		}
		if !inline && f.NoOptDefVal == "" {
			i++ // its value
		}
	}
	return cmdline.Join(out)
}
