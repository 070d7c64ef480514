#!/usr/bin/env bash
# flashcards.sh — the Anki export (TAP): flashcards.txt is a file Anki
# imports without add-ons.  Anki reads a text file of notes, one a line,
# fields separated by tabs, with header lines (#separator, #html,
# #columns, #tags column) telling it how; a tab or a line break inside a
# field would cut a note in two, and an unescaped quote at a field's start
# would make Anki read it as a quoted CSV field.  Checked on the fixture
# book tests/fixtures/study (against its golden too, in run.sh) and on the
# real book: every figure to remember, every question and every drill of
# practice.html is one note, with a tag for its chapter (or spec table);
# figures.html links to the file.
set -u
cd "$(dirname "$0")/.."
BIN=${BUILD:-build}/specbook
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
. tests/lib.sh
n=0
ok()     { n=$((n + 1)); echo "ok $n - $1"; }
not_ok() { n=$((n + 1)); echo "not ok $n - $1"; }

# Prints what is wrong with the flashcards file $1 (nothing when it is right).
problems() {
	awk -F'\t' '
	NR == 1 && $0 != "#separator:tab" { print "line 1 is not #separator:tab" }
	NR == 2 && $0 != "#html:true" { print "line 2 is not #html:true" }
	NR == 3 && $0 != "#columns:Front\tBack\tTags" { print "line 3 does not name the columns" }
	NR == 4 && $0 != "#tags column:3" { print "line 4 does not put the tags in column 3" }
	NR > 4 {
		if (NF != 3) { printf "line %d has %d fields, not 3\n", NR, NF; next }
		for (i = 1; i <= 2; i++) {
			if ($i == "") printf "line %d: field %d is empty\n", NR, i
			f = $i
			gsub(/<div lang="(zh-Hans|en)">|<\/div>|<div>|<b>|<\/b>|<br>/, "", f)
			if (f ~ /[<>"]/) printf "line %d: field %d holds markup or a quote that is not escaped: %s\n", NR, i, f
			if (f ~ /&/ && f !~ /&(amp|lt|gt|quot);/) printf "line %d: a bare & in field %d\n", NR, i
		}
		if ($3 !~ /^specbook::[^ \t]+ (figure|question|drill)$/) printf "line %d: tags \"%s\" are not \"specbook::WHERE figure|question|drill\"\n", NR, $3
	}
	END { if (NR < 5) print "no note" }' "$1"
}

# The checker itself finds a note cut by a tab, and a raw quote.
printf '#separator:tab\n#html:true\n#columns:Front\tBack\tTags\n#tags column:3\na\tb\tc\tspecbook::x figure\n"q"\tb\tspecbook::x question\n' >"$T/broken.txt"
if [ "$(problems "$T/broken.txt" | wc -l)" -ge 2 ]; then
	ok "the format check finds a note with a tab too many and a raw quote"
else
	not_ok "the format check finds a note with a tab too many and a raw quote"
fi

check_site() {   # name, site
	local name=$1 site=$2 f=$2/flashcards.txt
	if [ ! -f "$f" ]; then
		not_ok "$name: flashcards.txt is written"; return
	fi
	local why
	why=$(problems "$f")
	if [ -z "$why" ]; then ok "$name: flashcards.txt is tab-separated notes with HTML fields and a tag per chapter"
	else echo "$why" | head -5 | sed 's/^/# /'; not_ok "$name: flashcards.txt is tab-separated notes with HTML fields and a tag per chapter"; fi
	local figures questions notes_f notes_q
	figures=$(grep -o 'class="figure"' "$site/figures.html" | wc -l)
	questions=$(cat $(ls "$site"/*.html | grep -v '/print.html$') | grep -o '<div class="quiz"' | wc -l)
	notes_f=$(grep -c ' figure$' "$f")
	notes_q=$(grep -c ' question$' "$f")
	drills=$(grep -o 'class="quiz drill"[^>]*data-kind="number"' "$site/practice.html" | wc -l)
	notes_d=$(grep -c ' drill$' "$f")
	if [ "$figures" -gt 0 ] && [ "$notes_f" -eq "$figures" ] && [ "$notes_q" -eq "$questions" ] &&
		[ "$drills" -gt 0 ] && [ "$notes_d" -eq "$drills" ]; then
		ok "$name: one note per figure ($figures), per question ($questions) and per drill ($drills)"
	else
		not_ok "$name: one note per figure ($notes_f of $figures), per question ($notes_q of $questions) and per drill ($notes_d of $drills)"
	fi
	local chapters tagged
	chapters=$(grep -l 'class="study-card\|<div class="quiz"' "$site"/*.html | grep -v '/print\.html$\|/figures\.html$' | wc -l)
	tagged=$(awk -F'\t' 'NR > 4 && $3 !~ / drill$/ { split($3, t, " "); print t[1] }' "$f" | sort -u | wc -l)
	if [ "$tagged" -eq "$chapters" ]; then ok "$name: a tag for each of its $chapters chapters"
	else not_ok "$name: a tag for each of its $chapters chapters (got $tagged)"; fi
	if grep -q 'href="flashcards.txt"' "$site/figures.html"; then ok "$name: figures.html links to flashcards.txt"
	else not_ok "$name: figures.html links to flashcards.txt"; fi
}

fixture_copy tests/fixtures/study "$T/book"
"$BIN" build -C "$T/book" -o "$T/site" --quiet 2>/dev/null
check_site "fixture study" "$T/site"
"$BIN" build -o "$T/real" --quiet 2>/dev/null
check_site "the real book" "$T/real"
