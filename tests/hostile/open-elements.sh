#!/bin/bash
# open-elements.sh — an element dropped with its content and never closed
# does not drop the blocks after it (TAP; issue 34, part 5).
#
# A block <embed> (void in HTML, not in libxml2's table) or an <applet>
# with no end tag was dropped with "its content": every later block of
# the chapter, with exit 0 and the pair count still counting them.  Now
# a void element is dropped alone, and an element dropped with its
# content that is still open where its HTML block or paragraph ends is
# closed there, with a warning that says up to where it dropped.
set -u
cd "$(dirname "$0")/../.."
BIN=$(cd "${BUILD:-build}" && pwd)/specbook
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
. tests/hostile/lib.sh

book=$TMP/book
base_book "$book"
cp "$book/content/01-base.md" "$TMP/chapter"

# case NAME HTML WARNING — HTML then two blocks: both are on the page
case_() {
	{ cat "$TMP/chapter"; printf '\n%s\n\n## 后面 (Later heading)\n\n后面的段落。\n\n> The later paragraph.\n' "$2"; } \
		>"$book/content/01-base.md"
	rm -rf "$TMP/out"
	timeout 30 "$BIN" build -C "$book" -o "$TMP/out" >"$TMP/log" 2>&1
	local rc=$?
	if [ $rc -eq 0 ] && grep -q "Later heading" "$TMP/out/01-base.html" &&
		grep -q "The later paragraph" "$TMP/out/01-base.html" &&
		grep -q "^content/01-base.md:12:[0-9]*: warning: raw HTML: $3" "$TMP/log" &&
		grep -q "2/2 *pairs" "$TMP/log"; then
		ok "$1: the later blocks are on the page, with a warning"
	else
		not_ok "$1: the later blocks are on the page, with a warning" \
			"exit $rc: $(grep -v '^ ' "$TMP/log" | head -3 | tr '\n' ' ')"
	fi
}

case_ "a block <embed>" '<embed src="movie.swf">' '<embed> dropped'
case_ "a block <applet> with no end tag" '<applet code="a.class">
<param name="p" value="v">' '<applet> not closed: dropped with what follows it up to the end of its HTML block, line 13'
case_ "an inline <object> with no end tag" 'Text <object data="x">and more' '<object> not closed: dropped with what follows it up to the end of its paragraph'
