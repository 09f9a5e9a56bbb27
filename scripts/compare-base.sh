#!/usr/bin/env bash
# Any nqueens command lines side by side with the build of git revision
# BASE (the build before a change): each run by the two builds in turn,
# pinned to one core (taskset, where present; core $PIN, default 1), R
# runs each, medians. Both builds must succeed and print the same first
# line with its times and figures of speed taken out (the same answer).
# Prints, per command line: the medians of base and this build, this /
# base, and the peak resident memory of each in MB.
# STATUS=S counts exit status S as success too (solve --no-confirm exits 1
# on "no solution": unconfirmed).
# usage: BASE=REV [PIN=CORE] [STATUS=S] scripts/compare-base.sh R 'ARGS' ['ARGS'...]
#   e.g. BASE=HEAD~3 scripts/compare-base.sh 3 'solve 10000000 --seed 1 -q'
. "$(dirname "$0")/lib.sh"
[ -n "${BASE:-}" ] || { echo "$(basename "$0"): set BASE to the revision to compare with" >&2; exit 2; }
[ $# -ge 2 ] || { echo "usage: BASE=REV $(basename "$0") R 'ARGS' ['ARGS'...]" >&2; exit 2; }
runs=$1; shift
build_nqueens
build_base
# answer: the first line of the output without what changes run by run.
answer() { head -n 1 "$work/out.txt" | sed -E 's/[0-9.]+ (s|ms|µs|min)\b//g; s/[0-9,.]+ (nodes|flips|restarts)\/s//g; s/in [0-9.]+ s//g'; }
printf '%-60s %9s %9s %9s %8s %8s\n' "command" "base s" "this s" "this/base" "base MB" "this MB"
for line in "$@"; do
  read -r -a args <<<"$line"
  : >"$work/b"; : >"$work/t"
  for _ in $(seq 1 "$runs"); do
    measure --status "${STATUS:-0}" "${pin[@]}" "$work/nqueens-base" "${args[@]}" >>"$work/b"; a=$(answer)
    measure --status "${STATUS:-0}" "${pin[@]}" "$work/nqueens" "${args[@]}" >>"$work/t"; b=$(answer)
    if [ "$a" != "$b" ]; then
      echo "$(basename "$0"): nqueens $line: the build of $BASE says \"$a\", this one \"$b\"" >&2; exit 1
    fi
  done
  med() { cut -d' ' -f1 "$work/$1" | median; }
  peak() { awk '$2 > m { m = $2 } END { printf "%.0f", m / 1024 }' "$work/$1"; }
  awk -v c="$line" -v b="$(med b)" -v t="$(med t)" -v bm="$(peak b)" -v tm="$(peak t)" \
    'BEGIN { printf "%-60s %9.3f %9.3f %8.3fx %8s %8s\n", substr(c, 1, 60), b, t, (b > 0 ? t / b : 0), bm, tm }'
done
