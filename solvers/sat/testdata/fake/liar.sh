#!/bin/sh
# A solver whose exit status contradicts its answer.
echo "s UNSATISFIABLE"
exit 10
