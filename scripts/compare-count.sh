#!/usr/bin/env bash
# Counting side by side with the C references of scripts/reference (or the
# programs named by D4COUNT_C and MIRROR_C, which print "N total unique" and
# "N COUNT"): takaken-d4count.c (Takaken's D4 search, cc -O3 -march=native),
# the program CPU counters are judged by, and bitmask-mirror.c (mirror
# symmetry only, cc -O2), alternating
# the programs run by run, medians of R runs, one job each; then the default
# method (constellation) with two jobs against one, and the second counter
# (--method bitmask) with one job. The one-job count is run twice: built
# as go build does by default (GOAMD64=v1, runs on any x86-64) and built
# for this CPU's level (GOAMD64=v3 or v4, as d4count is built with
# -march=native); both ratios are printed.
# usage: scripts/compare-count.sh [R] [N...]     default: 5 runs, N = 16 17
# ONLY_D4=1 runs d4count and the one-job count only (for n >= 18, where the
# mirror program alone takes minutes a run); the other columns show "-".
. "$(dirname "$0")/lib.sh"
runs=${1:-5}; shift || true
sizes=("$@"); [ ${#sizes[@]} -gt 0 ] || sizes=(16 17)

cc -O3 -march=native -o "$work/d4count" "$(reference D4COUNT_C "$root/scripts/reference/takaken-d4count.c" "a C program of Takaken's method")"
cc -O2 -o "$work/bitmask-mirror" "$(reference MIRROR_C "$root/scripts/reference/bitmask-mirror.c" "a C bitmask counter with mirror symmetry")"
build_nqueens
build_nqueens_native
printf '%-4s %9s %9s %9s %9s %9s %11s %9s %9s %9s %9s\n' N "d4 s" "mirror s" "Go 1j s" "$goamd64 1j s" "Go 2j s" "bitmask s" "1j/d4" "$goamd64/d4" "1j/mirr" "1j/2j"
for n in "${sizes[@]}"; do
  for f in d4 mirror g1 gn g2 bm; do : >"$work/$f"; done
  for r in $(seq 1 "$runs"); do
    measure "$work/d4count" "$n" >>"$work/d4"
    measure "$work/nqueens" count "$n" --jobs 1 >>"$work/g1"
    measure "$work/nqueens-native" count "$n" --jobs 1 >>"$work/gn"
    [ "${ONLY_D4:-0}" = 1 ] && continue
    measure "$work/bitmask-mirror" "$n" >>"$work/mirror"
    measure "$work/nqueens" count "$n" --jobs 2 >>"$work/g2"
    measure "$work/nqueens" count "$n" --jobs 1 -m bitmask >>"$work/bm"
  done
  med() { if [ -s "$work/$1" ]; then cut -d' ' -f1 "$work/$1" | median; else echo -; fi; }
  awk -v n="$n" -v d4="$(med d4)" -v mi="$(med mirror)" -v g1="$(med g1)" -v gn="$(med gn)" -v g2="$(med g2)" -v bm="$(med bm)" '
    function f(x) { return x == "-" ? sprintf("%9s", "-") : sprintf("%9.2f", x) }
    function r(a, b) { return (a == "-" || b == "-" || b == 0) ? sprintf("%9s", "-") : sprintf("%8.2fx", a/b) }
    BEGIN { printf "%-4d %s %s %s %s %s %11s %s %s %s %s\n", n, f(d4), f(mi), f(g1), f(gn), f(g2), f(bm), r(g1, d4), r(gn, d4), r(g1, mi), r(g1, g2) }'
done
