#!/usr/bin/env bash
# runaway-diagnostics.sh — diagnostics stay bounded in every format.
#
# Eight chapters with 30 failing claims each (240 errors): a file shows its
# first 20 and a note of how many more, a run at most 100 and a note of the
# rest, in gnu, json (still one valid JSON array) and github formats.
# Before, all 240 were printed and nothing said so; a line of a million
# stray braces was a million errors.
set -u
cd "$(dirname "$0")/../.."
BIN=$(cd "${BUILD:-build}" && pwd)/specbook
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
. tests/hostile/lib.sh

book="$TMP/book"
base_book "$book"
for f in 2 3 4 5 6 7 8 9; do
	{
		printf -- '---\nid: m%d\ntitle: {zh: 多%d, en: Many %d}\n---\n\n' "$f" "$f" "$f"
		for i in $(seq 1 30); do printf 'Line %d: {%d GB = %d GB}\n\n' "$i" "$i" $((i + 1)); done
	} >"$book/content/0$f-many.md"
done

# check NAME STATUS EXPECTED-STATUS COUNT-CMP — one TAP line
check() {
	if [ "$2" -eq "$3" ] && [ "$4" = yes ]; then echo "ok - $1"; else echo "# exit $2"; echo "not ok - $1"; fi
}

timeout 20 "$BIN" check -C "$book" --quiet 2>"$TMP/gnu"; rc=$?
n=$(grep -c ': error: claim does not hold$' "$TMP/gnu")
notes=$(grep -c '^content/0[2-9]-many.md: note: too many errors in this file: 10 more not shown' "$TMP/gnu")
last=$(tail -1 "$TMP/gnu")
check "gnu: 100 errors of 240 shown" $rc 1 "$([ "$n" -eq 100 ] && echo yes)"
check "gnu: a note per cut file" $rc 1 "$([ "$notes" -eq 5 ] && echo yes)"
check "gnu: the run's note comes last" $rc 1 \
	"$([ "$last" = "specbook: note: too many errors: 90 more not shown; fix the first 100 and build again (--max-diagnostics=0 shows every one); by kind: 240 errors \"claim does not hold\"" ] && echo yes)"

timeout 20 "$BIN" check -C "$book" --quiet --format=json >"$TMP/json" 2>/dev/null; rc=$?
# node, not python3: tools/ensure-deps.sh test installs nodejs, and a bare
# Debian has no python3
if command -v node >/dev/null; then
	summary=$(node -e 'const d = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
console.log(d.filter(x => x.level === "error").length, d.filter(x => x.level === "note").length, d[d.length - 1].file)' "$TMP/json" 2>&1)
	check "json: one valid array, 100 errors and 6 notes, the run's last" $rc 1 \
		"$([ "$summary" = "100 6 specbook" ] && echo yes)"
else
	echo "ok - json: one valid array # SKIP no node (tools/ensure-deps.sh test installs it)"
fi

timeout 20 "$BIN" check -C "$book" --quiet --format=github 2>"$TMP/github"; rc=$?
n=$(grep -c '^::error ' "$TMP/github")
check "github: 100 errors and 6 notices" $rc 1 \
	"$([ "$n" -eq 100 ] && [ "$(grep -c '^::notice' "$TMP/github")" -eq 6 ] && echo yes)"

# Footnotes, unknown callouts and unpaired Chinese blocks by the ten
# thousand (issue 16, part 9): bounded output, time linear in the input
# (each footnote's column was found by scanning its block: a line of
# 100,000 was quadratic), the notes the same from run to run.
many="$TMP/many"
mkdir -p "$many/specs"
cp -r tests/bad/_base/. "$many/"
cp specs/units.yaml "$many/specs/"
{
	printf -- '---\nid: many\ntitle: {zh: 多, en: Many}\n---\n\nNotes '
	printf 'x[^1] %.0s' $(seq 1 100000)
	printf '\n\n[^1]: https://example.com/\n\n'
	for i in $(seq 1 3000); do printf '> [!FOO]\n> Quoted.\n\n第 %d 段没有译文。\n\n' "$i"; done
} >"$many/content/02-many.md"
start=$(date +%s)
timeout 60 "$BIN" check -C "$many" 2>"$TMP/many-a"; rc=$?
secs=$(( $(date +%s) - start ))
timeout 60 "$BIN" check -C "$many" --jobs 1 2>"$TMP/many-b"
check "100,000 footnotes, 3,000 unknown callouts and unpaired blocks: checked in ${secs} s (under 20)" \
	$rc 0 "$([ "$secs" -lt 20 ] && echo yes)"
check "their output is bounded" $rc 0 "$([ "$(wc -l <"$TMP/many-a")" -lt 200 ] && echo yes)"
check "and the same with one thread" $rc 0 \
	"$(diff <(grep -v '^specbook: checked' "$TMP/many-a") <(grep -v '^specbook: checked' "$TMP/many-b") >/dev/null && echo yes)"

# a line number of six digits widens the gutter: the caret stays under the
# claim it points at (it was one column to the left)
far="$TMP/far"
base_book "$far"
{
	printf -- '---\nid: far\ntitle: {zh: 远, en: Far}\n---\n\n'
	head -c 100010 /dev/zero | tr '\0' '\n'
	printf 'Far: {1 GB = 3 GB}\n'
} >"$far/content/02-far.md"
"$BIN" check -C "$far" >"$TMP/far-log" 2>&1
rc=$?
src=$(grep -m1 '^ 100016 | ' "$TMP/far-log")
caret=$(grep -m1 -A1 '^ 100016 | ' "$TMP/far-log" | tail -1)
before=${src%%\{*} under=${caret%%^*}
check "a six-digit line number: the caret is under the claim's brace" $rc 1 \
	"$([ -n "$src" ] && [ "$before" != "$src" ] && [ "${#under}" -eq "${#before}" ] && echo yes)"
