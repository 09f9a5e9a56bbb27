// Command typecheck type-checks every package of the module and all it
// imports, from source, for other systems and processors (GOOS/GOARCH
// pairs), without compiling: seconds a target where a cross-build takes
// minutes on a cold build cache. It finds what keeps a package from
// building there (a system call the target lacks, a constant that
// overflows a 32-bit int, a field of another type), which is what differs
// between targets in pure Go. go list picks each target's files (GOOS,
// GOARCH, build tags, cgo off).
//
//	go run ./scripts/typecheck darwin/arm64 windows/amd64 linux/arm ...
package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: typecheck GOOS/GOARCH...")
		os.Exit(2)
	}
	failed := false
	var mu sync.Mutex
	var wg sync.WaitGroup
	for _, target := range os.Args[1:] {
		goos, goarch, ok := strings.Cut(target, "/")
		if !ok {
			fmt.Fprintf(os.Stderr, "typecheck: %q is not GOOS/GOARCH\n", target)
			os.Exit(2)
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			err := check(goos, goarch)
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				fmt.Fprintf(os.Stderr, "%s: %v\n", target, err)
				failed = true
			}
		}()
	}
	wg.Wait()
	if failed {
		os.Exit(1)
	}
}

// listed is what go list -json says of a package.
type listed struct {
	ImportPath string
	Dir        string
	GoFiles    []string
	ImportMap  map[string]string
	Goroot     bool
	Error      *struct{ Err string }
}

// check type-checks the module's packages and their dependencies as
// goos/goarch builds them, with that target's int and pointer sizes.
func check(goos, goarch string) error {
	sizes := types.SizesFor("gc", goarch)
	if sizes == nil {
		return fmt.Errorf("unknown GOARCH %q", goarch)
	}
	cmd := exec.Command("go", "list", "-e", "-deps", "-pgo=off", "-json=ImportPath,Dir,GoFiles,ImportMap,Goroot,Error", "./...")
	cmd.Env = append(os.Environ(), "GOOS="+goos, "GOARCH="+goarch, "CGO_ENABLED=0")
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		return fmt.Errorf("go list: %v", err)
	}
	fset := token.NewFileSet()
	done := map[string]*types.Package{"unsafe": types.Unsafe}
	dec := json.NewDecoder(strings.NewReader(string(out)))
	for {
		var p listed
		if err := dec.Decode(&p); errors.Is(err, io.EOF) {
			return nil
		} else if err != nil {
			return fmt.Errorf("go list: %v", err)
		}
		if p.ImportPath == "unsafe" {
			continue
		}
		if p.Error != nil {
			return fmt.Errorf("%s: %s", p.ImportPath, p.Error.Err)
		}
		var files []*ast.File
		for _, name := range p.GoFiles {
			f, err := parser.ParseFile(fset, filepath.Join(p.Dir, name), nil, parser.SkipObjectResolution)
			if err != nil {
				return err
			}
			files = append(files, f)
		}
		var first error
		conf := types.Config{
			Importer: importer(func(path string) (*types.Package, error) {
				if m, ok := p.ImportMap[path]; ok {
					path = m
				}
				if dep := done[path]; dep != nil {
					return dep, nil
				}
				return nil, fmt.Errorf("%s is not checked before %s", path, p.ImportPath)
			}),
			Sizes: sizes,
			// The standard library's assembly and linknames give some
			// of its declarations their bodies.
			IgnoreFuncBodies: p.Goroot,
			FakeImportC:      true,
			Error: func(err error) {
				if first == nil {
					first = err
				}
			},
		}
		pkg, _ := conf.Check(p.ImportPath, fset, files, nil)
		if first != nil && !p.Goroot {
			// The standard library builds on every target Go has;
			// go/types takes a few of its runtime tricks for errors.
			return first
		}
		done[p.ImportPath] = pkg
	}
}

type importer func(path string) (*types.Package, error)

func (f importer) Import(path string) (*types.Package, error) { return f(path) }
