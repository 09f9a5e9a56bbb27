//go:build !amd64

package bitslice

const hasVector = false

func (m *Matcher) scanVector(items []uint64) uint64 { return m.scan(items) }
