package sat

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"time"

	"github.com/queenslab/nqueens/internal/platform"
)

// ProgramVersion names the build of a solver program: the first line of
// "PROGRAM --version" (of its first 64 KiB: a flood is not kept) with a
// version number in it (digits and a dot, as "1.9.5"; else digits, as
// Debian's cadical 1.5.3 says "sc2021"), else the SHA-256 of the
// executable (16 hex digits), which names the build as well.
func ProgramVersion(ctx context.Context, path string) string {
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, path, "--version")
	platform.Group(cmd)
	// A solver that leaves a process behind holding its output does not
	// hold the probe: the pipes are closed a second after it ends.
	cmd.WaitDelay = time.Second
	out := &headWriter{max: 64 << 10}
	cmd.Stdout, cmd.Stderr = out, out
	if platform.Start(cmd) == nil {
		// Whatever the probe started lives no longer than the probe.
		defer platform.KillGroup(cmd.Process.Pid)
		cmd.Wait()
	}
	var digits string
	for _, l := range strings.Split(string(out.buf), "\n") {
		l = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(l), "c "))
		if len(l) >= 100 || !strings.ContainsAny(l, "0123456789") {
			continue
		}
		if strings.Contains(l, ".") {
			return l
		}
		if digits == "" {
			digits = l
		}
	}
	if digits != "" {
		return digits
	}
	f, err := os.Open(path)
	if err != nil {
		return "unknown"
	}
	defer f.Close()
	h := sha256.New()
	io.Copy(h, f)
	return "sha256:" + hex.EncodeToString(h.Sum(nil)[:8])
}

// headWriter keeps the first max bytes written to it and drops the rest,
// taking all of it so that the writer never blocks.
type headWriter struct {
	mu  sync.Mutex
	buf []byte
	max int
}

func (w *headWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if room := w.max - len(w.buf); room > 0 {
		w.buf = append(w.buf, p[:min(len(p), room)]...)
	}
	return len(p), nil
}
