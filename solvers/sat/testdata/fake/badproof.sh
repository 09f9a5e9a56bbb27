#!/bin/sh
# A solver that says UNSAT and writes a proof that proves nothing: the
# empty clause alone, into the file named after its input.
echo "s UNSATISFIABLE"
printf '0\n' > "$2"
exit 20
