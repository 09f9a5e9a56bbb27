#!/usr/bin/env bash
# Hostile cases through the real binary (trust under faults): bad
# arguments, malformed and oversized files, special files, a full file
# system, signals at random moments, concurrent runs, and solvers that lie,
# crash, hang or flood. Every case checks its exit status, that standard
# error holds no Go stack trace and at most the lines it allows, that no
# temporary file is left behind, and, where it says so, the answer itself.
# Run by scripts/test.sh; about a minute.
set -uo pipefail
cd "$(dirname "$0")/.."
root=$PWD
work=$(mktemp -d)
bin=$work/bin/nqueens
fake=$root/solvers/sat/testdata/fake
cleanup() {
	[ -n "${tmpfs:-}" ] && umount "$tmpfs" 2>/dev/null
	pkill -f "sleep 987.25" 2>/dev/null
	pkill -f "sleep 31[567].5" 2>/dev/null
	rm -rf "$work"
}
trap cleanup EXIT
CGO_ENABLED=0 go build -o "$bin" ./cmd/nqueens || exit 1
cd "$work" || exit 1

cases=0
failed=0
fail() {
	echo "FAIL $name: $*"
	echo "  stdout: $(head -c 300 out)"
	echo "  stderr: $(head -c 300 err)"
	failed=$((failed + 1))
}

