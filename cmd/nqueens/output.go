package main

import (
	"os"
	"strconv"
	"strings"

	"github.com/queenslab/nqueens/internal/atomicfile"
)

// checkWritable fails early, before any work, if path cannot be written
// (internal/atomicfile.Check); "" is standard output.
func checkWritable(path string) error {
	if path == "" {
		return nil
	}
	if err := atomicfile.Check(path); err != nil {
		return usageError{err}
	}
	return nil
}

func unwrapPathErr(err error) error {
	if pe, ok := err.(*os.PathError); ok {
		return pe.Err
	}
	return err
}

// thousands writes n with commas: 35,539.
func thousands(n uint64) string {
	s := strconv.FormatUint(n, 10)
	var b strings.Builder
	for i, ch := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(ch)
	}
	return b.String()
}

// plural writes a count with its noun: "1 solution", "14,200 solutions".
func plural(n uint64, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return thousands(n) + " " + noun + "s"
}
