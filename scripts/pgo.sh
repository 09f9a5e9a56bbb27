#!/usr/bin/env bash
# Writes cmd/nqueens/default.pgo, the CPU profile that `go build` uses for
# profile-guided optimisation of the nqueens command (Go's PGO: hot calls
# inlined, hot blocks laid out first). The profile is merged from the Go
# benchmarks of the main workloads: constellation and bitmask counting
# (n = 16 and 17, one job), local search (10^6 and 10^7 queens), DIMACS writing, dancing links,
# gini enumeration and the constraint-propagation search (the authors' hardest excluded-diagonals
# instances, one job). Rerun it after large changes to those hot paths
# and commit the result; see docs/design.md.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$root"
# Without the old profile, so that the new one describes unoptimised code.
rm -f cmd/nqueens/default.pgo
bench() { # PACKAGE PATTERN NAME
  go test -run X -bench "$2" -count 1 -cpuprofile "$work/$3.prof" -o "$work/$3.test" "$1" >/dev/null
}
bench ./native/counting 'Constellation/n=1[67]/jobs=1' constellation
bench ./native/counting 'Count/n=1[67]/jobs=1' count
bench ./native/huge 'LocalSearch' localsearch
bench ./encode 'WriteDIMACS' dimacs
bench ./solvers/dlx 'Queens' dlx
bench ./solvers/sat 'GiniEnumerate12/gini-cubes=3' gini
bench ./native/search 'CPPublished/.*/jobs=1' cp
go tool pprof -proto "$work"/*.prof >cmd/nqueens/default.pgo 2>/dev/null
echo "pgo.sh: wrote cmd/nqueens/default.pgo ($(wc -c <cmd/nqueens/default.pgo) bytes)"
