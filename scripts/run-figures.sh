#!/usr/bin/env bash
# The figures of `nqueens run` in docs/benchmarks.md, made again: two suites (the
# classic problem for N = 8..12, and 20 completion instances with N = 40 and
# 26 pre-placed queens, about the middle of the SAT-to-UNSAT change), each in
# DIMACS and XCC, run by gini, gophersat, cadical, minisat, cryptominisat5,
# clasp and dancing links (20 s and 4 GiB a run). It writes the summaries to
# docs/run-classic.md and docs/run-completion.md, the cactus plot of both to
# docs/run-cactus.png (and .svg), and the tables into docs/benchmarks.md between the
# markers <!-- run-figures --> and <!-- /run-figures -->.
# usage: scripts/run-figures.sh
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$root"
CGO_ENABLED=0 go build -o "$work/nqueens" ./cmd/nqueens
nq() { "$work/nqueens" "$@" -q; }
solvers=gini,gophersat,cadical,minisat,cryptominisat5,clasp,dlx
nq gen classic --from 8 --to 12 --formats dimacs,xcc --out "$work/classic" >/dev/null
nq gen completion --n 40 --m 26 --count 20 --seed 1 --formats dimacs,xcc --out "$work/completion" >/dev/null
for s in classic completion; do
  nq run "$work/$s" --solvers "$solvers" --timeout 20s --memory 4G --markdown >"docs/run-$s.md"
done
# One results file for the cactus plot: the two suites' runs together.
{ head -n 1 "$work/classic/results.jsonl"; tail -q -n +2 "$work/classic/results.jsonl" "$work/completion/results.jsonl"; } >"$work/all.jsonl"
nq plot "$work/all.jsonl" --cactus docs/run-cactus.png
nq plot "$work/all.jsonl" --cactus docs/run-cactus.svg
cpu=$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')
{
  echo "<!-- run-figures -->"
  echo "Made by \`scripts/run-figures.sh\` on $(date -u +%Y-%m-%d), $(nproc) cores ($cpu), one run at a time."
  echo
  echo "\`nqueens gen classic --from 8 --to 12 --formats dimacs,xcc\` (5 instances, 10 files):"
  echo
  cat docs/run-classic.md
  echo
  echo "\`nqueens gen completion --n 40 --m 26 --count 20 --seed 1 --formats dimacs,xcc\` (20 instances, 40 files):"
  echo
  cat docs/run-completion.md
  echo
  echo "![instances solved against time](run-cactus.png)"
  echo "<!-- /run-figures -->"
} >"$work/section.md"
awk -v sec="$work/section.md" '
  /<!-- run-figures -->/ { while ((getline l < sec) > 0) print l; skip = 1; next }
  /<!-- \/run-figures -->/ { skip = 0; next }
  !skip { print }' docs/benchmarks.md >"$work/benchmarks.md"
grep -q '<!-- run-figures -->' "$work/benchmarks.md" || { echo "run-figures: docs/benchmarks.md has no <!-- run-figures --> marker" >&2; exit 1; }
cp "$work/benchmarks.md" docs/benchmarks.md
echo "run-figures: wrote docs/run-classic.md, docs/run-completion.md, docs/run-cactus.png and .svg, docs/benchmarks.md"
