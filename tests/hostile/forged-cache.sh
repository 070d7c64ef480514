#!/bin/bash
# forged-cache.sh — a cache record forged with a seal that holds (TAP).
#
# The build cache comes with the book (.specbook-cache), so a stranger can
# forge its records; a seal only tells damage (forge-cache.c seals a forged
# record as cache.c does).  A chapter taken from the cache brings its links
# as the cache kept them: a forged link that leads nowhere used to fail
# every rebuild with a "broken link" blamed on the book, until --no-cache.
# A kept link that does not resolve is a cache miss: the build is made
# again from the book alone, and the cache made anew.
set -u
cd "$(dirname "$0")/../.."
BIN=$PWD/${BUILD:-build}/specbook
FORGE=$PWD/${BUILD:-build}/tests/forge-cache
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
. tests/hostile/lib.sh
[ -x "$FORGE" ] || { echo "Bail out! no $FORGE (make ${BUILD:-build}/tests/forge-cache)"; exit 1; }

book=$TMP/book
base_book "$book"
cat >"$book/content/02-second.md" <<'MD'
---
id: second
title: {zh: 第二章, en: Second}
---

## 第二节 (Second Section) {#second-section}

见 [基础](01-base.md#base)。

> See [the base](01-base.md#base).
MD
# pages are taken from the last site (links and all) in a book too long
# for print.html: 210 chapters more
for i in $(seq 100 310); do
	printf -- '---\nid: c%s\ntitle: {zh: 章%s, en: Chapter %s}\n---\n\n## 章节 (Section %s)\n\n这是一个段落。\n\n> This is paragraph %s.\n' \
		"$i" "$i" "$i" "$i" "$i" >"$book/content/$i-c.md"
done
"$BIN" build -C "$book" -q || { echo "Bail out! the book does not build"; exit 1; }
"$BIN" build -C "$book" >"$TMP/log" 2>&1
check "a rebuild here reuses the pages" 'grep -q "\([0-9]*\) of \1 chapters unchanged" "$TMP/log"' "$(tail -2 "$TMP/log")"
cp -R "$book/site" "$TMP/site-before"
pack=$(ls "$book"/.specbook-cache/pack-* | head -1)

# chapter 2's record: its link to 01-base.html now leads to a page that is not
"$FORGE" "$pack" second-section 01-base.html 01-?ase.html >/dev/null 2>"$TMP/forge.log"
rc=$?
check "a record of chapter 2 is forged with a seal that holds" '[ $rc -eq 0 ]' "$(cat "$TMP/forge.log")"
"$BIN" build -C "$book" >"$TMP/log" 2>&1
rc=$?
check "the rebuild succeeds" '[ $rc -eq 0 ]' "rc $rc: $(head -5 "$TMP/log")"
check "no broken link is blamed on the book" '! grep -q "broken\|does not exist\|no page" "$TMP/log"' \
	"$(grep -m3 "error" "$TMP/log")"
check "a note says the cache was not used" 'grep -q "cache.*records did not match the book" "$TMP/log"' \
	"$(head -5 "$TMP/log")"
check "the site is the one the book makes" 'diff -r "$TMP/site-before" "$book/site" >/dev/null' \
	"$(diff -r "$TMP/site-before" "$book/site" | head -5)"
"$BIN" build -C "$book" >"$TMP/log2" 2>&1
rc=$?
check "the cache was made anew: the next build says nothing of it" \
	'[ $rc -eq 0 ] && ! grep -q "did not match" "$TMP/log2"' "$(head -5 "$TMP/log2")"

# a link the book really broke is still an error at its place, and a cached
# chapter's link to a file that is gone still fails the build
rm "$book/content/01-base.md"
"$BIN" build -C "$book" >"$TMP/log3" 2>&1
rc=$?
check "a link the book broke is an error at its line" \
	'[ $rc -ne 0 ] && grep -q "02-second.md:8:.*01-base" "$TMP/log3"' "$(head -5 "$TMP/log3")"
