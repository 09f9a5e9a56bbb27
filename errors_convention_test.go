package nqueens_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestErrorPrefixes holds the one convention of error messages: an error
// made in a library package begins with the package's name and a colon
// ("encode: unknown format"), or with a verb that puts the text of an
// error that has its own first ("%s: %w" with context first is the
// caller's). The root package speaks as the command does: its messages
// have no prefix, since the command prints every error after "nqueens: ".
// The families of native (native/counting, native/search, native/huge)
// begin with "native: ", as they did when they were one package.
// Internal packages are exempt: their errors are wrapped by callers that
// name the context. The commands and the scripts' tools print their own.
// No command edits a message.
func TestErrorPrefixes(t *testing.T) {
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (path == "cmd" || path == "examples" || d.Name() == "internal" || path == "scripts" || d.Name() == "testdata") {
			return filepath.SkipDir
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		prefix := f.Name.Name + ": "
		if strings.HasPrefix(path, "native"+string(filepath.Separator)) {
			prefix = "native: " // the families of native speak as native
		}
		root := filepath.Dir(path) == "."
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || len(call.Args) == 0 {
				return true
			}
			sel, ok := call.Fun.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			pkg, ok := sel.X.(*ast.Ident)
			if !ok || !(pkg.Name == "errors" && sel.Sel.Name == "New" || pkg.Name == "fmt" && sel.Sel.Name == "Errorf") {
				return true
			}
			lit, ok := call.Args[0].(*ast.BasicLit)
			if !ok {
				return true
			}
			msg, _ := strconv.Unquote(lit.Value)
			switch {
			case root && strings.HasPrefix(msg, "nqueens: "):
				t.Errorf("%s: %q: the root package's messages have no prefix (the command adds \"nqueens: \")", fset.Position(lit.Pos()), msg)
			case !root && !strings.HasPrefix(msg, prefix) && !strings.HasPrefix(msg, "%"):
				t.Errorf("%s: %q does not begin with %q", fset.Position(lit.Pos()), msg, prefix)
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
