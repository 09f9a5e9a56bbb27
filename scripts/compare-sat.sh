#!/usr/bin/env bash
# Projected enumeration with gini (nqueens count N -m sat, pairwise CNF, cubes
# on the first rows) side by side with clasp -n 0 on the same pairwise CNF,
# alternating, medians of R runs; gini with one job and with two.
# usage: scripts/compare-sat.sh [R] [N...]     default: 3 runs, N = 12
. "$(dirname "$0")/lib.sh"
need clasp "apt-get install clasp"
runs=${1:-3}; shift || true
sizes=("$@"); [ ${#sizes[@]} -gt 0 ] || sizes=(12)

build_nqueens
printf '%-4s %9s %13s %14s %12s %12s\n' N "clasp s" "gini 1 job s" "gini 2 jobs s" "1 job/clasp" "2 jobs/clasp"
for n in "${sizes[@]}"; do
  "$work/nqueens" encode "$n" --amo pairwise -o "$work/q.cnf"
  : >"$work/c"; : >"$work/g1"; : >"$work/g2"
  for r in $(seq 1 "$runs"); do
    # clasp exits 30 (SAT, all models listed): not a failure.
    measure --status 30 clasp -n 0 -q "$work/q.cnf" >>"$work/c"
    grep -q "Models *: $(awk -v n="$n" -F'\t' '$1==n {print $2}' "$root/model/testdata/known-counts.tsv")\$" "$work/out.txt" || {
      echo "clasp gave a wrong count" >&2; cat "$work/out.txt" >&2; exit 1; }
    measure "$work/nqueens" count "$n" -m sat --solver gini --amo pairwise --jobs 1 >>"$work/g1"
    measure "$work/nqueens" count "$n" -m sat --solver gini --amo pairwise --jobs 2 >>"$work/g2"
  done
  c=$(cut -d' ' -f1 "$work/c" | median); g1=$(cut -d' ' -f1 "$work/g1" | median); g2=$(cut -d' ' -f1 "$work/g2" | median)
  awk -v n="$n" -v c="$c" -v g1="$g1" -v g2="$g2" 'BEGIN {
    printf "%-4d %9.2f %13.2f %14.2f %11.2fx %11.2fx\n", n, c, g1, g2, g1/c, g2/c }'
done
