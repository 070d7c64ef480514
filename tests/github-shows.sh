#!/bin/bash
# github-shows.sh — what GitHub shows as it is, shown (TAP): a '$' that
# opens no formula, a byte that is not UTF-8.
#
# `$\pi $是圆周率` (a space before the closing '$'), `$\alpha` with no '$'
# after it on its line, a lone `$$` whose formula a blank line ends: GitHub
# shows each as text.  specbook shows the dollars as written and reads on
# (what follows is Markdown, and a span there is a span), with one note a
# file, at the first, and never an error.  A span with a typo beside them
# is an error at its column: tests/bad/math-unterminated.
set -u
cd "$(dirname "$0")/.."
BIN=$PWD/${BUILD:-build}/specbook
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
. tests/hostile/lib.sh

book=$TMP/book
base_book "$book"
cp -r tests/bad/math-unterminated/content/. "$book/content/"
sed -i '/^A span with a typo/d' "$book/content/01-base.md"
# a second file with two more: one note for it too
cp "$book/content/01-base.md" "$book/content/02-more.md"
sed -i 's/^id: base/id: more/; s/{zh: 基础, en: Base}/{zh: 更多, en: More}/' "$book/content/02-more.md"
"$BIN" build -C "$book" -o "$TMP/site" >"$TMP/log" 2>&1
rc=$?
check "a book of dollars that open no formula builds (exit 0), with no error" \
	'[ $rc -eq 0 ] && ! grep -q "error:" "$TMP/log"' "exit $rc: $(cat "$TMP/log")"
check "one note a file, at the first" \
	'[ "$(grep -c "note: unterminated math, shown as written" "$TMP/log")" -eq 2 ] &&
	 grep -q "^content/01-base.md:10:14: note: unterminated math" "$TMP/log" &&
	 grep -q "^content/02-more.md:10:14: note: unterminated math" "$TMP/log"' "$(cat "$TMP/log")"
page=$TMP/site/01-base.html
check "each is shown as written" \
	'grep -qF "<p>Endurance is \$\\frac{TBW}{C \\times 365} drive writes per day.</p>" "$page" &&
	 grep -qF "<p>\$\$" "$page" && grep -qF "never an error: \$\\pi \$是圆周率。</p>" "$page"' \
	"$(grep -o "<p>[^<]*" "$page")"
check "a formula that closes is still a formula" 'grep -qF "<code class=\"math\">\\frac{TBW}{C \\times 365}</code>" "$page"'
check "what follows a lone dollar is Markdown, as on GitHub" \
	'printf "\nCost \$\\\\alpha is **bold** here.\n" >>"$book/content/02-more.md" &&
	 "$BIN" build -C "$book" -o "$TMP/site" -q 2>/dev/null &&
	 grep -qF "Cost \$\\alpha is <strong>bold</strong> here." "$TMP/site/02-more.html"' \
	"$(grep -o "Cost[^/]*" "$TMP/site/02-more.html")"

# A character cut in two (a file cut short, llm-action's blog.md:113): the
# byte is shown as U+FFFD, as GitHub shows it, with a warning at its place,
# said again by a rebuild that renders the chapter from its cache; a file
# in another encoding stays an error (tests/bad/invalid-utf8).
ubook=$TMP/ubook
base_book "$ubook"
printf '\nHuggingFace Transformers \xe5\xba\x93\xe4\n\nThe next line.\n' >>"$ubook/content/01-base.md"
"$BIN" build -C "$ubook" -o "$TMP/usite" >"$TMP/ulog" 2>&1
rc=$?
check "a cut character builds (exit 0), a warning at its line and column" \
	'[ $rc -eq 0 ] && grep -q "^content/01-base.md:12:27: warning: invalid UTF-8 (byte 0xE4): shown as U+FFFD" "$TMP/ulog"' \
	"exit $rc: $(cat "$TMP/ulog")"
check "the page shows it as U+FFFD" \
	'grep -q "HuggingFace Transformers 库$(printf "\xef\xbf\xbd")</p>" "$TMP/usite/01-base.html"' \
	"$(grep -a "Transformers" "$TMP/usite/01-base.html")"
"$BIN" build -C "$ubook" -o "$TMP/usite" >"$TMP/ulog2" 2>&1
rc=$?
check "a rebuild says it again" \
	'[ $rc -eq 0 ] && grep -q "warning: invalid UTF-8 (byte 0xE4)" "$TMP/ulog2"' "exit $rc: $(cat "$TMP/ulog2")"

# Display maths over several lines whose opening "$$" a space or a '['
# follows (llm_note): maths, as GitHub renders it; "$$ spent" with no
# closing "$$" before a blank line stays money.
mbook=$TMP/mbook
base_book "$mbook"
printf '\n$$ a\nb$$\n\n$$[q] = b\nc$$\n\nIdle hours waste $$, which is money.\n\n$$ spent\non nothing.\n' >>"$mbook/content/01-base.md"
"$BIN" build -C "$mbook" -o "$TMP/msite" >"$TMP/mlog" 2>&1
rc=$?
mpage=$TMP/msite/01-base.html
check "\$\$ a … b\$\$ and \$\$[q] = b … c\$\$ are display maths" \
	'[ $rc -eq 0 ] && grep -qF "<p><code class=\"math math-display\"> a" "$mpage" &&
	 grep -qF "<p><code class=\"math math-display\">[q] = b" "$mpage"' "exit $rc: $(cat "$TMP/mlog"); $(grep -o "<p>[^<]*" "$mpage")"
check "\$\$ as money stays money" \
	'grep -qF "<p>Idle hours waste \$\$, which is money.</p>" "$mpage" && grep -qF "<p>\$\$ spent" "$mpage"'
