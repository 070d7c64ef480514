#!/bin/bash
# tests/prose-mutation.sh — are the plain quantities of the prose checked? (TAP)
#
# The held-out test of issue 15: a figure with a unit written as plain
# text in a chapter (not in a span {…}, not in code) is raised by 25% in a
# copy of the book, one at a time, and `specbook check` runs on the copy.
# The figure is "caught" when the check then fails, or lists it as
# unchecked (`specbook check --unchecked`) where it was not before (a
# figure that was matched to its spec row, or bound to a span of its
# section, and is no longer: the `unchecked` warning of a book whose
# book.yaml does not make it an error).  A figure
# that was unchecked already is not caught.  Before the prose scan, none
# was.  The test prints
#     prose mutation: K of N plain quantities caught (P%), F fail the check
# and every figure not caught as a "# file:line: text" line, and fails when
# P is below THRESHOLD.
#
# A plain quantity here is what a reader would call one: digits (with
# thousands separators and decimals) not glued to a word, a space or not,
# and a unit of bytes, bits, their rates, FLOPS or watts.  Lines in fenced
# code are skipped; spans and code spans are masked first.  At most
# SAMPLE of them are tried, evenly spread over the book.
set -u
cd "$(dirname "$0")/.."
BIN=$PWD/${BUILD:-build}/specbook
THRESHOLD=${PROSE_MUTATION_THRESHOLD:-85}   # reached: 59 of 65 (90%); the rest were
# unchecked already, or land by chance on another figure of their sentence
SAMPLE=${SAMPLE:-80}
JOBS=${JOBS:-2}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

mkdir "$TMP/book"
cp -R content specs templates "$TMP/book/"
if ! "$BIN" check --quiet --unchecked -C "$TMP/book" >"$TMP/before" 2>/dev/null; then
	echo "not ok - the real book checks before any mutation"
	exit 1
fi
echo "ok - the real book checks before any mutation"

# One line per plain quantity: FILE<TAB>LINE<TAB>the line with it raised<TAB>
# the figure<TAB>the figure raised.
for f in content/*.md; do
	awk -v file="$f" '
	function mask(s,    out, c, i, depth, code) {
		# spans and code spans become "#" of the same length (positions kept)
		out = ""; depth = 0; code = 0
		for (i = 1; i <= length(s); i++) {
			c = substr(s, i, 1)
			if (c == "`" && !depth) { code = !code; out = out "#"; continue }
			if (!code && c == "{" && substr(s, i - 1, 1) != "\\") depth++
			out = out ((depth || code) ? "#" : c)
			if (!code && c == "}" && depth) depth--
		}
		return out
	}
	/^```/ { fence = !fence; next }
	fence || /^---$/ { next }
	{
		line = $0; m = mask(line); off = 0
		while (match(m, /[0-9][0-9,]*(\.[0-9]+)? ?(GB\/s|TB\/s|Gb\/s|GiB|TiB|GB|TB|MB|TFLOPS|PFLOPS|kW|W)/)) {
			start = off + RSTART; len = RLENGTH
			before = start > 1 ? substr(line, start - 1, 1) : " "
			after = substr(line, start + len, 1)
			m = substr(m, RSTART + RLENGTH); off = start + len - 1
			if (before ~ /[A-Za-z0-9_.\/^-]/ || after ~ /[A-Za-z0-9]/) continue
			text = substr(line, start, len)
			num = text; sub(/ ?[A-Za-z\/]+$/, "", num)
			plain = num; gsub(/,/, "", plain)
			if (plain + 0 == 0) continue
			dec = index(plain, ".") ? length(plain) - index(plain, ".") : 0
			raised = sprintf("%." dec "f", plain * 1.25)
			if (raised + 0 == plain + 0) continue   # too few digits to raise (1 TB/s)
			printf "%s\t%d\t%s%s%s\t%s\t%s\n", file, NR, substr(line, 1, start - 1), raised,
				substr(line, start + length(num)), text, raised substr(text, length(num) + 1)
		}
	}' "$f"
done >"$TMP/all"

TOTAL=$(wc -l <"$TMP/all")
[ "$TOTAL" -gt 0 ] || { echo "not ok - no plain quantities found"; exit 1; }
# evenly spread: every STEP-th
STEP=$(( (TOTAL + SAMPLE - 1) / SAMPLE ))
awk -v s="$STEP" '(NR - 1) % s == 0' "$TMP/all" >"$TMP/mutations"
N=$(wc -l <"$TMP/mutations")

# mutate I: prints "failed I", "reported I" or "missed I".
mutate() {
	local i=$1 d=$TMP/m$1
	local file line text was now
	IFS=$'\t' read -r file line text was now < <(sed -n "${i}p" "$TMP/mutations")
	cp -al "$TMP/book" "$d"
	rm "$d/$file"
	awk -v n="$line" -v t="$text" 'NR == n { print t; next } { print }' "$file" >"$d/$file"
	if ! "$BIN" check --quiet --unchecked -C "$d" >"$d.err" 2>/dev/null; then
		echo "failed $i"
	elif grep "^$file:$line:" "$d.err" | grep -qF ": unchecked: $now " &&
	     ! grep "^$file:$line:" "$TMP/before" | grep -qF ": unchecked: $was "; then
		echo "reported $i"
	else
		echo "missed $i"
	fi
	rm -rf "$d" "$d.err"
}
export -f mutate
export TMP BIN
seq 1 "$N" | xargs -P "$JOBS" -I{} bash -c 'mutate {}' >"$TMP/results"

F=$(grep -c '^failed ' "$TMP/results")
K=$((F + $(grep -c '^reported ' "$TMP/results")))
P=$((K * 100 / N))
echo "# prose mutation: $K of $N plain quantities caught ($P%), $F fail the check ($TOTAL in the book)"
grep '^missed ' "$TMP/results" | sort -k2n | while read -r _ i; do
	IFS=$'\t' read -r file line _ what < <(sed -n "${i}p" "$TMP/mutations")
	echo "# not caught: $file:$line: $what"
done
if [ "$(wc -l <"$TMP/results")" -ne "$N" ]; then
	echo "not ok - every mutation ran ($(wc -l <"$TMP/results") of $N)"
	exit 1
elif [ "$P" -ge "$THRESHOLD" ]; then
	echo "ok - raising a plain quantity by 25% is caught for $P% of them (threshold $THRESHOLD%)"
else
	echo "not ok - raising a plain quantity by 25% is caught for $P% of them, below the threshold $THRESHOLD%"
	exit 1
fi
