#!/bin/bash
# symlinks.sh — links in the output and the output as a link (TAP).
#
# A book over 200 chapters is updated in place by a rebuild: a link in
# its site must not lead the removal of stale files (or the moving in of
# new ones) into the folder it points to.  A site/ that is itself a link
# is refused by full and incremental builds alike.
set -u
cd "$(dirname "$0")/../.."
BIN=$PWD/${BUILD:-build}/specbook
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
. tests/hostile/lib.sh

${CC:-cc} -std=c11 -O2 -D_XOPEN_SOURCE=700 -o "$TMP/gen" tests/bench/gen.c || exit 1
book=$TMP/book site=$TMP/book/site
"$TMP/gen" "$book" 210 >/dev/null
cp specs/units.yaml "$book/specs/"
cp -R templates "$book/"
"$BIN" build -C "$book" -q || { echo "Bail out! the book does not build"; exit 1; }

# precious DIR: a folder of someone's files; tree_sum DIR: its names and bytes
precious() { mkdir -p "$1/album" && echo "a photo" >"$1/photo.jpg" && echo b >"$1/album/b.jpg"; }
tree_sum() { (cd "$1" && find . | sort && find . -type f -exec md5sum {} + | sort) | md5sum; }
# edit N: changes chapter N, so that the rebuild renders it and updates the site in place
edit() { sed -i "0,/^> Chapter /s//> Chapter $RANDOM /" "$(ls "$book"/content/*.md | sed -n "${1}p")"; }
same_as_full() {
	rm -rf "$TMP/full"
	"$BIN" build -C "$book" -o "$TMP/full" --no-cache -q && diff -r "$site" "$TMP/full" >/dev/null
}

echo "# a link inside site/ to a folder of precious files"
precious "$TMP/photos"
want=$(tree_sum "$TMP/photos")
ln -s "$TMP/photos" "$site/extra"
edit 150
"$BIN" build -C "$book" >"$TMP/log" 2>&1
check "a rebuild beside a link in the site succeeds" '[ $? -eq 0 ]' "$(tail -3 "$TMP/log")"
check "the folder the link points to keeps every file" '[ "$(tree_sum "$TMP/photos")" = "$want" ]'
check "the link is dropped, as a full build drops it" '[ ! -L "$site/extra" ]'
check "the site is the same as a full build's" same_as_full

echo "# a link where the site has a folder"
"$BIN" build -C "$book" -q
mv "$site/assets/search" "$TMP/search"
echo "not the site's" >"$TMP/search/notes.txt"
ln -s "$TMP/search" "$site/assets/search"
want=$(tree_sum "$TMP/search")
edit 20
"$BIN" build -C "$book" >"$TMP/log" 2>&1
check "a rebuild with a linked site folder succeeds" '[ $? -eq 0 ]' "$(tail -3 "$TMP/log")"
check "nothing is written into or removed from the linked folder" \
	'[ "$(tree_sum "$TMP/search")" = "$want" ]'
check "the site's folder is a folder again" '[ -d "$site/assets/search" ] && [ ! -L "$site/assets/search" ]'
check "the site is the same as a full build's" same_as_full

echo "# site/ itself a link to a folder with other files"
mv "$site" "$TMP/www"
precious "$TMP/www/photos"
ln -s "$TMP/www" "$site"
want=$(tree_sum "$TMP/www")
edit 30
"$BIN" build -C "$book" >"$TMP/log" 2>&1
rc=$?
check "an incremental build to a linked site/ fails" '[ $rc -ne 0 ]'
check "it says the output is a link and what to pass instead" \
	'grep -q "site: error: the output is a symbolic link to .*www.*-o " "$TMP/log"' "$(cat "$TMP/log")"
"$BIN" build -C "$book" --no-cache >"$TMP/log" 2>&1
rc=$?
check "a full build to a linked site/ fails the same way" \
	'[ $rc -ne 0 ] && grep -q "the output is a symbolic link" "$TMP/log"' "$(cat "$TMP/log")"
check "the folder the link points to is untouched" '[ "$(tree_sum "$TMP/www")" = "$want" ]'
check "the link is left as it was" '[ -L "$site" ] && [ "$(readlink "$site")" = "$TMP/www" ]'
ln -s "$TMP/nowhere" "$TMP/dangling"
"$BIN" build -C "$book" -o "$TMP/dangling" >"$TMP/log" 2>&1
rc=$?
check "a link that leads nowhere as the output is refused" \
	'[ $rc -ne 0 ] && grep -q "symbolic link that leads nowhere" "$TMP/log" && [ ! -e "$TMP/nowhere" ]' \
	"$(cat "$TMP/log")"
