package lab

import (
	"strings"
	"testing"
)

// TestParseResults: a last line cut short is left out when resuming (and
// its bytes not counted as sound), an error when reading; a bad line
// elsewhere is an error either way, as is a file without the header.
func TestParseResults(t *testing.T) {
	head := `{"format":"nqueens-results-1","version":"x","manifest_sha256":"ab","suite_command":"c"}` + "\n"
	rec := `{"file":"a.cnf","sha256":"01","solver":"gini","status":"SAT"}` + "\n"
	raw := head + rec + rec[:20]
	h, recs, good, err := parseResults([]byte(raw), "r", true)
	if err != nil || h.Manifest != "ab" || len(recs) != 1 || good != len(head)+len(rec) {
		t.Errorf("cut: %+v %d %d %v", h, len(recs), good, err)
	}
	if _, _, _, err := parseResults([]byte(raw), "r", false); err == nil || !strings.Contains(err.Error(), "line 3") {
		t.Errorf("strict: %v", err)
	}
	mid := head + rec[:20] + "\n" + rec
	for _, cut := range []bool{true, false} {
		if _, _, _, err := parseResults([]byte(mid), "r", cut); err == nil || !strings.Contains(err.Error(), "line 2") {
			t.Errorf("bad middle line, cut %v: %v", cut, err)
		}
	}
	if _, recs, _, err := parseResults([]byte(head+strings.TrimSuffix(rec, "\n")), "r", false); err != nil || len(recs) != 1 {
		t.Errorf("strict, last line without its line end: %d %v", len(recs), err)
	}
	if _, _, _, err := parseResults([]byte("hello\n"+rec), "r", true); err == nil {
		t.Error("no header accepted")
	}
}
