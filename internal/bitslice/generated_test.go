package bitslice

import (
	"testing"

	"github.com/queenslab/nqueens/internal/generated"
)

// TestGenerated: scan_unrolled_amd64.s is what gen_scan.go writes now.
func TestGenerated(t *testing.T) {
	generated.Check(t, "./internal/bitslice", map[string]string{"gen_scan.go": "scan_unrolled_amd64.s"})
}
