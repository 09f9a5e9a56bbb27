#!/usr/bin/env bash
# Count N in M shards on a Slurm cluster: submit.sh N M DIR
# DIR must be on a file system that every node sees. Prints the job ids.
# CPUS is the cores of a task (1 if not set), its goroutines.
set -euo pipefail
n=$1; m=$2; dir=$3
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$dir"
# Each task asks for the memory the join's task takes (task-mem.sh) and
# runs under it (count-shard.sbatch sets it as its data-segment limit).
cpus=${CPUS:-1}
mem=$("$here/task-mem.sh" "$n" "$cpus")
array=$(sbatch --parsable --array=0-$((m - 1)) --cpus-per-task="$cpus" --mem="${mem}M" --chdir="$dir" "$here/count-shard.sbatch" "$n" "$m" "$dir")
merge=$(sbatch --parsable --dependency=afterok:"$array" --chdir="$dir" "$here/merge.sbatch" "$n" "$m" "$dir")
echo "array $array merge $merge"
