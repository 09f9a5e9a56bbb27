#!/usr/bin/env bash
# How hard the excluded diagonals instances at the peak are for the
# complete search, by n, out to sizes no search here finishes: for each n
# of NS, C lists drawn by Gent, Jefferson and Nightingale's generator
# (nqueens gen diagonals, k = 4, seeds 1..C, the same lists as
# scripts/frontier-diagonals.sh), each cut at the measured peak (--hard)
# and estimated by nqueens estimate (Knuth's method, PROBES probes, and cp's
# speed measured for a second on both cores). Prints one line per instance
# (refuted at the root by the linear relaxation, or the estimated nodes,
# solutions and time of the search: the whole tree, as count searches it;
# solve stops at a first solution) and per n, over the instances the relaxation leaves
# to the search, the median and the largest estimate.
# usage: scripts/estimate-diagonals.sh [C] [PROBES] [N...]
#        default C = 20, PROBES = 100000, N = 24 26 28 30 32 34 36 38 40
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
count=${1:-20}
probes=${2:-100000}
shift 2 || true
sizes=("$@"); [ ${#sizes[@]} -gt 0 ] || sizes=(24 26 28 30 32 34 36 38 40)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$root"
CGO_ENABLED=0 go build -o "$work/nqueens" ./cmd/nqueens
nq() { "$work/nqueens" "$@"; }
command -v jq >/dev/null || { echo "estimate-diagonals: jq is not installed (apt-get install jq)" >&2; exit 2; }
for n in "${sizes[@]}"; do
  dir="$work/n$n"
  nq gen diagonals --n "$n" --hard --count "$count" --seed 1 --formats param --budget 1s --out "$dir" -q >/dev/null
  : >"$work/est.txt"
  refuted=0
  echo "n = $n:"
  for param in $(ls "$dir"/*.param | sort -V); do
    nq estimate --diagonals "$param" --probes "$probes" --jobs 2 --json >"$work/out"
    if [ "$(jq -r .refuted_at_root "$work/out")" = true ]; then
      refuted=$((refuted + 1))
      echo "  $(basename "$param"): refuted at the root by the linear relaxation"
      continue
    fi
    read -r nodes stderr sols secs rate < <(jq -r '[.nodes, .nodes_stderr, .solutions, .seconds, .measured.nodes / .measured.seconds] | @tsv' "$work/out")
    awk -v f="$(basename "$param")" -v x="$nodes" -v e="$stderr" -v q="$sols" -v s="$secs" -v r="$rate" \
      'BEGIN { printf "  %s: %.3g nodes (standard error %.2g%%), %s, about %.3g s at %.3g nodes/s\n", f, x, 100 * e / x,
               (q > 0 ? sprintf("%.3g solutions", q) : "no solution met"), s, r }'
    jq -r '"\(.nodes) \(.seconds)"' "$work/out" >>"$work/est.txt"
  done
  sort -g "$work/est.txt" | awk -v n="$n" -v c="$count" -v r="$refuted" '{ x[NR] = $1; s[NR] = $2 }
    END { if (NR == 0) { printf "  %d of %d refuted at the root; none left to the search\n", r, c; exit }
          printf "  %d of %d refuted at the root; the other %d: median %.3g nodes (%.3g s), largest %.3g nodes (%.3g s)\n",
            r, c, NR, x[int((NR + 1) / 2)], s[int((NR + 1) / 2)], x[NR], s[NR] }'
done
