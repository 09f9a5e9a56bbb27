#!/bin/sh
# A solver that prints something else.
echo "Segmentation fault (core dumped)? no: hello world"
exit 10