# check NAME WANT MAXLINES CMD...: run CMD; its exit status must be one of
# WANT (e.g. "2" or "1|2"), its standard error at most MAXLINES lines and
# free of stack traces, and no temporary may be left in the work folder.
check() {
	name=$1 want=$2 maxlines=$3
	shift 3
	cases=$((cases + 1))
	"$@" >out 2>err </dev/null
	code=$?
	if ! [[ "|$want|" == *"|$code|"* ]]; then
		fail "exit $code, want $want"
	elif grep -qE '^goroutine [0-9]+|^panic:|runtime\.gopanic|\.go:[0-9]+ \+0x' err; then
		fail "a stack trace on standard error"
	elif [ "$(wc -l <err)" -gt "$maxlines" ]; then
		fail "$(wc -l <err) lines on standard error, at most $maxlines"
	elif [ -n "$(find . -name '.*.tmp-*' -not -path "./${busy:-none}/*" -print -quit)" ]; then
		fail "a temporary file is left: $(find . -name '.*.tmp-*')"
	fi
}

# expect_out TEXT: the last case's standard output contains TEXT.
expect_out() {
	grep -qF -- "$1" out || fail "standard output lacks \"$1\""
}
expect_err() {
	grep -qF -- "$1" err || fail "standard error lacks \"$1\""
}

q() { "$bin" --quiet "$@"; }

# --- bad arguments, every command ---
echo "test-faults: bad arguments, every command ($SECONDS s)"
check "solve 0" 2 1 q solve 0
check "solve abc" 2 1 q solve abc
check "solve _8_" 2 1 q solve _8_
check "solve +8" 2 1 q solve +8
check "solve 8 8" 2 1 q solve 8 8
check "solve unknown method" 2 1 q solve 8 -m nosuch
check "solve too large for backtrack" 2 1 q solve 5000 -m backtrack
check "solve 2^32" 2 1 q solve 4294967296
check "solve --timeout -1s" 2 1 q solve 8 -m sat --timeout -1s
check "solve --timeout 0" 2 1 q solve 8 --timeout 0s
check "solve --fix attacking square twice" 2 1 q solve 8 -m backtrack --fix 1:1 --block 1:1
check "solve --fix off the board" 2 1 q solve 8 -m backtrack --fix 9:1
check "solve --fix garbage" 2 1 q solve 8 -m backtrack --fix 1-1
check "solve --amo unknown" 2 1 q solve 8 -m sat --amo nosuch
check "solve --solver unknown" 2 1 q solve 8 -m sat --solver nosuch
check "solve pairwise 1000 refused for memory" 2 1 q solve 1000 -m sat --amo pairwise
expect_err "the product encoding needs about"
# Excluded diagonals: malformed .param files of Gent, Jefferson and
# Nightingale's format, and prefixes out of range.
gent=$root/testdata/gent2017
printf 'n = 8\nnumdiags = 2\ndiags = [[3, 1], [4, 7]]\n' >bad-type.param
printf 'n = 8\nnumdiags = 2\ndiags = [[3, 1], [99, 0]]\n' >bad-v.param
printf 'n = 8\nnumdiags = 5\ndiags = [[3, 1]]\n' >bad-count.param
printf 'n = 8\nnumdiags = 1\ndiags = [[3, 1]\n' >bad-list.param
printf 'n = 8\nnumdiags = 1\ndiags = [[3, 1]]\ndiags = [[3, 1]]\n' >bad-twice.param
head -c 2000000 /dev/zero >bad-zero.param
for f in bad-type bad-v bad-count bad-list bad-twice bad-zero; do
	check ".param $f" 2 1 q solve --diagonals $f.param
done
check ".param from /dev/zero" 2 1 q solve --diagonals /dev/zero
check ".param prefix above numdiags" 2 1 q solve --diagonals "$gent/diag-10-4-1.param:15"
expect_err "15 diagonals asked, the file lists 14 (numdiags)"
check ".param prefix not a number" 2 1 q count --diagonals "$gent/diag-10-4-1.param:-2"
check ".param N disagrees" 2 1 q encode 9 --diagonals "$gent/diag-10-4-1.param"
check ".param a folder" 2 1 q solve --diagonals "$gent"
check "excluded diagonal off the board" 2 1 q solve 8 --exclude-diff 8
check "rows without columns" 2 1 q count 8 --rows 1,2,3
check "a hard published instance, refuted by the linear relaxation" 1 0 q solve --diagonals "$gent/diag-20-4-75.param:18"
expect_out "no solution exists (method cp; confirmed by a Farkas refutation of the linear relaxation, checked)"
check "its refutation written with --refutation" 1 0 q solve --diagonals "$gent/diag-20-4-75.param:18" --refutation proof.farkas
check "the refutation checked by verify" 0 0 q verify 20 --diagonals "$gent/diag-20-4-75.param:18" proof.farkas
expect_out "valid: the refutation proves that no solution exists"
check "the refutation against another problem" 1 0 q verify 20 --diagonals "$gent/diag-20-4-75.param:17" proof.farkas
expect_out "invalid: "
sed 's/^sums /sums x /' proof.farkas >bad.farkas
check "a malformed refutation file" 2 1 q verify 20 --diagonals "$gent/diag-20-4-75.param:18" bad.farkas
expect_err "line"
check "a refutation file of another board" 1 0 q verify 8 proof.farkas
check "a hard published instance, decided and confirmed" 1 0 q solve --diagonals "$gent/diag-21-4-163.param:23"
expect_out "no solution exists (method cp; confirmed by dancing links)"
check "count 33" 2 1 q count 33
check "count --jobs -1" 2 1 q count 8 --jobs -1
check "count --jobs x" 2 1 q count 8 --jobs x
check "count --unique with --fix" 2 1 q count 8 -m backtrack --unique --fix 1:1
check "count --shard +0/+2" 2 1 q count 12 --shard +0/+2 -o p.json
check "count --shard 2/2" 2 1 q count 12 --shard 2/2 -o p.json
check "count --shard without -o" 2 1 q count 12 --shard 0/2
check "count --shard into a missing folder" 2 1 q count 12 --shard 0/2 -o nosuch/p.json
check "count cadical cannot enumerate" 2 1 q count 8 -m sat --solver cadical
check "verify no such file" 2 1 q verify 8 nosuch.txt
check "verify 4294967295 (no 34 GB)" 2 1 q verify 4294967295 /dev/null
check "encode unknown format" 2 1 q encode 8 -f nosuch
check "encode --amo with xcc" 2 1 q encode 8 -f xcc --amo pairwise
check "encode to a folder" 2 1 q encode 8 -o .
check "sat --count with a solver that cannot" 2 1 q sat --count --solver cadical "$root/encode/testdata/golden/n4-pairwise.cnf"
check "check --budget -1s" 2 1 q check --budget -1s
check "check empty range" 2 1 q check --from 5 --to 4
check "gen unknown family" 2 1 q gen nosuch --out g
check "gen classic with --n and a range" 2 1 q gen classic --n 5 --from 1 --to 3 --out g
check "gen without --out" 2 1 q gen classic --n 5
: >afile
check "gen --out an existing file" 2 1 q gen classic --n 5 --out afile
check "run without a suite" 2 1 q run nosuch --solvers gini
check "run without --solvers" 2 1 q run . 
check "run an unknown solver" 2 1 q run . --solvers nosuch
check "run --memory garbage" 2 1 q run . --solvers gini --memory lots
check "run --jobs -1" 2 1 q run . --solvers gini --jobs -1
check "plot without a chart" 2 1 q plot nosuch.jsonl
check "plot a missing results file" 2 1 q plot nosuch.jsonl --cactus c.png
check "plot to a .gif" 2 1 q plot nosuch.jsonl --cactus c.gif
check "count --depth 9" 2 1 q count 12 --depth 9
check "trace too large a GIF" 2 1 q trace 32 --gif t.gif --cell 200
check "draw without a picture" 2 1 q draw 8
check "unknown command" 2 1 q frob
check "unknown flag" 2 1 q solve 8 --frob
check "bad --progress" 2 1 "$bin" --progress=loud solve 8

# --- malformed and oversized files ---
echo "test-faults: malformed and oversized files ($SECONDS s)"
printf 'p cnf 99999999999999999 1\n1 0\n' >huge-header.cnf
check "sat: a header beyond 2^31 variables" 2 1 q sat huge-header.cnf
printf 'p cnf 100000000 1\n1 0\n' >big-header.cnf
check "sat: a header that would not fit in memory" "2|10" 1 q sat --no-model big-header.cnf
check "sat /dev/zero (an endless line)" 2 1 q sat /dev/zero
check "xcc /dev/zero" 2 1 q xcc /dev/zero
check "verify /dev/zero" 2 1 q verify 8 /dev/zero
# Endless streams of what a reader keeps, under a data-segment limit (as
# run --memory sets it; the memory check finds its figure there): refused
# in one line, never an out-of-memory crash; comments are not kept at all.
mkfifo endless.dlx endless.cnf
{ echo "a | c"; yes "a c"; } >endless.dlx 2>/dev/null &
check "xcc: endless options under ulimit -d" 2 1 sh -c 'ulimit -d 1000000 && exec "$0" --quiet xcc endless.dlx' "$bin"
expect_err "needs about"
{ echo "p cnf 1 1"; yes "c a comment line kept by no reader"; } >endless.cnf 2>/dev/null &
( sleep 4; pkill -f "yes c a comment line" ) &
check "sat: endless comments under ulimit -d" 2 1 sh -c 'ulimit -d 300000 && exec "$0" --quiet sat endless.cnf' "$bin"
expect_err "clauses"
wait
# One endless line: its buffer's next doubling is checked before it is made.
for cmd in sat xcc; do
	check "$cmd /dev/zero under ulimit -d" 2 1 sh -c 'ulimit -d 200000 && exec "$0" --quiet "$1" /dev/zero' "$bin" "$cmd"
	expect_err "a line of"
done
# A results file of 300 MB (300 records, each with a command of a
# megabyte): the records read are held, and refused once they would not fit.
awk 'BEGIN {
	x = "x"; while (length(x) < 1000000) x = x x; x = substr(x, 1, 1000000)
	print "{\"format\":\"nqueens-results-1\",\"version\":\"x\",\"manifest_sha256\":\"ab\",\"suite_command\":\"c\"}"
	for (i = 0; i < 300; i++)
		printf "{\"file\":\"a%d.cnf\",\"sha256\":\"01\",\"solver\":\"gini\",\"family\":\"classic\",\"format\":\"dimacs\",\"n\":8,\"expected\":\"SAT\",\"status\":\"SAT\",\"wall_s\":0.5,\"command\":\"%s\"}\n", i, x
}' >big.jsonl
check "report of 300 MB of records under ulimit -d" 2 1 sh -c 'ulimit -d 250000 && exec "$0" --quiet report big.jsonl' "$bin"
expect_err "needs about"
rm -f big.jsonl
printf 'p cnf 2 1\n1 3 0\n' >range.cnf
check "sat: a literal out of range" 2 1 q sat range.cnf
printf 'a b\na z\n' >unknown.dlx
check "xcc: an unknown item" 2 1 q xcc unknown.dlx
printf '1 2 3 4 5 6 7 9\n' >sol.txt
check "verify: a column out of range" 2 1 q verify 8 sol.txt
printf 'p cnf 2 1\n1 2 0\n' | gzip >gz.cnf
check "sat: gzip input is read, as cadical reads it" 10 0 q sat gz.cnf
expect_out "s SATISFIABLE"
head -c 20 gz.cnf >cut.cnf.gz
check "sat: a gzip stream cut short" 2 1 q sat cut.cnf.gz
expect_err "gzip"
echo '{"format":"nqueens-shard-2"} trailing' >part.json
check "merge: trailing garbage" 2 1 q merge part.json
echo 'not json' >part2.json
check "merge: not a shard file" 2 1 q merge part2.json
check "merge: no such part" 2 1 q merge nosuch.json
mkdir -p suite-empty suite-escape suite-null
echo '[]' >suite-empty/manifest.json
echo 'null' >suite-null/manifest.json
echo '{"format":"nqueens-suite-2","files":[{"file":"../../../etc/hostname","sha256":"x"}]}' >suite-escape/manifest.json
check "gen --verify: an empty manifest" 2 1 q gen --verify suite-empty
check "gen --verify: a null manifest" 2 1 q gen --verify suite-null
check "gen --verify: a path out of the suite" 2 1 q gen --verify suite-escape
expect_err "is not the name of an instance file"

# --- lying, crashing, hanging and flooding solvers ---
echo "test-faults: lying, crashing, hanging and flooding solvers ($SECONDS s)"
check "a solver that says UNSAT to a classic board" 1 1 q solve 8 -m sat --solver "$fake/unsat.sh"
expect_err "Q(8) = 92 (OEIS A000170): the answer is wrong"
check "a solver that says UNSAT to a completion with a solution" 1 1 q solve 8 -m sat --solver "$fake/unsat.sh" --fix 1:2
expect_err "constraint propagation (cp) found one, verified"
check "a solver whose exit status contradicts it" 1 1 q solve 8 -m sat --solver "$fake/liar.sh"
check "a crashing solver" 1 1 q solve 8 -m sat --solver "$fake/crash.sh"
check "a solver printing garbage" 1 1 q solve 8 -m sat --solver "$fake/garbage.sh"
check "a solver with a wrong model" 1 1 q solve 8 -m sat --solver "$fake/wrong.sh"
check "a solver with a truncated model" 1 1 q solve 8 -m sat --solver "$fake/truncated.sh"
check "a failing solver shows its message" 1 1 q solve 8 -m sat --solver "$fake/fails.sh"
expect_err "out of licences"
check "a flooding solver" 1 1 /usr/bin/time -f "%M" -o rss "$bin" --quiet solve 8 -m sat --solver "$fake/flood.sh"
[ "$(tail -n 1 rss)" -lt 400000 ] || fail "the flood drove memory to $(tail -n 1 rss) KB"
start=$(date +%s)
check "a hanging solver under --timeout" 1 1 q solve 30 -m sat --solver "$fake/hang.sh" --timeout 1s
[ $(($(date +%s) - start)) -le 4 ] || fail "returned after $(($(date +%s) - start)) s"
sleep 0.3
pgrep -f "sleep 987.25" >/dev/null && fail "the hanging solver's children outlived it"
check "sat --certify with a solver that writes no proofs" 2 1 q sat --certify --solver "$fake/unsat.sh" "$root/encode/testdata/golden/n4-pairwise.cnf"
# run: a solver whose --version probe leaves a child behind, and one that
# prints a line of 200 MB: nothing outlives run, and run holds no more of
# the output than an answer can take.
q gen classic --from 6 --to 6 --out lab >/dev/null 2>&1
printf '#!/bin/sh\n( sleep 987.25 & )\nif [ "$1" = --version ]; then echo 1.0; exit 0; fi\necho "s UNKNOWN"\n' >prober.sh
chmod +x prober.sh
check "run: a probe that leaves a child" 0 1 q run lab --solvers "$PWD/prober.sh" --results probe.jsonl
sleep 0.3
pgrep -f "sleep 987.25" >/dev/null && fail "the probe's child outlived run"
pkill -f "sleep 987.25" 2>/dev/null
printf '#!/bin/sh\nhead -c 200000000 /dev/zero | tr "\\0" x\necho\necho "s SATISFIABLE"\n' >flood-line.sh
chmod +x flood-line.sh
check "run: a solver that prints a line of 200 MB, under ulimit -d 300000" 0 1 /usr/bin/time -f "%M" -o rss sh -c 'ulimit -d 300000 && exec "$0" --quiet run lab --solvers "$1" --results flood.jsonl -j 2' "$bin" "$PWD/flood-line.sh"
[ "$(tail -n 1 rss)" -lt 100000 ] || fail "run held $(tail -n 1 rss) KB of a solver's output"
grep -q '"status":"CRASH"' flood.jsonl || fail "the flood was not a CRASH"
# An instance of 250 MB (n = 1000, sequential) under a data segment that
# holds it but not its formula: the model is checked as the clauses
# stream, or the run is refused with the figure; never an out-of-memory.
q gen classic --from 1000 --to 1000 --amo sequential --out bigsuite >/dev/null 2>&1
printf '#!/bin/sh\necho "s UNKNOWN"\n' >unknown.sh
chmod +x unknown.sh
check "run: an instance of 250 MB under ulimit -d 400000" 2 1 sh -c 'ulimit -d 400000 && exec "$0" --quiet run bigsuite --solvers "$1" --results big.jsonl' "$bin" "$PWD/unknown.sh"
expect_err "needs about"
check "run: an instance of 250 MB under ulimit -d 800000" 0 1 sh -c 'ulimit -d 800000 && exec "$0" --quiet run bigsuite --solvers "$1" --results big.jsonl' "$bin" "$PWD/unknown.sh"

# A shard given the memory examples/slurm/task-mem.sh asks for, as the
# data-segment limit a single-node Slurm sets from --mem, counts by the
# join (one block of 16 units of 22 and of 24: as many shards as blocks),
# and the bound of 26 fits too: the bound plus 64 MiB left every task of
# 22 to 27 to the constellation count.
for nj in "22 1" "24 1" "24 2"; do
	set -- $nj
	mem=$(NQUEENS="$bin" bash "$root/examples/slurm/task-mem.sh" "$1" "$2")
	units=$(q estimate --count "$1" --sample 0 --json | sed -n 's/.*"units": *\([0-9]*\).*/\1/p')
	check "count $1 -j $2, one block of units, under task-mem.sh's $mem MiB" 0 0 sh -c 'ulimit -d "$1" && exec "$0" count "$2" --shard "0/$3" -j "$4" -o part.json' "$bin" $((mem * 1024)) "$1" $(((units + 15) / 16)) "$2"
	grep -q '"units": *16,' part.json || fail "the shard of $1 is not one block of 16 units: $(head -c 300 part.json)"
	grep -q '"method": *"join"' part.json || fail "the shard of $1 was not counted by the join: $(head -c 200 part.json)"
	rm -f part.json
done
mem=$(NQUEENS="$bin" bash "$root/examples/slurm/task-mem.sh" 26)
check "estimate --count 26 under task-mem.sh's $mem MiB" 0 0 sh -c 'ulimit -d "$1" && exec "$0" estimate --count 26 --sample 0 --json' "$bin" $((mem * 1024))
expect_out '"fits":true'
rm -rf bigsuite
# A solver's path that would add a column or markup to a Markdown table.
mkdir -p 'odd|dir'
cp unknown.sh 'odd|dir/<b>solver'
check "run --markdown: a solver's path escaped" 0 1 q run lab --solvers "$PWD/odd|dir/<b>solver" --results odd.jsonl --markdown
grep -q '<b>' out && fail "an HTML tag passed into the Markdown table"
grep -qF 'odd\|dir/&lt;b&gt;solver' out || fail "the path is not escaped"
# One file for two roles.
check "count --shard -o F --checkpoint F" 2 1 q count 12 --shard 0/2 -o same.json --checkpoint same.json
[ -e same.json ] && fail "a file was written"

# --- answers that must be right ---
echo "test-faults: answers that must be right ($SECONDS s)"
check "solve 8 by cadical" 0 0 q solve 8 -m sat --solver cadical
expect_out "verified"
check "count 10 by clasp" 0 0 q count 10 -m sat --solver clasp --amo ladder
expect_out "724 solutions"
check "no solution, confirmed" 1 0 q solve 6 -m sat --fix 1:1
expect_out "confirmed by constraint propagation (cp)"
check "a count of a variant, confirmed" 0 0 q count 12 --fix 1:2 --block 5:5 -m sat
expect_out "; confirmed by constraint propagation (cp)"
check "no solution, certified" 1 0 q solve 8 -m backtrack --fix 1:1,2:4 --certify
expect_out "confirmed by a DRAT proof from cadical"
check "sat --certify on an UNSAT file" 20 0 bash -c "$bin encode 8 --fix 1:1,2:4 | $bin --quiet sat --certify --no-model"
expect_out "c DRAT proof checked"

# --- standard output on a full device ---
echo "test-faults: standard output on a full device ($SECONDS s)"
for cmd in "solve 8" "count 9" "verify 8 $root/model/testdata/localsearch-n8.txt" "encode 20" "check --to 3 --methods bitmask" "merge nosuch" "xcc $root/encode/testdata/golden/n4-natural.dlx"; do
	want=1
	[ "${cmd%% *}" = merge ] && want=2
	check "stdout full: $cmd" "$want" 1 bash -c "$bin --quiet $cmd >/dev/full"
done
check "sat with stdout full" 1 1 bash -c "$bin --quiet sat $root/encode/testdata/golden/n4-pairwise.cnf >/dev/full"

# --- special files and modes ---
echo "test-faults: special files and modes ($SECONDS s)"
check "-o /dev/null stays a device" 0 0 q solve 8 -o /dev/null
[ -c /dev/null ] || fail "/dev/null is no longer a character device"
mkfifo fifo
(cat fifo >fifo.out) &
check "-o FIFO is written through" 0 0 q solve 8 -m backtrack -o fifo
wait
[ -p fifo ] && grep -q "^1 5 8 6 3 7 2 4" fifo.out || fail "the FIFO was replaced or not written through"
echo old >kept.txt
chmod 600 kept.txt
check "-o keeps a file's mode" 0 0 q solve 8 -o kept.txt
[ "$(stat -c %a kept.txt)" = 600 ] || fail "mode $(stat -c %a kept.txt), was 600"
ln -s kept.txt link.txt
check "-o through a symbolic link" 0 0 q solve 8 -m backtrack -o link.txt
[ -L link.txt ] && grep -q "^1 5 8" kept.txt || fail "the link was replaced"
check "count --checkpoint on a FIFO" 2 1 q count 12 --checkpoint fifo
# A FIFO without a writer is refused at once, not waited on.
mkfifo lonely.jsonl
check "report of a FIFO" 2 1 timeout 10 "$bin" --quiet report lonely.jsonl
expect_err "not a regular file"
check "merge of a FIFO" 2 1 timeout 10 "$bin" --quiet merge lonely.jsonl
expect_err "not a regular file"
check "verify --instance FIFO" 2 1 timeout 10 "$bin" --quiet verify --instance lonely.jsonl --format dimacs

# --- a full file system ---
echo "test-faults: a full file system ($SECONDS s)"
if [ "$(id -u)" = 0 ] && mkdir -p small && mount -t tmpfs -o size=512k tmpfs small 2>/dev/null; then
	tmpfs=$PWD/small
	check "encode into a full file system" 1 1 q encode 200 -o small/big.cnf
	expect_err "cannot write small/big.cnf"
	[ -z "$(ls -A small)" ] || fail "left in the full file system: $(ls -A small)"
	check "gen into a full file system" "1" 1 q gen classic --from 40 --to 45 --out small/suite
	[ -e small/suite/manifest.json ] && fail "a manifest in a suite that did not fit"
	umount small
	tmpfs=
else
	echo "SKIPPED: the full file system cases (need root and tmpfs)"
fi

# --- signals at random moments ---
echo "test-faults: signals at random moments ($SECONDS s)"
for sig in INT TERM HUP; do
	case $sig in INT) want=130 ;; TERM) want=143 ;; HUP) want=129 ;; esac
	rm -f ck
	"$bin" --quiet count 17 --jobs 1 --checkpoint ck >out 2>err & # the join: about 2 s on one job
	pid=$!
	sleep "0.$((RANDOM % 8 + 2))"
	kill -s "$sig" "$pid"
	wait "$pid"
	code=$?
	cases=$((cases + 1))
	name="count --checkpoint, SIG$sig"
	[ "$code" = "$want" ] || fail "exit $code, want $want"
	grep -q "work units are saved in ck" err || fail "no word of the saved units"
	check "resume after SIG$sig" 0 0 q count 17 --checkpoint ck
	expect_out "95,815,104 solutions"
