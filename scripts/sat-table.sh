#!/usr/bin/env bash
# First-solution time of the classic problem for large N by every SAT
# solver in every at-most-one encoding (the question: which encoding
# suits which solver as N grows), with nqueens gen and nqueens run: every
# model decoded and verified. Pairwise only up to N = 200 (its file grows as
# N^3: 205 MB at N = 200). Writes docs/$OUT.md (the runs, a row per N and
# encoding, a column per solver) and docs/$OUT.png (the cactus plot).
# usage: scripts/sat-table.sh [TIMEOUT] [JOBS] [N...]   default: 60s 2 100 200 300
# OUT (default sat-table) names the outputs. PRUNE=1 runs a solver and
# encoding at each N after the first only if it solved the one before within
# a fifth of TIMEOUT (solving times grow about fivefold from N = 500 to 1000),
# so that the large sizes do not spend hours on sure timeouts; the cells not
# run show "-". RESULTS=FILE draws the table and plot of FILE without
# running anything.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
timeout=${1:-60s}; jobs=${2:-2}; shift 2 || shift $# || true
sizes=("$@"); [ ${#sizes[@]} -gt 0 ] || sizes=(100 200 300)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$root"
CGO_ENABLED=0 go build -o "$work/nqueens" ./cmd/nqueens
nq() { "$work/nqueens" "$@" -q; }
solvers=gini,gophersat,cadical,minisat,cryptominisat5,picosat,clasp
first=1
out=${OUT:-sat-table}
limit_s=${timeout%s}
prev=
# records: the runs so far, one a line: N solver encoding status wall_s.
records() {
  tail -n +2 "$work/all.jsonl" | sed 's/.*"solver":"\([^"]*\)".*"n":\([0-9]*\),.*"encoding":"\([^"]*\)".*"status":"\([A-Z]*\)".*"wall_s":\([0-9.e-]*\).*/\2 \1 \3 \4 \5/'
}
# pairs N: the "solver encoding" pairs solved at N within a fifth of TIMEOUT.
pairs() {
  records | awk -v n="$1" -v lim="$limit_s" '$1 == n && $4 == "SAT" && $5 <= lim / 5 { print $2, $3 }'
}
# RESULTS=FILE skips the runs and draws the table and plot of FILE (the
# .jsonl of an earlier run, to which other runs' records may be appended).
[ -n "${RESULTS:-}" ] && { cp "$RESULTS" "$work/all.jsonl"; sizes=(); }
for n in "${sizes[@]}"; do
  amos=sequential,ladder,commander,product,bimander,binary
  [ "$n" -le 200 ] && amos=pairwise,$amos
  runs=()
  if [ "${PRUNE:-0}" = 1 ] && [ -n "$prev" ]; then
    for s in ${solvers//,/ }; do
      a=$(pairs "$prev" | awk -v s="$s" '$1 == s { print $2 }' | paste -sd, -)
      [ -n "$a" ] && runs+=("$s:$a")
    done
  else
    runs=("$solvers:$amos")
  fi
  for r in "${runs[@]}"; do
    dir="$work/n$n-${r%%:*}"; dir=${dir//,/_}
    nq gen classic --n "$n" --amo "${r#*:}" --out "$dir" >/dev/null
    nq run "$dir" --solvers "${r%%:*}" --timeout "$timeout" --memory 8G --jobs "$jobs" >/dev/null
    if [ "$first" = 1 ]; then head -n 1 "$dir/results.jsonl" >"$work/all.jsonl"; first=0; fi
    tail -n +2 "$dir/results.jsonl" >>"$work/all.jsonl"
  done
  prev=$n
done
mkdir -p docs
[ "$work/all.jsonl" -ef "docs/$out.jsonl" ] || cp "$work/all.jsonl" "docs/$out.jsonl"
nq plot "$work/all.jsonl" --cactus "docs/$out.png"
# The table: N, encoding, then each solver's wall time (or its status).
records | awk -v solvers="$solvers" '
    { k = $1 " " $3; cell[k, $2] = ($4 == "SAT") ? sprintf("%.2f", $5) : $4; if (!(k in seen)) { seen[k] = 1; keys[++nk] = k } }
    END {
      ns = split(solvers, s, ",")
      printf "| N | encoding |"; for (i = 1; i <= ns; i++) printf " %s |", s[i]; print ""
      printf "| --- | --- |"; for (i = 1; i <= ns; i++) printf " --- |"; print ""
      for (j = 1; j <= nk; j++) { split(keys[j], f, " "); printf "| %s | %s |", f[1], f[2]
        for (i = 1; i <= ns; i++) printf " %s |", ((keys[j], s[i]) in cell) ? cell[keys[j], s[i]] : "-"; print "" }
    }' >"$work/table.md"
{ head -n 2 "$work/table.md"; tail -n +3 "$work/table.md" | sort -t'|' -k2,2n -k3,3; } >"docs/$out.md"
echo "sat-table: wrote docs/$out.md, docs/$out.png and docs/$out.jsonl (seconds to a verified first solution; limit $timeout)"
cat "docs/$out.md"
