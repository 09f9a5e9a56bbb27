package cmdline_test

import (
	"slices"
	"testing"

	"github.com/queenslab/nqueens/internal/cmdline"
)

func TestJoinSplit(t *testing.T) {
	for _, args := range [][]string{
		{"encode", "8"},
		{"encode", "12", "--fix", "1:1,2:3", "--note", "suite completion, seed 5, instance 3"},
		{"x", "it's", "", "a b", "$HOME", "*", `back\slash`},
	} {
		line := cmdline.Join(args)
		if got := cmdline.Split(line); !slices.Equal(got, append([]string{"nqueens"}, args...)) {
			t.Errorf("%q: split back to %q", line, got)
		}
	}
	if got := cmdline.Join([]string{"gen", "a b"}); got != "nqueens gen 'a b'" {
		t.Errorf("%q", got)
	}
}