done
for sig in INT TERM; do
	mkfifo "stdin-$sig"
	"$bin" sat <"stdin-$sig" >out 2>err &
	pid=$!
	exec 9>"stdin-$sig" # a writer that never writes: the read blocks
	sleep 0.3
	kill -s "$sig" "$pid"
	wait "$pid"
	code=$?
	exec 9>&-
	cases=$((cases + 1))
	name="sat waiting on standard input, SIG$sig"
	case $sig in INT) want=130 ;; TERM) want=143 ;; esac
	[ "$code" = "$want" ] || fail "exit $code, want $want"
done
for i in 1 2; do
	"$bin" encode 2000 -o big.cnf >/dev/null 2>err &
	pid=$!
	sleep "0.$((RANDOM % 9 + 1))"
	kill -INT "$pid"
	wait "$pid"
	cases=$((cases + 1))
	name="encode -o interrupted ($i)"
	if [ -e big.cnf ]; then
		[ "$(grep -c ' 0$' big.cnf)" = "$(awk '/^p cnf/ {print $4}' big.cnf)" ] || fail "big.cnf is incomplete"
	fi
	[ -z "$(find . -name '.big.cnf.tmp-*')" ] || fail "a temporary left"
	rm -f big.cnf
done
"$bin" encode 2000 -o big.cnf >/dev/null 2>&1 &
pid=$!
disown "$pid" # no "Killed" line from the shell
sleep 0.5
kill -9 "$pid"
while kill -0 "$pid" 2>/dev/null; do sleep 0.05; done
ls .big.cnf.tmp-* >/dev/null 2>&1 || echo "note: kill -9 came after the write ended"
check "the next write removes a dead writer's temporary" 0 0 q encode 8 -o big.cnf

