//go:build !linux

package huge

func hugeSlice[T any](n int) []T { return make([]T, n) }
