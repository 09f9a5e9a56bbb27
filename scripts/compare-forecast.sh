#!/usr/bin/env bash
# The forecast of a count against the count itself, on one core:
# nqueens estimate --count N (2,048 units of the join timed), then
# nqueens count N -m join -j 1, timed whole (measure, scripts/lib.sh);
# the ratio of the two.
#   scripts/compare-forecast.sh 18 19 20
. "$(dirname "$0")/lib.sh"
sizes=("$@"); [ ${#sizes[@]} -gt 0 ] || sizes=(18 19 20)
build_nqueens
printf '| n | forecast, core-s (95%%) | measured, s | forecast / measured |\n| --- | --- | --- | --- |\n'
for n in "${sizes[@]}"; do
	json=$("$work/nqueens" estimate --count "$n" --json)
	f=$(echo "$json" | sed 's/.*"core_seconds":\([0-9.e+]*\).*/\1/')
	lo=$(echo "$json" | sed 's/.*"core_seconds_low":\([0-9.e+]*\).*/\1/')
	hi=$(echo "$json" | sed 's/.*"core_seconds_high":\([0-9.e+]*\).*/\1/')
	m=$(measure "$work/nqueens" count "$n" -m join -j 1 -q | cut -d' ' -f1)
	awk -v n="$n" -v f="$f" -v lo="$lo" -v hi="$hi" -v m="$m" 'BEGIN { printf "| %d | %.1f (%.1f-%.1f) | %.1f | %.2f |\n", n, f, lo, hi, m, f / m }'
done
