#!/bin/sh
# A solver that says UNSAT to everything, consistently (status 20).
echo "s UNSATISFIABLE"
exit 20
