#!/bin/bash
# tests/tsan.sh — the rendering threads under ThreadSanitizer (TAP);
# `make test-tsan` builds $BUILD/specbook with -fsanitize=thread and runs it.
#
# Two books, each built with --jobs 4 in full and then incrementally (eight
# chapters edited, the rest from the cache): a synthetic book of
# TSAN_CHAPTERS chapters (300; tests/bench/gen.c: spans, claims, links,
# auto-links, a compare block per chapter or so) and the race book
# (tests/race-book.sh: compare blocks sorted both ways).  Any report of
# ThreadSanitizer fails the case: halt_on_error stops the build at the
# first one with exit status 66, and its stderr is searched besides.
set -u
cd "$(dirname "$0")/.."
BIN=${BUILD:-build/tsan}/specbook
case $BIN in /*) ;; *) BIN=$PWD/$BIN ;; esac
N=${TSAN_CHAPTERS:-300}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
pass=0 fail=0
export TSAN_OPTIONS="halt_on_error=1 exitcode=66 ${TSAN_OPTIONS:-}"

if ! nm "$BIN" 2>/dev/null | grep -q __tsan_init; then
	echo "Bail out! $BIN is not built with -fsanitize=thread (make test-tsan)"
	exit 1
fi
${CC:-cc} -std=c11 -O2 -D_XOPEN_SOURCE=700 -o "$TMP/gen" tests/bench/gen.c || exit 1
"$TMP/gen" "$TMP/bench" "$N" >/dev/null
cp specs/units.yaml "$TMP/bench/specs/"
cp -R templates "$TMP/bench/"
tests/race-book.sh "$TMP/race" || exit 1

# build NAME BOOK: one build of BOOK into BOOK/site, with its cache
build() {
	local rc=0
	"$BIN" build -C "$2" -o "$2/site" --jobs 4 --quiet 2>"$TMP/stderr" || rc=$?
	if [ "$rc" -eq 0 ] && ! grep -q 'ThreadSanitizer' "$TMP/stderr"; then
		pass=$((pass + 1))
		echo "ok - $1: no ThreadSanitizer report"
	else
		fail=$((fail + 1))
		echo "not ok - $1: no ThreadSanitizer report (exit $rc)"
		grep -m1 -A12 'WARNING: ThreadSanitizer\|ERROR: ThreadSanitizer\|FATAL: ThreadSanitizer' "$TMP/stderr" |
			sed 's/^/# /'
		[ "$rc" -ne 0 ] && ! grep -q ThreadSanitizer "$TMP/stderr" && sed 's/^/# /' "$TMP/stderr" | head -5
	fi
}
# edit BOOK: adds a paragraph to chapters 5 to 12 of BOOK, so that the
# incremental build renders eight of them again, on its four threads
edit() {
	local f
	for f in $(ls "$1"/content/*.md | sed -n 5,12p); do
		printf '\nOne more paragraph, so that this chapter renders again.\n' >>"$f"
	done
}

build "$N-chapter book, full build" "$TMP/bench"
edit "$TMP/bench"
build "$N-chapter book, incremental build" "$TMP/bench"
build "race book, full build" "$TMP/race"
edit "$TMP/race"
build "race book, incremental build" "$TMP/race"
echo "# tsan: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
