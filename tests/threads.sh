#!/bin/bash
# tests/threads.sh — --jobs N bounds the threads of a build (TAP).
#
# A synthetic book of THREADS_CHAPTERS chapters (300; tests/bench/gen.c) is
# built with --jobs 1, 2 and 4, in full and then incrementally (one chapter
# edited, the rest from the cache), while this script counts the build's
# threads (/proc/PID/task, globbed by the shell: no process per look)
# every millisecond or so.  At --jobs N a build has the main thread, N workers and
# the writer: at most N + 2 alive at once.  (A poll can miss a thread that
# lives a short while, never see one that is not there: the check can only
# be too lenient.)
set -u
cd "$(dirname "$0")/.."
BIN=${BUILD:-build}/specbook
case $BIN in /*) ;; *) BIN=$PWD/$BIN ;; esac
N=${THREADS_CHAPTERS:-300}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
pass=0 fail=0

if [ ! -d /proc/self/task ]; then
	echo "1..0 # SKIP no /proc/PID/task to count threads in"
	exit 0
fi
${CC:-cc} -std=c11 -O2 -D_XOPEN_SOURCE=700 -o "$TMP/gen" tests/bench/gen.c || exit 1
"$TMP/gen" "$TMP/book" "$N" >/dev/null

# most JOBS: builds the book with --jobs JOBS; prints the most threads seen
most() {
	"$BIN" build -C "$TMP/book" -o "$TMP/site" --jobs "$1" --quiet 2>"$TMP/stderr" &
	local pid=$! top=0 polls=0
	exec 9<> <(:)   # a pipe nothing is written to: read -t on it naps 1 ms
	while [ -d "/proc/$pid/task" ]; do
		set -- /proc/$pid/task/*
		[ -e "$1" ] && [ $# -gt "$top" ] && top=$#
		polls=$((polls + 1))
		read -r -t 0.001 -u 9
	done
	exec 9<&-
	wait "$pid"
	local rc=$?
	echo "$top $rc $polls"
}

for jobs in 1 2 4; do
	rm -rf "$TMP/site" "$TMP/book/.specbook-cache"
	for kind in full incremental; do
		if [ "$kind" = incremental ]; then
			f=$(ls "$TMP/book/content/"*.md | head -1)
			echo "Edited." >>"$f"
		fi
		read -r top rc polls < <(most "$jobs")
		limit=$((jobs + 2))
		if [ "$rc" -eq 0 ] && [ "$top" -le "$limit" ] && [ "$polls" -gt 0 ]; then
			pass=$((pass + 1))
			echo "ok - --jobs $jobs, $kind build of $N chapters: at most $top threads alive (limit $limit; $polls looks)"
		else
			fail=$((fail + 1))
			head -5 "$TMP/stderr"
			echo "not ok - --jobs $jobs, $kind build of $N chapters: at most $top threads alive (limit $limit; exit $rc; $polls looks)"
		fi
	done
done
echo "1..$((pass + fail))"
[ "$fail" -eq 0 ]
