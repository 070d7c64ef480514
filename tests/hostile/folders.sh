#!/bin/bash
# folders.sh — books of folders built to hurt (TAP).
#
# Folders are sections (issue 23, part 1): the walk of content/ and the
# order from nav: must stay linear and bounded whatever the book says.
# A nav: that names one big folder again and again, folders nested
# deeper than any book's, and a thousand pages in a hundred folders.
set -u
cd "$(dirname "$0")/../.."
BIN=$PWD/${BUILD:-build}/specbook
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
. tests/hostile/lib.sh

# a book of N pages in F folders under content/
make_book() {   # dir pages folders
	local dir=$1 pages=$2 folders=$3
	mkdir -p "$dir/content"
	printf 'title: Folders\n' >"$dir/content/book.yaml"
	for f in $(seq 1 "$folders"); do
		mkdir -p "$dir/content/part$f"
		printf '# Part %s\n\nThe section.\n' "$f" >"$dir/content/part$f/README.md"
	done
	for p in $(seq 1 "$pages"); do
		f=$(( (p % folders) + 1 ))
		printf '# Page %s\n\nSee [its section](./) and [the next part](../part%s/README.md).\n' \
			"$p" "$(( (f % folders) + 1 ))" >"$dir/content/part$f/page$p.md"
	done
}

echo "# nav: naming one folder 20,000 times"
make_book "$TMP/nav" 1000 2
{ printf 'nav:\n'; for _ in $(seq 1 20000); do printf '  - part1/\n'; done; printf '  - part2\n'; } \
	>>"$TMP/nav/content/book.yaml"
start=$(date +%s)
timeout 60 "$BIN" check -C "$TMP/nav" --quiet >"$TMP/log" 2>&1
rc=$?
secs=$(( $(date +%s) - start ))
check "it is checked, without a warning, within a minute (${secs}s)" '[ $rc -eq 0 ] && [ ! -s "$TMP/log" ]' \
	"$(head -5 "$TMP/log")"

echo "# folders nested 20 deep"
deep="$TMP/deep/content"
mkdir -p "$deep"
printf 'title: Deep\n' >"$deep/book.yaml"
path=$deep
for d in $(seq 1 20); do
	path="$path/d$d"
	mkdir -p "$path"
	printf '# Level %s\n\nDeeper.\n' "$d" >"$path/README.md"
done
timeout 60 "$BIN" build -C "$TMP/deep" -o "$TMP/deep-site" >"$TMP/log" 2>&1
rc=$?
check "it builds" '[ $rc -eq 0 ]' "$(head -5 "$TMP/log")"
check "the folder past the limit is named in a warning" \
	'grep -q "content/d1/d2/d3/d4/d5/d6/d7/d8/d9/d10/d11/d12/d13/d14/d15/d16: warning: folder nested more than 16 deep" "$TMP/log"'
check "the pages above it are built where their paths say" \
	'[ -f "$TMP/deep-site/d1/d2/d3/d4/d5/d6/d7/d8/d9/d10/d11/d12/d13/d14/d15/index.html" ]'

echo "# a thousand pages in a hundred folders, and the same flat"
make_book "$TMP/nested" 1000 100
mkdir -p "$TMP/flat/content"
printf 'title: Flat\n' >"$TMP/flat/content/book.yaml"
for p in $(seq 1 1000); do
	printf "# Page %s\n\nSee [the next](%04d-page%s.md).\n" "$p" "$(( p % 1000 + 1 ))" "$(( p % 1000 + 1 ))" \
		>"$TMP/flat/content/$(printf %04d "$p")-page$p.md"
done
t0=$(date +%s%N)
"$BIN" build -C "$TMP/flat" -o "$TMP/flat-site" --quiet --no-cache 2>"$TMP/flat-log"
rc_flat=$?
t1=$(date +%s%N)
"$BIN" build -C "$TMP/nested" -o "$TMP/nested-site" --quiet --no-cache 2>"$TMP/log"
rc=$?
t2=$(date +%s%N)
flat_ms=$(( (t1 - t0) / 1000000 )) nested_ms=$(( (t2 - t1) / 1000000 ))
echo "# flat ${flat_ms} ms, nested ${nested_ms} ms"
check "both build" '[ $rc_flat -eq 0 ] && [ $rc -eq 0 ]' "$(head -5 "$TMP/flat-log" "$TMP/log")"
check "every page of the nested book is where its file is" \
	'[ "$(find "$TMP/nested-site" -path "*/part*/page*.html" | wc -l)" -eq 1000 ] && [ "$(find "$TMP/nested-site" -path "*/part*/index.html" | wc -l)" -eq 100 ]'
# a loose bound: a shared machine's timings vary; the walk, the tree and
# the links must not make the nested book cost more than twice the flat one
check "the nested book costs no more than twice the flat one" '[ "$nested_ms" -le $(( 2 * flat_ms + 500 )) ]'
