#!/usr/bin/env bash
# The README's first command: build nqueens and run its main job, the check:
# every method installed here (direct counters, dancing links, SAT in every
# encoding with gini, gophersat, clasp, cryptominisat5, MiniZinc/Gecode, every
# finder) on n = 1..10, certified against each other and against OEIS; then
# one million queens by local search, written to a file and verified.
# Installs nothing: methods whose solver is missing are shown as skipped
# (.ci/run installs them: apt-get install clasp minizinc cadical minisat
# cryptominisat picosat).
set -euo pipefail
cd "$(dirname "$0")/.."
CGO_ENABLED=0 go build -o bin/nqueens ./cmd/nqueens # pure Go: no C toolchain needed
bin/nqueens check --from 1 --to 10
bin/nqueens solve 8 --method backtrack --board
bin/nqueens solve 1000000 --seed 42 -o bin/solution-1000000.txt
bin/nqueens verify 1000000 bin/solution-1000000.txt
