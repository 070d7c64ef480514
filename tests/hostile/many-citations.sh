#!/bin/bash
# many-citations.sh — citations cost time linear in their number (TAP;
# issue 34, part 9).
#
# Each citation looked its source up through every source of
# specs/sources.yaml, then through every source the page had cited, and
# read the rest of its line for a '<' that was not there: 20,000 sources
# cited once each took 4.6 s.  Sources are now hashed (numbers_source()),
# each page keeps a map from source to number, and the line is read
# once.  The CPU time at 4 times the citations must stay under 6 times
# the time at 1x; the numbers are still given in the order first cited.
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
# cites N — N sources, each cited once on one line, the first again at its end
cites() {
	seq "$1" | awk '{ printf "s%d:\n  title: Source %d\n  url: https://example.com/%d\n  date: 2024-01\n", $1, $1, $1 }' \
		>"$book/specs/sources.yaml"
	{ cat "$TMP/chapter"; echo; seq "$1" | awk '{ printf "[c](src:s%d) ", $1 } END { print "[again](src:s1)" }'; } \
		>"$book/content/01-base.md"
}

cites 10000; t1=$(cpu_seconds run)
cites 40000; t4=$(cpu_seconds run)
linear "10,000 then 40,000 sources cited once each" "$t1" "$t4"
check "numbered in the order first cited, a source cited again keeps its number" \
	'grep -q "href=\"#src-40000\" id=\"cite-40000\" title=\"Source 40000\">\[40000\]<" "$TMP/out/01-base.html" &&
	 [ "$(grep -o "href=\"#src-1\"[^>]*>\[1\]<" "$TMP/out/01-base.html" | wc -l)" -eq 2 ]'
