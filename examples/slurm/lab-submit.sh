#!/usr/bin/env bash
# Run a study of a suite on a Slurm cluster in M shards:
#   lab-submit.sh SUITE M DIR RUN-ARGS...
# e.g. lab-submit.sh suite 50 study --solvers kissat,cadical --solver 'cad-sat=cadical --sat' --repeat 3 --timeout 1000s
# SUITE and DIR must be on a file system that every node sees. CPUS is the
# cores of a task (1 if not set): its runs at once, each on a core. MEM is
# the memory of a task in MiB (2048 if not set; with run's --memory, at
# least CPUS times it, and 256 more for nqueens): without it, Slurm may
# give each task a whole node. The report job runs once every shard has
# ended well. Prints the job ids.
set -euo pipefail
suite=$1; m=$2; dir=$3; shift 3
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$dir"
cpus=${CPUS:-1}
mem=${MEM:-2048}
array=$(sbatch --parsable --array=0-$((m - 1)) --cpus-per-task="$cpus" --mem="${mem}M" --chdir="$dir" "$here/lab-run.sbatch" "$suite" "$m" "$dir" "$@")
report=$(sbatch --parsable --dependency=afterok:"$array" --chdir="$dir" "$here/lab-report.sbatch" "$suite" "$dir")
echo "array $array report $report"
