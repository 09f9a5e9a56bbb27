package nqueens_test

import (
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// allowedImports is the layout's dependency rule, package by package: the
// packages of this module that each may import (tests aside). Arrows point
// down only: cmd -> {check, suite, lab, cluster, draw} -> confirm -> root
// -> {native/*, solvers/*, encode} -> {cnf, xcc} -> model; solvers see
// only cnf and xcc, never the queens encoder; native's families see only
// model and their shared pool, and native/counting and native/search never
// each other; nothing imports cmd. check, suite and cluster use the root's registry of
// methods, suite the decisions of confirm; lab runs solvers on the suites
// of suite, and confirms the answers given outside it as confirm does.
var allowedImports = map[string][]string{
	"model":               {"internal/textio"},   // a leaf: the escape of comment lines
	"internal/textio":     {"internal/memlimit"}, // leaves both: what a read holds must fit
	"internal/platform":   {},                    // what differs between systems, on x/sys
	"internal/cgroup":     {},                    // a run's control group, on the cgroup file system
	"internal/atomicfile": {"internal/platform"},
	"internal/memlimit":   {"internal/platform"},
	"internal/panics":     {},
	"internal/bitslice":   {},
	"internal/cmdline":    {},
	"internal/pyrand":     {},
	"internal/lockfile":   {"internal/platform"},
	"internal/brute":      {"model", "xcc"},
	"internal/gent2017":   {"model"},
	"internal/generated":  {}, // for tests: a generated file is what its generator writes
	"cnf":                 {"internal/textio", "internal/memlimit"},
	"xcc":                 {"internal/textio", "internal/memlimit"},
	"native":              {}, // the map of its families: a doc and examples
	// The families of native: counting and search share nothing but model
	// and the pool of work units, so that each confirms the other.
	"native/counting":      {"model", "native/internal/work", "internal/bitslice"},
	"native/search":        {"model", "native/internal/work"},
	"native/huge":          {"model", "native/internal/work"},
	"native/internal/work": {"internal/panics"},
	"encode":               {"model", "cnf", "xcc", "internal/textio", "internal/memlimit"},
	"solvers/sat":          {"cnf", "cnf/drat", "internal/textio", "internal/memlimit", "internal/panics", "internal/platform"},
	"cnf/drat":             {"cnf", "internal/memlimit"},
	"solvers/dlx":          {"xcc", "internal/panics"},
	"solvers/minizinc":     {"internal/platform"},
	"":                     {"model", "native/counting", "native/search", "native/huge", "encode", "cnf", "cnf/drat", "xcc", "solvers/sat", "solvers/dlx", "internal/memlimit"},
	"confirm":              {"", "model", "native/counting", "native/search", "encode", "cnf/drat", "solvers/sat", "solvers/dlx", "internal/memlimit"},
	"check":                {"", "model", "encode", "solvers/sat", "solvers/minizinc"},
	"suite":                {"", "confirm", "model", "native/search", "encode", "cnf", "xcc", "solvers/sat", "solvers/dlx", "internal/atomicfile", "internal/lockfile", "internal/memlimit", "internal/pyrand", "internal/textio"},
	"lab":                  {"", "confirm", "draw", "model", "encode", "cnf", "cnf/drat", "solvers/sat", "solvers/minizinc", "suite", "internal/atomicfile", "internal/lockfile", "internal/memlimit", "internal/panics", "internal/platform", "internal/textio", "internal/cgroup"},
	"cluster":              {"", "model", "native/counting", "internal/lockfile", "internal/textio", "internal/memlimit"},
	"draw":                 {"model", "native/search"},
	"scripts/typecheck":    {}, // a tool of the test script
}

// TestImportRules holds every package of the module to allowedImports, and
// fails on a package the table does not know, so that a new package states
// its place.
func TestImportRules(t *testing.T) {
	out, err := exec.Command("go", "list", "-f", "{{.ImportPath}}:{{join .Imports \" \"}}", "./...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	const module = "github.com/queenslab/nqueens"
	local := func(path string) (string, bool) {
		if path == module {
			return "", true
		}
		rest, ok := strings.CutPrefix(path, module+"/")
		return rest, ok
	}
	seen := 0
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		path, imports, _ := strings.Cut(line, ":")
		pkg, _ := local(path)
		seen++
		allowed, known := allowedImports[pkg]
		isCmd := strings.HasPrefix(pkg, "cmd/") || strings.HasPrefix(pkg, "examples/")
		if !known && !isCmd {
			t.Errorf("package %q is not in allowedImports: give it its place in the layout", pkg)
			continue
		}
		for _, imp := range strings.Fields(imports) {
			dep, inModule := local(imp)
			switch {
			case !inModule:
			case strings.HasPrefix(dep, "cmd/"):
				t.Errorf("%q imports %q: nothing imports a command", pkg, dep)
			case isCmd:
			case !slices.Contains(allowed, dep):
				t.Errorf("%q imports %q, which the layout does not allow (allowed: %q)", pkg, dep, allowed)
			}
		}
	}
	if seen < len(allowedImports) {
		t.Errorf("go list gave %d packages, the table has %d", seen, len(allowedImports))
	}
}

// commandForbids are what the command line must not import: charts are
// drawn by draw (gonum), system calls made by internal/platform, and the
// algorithms' own helpers stay below their packages. The command holds
// flags, words, exit statuses and progress only.
var commandForbids = []string{"gonum.org/", "syscall", "unsafe", "golang.org/x/sys/",
	"github.com/queenslab/nqueens/internal/bitslice", "github.com/queenslab/nqueens/internal/pyrand",
	"github.com/queenslab/nqueens/internal/brute", "github.com/queenslab/nqueens/internal/gent2017"}

// TestCommandImports holds cmd/nqueens (its tests aside) to commandForbids.
func TestCommandImports(t *testing.T) {
	out, err := exec.Command("go", "list", "-f", `{{join .Imports "\n"}}`, "./cmd/nqueens").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	imports := strings.Fields(string(out))
	if !slices.Contains(imports, "github.com/spf13/cobra") {
		t.Fatalf("go list gave %q, not the command's imports", imports)
	}
	for _, imp := range imports {
		for _, bad := range commandForbids {
			if imp == bad || strings.HasSuffix(bad, "/") && strings.HasPrefix(imp, bad) {
				t.Errorf("cmd/nqueens imports %s: that belongs in a library package", imp)
			}
		}
	}
}
