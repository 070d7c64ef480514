#!/bin/bash
# same-headings.sh — the ids of many headings cost linear time (TAP;
# issue 34, part 3).
#
# Each heading's id and GitHub alias was found by comparing every
# candidate suffix with every id taken so far: 2,000 copies of one
# heading took 18 s (cubic), 20,000 distinct ones 3 s.  The ids are now
# hashed, with a counter of the next suffix per slug.  The CPU time at 4
# times the headings must stay under 6 times the time at 1x, and the ids
# stay what they were (foo, foo-2, … and the aliases foo-1, …).
set -u
cd "$(dirname "$0")/../.."
BIN=$(cd "${BUILD:-build}" && pwd)/specbook
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
. tests/hostile/lib.sh

book=$TMP/book
base_book "$book"
cp "$book/content/01-base.md" "$TMP/chapter"
run() { timeout 120 "$BIN" build -C "$book" -o "$TMP/out" -q; }
same() { { cat "$TMP/chapter"; for _ in $(seq "$1"); do printf '\n## Same title\n'; done; } >"$book/content/01-base.md"; }
distinct() { { cat "$TMP/chapter"; seq "$1" | sed 's/^/\n## Title number /'; } >"$book/content/01-base.md"; }

same 500; t1=$(cpu_seconds run)
same 2000; t4=$(cpu_seconds run)
linear "500 then 2,000 headings of one title" "$t1" "$t4"
check "their ids and GitHub's aliases are what they were" \
	'grep -q "<h2 id=\"same-title-2000\"" "$TMP/out/01-base.html" &&
	 grep -q "id=\"same-title-1\"" "$TMP/out/01-base.html" &&
	 [ "$(grep -o "id=\"same-title[-0-9]*\"" "$TMP/out/01-base.html" | sort -u | wc -l)" -eq 2001 ]'

distinct 10000; t1=$(cpu_seconds run)
distinct 40000; t4=$(cpu_seconds run)
linear "10,000 then 40,000 distinct headings" "$t1" "$t4"
