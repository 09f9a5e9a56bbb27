package native

import (
	"context"
	"flag"
	"testing"

	"github.com/queenslab/nqueens/model"
)

var long = flag.Bool("long", false, "run the long checks (bitmask counts up to n = 18)")

func TestCountAgainstKnown(t *testing.T) {
	maxN := 14
	if *long {
		maxN = 18
	}
	for n := 1; n <= maxN; n++ {
		res, err := Bitmask(context.Background(), n, BitmaskOptions{})
		if err != nil {
			t.Fatal(err)
		}
		all, distinct, _ := model.KnownCount(n)
		if res.All != all || res.Distinct != distinct {
			t.Errorf("n = %d: Count = %d / %d distinct, known %d / %d", n, res.All, res.Distinct, all, distinct)
		}
		if res.UnitsDone != res.Units {
			t.Errorf("n = %d: %d of %d units done", n, res.UnitsDone, res.Units)
		}
	}
}
