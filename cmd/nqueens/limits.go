package main

import (
	_ "embed"
	"fmt"
	"strings"
)

// limitsTable is the honest-limits table, written by scripts/limits.sh:
// the largest N each method finishes in about a second and in about a
// minute on the machine it was measured on. It is the one copy; the help
// of solve and count, and so the generated reference, show it.
//
//go:embed limits.md
var limitsTable string

// limitsHelp is the part of the table for one command ("solve", "count"),
// as help text.
func limitsHelp(command string) string {
	var b strings.Builder
	when := ""
	for _, line := range strings.Split(limitsTable, "\n") {
		if c, ok := strings.CutPrefix(line, "<!-- Written by scripts/limits.sh on "); ok {
			when, _, _ = strings.Cut(c, ";")
			continue
		}
		cells := strings.Split(strings.Trim(line, "| "), " | ")
		name, ok := strings.CutPrefix(cells[0], command+", ")
		if !ok || len(cells) != 3 {
			continue
		}
		fmt.Fprintf(&b, "\n  %-34s %s / %s", name, cells[1], cells[2])
	}
	return fmt.Sprintf("Largest N in about a second / a minute, measured by scripts/limits.sh\n(%s; one run each: complete searches are not monotonic in N):%s", when, b.String())
}
