#!/bin/sh
# A solver that fails with a message on standard error.
echo "c reading" 
echo "error: out of licences for this machine" >&2
exit 3
