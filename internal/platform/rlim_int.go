//go:build freebsd || dragonfly

package platform

func rlim(v int64) int64 { return v }
