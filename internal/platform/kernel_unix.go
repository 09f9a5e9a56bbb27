//go:build unix

package platform

import (
	"strings"

	"golang.org/x/sys/unix"
)

// Kernel names the system as uname does: system, release, machine
// ("Linux 6.1.0-18-amd64 x86_64"); "" where it cannot be read.
func Kernel() string {
	var u unix.Utsname
	if unix.Uname(&u) != nil {
		return ""
	}
	return strings.Join([]string{unix.ByteSliceToString(u.Sysname[:]), unix.ByteSliceToString(u.Release[:]), unix.ByteSliceToString(u.Machine[:])}, " ")
}
