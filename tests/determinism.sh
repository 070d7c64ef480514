#!/bin/bash
# tests/determinism.sh — rendering threads share nothing by accident (TAP).
#
# The book of tests/race-book.sh (64 chapters of compare blocks sorted
# alternately up and down) is built RACE_BUILDS times (6) with --jobs 16
# and no cache; every build must give the same bytes.  A sort direction
# kept in a file-scope variable gave 4 different sites in 6 builds.
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
