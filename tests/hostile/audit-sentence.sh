#!/usr/bin/env bash
# audit-sentence.sh — `specbook audit` stays linear in one long sentence.
#
# A sentence of many clauses, each with a figure (an equation, a link's
# bandwidth), no full stop: each figure once looked for its clause by
# scanning the whole sentence, and for the clauses after it again, so that
# 400 clauses took 3.6 s and 2,000 did not end in 5 minutes.  The
# clauses are now found once a sentence; what is left is not linear yet:
# each figure still copies its sentence's words (prose.c words_for(),
# figure.c name_words()), so 4x the clauses take about 5x the time
# (250: 0.4 s, 1,000: 1.9 s of CPU).  Checked: 2,000 clauses in under 10 s
# of CPU (the old scan took more than 60 s), and the time of both sizes
# printed.
set -u
cd "$(dirname "$0")/../.."
BIN=$(cd "${BUILD:-build}" && pwd)/specbook
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
. tests/hostile/lib.sh

# book DIR N — a folder with one chapter of one sentence of 2N clauses
book() {
	mkdir -p "$1"
	awk -v n="$2" 'BEGIN { print "# T\n"; for (i = 1; i <= n; i++)
		printf "3 * 4 = 12 GB, NVLink 3 gives 600 GB/s and PCIe 4.0 x16 gives 32 GB/s, "; print "" }' >"$1/a.md"
}

book "$TMP/small" 250
book "$TMP/big" 1000
t1=$(cpu_seconds timeout 60 "$BIN" audit --quiet "$TMP/small")
t4=$(cpu_seconds timeout 60 "$BIN" audit --quiet "$TMP/big")
check "audit: one sentence of 2,000 clauses with figures in under 10 s of CPU (${t1}s at 500 clauses, ${t4}s at 2,000)" \
	"awk -v t='$t4' 'BEGIN { exit !(t < 10) }'"
