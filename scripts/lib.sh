# Shared helpers of the comparison scripts: measure a command's wall time and
# peak memory with GNU time, and take medians.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

need() {
  command -v "$1" >/dev/null || { echo "$(basename "$0"): needs $1 ($2)" >&2; exit 2; }
}
need cc "apt-get install gcc"
[ -x /usr/bin/time ] || { echo "$(basename "$0"): needs /usr/bin/time (apt-get install time)" >&2; exit 2; }

# reference VAR DEFAULT WHAT: the path of a reference program's source,
# from the environment variable VAR or DEFAULT; a missing one is exit 2,
# saying what it is.
reference() {
  local path=${!1:-$2}
  [ -f "$path" ] || { echo "$(basename "$0"): $path not found: $3 (set $1)" >&2; exit 2; }
  echo "$path"
}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

build_nqueens() {
  (cd "$root" && CGO_ENABLED=0 go build -o "$work/nqueens" ./cmd/nqueens)
}

# build_base: $work/nqueens-base, the command built from git revision
# $BASE (the build before a change), its default.pgo included; a BASE that
# is no revision is exit 2.
build_base() {
  git -C "$root" rev-parse --verify -q "$BASE^{commit}" >/dev/null || { echo "$(basename "$0"): BASE=$BASE is not a revision of $root" >&2; exit 2; }
  mkdir -p "$work/base-src"
  git -C "$root" archive "$BASE" | tar -x -C "$work/base-src"
  (cd "$work/base-src" && CGO_ENABLED=0 go build -o "$work/nqueens-base" ./cmd/nqueens)
}

# pin: the prefix that runs a one-thread program on one core, core $PIN
# (default 1), with taskset where it is present and there are two cores.
pin=()
if command -v taskset >/dev/null && [ "$(nproc)" -ge 2 ]; then pin=(taskset -c "${PIN:-1}"); fi

# build_nqueens_native: $work/nqueens-native, built for the highest x86-64
# level this CPU runs (GOAMD64=v4, v3 or v2: Go's counterpart of the C
# references' -march=native; a binary of a level the CPU lacks refuses to
# start, which is the test). Sets $goamd64 to the level, "v1" if none.
build_nqueens_native() {
  goamd64=v1
  for level in v4 v3 v2; do
    (cd "$root" && CGO_ENABLED=0 GOAMD64=$level go build -o "$work/nqueens-native" ./cmd/nqueens) || continue
    if "$work/nqueens-native" count 4 -q >/dev/null 2>&1; then goamd64=$level; return; fi
  done
  cp "$work/nqueens" "$work/nqueens-native"
}

# measure [--status S] CMD...: prints "WALL_SECONDS PEAK_KB" and leaves the
# command's output in $work/out.txt; fails if the command fails. With
# --status, exit status S counts as success too (clasp exits 30 after
# listing all models); GNU time then writes "Command exited with non-zero
# status S" before the figures, so only its last line is printed.
measure() {
  local ok=0 status=0
  if [ "$1" = --status ]; then ok=$2; shift 2; fi
  /usr/bin/time -f '%e %M' -o "$work/time.txt" "$@" >"$work/out.txt" 2>&1 || status=$?
  if [ "$status" -ne 0 ] && [ "$status" -ne "$ok" ]; then
    echo "$(basename "$0"): command failed (exit $status): $*" >&2; cat "$work/out.txt" >&2; exit 1
  fi
  tail -n 1 "$work/time.txt"
}

# median of the numbers on standard input; anything else there is an error
# (a stray line would otherwise count as 0 and skew the figure).
median() {
  sort -g | awk '$1 !~ /^[0-9]+(\.[0-9]+)?$/ { print "median: not a number: " $0 > "/dev/stderr"; bad = 1; exit 1 }
    { a[NR] = $1 }
    END { if (bad) exit 1; if (NR % 2) print a[(NR+1)/2]; else print (a[NR/2]+a[NR/2+1])/2 }'
}
