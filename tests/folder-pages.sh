#!/bin/bash
# folder-pages.sh — a folder with both README.md and index.md (TAP).
#
# GitHub shows both files, and its folder view renders the README.  So
# the README is the folder's page (sub/index.html; at the top of the
# book readme.html, as always) and the index.md a page of its own,
# index-md.html beside it; links to either land, and the sidebar nests
# the folder's pages, the index among them, under the README.  (Until
# this test, the second was an error that built nothing: d2l-zh's root.)
set -u
cd "$(dirname "$0")/.."
BIN=$PWD/${BUILD:-build}/specbook
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
. tests/hostile/lib.sh
. tests/lib.sh

book=$TMP/book
mkdir -p "$book/content/sub"
printf 'title: Two pages\n' >"$book/content/book.yaml"
printf '# Root readme\n\nSee [the index](index.md), [sub](sub/README.md) and [its index](sub/index.md).\n' \
	>"$book/content/README.md"
printf '# Root index\n\nBack to [the readme](README.md).\n' >"$book/content/index.md"
printf '# Sub readme\n\nSee [the index](index.md).\n' >"$book/content/sub/README.md"
printf '# Sub index\n\nBack to [the readme](README.md).\n' >"$book/content/sub/index.md"
printf '# A page\n\nIn sub.\n' >"$book/content/sub/page.md"
"$BIN" build -C "$book" -o "$TMP/site" >"$TMP/log" 2>&1
rc=$?
check "README.md beside index.md builds, no error or warning" \
	'[ $rc -eq 0 ] && ! grep -q "error:\|warning:" "$TMP/log"' "$(head -5 "$TMP/log")"
check "the READMEs are the folders' pages, each index.md a page of its own" \
	'grep -q "Root readme" "$TMP/site/readme.html" && grep -q "Root index" "$TMP/site/index-md.html" &&
	 grep -q "Sub readme" "$TMP/site/sub/index.html" && grep -q "Sub index" "$TMP/site/sub/index-md.html"'
check "links to each land on its page" \
	'grep -q "<a href=\"index-md.html\">the index</a>" "$TMP/site/readme.html" &&
	 grep -q "<a href=\"sub/index-md.html\">its index</a>" "$TMP/site/readme.html" &&
	 grep -q "<a href=\"../sub/index-md.html\">the index</a>" "$TMP/site/sub/index.html" &&
	 grep -q "<a href=\"../sub/index.html\">the readme</a>" "$TMP/site/sub/index-md.html"' \
	"$(grep -ho "<a href=[^>]*>the [a-z]*</a>\|<a href=[^>]*>its index</a>" "$TMP/site/readme.html" "$TMP/site/sub/index.html" "$TMP/site/sub/index-md.html")"
check "the sidebar nests the folder's pages, its index.md among them, under its README" \
	'grep -q "<a href=\"../sub/index.html\">Sub readme</a><ol class=\"nav-section\"><li><a href=\"../sub/index-md.html\">Sub index</a></li><li><a href=\"../sub/page.html\"" "$TMP/site/sub/page.html"'