# kill -9 of run (SIGKILL, which no handler sees): its solver, and the
# children the solver started, do not outlive it (the guard kills its
# process groups).
mkdir -p killsuite
"$bin" --quiet gen completion --n 6 --m 1 --count 1 --formats dimacs --out killsuite >/dev/null 2>&1
printf '#!/bin/sh\nsleep 315.5 &\nsleep 316.5 &\nexec sleep 317.5\n' >forking.sh
chmod +x forking.sh
"$bin" --quiet run killsuite --solvers "$PWD/forking.sh" --timeout 60s --results kill.jsonl >/dev/null 2>&1 &
pid=$!
disown "$pid"
for _ in $(seq 50); do pgrep -f "sleep 317.5" >/dev/null && break; sleep 0.1; done
kill -9 "$pid"
sleep 1
cases=$((cases + 1))
name="kill -9 of run: its solver and the solver's children"
if pgrep -f "sleep 31[567].5" >/dev/null; then
	fail "still running 1 s later: $(pgrep -af 'sleep 31[567].5' | tr '\n' ' ')"
	pkill -f "sleep 31[567].5"
fi
# A FIFO without a writer as sat's input: --timeout counts the wait.
mkfifo nowriter.cnf
check "sat: a FIFO without a writer, --timeout 1s" 1 1 timeout 10 "$bin" --quiet sat nowriter.cnf --timeout 1s
expect_out "s UNKNOWN"
# A malformed GOMEMLIMIT ends the Go runtime before any code of nqueens
# runs (its own fatal error, which nqueens cannot catch: README, Limits).
GOMEMLIMIT=abc "$bin" version >out 2>err
code=$?
cases=$((cases + 1))
name="GOMEMLIMIT=abc: the runtime's error, as README says"
[ "$code" != 0 ] && grep -q "malformed GOMEMLIMIT" err || fail "the runtime took GOMEMLIMIT=abc"

