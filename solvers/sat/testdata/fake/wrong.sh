#!/bin/sh
# A solver that claims SAT with every variable false.
vars=$(awk '/^p cnf/ {print $3; exit}' "$1")
echo "s SATISFIABLE"
i=1; line="v"
while [ "$i" -le "$vars" ]; do line="$line -$i"; i=$((i+1)); done
echo "$line 0"
exit 10
