#!/usr/bin/env bash
# The README's first command: build nqueens and run its default job: count
# n = 1..12 with every counting method against OEIS, and find verified
# solutions with every method, then one million queens by local search.
set -euo pipefail
cd "$(dirname "$0")/.."
go build -o bin/nqueens ./cmd/nqueens
for n in 1 2 3 4 5 6 7 8 9 10 11 12; do
  bin/nqueens count "$n" --unique
  bin/nqueens count "$n" --method backtrack
done
for m in backtrack construct localsearch; do bin/nqueens solve 8 --method "$m"; done
bin/nqueens solve 8 --method backtrack --board
bin/nqueens solve 1000000 --seed 42 -o bin/solution-1000000.txt
bin/nqueens verify 1000000 bin/solution-1000000.txt
