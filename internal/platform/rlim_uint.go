//go:build unix && !linux && !freebsd && !dragonfly

package platform

func rlim(v int64) uint64 { return uint64(v) }
