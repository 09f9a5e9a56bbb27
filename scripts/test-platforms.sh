#!/usr/bin/env bash
# Every platform a user has. Each GOOS/GOARCH target type-checks (the files
# its build tags choose, cgo off, its int and pointer sizes): what keeps
# pure Go from building on a target shows there, in seconds where a cold
# cross-build takes minutes. Then the packages that read and write files
# and bits run their tests on linux/mips under qemu-user: a processor both
# big-endian and 32-bit, so that one emulated run finds a byte-order
# assumption (readers, hashes, shard files, journals) and an int that
# overflows at 32 bits alike. (linux/386 binaries cannot run here: this
# kernel has no 32-bit support and qemu-i386 breaks Go's signal handling.)
# Called by scripts/test.sh; .ci/run installs qemu-user.
set -euo pipefail
cd "$(dirname "$0")/.."
targets="linux/amd64 linux/arm64 linux/arm linux/386 linux/mips linux/riscv64 linux/ppc64le linux/s390x
darwin/amd64 darwin/arm64 windows/amd64 freebsd/amd64"
# shellcheck disable=SC2086
go run ./scripts/typecheck $targets
echo "platforms: $(echo $targets | wc -w) targets type-check"
if ! command -v qemu-mips >/dev/null; then
	if [ "${NQUEENS_REQUIRE_QEMU:-0}" = 1 ]; then
		echo "platforms: qemu-mips is required (NQUEENS_REQUIRE_QEMU=1) but not installed" >&2
		exit 1
	fi
	echo "SKIPPED: the tests on linux/mips (qemu-mips is not installed: apt-get install qemu-user)"
	exit 0
fi
# The tests that spawn no process of their own and whose work fits an
# emulator: the readers and writers, the bit sets, dancing links, shard
# files and journals, and the counters at small N (the join's unit digests
# among them).
pkgs="./model ./cnf ./cnf/drat ./xcc ./internal/textio ./internal/bitslice ./internal/pyrand ./cluster ./solvers/dlx"
export GOARCH=mips GOMIPS=softfloat
# shellcheck disable=SC2086
go vet $pkgs ./native/...
# The cluster's recounts of every unit by a second counter (TestRecountUnits,
# TestShardsSpotCheck) are left to the native run: under the emulator they
# took 75 of this step's seconds, and what they hold here (the join and cp
# agree unit by unit) is logic, not byte order, which the join's own tests
# below and the shard files' and journals' tests check on this platform.
# shellcheck disable=SC2086
go test -count=1 -short -exec qemu-mips -skip 'TestRecountUnits|TestShardsSpotCheck' $pkgs
go test -count=1 -short -exec qemu-mips -run 'Join|Bitmask|Constellation|Digest|Units|Count' ./native/counting ./native/internal/work
echo "platforms: tests pass on linux/mips (big-endian, 32-bit; qemu-mips)"