# --- memory at the floor ---
# Every command that reads an instance, from the documented floor of the
# data segment (160 MiB) up, with the other core busy: its answer, or a
# one-line refusal with the figure (exit 2), never the runtime's crash.
echo "test-faults: memory at the floor ($SECONDS s)"
"$bin" encode 400 -o floor.cnf
"$bin" encode 400 --format opb -o floor.opb
"$bin" solve 400 --seed 1 -o floor.sol >/dev/null
awk 'NR == 1 { for (r = 1; r <= NF; r++) q[(r - 1) * 400 + $r] = 1 }
	END { printf "s SATISFIABLE\nv"; for (v = 1; v <= 160000; v++) printf " %s%d", (v in q) ? "" : "-", v; print " 0" }' floor.sol >floor.out
awk 'NR == 1 { printf "s SATISFIABLE\nv"; for (r = 1; r <= NF; r++) printf " x%d", (r - 1) * 400 + $r; print "" }' floor.sol >floor.opbout
( timeout 60 sh -c 'while :; do :; done' ) &
load=$!
for kb in 163840 180224 196608 229376 262144; do
	check "verify --instance a 36 MB CNF under ulimit -d $kb" "0|2" 1 sh -c 'ulimit -d "$1" && exec "$0" --quiet verify --instance floor.cnf floor.out' "$bin" "$kb"
	check "sat a 36 MB CNF under ulimit -d $kb" "1|2" 1 sh -c 'ulimit -d "$1" && exec "$0" --quiet sat floor.cnf --no-model --timeout 2s' "$bin" "$kb"
	check "verify --instance an OPB under ulimit -d $kb" "0|2" 1 sh -c 'ulimit -d "$1" && exec "$0" --quiet verify --instance floor.opb floor.opbout' "$bin" "$kb"
	grep -q "fatal error" err && fail "the runtime's fatal error"
done
kill "$load" 2>/dev/null
wait "$load" 2>/dev/null

# --- concurrent runs ---
echo "test-faults: concurrent runs ($SECONDS s)"
rm -f ck2
"$bin" --quiet count 17 --checkpoint ck2 >/dev/null 2>&1 &
pid=$!
sleep 0.5
check "a second count on the same journal" 2 1 q count 17 --checkpoint ck2
expect_err "in use by another running count"
kill -INT "$pid"
wait "$pid"
"$bin" --quiet gen completion --n 14 --m 4 --count 300 --formats dimacs,xcc,opb,mzn,xcsp3 --out suite2 >/dev/null 2>&1 &
pid=$!
sleep 0.5
busy=suite2 # the first gen's temporaries are its own
check "a second gen into the same folder" 2 1 q gen completion --n 12 --m 3 --count 2 --out suite2
busy=
kill -INT "$pid"
wait "$pid"
name="interrupted gen"
[ -e suite2/manifest.json ] && fail "left a manifest"
[ -z "$(find suite2 -name '.*.tmp-*')" ] || fail "left a temporary"

echo "test-faults: $((cases - failed)) passed, $failed failed"
[ "$failed" = 0 ]
