#!/usr/bin/env bash
# The cluster test on a real single-node Slurm (root only; .ci/run sets
# NQUEENS_SLURM=1 and scripts/test.sh runs this): count n = 14 as an 8-task
# job array of examples/slurm/count-shard.sbatch, make task 3 fail on its
# first attempt, resubmit it, merge in a job that depends on it, check
# 365,596; then count n = 12 by examples/slurm/submit.sh as a user runs
# it; run a study of the lab in 4 shards by examples/slurm/lab-submit.sh
# and hold it to the same study on one machine; and stop the daemons this
# script started.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
[ "$(id -u)" = 0 ] || { echo "test-slurm: needs root (it starts slurmctld, slurmd and munged)" >&2; exit 2; }
started=0
if ! scontrol ping >/dev/null 2>&1; then
  bash "$root/scripts/slurm-up.sh" >/dev/null
  started=1
fi
work=$(mktemp -d /tmp/nqueens-slurm.XXXXXX)
cleanup() {
  scancel --name=nqueens-shard --name=nqueens-merge --name=nqueens-lab --name=nqueens-lab-report >/dev/null 2>&1 || true
  if [ "$started" = 1 ]; then bash "$root/scripts/slurm-down.sh" >/dev/null; fi
  rm -rf "$work"
}
trap cleanup EXIT
(cd "$root" && CGO_ENABLED=0 go build -o "$work/nqueens" ./cmd/nqueens)
# Task 3 fails on its first attempt.
cat >"$work/fail-once" <<SH
#!/bin/sh
if [ "\$SLURM_ARRAY_TASK_ID" = 3 ] && [ ! -e "$work/failed-once" ]; then
  touch "$work/failed-once"; echo "task 3: failing on purpose" >&2; exit 1
fi
ulimit -d >"$work/limit-\$SLURM_ARRAY_TASK_ID" # the data segment the task runs under
exec "$work/nqueens" "\$@"
SH
chmod +x "$work/fail-once"
ex="$root/examples/slurm"
wait_job() { # wait_job JOBID: until squeue no longer lists it (at most 3 minutes)
  for _ in $(seq 1 360); do
    [ -z "$(squeue -h -j "$1" 2>/dev/null)" ] && return 0; sleep 0.5
  done
  echo "test-slurm: job $1 did not finish" >&2; squeue >&2; return 1
}
state() { scontrol show job "$1" 2>/dev/null | sed -n 's/.*JobState=\([A-Z_]*\).*/\1/p' | head -1; }

# The memory of a task, as submit.sh asks for it.
mem=$(NQUEENS="$work/nqueens" "$ex/task-mem.sh" 14)
array=$(sbatch --parsable --array=0-7 --mem="${mem}M" --chdir="$work" --export=ALL,NQUEENS="$work/fail-once" "$ex/count-shard.sbatch" 14 8 "$work")
wait_job "$array"
failed=()
for i in 0 1 2 3 4 5 6 7; do
  s=$(state "${array}_$i")
  if [ "$s" != COMPLETED ]; then failed+=("$i"); fi
done
[ "${failed[*]}" = 3 ] || { echo "test-slurm: tasks not completed: ${failed[*]:-none} (want exactly 3)" >&2; exit 1; }
echo "test-slurm: array $array: task 3 failed as planned; resubmitting it"
again=$(sbatch --parsable --array=3 --mem="${mem}M" --chdir="$work" --export=ALL,NQUEENS="$work/fail-once" "$ex/count-shard.sbatch" 14 8 "$work")
merge=$(sbatch --parsable --dependency=afterok:"$again" --chdir="$work" --export=ALL,NQUEENS="$work/nqueens" "$ex/merge.sbatch" 14 8 "$work")
wait_job "$again"
wait_job "$merge"
[ "$(state "${again}_3")" = COMPLETED ] || { echo "test-slurm: the resubmitted task did not complete" >&2; exit 1; }
[ "$(state "$merge")" = COMPLETED ] || { echo "test-slurm: the merge job did not complete ($(state "$merge"))" >&2; cat "$work"/nqueens-merge-*.out >&2 || true; exit 1; }
# Every task ran under the memory it asked for.
for i in 0 1 2 3 4 5 6 7; do
  [ "$(cat "$work/limit-$i" 2>/dev/null)" = $((mem * 1024)) ] ||
    { echo "test-slurm: task $i ran under a data segment of $(cat "$work/limit-$i" 2>/dev/null) KB, not the --mem of $mem MB" >&2; exit 1; }
