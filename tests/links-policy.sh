#!/bin/bash
# links-policy.sh — book.yaml's links: key (TAP).
#
# A link or image whose file, page or anchor the book does not have is
# broken on GitHub too.  By default (links: warn, and a book with no
# book.yaml) it is a warning and the site is written, as Sphinx, mdBook and
# Docusaurus's onBrokenMarkdownLinks do: a book copied from a repository
# builds as it is.  links: error makes it an error again (the starter book
# and this repository's books say so), and --werror fails on the warning.
# A broken link written in the template stays an error: the template is
# the site's own code, on every page, and GitHub never shows it.  The
# diagnostics themselves are tests/bad/link-broken-warn (the default) and
# tests/bad/link-missing-* (links: error).
set -u
cd "$(dirname "$0")/.."
BIN=$PWD/${BUILD:-build}/specbook
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
. tests/hostile/lib.sh

book=$TMP/book
base_book "$book"
cp -r tests/bad/link-broken-warn/content/. "$book/content/"
(cd "$book" && bash "$OLDPWD/tests/bad/link-broken-warn/setup.sh")   # its dot-files
"$BIN" build -C "$book" -o "$TMP/site" >"$TMP/log" 2>&1
rc=$?
check "by default a book with links broken on GitHub too builds (exit 0)" \
	'[ $rc -eq 0 ] && ! grep -q "error:" "$TMP/log"' "exit $rc: $(cat "$TMP/log")"
check "each broken link is a warning that says it is broken on GitHub too" \
	'[ "$(grep -c "warning: .*\(broken link\|missing chapter\|outside the book\)" "$TMP/log")" -eq 11 ] &&
	 [ "$(grep -c "broken on GitHub too\|or remove the link\|its text is kept" "$TMP/log")" -eq 11 ]' "$(cat "$TMP/log")"
page=$TMP/site/02-broken.html
check "the site is written, the pages there" \
	'[ -f "$TMP/site/index.html" ] && [ -f "$page" ] && [ -f "$TMP/site/01-base.html" ]'
check "a link to a missing chapter keeps its text, with no href" \
	'grep -q "chapter nine" "$page" && ! grep -q "09-missing" "$page"'
check "the links that work are links" 'grep -q "href=\"01-base.html#base\"" "$page"'
check "a link written as another tool's route to a chapter (/guide/device/warp, /device/warp/) names the chapter, and so does ../guide/device/warp from the root" \
	'[ "$(grep -c "hint: did you mean the chapter guide/device/warp.md? Link to /guide/device/warp.md" "$TMP/log")" -eq 3 ]' \
	"$(grep -A3 "guide/device/warp'" "$TMP/log")"
check "a link to a dot-file GitHub shows is a warning that says the site leaves it out, links: warn or error" \
	'[ "$(grep -c "warning: link to .\.\(rumdl.toml\|vscode/settings.json\)., which is in content/ but not published" "$TMP/log")" -eq 2 ]' \
	"$(cat "$TMP/log")"
check "a link or image with a scheme GitHub drops (themed-image:, about:) keeps its text, a warning" \
	'grep -q "dropped with their text kept: the SM, a title.</p>" "$page" && ! grep -q "themed-image\|about:" "$page" &&
	 [ "$(grep -c "warning: link with a .\(themed-image\|about\):. URL dropped" "$TMP/log")" -eq 2 ]' \
	"$(grep -o "dropped with[^/]*" "$page")"

# no book.yaml at all: the same default
rm "$book/content/book.yaml"
"$BIN" build -C "$book" -o "$TMP/site2" >"$TMP/log2" 2>&1
rc=$?
check "a book with no book.yaml warns too (exit 0, site written)" \
	'[ $rc -eq 0 ] && [ -f "$TMP/site2/02-broken.html" ] && grep -q "broken on GitHub too" "$TMP/log2"' \
	"exit $rc: $(cat "$TMP/log2")"
cp tests/bad/link-broken-warn/content/book.yaml "$book/content/"

"$BIN" build -C "$book" -o "$TMP/site3" --werror >"$TMP/log3" 2>&1
rc=$?
check "--werror fails on them, and writes no site" '[ $rc -ne 0 ] && [ ! -e "$TMP/site3" ]' \
	"exit $rc: $(tail -3 "$TMP/log3")"

# a warning of a chapter (not of book.yaml) under --werror: the summary
# says no site is written, and none is (one was, before)
wbook=$TMP/wbook
base_book "$wbook"
sed -i "/^links:/d" "$wbook/content/book.yaml"
printf '\n![](01-base.md)\n' >>"$wbook/content/01-base.md"
"$BIN" build -C "$wbook" -o "$TMP/site7" --werror >"$TMP/log7" 2>&1
rc=$?
check "--werror: a chapter's warning writes no site either" \
	'[ $rc -eq 1 ] && grep -q "warning: image without alt text" "$TMP/log7" && [ ! -e "$TMP/site7" ]' \
	"exit $rc: $(cat "$TMP/log7"); $(ls "$TMP/site7" 2>&1 | head -3)"

echo 'links: error' >>"$book/content/book.yaml"
"$BIN" build -C "$book" -o "$TMP/site4" >"$TMP/log4" 2>&1
rc=$?
check "links: error makes each an error, and writes no site" \
	'[ $rc -eq 1 ] && [ ! -e "$TMP/site4" ] &&
	 [ "$(grep -c "error: .*\(broken link\|missing chapter\|outside the book\)" "$TMP/log4")" -eq 11 ] &&
	 ! grep -q "broken on GitHub too" "$TMP/log4"' "exit $rc: $(cat "$TMP/log4")"

echo 'links: warn' >>"$book/content/book.yaml"
sed -i '/^links: error$/d' "$book/content/book.yaml"
"$BIN" build -C "$book" -o "$TMP/site5" >"$TMP/log5" 2>&1
rc=$?
check "links: warn is the default written out" '[ $rc -eq 0 ] && [ -f "$TMP/site5/02-broken.html" ]' \
	"exit $rc: $(cat "$TMP/log5")"

# the template's own broken link stays an error under the default
tbook=$TMP/tbook
base_book "$tbook"
cp tests/bad/link-broken-warn/content/book.yaml "$tbook/content/"
sed -i 's|</body>|<a href="/nowhere.html">x</a></body>|' "$tbook/templates/page.html"
"$BIN" build -C "$tbook" -o "$TMP/site6" >"$TMP/log6" 2>&1
rc=$?
check "a broken link of the template is still an error" \
	'[ $rc -eq 1 ] && grep -q "^templates/page.html:[0-9]*: error: broken link: no page .nowhere.html." "$TMP/log6"' \
	"exit $rc: $(cat "$TMP/log6")"

# the starter book says links: error
"$BIN" new "$TMP/new" >/dev/null 2>&1
check "specbook new writes links: error" 'grep -q "^links: error" "$TMP/new/content/book.yaml"'
check "this repository's books say links: error" \
	'grep -q "^links: error" content/book.yaml && grep -q "^links: error" docs/content/book.yaml'
