#!/usr/bin/env bash
# The container image (root only: podman's storage and chroot; scripts/test.sh runs it with the
# Slurm test). Builds the Containerfile's static target with podman, the Go build stage given as
# the binary built here (a test machine may reach no registry to pull the Go image from), checks
# that the image holds the binary alone, and runs the Kubernetes example's eight shards of
# examples/slurm/count-indexed-job.yaml through it, $(INDEX) expanded as Kubernetes expands it
# (N = 14 for 20), then merges the parts: with podman run where podman can run containers here,
# else chrooted into a copy of the image's files with an empty environment (and says why).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
[ "$(id -u)" = 0 ] || { echo "test-container: needs root (podman's storage, chroot)" >&2; exit 2; }
if ! command -v podman >/dev/null; then
  echo "SKIPPED: the container test (podman is not installed)"
  exit 0
fi
work=$(mktemp -d /tmp/nqueens-container.XXXXXX)
image=localhost/nqueens-test:$$
cleanup() {
  podman image unmount "$image" >/dev/null 2>&1 || true
  podman rmi -f "$image" >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT
mkdir -p "$work/ctx/out" "$work/parts"
(cd "$root" && CGO_ENABLED=0 go build -trimpath -o "$work/ctx/out/nqueens" ./cmd/nqueens)
podman build -q --build-context build="$work/ctx" --target nqueens -t "$image" -f "$root/Containerfile" "$root" >/dev/null
mnt=$(podman image mount "$image")
files=$(cd "$mnt" && find . -mindepth 1 | sort | tr '\n' ' ')
[ "$files" = "./nqueens " ] || [ "$files" = "./nqueens ./work " ] ||
  { echo "test-container: the image holds $files, want the binary alone" >&2; exit 1; }
cp -a "$mnt/." "$work/rootfs"
podman image unmount "$image" >/dev/null

# How the image runs here: podman run, with the host's own limits if its defaults exceed them.
mode=chroot
why=""
# NQUEENS_CONTAINER_MODE=chroot skips podman run, to test the other way.
for flags in "" "--ulimit nofile=$(ulimit -n):$(ulimit -n) --ulimit nproc=1024:1024"; do
  [ "${NQUEENS_CONTAINER_MODE:-}" = chroot ] && { why="NQUEENS_CONTAINER_MODE=chroot"; break; }
  # shellcheck disable=SC2086
  if out=$(podman run --rm $flags "$image" version 2>&1); then
    mode=podman; run_flags=$flags; break
  fi
  why=$(printf '%s\n' "$out" | tail -1)
done
mkdir -p "$work/tmp"
run() { # run ARGS...: the image's entry point with ARGS, /parts the parts folder, /tmp an empty one (the Jobs' volumes)
  if [ "$mode" = podman ]; then
    # shellcheck disable=SC2086
    podman run --rm $run_flags -v "$work/parts:/parts" -v "$work/tmp:/tmp" "$image" "$@"
  else
    mkdir -p "$work/rootfs/parts" "$work/rootfs/tmp" "$work/rootfs/proc"
    mount --bind "$work/parts" "$work/rootfs/parts"
    mount --bind "$work/tmp" "$work/rootfs/tmp"
    mount -t proc proc "$work/rootfs/proc" # as a pod has it
    local rc=0
    env -i "$(command -v chroot)" "$work/rootfs" /nqueens "$@" || rc=$?
    umount "$work/rootfs/proc" "$work/rootfs/tmp" "$work/rootfs/parts"
    return $rc
  fi
}
if [ "$mode" = chroot ]; then
  echo "test-container: podman cannot run containers here ($why); running the image's files chrooted instead"
fi

# The Job's arguments, as the manifest gives them, for each index.
mapfile -t args < <(sed -n '/^ *args:/,/^ *resources:/p' "$root/examples/slurm/count-indexed-job.yaml" |
  sed -n 's/^ *- *//p' | sed 's/^"\(.*\)"$/\1/')
[ "${args[0]:-}" = count ] && [ "${args[1]:-}" = 20 ] ||
  { echo "test-container: the Job's arguments are not 'count 20 ...': ${args[*]}" >&2; exit 1; }
args[1]=14
for i in 0 1 2 3 4 5 6 7; do
  run "${args[@]//\$(INDEX)/$i}" >/dev/null
done
parts=()
for i in 0 1 2 3 4 5 6 7; do parts+=("/parts/part-$i.json"); done
total=$(run merge "${parts[@]}")
printf '%s\n' "$total" | grep -q '^N = 14: 365,596 solutions; 8 shards' ||
  { echo "test-container: wrong total: $total" >&2; exit 1; }
echo "test-container: the image ($mode) counted N = 14 in the Job's 8 shards and merged them: 365,596"

# The lab's Indexed Job (examples/slurm/lab-indexed-job.yaml): each index
# runs its shard of the study through the image into the shared volume;
# the parts read as one study give the statuses of the same study run on
# one machine.
mapfile -t largs < <(sed -n '/^ *args:/,/^ *resources:/p' "$root/examples/slurm/lab-indexed-job.yaml" |
  sed -n 's/^ *- *//p' | sed 's/^"\(.*\)"$/\1/')
[ "${largs[1]:-}" = run ] && [ "${largs[2]:-}" = /parts/suite ] ||
  { echo "test-container: the lab Job's arguments are not 'run /parts/suite ...': ${largs[*]}" >&2; exit 1; }
shards=$(sed -n 's/^ *completions: *//p' "$root/examples/slurm/lab-indexed-job.yaml")
"$work/ctx/out/nqueens" --quiet gen classic --from 2 --to 8 --formats dimacs,xcc --out "$work/parts/suite" >/dev/null
mkdir -p "$work/parts/study"
for ((i = 0; i < shards; i++)); do
  run "${largs[@]//\$(INDEX)/$i}" >/dev/null
done
host() { "$work/ctx/out/nqueens" "$@"; }
one=$work/one.jsonl
# The same study on this machine, its solvers and repetitions the Job's.
mapfile -t study < <(printf '%s\n' "${largs[@]}" | sed -n '/^--solvers$/,$p')
host --quiet run "$work/parts/suite" --results "$one" "${study[@]}" >/dev/null
statuses() { host report --runs "$work/runs.csv" "$@" && awk -F, 'NR > 1 { print $19 "," $3 "," $4 "," $7 }' "$work/runs.csv" | sort; }
[ "$(statuses "$one")" = "$(statuses "$work/parts/study")" ] ||
  { echo "test-container: the Job's shards' statuses differ from one machine's" >&2; diff <(statuses "$one") <(statuses "$work/parts/study") >&2; exit 1; }
echo "test-container: the image ($mode) ran the lab Job's $shards shards, $(statuses "$one" | wc -l) runs: the statuses of one machine's"
