#!/bin/bash
# cache-link.sh — a book that brings a link where its cache goes (TAP).
#
# .specbook-cache is the book's own folder: a build writes its records
# there and removes the packs of older builds.  A book from a stranger may
# hold a symbolic link (or a file) by that name; a build must then neither
# write through it nor remove anything where it points, and say so.
set -u
cd "$(dirname "$0")/../.."
BIN=$PWD/${BUILD:-build}/specbook
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
. tests/hostile/lib.sh

tree_sum() { (cd "$1" && find . | sort && find . -type f -exec md5sum {} + | sort) | md5sum; }
book=$TMP/book
mkdir -p "$book" && cp -R content specs templates "$book/"
"$BIN" build -C "$book" -q || { echo "Bail out! the book does not build"; exit 1; }

# someone's folder, with files named as the cache names its own
mkdir -p "$TMP/theirs"
echo "keep me" >"$TMP/theirs/pack-1" && echo "me too" >"$TMP/theirs/search-7" && echo x >"$TMP/theirs/chapters"
want=$(tree_sum "$TMP/theirs")
rm -rf "$book/.specbook-cache" && ln -s "$TMP/theirs" "$book/.specbook-cache"
"$BIN" build -C "$book" >"$TMP/log" 2>&1
rc=$?
check "a build beside a linked cache succeeds" '[ $rc -eq 0 ]' "$(tail -3 "$TMP/log")"
check "it warns at the link and says what to do" \
	'grep -q "\.specbook-cache: warning: a symbolic link, not a folder" "$TMP/log" && grep -q "hint: remove it" "$TMP/log"'
check "nothing is written into or removed from the folder the link points to" \
	'[ "$(tree_sum "$TMP/theirs")" = "$want" ]'
check "the link stays a link" '[ -L "$book/.specbook-cache" ]'
"$BIN" build -C "$book" --werror -q >"$TMP/log" 2>&1
check "under --werror the linked cache fails the build" '[ $? -ne 0 ]'

rm "$book/.specbook-cache" && echo "not a folder" >"$book/.specbook-cache"
"$BIN" build -C "$book" >"$TMP/log" 2>&1
check "a file in the cache's place: the build succeeds, warns, leaves the file" \
	'[ $? -eq 0 ] && grep -q "a file, not a folder" "$TMP/log" && [ "$(cat "$book/.specbook-cache")" = "not a folder" ]'

rm "$book/.specbook-cache"
"$BIN" build -C "$book" -q
check "once it is removed, the next build makes the cache folder again" \
	'[ -d "$book/.specbook-cache" ] && [ ! -L "$book/.specbook-cache" ] && [ -f "$book/.specbook-cache/chapters" ]'

# a record of the cache that is a link: read, it would be followed out of
# the book (here to a FIFO, where a read waits for a writer forever)
mkfifo "$TMP/fifo"
rm "$book/.specbook-cache/chapters" && ln -s "$TMP/fifo" "$book/.specbook-cache/chapters"
timeout 60 "$BIN" build -C "$book" -q >"$TMP/log" 2>&1
rc=$?
check "a record that links to a FIFO outside the book is not followed: the build ends" \
	'[ $rc -eq 0 ]' "rc $rc: $(tail -3 "$TMP/log")"
check "what it pointed to is left as it was" '[ -p "$TMP/fifo" ]'
check "the record is made again as a file of the cache" \
	'[ -f "$book/.specbook-cache/chapters" ] && [ ! -L "$book/.specbook-cache/chapters" ]'
