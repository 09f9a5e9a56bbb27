package sat

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"time"
)

// ProgramVersion names the build of a solver program: the first line that
// "PROGRAM --version" prints with a
// version number in it, else the SHA-256 of the executable (16 hex
// digits), which names the build as well.
func ProgramVersion(ctx context.Context, path string) string {
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, path, "--version")
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	// A solver that leaves a process behind holding its output does not
	// hold the probe: the pipes are closed a second after it ends.
	cmd.WaitDelay = time.Second
	out, _ := cmd.CombinedOutput()
	for _, l := range strings.Split(string(out), "\n") {
		l = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(l), "c "))
		if len(l) < 100 && strings.ContainsAny(l, "0123456789") && strings.Contains(l, ".") {
			return l
		}
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
