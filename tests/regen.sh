#!/usr/bin/env bash
# regen.sh — regenerate the golden files after showing what changes.
#
# For every fixture book, its expected pages; for every bad-input case, its
# expected diagnostics.  The diff is printed first, so review it before you
# commit the new goldens.
set -u
cd "$(dirname "$0")/.."
BIN=${BUILD:-build}/specbook
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
. tests/lib.sh

for book in tests/fixtures/[!_]*/; do
	name=$(basename "$book")
	out="$TMP/$name"
	fixture_copy "$book" "$TMP/book-$name"
	"$BIN" build -C "$TMP/book-$name" -o "$out" --quiet || { echo "fixture $name does not build"; continue; }
	mkdir -p "$book/expected"
	for page in $(cd "$out" && find . \( -name '*.html' -o -name 'flashcards*.txt' \) | sort); do
		want="$book/expected/${page#./}"
		page="$out/${page#./}"
		mkdir -p "$(dirname "$want")"
		if ! cmp -s "$page" "$want"; then
			diff -u "$want" "$page" 2>/dev/null || echo "new golden page: $want"
			cp "$page" "$want"
		fi
	done
done

for case in tests/bad/*/; do
	name=$(basename "$case")
	[ "$name" = _base ] && continue
	run_bad_case "$case" "$TMP" "$PWD/$BIN"
	# a crash or a time-out is never a golden
	if [ "$(head -1 "$TMP/got-all" | tr -dc 0-9)" -ge 124 ]; then
		echo "bad/$name: specbook crashed or hung, golden kept:"; cat "$TMP/got-all"; continue
	fi
	if ! cmp -s "$TMP/got-all" "$case/expected"; then
		diff -u "$case/expected" "$TMP/got-all" 2>/dev/null || { echo "new golden: $case/expected"; cat "$TMP/got-all"; }
		cp "$TMP/got-all" "$case/expected"
	fi
done

# The search golden queries run over the real book: a change to the book
# moves results, so they are recorded again from it (review the diff).
if command -v node >/dev/null 2>&1; then
	"$BIN" build -o "$TMP/real-site" --no-cache --quiet &&
		cp tests/search/golden.txt "$TMP/golden-before" &&
		node tests/search/golden.js "$TMP/real-site" --write >/dev/null &&
		{ diff -u "$TMP/golden-before" tests/search/golden.txt || true; } &&
		cp tests/search/golden-cjk.txt "$TMP/golden-cjk-before" &&
		node tests/search/golden.js "$TMP/real-site" tests/search/golden-cjk.txt --write >/dev/null &&
		{ diff -u "$TMP/golden-cjk-before" tests/search/golden-cjk.txt || true; }
fi
