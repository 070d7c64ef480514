#!/bin/bash
# tests/incremental.sh — incremental builds rewrite only what changed and
# give the same bytes as a full build (TAP).
#
# A synthetic book of 210 chapters (tests/bench/gen.c: long enough for the
# split claims pages and, past PRINT_MAX_CHAPTERS, no print version) is
# built with its cache; then edited in several ways, rebuilt, and each
# result compared with a --no-cache build of the same sources.  "Rewritten"
# means the file in the new site is not the old one's inode: reused pages
# are hard links.
set -u
cd "$(dirname "$0")/.."
BIN=$PWD/${BUILD:-build}/specbook
N=${INCR_CHAPTERS:-210}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
pass=0 fail=0
ok()     { pass=$((pass + 1)); echo "ok - $1"; }
not_ok() { fail=$((fail + 1)); echo "not ok - $1"; [ $# -gt 1 ] && echo "# $2"; }

${CC:-cc} -std=c11 -O2 -D_XOPEN_SOURCE=700 -o "$TMP/gen" tests/bench/gen.c || exit 1
book=$TMP/book out=$TMP/book/site
"$TMP/gen" "$book" "$N" >/dev/null
cp specs/units.yaml "$book/specs/"
cp -R templates "$book/"
chapter() { ls "$book"/content/*.md | sed -n "${1}p"; }
# study mode: figures to remember and a self-test question in a few
# chapters, so that their records go through the cache (figures.html and
# the flashcards are made from them)
study() {   # FILE N
	printf '\n一号卡的带宽是 {gpu_0001.mem_bw @ 一号卡的带宽 %s}。\n\n> Card one has {gpu_0001.mem_bw @ bandwidth of card one, %s}.\n\n```quiz\nzh: 两张 32 GB 的卡一共多少显存？\nen: How much memory do two 32 GB cards hold?\nanswer: 64 GB = 2 × 32 GB\n```\n' "$2" "$2" >>"$1"
}
for k in 1 150 205; do study "$(ls "$book"/content/*.md | sed -n "${k}p")" "$k"; done
# edit FILE WORD: adds a word to the chapter's first English line (every
# generated chapter opens with "> Chapter N is ..."); stops if nothing changed
edit() {
	cp "$1" "$TMP/before.md"
	sed -i "0,/^> Chapter /s//> Chapter $2 /" "$1"
	if cmp -s "$1" "$TMP/before.md"; then
		echo "Bail out! could not edit $1"
		exit 1
	fi
}

inodes() { (cd "$out" && find . -type f -printf '%i %P\n' | sort -k2); }
# rebuild NAME EXPECTED-REWRITTEN: rebuilds with the cache, compares the
# files rewritten with the expected list (sorted, space-separated; "-" to
# skip) and the site with a full build
rebuild() {
	local name=$1 want=$2 log=$TMP/log
	inodes >"$TMP/before"
	if ! "$BIN" build -C "$book" -o "$out" >"$log" 2>&1; then
		not_ok "$name: the rebuild succeeds" "$(tail -3 "$log")"
		return
	fi
	inodes >"$TMP/after"
	local got
	got=$(join -1 2 -2 2 "$TMP/before" "$TMP/after" | awk '$2 != $3 { print $1 }' | sort | tr '\n' ' ')
	got=${got% }
	if [ "$want" != - ] && [ "${want#\~}" != "$want" ]; then
		# ~ERE: at least one file is rewritten, and each matches ERE
		local ere=${want#\~} bad
		bad=$(tr " " "\n" <<<"$got" | grep -vxE "$ere" | head -3 | tr "\n" " ")
		if [ -z "$bad" ] && [ -n "$got" ]; then
			ok "$name: rewrites only $ere ($(wc -w <<<"$got") files)"
		else
			not_ok "$name: rewrites only $ere" "rewrote: ${got:0:400}; not matching: $bad"
		fi
	elif [ "$want" != - ]; then
		if [ "$got" = "$want" ]; then
			ok "$name: rewrites only $want"
		else
			not_ok "$name: rewrites only $want" "rewrote: ${got:0:400}"
		fi
	fi
	rm -rf "$TMP/full"
	"$BIN" build --no-cache --quiet -C "$book" -o "$TMP/full" 2>/dev/null
	if diff -r "$out" "$TMP/full" >"$TMP/diff" 2>&1; then
		ok "$name: the same bytes as a full build"
	else
		not_ok "$name: the same bytes as a full build" "$(head -3 "$TMP/diff")"
	fi
	cat "$log" >"$TMP/last-log"
}

if "$BIN" build -C "$book" -o "$out" --quiet && [ -f "$book/.specbook-cache/chapters" ]; then
	ok "a build keeps its cache in the book's .specbook-cache/"
else
	not_ok "a build keeps its cache in the book's .specbook-cache/"
fi

rebuild "nothing changed" ""
if grep -q "$N of $N chapters unchanged since the last build, 0 rendered" "$TMP/last-log"; then
	ok "nothing changed: no chapter is rendered, the summary says so"
else
	not_ok "nothing changed: no chapter is rendered, the summary says so" "$(cat "$TMP/last-log")"
fi

# one word of prose in one chapter: its page, its page's sections file, its
# search part's head (m.js: the part's total length and each section's) and
# the shards whose bytes changed (those of the new word and its grams) are
# rewritten; no file of another part; the part's other 63 chapters are merged
# from their search records (not rendered), and the part's claims page,
# made again from their records, comes out the same
f=$(chapter 150); stem=$(basename "$f" .md)
edit "$f" clearly
rebuild "one word in chapter 150" "~$stem\.html|assets/search/0002/([0-9a-f]{2}|p21|m)\.js"
grep -q "$((N - 1)) of $N chapters unchanged since the last build, 1 rendered, 63 read again for their search part" "$TMP/last-log" \
	&& ok "one word in chapter 150: one chapter rendered, its part's other 63 read from the cache" \
	|| not_ok "one word in chapter 150: one chapter rendered, its part's other 63 read from the cache" "$(cat "$TMP/last-log")"

# files put in the output by hand are not the site's: an update in place
# removes them, in the output's top folder, in a folder of the site and a
# folder of their own; a dot file stays (the site's marker is one)
mkdir -p "$out/stray/deeper"
for f in stray/deeper/a.html stray.html assets/search/0002/zz.js .keep; do echo x >"$out/$f"; done
edit "$(chapter 151)" plainly
if "$BIN" build -C "$book" -o "$out" --quiet 2>"$TMP/log" && [ ! -e "$out/stray" ] && [ ! -e "$out/stray.html" ] &&
   [ ! -e "$out/assets/search/0002/zz.js" ] && [ -f "$out/.keep" ] && [ -f "$out/$(basename "$(chapter 151)" .md).html" ]; then
	ok "files put in the output by hand go with an update in place, folders too; a dot file stays"
else
	not_ok "files put in the output by hand go with an update in place, folders too; a dot file stays" "$(ls -a "$out" | head -5; cat "$TMP/log")"
fi
rm -f "$out/.keep"

# the part's claims page is taken as it is when its claims did not change,
# also after a build that took the whole part (which keeps the page's key):
# a byte of it changed by hand (its size, time and inode kept: written
# over, not replaced, which a page of another file would be) stays
# changed, then the page is put back as it was
rebuild "nothing changed, after one word" ""
cp -p "$out/claims/0002.html" "$TMP/claims-kept"
sed '0,/>holds</s//>HOLDS</' "$TMP/claims-kept" >"$TMP/claims-marked"
cat "$TMP/claims-marked" >"$out/claims/0002.html"
touch -r "$TMP/claims-kept" "$out/claims/0002.html"
edit "$(chapter 151)" briefly
if "$BIN" build -C "$book" -o "$out" --quiet >"$TMP/log" 2>&1 && grep -q ">HOLDS<" "$out/claims/0002.html"; then
	ok "one word in chapter 151: its part's claims page is taken from the last build, not made again"
else
	not_ok "one word in chapter 151: its part's claims page is taken from the last build, not made again" "$(tail -3 "$TMP/log")"
fi
cp -p "$TMP/claims-kept" "$out/claims/0002.html"
rebuild "the claims page put back" ""
# a claims page changed by hand, its time too: the book pages' record (its
# stat, taken when the last build was done) no longer vouches for it, and
# it is made again
echo "<!-- changed -->" >>"$out/claims/0001.html"
rebuild "a claims page changed by hand (size and time too)" "~claims/0001\.html|$(basename "$(chapter 128)" .md)\.html|assets/search/0001/.*"

# the site's other files (built-in assets, the vendored libraries' files)
# are left as they are when their source and the output's copy are as the
# last build left them (the cache's record "files"): not read, nor linked
# again.  A copy changed by hand (a byte, its size and time kept) or
# replaced by a link out of the site is written again, and the link's
# target left alone; a vendored file changed at its source is copied again
# (highlight.js's theme: its highlight.min.js is cut into languages, vendor.c)
vendored=$(cd "$out" && ls assets/katex/katex.min.js assets/highlight/a11y-light.css 2>/dev/null | head -1)
for f in assets/site.css $vendored; do
	touch -r "$out/$f" "$TMP/time"
	printf '#' | dd of="$out/$f" bs=1 seek=2 conv=notrunc status=none
	touch -r "$TMP/time" "$out/$f"
done
edit "$(chapter 151)" lightly
rebuild "built-in and vendored assets changed in the site, then one word" -
if cmp -s "$out/assets/site.css" "$TMP/full/assets/site.css" &&
   { [ -z "$vendored" ] || cmp -s "$out/$vendored" "$TMP/full/$vendored"; }; then
	ok "assets changed in the site (size and time kept) are written again"
else
	not_ok "assets changed in the site (size and time kept) are written again"
fi
echo "outside the site" >"$TMP/outside"
ln -sf "$TMP/outside" "$out/assets/code.js"
edit "$(chapter 151)" slightly
rebuild "an asset replaced by a link out of the site, then one word" -
if [ -f "$out/assets/code.js" ] && [ ! -L "$out/assets/code.js" ] && [ "$(cat "$TMP/outside")" = "outside the site" ]; then
	ok "an asset replaced by a link is written again; the link's target is left alone"
else
	not_ok "an asset replaced by a link is written again; the link's target is left alone" \
		"$(ls -l "$out/assets/code.js"; cat "$TMP/outside")"
fi
if [ -n "$vendored" ]; then
	js=$TMP/js
	mkdir -p "$js"
	cp -RL /usr/share/javascript/katex /usr/share/javascript/highlight.js "$js/"
	SPECBOOK_JS_DIR=$js "$BIN" build --quiet -C "$book" -o "$out" 2>/dev/null
	src=$js/${vendored#assets/}
	src=${src/\/highlight\//\/highlight.js\/styles\/}
	echo "/* changed */" >>"$src"
	edit "$(chapter 151)" newly
	if SPECBOOK_JS_DIR=$js "$BIN" build --quiet -C "$book" -o "$out" 2>"$TMP/log" &&
	   cmp -s "$src" "$out/$vendored"; then
		ok "a vendored file changed at its source is copied again"
	else
		not_ok "a vendored file changed at its source is copied again" "$src; $(cat "$TMP/log")"
	fi
	rebuild "the system's libraries again" -
fi

# a search part made again keeps the files whose text did not change, as
# the cache's record of the part (shards-0002) vouches for them by the hash
# of their text and the file as written: a file changed since (here every
# file of the part, one byte each, size, inode and modification time kept)
# is made again, and so is every file when the record is another part's (a
# record that lies: its hashes and files are not this part's)
for f in "$out"/assets/search/0002/*.js; do
	touch -r "$f" "$TMP/time"
	printf '#' | dd of="$f" bs=1 seek=2 conv=notrunc status=none
	touch -r "$TMP/time" "$f"
done
f=$(chapter 152); stem=$(basename "$f" .md)
edit "$f" quietly
rebuild "every search file of a part changed by hand, then one word in it" -
cp "$book/.specbook-cache/shards-0001" "$book/.specbook-cache/shards-0002"
f=$(chapter 153); stem=$(basename "$f" .md)
edit "$f" quietly
rebuild "another part's record of its files, then one word in it" "~$stem\.html|assets/search/0002/([0-9a-f]{2}|p24|m)\.js"

# a section retitled, its id kept: the part's claims page, otherwise taken
# from the last build when the part's claims are as they were, names the
# section of each claim by its title, so it is made again
f=$(chapter 140)
sed -i 's/^\(## .*\) (Section 2 of Chapter \([0-9]*\)) {#/\1 (Section 2, retitled, of Chapter \2) {#/' "$f"
grep -q "Section 2, retitled" "$f" || { echo "Bail out! could not retitle a section of $f"; exit 1; }
rebuild "a section of chapter 140 retitled" -
grep -q "Section 2, retitled" "$out/claims/0002.html" \
	&& ok "a section retitled: its part's claims page shows the new title" \
	|| not_ok "a section retitled: its part's claims page shows the new title"

# a line added at the top: every claim below it moves
f=$(chapter 20)
sed -i '0,/^## /s//新的一段。\n\n> A new paragraph.\n\n## /' "$f"
rebuild "a paragraph added to chapter 20" -

# touched but unchanged: read again, found the same, nothing rendered
touch "$(chapter 30)"
rebuild "a chapter touched, not changed" ""

# any change to a spec file renders every chapter again
sed -i '0,/^\(    memory: [0-9]*\)$/s//\1   # edited/' "$book"/specs/bench.yaml
rebuild "a comment added to the spec table" -
grep -q "unchanged since" "$TMP/last-log" \
	&& not_ok "a comment added to the spec table: every chapter rendered" "$(cat "$TMP/last-log")" \
	|| ok "a comment added to the spec table: every chapter rendered"

# a figure's meaning: the chapter's page, figures.html and the English deck
f=$(chapter 150); stem=$(basename "$f" .md)
sed -i 's/bandwidth of card one, 150}/bandwidth of card one (chapter 150)}/' "$f"
rebuild "a figure's meaning in chapter 150" "~$stem\.html|figures\.html|flashcards-(zh|en)\.txt|assets/search/0002/([0-9a-f]{2}|p21|m)\.js"
if grep -q 'bandwidth of card one (chapter 150)' "$out/figures.html" "$out/flashcards-en.txt" &&
	[ "$(grep -c 'bandwidth of card one' "$out/flashcards-en.txt")" -eq 3 ]; then
	ok "a figure's meaning in chapter 150: figures.html and the English deck show it, and the other chapters' from the cache"
else
	not_ok "a figure's meaning in chapter 150: figures.html and the English deck show it, and the other chapters' from the cache"
fi

# a chapter's title: it shows in every nav
f=$(chapter 100)
sed -i 's/^title: {zh: \(.*\), en: \(.*\)}$/title: {zh: \1（改）, en: \2 (revised)}/' "$f"
rebuild "chapter 100 retitled" -

# a chapter added at the end (every chapter links to others, so none is
# removed without breaking links, which is the link check's business)
last=$(chapter "$N")
sed -e 's/^id: .*/id: added/' -e 's/{#c\([0-9]*\)-/{#added\1-/' "$last" >"$book/content/999-added.md"
rebuild "a chapter added" -

# a broken cache is a miss, never an error: a pack cut short (a build
# killed while appending), then an index that is garbage
pack=$(ls "$book"/.specbook-cache/pack-*)
truncate -s $(($(stat -c %s "$pack") * 3 / 4)) "$pack"
edit "$(chapter 7)" mostly
rebuild "a pack cut short" -
grep -q "unchanged since" "$TMP/last-log" \
	&& ok "a pack cut short: the records still in it are used" \
	|| not_ok "a pack cut short: the records still in it are used" "$(cat "$TMP/last-log")"
printf 'garbage' >"$book/.specbook-cache/chapters"
edit "$(chapter 8)" mostly
rebuild "a garbled chapter index" -

# the search records (search-N beside the pack) damaged: a rebuild first
# builds afresh (the garbled index above), then one word in chapter 100
# merges its part's other 63 chapters from their records; with the file
# overwritten, those records are misses and the 63 are rendered again;
# either way the same bytes as a full build
edit "$(chapter 100)" mostly
rebuild "one word in chapter 100, its part from the search records" -
grep -q "1 rendered, 63 read again for their search part" "$TMP/last-log" \
	&& ok "one word in chapter 100: the other chapters of its part come from their search records" \
	|| not_ok "one word in chapter 100: the other chapters of its part come from their search records" "$(cat "$TMP/last-log")"
sf=$(ls "$book"/.specbook-cache/search-*)
head -c "$(stat -c %s "$sf")" /dev/zero | tr '\0' 'x' >"$TMP/garbage" && cp "$TMP/garbage" "$sf"
edit "$(chapter 100)" again
rebuild "search records overwritten" -
grep -q "64 rendered, 0 read again for their search part" "$TMP/last-log" \
	&& ok "search records overwritten: the chapters of the changed part are rendered again" \
	|| not_ok "search records overwritten: the chapters of the changed part are rendered again" "$(cat "$TMP/last-log")"
# a link in place of the search records (a book may bring one): never
# written through
sf=$(ls "$book"/.specbook-cache/search-*)
echo precious >"$TMP/outside"
rm -f "$sf" && ln -s "$TMP/outside" "$sf"
edit "$(chapter 120)" plainly
rebuild "a link in place of the search records" -
[ "$(cat "$TMP/outside")" = precious ] \
	&& ok "a link in place of the search records: what it points to is untouched" \
	|| not_ok "a link in place of the search records: what it points to is untouched"

# the search records cut short (a build killed while appending): the file
# is mapped as it is, the records past its end are misses and rendered
edit "$(chapter 70)" shortly
rebuild "one word in chapter 70" -
sf=$(ls "$book"/.specbook-cache/search-*)
truncate -s $(($(stat -c %s "$sf") / 2)) "$sf"
edit "$(chapter 70)" again
rebuild "search records cut short" -
# the part's 64 chapters: some read again, the rest (more than the edited one) rendered
grep -Eq "unchanged since the last build, ([2-9]|[1-5][0-9]|6[0-3]) rendered, ([1-9]|[1-5][0-9]|6[0-2]) read again for their search part" "$TMP/last-log" \
	&& ok "search records cut short: the build ends, the chapters whose records are gone are rendered" \
	|| not_ok "search records cut short: the build ends, the chapters whose records are gone are rendered" "$(cat "$TMP/last-log")"

# the search records damaged in place with their size and modification
# time put back (by hand, or by a tool that restores times): only the
# change time tells, and a rebuild checks the records again instead of
# taking them as the last build wrote them (cache.c, written_as())
edit "$(chapter 100)" still
rebuild "one word in chapter 100 again" -
sf=$(ls "$book"/.specbook-cache/search-*)
touch -r "$sf" "$TMP/search-time"
# one byte in every thousand flipped: most records keep their key and
# their length, and only their content (or their seal) says they are wrong
perl -e 'open(my $f, "+<", $ARGV[0]) or die; binmode $f; my $n = -s $f;
	for (my $o = 500; $o < $n; $o += 1000) { seek $f, $o, 0; read $f, my $c, 1;
		seek $f, $o, 0; print $f chr(ord($c) ^ 0x55); }' "$sf"
touch -r "$TMP/search-time" "$sf"
edit "$(chapter 100)" yet
rebuild "search records damaged, their times put back" -
grep -q "64 rendered, 0 read again for their search part" "$TMP/last-log" \
	&& ok "search records damaged, their times put back: checked again, and the chapters of the changed part rendered" \
	|| not_ok "search records damaged, their times put back: checked again, and the chapters of the changed part rendered" "$(cat "$TMP/last-log")"

# a FIFO in place of the search records, then of the pack (a book may bring
# one): the cache maps both files, and neither reads from nor writes to a
# FIFO, which would wait for a writer or reader that never comes: a miss
for kind in search pack; do
	f=$(ls "$book"/.specbook-cache/$kind-* | head -1)
	rm -f "$f" && mkfifo "$f"
	edit "$(chapter 130)" "fifo$kind"
	if timeout 60 "$BIN" build -C "$book" -o "$out" --quiet >"$TMP/log" 2>&1; then
		rm -rf "$TMP/full"
		"$BIN" build --no-cache --quiet -C "$book" -o "$TMP/full" 2>/dev/null
		diff -r "$out" "$TMP/full" >"$TMP/diff" 2>&1 \
			&& ok "a FIFO in place of the $kind file: the same bytes as a full build" \
			|| not_ok "a FIFO in place of the $kind file: the same bytes as a full build" "$(head -3 "$TMP/diff")"
	else
		not_ok "a FIFO in place of the $kind file: the build ends (status $?)" "$(tail -3 "$TMP/log")"
	fi
done
# and the next build, with the FIFO gone, takes from the cache again
edit "$(chapter 130)" nofifo
rebuild "after the FIFOs" -
grep -q "1 rendered, 63 read again for their search part" "$TMP/last-log" \
	&& ok "after the FIFOs: the cache is used again" \
	|| not_ok "after the FIFOs: the cache is used again" "$(cat "$TMP/last-log")"

# an anchor that a cached chapter links to disappears: the link check still
# sees the cached chapter's links and fails the build
target=$(grep -lo '[0-9]*-ch[0-9]*\.md#c[0-9]*-s1' "$book"/content/*.md | head -1)
link=$(grep -o '[0-9]*-ch[0-9]*\.md#c[0-9]*-s1' "$target" | head -1)
linked=$book/content/${link%%#*} anchor=${link##*#}
sed -i "s/{#$anchor}/{#$anchor-moved}/" "$linked"
if "$BIN" build -C "$book" -o "$out" >"$TMP/log" 2>&1; then
	not_ok "a removed anchor fails the build though the linking chapter is cached"
elif grep -q "$(basename "$target").*broken link: no anchor '#$anchor'" "$TMP/log"; then
	ok "a removed anchor fails the build though the linking chapter is cached"
else
	not_ok "a removed anchor fails the build though the linking chapter is cached" "$(head -3 "$TMP/log")"
fi
sed -i "s/{#$anchor-moved}/{#$anchor}/" "$linked"
rebuild "the anchor put back" -

# an asset the template links to disappears: every page is cached, and the
# link check reports it once, at the template's line (the book's own asset:
# site.css would fall back to the built-in one)
cp "$book/templates/page.html" "$TMP/page.html"
cp "$book/templates/assets/site.css" "$book/templates/assets/book.css"
sed -i 's|/assets/site.css|/assets/book.css|' "$book/templates/page.html"
rebuild "the template links to an asset of the book's own" -
mv "$book/templates/assets/book.css" "$TMP/site.css"
if "$BIN" build -C "$book" -o "$out" >"$TMP/log" 2>&1; then
	not_ok "a missing asset of the template fails the build once, at the template"
elif [ "$(grep -c 'error:' "$TMP/log")" = 1 ] &&
     grep -q "^templates/page.html:[0-9]*: error: broken link: no page 'assets/book.css' in the site (on [0-9]* pages" "$TMP/log"; then
	ok "a missing asset of the template fails the build once, at the template"
else
	not_ok "a missing asset of the template fails the build once, at the template" "$(head -3 "$TMP/log")"
fi
mv "$TMP/site.css" "$book/templates/assets/book.css"
rebuild "the asset put back" -
rm "$book/templates/assets/book.css"
cp "$TMP/page.html" "$book/templates/page.html"
rebuild "the template as it was" -

# files beside the chapters (issue 16, part 5): a new one is copied, a
# changed one updated in place, one that is gone removed from the site;
# a cached chapter's link to a file that is gone still fails the build
mkdir -p "$book/content/img"
printf '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>\n' >"$book/content/img/board.svg"
echo "the first datasheet" >"$book/content/sheet.pdf"
rebuild "two files added beside the chapters" -
if cmp -s "$book/content/img/board.svg" "$out/img/board.svg" && cmp -s "$book/content/sheet.pdf" "$out/sheet.pdf"; then
	ok "the files added are copied into the site"
else
	not_ok "the files added are copied into the site" "$(ls "$out" | head -5)"
fi
echo "the second datasheet" >"$book/content/sheet.pdf"
rebuild "a file beside the chapters changed" "sheet.pdf"
cmp -s "$book/content/sheet.pdf" "$out/sheet.pdf" && ok "the changed file is updated" ||
	not_ok "the changed file is updated"
rm "$book/content/img/board.svg"
rebuild "a file beside the chapters removed" -
[ ! -e "$out/img/board.svg" ] && [ -f "$out/sheet.pdf" ] && ok "the removed file is gone from the site, the other kept" ||
	not_ok "the removed file is gone from the site, the other kept"
linking=$(chapter 30)
printf '\n[The datasheet](sheet.pdf)\n' >>"$linking"
rebuild "a chapter links to the file" -
mv "$book/content/sheet.pdf" "$TMP/sheet.pdf"
if "$BIN" build -C "$book" -o "$out" >"$TMP/log" 2>&1; then
	not_ok "a file that a cached chapter links to is gone: the build fails"
elif grep -q "^content/$(basename "$linking"):[0-9]*:[0-9]*: error: broken link: no file 'sheet.pdf' in the site" "$TMP/log" &&
	[ -f "$out/sheet.pdf" ]; then
	ok "a file that a cached chapter links to is gone: the build fails at the link, the site is kept"
else
	not_ok "a file that a cached chapter links to is gone: the build fails at the link, the site is kept" "$(head -5 "$TMP/log")"
fi
mv "$TMP/sheet.pdf" "$book/content/sheet.pdf"
rebuild "the file back" -

# a small book (with a print version) is rendered in full each time, and
# its book pages still come out the same
. tests/lib.sh
small=$TMP/small
fixture_copy tests/fixtures/basic "$small"
"$BIN" build --quiet -C "$small" -o "$small/site" 2>/dev/null
sed -i '0,/^> /s//> Indeed, /' "$small/content/02-more.md"
"$BIN" build --quiet -C "$small" -o "$small/site" 2>/dev/null
rm -rf "$TMP/small-full"
"$BIN" build --no-cache --quiet -C "$small" -o "$TMP/small-full" 2>/dev/null
if [ -f "$small/site/index.html" ] && diff -r "$small/site" "$TMP/small-full" >/dev/null; then
	ok "a small book edited: the same bytes as a full build"
else
	not_ok "a small book edited: the same bytes as a full build"
fi

# a record the build would write with the same bytes is left as it is: a
# rebuild with nothing changed rewrites neither the book's record nor the
# chapters' index; one with a second name (a hard link) or a link in its
# place is replaced (what it points to is left alone)
cache=$book/.specbook-cache
"$BIN" build --quiet -C "$book" -o "$out" 2>/dev/null
rec_ino() { stat -c %i "$cache/book" "$cache/chapters" | tr '\n' ' '; }
was=$(rec_ino)
"$BIN" build --quiet -C "$book" -o "$out" 2>/dev/null
[ "$(rec_ino)" = "$was" ] && ok "nothing changed: the book record and chapter index are not rewritten" ||
	not_ok "nothing changed: the book record and chapter index are not rewritten" "$was / $(rec_ino)"
ln "$cache/book" "$TMP/book-record" && cp "$cache/book" "$TMP/book-want" &&
	cp "$cache/chapters" "$TMP/chapters-record" &&
	ln -sf "$TMP/chapters-record" "$cache/chapters" && cp "$TMP/chapters-record" "$TMP/chapters-want"
"$BIN" build --quiet -C "$book" -o "$out" 2>/dev/null
# (the linked chapters' index is not read either: files_read_bytes() never
# follows a link, so this build has no index and its book record may differ)
if [ "$(stat -c %h "$cache/book")" = 1 ] && [ -f "$cache/chapters" ] && [ ! -L "$cache/chapters" ] &&
	cmp -s "$TMP/chapters-record" "$TMP/chapters-want" && cmp -s "$TMP/book-record" "$TMP/book-want"; then
	ok "a record with a second name, or a link in its place, is written anew (the other file untouched)"
else
	not_ok "a record with a second name, or a link in its place, is written anew (the other file untouched)" \
		"$(ls -li "$cache/book" "$cache/chapters")"
fi
edit "$(chapter 120)" again
rebuild "a chapter edited after the records were replaced" -

# another program does not take this one's cache: a copy of specbook with
# one byte of its build ID changed (the ID, a hash of the program's bytes
# that the linker wrote, stands for them in the cache's key) renders every
# chapter; the same program copied elsewhere takes it
"$BIN" build --quiet -C "$book" -o "$out" 2>/dev/null
id=$(readelf -n "$BIN" 2>/dev/null | awk '/Build ID/ { print $3; exit }')
if [ -n "$id" ]; then
	cp "$BIN" "$TMP/same"
	cp "$BIN" "$TMP/other"
	# the ID's place from its ELF note (section offset, then the 12-byte
	# note header and "GNU\0"): a grep of its bytes found nothing when one
	# of them was a newline (about one build in thirteen)
	off=$(readelf -SW "$TMP/other" 2>/dev/null |
		awk '{ for (i = 1; i < NF; i++) if ($i == ".note.gnu.build-id") { print $(i + 3); exit } }')
	[ -n "$off" ] && off=$((16#$off + 16))
	[ -n "$off" ] && [ "$(od -An -tx1 -j "$off" -N "$((${#id} / 2))" "$TMP/other" | tr -d ' \n')" = "$id" ] || off=
	byte=$(printf '%03o' $(((16#${id:0:2} + 1) % 256)))
	[ -n "$off" ] && printf "\\$byte" | dd of="$TMP/other" bs=1 seek="$off" conv=notrunc 2>/dev/null
	"$TMP/same" build -C "$book" -o "$out" >"$TMP/log" 2>&1
	"$TMP/other" build -C "$book" -o "$out" >"$TMP/log2" 2>&1
	if [ -n "$off" ] && grep -q "chapters unchanged since the last build, 0 rendered" "$TMP/log" &&
	   ! grep -q "unchanged since the last build" "$TMP/log2" &&
	   [ "$(readelf -n "$TMP/other" | awk '/Build ID/ { print $3; exit }')" != "$id" ]; then
		ok "a program with another build ID renders every chapter; a copy of the same one does not"
	else
		not_ok "a program with another build ID renders every chapter; a copy of the same one does not" \
			"offset '$off'; $(tail -1 "$TMP/log"); $(tail -1 "$TMP/log2")"
	fi
else
	ok "a program with another build ID renders every chapter # skip: no readelf, or no build ID"
fi

# --no-cache neither reads nor writes it
rm -rf "$book/.specbook-cache"
"$BIN" build --no-cache --quiet -C "$book" -o "$out" 2>/dev/null
[ ! -e "$book/.specbook-cache" ] && ok "--no-cache writes no cache" || not_ok "--no-cache writes no cache"

echo "# incremental: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
