package nqueens

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"strings"
)

// BuildInfo names the build that is running: the toolkit's Version, the
// module's version as the go command stamped it ("v0.2.0" for go install
// ...@v0.2.0, "(devel)" for a build in a checkout), the VCS revision and
// time it was built from and whether the tree had uncommitted changes
// (empty where the go command recorded none, as in tests), the Go version
// and the platform.
type BuildInfo struct {
	Version, Module, Revision, Time string
	Modified                        bool
	Go, Platform                    string
}

// Build reads the running binary's build information
// (runtime/debug.ReadBuildInfo).
func Build() BuildInfo {
	b := BuildInfo{Version: Version, Go: runtime.Version(), Platform: runtime.GOOS + "/" + runtime.GOARCH}
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return b
	}
	b.Module = bi.Main.Version
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			b.Revision = s.Value
		case "vcs.time":
			b.Time = s.Value
		case "vcs.modified":
			b.Modified = s.Value == "true"
		}
	}
	return b
}

// String is the build on one line: "0.2.0 (module v0.2.0, revision
// 0123456789ab, modified, go1.26.0 linux/amd64)", each part present only
// when known.
func (b BuildInfo) String() string {
	var parts []string
	if b.Module != "" {
		parts = append(parts, "module "+b.Module)
	}
	if b.Revision != "" {
		rev := b.Revision
		if len(rev) > 12 {
			rev = rev[:12]
		}
		parts = append(parts, "revision "+rev)
		if b.Modified {
			parts = append(parts, "modified")
		}
	}
	parts = append(parts, b.Go+" "+b.Platform)
	return fmt.Sprintf("%s (%s)", b.Version, strings.Join(parts, ", "))
}
