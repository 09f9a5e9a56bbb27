#!/usr/bin/env bash
# The hardness of the excluded diagonals problem (Gent, Jefferson and
# Nightingale, JAIR 2017), measured with this toolkit: for each n of NS,
# C lists drawn by the authors' generator (nqueens gen diagonals, k = 4,
# seeds 1..C), every prefix of each (d = 0 to the whole list) as an
# instance, written as DIMACS, XCC, the .param file and self-contained
# MiniZinc; run (nqueens run, TIMEOUT a run, one at a time) by the
# constraint-propagation search (cp, one core), dancing links, gini,
# cadical, minisat, clasp, cryptominisat5 and MiniZinc with Gecode (SOLVERS
# to change them). Writes the runs to docs/hardness-diagonals.jsonl (kept
# as docs/hardness-diagonals.jsonl.xz, made with xz -9e; xz -dk it to draw it again), the
# charts (median and 90th-percentile time and the fraction satisfiable
# against d/n, and each solver's median at the peak against n) to
# docs/hardness-diagonals.png, and prints per solver and n the peak of the
# median time and where it is. RESULTS=FILE redraws from a results file (or
# several, space-separated, their runs together) without running anything;
# SEED=S draws the lists from seed S on (default 1), OUT=FILE.jsonl writes
# the runs (and the chart beside, .png) elsewhere, so that batches of
# seeds can run apart and be drawn together.
# usage: scripts/hardness-diagonals.sh [C] [TIMEOUT] [N...]
#        default C = 20, TIMEOUT = 20s, N = 12 14 16 18 20
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
count=${1:-20}
timeout=${2:-20s}
shift 2 || true
sizes=("$@"); [ ${#sizes[@]} -gt 0 ] || sizes=(12 14 16 18 20)
solvers=${SOLVERS:-cp,dlx,gini,cadical,minisat,clasp,cryptominisat5,minizinc}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$root"
CGO_ENABLED=0 go build -o "$work/nqueens" ./cmd/nqueens
nq() { "$work/nqueens" "$@" -q; }
seed=${SEED:-1}
out=${OUT:-docs/hardness-diagonals.jsonl}
chart=${out%.jsonl}.png
if [ -n "${RESULTS:-}" ]; then
  first=1
  for f in $RESULTS; do
    if [ "$first" = 1 ]; then cp "$f" "$work/all.jsonl"; first=0; else tail -n +2 "$f" >>"$work/all.jsonl"; fi
  done
else
  : >"$work/all.jsonl"
  first=1
  for n in "${sizes[@]}"; do
    dir="$work/n$n"
    nq gen diagonals --n "$n" --count "$count" --seed "$seed" --formats dimacs,xcc,param,mzn-inline --budget 5m --out "$dir" >/dev/null
    nq run "$dir" --solvers "$solvers" --timeout "$timeout" --memory 4G >/dev/null || true
    if [ "$first" = 1 ]; then head -n 1 "$dir/results.jsonl" >"$work/all.jsonl"; first=0; fi
    tail -n +2 "$dir/results.jsonl" >>"$work/all.jsonl"
    echo "hardness-diagonals: n = $n done ($SECONDS s)" >&2
  done
  mkdir -p "$(dirname "$out")"
  cp "$work/all.jsonl" "$out"
fi
nq plot "$work/all.jsonl" --hardness "$chart"
echo "peak of the median time per solver and n (at d, d/n), with the fraction satisfiable there:"
tail -n +2 "$work/all.jsonl" | sed 's/.*"solver":"\([^"]*\)".*"n":\([0-9]*\),"m":\([0-9]*\).*"expected":"\([A-Z]*\)","status":"\([A-Z]*\)".*"wall_s":\([0-9.e-]*\).*"timeout_s":\([0-9.]*\).*/\1 \2 \3 \4 \5 \6 \7/' |
  awk '{ t = ($5 == "SAT" || $5 == "UNSAT") ? $6 : $7; print $1, $2, $3, t, ($4 == "SAT") }' | sort -k1,1 -k2,2n -k3,3n -k4,4g |
  awk '{ k = $1 " " $2 " " $3; v[k] = v[k] " " $4; c[k]++; s[k] += $5 }
    END { for (k in v) { split(v[k], a, " "); split(k, f, " "); med = a[int((c[k] + 1) / 2)]; p90 = a[int(c[k] * 0.9 + 0.999)]; key = f[1] " n = " f[2];
            if (!(key in best) || med > best[key]) { best[key] = med; b90[key] = p90; at[key] = f[3]; r[key] = f[3] / f[2]; sat[key] = s[k] / c[k] } }
          for (key in best) printf "  %s: median %.3f s, 90th percentile %.3f s at d = %d (d/n %.2f), %.0f%% satisfiable\n", key, best[key], b90[key], at[key], r[key], 100 * sat[key] }' | sort -k1,1 -k4,4n
echo "hardness-diagonals: wrote $out and $chart"
