#!/usr/bin/env bash
# The join of quarter boards against constraint propagation (cp) on
# variants, one job each, pinned to one core (taskset, where present),
# alternating, R runs each (median). The variants of each N: one pre-placed
# queen (row 1, column 3), four blocked squares, two excluded sum diagonals,
# one row and one column left empty. The times are the methods' own (count
# --json "seconds"; the confirming count that follows is not in them).
# Where cp's count would take longer than CP_LIMIT seconds (default 300) by
# its own estimate (nqueens estimate, 4096 probes), cp is not run and the
# estimate is printed instead, marked "~".
# usage: [CP_LIMIT=S] scripts/compare-variants.sh [R] [N...]
#        default: 1 run, N = 16 18
. "$(dirname "$0")/lib.sh"
runs=${1:-1}; shift || true
sizes=("$@"); [ ${#sizes[@]} -gt 0 ] || sizes=(16 18)
limit=${CP_LIMIT:-300}
need jq "apt-get install jq"

pin=()
if command -v taskset >/dev/null && [ "$(nproc)" -ge 2 ]; then pin=(taskset -c 0); fi
build_nqueens
nq=("${pin[@]}" "$work/nqueens")

# variants N: one line per variant, "NAME|FLAGS".
variants() {
  local n=$1 rows cols
  rows=$(seq -s, 1 $((n - 1))); cols=$(seq -s, 2 "$n")
  echo "one pre-placed queen|--fix 1:3"
  echo "four blocked squares|--block 4:4,5:2,$((n - 4)):$((n - 4)),$((n - 3)):1"
  echo "two excluded sum diagonals|--exclude-sum $((n / 2 + 2)),$((n + 1))"
  echo "a row and a column empty|--rows $rows --cols $cols"
}

# count N METHOD FLAGS...: "SECONDS SOLUTIONS" of one run.
count() {
  local n=$1 m=$2; shift 2
  "${nq[@]}" count "$n" -m "$m" -j 1 --json -q "$@" | jq -r '"\(.seconds) \(.solutions)"'
}

echo "| N | variant | solutions | join (s) | cp (s) | cp / join |"
echo "| --- | --- | --- | --- | --- | --- |"
for n in "${sizes[@]}"; do
  while IFS='|' read -r name flags; do
    read -ra f <<<"$flags"
    est=$("${nq[@]}" estimate "$n" "${f[@]}" --probes 4096 --json -j 1 2>/dev/null | jq -r '.seconds // empty' || true)
    runcp=1
    if [ -n "$est" ] && awk -v e="$est" -v l="$limit" 'BEGIN { exit !(e > l) }'; then runcp=0; fi
    : >"$work/join.txt"; : >"$work/cp.txt"
    sols=""
    for _ in $(seq "$runs"); do
      read -r s sols < <(count "$n" join "${f[@]}")
      echo "$s" >>"$work/join.txt"
      if [ "$runcp" = 1 ]; then
        read -r c csols < <(count "$n" cp "${f[@]}")
        [ "$csols" = "$sols" ] || { echo "$(basename "$0"): N = $n, $name: join $sols, cp $csols" >&2; exit 1; }
        echo "$c" >>"$work/cp.txt"
      fi
    done
    j=$(median <"$work/join.txt")
    if [ "$runcp" = 1 ]; then
      cs=$(median <"$work/cp.txt"); c=$(printf '%.2f' "$cs"); mark=""
    else
      cs=$est; c=$(printf '~%.0f' "$cs"); mark="~"
    fi
    printf '| %d | %s | %s | %.2f | %s | %s%s |\n' "$n" "$name" "$sols" "$j" "$c" "$mark" \
      "$(awk -v a="$cs" -v b="$j" 'BEGIN { printf "%.0fx", a / b }')"
  done < <(variants "$n")
done
