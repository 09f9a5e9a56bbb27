#!/usr/bin/env bash
# Stop the daemons started by scripts/slurm-up.sh, by the PIDs in their pid files.
set -u
for pf in /run/slurmd.pid /run/slurmctld.pid /run/munge/munged.pid; do
  [ -s "$pf" ] || continue
  pid=$(cat "$pf")
  if kill -0 "$pid" 2>/dev/null; then
    kill -TERM "$pid"
    for _ in $(seq 1 40); do kill -0 "$pid" 2>/dev/null || break; sleep 0.25; done
    kill -0 "$pid" 2>/dev/null && { echo "killing -9 $pid ($pf)"; kill -KILL "$pid"; }
  fi
  rm -f "$pf"
done
echo stopped
