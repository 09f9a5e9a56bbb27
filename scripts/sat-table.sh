#!/usr/bin/env bash
# First-solution time of the classic problem for large N by every SAT
# solver in every at-most-one encoding (issue 15's question: which encoding
# suits which solver as N grows), with nqueens gen and nqueens run: every
# model decoded and verified. Pairwise only up to N = 200 (its file grows as
# N^3: 205 MB at N = 200). Writes docs/sat-table.md (the runs, a row per N
# and encoding, a column per solver) and docs/sat-cactus.png.
# usage: scripts/sat-table.sh [TIMEOUT] [JOBS] [N...]   default: 60s 2 100 200 300
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
timeout=${1:-60s}; jobs=${2:-2}; shift 2 || shift $# || true
sizes=("$@"); [ ${#sizes[@]} -gt 0 ] || sizes=(100 200 300)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$root"
go build -o "$work/nqueens" ./cmd/nqueens
nq() { "$work/nqueens" "$@" -q; }
solvers=gini,gophersat,cadical,minisat,cryptominisat5,picosat,clasp
first=1
for n in "${sizes[@]}"; do
  amos=sequential,ladder,commander,product,bimander,binary
  [ "$n" -le 200 ] && amos=pairwise,$amos
  nq gen classic --n "$n" --amo "$amos" --out "$work/n$n" >/dev/null
  nq run "$work/n$n" --solvers "$solvers" --timeout "$timeout" --memory 8G --jobs "$jobs" >/dev/null
  if [ "$first" = 1 ]; then head -n 1 "$work/n$n/results.jsonl" >"$work/all.jsonl"; first=0; fi
  tail -n +2 "$work/n$n/results.jsonl" >>"$work/all.jsonl"
done
mkdir -p docs
nq plot "$work/all.jsonl" --cactus docs/sat-cactus.png
# The table: N, encoding, then each solver's wall time (or its status).
tail -n +2 "$work/all.jsonl" | sed 's/.*"solver":"\([^"]*\)".*"n":\([0-9]*\),.*"encoding":"\([^"]*\)".*"status":"\([A-Z]*\)".*"wall_s":\([0-9.e-]*\).*/\2 \3 \1 \4 \5/' |
  awk -v solvers="$solvers" -v limit="$timeout" '
    { k = $1 " " $2; cell[k, $3] = ($4 == "SAT") ? sprintf("%.2f", $5) : $4; if (!(k in seen)) { seen[k] = 1; keys[++nk] = k } }
    END {
      ns = split(solvers, s, ",")
      printf "| N | encoding |"; for (i = 1; i <= ns; i++) printf " %s |", s[i]; print ""
      printf "| --- | --- |"; for (i = 1; i <= ns; i++) printf " --- |"; print ""
      for (j = 1; j <= nk; j++) { split(keys[j], f, " "); printf "| %s | %s |", f[1], f[2]
        for (i = 1; i <= ns; i++) printf " %s |", ((keys[j], s[i]) in cell) ? cell[keys[j], s[i]] : "-"; print "" }
    }' >"$work/table.md"
{ head -n 2 "$work/table.md"; tail -n +3 "$work/table.md" | sort -t'|' -k2,2n -k3,3; } >docs/sat-table.md
echo "sat-table: wrote docs/sat-table.md and docs/sat-cactus.png (seconds to a verified first solution; limit $timeout)"
cat docs/sat-table.md
