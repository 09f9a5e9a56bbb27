#!/usr/bin/env bash
# Counting side by side, alternating the programs run by run, medians of R
# runs; one-thread runs pinned to one core (taskset, where present; core
# $PIN, default 1):
# - the default method (the join of quarter boards) with one job and with
#   two, and the constellation count with one job;
# - Kluev's N-Queens-Count-Sol (C++20, the public counter that also joins
#   quarter boards), one thread, when KLUEV names its source: a checkout, or
#   a bare git directory (as a fetched snapshot is). It is built for each N
#   with g++ -std=c++20 -O3 -march=native, its size and its row of the
#   parameter table in solcounter.h patched in, BMI2 on where PDEP/PEXT are
#   fast (not on AMD processors before Zen 3), prefetch as its table says;
# - the C references of scripts/reference (or the programs named by
#   D4COUNT_C and MIRROR_C): takaken-d4count.c (Takaken's D4 search, cc -O3
#   -march=native) and bitmask-mirror.c (mirror symmetry only, cc -O2),
#   unless NO_C=1 (they take minutes a run from n = 18 on).
# - with BASE=REV, the same command line built from git revision REV (the
#   build before a change), one job, pinned, run by run with this one.
# NO_CONST=1 leaves out the constellation count (minutes a run from n = 19),
# NO_2J=1 the two-job run of the join.
# Ratios: join 1j / Kluev, join 1j / d4count, 1j / 2j, constellation 1j /
# join 1j, join 1j / base; peak resident memory of join 1j (and base) in MB.
# usage: [KLUEV=DIR] [BASE=REV] [PIN=CORE] [NO_C=1] [NO_CONST=1] [NO_2J=1]
#        scripts/compare-count.sh [R] [N...]
#        default: 3 runs, N = 16 17
. "$(dirname "$0")/lib.sh"
runs=${1:-3}; shift || true
sizes=("$@"); [ ${#sizes[@]} -gt 0 ] || sizes=(16 17)


if [ "${NO_C:-0}" != 1 ]; then
  cc -O3 -march=native -o "$work/d4count" "$(reference D4COUNT_C "$root/scripts/reference/takaken-d4count.c" "a C program of Takaken's method")"
  cc -O2 -o "$work/bitmask-mirror" "$(reference MIRROR_C "$root/scripts/reference/bitmask-mirror.c" "a C bitmask counter with mirror symmetry")"
fi

# kluev_build N: $work/kluev-N from $KLUEV, for board size N.
kluev_build() {
  local n=$1 src="$work/kluev-src-$1" cuts mms bmi pf
  need g++ "apt-get install g++"
  mkdir -p "$src"
  if [ -f "$KLUEV/solcounter.h" ]; then
    cp -r "$KLUEV"/. "$src"/
  elif git --git-dir="$KLUEV" rev-parse HEAD >/dev/null 2>&1; then
    git --git-dir="$KLUEV" archive HEAD | tar -x -C "$src"
  else
    echo "$(basename "$0"): KLUEV=$KLUEV is neither a checkout nor a git directory of N-Queens-Count-Sol" >&2; exit 2
  fi
  # Its table, by size: sieveCuts, matchMinSize, bmiIntrin, prefetch.
  case $n in
    16|17|18) cuts=0 mms=40 bmi=false pf=true ;;
    19) cuts=0 mms=40 bmi=true pf=true ;;
    20) cuts=3 mms=60 bmi=true pf=true ;;
    21) cuts=3 mms=60 bmi=true pf=false ;;
    *) cuts=6 mms=80 bmi=true pf=true ;;
  esac
  # PDEP/PEXT are microcoded (slow) on AMD before Zen 3 (family 19h).
  if grep -q AuthenticAMD /proc/cpuinfo && [ "$(awk '/^cpu family/ { print $4; exit }' /proc/cpuinfo)" -lt 25 ]; then bmi=false; fi
  grep -qw bmi2 /proc/cpuinfo || bmi=false
  sed -i -e "s/inline constexpr int size = [0-9]*;/inline constexpr int size = $n;/" \
    -e "s/\.sieveCuts = [0-9]*/.sieveCuts = $cuts/" -e "s/\.matchMinSize = [0-9]*/.matchMinSize = $mms/" \
    -e "s/\.bmiIntrin = [a-z]*/.bmiIntrin = $bmi/" -e "s/\.prefetch = [a-z]*/.prefetch = $pf/" "$src/solcounter.h"
  grep -q "inline constexpr int size = $n;" "$src/solcounter.h" || { echo "$(basename "$0"): could not set the size in $KLUEV's solcounter.h" >&2; exit 2; }
  if [ "$bmi" = true ]; then sed -i 's|^//#include "bmi2.h"|#include "bmi2.h"|' "$src/bmintrin.h"; fi
  if [ "$pf" = true ]; then sed -i 's|^//#include "prefetchx86.h"|#include "prefetchx86.h"|' "$src/prefetch.h"; fi
  (cd "$src" && g++ -std=c++20 -O3 -march=native -o "$work/kluev-$n" main.cpp)
}

