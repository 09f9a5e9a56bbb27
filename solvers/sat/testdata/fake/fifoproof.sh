#!/bin/sh
# A solver that says UNSAT and leaves a FIFO where its proof should be:
# opening it for reading would wait for a writer for ever.
mkfifo "$2"
echo "s UNSATISFIABLE"
exit 20
