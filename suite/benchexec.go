package suite

import (
	"bytes"
	"fmt"
	"strings"
)

// BenchExec's task definitions: with Options.BenchExec, every file of a
// suite gets a task-definition file beside it (FILE.yml, format version
// 2.0 of BenchExec's task-definition format, gitlab.com/sosy-lab/
// benchmarking/task-definition-format): the file as its input, and the
// property that the instance is satisfiable (PropertyFile), expected true
// for a SAT instance and false for an UNSAT one (none for one whose answer
// is not known), as BenchExec's tool-info modules of SAT solvers read an
// answer ("s SATISFIABLE" is true of the property, "s UNSATISFIABLE"
// false). BenchExec then runs a suite unchanged: <include>*.yml</include>
// and <propertyfile>satisfiable.prp</propertyfile> in its benchmark
// definition.

// PropertyFile is the property file the task definitions name.
const PropertyFile = "satisfiable.prp"

// TaskDefinitionExtension ends the name of a task-definition file, after
// the instance file's whole name.
const TaskDefinitionExtension = ".yml"

// propertyText is the property file: a text, not an SV-COMP property
// (whose lines begin with CHECK): BenchExec names the property by the
// file's name.
const propertyText = `The instance has a solution: a placement of queens that satisfies it.
A SAT solver's "s SATISFIABLE" says that this property holds (true),
"s UNSATISFIABLE" that it does not (false). Written by nqueens gen.
`

// TaskDefinition is the task-definition file of a row of the manifest:
// what Generate writes for it, and Verify holds it to.
func TaskDefinition(r Row) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "# BenchExec task definition of %s (nqueens gen)\n", r.File)
	b.WriteString("format_version: \"2.0\"\n")
	fmt.Fprintf(&b, "input_files: '%s'\n", r.File)
	b.WriteString("properties:\n")
	fmt.Fprintf(&b, "  - property_file: %s\n", PropertyFile)
	switch r.Expected {
	case Satisfiable:
		b.WriteString("    expected_verdict: true\n")
	case Unsatisfiable:
		b.WriteString("    expected_verdict: false\n")
	}
	b.WriteString("options:\n  nqueens:\n")
	quoted := func(k, v string) {
		if v != "" {
			fmt.Fprintf(&b, "    %s: '%s'\n", k, strings.ReplaceAll(v, "'", "''"))
		}
	}
	quoted("id", r.ID)
	quoted("family", r.Family)
	fmt.Fprintf(&b, "    n: %d\n    m: %d\n", r.N, r.M)
	quoted("format", string(r.Format))
	quoted("encoding", r.Encoding)
	quoted("expected", string(r.Expected))
	quoted("sha256", r.SHA256)
	return b.Bytes()
}