build_nqueens
if [ -n "${BASE:-}" ]; then build_base; fi
printf '%-4s %9s %9s %9s %9s %9s %9s %9s %9s %9s %9s %9s %9s %9s %9s\n' N "Kluev s" "d4 s" "mirror s" "join 1j s" "join 2j s" "const 1j" "base 1j s" "j/Kluev" "j/d4" "1j/2j" "const/j" "j/base" "join MB" "base MB"
for n in "${sizes[@]}"; do
  [ -n "${KLUEV:-}" ] && kluev_build "$n"
  for f in kl d4 mirror j1 j2 c1 base; do : >"$work/$f"; done
  for r in $(seq 1 "$runs"); do
    if [ -n "${BASE:-}" ]; then
      measure "${pin[@]}" "$work/nqueens-base" count "$n" --jobs 1 -m join >>"$work/base"
      bres=$(sed -n 's/^N = [0-9]*: \([0-9,]*\) solutions.*/\1/p' "$work/out.txt" | tr -d ,)
    fi
    if [ -n "${KLUEV:-}" ]; then
      measure "${pin[@]}" "$work/kluev-$n" 1 >>"$work/kl"
      grep -q "^Result: " "$work/out.txt" || { echo "$(basename "$0"): Kluev's program printed no result" >&2; exit 1; }
      kres=$(awk '/^Result: / { print $2 }' "$work/out.txt")
    fi
    measure "${pin[@]}" "$work/nqueens" count "$n" --jobs 1 -m join >>"$work/j1"
    jres=$(sed -n 's/^N = [0-9]*: \([0-9,]*\) solutions.*/\1/p' "$work/out.txt" | tr -d ,)
    if [ -n "${kres:-}" ] && [ "$kres" != "$jres" ]; then
      echo "$(basename "$0"): N = $n: Kluev's program counts $kres, the join $jres" >&2; exit 1
    fi
    if [ -n "${bres:-}" ] && [ "$bres" != "$jres" ]; then
      echo "$(basename "$0"): N = $n: the build of $BASE counts $bres, this one $jres" >&2; exit 1
    fi
    [ "${NO_2J:-0}" = 1 ] || measure "$work/nqueens" count "$n" --jobs 2 -m join >>"$work/j2"
    [ "${NO_CONST:-0}" = 1 ] || measure "${pin[@]}" "$work/nqueens" count "$n" --jobs 1 -m constellation >>"$work/c1"
    [ "${NO_C:-0}" = 1 ] && continue
    measure "${pin[@]}" "$work/d4count" "$n" >>"$work/d4"
    measure "${pin[@]}" "$work/bitmask-mirror" "$n" >>"$work/mirror"
  done
  med() { if [ -s "$work/$1" ]; then cut -d' ' -f1 "$work/$1" | median; else echo -; fi; }
  peak() { if [ -s "$work/$1" ]; then awk '$2 > m { m = $2 } END { printf "%.0f", m / 1024 }' "$work/$1"; else echo -; fi; }
  awk -v n="$n" -v kl="$(med kl)" -v d4="$(med d4)" -v mi="$(med mirror)" -v j1="$(med j1)" -v j2="$(med j2)" -v c1="$(med c1)" -v b="$(med base)" -v jm="$(peak j1)" -v bm="$(peak base)" '
    function f(x) { return x == "-" ? sprintf("%9s", "-") : sprintf("%9.2f", x) }
    function r(a, b) { return (a == "-" || b == "-" || b == 0) ? sprintf("%9s", "-") : sprintf("%8.3fx", a/b) }
    BEGIN { printf "%-4d %s %s %s %s %s %s %s %s %s %s %s %s %9s %9s\n", n, f(kl), f(d4), f(mi), f(j1), f(j2), f(c1), f(b), r(j1, kl), r(j1, d4), r(j1, j2), r(c1, j1), r(j1, b), jm, bm }'
done