done
# The number of work units is the build's own (a part file records it).
units=$(grep -o '"units_total": *[0-9]*' "$work/part-0.json" | grep -o '[0-9]*$' || true)
[ -n "$units" ] || { echo "test-slurm: no units_total in $work/part-0.json" >&2; exit 1; }
grep -q "^N = 14: 365,596 solutions; 8 shards, $units work units of the join; 16 units recounted (2 a part at most) by the constraint-propagation search, all agree (--seed [0-9]*); agrees with OEIS\$" "$work/total.txt" ||
  { echo "test-slurm: wrong total:" >&2; cat "$work/total.txt" >&2; exit 1; }
echo "test-slurm: $(cat "$work/total.txt")"

# submit.sh as a user runs it: n = 12 in 3 shards of 2 cores each, the
# memory from task-mem.sh, the merge after them.
sub="$work/submitted"
read -r _ sarray _ smerge < <(NQUEENS="$work/nqueens" CPUS=2 bash "$ex/submit.sh" 12 3 "$sub")
[ -n "$smerge" ] || { echo "test-slurm: submit.sh printed no job ids" >&2; exit 1; }
smem=$(NQUEENS="$work/nqueens" "$ex/task-mem.sh" 12 2)
scontrol show job "${sarray}_0" 2>/dev/null | grep -q "MinMemoryNode=${smem}M" ||
  { echo "test-slurm: submit.sh's array did not ask for the ${smem} MB of task-mem.sh:" >&2; scontrol show job "${sarray}_0" >&2; exit 1; }
scontrol show job "${sarray}_0" 2>/dev/null | grep -q "NumCPUs=2 " ||
  { echo "test-slurm: submit.sh's tasks did not ask for CPUS=2 cores" >&2; exit 1; }
wait_job "$sarray"
wait_job "$smerge"
[ "$(state "$smerge")" = COMPLETED ] || { echo "test-slurm: submit.sh's merge did not complete ($(state "$smerge"))" >&2; cat "$sub"/nqueens-merge-*.out >&2 || true; exit 1; }
grep -q "^N = 12: 14,200 solutions; 3 shards, .* agrees with OEIS\$" "$sub/total.txt" ||
  { echo "test-slurm: submit.sh: wrong total:" >&2; cat "$sub/total.txt" >&2; exit 1; }
echo "test-slurm: submit.sh: $(cat "$sub/total.txt")"

# A study of the lab split in 4 shards by examples/slurm/lab-submit.sh (an
# array task a shard, a report job after them) gives the same statuses and
# summary as the same study on one machine, the times aside.
lab="$work/lab"
mkdir -p "$lab"
"$work/nqueens" --quiet gen classic --from 2 --to 9 --formats dimacs,xcc --out "$lab/suite" >/dev/null
study=(--solvers gini,dlx --solver "gs=gophersat" --repeat 2 --timeout 30s)
"$work/nqueens" --quiet run "$lab/suite" --results "$lab/one.jsonl" "${study[@]}" >/dev/null
read -r _ larray _ lreport < <(NQUEENS="$work/nqueens" CPUS=2 bash "$ex/lab-submit.sh" "$lab/suite" 4 "$lab/parts" "${study[@]}")
[ -n "$lreport" ] || { echo "test-slurm: lab-submit.sh printed no job ids" >&2; exit 1; }
wait_job "$larray"
wait_job "$lreport"
[ "$(state "$lreport")" = COMPLETED ] || { echo "test-slurm: the study's report did not complete ($(state "$lreport"))" >&2; cat "$lab"/parts/*.out >&2 || true; exit 1; }
for f in summary.txt report.html runs.csv latex/report.tex; do
  [ -s "$lab/parts/$f" ] || { echo "test-slurm: the study's report job wrote no $f" >&2; exit 1; }
done
# Statuses run by run, and the summary without its times.
statuses() { # the file, configuration, repetition and status of every run
  "$work/nqueens" report --runs "$lab/runs-of.csv" "$@" && awk -F, 'NR > 1 { print $19 "," $3 "," $4 "," $7 }' "$lab/runs-of.csv" | sort
}
summary() { "$work/nqueens" report --json "$@" | sed -n '1,/^]/p' | grep -v '"par2\|"cpu_s' ; }
[ "$(statuses "$lab/one.jsonl")" = "$(statuses "$lab"/parts/part-*.jsonl)" ] ||
  { echo "test-slurm: the shards' statuses differ from one machine's" >&2; diff <(statuses "$lab/one.jsonl") <(statuses "$lab"/parts/part-*.jsonl) >&2; exit 1; }
[ "$(summary "$lab/one.jsonl")" = "$(summary "$lab/parts")" ] ||
  { echo "test-slurm: the shards' summary differs from one machine's" >&2; diff <(summary "$lab/one.jsonl") <(summary "$lab/parts") >&2; exit 1; }
runs=$(statuses "$lab"/parts/part-*.jsonl | wc -l)
echo "test-slurm: lab-submit.sh: a study of $runs runs in 4 shards, the same statuses and summary as on one machine"
