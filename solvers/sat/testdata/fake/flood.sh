#!/bin/sh
# A solver that prints one endless line (about 200 MB) and no answer.
echo "s SATISFIABLE"
printf 'v '
head -c 200000000 /dev/zero | tr '\0' '1'
echo
exit 10
