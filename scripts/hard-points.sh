#!/usr/bin/env bash
# The 50% point of each random family's parameter, the table that gen
# --hard takes (suite/hard.go): for completion (m pre-placed queens) and
# blocked (m blocked squares) and each N, the smallest m at which at most
# half of C seeded instances have a solution, found by bisection over m
# (each instance decided by gen's two methods), and of it and the m before
# it the one whose fraction is nearer half, with the fractions of both; then the median time of the best of gini, cadical and dancing
# links on the C instances at that m (nqueens run, 20 s a run). Prints the
# table as suite/hard.go writes it, and as Markdown for docs/benchmarks.md.
# usage: scripts/hard-points.sh [C] [N...]      default C = 100, N = 20 30 40
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
count=${1:-100}; shift || true
sizes=("$@"); [ ${#sizes[@]} -gt 0 ] || sizes=(20 30 40)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$root" && CGO_ENABLED=0 go build -o "$work/nqueens" ./cmd/nqueens)
nq() { "$work/nqueens" "$@"; }
# sat FAMILY N M: the number of the C instances with a solution, or "x"
# where gen cannot draw them (too many queens to place at random).
sat() {
  local dir="$work/$1-$2-$3"
  if [ ! -d "$dir" ]; then
    nq --quiet gen "$1" --n "$2" --m "$3" --count "$count" --seed 7 --formats dimacs,xcc --budget 60s --out "$dir" >/dev/null 2>&1 || { echo x; return; }
  fi
  { grep -c '"expected": "SAT"' "$dir/manifest.json" || true; } | awk '{ print $1 / 2 }' # two rows an instance
}
echo "family | N | m at 50% | SAT there | SAT at m+1 | best solver, median s"
table=()
for family in completion blocked; do
  for n in "${sizes[@]}"; do
    lo=0
    if [ "$family" = completion ]; then hi=$((n * 9 / 10)); else hi=$((n * n - n)); fi
    while [ "$(sat "$family" "$n" "$hi")" = x ]; do hi=$((hi - 1)); done
    # The fraction falls with m: bisect for the smallest m with at most half.
    while [ $((hi - lo)) -gt 1 ]; do
      mid=$(( (lo + hi) / 2 ))
      s=$(sat "$family" "$n" "$mid")
      if [ "$s" = x ] || [ "$((2 * ${s%.*}))" -le "$count" ]; then hi=$mid; else lo=$mid; fi
    done
    # Of the two sides of the transition, the one nearer half.
    m=$hi
    above=$(sat "$family" "$n" "$lo")
    if [ "$above" != x ] && [ $(( 2 * ${above%.*} - count )) -lt $(( count - 2 * $(sat "$family" "$n" "$hi" | cut -d. -f1) )) ]; then m=$lo; fi
    dir="$work/$family-$n-$m"
    nq --quiet run "$dir" --solvers gini,cadical,dlx --timeout 20s --results "$work/r-$family-$n.jsonl" >/dev/null
    best=$(nq report "$work/r-$family-$n.jsonl" --json | awk '/"solver"/ { s = $2 } /"par2_s"/ { print s, $2 }' | sed 's/[",]//g' | grep -v VBS | sort -k2 -g | head -1)
    median=$(nq report --runs "$work/runs.csv" "$work/r-$family-$n.jsonl" >/dev/null && awk -F, -v s="${best%% *}" 'NR > 1 && $3 ~ "^"s { print $5 }' "$work/runs.csv" | sort -g | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }')
    echo "$family | $n | $m | $(sat "$family" "$n" "$m")/$count | $(sat "$family" "$n" $((m + 1)))/$count | ${best%% *}, $median"
    if [ "$family" = completion ]; then ratio=$(awk -v m="$m" -v n="$n" 'BEGIN { printf "%.3f", m / n }'); else ratio=$(awk -v m="$m" -v n="$n" 'BEGIN { printf "%.4f", m / (n * n) }'); fi
    table+=("$family {$n, $ratio}")
  done
done
echo
echo "suite/hard.go: ${table[*]}"
