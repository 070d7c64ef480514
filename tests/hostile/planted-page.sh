#!/bin/bash
# planted-page.sh — a page planted in a copied site is not kept (TAP;
# issue 34, part 4).
#
# An incremental build kept a page of the last site when its size and
# modification time matched the cache; the cache comes with the book.
# A book copied with its site and cache (cp -a, tar, rsync keep times),
# one page replaced by hostile HTML of the same size and time, kept that
# page with exit 0 once the book was long enough for pages to be reused
# (210 chapters).  The inode is now part of what identifies a page this
# machine wrote: the copy's pages are written again.  (tar in the pax
# format, which keeps times to the nanosecond.)
set -u
cd "$(dirname "$0")/../.."
BIN=$(cd "${BUILD:-build}" && pwd)/specbook
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
. tests/hostile/lib.sh

book=$TMP/book
base_book "$book"
for i in $(seq 100 330); do
	printf -- '---\nid: c%s\ntitle: {zh: 章%s, en: Chapter %s}\n---\n\n## 章节 (Section %s)\n\n这是一个段落。\n\n> This is paragraph %s.\n' \
		"$i" "$i" "$i" "$i" "$i" >"$book/content/$i-c.md"
done
"$BIN" build -C "$book" -q || { echo "Bail out! the book does not build"; exit 1; }
"$BIN" build -C "$book" >"$TMP/log" 2>&1
check "a rebuild here reuses the pages" 'grep -q "\([0-9]*\) of \1 chapters unchanged" "$TMP/log"' "$(tail -2 "$TMP/log")"

for how in "cp -a" "tar"; do
	rm -rf "$TMP/copy"
	if [ "$how" = tar ]; then
		mkdir "$TMP/copy" && (cd "$book" && tar --format=posix -cf - .) | (cd "$TMP/copy" && tar xf -)
	else
		cp -a "$book" "$TMP/copy"
	fi
	page=$TMP/copy/site/200-c.html
	size=$(stat -c %s "$page") time=$(stat -c %y "$page")
	{ printf '<script>alert(document.domain)</script>'; head -c $((size - 39)) /dev/zero | tr '\0' ' '; } >"$page"
	touch -d "$time" "$page"
	[ "$(stat -c %s "$page")" = "$size" ] || echo "Bail out! the planted page is not of the same size"
	timeout 120 "$BIN" build -C "$TMP/copy" -q >"$TMP/log" 2>&1
	rc=$?
	check "a copy by $how: the rebuild succeeds" '[ $rc -eq 0 ]' "$(head -3 "$TMP/log")"
	check "a copy by $how: the planted page is written again" \
		'! grep -q "alert(document.domain)" "$page" && grep -q "This is paragraph 200" "$page"'
done
