#!/usr/bin/env bash
# lift.sh — `specbook lift FILE:LINE` (TAP): the pipe table of the fixture
# tests/lift/ becomes a spec table and a compare block; the book with both
# builds with --werror, its pipe table now checked against the lifted rows,
# and the compare block shows the values.  Then the bad cases.
set -u
cd "$(dirname "$0")/.."
BIN=$(realpath "${BUILD:-build}/specbook")
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
n=0
ok()     { n=$((n + 1)); echo "ok $n - $1"; }
not_ok() { n=$((n + 1)); echo "not ok $n - $1"; }
check()  { if eval "$2"; then ok "$1"; else not_ok "$1"; fi; }

B=$T/book
mkdir -p "$B" && cp -r tests/lift/. "$B/"
CH=content/01-cards.md
# a line in the middle of the table (one of its rows)
line=$(grep -n '^| Card B' "$B/$CH" | cut -d: -f1)

(cd "$B" && "$BIN" lift "$CH:$line") >"$T/printed" 2>"$T/err"
check "lift prints the spec table and the compare block (exit 0)" \
	'[ $? -eq 0 ] && grep -q "^table: memory_of_the_example_cards$" "$T/printed" && grep -q "^\`\`\`compare$" "$T/printed"'

(cd "$B" && "$BIN" lift --write "$CH:$line") >"$T/cmp" 2>"$T/err"
Y=$B/specs/memory_of_the_example_cards.yaml
check "lift --write writes specs/<id>.yaml and prints the compare block" \
	'[ -f "$Y" ] && head -1 "$T/cmp" | grep -q "^\`\`\`compare$"'
check "the table's id and title come from the nearest heading" \
	'grep -q "^title: {en: \"Memory of the example cards\"}$" "$Y"'
check "a column of figures in one known unit gets it (TB/s, n/a aside); text columns none" \
	'grep -q "^  memory: {en: \"Memory\", unit: \"GB\"}$" "$Y" && grep -q "^  bandwidth: {en: \"Bandwidth\", unit: \"TB/s\"}$" "$Y" && grep -q "^  vendor: {en: \"Vendor\"}$" "$Y"'
check "rows are keyed by a safe id of the first cell; a figure in its column's unit is its number, words as written (\\| a pipe)" \
	'grep -q "^  card_b_large:$" "$Y" && grep -q "^    name: \"Card B (large)\"$" "$Y" && grep -q "^    memory: 192$" "$Y" && grep -q "^    vendor: \"Example | Co.\"$" "$Y" && grep -q "^    bandwidth: n/a$" "$Y"'
check "the compare block names the table, its rows and its columns" \
	'grep -q "^rows: \[card_a, card_b_large, card_c\]$" "$T/cmp" && grep -q "^columns: \[memory, bandwidth, vendor\]$" "$T/cmp"'

cat "$T/cmp" >>"$B/$CH"
"$BIN" build -C "$B" -o "$T/site" --werror >"$T/out" 2>&1
check "the book with the lifted table and its compare block builds with --werror" '[ $? -eq 0 ]'
check "the pipe table's figures are now checked against the lifted rows (5 matched)" \
	'grep -q "5 matched, 0 unchecked" "$T/out"'
# the compare figure, on one line: the values of the rows in its cells
fig=$(grep -o '<figure class="compare">.*</figure>' "$T/site/01-cards.html" 2>/dev/null)
check "the compare block shows the values (192 GB, 3.35 TB/s, n/a as —)" \
	'echo "$fig" | grep -q "data-sort=\"192\">192<" && echo "$fig" | grep -q "data-sort=\"3.35\">3.35<" && echo "$fig" | grep -q "<td>—</td>" && echo "$fig" | grep -q "unit\">GB<"'

# bad cases: no table at the line; a line past the end; not FILE:LINE;
# --write over an existing file
(cd "$B" && "$BIN" lift "$CH:7") >"$T/out" 2>"$T/err"
st=$?
check "no pipe table at the line: an error at FILE:LINE with the nearest table in the hint, exit 1" \
	'[ $st -eq 1 ] && grep -q "^$CH:7:1: error: no pipe table at line 7$" "$T/err" && grep -q "hint: the nearest pipe table starts at line 11: specbook lift $CH:11" "$T/err" && [ ! -s "$T/out" ]'
