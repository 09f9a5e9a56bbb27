#!/usr/bin/env bash
# One study of the lab, run on this machine and again as M shards of a
# Slurm job array (examples/slurm/lab-submit.sh) on the single-node Slurm
# of the tests (scripts/slurm-up.sh, root): the statuses run by run must
# be the same, and the summaries are printed side by side.
#   scripts/compare-study.sh [M] -- GEN-ARGS -- RUN-ARGS
# e.g. scripts/compare-study.sh 4 -- completion --n 30 --m 13 --count 20 --formats dimacs,xcc -- --solvers cadical,minisat,gini,dlx --repeat 3 --timeout 60s
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
[ "$(id -u)" = 0 ] || { echo "compare-study: needs root (the single-node Slurm)" >&2; exit 2; }
m=${1:-4}; shift || true
[ "${1:-}" = -- ] || { echo "usage: compare-study.sh [M] -- GEN-ARGS -- RUN-ARGS" >&2; exit 2; }
shift
gen=(); while [ $# -gt 0 ] && [ "$1" != -- ]; do gen+=("$1"); shift; done
[ "${1:-}" = -- ] || { echo "usage: compare-study.sh [M] -- GEN-ARGS -- RUN-ARGS" >&2; exit 2; }
shift
run=("$@")
started=0
if ! scontrol ping >/dev/null 2>&1; then bash "$root/scripts/slurm-up.sh" >/dev/null; started=1; fi
work=$(mktemp -d /tmp/nqueens-study.XXXXXX)
cleanup() {
  scancel --name=nqueens-lab --name=nqueens-lab-report >/dev/null 2>&1 || true
  if [ "$started" = 1 ]; then bash "$root/scripts/slurm-down.sh" >/dev/null; fi
  rm -rf "$work"
}
trap cleanup EXIT
(cd "$root" && CGO_ENABLED=0 go build -o "$work/nqueens" ./cmd/nqueens)
nq() { "$work/nqueens" "$@"; }
nq --quiet gen "${gen[@]}" --out "$work/suite" >/dev/null
echo "== one machine: nqueens run suite ${run[*]}"
start=$(date +%s)
nq --quiet run "$work/suite" --results "$work/one.jsonl" "${run[@]}" >/dev/null
echo "   $(( $(date +%s) - start )) s"
echo "== $m Slurm shards: lab-submit.sh suite $m parts ${run[*]}"
start=$(date +%s)
read -r _ array _ report < <(NQUEENS="$work/nqueens" bash "$root/examples/slurm/lab-submit.sh" "$work/suite" "$m" "$work/parts" "${run[@]}")
while [ -n "$(squeue -h -j "$array,$report" 2>/dev/null)" ]; do sleep 1; done
echo "   $(( $(date +%s) - start )) s"
[ -s "$work/parts/summary.txt" ] || { echo "compare-study: the report job wrote no summary" >&2; cat "$work"/parts/*.out >&2; exit 1; }
statuses() { nq report --runs "$work/runs.csv" "$@" && awk -F, 'NR > 1 { print $19 "," $3 "," $4 "," $7 }' "$work/runs.csv" | sort; }
runs=$(statuses "$work/one.jsonl" | wc -l)
if [ "$(statuses "$work/one.jsonl")" = "$(statuses "$work/parts")" ]; then
  echo "== statuses: the same, run by run ($runs runs)"
else
  echo "== statuses differ:"; diff <(statuses "$work/one.jsonl") <(statuses "$work/parts") || true
fi
echo "== summary, one machine"; nq report "$work/one.jsonl" --markdown | sed -n '1,/^$/p'
echo "== summary, $m shards"; nq report "$work/parts" --markdown | sed -n '1,/^$/p'
