#!/bin/sh
# A solver whose model stops half way.
echo "s SATISFIABLE"
echo "v 1 -2 -3"
exit 10
