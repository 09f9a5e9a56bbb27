package counting

import (
	"testing"

	"github.com/queenslab/nqueens/internal/generated"
)

// TestGenerated: bitmask_rows_gen.go and constellation_gen.go are what
// their generators write now.
func TestGenerated(t *testing.T) {
	generated.Check(t, "./native/counting", map[string]string{"gen_bitmask_rows.go": "bitmask_rows_gen.go", "gen_constellation.go": "constellation_gen.go"})
}
