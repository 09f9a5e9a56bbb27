#!/bin/sh
# A solver that crashes.
echo "c starting"
kill -SEGV $$
