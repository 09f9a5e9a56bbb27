package search

import (
	"testing"

	"github.com/queenslab/nqueens/internal/generated"
)

// TestGenerated: cp_search64_gen.go is what its generator writes now.
func TestGenerated(t *testing.T) {
	generated.Check(t, "./native/search", map[string]string{"gen_cp.go": "cp_search64_gen.go"})
}
