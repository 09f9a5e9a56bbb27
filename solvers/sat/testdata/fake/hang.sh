#!/bin/sh
# A solver that never answers, with a child process of its own.
sleep 1000 &
sleep 1000
