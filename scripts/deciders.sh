#!/usr/bin/env bash
# The table of complete deciders behind the default method of solve and
# count for problems with pre-placed queens, blocked squares or excluded
# diagonals (confirm.DefaultFinder): for each family and N, C instances
# (nqueens gen, at the peak of hardness where one is measured), each
# decided by every complete method on one core with no second method
# (solve --no-confirm), whole process; prints the median and the largest
# time of each method, "-" past TIMEOUT.
# usage: scripts/deciders.sh [C] [TIMEOUT]      default C = 10, TIMEOUT = 20s
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
count=${1:-10}
limit=${2:-20s}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$root"
CGO_ENABLED=0 go build -o "$work/nqueens" ./cmd/nqueens
nq() { "$work/nqueens" "$@"; }
methods=("cp -j 1" "dlx" "dlx --order heuristic" "backtrack" "backtrack --order heuristic" "sat")
printf '%-10s %5s' family N
for m in "${methods[@]}"; do printf ' | %-27s' "$m"; done
echo
for spec in "completion 20 --hard" "completion 40 --hard" "completion 64 --hard" "completion 100 --hard" \
  "blocked 20 --m 120" "blocked 40 --m 500" "diagonals 16 --hard" "diagonals 20 --hard" "diagonals 24 --hard"; do
  read -r family n flag value <<<"$spec"
  dir="$work/$family-$n"
  nq gen "$family" --n "$n" $flag $value --count "$count" --seed 7 --formats xcc --budget 2m --out "$dir" -q >/dev/null
  printf '%-10s %5s' "$family" "$n"
  for m in "${methods[@]}"; do
    : >"$work/t"
    for row in $(python3 -c "import json,sys; [print(r['id']+'|'+r.get('fixed','')+'|'+r.get('blocked','')+'|'+r.get('exclude_sum','')+'|'+r.get('exclude_diff','')) for r in json.load(open('$dir/manifest.json'))['files']]"); do
      IFS='|' read -r id fix block sums diffs <<<"$row"
      args=(solve "$n" -m $m --no-confirm -q --timeout "$limit")
      [ -n "$fix" ] && args+=(--fix "$fix")
      [ -n "$block" ] && args+=(--block "$block")
      [ -n "$sums" ] && args+=(--exclude-sum "$sums")
      [ -n "$diffs" ] && args+=(--exclude-diff "$diffs")
      start=$(date +%s.%N)
      status=0
      nq "${args[@]}" >/dev/null 2>"$work/err" || status=$?
      if [ "$status" -le 1 ] && ! grep -q "no answer within" "$work/err"; then
        awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { print b - a }' >>"$work/t"
      else
        echo 1e9 >>"$work/t" # past the time limit, or refused (too large)
      fi
    done
    sort -g "$work/t" | awk '{ a[NR] = $1 } END { med = a[int((NR + 1) / 2)]; mx = a[NR];
      m1 = (med >= 1e9) ? "-" : sprintf("%.3f", med); m2 = (mx >= 1e9) ? "-" : sprintf("%.3f", mx);
      printf " | %-27s", "median " m1 " s, max " m2 }'
  done
  echo
done
