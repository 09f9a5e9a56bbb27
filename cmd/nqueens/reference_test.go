package main

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/spf13/cobra/doc"
)

var update = flag.Bool("update", false, "write the generated command-line reference (docs/cli, docs/man) instead of comparing")

// TestCLIReference generates the command-line reference from the command
// tree, Markdown for docs/cli and man pages for docs/man, and fails when
// the committed files differ: the help texts are the one source, and
// "go test ./cmd/nqueens -run TestCLIReference -update" writes them.
func TestCLIReference(t *testing.T) {
	gen := t.TempDir()
	md, man := filepath.Join(gen, "cli"), filepath.Join(gen, "man")
	for _, d := range []string{md, man} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	root := newRoot(&env{stdin: bytes.NewReader(nil), stdout: &bytes.Buffer{}, stderr: &bytes.Buffer{}})
	root.DisableAutoGenTag = true
	if err := doc.GenMarkdownTree(root, md); err != nil {
		t.Fatal(err)
	}
	// A fixed date: the pages change only when the help does.
	date := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	if err := doc.GenManTree(root, &doc.GenManHeader{Title: "NQUEENS", Section: "1", Source: "nqueens", Manual: "nqueens manual", Date: &date}, man); err != nil {
		t.Fatal(err)
	}
	for _, dir := range []string{"cli", "man"} {
		want := filepath.Join("..", "..", "docs", dir)
		got, _ := filepath.Glob(filepath.Join(gen, dir, "*"))
		if *update {
			os.RemoveAll(want)
			if err := os.MkdirAll(want, 0o755); err != nil {
				t.Fatal(err)
			}
		}
		names := map[string]bool{}
		for _, g := range got {
			name := filepath.Base(g)
			names[name] = true
			b, err := os.ReadFile(g)
			if err != nil {
				t.Fatal(err)
			}
			if *update {
				if err := os.WriteFile(filepath.Join(want, name), b, 0o644); err != nil {
					t.Fatal(err)
				}
				continue
			}
			old, err := os.ReadFile(filepath.Join(want, name))
			if err != nil || !bytes.Equal(old, b) {
				t.Errorf("docs/%s/%s is stale or missing: go test ./cmd/nqueens -run TestCLIReference -update", dir, name)
			}
		}
		old, _ := filepath.Glob(filepath.Join(want, "*"))
		for _, o := range old {
			if !names[filepath.Base(o)] {
				t.Errorf("docs/%s/%s is of no command: go test ./cmd/nqueens -run TestCLIReference -update", dir, filepath.Base(o))
			}
		}
	}
}
