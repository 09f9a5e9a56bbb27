#!/usr/bin/env bash
# Local search side by side with a C program of the same search (Sosič and
# Gu; the speed and memory reference), whole process, alternating A B A B,
# medians of R runs.
# usage: scripts/compare-localsearch.sh [R] [N...]     default: 3 runs, N = 1e6 1e7 1e8
# LOCALSEARCH_C: the C program (default cmd/nqueens/testdata/sosic-gu-localsearch.c,
# which takes N and writes nothing without a file argument).
. "$(dirname "$0")/lib.sh"
runs=${1:-3}; shift || true
sizes=("$@"); [ ${#sizes[@]} -gt 0 ] || sizes=(1000000 10000000 100000000)

src=$(reference LOCALSEARCH_C "$root/cmd/nqueens/testdata/sosic-gu-localsearch.c" "the C program of Sosič and Gu's local search")
cc -O2 -o "$work/seedls" "$src"
build_nqueens
printf '%-11s %9s %9s %7s   %10s %10s\n' N "C s" "Go s" ratio "C B/queen" "Go B/queen"
for n in "${sizes[@]}"; do
  : >"$work/c"; : >"$work/g"
  for r in $(seq 1 "$runs"); do
    measure "$work/seedls" "$n" >>"$work/c"
    measure "$work/nqueens" solve "$n" --seed "$r" >>"$work/g"
  done
  cw=$(cut -d' ' -f1 "$work/c" | median); gw=$(cut -d' ' -f1 "$work/g" | median)
  cm=$(cut -d' ' -f2 "$work/c" | median); gm=$(cut -d' ' -f2 "$work/g" | median)
  awk -v n="$n" -v cw="$cw" -v gw="$gw" -v cm="$cm" -v gm="$gm" 'BEGIN {
    printf "%-11d %9.2f %9.2f %6.2fx   %10.1f %10.1f\n", n, cw, gw, gw/cw, cm*1024/n, gm*1024/n }'
done
