package main

import (
	"fmt"
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

// availableMemory reads MemAvailable from /proc/meminfo; ok is false where
// it cannot be read.
func availableMemory() (uint64, bool) {
	raw, err := os.ReadFile("/proc/meminfo")
	if err != nil {
		return 0, false
	}
	for _, line := range strings.Split(string(raw), "\n") {
		if rest, found := strings.CutPrefix(line, "MemAvailable:"); found {
			f := strings.Fields(rest)
			if len(f) >= 1 {
				kb, err := strconv.ParseUint(f[0], 10, 64)
				if err == nil {
					return kb << 10, true
				}
			}
		}
	}
	return 0, false
}

// gb formats a byte count in gigabytes.
func gb(b uint64) string { return fmt.Sprintf("%.1f GB", float64(b)/1e9) }

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
