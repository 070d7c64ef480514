#!/bin/bash
# github-links.sh — links that GitHub's page script lands, landed (TAP).
#
# GitHub keeps an author's <div id="ref4"> and <a name="x"> as
# user-content-ref4, user-content-x, and its page script takes #ref4 there,
# and takes #SmolVLM2-Notes to the heading smolvlm2-notes (the fragment
# lower-cased).  specbook points a link to the page's own anchor at the id
# it lands on, and accepts a link from another page to either, which keeps
# its fragment for site.js to land as GitHub's script does.  The
# diagnostics of the same book with three links broken on GitHub too are
# tests/bad/link-anchor-github-script.  A link to a folder of files with no
# README (code/), which GitHub lists, is a warning: the site has its files
# but no page for the folder.
set -u
cd "$(dirname "$0")/.."
BIN=$PWD/${BUILD:-build}/specbook
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
. tests/hostile/lib.sh
. tests/lib.sh

book=$TMP/book
base_book "$book"
cp -r tests/bad/link-anchor-github-script/content/. "$book/content/"
# the three links GitHub does not land either go
sed -i '/^Not there/,$d' "$book/content/03-b.md"
mkdir -p "$book/content/code"
echo 'print("train")' >"$book/content/code/train.py"
printf '\nThe code is in [its folder](code/) and [its script](code/train.py).\n' >>"$book/content/03-b.md"
# links from the repository's root, as GitHub reads them: /sub/page.md, /sub/
mkdir -p "$book/content/sub"
printf '# Sub\n\nThe folder.\n' >"$book/content/sub/README.md"
printf '# A page\n\nBelow sub/.\n' >"$book/content/sub/page.md"
printf '\nFrom the root: [a page](/sub/page.md "its title"), [the folder](/sub/), [the code](/code/train.py).\n' \
	>>"$book/content/03-b.md"
"$BIN" build -C "$book" -o "$TMP/site" >"$TMP/log" 2>&1
rc=$?
check "a book of such links builds with no error" '[ $rc -eq 0 ] && ! grep -q "error:" "$TMP/log"' \
	"$(cat "$TMP/log")"
a=$TMP/site/02-a.html b=$TMP/site/03-b.html
check "a link to a folder of files GitHub lists is a warning that says what to do" \
	'grep -q "03-b.md:8:29: warning: link to the folder .code., which has no page in the site" "$TMP/log" &&
	 [ -f "$TMP/site/code/train.py" ]' "$(cat "$TMP/log")"
check "a link from the repository's root (/sub/page.md, /sub/) lands on the page, as on GitHub" \
	'grep -q "href=\"sub/page.html\" title=\"its title\">a page" "$b" && grep -q "href=\"sub/index.html\">the folder" "$b" &&
	 grep -q "href=\"code/train.py\">the code" "$b"' "$(grep -o '<a href="[^"]*"[^>]*>[^<]*' "$b")"
check "the page's own links point at the ids they land on" \
	'grep -q "href=\"#smolvlm2-notes\">notes" "$a" && grep -q "href=\"#user-content-ref4\">4" "$a" &&
	 grep -q "href=\"#user-content-Fig1\">figure" "$a"' "$(grep -o 'href="#[^"]*"' "$a")"
check "the author's anchors are there, prefixed" \
	'grep -q "id=\"user-content-ref4\"" "$a" && grep -q "id=\"user-content-Fig1\"" "$a"'
check "a link from another page keeps its fragment, for site.js" \
	'grep -q "href=\"02-a.html#ref4\"" "$b" && grep -q "href=\"02-a.html#SmolVLM2-Notes\"" "$b"' \
	"$(grep -o 'href="02-a[^"]*"' "$b")"
check "an author's anchor lands a link from another page without JavaScript too: <a name>" \
	'grep -q "<div id=\"user-content-ref4\"><a name=\"ref4\"></a>" "$a" &&
	 grep -q "<a id=\"user-content-Fig1\" name=\"Fig1\">" "$a"' "$(grep -o "<[^>]*user-content[^>]*>[^<]*<[^>]*>" "$a")"
check "site.js lands such a fragment as GitHub's script does" \
	'grep -q "\"user-content-\" + h, low, \"user-content-\" + low" "$TMP/site/assets/site.js"'
