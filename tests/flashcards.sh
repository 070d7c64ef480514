#!/usr/bin/env bash
# flashcards.sh — the Anki export (TAP): flashcards-zh.txt and
# flashcards-en.txt are files Anki imports without add-ons, a deck per
# language.  Anki reads a text file of notes, one a line, fields separated
# by tabs, with header lines (#separator, #html, #deck, #guid column,
# #columns, #tags column) telling it how; a tab or a line break inside a
# field would cut a note in two, and an unescaped quote at a field's start
# would make Anki read it as a quoted CSV field.  Checked on the fixture
# book tests/fixtures/study (against its golden too, in run.sh) and on the
# real book: every figure to remember, every question and every distinct
# value of practice.html's drills is one note, with a tag for its chapter
# (or spec table); a note's GUID is stable when its question is reworded;
# no answer carries more digits than the book shows (17.934003×);
# figures.html links to both files.
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
problems() {   # file, the other language's lang tag
	awk -F'\t' -v other="$2" '
	NR == 1 && $0 != "#separator:tab" { print "line 1 is not #separator:tab" }
	NR == 2 && $0 != "#html:true" { print "line 2 is not #html:true" }
	NR == 3 && $0 !~ /^#deck:[^\t]+$/ { print "line 3 is not a #deck: line" }
	NR == 4 && $0 != "#guid column:1" { print "line 4 does not put the GUID in column 1" }
	NR == 5 && $0 != "#columns:GUID\tFront\tBack\tTags" { print "line 5 does not name the columns" }
	NR == 6 && $0 != "#tags column:4" { print "line 6 does not put the tags in column 4" }
	NR > 6 {
		if (NF != 4) { printf "line %d has %d fields, not 4\n", NR, NF; next }
		if ($1 !~ /^specbook-(zh|en)-[0-9a-f]+$/) printf "line %d: GUID \"%s\" is not specbook-LANG-HEX\n", NR, $1
		if ($1 in guid) printf "line %d: GUID %s is line %d'"'"'s too\n", NR, $1, guid[$1]
		guid[$1] = NR
		for (i = 2; i <= 3; i++) {
			if ($i == "") printf "line %d: field %d is empty\n", NR, i
			if (index($i, "lang=\"" other "\"")) printf "line %d: field %d is in the other deck'"'"'s language\n", NR, i
			f = $i
			gsub(/<div lang="(zh-Hans|en)">|<\/div>|<div>|<b>|<\/b>|<br>/, "", f)
			if (f ~ /[<>"]/) printf "line %d: field %d holds markup or a quote that is not escaped: %s\n", NR, i, f
			if (f ~ /&/ && f !~ /&(amp|lt|gt|quot);/) printf "line %d: a bare & in field %d\n", NR, i
		}
		# an answer shown to more digits than the book shows a number
		if ($3 ~ /= [0-9,]*[0-9]\.[0-9][0-9][0-9][0-9][0-9]/) printf "line %d: an unrounded answer: %s\n", NR, $3
		if ($4 !~ /^specbook::[^ \t]+ (figure|question|drill)$/) printf "line %d: tags \"%s\" are not \"specbook::WHERE figure|question|drill\"\n", NR, $4
		# a drill: the same answer for the same column of the same table
		if ($4 ~ / drill$/) {
			col = $2; sub(/<\/div>$/, "", col); sub(/.*(: |：)/, "", col)
			k = $4 SUBSEP col SUBSEP $3
			if (k in drill) printf "line %d: the drill of line %d again (%s, %s)\n", NR, drill[k], col, $3
			drill[k] = NR
		}
	}
	END { if (NR < 7) print "no note" }' "$1"
}

# The checker itself finds a note cut by a tab, a raw quote, a GUID twice,
# a note in the other language, an unrounded answer and a drill repeated.
printf '#separator:tab\n#html:true\n#deck:x\n#guid column:1\n#columns:GUID\tFront\tBack\tTags\n#tags column:4\n' >"$T/broken.txt"
printf 'specbook-zh-1\ta\tb\tc\tspecbook::x figure\n' >>"$T/broken.txt"
printf 'specbook-zh-2\t"q"\tb\tspecbook::x question\n' >>"$T/broken.txt"
printf 'specbook-zh-2\t<div lang="en">q</div>\t<b>18×</b> = 17.934003×\tspecbook::x question\n' >>"$T/broken.txt"
printf 'specbook-zh-3\tA：显存（GiB）\t<b>80 GiB</b>\tspecbook::specs::t drill\n' >>"$T/broken.txt"
printf 'specbook-zh-4\tB：显存（GiB）\t<b>80 GiB</b>\tspecbook::specs::t drill\n' >>"$T/broken.txt"
if [ "$(problems "$T/broken.txt" en | wc -l)" -ge 6 ]; then
	ok "the format check finds a tab too many, a raw quote, a GUID twice, the other language, 17.934003× and a drill twice"
else
	problems "$T/broken.txt" en | sed 's/^/# /'
	not_ok "the format check finds a tab too many, a raw quote, a GUID twice, the other language, 17.934003× and a drill twice"
fi

guids() { awk -F'\t' 'FNR > 6 { sub(/^specbook-(zh|en)-/, "", $1); print $1, $4 }' "$@" | sort -u; }

check_site() {   # name, site
	local name=$1 site=$2 lang other f
	for lang in zh en; do
		f=$site/flashcards-$lang.txt
		other=$([ $lang = zh ] && echo en || echo zh-Hans)
		if [ ! -f "$f" ]; then
			not_ok "$name: flashcards-$lang.txt is written"; continue
		fi
		local why
		why=$(problems "$f" "$other")
		if [ -z "$why" ]; then ok "$name: flashcards-$lang.txt is a deck of $lang notes: a GUID each, HTML fields, a tag per chapter, answers rounded, no drill twice"
		else echo "$why" | head -5 | sed 's/^/# /'; not_ok "$name: flashcards-$lang.txt is a deck of $lang notes: a GUID each, HTML fields, a tag per chapter, answers rounded, no drill twice"; fi
	done
	local figures questions notes_f notes_q drills distinct notes_d
	figures=$(grep -o 'class="figure"' "$site/figures.html" | wc -l)
	questions=$(cat $(ls "$site"/*.html | grep -v '/print.html$') | grep -o '<div class="quiz"' | wc -l)
	# a note per figure and question, in one deck or both
	notes_f=$(guids "$site"/flashcards-*.txt | grep -c ' figure$')
	notes_q=$(guids "$site"/flashcards-*.txt | grep -c ' question$')
	# a drill per distinct answer of a column, of the drills of practice.html
	drills=$(grep -o 'class="quiz drill"[^>]*data-kind="number"' "$site/practice.html" | wc -l)
	distinct=$(grep -o 'class="quiz drill" id="d-[^"]*"[^>]*data-key="[^"]*"' "$site/practice.html" |
		sed -E 's/.* id="d-.*-([^"-]+)".* data-key="([^"]*)"/\1 \2/' | sort -u | wc -l)
	notes_d=$(grep -c ' drill$' "$site/flashcards-en.txt")
	if [ "$figures" -gt 0 ] && [ "$notes_f" -eq "$figures" ] && [ "$notes_q" -eq "$questions" ] &&
		[ "$drills" -gt 0 ] && [ "$notes_d" -ge "$distinct" ] && [ "$notes_d" -le "$drills" ] &&
		[ "$notes_d" -eq "$(grep -c ' drill$' "$site/flashcards-zh.txt")" ]; then
		ok "$name: one note per figure ($figures), per question ($questions), per distinct drill ($notes_d of $drills)"
	else
		not_ok "$name: one note per figure ($notes_f of $figures), per question ($notes_q of $questions), per distinct drill ($notes_d: $distinct to $drills)"
	fi
	local chapters tagged
	chapters=$(grep -l 'class="study-card\|<div class="quiz"' "$site"/*.html | grep -v '/print\.html$\|/figures\.html$' | wc -l)
	tagged=$(awk -F'\t' 'FNR > 6 && $4 !~ / drill$/ { split($4, t, " "); print t[1] }' "$site"/flashcards-*.txt | sort -u | wc -l)
	if [ "$tagged" -eq "$chapters" ]; then ok "$name: a tag for each of its $chapters chapters"
	else not_ok "$name: a tag for each of its $chapters chapters (got $tagged)"; fi
	if grep -q 'href="flashcards-zh.txt"' "$site/figures.html" && grep -q 'href="flashcards-en.txt"' "$site/figures.html"; then
		ok "$name: figures.html links to both decks"
	else not_ok "$name: figures.html links to both decks"; fi
}

fixture_copy tests/fixtures/study "$T/book"
"$BIN" build -C "$T/book" -o "$T/site" --quiet 2>/dev/null
check_site "fixture study" "$T/site"
"$BIN" build -o "$T/real" --quiet 2>/dev/null
check_site "the real book" "$T/real"

# A reworded question and a renamed figure keep their GUIDs: Anki then
# updates the notes instead of adding copies.
guids "$T/site"/flashcards-*.txt >"$T/guids-before"
sed -i -e 's/^en: How much memory do eight A cards hold, in GB?/en: What is the memory of eight A cards, in GB?/' \
	-e 's/^zh: 八块 A 卡一共有多少显存（GB）？/zh: 八块 A 卡的显存合计多少 GB？/' "$T/book/content/02-quiz.md"
sed -i -e 's/@ memory of eight A cards}/@ the memory eight A cards hold}/' -e 's/@ 八块 A 卡的显存}/@ 八块 A 卡的显存合计}/' \
	"$T/book/content/01-figures.md"
rm -rf "$T/site2"
"$BIN" build -C "$T/book" -o "$T/site2" --quiet 2>/dev/null
guids "$T/site2"/flashcards-*.txt >"$T/guids-after"
if grep -q 'What is the memory of eight A cards' "$T/site2/flashcards-en.txt" &&
	grep -q 'the memory eight A cards hold' "$T/site2/flashcards-en.txt" &&
	grep -q '八块 A 卡的显存合计' "$T/site2/flashcards-zh.txt" &&
	cmp -s "$T/guids-before" "$T/guids-after"; then
	ok "a reworded question and a renamed figure keep their GUIDs"
else
	diff "$T/guids-before" "$T/guids-after" | head -5 | sed 's/^/# /'
	not_ok "a reworded question and a renamed figure keep their GUIDs"
fi
