#!/bin/bash
# nested-inline-html.sh — inline raw HTML costs time linear in its size
# (TAP; issue 34, part 6).
#
# Each inline HTML piece was placed by searching its block from the
# start (and measuring the block's last line again), and each warning of
# a dropped element read its line again for the column: 30,000 nested
# <b>…</b> took 9 s and 100,000 passed 60 s.  The CPU time at 4 times the
# input must stay under 6 times the time at 1x.
set -u
cd "$(dirname "$0")/../.."
BIN=$(cd "${BUILD:-build}" && pwd)/specbook
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
. tests/hostile/lib.sh

repeat() { yes "$1" | head -n "$2" | tr -d '\n'; }
book=$TMP/book
base_book "$book"
cp "$book/content/01-base.md" "$TMP/chapter"

# with BODY — the book's chapter followed by a paragraph BODY
with() { { cat "$TMP/chapter"; printf '\n%s\n' "$1"; } >"$book/content/01-base.md"; }
run() { timeout 120 "$BIN" build -C "$book" -o "$TMP/out" -q; }

with "a $(repeat '<b>' 25000)x$(repeat '</b>' 25000)"
t1=$(cpu_seconds run)
with "a $(repeat '<b>' 100000)x$(repeat '</b>' 100000)"
t4=$(cpu_seconds run)
linear "25,000 then 100,000 nested <b>…</b>" "$t1" "$t4"

with "a $(repeat '<foo>x</foo>' 25000)"
t1=$(cpu_seconds run)
with "a $(repeat '<foo>x</foo>' 100000)"
t4=$(cpu_seconds run)
linear "25,000 then 100,000 dropped <foo> on a line, each a warning" "$t1" "$t4"
