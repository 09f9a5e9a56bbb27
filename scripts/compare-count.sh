#!/usr/bin/env bash
# Bitmask counting side by side with ../shared/bench/bitmask-mirror.c (cc -O2),
# alternating A B A B, medians of R runs; also one job against two.
# usage: scripts/compare-count.sh [R] [N...]     default: 3 runs, N = 16 17
. "$(dirname "$0")/lib.sh"
runs=${1:-3}; shift || true
sizes=("$@"); [ ${#sizes[@]} -gt 0 ] || sizes=(16 17)

cc -O2 -o "$work/bitmask-mirror" "$shared/bench/bitmask-mirror.c"
build_nqueens
printf '%-4s %9s %11s %11s %12s %14s\n' N "C s" "Go 1 job s" "Go 2 jobs s" "1 job / C" "1 job / 2 jobs"
for n in "${sizes[@]}"; do
  : >"$work/c"; : >"$work/g1"; : >"$work/g2"
  for r in $(seq 1 "$runs"); do
    measure "$work/bitmask-mirror" "$n" >>"$work/c"
    measure "$work/nqueens" count "$n" --jobs 1 >>"$work/g1"
    measure "$work/nqueens" count "$n" --jobs 2 >>"$work/g2"
  done
  c=$(cut -d' ' -f1 "$work/c" | median); g1=$(cut -d' ' -f1 "$work/g1" | median); g2=$(cut -d' ' -f1 "$work/g2" | median)
  awk -v n="$n" -v c="$c" -v g1="$g1" -v g2="$g2" 'BEGIN {
    printf "%-4d %9.2f %11.2f %11.2f %11.2fx %13.2fx\n", n, c, g1, g2, g1/c, g1/g2 }'
done