(cd "$B" && "$BIN" lift "$CH:9999") >/dev/null 2>"$T/err"
st=$?
check "a line past the end: an error with the file's length, exit 1" \
	'[ $st -eq 1 ] && grep -q "error: line 9999 is past the end of the file" "$T/err"'
"$BIN" lift "$CH" >/dev/null 2>"$T/err"
st=$?
check "not FILE:LINE: a usage error naming the form, exit 2" \
	'[ $st -eq 2 ] && grep -q "FILE:LINE" "$T/err"'
cp "$Y" "$T/before"
(cd "$B" && "$BIN" lift --write "$CH:$line") >/dev/null 2>"$T/err"
st=$?
check "--write never overwrites specs/<id>.yaml (exit 1, file unchanged)" \
	'[ $st -eq 1 ] && grep -q "does not overwrite" "$T/err" && cmp -s "$Y" "$T/before"'
# specs/ a link out of the book: refused, nothing written there
L=$T/linked
mkdir -p "$L" "$T/outside" && cp -r tests/lift/. "$L/" && ln -s "$T/outside" "$L/specs"
(cd "$L" && "$BIN" lift --write "$CH:$line") >/dev/null 2>"$T/err"
st=$?
check "--write into a specs/ that links out of the book: refused, nothing written (exit 1)" \
	'[ $st -eq 1 ] && [ -z "$(ls -A "$T/outside")" ]'

# a table in both languages: a Chinese table and its English translation
# in the blockquote after it, under a "中文 (English)" heading
Z=$T/bilingual
mkdir -p "$Z/content"
printf 'title: {zh: 双语, en: Bilingual}\n' >"$Z/content/book.yaml"
cat >"$Z/content/01-cards.md" <<'MD'
---
title: {zh: 卡, en: Cards}
---

## 示例卡的显存 (Memory of the example cards)

| 型号 | 显存（GB） | 带宽 (Bandwidth) | 厂商 |
| :--- | ---: | ---: | :--- |
| Card A | 80 | 3.35 TB/s | Example Co. |
| Card C | 48 | n/a | Other Inc. |

> | Card | Memory (GB) | Bandwidth | Vendor |
> | :--- | ---: | ---: | :--- |
> | Card A | 80 | 3.35 TB/s | Example Co. |
> | Card C | 48 | n/a | Other Inc. |
MD
(cd "$Z" && "$BIN" lift --write content/01-cards.md:14) >"$T/cmp2" 2>"$T/err"
Y2=$Z/specs/memory_of_the_example_cards.yaml
check "a table paired with its translation: the title and the columns get both languages" \
	'grep -q "^title: {zh: \"示例卡的显存\", en: \"Memory of the example cards\"}$" "$Y2" && grep -q "^  bandwidth: {zh: \"带宽\", en: \"Bandwidth\", unit: \"TB/s\"}$" "$Y2" && grep -q "^  vendor: {zh: \"厂商\", en: \"Vendor\"}$" "$Y2"'
check "a header's unit in parentheses is the unit of its bare numbers, not a name (显存（GB）)" \
	'grep -q "^  memory: {zh: \"显存\", en: \"Memory\", unit: \"GB\"}$" "$Y2" && grep -q "^    memory: 80$" "$Y2"'
cat "$T/cmp2" >>"$Z/content/01-cards.md"
"$BIN" build -C "$Z" -o "$T/site2" --werror >"$T/out" 2>&1
check "both tables are then checked cell by cell, by the columns their headers name (6 matched)" \
	'grep -q "6 matched, 0 unchecked" "$T/out"'

# a real table of 13 columns (tests/lift-gpus: vendor first, labels, two
# figures in a cell, teraFLOPS, a unit's slip): lift --write, then the
# chapter passes check against what was lifted (64 errors before)
G=$T/gpus
cp -r tests/lift-gpus "$G"
(cd "$G" && "$BIN" lift --write content/01-chips.md:9) >"$T/gcmp" 2>"$T/gerr"
st=$?
GY=$G/specs/chips.yaml
check "the 13-column table lifts (exit 0), the slip '239 TFOPS' named at its row with 'did you mean TFLOPS?'" \
	'[ $st -eq 0 ] && [ -f "$GY" ] && grep -q "^content/01-chips.md:14: warning: .TFOPS. is not a unit" "$T/gerr" && grep -q "did you mean TFLOPS?" "$T/gerr"'
