//go:build !linux

package native

func hugeSlice[T any](n int) []T { return make([]T, n) }
