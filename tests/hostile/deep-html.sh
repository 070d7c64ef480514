#!/bin/bash
# deep-html.sh — raw HTML nested 100,000 deep (TAP; issue 34, part 2).
#
# Markdown blocks nest at most 64 deep; raw HTML had no limit, and the
# DOM's copy and serializer recursed once per level: 600 KB of nested
# <div> (or 100,000 unclosed inline <span>) overflowed the worker's
# stack, and the build died of signal 11.  Now a kept element deeper
# than 256 is an error at its place (dropped, its content kept: the run
# stays linear), the walks are loops, and a page nested 250 deep is
# written whole.
set -u
cd "$(dirname "$0")/../.."
BIN=$(cd "${BUILD:-build}" && pwd)/specbook
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
. tests/hostile/lib.sh

repeat() { yes "$1" | head -n "$2" | tr -d '\n'; }
book=$TMP/book
base_book "$book"
chapter=$book/content/01-base.md
cp "$chapter" "$TMP/chapter"

# deep NAME BODY — the chapter with BODY after it fails with the depth error
deep() {
	{ cat "$TMP/chapter"; printf '\n%s\n' "$2"; } >"$chapter"
	timeout 60 "$BIN" build -C "$book" -o "$TMP/out" >"$TMP/log" 2>&1
	local rc=$?
	if [ $rc -eq 1 ] && grep -q "^content/01-base.md:[0-9]*:[0-9]*: error: raw HTML: <[a-z]*> nested more than 256 deep" "$TMP/log" &&
		[ "$(grep -c 'nested more than' "$TMP/log")" -eq 1 ] && [ ! -e "$TMP/out" ]; then
		ok "$1: one error at its place, no site"
	else
		not_ok "$1: one error at its place, no site" "exit $rc: $(grep -v '^ ' "$TMP/log" | head -2 | cut -c1-200 | tr '\n' ' ')"
	fi
}

deep "100,000 nested block <div>" "<div>$(repeat '<div>' 100000)x$(repeat '</div>' 100000)</div>"
deep "100,000 unclosed inline <span>" "a $(repeat '<span>a' 100000)"
deep "100,000 nested inline <b>, closed" "a $(repeat '<b>' 100000)x$(repeat '</b>' 100000)"

echo "# 250 deep is kept whole"
{ cat "$TMP/chapter"; printf '\n<div>\n%sdeepest%s\n</div>\n' "$(repeat '<div>' 249)" "$(repeat '</div>' 249)"; } >"$chapter"
timeout 60 "$BIN" build -C "$book" -o "$TMP/out" >"$TMP/log" 2>&1
rc=$?
check "it builds" '[ $rc -eq 0 ]' "$(head -3 "$TMP/log")"
check "the page holds the levels around the text" \
	'grep -q "$(repeat "<div>" 249)deepest$(repeat "</div>" 249)" "$TMP/out/01-base.html"'
