#!/usr/bin/env bash
# long-line-links.sh — links on one long line are located in linear time.
#
# Each link's target is found in the source to give its diagnostics and its
# data-src a line:col.  The search started at the block's first byte for
# every link, and counted the column from the line's start (spans_column()
# measured the line again too), so a paragraph of N links on one line cost
# N²: 32,000 links with spans between them took 25 s of CPU.  Two such
# paragraphs (40,000 links each, every one with its own target; 40,000
# reference links whose target is written elsewhere) must be checked within
# 10 s of CPU time (the linear search takes about half a second), and a
# broken link at the end of the first must be reported at its column.
set -u
cd "$(dirname "$0")/../.."
BIN=$(cd "${BUILD:-build}" && pwd)/specbook
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
. tests/hostile/lib.sh
N=40000

base_book "$TMP/b"
{
	printf -- '---\nid: base\ntitle: {zh: 基础, en: Base}\n---\n\n## 基础 (Base) {#base}\n\n'
	awk -v n="$N" 'BEGIN { for (i = 0; i < n; i++) printf "{2 = 1 + 1} [x](https://example.org/%d) ", i
		printf "[end](missing.md)\n\n"
		for (i = 0; i < n; i++) printf "{2 = 1 + 1} [y][r] "
		print "\n\n[r]: https://example.org/r" }'
} >"$TMP/b/content/01-base.md"
# the column of "missing.md": every link before it is 38 + its number's digits wide
col=$(awk -v n="$N" 'BEGIN { c = 1; for (i = 0; i < n; i++) c += 38 + length(i ""); print c + 6 }')

TIMEFORMAT='%U %S'
if { time timeout 300 "$BIN" check -C "$TMP/b" --quiet 2>"$TMP/err"; } 2>"$TMP/time"; then
	not_ok "a link to a missing chapter after $N links fails the check"
else
	cpu=$(awk '{ printf "%d", $1 + $2 }' "$TMP/time")
	check "two paragraphs of $N links on one line each are checked within 10 s of CPU ($(cat "$TMP/time") s user, system)" \
		'[ "$cpu" -lt 10 ]'
	check "the broken link after $N links is reported at line 8, column $col" \
		"grep -q \"^content/01-base.md:8:$col: error: link to a missing chapter 'missing.md'\" \"\$TMP/err\"" \
		"$(head -3 "$TMP/err")"
fi
