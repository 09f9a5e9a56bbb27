package main

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// writeFileAtomic writes a file through a temporary one in the same folder,
// renamed into place only when write returned nil and the data is synced:
// a failed or interrupted run leaves nothing at path.
func writeFileAtomic(path string, write func(w *bufio.Writer) error) error {
	dir := filepath.Dir(path)
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return fmt.Errorf("cannot write %s: %v", path, unwrapPathErr(err))
	}
	ok := false
	defer func() {
		if !ok {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if err := tmp.Chmod(0o644); err != nil {
		return fmt.Errorf("cannot write %s: %v", path, unwrapPathErr(err))
	}
	w := bufio.NewWriterSize(tmp, 1<<20)
	if err := write(w); err != nil {
		return err
	}
	if err := w.Flush(); err != nil {
		return fmt.Errorf("cannot write %s: %v", path, unwrapPathErr(err))
	}
	if err := tmp.Sync(); err != nil {
		return fmt.Errorf("cannot write %s: %v", path, unwrapPathErr(err))
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("cannot write %s: %v", path, unwrapPathErr(err))
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("cannot write %s: %v", path, unwrapPathErr(err))
	}
	ok = true
	return nil
}

func unwrapPathErr(err error) error {
	if pe, ok := err.(*os.PathError); ok {
		return pe.Err
	}
	return err
}

// checkWritable fails early, before any work, if path's folder does not exist.
func checkWritable(path string) error {
	if path == "" {
		return nil
	}
	dir := filepath.Dir(path)
	st, err := os.Stat(dir)
	if err != nil {
		return usagef("cannot write %s: folder %s: %v", path, dir, unwrapPathErr(err))
	}
	if !st.IsDir() {
		return usagef("cannot write %s: %s is not a folder", path, dir)
	}
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		return usagef("cannot write %s: it is a folder", path)
	}
	return nil
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
