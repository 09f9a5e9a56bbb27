#!/usr/bin/env bash
# The memory, in MiB, that a task counting a shard of N on JOBS cores (1 if
# not given) asks for: task-mem.sh N [JOBS]
# It is the limit under which the join's bound for one task on JOBS
# goroutines is still available to the task (nqueens estimate --count N
# --sample 0 -j JOBS, task_limit_bytes: the bound with the runtime's own
# mappings and its collector's slack, nothing built or timed), and at
# least 256 MiB, under which the Go runtime does not start. (The bound
# plus 64 MiB, asked before, left the join too little under a data-segment
# limit: every task of n = 22 to 27 counted by constellations instead.)
# NQUEENS is the program, or a command that runs it, as in count-shard.sbatch.
set -euo pipefail
n=${1:?usage: task-mem.sh N [JOBS]}; jobs=${2:-1}
read -ra nqueens <<<"${NQUEENS:-nqueens}"
bytes=$("${nqueens[@]}" estimate --count "$n" --sample 0 -j "$jobs" --json | sed -n 's/.*"task_limit_bytes": *\([0-9]*\).*/\1/p')
[ -n "$bytes" ] || { echo "task-mem.sh: nqueens estimate --count $n -j $jobs gave no task memory limit" >&2; exit 1; }
mem=$(((bytes + 1048575) / 1048576))
[ "$mem" -lt 256 ] && mem=256
echo "$mem"
