#!/usr/bin/env bash
# Count N in M shards on a Slurm cluster: submit.sh N M DIR
# DIR must be on a file system that every node sees. Prints the job ids.
set -euo pipefail
n=$1; m=$2; dir=$3
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$dir"
array=$(sbatch --parsable --array=0-$((m - 1)) --chdir="$dir" "$here/count-shard.sbatch" "$n" "$m" "$dir")
merge=$(sbatch --parsable --dependency=afterok:"$array" --chdir="$dir" "$here/merge.sbatch" "$n" "$m" "$dir")
echo "array $array merge $merge"
