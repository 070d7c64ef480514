#!/bin/bash
# symlinked-folders.sh — a book's folder that is a symbolic link (TAP).
#
# A linked file of the book is refused ("symbolic link: not followed");
# a linked folder (content/, specs/, templates/, templates/assets/) is
# refused the same way, not followed to publish what lies outside.
set -u
cd "$(dirname "$0")/../.."
BIN=$PWD/${BUILD:-build}/specbook
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
. tests/lib.sh
. tests/hostile/lib.sh

# linked FOLDER: a fresh book whose FOLDER is moved outside it and linked
# back; builds it and checks the refusal
linked() {
	local folder=$1 book=$TMP/book-${1//\//-} outside=$TMP/outside-${1//\//-} site=$TMP/site-${1//\//-}
	fixture_copy tests/fixtures/basic "$book"
	mkdir -p "$book/templates/assets"
	echo 'secret' >"$book/templates/assets/secret.txt"
	# a section of content/ (a folder of pages) that does not exist yet
	if [ ! -e "$book/$folder" ]; then
		mkdir -p "$book/$folder"
		printf '# Secret\n\nsecret\n' >"$book/$folder/secret.md"
	fi
	mv "$book/$folder" "$outside"
	ln -s "$outside" "$book/$folder"
	"$BIN" build -C "$book" -o "$site" >"$TMP/log" 2>&1
	local rc=$?
	check "$folder/ as a link: the build fails" '[ $rc -eq 1 ]' "$(cat "$TMP/log")"
	check "$folder/ as a link: refused as a linked file is, at the folder" \
		'grep -q "^$folder: error: symbolic link: not followed (a book.s files must be inside the book)" "$TMP/log"' \
		"$(cat "$TMP/log")"
	check "$folder/ as a link: nothing is published" '[ ! -e "$site" ]'
	"$BIN" check -C "$book" >"$TMP/log" 2>&1
	rc=$?
	check "$folder/ as a link: check fails too" '[ $rc -eq 1 ]'
}
linked content
linked specs
linked templates
linked templates/assets
# folders of content/ are sections of the book: a linked one is refused too
linked content/part
linked content/part/deeper
