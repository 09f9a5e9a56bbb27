#!/usr/bin/env bash
# The honest limits of every method: the largest N, in a list of sizes,
# that each one finishes in about a second and in about a minute on this
# machine (one run each, the command line's own timing, stopping at the
# first size that takes longer than LIMIT). Finders solve the classic
# problem once (a verified solution); counters count it (checked against
# OEIS), with 2 jobs where a method runs in parallel. Writes
# cmd/nqueens/limits.md, which the help of solve and count shows (and so
# the generated reference, docs/cli).
# ONLY=PREFIX measures only the rows whose name starts with PREFIX and
# puts them into the existing table (replacing rows of the same name, new
# ones before the first count row), noting their date in its first line.
# usage: [ONLY=PREFIX] scripts/limits.sh [LIMIT]        default LIMIT = 60s
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
limit=${1:-60s}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$root"
CGO_ENABLED=0 go build -o "$work/nqueens" ./cmd/nqueens
rows=()
# measure NAME "SIZES" ARGS...: ARGS with N in place of the size.
measure() {
  local name=$1 sizes=$2; shift 2
  case $name in "${ONLY:-}"*) ;; *) return ;; esac
  local sec="-" min="-" n t
  for n in $sizes; do
    local args=("${@//N/$n}")
    local start=$(date +%s.%N)
    if ! "$work/nqueens" "${args[@]}" --timeout "$limit" -q >/dev/null 2>&1; then break; fi
    t=$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { print b - a }')
    if awk -v t="$t" 'BEGIN { exit !(t <= 1.5) }'; then sec="$n ($(printf %.2f "$t") s)"; fi
    min="$n ($(printf %.1f "$t") s)"
  done
  rows+=("| $name | $sec | $min |")
  echo "limits: $name: about a second: $sec; about a minute: $min" >&2
}
measure "solve, localsearch" "1000000 10000000 30000000 100000000 300000000" solve N -m localsearch
measure "solve, construct" "1000000 10000000 100000000 1000000000" solve N -m construct
measure "solve, backtrack (lexicographic)" "20 22 24 26 28 30 32 34 36 38 40" solve N -m backtrack
measure "solve, backtrack --order heuristic" "100 300 1000" solve N -m backtrack --order heuristic
measure "solve, dlx (Knuth's order)" "20 30 40 50 60 70 80 90 100" solve N -m dlx
measure "solve, dlx --order heuristic" "100 300 1000" solve N -m dlx --order heuristic
measure "solve, sat (gini, default encoding)" "100 200 300 400 500 700 1000" solve N -m sat
measure "count, join (2 jobs)" "16 17 18 19 20 21" count N -m join --jobs 2
measure "count, constellation (2 jobs)" "14 15 16 17 18 19 20" count N -m constellation --jobs 2
measure "count, bitmask (2 jobs)" "14 15 16 17 18 19" count N -m bitmask --jobs 2
measure "count, backtrack" "10 11 12 13 14 15 16" count N -m backtrack
measure "count, dlx (2 jobs)" "10 11 12 13 14 15 16" count N -m dlx --jobs 2
measure "count, sat (gini, 2 jobs)" "8 9 10 11 12 13 14 15" count N -m sat --jobs 2
if [ -n "${ONLY:-}" ]; then
  old=cmd/nqueens/limits.md
  new=$(mktemp)
  head -n 1 "$old" | sed "s/ on \([0-9-]*\)\(,\| (\)/ on \1 (\"$ONLY\" rows: $(date -u +%Y-%m-%d))\2/" >"$new"
  placed=0
  tail -n +2 "$old" | while IFS= read -r line; do
    name=$(echo "$line" | awk -F' \\| ' '{ sub(/^\| /, "", $1); print $1 }')
    replaced=0
    for r in "${rows[@]}"; do
      rname=$(echo "$r" | awk -F' \\| ' '{ sub(/^\| /, "", $1); print $1 }')
      if [ "$rname" = "$name" ]; then echo "$r"; replaced=1; fi
    done
    if [ $replaced = 0 ] && [ $placed = 0 ] && [[ $name == count,* ]]; then
      for r in "${rows[@]}"; do
        rname=$(echo "$r" | awk -F' \\| ' '{ sub(/^\| /, "", $1); print $1 }')
        grep -qF "| $rname |" "$old" || echo "$r"
      done
      placed=1
    fi
    [ $replaced = 1 ] || echo "$line"
  done >>"$new"
  mv "$new" "$old"
  echo "limits: updated the $ONLY rows of cmd/nqueens/limits.md; now regenerate the reference: go test ./cmd/nqueens -run TestCLIReference -update"
  cat "$old"
  exit 0
fi
{
  echo "<!-- Written by scripts/limits.sh on $(date -u +%Y-%m-%d), $(nproc) cores ($(awk -F': ' '/model name/ { print $2; exit }' /proc/cpuinfo)); the help of solve and count shows it. -->"
  echo "| method | largest N in about a second | largest N in about a minute |"
  echo "| --- | --- | --- |"
  printf '%s\n' "${rows[@]}"
} >cmd/nqueens/limits.md
echo "limits: wrote cmd/nqueens/limits.md; now regenerate the reference: go test ./cmd/nqueens -run TestCLIReference -update"
cat cmd/nqueens/limits.md
