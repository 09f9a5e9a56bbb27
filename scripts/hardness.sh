#!/usr/bin/env bash
# The hardness of random n-queens completion (Gent, Jefferson and
# Nightingale, JAIR 2017: NP-complete, with an easy-hard-easy pattern as the
# number m of pre-placed queens grows), measured with this toolkit: for
# N = 20, 30, 40 and m/N = 0, 0.05, ..., 1 (as far as random placements
# can be drawn), it generates C completion
# instances per point (nqueens gen completion, DIMACS and XCC), runs gini,
# cadical and dancing links on them (nqueens run, 20 s a run), and draws the
# median and 90th-percentile time and the fraction satisfiable against m/N
# into docs/hardness.png (nqueens plot --hardness). It prints, per solver
# and N, the m/N of the largest median time, and the median dancing-links
# nodes to decide (the manifests' decide_nodes) per point.
# usage: scripts/hardness.sh [C]      default C = 20
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
count=${1:-20}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$root"
CGO_ENABLED=0 go build -o "$work/nqueens" ./cmd/nqueens
nq() { "$work/nqueens" "$@" -q; }
: >"$work/all.jsonl"
: >"$work/nodes.txt"
first=1
for n in 20 30 40; do
  for step in $(seq 0 20); do
    m=$(( (n * step + 10) / 20 ))
    dir="$work/n$n-m$m"
    [ -d "$dir" ] && continue
    # Past about m/N = 0.8, random placements of m non-attacking queens
    # are too rare to draw by rejection: the point is left out.
    if ! nq gen completion --n "$n" --m "$m" --count "$count" --seed "$((n * 1000 + m))" --formats dimacs,xcc --budget 60s --out "$dir" >/dev/null 2>"$work/gen.err"; then
      echo "  N = $n, m = $m: $(cat "$work/gen.err")"
      continue
    fi
    nq run "$dir" --solvers gini,cadical,dlx --timeout 20s >/dev/null
    if [ "$first" = 1 ]; then head -n 1 "$dir/results.jsonl" >"$work/all.jsonl"; first=0; fi
    tail -n +2 "$dir/results.jsonl" >>"$work/all.jsonl"
    # decide_nodes of each instance (one row per instance: the xcc file).
    grep -o '"file": "[^"]*\.dlx",\|"decide_nodes": [0-9]*' "$dir/manifest.json" | grep -o '[0-9]*$' |
      sort -n | awk -v n="$n" -v m="$m" '{ a[NR] = $1 } END { printf "%d %d %.3f %d\n", n, m, m / n, a[int((NR + 1) / 2)] }' >>"$work/nodes.txt"
  done
done
mkdir -p docs
nq plot "$work/all.jsonl" --hardness docs/hardness.png
cp "$work/all.jsonl" "$work/keep.jsonl"
echo "median dancing-links nodes to decide, per N and m:"
awk '{ printf "  N = %d, m = %2d (m/N %.2f): %d nodes\n", $1, $2, $3, $4 }' "$work/nodes.txt"
echo "peak of the median time per solver and N (m/N):"
# Records: one JSON object a line; take solver, n, m, status, wall, timeout.
tail -n +2 "$work/all.jsonl" | sed 's/.*"solver":"\([^"]*\)".*"n":\([0-9]*\),"m":\([0-9]*\).*"status":"\([A-Z]*\)".*"wall_s":\([0-9.e-]*\).*"timeout_s":\([0-9.]*\).*/\1 \2 \3 \4 \5 \6/' |
  awk '{ t = ($4 == "SAT" || $4 == "UNSAT") ? $5 : $6; print $1, $2, $3, t }' | sort -k1,1 -k2,2n -k3,3n -k4,4g |
  awk '{ k = $1 " " $2 " " $3; v[k] = v[k] " " $4; c[k]++ }
    END { for (k in v) { split(v[k], a, " "); split(k, f, " "); med = a[int((c[k] + 1) / 2)]; s = f[1] " N = " f[2];
            if (!(s in best) || med > best[s]) { best[s] = med; at[s] = f[3] / f[2] } }
          for (s in best) printf "  %s: median %.4f s at m/N = %.2f\n", s, best[s], at[s] }' | sort
echo "hardness: wrote docs/hardness.png"
