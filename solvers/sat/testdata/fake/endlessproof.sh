#!/bin/sh
# A solver that says UNSAT and leaves behind a process that writes proof
# steps for ever.
( while :; do printf '1 2 0\nd 1 2 0\n'; done > "$2" ) </dev/null >/dev/null 2>&1 &
sleep 0.2
echo "s UNSATISFIABLE"
exit 20
