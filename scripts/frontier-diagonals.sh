#!/usr/bin/env bash
# Excluded diagonals beyond the sizes of Gent, Jefferson and Nightingale's
# study (they decided up to n = 21): for each n of NS, C lists drawn by
# their generator (nqueens gen diagonals, k = 4, seeds 1..C), each cut at
# the measured peak of hardness (--hard); each instance decided by
# nqueens solve --diagonals on both cores (the constraint-propagation
# search, its answer confirmed by dancing links) and by cadical, on the
# pairwise CNF and on the same with the diagonal sums (pairwise+sums), each
# under TIMEOUT of wall time. Prints one line per instance
# (answer, seconds of each) and per n the number decided, the median, the
# 90th percentile and the largest time (TIMEOUT counted for those not
# decided), so that the two can be compared side by side.
# usage: scripts/frontier-diagonals.sh [C] [TIMEOUT] [N...]
#        default C = 20, TIMEOUT = 60, N = 30
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
count=${1:-20}
limit=${2:-60}
shift 2 || true
sizes=("$@"); [ ${#sizes[@]} -gt 0 ] || sizes=(30)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$root"
CGO_ENABLED=0 go build -o "$work/nqueens" ./cmd/nqueens
nq() { "$work/nqueens" "$@"; }
command -v cadical >/dev/null || { echo "frontier-diagonals: cadical is not installed (apt-get install cadical)" >&2; exit 2; }
# seconds CMD...: the wall seconds of CMD, or "-" past the limit; its
# standard output goes to $work/out.
seconds() {
  local start end status
  start=$(date +%s.%N)
  set +e
  timeout "$limit" "$@" >"$work/out" 2>"$work/err"
  status=$?
  set -e
  end=$(date +%s.%N)
  if [ "$status" = 124 ]; then echo "-"; else awk -v a="$start" -v b="$end" 'BEGIN { printf "%.2f", b - a }'; fi
}
summary() { # NAME FILE: decided, median, 90th percentile, largest
  sort -g "$2" | awk -v name="$1" -v lim="$limit" '{ t[NR] = $1; if ($1 < lim) d++ }
    END { printf "  %-12s decided %d of %d within %d s; median %.2f s, 90th percentile %.2f s, largest %.2f s\n", name, d, NR, lim,
          t[int((NR + 1) / 2)], t[int(NR * 0.9 + 0.999)], t[NR] }'
}
for n in "${sizes[@]}"; do
  dir="$work/n$n"
  nq gen diagonals --n "$n" --hard --count "$count" --seed 1 --formats param,dimacs --amo pairwise,pairwise+sums --budget 1s --out "$dir" -q >/dev/null
  : >"$work/cp.txt"; : >"$work/cadical.txt"; : >"$work/sums.txt"
  echo "n = $n:"
  for param in "$dir"/*.param; do
    base=${param%.param}
    ours=$(seconds "$work/nqueens" solve --diagonals "$param" --jobs 2 -q)
    answer=$(grep -q "no solution" "$work/out" 2>/dev/null && echo UNSAT || { [ "$ours" = "-" ] && echo "?" || echo SAT; })
    # cadical on the CNF without and with the sums; a decided answer
    # must be nqueens' where nqueens decided.
    for enc in pairwise pairwise+sums; do
      t=$(seconds cadical -q "$base-$enc.cnf")
      [ "$t" = "-" ] || { grep -q '^s UNSATISFIABLE' "$work/out" && cad=UNSAT || cad=SAT; [ "$answer" = "?" ] || [ "$cad" = "$answer" ] ||
        { echo "frontier-diagonals: cadical says $cad on $enc, nqueens $answer on $(basename "$param")" >&2; exit 1; }; }
      if [ "$enc" = pairwise ]; then theirs=$t; echo "${t/-/$limit}" >>"$work/cadical.txt"; else sums=$t; echo "${t/-/$limit}" >>"$work/sums.txt"; fi
    done
    echo "  $(basename "$param"): $answer; nqueens solve ${ours} s, cadical ${theirs} s, cadical with the sums ${sums} s"
    echo "${ours/-/$limit}" >>"$work/cp.txt"
  done
  summary "nqueens" "$work/cp.txt"
  summary "cadical" "$work/cadical.txt"
  summary "cadical+sums" "$work/sums.txt"
done
