#!/usr/bin/env bash
# prose-scan-per.sh — figures written per something (`7 GB/GPU`) are scanned
# in linear time.
#
# After a figure's unit, a slash and what it is per (units.yaml's `per:`
# words of the scope kinds) are read as part of it.  Two paragraphs a
# careless or hostile author could write: 40,000 sentences each naming a
# row and stating a per-GPU figure; 20,000 figures followed by a slash and
# a word that is no `per:` word but starts like one (`7 GB/GPUs`), which
# must be read past, not matched again and again.  Each is timed against
# one a tenth of its size: ten times the text may take at most thirty
# times as long, and each run ends within 60 seconds.  A figure per GPU
# that its row contradicts must still fail, at its column.
set -u
cd "$(dirname "$0")/../.."
BIN=$(cd "${BUILD:-build}" && pwd)/specbook
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
. tests/hostile/lib.sh

# book DIR KIND N — a book with one row, and the hostile paragraph, N units of it
book() {
	base_book "$1"
	printf 'table: cards\ntitle: {en: Cards}\ncolumns:\n  memory: {en: Memory, unit: GB, kind: per-gpu}\nrows:\n  c7: {name: Card 7, memory: 7}\n' \
		>"$1/specs/cards.yaml"
	{
		printf -- '---\nid: base\ntitle: {zh: 基础, en: Base}\n---\n\n'
		case $2 in
		per) awk -v n="$3" 'BEGIN { for (i = 0; i < n; i++) printf "Card 7 has 7 GB/GPU. "; print "" }' ;;
		near) awk -v n="$3" 'BEGIN { printf "Card 7, "; for (i = 0; i < n; i++) printf "7 GB/GPUs, "; print "end." }' ;;
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

for kind in per:40000 near:20000; do
	name=${kind%%:*} n=${kind#*:}
	book "$TMP/small-$name" "$name" $((n / 10))
	book "$TMP/big-$name" "$name" "$n"
	small=$(seconds "$TMP/small-$name")
	big=$(seconds "$TMP/big-$name")
	echo "# $name: $((n / 10)) in $small s, $n in $big s"
	check "$name: $n figures checked within 60 s" '[ "$big" != -1 ]'
	check "$name: ten times the text takes at most thirty times as long" \
		'awk -v s="$small" -v b="$big" "BEGIN { exit !(b <= 30 * (s < 0.05 ? 0.05 : s)) }"'
done

book "$TMP/wrong" per 2000
printf '\nCard 7 has 8 GB/GPU.\n' >>"$TMP/wrong/content/01-base.md"
timeout 60 "$BIN" check -C "$TMP/wrong" --quiet 2>"$TMP/err"
check "a per-GPU figure its row contradicts fails, at its column" \
	"grep -q \"^content/01-base.md:8:12: error: '8 GB/GPU' contradicts the spec row\" \"\$TMP/err\"" \
	"$(head -3 "$TMP/err")"
