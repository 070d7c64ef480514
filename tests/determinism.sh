#!/bin/bash
# tests/determinism.sh — rendering threads share nothing by accident (TAP).
#
# The book of tests/race-book.sh (64 chapters of compare blocks sorted
# alternately up and down) is built RACE_BUILDS times (6) with --jobs 16
# and no cache; every build must give the same bytes.  A sort direction
# kept in a file-scope variable gave 4 different sites in 6 builds.
#
# Then a book of tests/bench/gen.c (70 chapters: two search parts) is
# built and rebuilt under valgrind's memcheck, which fails on a branch
# taken on memory nobody wrote: such a branch (igzip's window size, left
# uninitialised by ISA-L 2.30, when the sections files were deflated
# with it) makes a build's bytes depend on what the heap held.
set -u
cd "$(dirname "$0")/.."
BIN=${BUILD:-build}/specbook
case $BIN in /*) ;; *) BIN=$PWD/$BIN ;; esac
N=${RACE_BUILDS:-6}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

tests/race-book.sh "$TMP/book" || { echo "Bail out! could not write the race book"; exit 1; }
differ=0
for i in $(seq 1 "$N"); do
	if ! ${WRAP:-} "$BIN" build -C "$TMP/book" -o "$TMP/site-$i" --jobs 16 --no-cache --quiet; then
		echo "not ok - build $i of the race book succeeds"
		exit 1
	fi
	if [ "$i" -gt 1 ] && ! diff -r "$TMP/site-1" "$TMP/site-$i" >"$TMP/diff"; then
		differ=$((differ + 1))
		echo "# build $i differs from build 1 in $(grep -c '^diff\|^Only' "$TMP/diff" || true) files, e.g.:"
		grep '^diff\|^Only' "$TMP/diff" | head -3 | sed 's/^/#   /'
	fi
done
if [ "$differ" -eq 0 ]; then
	echo "ok - $N builds of a 64-chapter book of compare blocks sorted both ways, --jobs 16, give identical bytes"
else
	echo "not ok - $N builds of a 64-chapter book of compare blocks sorted both ways, --jobs 16, give identical bytes ($differ differ from the first)"
fi

# memcheck: every byte a build decides on was written (valgrind, which
# the test set-up installs; WRAP's own checker, when given, stands instead)
case "${WRAP:-}:$BIN" in
?*:* | *asan*)
	echo "ok - # SKIP a build under memcheck: WRAP checks, or AddressSanitizer does"
	exit 0 ;;
esac
if ! command -v valgrind >/dev/null; then
	echo "not ok - a build under memcheck: valgrind is missing (tools/ensure-deps.sh test installs it)"
	exit 0
fi
${CC:-cc} -std=c11 -O2 -D_XOPEN_SOURCE=700 -o "$TMP/gen" tests/bench/gen.c || exit 1
"$TMP/gen" "$TMP/gen-book" 70 >/dev/null
cp specs/units.yaml "$TMP/gen-book/specs/"
memcheck() {   # NAME, build arguments...
	local name=$1
	shift
	if valgrind -q --error-exitcode=9 --exit-on-first-error=yes "$BIN" build --quiet "$@" \
		-C "$TMP/gen-book" -o "$TMP/gen-site" >"$TMP/memcheck" 2>&1; then
		echo "ok - $name under valgrind's memcheck: no uninitialised memory read"
	else
		echo "not ok - $name under valgrind's memcheck: no uninitialised memory read"
		grep -m6 'uninitialised\|Invalid\| at 0x\| by 0x' "$TMP/memcheck" | sed 's/^/# /'
	fi
}
memcheck "a 70-chapter book's full build"
sed -i '0,/^> Chapter /s//> Chapter newly /' "$(ls "$TMP"/gen-book/content/*.md | sed -n 3p)"
memcheck "its rebuild after one word"
