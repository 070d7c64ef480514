#!/usr/bin/env bash
# new-book.sh — a book of one's own (TAP): the built-in defaults, how a
# book's own files override them, `specbook new`, and the authoring guide
# in docs/, which must build with --werror.
set -u
cd "$(dirname "$0")/.."
BIN=${BUILD:-build}/specbook
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
n=0
ok()     { n=$((n + 1)); echo "ok $n - $1"; }
not_ok() { n=$((n + 1)); echo "not ok $n - $1"; }
check()  { if eval "$2"; then ok "$1"; else not_ok "$1"; fi; }

# A book of book.yaml and one chapter: no units.yaml, no templates.
mini() {
	mkdir -p "$1/content"
	printf 'title: {zh: 小书, en: A small book}\n' >"$1/content/book.yaml"
	printf -- '---\ntitle: {zh: 开始, en: Start}\n---\n\n# 开始 (Start)\n\n八张卡共有 {768 GB = 8 × 96 GB}。\n\n> Eight cards hold {768 GB = 8 × 96 GB}.\n' \
		>"$1/content/01-start.md"
}
mini "$T/mini"
check "a book of book.yaml and one chapter builds with the built-in units and templates" \
	'"$BIN" build -C "$T/mini" -o "$T/mini-site" --werror --quiet 2>"$T/err"'
# the same book with this repository's units.yaml and templates copied in
cp -r "$T/mini" "$T/full"
mkdir -p "$T/full/specs" && cp specs/units.yaml "$T/full/specs/" && cp -r templates "$T/full/"
"$BIN" build -C "$T/full" -o "$T/full-site" --quiet 2>/dev/null
check "the built-in defaults are specs/units.yaml and templates/ (the two sites are identical)" \
	'[ -f "$T/mini-site/index.html" ] && diff -r "$T/mini-site" "$T/full-site" >/dev/null'

# a book's asset replaces the built-in one of its name and adds others;
# its page.html replaces the built-in template
cp -r "$T/mini" "$T/own"
mkdir -p "$T/own/templates/assets"
echo '/* mine */' >"$T/own/templates/assets/site.css"
echo '// extra' >"$T/own/templates/assets/extra.js"
"$BIN" build -C "$T/own" -o "$T/own-site" --quiet 2>/dev/null
check "a book's templates/assets/site.css replaces the built-in one" \
	'[ "$(cat "$T/own-site/assets/site.css" 2>/dev/null)" = "/* mine */" ]'
check "a book's other assets are added, the other built-in ones kept" \
	'[ -f "$T/own-site/assets/extra.js" ] && cmp -s "$T/own-site/assets/search.js" templates/assets/search.js'
cp tests/fixtures/_templates/page.html tests/fixtures/_templates/assets/style.css "$T/own/templates/" && mv "$T/own/templates/style.css" "$T/own/templates/assets/"
"$BIN" build -C "$T/own" -o "$T/own-site" --quiet 2>/dev/null
check "a book's templates/page.html replaces the built-in template" \
	'! cmp -s "$T/own-site/index.html" "$T/mini-site/index.html" && [ -f "$T/own-site/index.html" ]'

# a book's units.yaml replaces the built-in table as a whole (it is not merged)
cp -r "$T/mini" "$T/units"
mkdir -p "$T/units/specs"
printf 'dimensions:\n  things: widget\nunits:\n  widget: {base: things}\n' >"$T/units/specs/units.yaml"
"$BIN" check -C "$T/units" --quiet 2>"$T/err"
check "a book's units.yaml replaces the built-in one: GB is unknown there" \
	'grep -q "content/01-start.md:7:.*unknown unit .GB." "$T/err"'

# specbook new
check "specbook new writes a book" '"$BIN" new "$T/nb" >"$T/out" 2>&1'
check "the new book builds with no warning" '"$BIN" build -C "$T/nb" --werror --quiet 2>"$T/err"'
check "the new book passes specbook check" '"$BIN" check -C "$T/nb" --werror --quiet 2>"$T/err"'
check "the new book has two chapters, a compare block with a chart, a disputed figure" \
	'ls "$T/nb/site/"0[12]-*.html >/dev/null && grep -q "<svg" "$T/nb/site/02-compare.html" &&
	 grep -q "disputed" "$T/nb/site/claims.html"'
mkdir "$T/busy" && touch "$T/busy/notes.txt"
"$BIN" new "$T/busy" >/dev/null 2>"$T/err"; status=$?
check "specbook new refuses a non-empty directory (exit $status) and writes nothing" \
	'[ $status -ne 0 ] && grep -q "is not empty" "$T/err" && [ "$(ls -A "$T/busy")" = notes.txt ]'
# a fresh git repository (Zola ignores dot files the same way); a
# .gitignore of the author's is kept
mkdir -p "$T/repo/.git" && echo '/out/' >"$T/repo/.gitignore"
check "specbook new accepts a folder holding only dot files (git init), keeps its .gitignore" \
	'"$BIN" new "$T/repo" >/dev/null 2>"$T/err" && [ -f "$T/repo/content/book.yaml" ] &&
	 [ "$(cat "$T/repo/.gitignore")" = /out/ ] && grep -q "kept as it is" "$T/err"'
mkdir "$T/empty"
check "specbook new writes into an empty directory" '"$BIN" new "$T/empty" >/dev/null 2>&1 && [ -f "$T/empty/content/book.yaml" ]'
"$BIN" new >/dev/null 2>&1; status=$?
check "specbook new without DIR is a usage error" '[ $status -eq 2 ]'

# the authoring guide is a book: every example span in it is checked
if "$BIN" build -C docs -o "$T/docs-site" --werror --no-cache --quiet 2>"$T/err"; then
	ok "the authoring guide (docs/) builds with --werror"
else
	head -20 "$T/err" | sed 's/^/# /'; not_ok "the authoring guide (docs/) builds with --werror"
fi
echo "1..$n"
