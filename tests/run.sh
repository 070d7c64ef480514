#!/usr/bin/env bash
# run.sh — every test of specbook, one line each, then "N passed, M failed".
#
# Unit tests (cmocka, TAP), the literate examples, the fixture books with
# golden pages, the bad-input cases with golden diagnostics, determinism,
# atomic output, the real book's check, and — when their tools are
# present — the browser tests and HTML validation.
set -u
cd "$(dirname "$0")/.."
BUILD=${BUILD:-build}
BIN=$BUILD/specbook
# WRAP runs every program under a checker, e.g. valgrind (make test-valgrind)
RUN="${WRAP:-} $BIN"
pass=0
fail=0
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
. tests/lib.sh

ok()     { pass=$((pass + 1)); echo "ok - $1"; }
# A test that cannot run here says so, and the summary line counts it.
skipped=""
skip()   { skipped="$skipped; $1"; echo "# SKIP $1"; }
not_ok() { fail=$((fail + 1)); echo "not ok - $1"; }

# Counts TAP lines of a test program's output.
tap() {   # name, command...
	local name=$1; shift
	local out rc
	out=$("$@" 2>&1); rc=$?
	local p f
	p=$(grep -E '^ok ' <<<"$out" | grep -cviE '# *skip')
	f=$(grep -cE '^not ok ' <<<"$out")
	pass=$((pass + p)); fail=$((fail + f))
	# "ok - … # SKIP why" (TAP's directive) is a skip, not a pass
	local s
	while IFS= read -r s; do
		skip "$name: ${s#ok }"
	done < <(grep -E '^ok ' <<<"$out" | grep -iE '# *skip')
	if [ "$f" -gt 0 ] || { [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; }; then
		# everything but the passing lines: the failures, their "#"
		# details, and what the program said on stderr (a command not
		# found, a crash), which is often the cause
		grep -vE '^ok ' <<<"$out" | awk '{ l[NR] = $0 } END {
			for (i = 1; i <= NR; i++)
				if (i <= 30 || i > NR - 30) print l[i]
				else if (i == 31) print "# … " NR - 60 " lines not shown …" }'
		[ "$f" -eq 0 ] && not_ok "$name exited $rc"
	fi
	echo "# $name: $p passed, $f failed"
}

echo "# layout"
tap layers sh tests/layers.sh generator
echo "# threads (--jobs N: at most N + 2 alive)"
tap threads bash tests/threads.sh

echo "# unit tests"
for t in "$BUILD"/tests/test_*; do
	[ -x "$t" ] || continue
	CMOCKA_MESSAGE_OUTPUT=TAP tap "$(basename "$t")" ${WRAP:-} "$t"
done

