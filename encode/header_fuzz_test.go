package encode_test

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/queenslab/nqueens/encode"
	"github.com/queenslab/nqueens/model"
)

// commentPrefix is how each format begins a header line (XCSP3: inside
// one XML comment).
var commentPrefix = map[encode.Format]string{
	encode.DIMACS: "c ", encode.OPB: "* ", encode.MiniZinc: "% ", encode.MiniZincData: "% ",
	encode.MiniZincInline: "% ", encode.XCC: "| ", encode.XCSP3: "  ",
}

// FuzzHeaderFields: whatever the caller's header fields hold (generator,
// command line, note, the source of the expected count), every format
// writes each as one comment line and nothing else changes: no line
// break, carriage return or separator of theirs starts a line of the
// instance, and XCSP3's comment stays one well-formed XML comment, its
// command one processing instruction.
func FuzzHeaderFields(f *testing.F) {
	f.Add("nqueens 0.2.0", "nqueens encode 4", "hi\np cnf 1 1\n1 0\n%\n", "counted")
	f.Add("a\rb", "x\u2028y", "--->", "<!-- -->\x00\x7f\u0085")
	f.Add("", "", "", "")
	p := model.Problem{N: 5, Blocked: []model.Square{{Row: 0, Col: 0}}}
	seven := uint64(7)
	write := func(t *testing.T, format encode.Format, opt encode.Options) []string {
		var b bytes.Buffer
		if err := encode.Write(context.Background(), &b, p, format, nil, encode.Natural, opt); err != nil {
			t.Fatalf("%s: %v", format, err)
		}
		return strings.Split(b.String(), "\n")
	}
	f.Fuzz(func(t *testing.T, gen, command, note, source string) {
		for _, format := range encode.Formats() {
			prefix, ok := commentPrefix[format]
			if !ok {
				continue // no header (.param)
			}
			plain := write(t, format, encode.Options{Generator: "g", Command: "c", Note: "n", Expected: &seven, ExpectedSource: "s"})
			got := write(t, format, encode.Options{Generator: "g" + gen, Command: "c" + command, Note: "n" + note, Expected: &seven, ExpectedSource: "s" + source})
			if len(got) != len(plain) {
				t.Fatalf("%s: %d lines with the fields %q, %d without", format, len(got), []string{gen, command, note, source}, len(plain))
			}
			for i := range got {
				pi := format == encode.XCSP3 && strings.HasPrefix(got[i], "<?nqueens-command ") && strings.HasSuffix(got[i], "?>") && strings.Count(got[i], "?>") == 1
				if got[i] != plain[i] && !strings.HasPrefix(got[i], prefix) && !pi {
					t.Fatalf("%s: line %d is %q, not a header line (%q without the fields)", format, i+1, got[i], plain[i])
				}
			}
			if format == encode.XCSP3 {
				text := strings.Join(got, "\n")
				open, end := strings.Index(text, "<!--"), strings.Index(text, "-->")
				if open < 0 || end < open || strings.Contains(text[open+4:end], "--") || strings.Count(text, "-->") != 1 {
					t.Fatalf("XCSP3: the header is not one well-formed XML comment:\n%s", text)
				}
			}
		}
	})
}

// TestHeaderAnswer: a header gives the answer it is told where the count
// is not known, and refuses one that a known count contradicts.
func TestHeaderAnswer(t *testing.T) {
	big := model.Problem{N: 20, Fixed: []model.Square{{Row: 0, Col: 3}}}
	var b bytes.Buffer
	if err := encode.Write(context.Background(), &b, big, encode.DIMACS, nil, encode.Natural, encode.Options{Answer: "SAT"}); err != nil || !strings.Contains(b.String(), "c expected answer: SAT (") {
		t.Errorf("a variant of N = 20: %v\n%s", err, b.String()[:400])
	}
	for _, c := range []struct {
		p      model.Problem
		answer string
	}{{model.Classic(8), "UNSAT"}, {model.Classic(3), "SAT"}, {big, "MAYBE"}} {
		b.Reset()
		if err := encode.Write(context.Background(), &b, c.p, encode.DIMACS, nil, encode.Natural, encode.Options{Answer: c.answer}); err == nil {
			t.Errorf("N = %d, answer %s: taken", c.p.N, c.answer)
		}
	}
}
