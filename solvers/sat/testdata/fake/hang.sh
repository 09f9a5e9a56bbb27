#!/bin/sh
# A solver that never answers, with a child process of its own.
sleep 987.25 &
sleep 987.25
