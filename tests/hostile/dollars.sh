#!/usr/bin/env bash
# dollars.sh — formulas ($…$) cost time linear in the line.
#
# Whether a '$' opens a formula is found by looking along its line for the
# closing one; a line of 300,000 dollar signs that close nothing ("$a $a
# …": a '$' after a space never closes) looked along the rest of the line
# from each of them, 10^11 steps.  Now each line is looked along once.
# Also: a million '$' in a row (display formulas of one '$' each, which
# KaTeX will refuse in the browser: their source shows), and a line of
# many small formulas, all built in seconds.
set -u
cd "$(dirname "$0")/../.."
BIN=$(cd "${BUILD:-build}" && pwd)/specbook
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
. tests/hostile/lib.sh

book="$TMP/book"
base_book "$book"

# run NAME EXPECTED-STATUS CHAPTER-BODY-FILE GREP — one TAP line
run() {
	{ printf -- '---\nid: d\ntitle: {zh: 美元, en: Dollars}\n---\n\n'; cat "$3"; } >"$book/content/02-dollars.md"
	local t0 t1 rc
	t0=$(date +%s%N)
	timeout 20 "$BIN" check -C "$book" --quiet 2>"$TMP/err"; rc=$?
	t1=$(date +%s%N)
	local ms=$(((t1 - t0) / 1000000))
	if [ "$rc" -eq "$2" ] && [ "$ms" -lt 5000 ] && { [ -z "$4" ] || grep -q -- "$4" "$TMP/err"; }; then
		echo "ok - $1 (${ms} ms)"
	else
		echo "# exit $rc after ${ms} ms"; head -5 "$TMP/err"; echo "not ok - $1"
	fi
}

for i in $(seq 1 300000); do printf '$a '; done >"$TMP/spaced"
printf '\n' >>"$TMP/spaced"
run "300,000 dollar signs that close nothing on one line: prose, in linear time" 0 "$TMP/spaced" ""

head -c 1000000 /dev/zero | tr '\0' '$' >"$TMP/run"
printf '\n' >>"$TMP/run"
run "a million dollar signs in a row, in linear time" 0 "$TMP/run" ""

for i in $(seq 1 100000); do printf '$x_%d$ ' "$i"; done >"$TMP/many"
printf '\n' >>"$TMP/many"
run "100,000 formulas on one line, in linear time" 0 "$TMP/many" ""
