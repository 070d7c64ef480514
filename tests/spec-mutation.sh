#!/bin/bash
# tests/spec-mutation.sh — does anything check the spec values? (TAP)
#
# Every numeric value of a row in specs/*.yaml (not units.yaml, not
# sources.yaml, whose only numbers are dates) is raised by 10% in a copy of
# the book, one at a time, and `specbook check` runs on the copy.  A value
# is "caught" when the check then fails: a derived column, a table rule, a
# row check or a claim in the prose depends on it.  The test prints
#     spec mutation: K of N values caught (P%)
# and every uncaught value as a "# file:line key: value" line, and fails
# when P is below THRESHOLD, the share the book has reached (rounded down).
#
# A numeric value is a row field (4-space indent) whose value, unquoted and
# without its comment, starts with a digit: a plain number (`3.35`), a
# number with thousands separators (`13,824`), a magnitude suffix (`671B`),
# a unit (`"10 TB/s"`, `"2 Gib"`) or a range (`"120–132 kW"`).  Every
# number in the value is raised (both ends of a range).  Dates (`2024-12`)
# and zero (raising 0 by 10% leaves 0) are not counted.
set -u
cd "$(dirname "$0")/.."
BIN=$PWD/${BUILD:-build}/specbook
THRESHOLD=${SPEC_MUTATION_THRESHOLD:-94}   # reached: 440 of 466 (94%); the goal was 90%.
# (96% before issue 15 gave spec rows to facts only the prose had stated:
# latencies, temperatures, the tender's minimums, process nodes. Each has one
# source and nothing derives from it, so raising it by 10% breaks nothing.)
JOBS=${JOBS:-2}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

# A copy of the book (symbolic links are refused: a book's files must be
# inside it); each mutation hard-links it and replaces one spec file.
mkdir "$TMP/book"
cp -R content specs templates "$TMP/book/"

# The book as it is must check, or every mutation would look caught.
if ! "$BIN" check --quiet --no-cache -C "$TMP/book" >/dev/null 2>&1; then
	echo "not ok - the real book checks before any mutation"
	exit 1
fi
echo "ok - the real book checks before any mutation"

# One line per mutation: FILE<TAB>LINE<TAB>the mutated line.
for f in specs/*.yaml; do
	case $f in specs/units.yaml|specs/sources.yaml) continue ;; esac
	awk -v file="$f" '
	function raise(s,    out, m, num, x, r) {
		out = ""
		while (match(s, /[0-9][0-9,]*(\.[0-9]+)?/)) {
			num = substr(s, RSTART, RLENGTH)
			gsub(/,/, "", num)
			x = num * 1.1
			r = sprintf("%.6g", x)
			out = out substr(s, 1, RSTART - 1) r
			s = substr(s, RSTART + RLENGTH)
		}
		return out s
	}
	/^    [a-z_][a-z0-9_]*: / {
		line = $0
		key = line; sub(/^    /, "", key); sub(/:.*/, "", key)
		if (key == "name" || key == "aliases" || key == "sources" || key == "checks")
			next
		val = line; sub(/^    [a-z_][a-z0-9_]*: /, "", val)
		comment = ""
		if (match(val, /[ \t]+#.*/)) {
			comment = substr(val, RSTART); val = substr(val, 1, RSTART - 1)
		}
		q = ""
		if (val ~ /^".*"$/) { q = "\""; val = substr(val, 2, length(val) - 2) }
		if (val !~ /^[0-9]/) next                  # text, marker or n/a
		if (val ~ /^[0-9.,]+-/) next               # a date (2024-12) or a word (8-GPU)
		probe = val; gsub(/[^0-9.]/, "", probe)
		if (probe + 0 == 0) next                   # zero stays zero
		printf "%s\t%d\t    %s: %s%s%s%s\n", file, NR, key, q, raise(val), q, comment
	}' "$f"
done >"$TMP/mutations"

N=$(wc -l <"$TMP/mutations")
[ "$N" -gt 0 ] || { echo "not ok - no numeric spec values found"; exit 1; }

# mutate I: copies the book with mutation I applied, runs check, prints
# "caught I" or "missed I".
mutate() {
	local i=$1 d=$TMP/m$1
	local file line text
	IFS=$'\t' read -r file line text < <(sed -n "${i}p" "$TMP/mutations")
	cp -al "$TMP/book" "$d"
	rm "$d/$file"
	awk -v n="$line" -v t="$text" 'NR == n { print t; next } { print }' \
		"$file" >"$d/$file"
	if "$BIN" check --quiet --no-cache -C "$d" >/dev/null 2>&1; then
		echo "missed $i"
	else
		echo "caught $i"
	fi
	rm -rf "$d"
}
export -f mutate
export TMP BIN
seq 1 "$N" | xargs -P "$JOBS" -I{} bash -c 'mutate {}' >"$TMP/results"

K=$(grep -c '^caught ' "$TMP/results")
P=$((K * 100 / N))
echo "# spec mutation: $K of $N values caught ($P%)"
grep '^missed ' "$TMP/results" | sort -k2n | while read -r _ i; do
	IFS=$'\t' read -r file line _ < <(sed -n "${i}p" "$TMP/mutations")
	echo "# uncaught: $file:$line:$(sed -n "${line}p" "$file" | sed 's/^ *//')"
done
if [ "$(wc -l <"$TMP/results")" -ne "$N" ]; then
	echo "not ok - every mutation ran ($(wc -l <"$TMP/results") of $N)"
	exit 1
elif [ "$P" -ge "$THRESHOLD" ]; then
	echo "ok - raising one spec value by 10% fails the check for $P% of them (threshold $THRESHOLD%)"
else
	echo "not ok - raising one spec value by 10% fails the check for $P% of them, below the threshold $THRESHOLD%"
	exit 1
fi
