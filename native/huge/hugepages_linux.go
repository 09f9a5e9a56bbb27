package huge

import (
	"syscall"
	"unsafe"
)

// hugePage is the size of a transparent huge page on x86-64 and arm64.
const hugePage = 2 << 20

// hugeSlice allocates a zeroed slice of n elements; if it spans several huge
// pages it asks the kernel to back it with transparent huge pages
// (madvise MADV_HUGEPAGE), which cuts the TLB misses of random access over
// hundreds of megabytes. Where the kernel says no, the slice works the same.
func hugeSlice[T any](n int) []T {
	s := make([]T, n)
	var zero T
	size := uintptr(n) * unsafe.Sizeof(zero)
	if size < 4*hugePage {
		return s
	}
	base := unsafe.Pointer(unsafe.SliceData(s))
	start := uintptr(base)
	lo := (start + hugePage - 1) &^ (hugePage - 1)
	hi := (start + size) &^ (hugePage - 1)
	if hi > lo {
		region := unsafe.Slice((*byte)(unsafe.Add(base, lo-start)), hi-lo)
		_ = syscall.Madvise(region, syscall.MADV_HUGEPAGE)
	}
	return s
}
