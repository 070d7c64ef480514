#!/usr/bin/env bash
# audit-paragraph.sh — `specbook audit` stays linear in one paragraph.
#
# A paragraph of ASCII sentences, each with a figure, an equation written
# out and one in TeX (`$3 \times 2 = 6$ GB. 52e12 * 2 bytes = 104 TB.`), no
# line break: each figure's unit was once looked for up to the paragraph's
# first Han character, so that 20,000 sentences took 17 s and 80,000 would
# take minutes.  Timed at 5,000 and at 20,000 sentences: four times the
# text may take at most six times as long (lib.sh linear).
set -u
cd "$(dirname "$0")/../.."
BIN=$(cd "${BUILD:-build}" && pwd)/specbook
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
. tests/hostile/lib.sh

# book DIR N — a folder with one chapter of one paragraph of N sentences
book() {
	mkdir -p "$1"
	awk -v n="$2" 'BEGIN { print "# T\n"; for (i = 1; i <= n; i++) printf "$%d \\times 2 = %d$ GB. 52e12 * 2 bytes = 104 TB. ", i, 2 * i; print "" }' >"$1/a.md"
}

book "$TMP/small" 5000
book "$TMP/big" 20000
t1=$(cpu_seconds timeout 60 "$BIN" audit --quiet "$TMP/small")
t4=$(cpu_seconds timeout 60 "$BIN" audit --quiet "$TMP/big")
linear "audit: one paragraph of 20,000 sentences with equations" "$t1" "$t4"
timeout 60 "$BIN" audit --quiet "$TMP/big" >/dev/null 2>&1
rc=$?
check "audit: the paragraph's equations hold (exit 0, within 60 s)" '[ $rc -eq 0 ]'
