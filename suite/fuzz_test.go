package suite

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/queenslab/nqueens"
)

// FuzzParseManifest: any bytes are read without a panic, refused as bad
// input, or give rows whose files are plain names inside the suite.
func FuzzParseManifest(f *testing.F) {
	for _, s := range []string{`{"format":"nqueens-suite-2","files":[{"file":"a.cnf","expected":"SAT","sha256":"00"}]}`, "[]", "null",
		`{"format":"nqueens-suite-2","files":[{"file":"../x"}]}`, `{"format":"nqueens-suite-2","files":[{"file":"a/b"}]}`, `{}`, `[{"file":"manifest.csv"}]`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		m, err := parseManifest(raw, "fuzz")
		if err != nil {
			if !errors.As(err, new(*nqueens.OptionError)) {
				t.Fatalf("error of type %T: %v", err, err)
			}
			return
		}
		for _, r := range m.Files {
			if r.File == "" || strings.ContainsRune(r.File, filepath.Separator) || r.File == ".." || filepath.IsAbs(r.File) {
				t.Fatalf("accepted file name %q", r.File)
			}
		}
	})
}