check "rows are keyed by the first column whose cells are all different (the model, not the vendor)" \
	'grep -q "^  rtx_3090:$" "$GY" && grep -q "^    name: \"RTX 3090\"$" "$GY" && grep -q "^  h800_sxm:$" "$GY" && ! grep -q "^  row[0-9]" "$GY"'
check "a unit the cells share goes to the column, their values become numbers (35.58 TFLOPS, 24GB（GDDR6X）, 1,979 teraFLOPS)" \
	'grep -q "^  fp16: {zh: \"FP16 算力\", unit: \"TFLOPS\"}$" "$GY" && grep -q "^    fp16: 35.58$" "$GY" && grep -q "^    col5: 24   # 24GB（GDDR6X）$" "$GY" && grep -q "^    bf16: 1979   # 1,979 teraFLOPS（Tensor Core）$" "$GY" && grep -q "^    cuda_core: 18432$" "$GY"'
check "a cell with two labelled figures keeps the first, the cell as a comment; - and 不支持 are no figure and n/a" \
	'grep -q "^    fp16: 369.7   # 369.7 TFLOPS（Tensor Core）82.58 TFLOPS$" "$GY" && grep -q "^    fp8: n/a$" "$GY" && ! grep -q "\"-\"" "$GY"'
"$BIN" check -C "$G" --unchecked >"$T/gout" 2>&1
st=$?
check "the chapter passes check against the table it was lifted from (exit 0, no error)" \
	'[ $st -eq 0 ] && ! grep -q "error:" "$T/gout"' "$(grep -A3 "error:" "$T/gout" | head -20)"
check "the slip is a warning in the chapter too, and --unchecked lists it" \
	'grep -q "warning: .TFOPS. is not a unit: the figure .239 TFOPS. is not checked" "$T/gout" && grep -q "unchecked: 239 TFOPS" "$T/gout"'

# a link in the key column: its text names the row, not its URL
K=$T/linked-key
mkdir -p "$K/content"
printf 'title: {en: Keys}\n' >"$K/content/book.yaml"
cat >"$K/content/01-keys.md" <<'MD'
---
title: {en: Keys}
---

## Linked cards

| Vendor | Card | Memory |
| --- | --- | --- |
| Example Co. | [Card A](https://example.com/cards/a) | 80 GB |
| Example Co. | [**Card B**](https://example.com/cards/b) | 96 GB |
MD
(cd "$K" && "$BIN" lift --write content/01-keys.md:9) >/dev/null 2>"$T/kerr"
KY=$K/specs/linked_cards.yaml
check "a linked key cell: the row's id and name from the link's text" \
	'grep -q "^  card_a:$" "$KY" && grep -q "^    name: \"Card A\"$" "$KY" && grep -q "^  card_b:$" "$KY" && grep -q "^    name: \"Card B\"$" "$KY" && ! grep -q "https" "$KY"' "$(cat "$KY" "$T/kerr")"

# a column whose cells all write the prefix as a word, as datasheets do:
# the column's unit is the symbol's spelling (TFLOPS), not teraFLOPS
W=$T/word-prefix
mkdir -p "$W/content"
printf 'title: {en: Words}\n' >"$W/content/book.yaml"
cat >"$W/content/01-words.md" <<'MD'
---
title: {en: Words}
---

## Datasheet figures

| Chip | FP32 |
| --- | --- |
| Chip A | 67 teraFLOPS |
| Chip B | 60 teraFLOPS |
MD
(cd "$W" && "$BIN" lift --write content/01-words.md:9) >/dev/null 2>"$T/werr"
WY=$W/specs/datasheet_figures.yaml
check "a column of 'teraFLOPS' gets the unit TFLOPS, its values their numbers" \
	'grep -q "^  fp32: {en: \"FP32\", unit: \"TFLOPS\"}$" "$WY" && grep -q "^    fp32: 67$" "$WY"' "$(cat "$WY" "$T/werr")"
"$BIN" check -C "$W" >"$T/wout" 2>&1
check "and the chapter passes check against it" '[ $? -eq 0 ] && ! grep -q "error:" "$T/wout"' "$(cat "$T/wout")"

echo "1..$n"
