#!/bin/sh
# author-anchors.sh — a link from another page to an author's anchor lands
# without JavaScript (TAP; tests/browser/author-anchors.js in chromium).
#
# The book of tests/bad/link-anchor-github-script, its links that land on
# GitHub only: 02-a.md has <div id="ref4"> and <a name="Fig1"> far down the
# page, 03-b.md links to 02-a.md#ref4 and #Fig1.  Needs what
# tests/browser/run.sh installs: without it, says so and skips.
set -u
cd "$(dirname "$0")/.."
BIN=$PWD/${BUILD:-build}/specbook
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
. tests/hostile/lib.sh
if [ ! -d tests/browser/node_modules/playwright-core ] || [ ! -x "${CHROMIUM:-/usr/bin/chromium}" ]; then
	echo "ok - # SKIP no chromium or playwright-core (tests/browser/run.sh installs them)"
	exit 0
fi
book=$TMP/book
base_book "$book"
cp -r tests/bad/link-anchor-github-script/content/. "$book/content/"
sed -i '/^Not there/,$d' "$book/content/03-b.md"
# the anchors far down their page, so that landing on one scrolls
awk 'NR == 6 { for (i = 0; i < 80; i++) print "A paragraph before the anchors.\n" } { print }' \
	"$book/content/02-a.md" >"$TMP/a.md" && mv "$TMP/a.md" "$book/content/02-a.md"
for i in $(seq 80); do printf '\nA paragraph after the anchors.\n' >>"$book/content/02-a.md"; done
if ! "$BIN" build -C "$book" -o "$TMP/site" -q 2>"$TMP/err"; then
	echo "not ok - the book of author anchors builds"; cat "$TMP/err"
	exit 1
fi
exec node tests/browser/author-anchors.js "$TMP/site" 03-b.html
