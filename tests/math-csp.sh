#!/bin/sh
# math-csp.sh — formulas typeset under the page's CSP, with no violation
# and no style attribute (TAP; tests/browser/math-csp.js in chromium).
#
# Needs what tests/browser/run.sh installs (chromium, playwright-core in
# tests/browser/node_modules): without them it says so and skips.
set -u
cd "$(dirname "$0")/.."
BIN=$PWD/${BUILD:-build}/specbook
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
if [ ! -d tests/browser/node_modules/playwright-core ] || [ ! -x "${CHROMIUM:-/usr/bin/chromium}" ]; then
	echo "ok - # SKIP no chromium or playwright-core (tests/browser/run.sh installs them)"
	exit 0
fi
cp -r tests/fixtures/_maths "$TMP/book"
if ! "$BIN" build -C "$TMP/book" -o "$TMP/site" -q 2>"$TMP/err"; then
	echo "not ok - the maths book builds"; cat "$TMP/err"
	exit 1
fi
if [ ! -f "$TMP/site/assets/katex/katex.min.js" ]; then
	echo "ok - # SKIP no KaTeX on this machine (libjs-katex)"
	exit 0
fi
exec node tests/browser/math-csp.js "$TMP/site" 01-maths.html
