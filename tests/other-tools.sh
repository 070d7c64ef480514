#!/bin/bash
# other-tools.sh — what other tools leave in a book as it is (TAP): said
# once, not once per file, and never in the way of the book.
#
# - front matter of Docusaurus, Hugo or Jekyll (sidebar_position, tags,
#   description): one note for the book, naming the keys and the number of
#   files; a slip of a key specbook reads (titel) is a warning at it;
# - the title of an MDX page whose '# Title' follows its import lines (or
#   a comment, a logo, a line of badges): that heading, not the file name,
#   and no "has no title" warning;
# - a folder of an exported slide deck (page_1.html … page_N.html): one
#   warning for the folder, not one per page.
set -u
cd "$(dirname "$0")/.."
BIN=$PWD/${BUILD:-build}/specbook
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
. tests/hostile/lib.sh

book=$TMP/book
mkdir -p "$book/content/docs" "$book/content/slides"
printf 'title: Other tools\n' >"$book/content/book.yaml"
printf '# Home\n\nSee [the docs](docs/a.md).\n' >"$book/content/README.md"
for i in 1 2 3 4 5; do
	printf -- '---\nsidebar_position: %d\ntags: [gpu]\ndescription: page %d\n---\n\n# Page %d\n\nText.\n' \
		"$i" "$i" "$i" >"$book/content/docs/p$i.md"
done
printf -- '---\nsidebar_position: 9\n---\n\nimport Tabs from '"'"'@theme/Tabs'"'"';\nimport TabItem from '"'"'@theme/TabItem'"'"';\n\n# Calculating GPU memory\n\nText.\n' \
	>"$book/content/docs/a.md"
printf '<!-- generated -->\n<p align="center"><img alt="logo" src="logo.png"></p>\n\n# 标题在徽标之后\n\n正文。\n' \
	>"$book/content/docs/b.md"
printf -- '---\ntitel: A slip\n---\n\n# C\n' >"$book/content/docs/c.md"
for i in $(seq 1 12); do printf '<html><body>slide %d</body></html>\n' "$i" >"$book/content/slides/page_$i.html"; done
printf "\x89PNG\r\n" >"$book/content/docs/logo.png"
printf '# Slides\n\nThe deck.\n' >"$book/content/slides/README.md"

"$BIN" build -C "$book" -o "$TMP/site" >"$TMP/log" 2>&1
rc=$?
check "the book builds" '[ $rc -eq 0 ] && [ -f "$TMP/site/docs/a.html" ]' "$(head -5 "$TMP/log")"
check "other tools' front matter keys: one note for the book, with the keys and the files" \
	'[ "$(grep -c "front matter key" "$TMP/log")" -eq 2 ] &&
	 grep -q "^content/docs/[a-z0-9]*.md:2:1: note: front matter keys of other tools are left alone: sidebar_position, tags, description (in 6 files)" "$TMP/log"' \
	"$(grep "front matter" "$TMP/log")"
check "a slip of a key specbook reads is a warning at it" \
	'grep -q "^content/docs/c.md:2:1: warning: unknown front matter key .titel. (did you mean .title.?)" "$TMP/log"'
check "an MDX page's title is its heading after the imports" \
	'grep -q "<title>Calculating GPU memory" "$TMP/site/docs/a.html" && ! grep -q "docs/a.md.*has no title" "$TMP/log"'
check "a title after a comment and a logo" \
	'grep -q "<title>标题在徽标之后" "$TMP/site/docs/b.html" && ! grep -q "has no title" "$TMP/log"'
check "a folder of 12 pages withheld: one warning, with the count" \
	'[ "$(grep -c "not published" "$TMP/log")" -eq 1 ] &&
	 grep -q "^content/slides/page_1.html: warning: a page or script beside the chapters: not published, nor the 11 more of this folder" "$TMP/log" &&
	 [ -z "$(find "$TMP/site" -name "page_*.html")" ]' "$(grep "not published" "$TMP/log")"

# a repository's symbolic links (DeepSpeed's deepspeed/ops/op_builder ->
# ../../op_builder, bin/deepspeed -> ds): never followed; one that leads
# inside content/ is a note, one that leads nowhere a warning, and one that
# leads out of the book still an error
mkdir -p "$book/content/op_builder" "$book/content/deepspeed/ops" "$book/content/bin"
echo 'x = 1' >"$book/content/op_builder/a.py"
echo 'run' >"$book/content/bin/ds"
ln -s ../../op_builder "$book/content/deepspeed/ops/op_builder"
ln -s ds "$book/content/bin/deepspeed"
ln -s gone "$book/content/bin/dangling"
"$BIN" build -C "$book" -o "$TMP/site2" >"$TMP/log" 2>&1
rc=$?
check "symbolic links inside the book: a note each, not followed, the book builds" \
	'[ $rc -eq 0 ] && grep -q "^content/deepspeed/ops/op_builder: note: symbolic link: not followed (what it leads to, content/op_builder, is in the book already)" "$TMP/log" &&
	 grep -q "^content/bin/deepspeed: note: symbolic link: not followed (what it leads to, content/bin/ds," "$TMP/log" &&
	 [ ! -e "$TMP/site2/bin/deepspeed" ] && [ ! -e "$TMP/site2/deepspeed/ops/op_builder" ] && [ -f "$TMP/site2/bin/ds" ]' \
	"$(grep -i "symbolic" "$TMP/log")"
check "a symbolic link that leads nowhere: a warning" \
	'grep -q "^content/bin/dangling: warning: symbolic link that leads nowhere: not followed" "$TMP/log"'
ln -s /etc "$book/content/bin/etc"
"$BIN" build -C "$book" -o "$TMP/site3" >"$TMP/log" 2>&1
rc=$?
check "one that leads out of the book: still an error, no site" \
	'[ $rc -eq 1 ] && grep -q "^content/bin/etc: error: symbolic link: not followed (a book.s files must be inside the book)" "$TMP/log" && [ ! -e "$TMP/site3" ]'
