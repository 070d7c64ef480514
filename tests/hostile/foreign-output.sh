#!/bin/bash
# foreign-output.sh — -o at a folder this tool did not write (TAP).
#
# A build replaces its output whole: it must recognise a site it wrote
# (the .specbook-site marker, or the pages of a site of a version before
# the marker) and refuse any other non-empty folder, leaving it as it was.
set -u
cd "$(dirname "$0")/../.."
BIN=$PWD/${BUILD:-build}/specbook
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
. tests/lib.sh
. tests/hostile/lib.sh
tree_sum() { (cd "$1" && find . | sort && find . -type f -exec md5sum {} + | sort) | md5sum; }

book=$TMP/book
fixture_copy tests/fixtures/basic "$book"

echo "# a web root with an index.html and other files"
www=$TMP/public_html
mkdir -p "$www/photos"
echo '<h1>my home page</h1>' >"$www/index.html"
echo 'a photo' >"$www/photos/cat.jpg"
echo 'notes' >"$www/notes.txt"
want=$(tree_sum "$www")
"$BIN" build -C "$book" -o "$www" >"$TMP/log" 2>&1
rc=$?
check "the build is refused" '[ $rc -ne 0 ]'
check "it says why, at the folder" \
	'grep -q "^$www: error: .* does not look like a site this tool wrote" "$TMP/log"' "$(cat "$TMP/log")"
check "every file is left as it was" '[ "$(tree_sum "$www")" = "$want" ]'
check "nothing is left beside it" '[ -z "$(ls -A "$TMP" | grep "^\.public_html")" ]'

echo "# a folder of dot files only"
mkdir -p "$TMP/repo/.git"
echo 'ref: refs/heads/main' >"$TMP/repo/.git/HEAD"
"$BIN" build -C "$book" -o "$TMP/repo" >"$TMP/log" 2>&1
rc=$?
check "a folder holding only dot files is not taken for empty" \
	'[ $rc -ne 0 ] && [ -f "$TMP/repo/.git/HEAD" ] && [ ! -e "$TMP/repo/index.html" ]' "$(cat "$TMP/log")"

echo "# sites this tool wrote"
"$BIN" build -C "$book" -o "$TMP/site" -q
check "a site holds the marker" '[ -f "$TMP/site/.specbook-site" ]'
echo stale >"$TMP/site/stale.html"
"$BIN" build -C "$book" -o "$TMP/site" -q
check "a marked site is replaced" '[ $? -eq 0 ] && [ ! -e "$TMP/site/stale.html" ]'
# a site of the version before the marker: its pages, no marker
rm "$TMP/site/.specbook-site"
echo stale >"$TMP/site/stale.html"
"$BIN" build -C "$book" -o "$TMP/site" >"$TMP/log" 2>&1
check "a site written before the marker is replaced" \
	'[ $? -eq 0 ] && [ ! -e "$TMP/site/stale.html" ]' "$(cat "$TMP/log")"
check "and marked" '[ -f "$TMP/site/.specbook-site" ]'
mkdir "$TMP/empty"
"$BIN" build -C "$book" -o "$TMP/empty" -q
check "an empty folder is written" '[ $? -eq 0 ] && [ -f "$TMP/empty/index.html" ]'

echo "# an empty -o"
mkdir "$TMP/cwd"
(cd "$TMP/cwd" && "$BIN" build -C "$book" -o '' >"$TMP/log" 2>&1)
rc=$?
check "-o '' is a usage error" '[ $rc -eq 2 ]'
check "it says -o is empty" 'grep -q "^specbook build: -o wants the output directory, not an empty name" "$TMP/log"' \
	"$(cat "$TMP/log")"
check "nothing is written" '[ -z "$(ls -A "$TMP/cwd")" ] && [ ! -e "$book/site" ]'
