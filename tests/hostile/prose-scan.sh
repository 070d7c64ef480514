#!/usr/bin/env bash
# prose-scan.sh — the scan of plain quantities stays linear in the text.
#
# Figures with units in prose are read, located in the source and held
# against the rows their sentence names (render/scan.c).  Three books a
# careless or hostile author could write: a paragraph of 40,000 sentences
# each naming a row and stating a figure; one sentence naming 300 rows and
# stating 20,000 figures (the rows one figure is held against are capped);
# 20,000 figures written with an entity (&#32;) that cannot be found in the
# source line as cmark gives them (their search stops at the first); a pipe
# table of 100,000 rows, each cell held against the column its header names
# (a bare number) or by its unit (under a header that names none); one of
# 20,000 rows of two spec tables in turn under a header 300 cells wide (the
# header is looked up once per spec table, not once per row).  Each
# is timed against one a tenth of its size: ten times the text may take at
# most thirty times as long, and each run ends within 60 seconds.
set -u
cd "$(dirname "$0")/../.."
BIN=$(cd "${BUILD:-build}" && pwd)/specbook
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
. tests/hostile/lib.sh

# book DIR — a book with a table of 300 rows, each with a memory column
book() {
	base_book "$1"
	{
		printf 'table: cards\ntitle: {en: Cards}\ncolumns:\n  memory: {en: Memory, unit: GB}\nrows:\n'
		for i in $(seq 1 300); do printf '  c%d: {name: Card %d, memory: %d}\n' "$i" "$i" "$i"; done
	} >"$1/specs/cards.yaml"
}

# chapter DIR KIND N — the hostile paragraph, N units of it
chapter() {
	{
		printf -- '---\nid: base\ntitle: {zh: 基础, en: Base}\n---\n\n'
		case $2 in
		sentences) awk -v n="$3" 'BEGIN { for (i = 0; i < n; i++) printf "Card 7 has 7 GB. "; print "" }' ;;
		names) awk -v n="$3" 'BEGIN { for (i = 1; i <= 300; i++) printf "Card %d, ", i;
				for (i = 0; i < n; i++) printf "%d GB, ", i % 300 + 1; print "end." }' ;;
		entities) awk -v n="$3" 'BEGIN { for (i = 0; i < n; i++) printf "Card 7 has 7&#32;GB and "; print "end." }' ;;
		table) awk -v n="$3" 'BEGIN { print "| Card | Memory (GB) | Size |"; print "| --- | ---: | ---: |";
				for (i = 0; i < n; i++) printf "| Card %d | %d | %d GB |\n", i % 300 + 1, i % 300 + 1, i % 300 + 1 }' ;;
		alternating)   # rows of two spec tables in turn, under a header 300 cells wide
			printf 'table: others\ntitle: {en: Others}\ncolumns:\n  memory: {en: Memory, unit: GB}\nrows:\n' >"$1/specs/others.yaml"
			for i in $(seq 1 300); do printf '  o%d: {name: Other %d, memory: %d}\n' "$i" "$i" "$i"; done >>"$1/specs/others.yaml"
			awk -v n="$3" 'BEGIN { h = "| Card | Memory (GB) |"; d = "| --- | --- |";
				for (j = 0; j < 298; j++) { h = h " Column number " j " of a wide header |"; d = d " --- |" }
				print h; print d;
				for (i = 0; i < n; i++) printf "| %s %d | %d |\n", i % 2 ? "Other" : "Card", i % 300 + 1, i % 300 + 1 }' ;;
		esac
	} >"$1/content/01-base.md"
}

# seconds DIR — the time a check of the book takes (-1: over 60 s)
seconds() {
	local t0 t1
	t0=$(date +%s.%N)
	timeout 60 "$BIN" check -C "$1" --quiet >/dev/null 2>&1
	[ $? -eq 124 ] && { echo -1; return; }
	t1=$(date +%s.%N)
	echo "$t0 $t1" | awk '{ printf "%.3f", $2 - $1 }'
}

for kind in sentences:40000 names:20000 entities:20000 table:100000 alternating:20000; do
	name=${kind%%:*} n=${kind#*:}
	book "$TMP/small-$name"; chapter "$TMP/small-$name" "$name" $((n / 10))
	book "$TMP/big-$name"; chapter "$TMP/big-$name" "$name" "$n"
	small=$(seconds "$TMP/small-$name")
	big=$(seconds "$TMP/big-$name")
	echo "# $name: $((n / 10)) in $small s, $n in $big s"
	check "$name: $n figures checked within 60 s" '[ "$big" != -1 ]'
	check "$name: ten times the text takes at most thirty times as long" \
		'awk -v s="$small" -v b="$big" "BEGIN { exit !(b <= 30 * (s < 0.05 ? 0.05 : s)) }"'
done
