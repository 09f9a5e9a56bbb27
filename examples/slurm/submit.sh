#!/usr/bin/env bash
# Count N in M shards on a Slurm cluster: submit.sh N M DIR
# DIR must be on a file system that every node sees. Prints the job ids.
set -euo pipefail
n=$1; m=$2; dir=$3
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$dir"
read -ra nqueens <<<"${NQUEENS:-nqueens}"
# Each task asks for the memory the join's task takes (nqueens estimate
# --count N --sample 0: its bound, nothing built) and runs under it
# (count-shard.sbatch sets it as its data-segment limit); at least 256 MiB,
# under which the Go runtime does not start.
bytes=$("${nqueens[@]}" estimate --count "$n" --sample 0 --json | sed 's/.*"task_memory_bytes":\([0-9]*\).*/\1/')
mem=$(( bytes / 1048576 + 64 )); [ "$mem" -lt 256 ] && mem=256
array=$(sbatch --parsable --array=0-$((m - 1)) --mem="${mem}M" --chdir="$dir" "$here/count-shard.sbatch" "$n" "$m" "$dir")
merge=$(sbatch --parsable --dependency=afterok:"$array" --chdir="$dir" "$here/merge.sbatch" "$n" "$m" "$dir")
echo "array $array merge $merge"
