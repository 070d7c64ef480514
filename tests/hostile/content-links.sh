#!/bin/bash
# content-links.sh — files beside the chapters that point out of the book
# (TAP).
#
# The files of content/ are copied into the site (issue 16, part 5).  A
# book from a stranger's pull request may hold a link there to a file of
# the machine that builds it (~/.ssh/id_rsa, /etc/shadow) or to a folder
# of them, with an image that names it: the build refuses the link at its
# place, copies nothing it points to, and leaves the last good site as it
# was.  A FIFO named like an image is skipped, not read (a read would
# hang the build).
set -u
cd "$(dirname "$0")/../.."
BIN=$PWD/${BUILD:-build}/specbook
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
. tests/hostile/lib.sh
. tests/lib.sh

book=$TMP/book site=$TMP/site
fixture_copy tests/fixtures/basic "$book"
mkdir -p "$TMP/outside/keys"
echo "the secret bytes of the builder" >"$TMP/outside/secret.txt"
echo "another secret" >"$TMP/outside/keys/id_rsa"
"$BIN" build -C "$book" -o "$site" -q || { echo "Bail out! the fixture does not build"; exit 1; }
tree_sum() { (cd "$1" && find . | sort && find . -type f -exec md5sum {} + | sort) | md5sum; }
before=$(tree_sum "$site")

echo "# a linked image and a linked folder in content/"
ln -s "$TMP/outside/secret.txt" "$book/content/diagram.png"
ln -s "$TMP/outside/keys" "$book/content/keys"
printf '\n![A diagram](diagram.png) and [a key](keys/id_rsa).\n' >>"$book/content/02-more.md"
"$BIN" build -C "$book" -o "$site" >"$TMP/log" 2>&1
rc=$?
check "the build fails" '[ $rc -eq 1 ]' "$(head -5 "$TMP/log")"
check "the linked image is refused at its place" \
	'grep -qx "content/diagram.png: error: symbolic link: not followed (a book'"'"'s files must be inside the book)" "$TMP/log"'
check "the linked folder is refused at its place" \
	'grep -qx "content/keys: error: symbolic link: not followed (a book'"'"'s files must be inside the book)" "$TMP/log"'
check "the image that names it is a broken link at its line and column (a warning: links: warn)" \
	'grep -q "^content/02-more.md:[0-9]*:[0-9]*: warning: broken link: no file '"'"'diagram.png'"'"' in the site" "$TMP/log"'
check "the last good site is untouched" '[ "$(tree_sum "$site")" = "$before" ]'
check "no secret is in it, nor in any folder the build left" \
	'! grep -rqsE "the secret bytes of the builder|another secret" "$site" "$TMP"/.site.* 2>/dev/null'
check "no temporary folder is left" '! ls -a "$TMP" | grep -q "^\.site\."'

echo "# a check alone refuses them too"
"$BIN" check -C "$book" -q >"$TMP/log" 2>&1
check "check fails on the linked image" '[ $? -eq 1 ] && grep -q "content/diagram.png: error: symbolic link" "$TMP/log"'

echo "# a FIFO named like an image"
rm "$book/content/diagram.png" "$book/content/keys"
sed -i '$d' "$book/content/02-more.md"
mkfifo "$book/content/stream.png"
timeout 30 "$BIN" build -C "$book" -o "$site" >"$TMP/log" 2>&1
rc=$?
check "the build does not hang on it, and succeeds" '[ $rc -eq 0 ]' "$(head -5 "$TMP/log")"
check "it is named in a warning and not copied" \
	'grep -qx "content/stream.png: warning: not a regular file: not copied into the site" "$TMP/log" && [ ! -e "$site/stream.png" ]'
