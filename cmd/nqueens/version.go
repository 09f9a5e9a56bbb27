package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/queenslab/nqueens"
)

func newVersion(e *env) *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "Print the build: version, module version, VCS revision, Go version and platform",
		Long: `Print the build that is running, from the information the go command
stamped into it (runtime/debug.ReadBuildInfo): the toolkit's version, the
module's version ("(devel)" for a build in a checkout, the tag for go
install ...@version), the VCS revision and time it was built from and
whether the tree had uncommitted changes, the Go version and the platform.
Results files of run record the same line.`,
		Args: argsBetween(0, 0, "no arguments"),
		RunE: func(cmd *cobra.Command, args []string) error {
			b := nqueens.Build()
			fmt.Fprintf(e.stdout, "nqueens %s\n", b.Version)
			line := func(k, v string) {
				if v != "" {
					fmt.Fprintf(e.stdout, "%-9s %s\n", k+":", v)
				}
			}
			line("module", b.Module)
			if b.Revision != "" {
				line("revision", b.Revision)
				line("time", b.Time)
				line("modified", fmt.Sprint(b.Modified))
			} else {
				line("revision", "unknown (the go command recorded none)")
			}
			line("go", b.Go)
			line("platform", b.Platform)
			return nil
		},
	}
}