if [ -x "$BUILD/tests/examples" ]; then
	echo "# literate examples"
	tap examples ${WRAP:-} "$BUILD/tests/examples" tests/examples/*.md
fi

if [ -x "$BUILD/tests/commonmark" ]; then
	echo "# the CommonMark spec's examples (tests/commonmark/)"
	tap commonmark ${WRAP:-} "$BUILD/tests/commonmark" tests/commonmark/spec.txt tests/commonmark/book
	"$BUILD/tests/commonmark" tests/commonmark/spec.txt tests/commonmark/book 2>/dev/null | grep -E '^# +[0-9]'
	echo "# GitHub's extensions: the GFM spec's extension examples and cmark-gfm's extensions.txt (tests/gfm/)"
	for spec in tests/gfm/spec-extensions.txt tests/gfm/extensions.txt; do
		tap "gfm $(basename "$spec")" ${WRAP:-} "$BUILD/tests/commonmark" "$spec" tests/commonmark/book
	done
fi

echo "# fixture books"
for book in tests/fixtures/[!_]*/; do
	[ -d "$book" ] || continue
	name=$(basename "$book")
	out="$TMP/fixture-$name"
	fixture_copy "$book" "$TMP/book-$name"
	if ! $RUN build -C "$TMP/book-$name" -o "$out" --quiet 2>"$TMP/err"; then
		cat "$TMP/err"; not_ok "fixture $name builds"; continue
	fi
	ok "fixture $name builds"
	for page in $(cd "$book/expected" 2>/dev/null && find . \( -name '*.html' -o -name 'flashcards*.txt' \) | sort); do
		page=${page#./}
		want="$book/expected/$page"
		if diff -u "$want" "$out/$page" >"$TMP/diff"; then
			ok "fixture $name: $page matches its golden page"
		else
			head -30 "$TMP/diff"; not_ok "fixture $name: $page matches its golden page"
		fi
	done
done

# Files beside the chapters are copied into the site (issue 16, part 5).
if [ -f "$TMP/fixture-basic/index.html" ]; then
	if cmp -s tests/fixtures/basic/content/gpu.svg "$TMP/fixture-basic/gpu.svg"; then
		ok "fixture basic: content/gpu.svg, beside the chapters, is copied into the site"
	else
		not_ok "fixture basic: content/gpu.svg, beside the chapters, is copied into the site"
	fi
fi
# Its unpaired paragraph is a note at its line, which --werror does not
# count and --quiet hides (issue 16, part 9).
if [ -d "$TMP/book-basic" ]; then
	$RUN check -C "$TMP/book-basic" --werror 2>"$TMP/err"; status=$?
	if [ "$status" -eq 0 ] &&
		grep -qx 'content/01-basics.md:15:1: note: Chinese block without its English translation' "$TMP/err"; then
		ok "fixture basic: its unpaired Chinese paragraph is a note at its line, and --werror passes"
	else
		cat "$TMP/err"; not_ok "fixture basic: its unpaired Chinese paragraph is a note at its line, and --werror passes"
	fi
	if $RUN check -C "$TMP/book-basic" --werror --quiet 2>&1 | grep -q note; then
		not_ok "--quiet hides the notes"
	else
		ok "--quiet hides the notes"
	fi
	cp -r "$TMP/book-basic" "$TMP/book-unpaired"
	echo 'note_unpaired: false' >>"$TMP/book-unpaired/content/book.yaml"
	$RUN check -C "$TMP/book-unpaired" 2>"$TMP/err"
	if ! grep -q note "$TMP/err" && grep -q ' 7/8 .*pairs' "$TMP/err"; then
		ok "note_unpaired: false in book.yaml turns the notes off, the coverage is still counted"
	else
		cat "$TMP/err"; not_ok "note_unpaired: false in book.yaml turns the notes off, the coverage is still counted"
	fi
fi

# Escaping: names, values, titles and raw HTML from the book never become markup.
esc="$TMP/fixture-escaping"
if [ -f "$esc/index.html" ]; then
	if grep -rlE '<script>alert|<[a-z]+[^>]* on[a-z]+=|<img src=x' --include='*.html' "$esc" >"$TMP/leaks"; then
		cat "$TMP/leaks"; not_ok "escaping: nothing from the book becomes markup"
	else
		ok "escaping: nothing from the book becomes markup"
	fi
	if grep -q '&lt;script&gt;alert' "$esc/specs/evil_table.html"; then
		ok "escaping: a spec name with <script> shows as text"
	else
		not_ok "escaping: a spec name with <script> shows as text"
	fi
fi

# KaTeX and highlight.js (Debian's libjs-katex, libjs-highlight.js) are
# copied into the site when installed, with KaTeX's fonts; without them
# a page that needs one fails the build.
au="$TMP/fixture-authoring"
if [ -f "$au/index.html" ]; then
	if [ -f "$au/assets/katex/katex.min.js" ] && [ -f "$au/assets/highlight/highlight.min.js" ] &&
		ls "$au/assets/katex/fonts/" 2>/dev/null | grep -q 'KaTeX_Main-Regular.woff2'; then
		ok "math and code: KaTeX (with its fonts) and highlight.js are copied into the site"
	else
		not_ok "math and code: KaTeX (with its fonts) and highlight.js are copied into the site"
	fi
	fixture_copy tests/fixtures/authoring "$TMP/book-nolibs"
	# (issue 38: the same book must not make another site where they are missing)
	if ! SPECBOOK_JS_DIR="$TMP/no-such-dir" $RUN build -C "$TMP/book-nolibs" -o "$TMP/site-nolibs" --quiet 2>"$TMP/err" &&
		[ ! -e "$TMP/site-nolibs" ] &&
		grep -q '^content/01-formulas.md: error: this page has formulas, and KaTeX is not installed' "$TMP/err" &&
		grep -q 'hint: install it: sudo apt-get install libjs-katex fonts-katex' "$TMP/err" &&
		grep -q '^content/01-formulas.md: error: this page has code blocks with a language, and highlight.js is not installed' "$TMP/err"; then
		ok "math and code: without the libraries, a page that needs one fails the build, saying how to install it"
	else
		cat "$TMP/err"; not_ok "math and code: without the libraries, a page that needs one fails the build, saying how to install it"
	fi
fi

echo "# bad input"
for case in tests/bad/*/; do
	name=$(basename "$case")
	[ "$name" = _base ] && continue
	run_bad_case "$case" "$TMP" "$PWD/$BIN"
	if [ ! -f "$case/expected" ]; then
		cat "$TMP/got-all"; not_ok "bad/$name has an expected file"
	elif diff -u "$case/expected" "$TMP/got-all" >"$TMP/diff"; then
		ok "bad/$name"
	else
		cat "$TMP/diff"; not_ok "bad/$name"
	fi
done

echo "# diagnostic formats"
run_bad_case tests/bad/span-claim-fails/ "$TMP" "$PWD/$BIN"
fmt_book="$TMP/book"
if "$BIN" check -C "$fmt_book" --quiet --format=github 2>&1 |
	grep -q '^::error file=content/01-base.md,line=6,col=1,endColumn=23,title=claim does not hold::claim does not hold%0Astated'; then
	ok "--format=github gives a workflow annotation with file, line, col and detail"
else
	not_ok "--format=github gives a workflow annotation with file, line, col and detail"
fi
"$BIN" check -C "$fmt_book" --quiet --format=json >"$TMP/diag.json" 2>/dev/null
if command -v node >/dev/null 2>&1; then
	if node -e 'const d = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
		if (d.length !== 1 || d[0].line !== 6 || d[0].level !== "error") process.exit(1)' "$TMP/diag.json"; then
		ok "--format=json is one JSON array with the location"
	else
		cat "$TMP/diag.json"; not_ok "--format=json is one JSON array with the location"
	fi
else
	skip "--format=json parses as JSON (no node: run tools/ensure-deps.sh test)"
fi

# The workflow for authors: its "make check" line, run as it is at the root
# of a book (the failing one above, then a good one) with this Makefile,
# generator/ and tools/ beside it, and the binary already built in $BUILD.
echo "# the workflow for authors"
wf=.github/workflows/specbook.yml
wf_cmd=$(sed -n 's/^ *run: *\(make check .*\)$/\1/p' "$wf" 2>/dev/null | head -1)
case $BUILD in /*) abs_build=$BUILD ;; *) abs_build=$PWD/$BUILD ;; esac
run_workflow() {   # book dir: runs the workflow's line there into $TMP/wf-out, returns its status
	ln -sfn "$PWD/Makefile" "$PWD/generator" "$PWD/tools" "$1/"
	# a clean make: not the flags of the make that runs these tests
	(cd "$1" && env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL BUILD="$abs_build" bash -c "$wf_cmd") >"$TMP/wf-out" 2>&1
}
if [ -z "$wf_cmd" ]; then
	not_ok "$wf has a step that runs make check"
else
	ok "$wf has a step that runs make check: $wf_cmd"
	run_workflow "$fmt_book"; status=$?
	if [ "$status" -ne 0 ] &&
		grep -qx '::error file=content/01-base.md,line=6,col=1,endColumn=23,title=claim does not hold::claim does not hold%0Astated   13.5 TB     = \[13.45, 13.55\] TB%0Acomputed 72 × 192 GB = 13.8 TB%0Ahint: 13.8 TB is 12.6 TiB — a decimal/binary prefix slip?' "$TMP/wf-out" &&
		! grep -q '^content/01-base.md:6:1: error' "$TMP/wf-out"; then
		ok "the workflow's line fails a wrong claim with a ::error annotation at its file, line and col (exit $status)"
	else
		cat "$TMP/wf-out"; not_ok "the workflow's line fails a wrong claim with a ::error annotation at its file, line and col (exit $status)"
	fi
	fixture_copy tests/fixtures/basic "$TMP/wf-good"
	# (its unpaired paragraph is a note: a ::notice, which fails nothing)
	if run_workflow "$TMP/wf-good" && ! grep -qE '^::(error|warning)' "$TMP/wf-out" &&
		grep -q '^::notice file=content/01-basics.md,line=15,col=1,endColumn=1,title=Chinese block without its English translation::Chinese block without' "$TMP/wf-out"; then
		ok "the workflow's line passes a good book, with no error or warning annotation (a notice)"
	else
		cat "$TMP/wf-out"; not_ok "the workflow's line passes a good book, with no error or warning annotation (a notice)"
	fi
fi

echo "# the real book"
if $RUN check --werror --quiet 2>"$TMP/err"; then
	ok "make check passes on the book"
else
	head -60 "$TMP/err"; not_ok "make check passes on the book"
fi

# Raising any one numeric spec value by 10% must fail the check (issue 15):
# the share caught is printed; the test fails below its threshold.
env BUILD="$BUILD" bash tests/spec-mutation.sh >"$TMP/mutation" 2>&1
tap spec-mutation bash -c 'cat "$1"; exit "$2"' _ "$TMP/mutation" $?
grep -E '^# spec mutation:' "$TMP/mutation"

# Raising a plain quantity of the prose by 25% must be caught (issue 15):
# the share is printed; the test fails below its threshold.
env BUILD="$BUILD" bash tests/prose-mutation.sh >"$TMP/prose-mutation" 2>&1
tap prose-mutation bash -c 'cat "$1"; exit "$2"' _ "$TMP/prose-mutation" $?
grep -E '^# (prose|plain-figure) mutation:' "$TMP/prose-mutation"

"$BIN" build -o "$TMP/site-a" --quiet 2>/dev/null

echo "# determinism and atomic output"
fixture="$TMP/fixture"
fixture_copy tests/fixtures/basic "$fixture"
"$BIN" build -C "$fixture" -o "$TMP/det-a" --quiet 2>/dev/null
"$BIN" build -C "$fixture" -o "$TMP/det-b" --quiet --jobs 1 2>/dev/null
if [ -f "$TMP/det-a/index.html" ] && diff -r "$TMP/det-a" "$TMP/det-b" >/dev/null; then
	ok "two builds (parallel and single-threaded) give identical bytes"
else
	not_ok "two builds (parallel and single-threaded) give identical bytes"
fi
tap determinism env BUILD="$BUILD" tests/determinism.sh

# A failing build must leave the previous site untouched.
broken="$TMP/broken-book"
cp -r "$fixture" "$broken"
"$BIN" build -C "$broken" -o "$TMP/site-c" --quiet 2>/dev/null
before=$(cd "$TMP/site-c" 2>/dev/null && find . -type f -exec md5sum {} + | sort | md5sum)
printf '\nbroken {unknown_row.field} here\n' >>"$broken/content/01-basics.md"
if "$BIN" build -C "$broken" -o "$TMP/site-c" --quiet 2>/dev/null; then
	not_ok "a failing build exits non-zero"
else
	ok "a failing build exits non-zero"
fi
after=$(cd "$TMP/site-c" 2>/dev/null && find . -type f -exec md5sum {} + | sort | md5sum)
if [ -n "$before" ] && [ -f "$TMP/site-c/index.html" ] && [ "$before" = "$after" ]; then
	ok "a failing build leaves the previous site untouched"
else
	not_ok "a failing build leaves the previous site untouched"
fi
if ls -a "$TMP" | grep -q '^\.site-c\.'; then
	not_ok "a failing build leaves no temporary directory"
else
	ok "a failing build leaves no temporary directory"
fi

# A build that is killed leaves its temporary directory behind: the next
# build removes those of builds whose process is gone, and nothing else
# (a live PID may be a build running now).
stale="$TMP/stale"
"$BIN" build -C "$fixture" -o "$stale" --quiet 2>/dev/null
if ls -a "$TMP" | grep -q '^\.stale\.'; then
	not_ok "a build leaves no temporary directory"
else
	ok "a build leaves no temporary directory"
fi
dead=4000000
while [ -e "/proc/$dead" ]; do dead=$((dead + 1)); done
# (.stale.tmp-PID-XXXXXX as mkdtemp() makes them; .stale.tmp-PID from
# versions before it)
mkdir "$TMP/.stale.tmp-$dead-aB3xYz" "$TMP/.stale.tmp-$dead" "$TMP/.stale.old-$dead-Qq1234" \
	"$TMP/.stale.tmp-$$-aB3xYz" "$TMP/.stale.tmp-12ab" "$TMP/.stale.tmp-$dead-toolong"
echo '<p>half a page' >"$TMP/.stale.tmp-$dead-aB3xYz/index.html"
"$BIN" build -C "$fixture" -o "$stale" 2>"$TMP/err"
if [ ! -e "$TMP/.stale.tmp-$dead-aB3xYz" ] && [ ! -e "$TMP/.stale.tmp-$dead" ] &&
	[ ! -e "$TMP/.stale.old-$dead-Qq1234" ]; then
	ok "a build removes what a dead build of the same output left"
else
	not_ok "a build removes what a dead build of the same output left"
fi
if [ -d "$TMP/.stale.tmp-$$-aB3xYz" ] && [ -d "$TMP/.stale.tmp-12ab" ] && [ -d "$TMP/.stale.tmp-$dead-toolong" ]; then
	ok "a build keeps a live build's directory and names it did not make"
else
	not_ok "a build keeps a live build's directory and names it did not make"
fi
if grep -q "^specbook: removed '$TMP/.stale.tmp-$dead-aB3xYz', left by a build that did not finish" "$TMP/err"; then
	ok "a build says what it removed"
else
	cat "$TMP/err"; not_ok "a build says what it removed"
fi
if [ -f "$stale/index.html" ] && diff -r "$TMP/det-a" "$stale" >/dev/null; then
	ok "the site built beside the leftovers is whole"
else
	not_ok "the site built beside the leftovers is whole"
fi
rm -rf "$TMP/.stale.tmp-$$-aB3xYz" "$TMP/.stale.tmp-12ab" "$TMP/.stale.tmp-$dead-toolong"

echo "# a public Markdown book, vendored, built as it is (tests/vendor/)"
tap vendored-book env BUILD="$BUILD" bash tests/vendored-book.sh
tap github-links env BUILD="$BUILD" bash tests/github-links.sh
tap folder-pages env BUILD="$BUILD" bash tests/folder-pages.sh
tap other-tools env BUILD="$BUILD" bash tests/other-tools.sh
tap links-policy env BUILD="$BUILD" bash tests/links-policy.sh
tap github-shows env BUILD="$BUILD" bash tests/github-shows.sh

echo "# specbook audit: any Markdown book's numbers, no YAML (tests/audit/)"
tap audit env BUILD="$BUILD" sh tests/audit/run.sh
tap audit-command env BUILD="$BUILD" sh tests/audit/command.sh

echo "# hostile input"
for t in tests/hostile/*.sh; do
	[ -f "$t" ] && [ "$t" != tests/hostile/lib.sh ] || continue
	tap "hostile/$(basename "$t" .sh)" env BUILD="$BUILD" bash "$t"
done

echo "# a book of your own: defaults, specbook new, the authoring guide"
tap new-book env BUILD="$BUILD" tests/new-book.sh

echo "# specbook lift: a pipe table as a spec table and a compare block"
tap lift env BUILD="$BUILD" tests/lift.sh

echo "# the command line, install, settings, CI output, the action (issue 38)"
tap cli env BUILD="$BUILD" bash tests/cli.sh
tap action env BUILD="$BUILD" bash tests/action.sh

echo "# the Anki export"
tap flashcards env BUILD="$BUILD" tests/flashcards.sh

echo "# the lists of mentions on spec pages and the glossary"
tap mentions env BUILD="$BUILD" tests/mentions.sh

echo "# incremental builds"
tap incremental env BUILD="$BUILD" tests/incremental.sh

if [ -x tests/bench/serve-test.sh ]; then
	echo "# serve"
	tap serve env BUILD="$BUILD" tests/bench/serve-test.sh
fi

if [ -x tests/validate.sh ] && [ -z "${SKIP_BROWSER:-}" ]; then
	echo "# HTML validation"
	tap validate tests/validate.sh "$TMP/site-a"
fi
if [ -x tests/browser/run.sh ] && [ -z "${SKIP_BROWSER:-}" ]; then
	echo "# browser tests"
	tap browser tests/browser/run.sh "$TMP/site-a"
	echo "# formulas under the CSP (tests/browser/math-csp.js)"
	tap math-csp env BUILD="$BUILD" sh tests/math-csp.sh
	echo "# a link to an author's anchor on another page, without JavaScript (tests/browser/author-anchors.js)"
	tap author-anchors env BUILD="$BUILD" sh tests/author-anchors.sh
fi

# The search's answers over the real book: the site's search.js in Node,
# top results compared with those recorded from the real book (make regen
# records them again).  After the browser tests, which install Node on a
# fresh machine.
if command -v node >/dev/null 2>&1; then
	echo "# search golden"
	tap search-golden node tests/search/golden.js "$TMP/site-a"
	# queries of 的, whose terms the real book spreads over two shards
	# (search.h, search_shard()): the answers of the index before it did
	tap search-golden-cjk node tests/search/golden.js "$TMP/site-a" tests/search/golden-cjk.txt
fi

if [ -n "${SKIP_BROWSER:-}" ]; then
	skip "HTML validation and browser tests (SKIP_BROWSER is set)"
fi
if ! command -v node >/dev/null 2>&1; then
	skip "search golden (no node)"
fi

echo
if [ -n "$skipped" ]; then
	n=$(printf '%s\n' "${skipped#; }" | tr ';' '\n' | grep -c .)
	echo "$pass passed, $fail failed, $n skipped:${skipped#;}"
else
	echo "$pass passed, $fail failed"
fi
[ "$fail" -eq 0 ]
