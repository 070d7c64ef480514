#!/bin/sh
# command.sh — `specbook audit`'s report and reference pin (TAP lines for
# tests/run.sh; the checks themselves are run.sh's).
#
# --html OUT: every finding on the page, uncapped, with the lines it stands
# on and its evidence's; the book's bytes escaped (a book is untrusted);
# OUT written as a new file (never through a link in its place); places
# linked to their lines, on GitHub inside an Actions run; valid HTML.
# book.yaml's audit: {reference: VERSION}: the built-in reference data is
# used only when it is that version (a warning otherwise, and none used).
set -u
cd "$(dirname "$0")/../.."
BUILD=${BUILD:-build}
bin=${SPECBOOK:-$BUILD/specbook}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
ok() { echo "ok - audit: $1"; }
not_ok() { echo "not ok - audit: $1"; [ $# -gt 1 ] && echo "# $2"; }
check() { if eval "$2"; then ok "$1"; else not_ok "$1" "${3:-}"; fi; }

mkdir -p "$tmp/out"
"$bin" audit tests/audit/slips --html "$tmp/out/index.html" >/dev/null 2>&1
rc=$?
"$bin" audit tests/audit/slips --format=json >"$tmp/slips.json" 2>/dev/null
# (JSON merges one message at several lines of a file into one object with
# "also": [{"line": …}]; the report lists each place)
want=$(( $(grep -o '"level"' "$tmp/slips.json" | wc -l) + $(grep -o '{"line"' "$tmp/slips.json" | wc -l) ))
got=$(grep -c '<section class="finding \(error\|warning\)' "$tmp/out/index.html" 2>/dev/null)
check "written, the exit status still the audit's (1)" '[ $rc -eq 1 ] && [ -s "$tmp/out/index.html" ]' "rc $rc"
check "one section per error and warning ($want; notes too, which the terminal holds back while there are errors)" '[ "$got" = "$want" ] && [ "$want" -gt 0 ]' "$got sections"
missing=0
for place in $(sed -n 's/.*"file": "\([^"]*\)", "line": \([0-9]*\), "col": \([0-9]*\).*/\1:\2:\3/p' "$tmp/slips.json"); do
	grep -qF ">$place</a>" "$tmp/out/index.html" || missing=$((missing + 1))
done
check "every finding's place is on the page" '[ $missing -eq 0 ]' "$missing missing"
check "the evidence is quoted: the table row the prose contradicts, the reference row" \
	'grep -q "accelerators.md:[0-9]*:[0-9]*</a> the table gives" "$tmp/out/index.html" && grep -q "<span class=\"ln at\"> *[0-9]* </span> *h800:" "$tmp/out/index.html"'
check "the figure is marked in its line" 'grep -qF "has <mark>48 TFLOPS</mark> of FP32" "$tmp/out/index.html"'

# links: from the report's folder to the book's files, line anchors as GitHub's
href=$(sed -n 's/.*<a class="place" href="\([^"#]*\)#L12">accelerators.md:12:19.*/\1/p' "$tmp/out/index.html" | head -1)
check "a place links to the file, from where the report is (#L12)" '[ -n "$href" ] && [ -f "$tmp/out/$href" ]' "href '$href'"
GITHUB_SERVER_URL=https://github.example GITHUB_REPOSITORY=o/r GITHUB_SHA=abc123 GITHUB_WORKSPACE=$PWD \
	"$bin" audit tests/audit/slips --html "$tmp/gh.html" >/dev/null 2>&1
check "in a GitHub Actions run, the commit's file on GitHub" \
	'grep -qF "href=\"https://github.example/o/r/blob/abc123/tests/audit/slips/accelerators.md#L12\"" "$tmp/gh.html"'

# a hostile book: markup in cells, prose and a file's name
mkdir -p "$tmp/evil"
cat >"$tmp/evil/x<i>\"q.md" <<'MD'
| GPU | BF16 TFLOPS | FP8 TFLOPS |
| --- | --- | --- |
| H100 SXM <script>alert(1)</script> | 989 | 1,979 |
| H200 | 989 | 1,979 |
| B200 | 2,250 | 4,500 |

The B200's 2,250 TFLOPS is 3.5× the H100's 989 TFLOPS <img src=x onerror=alert(2)><script>alert(3)</script>.
MD
"$bin" audit "$tmp/evil" --html "$tmp/evil.html" >/dev/null 2>&1
check "a finding in the hostile book is reported" 'grep -q "<section class=\"finding" "$tmp/evil.html"'
check "its markup is text: no element of the book on the page" \
	'! grep -q "<script\|<img\|<i>" "$tmp/evil.html" && grep -qF "&lt;script&gt;" "$tmp/evil.html" && grep -qF "x&lt;i&gt;&quot;q.md" "$tmp/evil.html"'

# a figure far right in a long line: the quote starts near it (no
# scrolling to find the mark), the same columns cut from every line
mkdir -p "$tmp/long"
cat >"$tmp/long/a.md" <<'MD'
| GPU | BF16 TFLOPS | FP8 TFLOPS |
| --- | --- | --- |
| H100 SXM | 989 | 1,979 |
| H200 | 989 | 1,979 |

Much has been written about these parts over the years, and the figures move with each release of the vendor's sheets, but the H100 SXM gives 1,000 TFLOPS of BF16 in this table's terms.
MD
"$bin" audit "$tmp/long" --html "$tmp/long.html" >/dev/null 2>&1
check "a figure far right in its line is quoted from near it, marked" \
	'grep -q "<span class=\"ln at\"> *6 </span>… .\{0,40\}<mark>1,000 TFLOPS</mark>" "$tmp/long.html"' \
	"$(grep "ln at" "$tmp/long.html" | head -2)"

# OUT a link to someone's file: replaced by the report, the file untouched
echo "theirs" >"$tmp/theirs"
ln -s "$tmp/theirs" "$tmp/link.html"
"$bin" audit tests/audit/slips --html "$tmp/link.html" >/dev/null 2>&1
check "a link in OUT's place is replaced, not written through" \
	'[ "$(cat "$tmp/theirs")" = theirs ] && [ ! -L "$tmp/link.html" ] && grep -q "<section" "$tmp/link.html"'
"$bin" audit tests/audit/slips --html "$tmp/no/such/dir/r.html" >"$tmp/log" 2>&1
rc=$?
check "an OUT that cannot be written: said, exit 1" '[ $rc -eq 1 ] && grep -q "cannot write the report" "$tmp/log"'

# uncapped: more findings than the terminal shows
mkdir -p "$tmp/many"
i=0
while [ $i -lt 30 ]; do
	for k in 1 2 3 4 5; do
		printf 'The B200 has 2,250 TFLOPS, which is %s.%s× the 989 TFLOPS of the H100.\n\n' "$((k + 3))" "$i"
	done >"$tmp/many/c$i.md"
	i=$((i + 1))
done
"$bin" audit "$tmp/many" --html "$tmp/many.html" >"$tmp/many.log" 2>&1
got=$(grep -c '<section class="finding error' "$tmp/many.html")
check "every finding is on the page, past the terminal's cap (150)" '[ "$got" = 150 ]' "$got sections"

# the reference data pinned by version
version=$("$bin" audit tests/audit/slips 2>&1 | sed -n 's/.*reference data version \([0-9a-f]*\) .*/\1/p')
check "the summary names the reference data's version" '[ ${#version} -eq 8 ]' "'$version'"
mkdir -p "$tmp/pin/content"
cp tests/audit/slips/*.md "$tmp/pin/content/"
printf 'title: pinned\naudit: {reference: "%s"}\n' "$version" >"$tmp/pin/content/book.yaml"
"$bin" audit "$tmp/pin" >"$tmp/pin.log" 2>&1
check "pinned to this binary's version: held against the reference" \
	'grep -q "reference data for NVIDIA H800" "$tmp/pin.log" && ! grep -q "pins reference data" "$tmp/pin.log"'
printf 'title: pinned\naudit:\n  reference: "00000000"\n' >"$tmp/pin/content/book.yaml"
"$bin" audit "$tmp/pin" >"$tmp/pin.log" 2>&1
rc=$?
check "pinned to another version: a warning at the pin, saying what to write; no reference finding" \
	'grep -q "^content/book.yaml:3:14: warning: the book pins reference data .00000000.; this specbook carries version $version" "$tmp/pin.log" &&
	 grep -q "hint:.*reference: \"$version\"" "$tmp/pin.log" && ! grep -q "reference data for" "$tmp/pin.log" && [ $rc -eq 1 ]' \
	"rc $rc: $(grep -m2 "book.yaml" "$tmp/pin.log")"

mkdir -p "$tmp/nomd/sub" && echo 'no markdown' >"$tmp/nomd/sub/notes.txt"
"$bin" audit "$tmp/nomd" >"$tmp/nomd.log" 2>&1
rc=$?
check "a folder with no Markdown: a warning that says which folder to give, exit 0" \
	'grep -q "nomd: warning: no Markdown file here" "$tmp/nomd.log" && grep -q "hint: give the folder that holds" "$tmp/nomd.log" && [ $rc -eq 0 ]' \
	"rc $rc: $(head -2 "$tmp/nomd.log")"

if [ "${SKIP_VALIDATE:-}" ]; then
	echo "ok - audit: valid HTML # SKIP SKIP_VALIDATE set"
else
	cp "$tmp/evil.html" "$tmp/out/evil.html"
	sh tests/validate.sh "$tmp/out" >"$tmp/vnu.log" 2>&1
	rc=$?
	check "valid HTML (the W3C checker: the slips' report and the hostile one)" '[ $rc -eq 0 ]' \
		"$(grep -v '^ok' "$tmp/vnu.log" | head -5)"
fi
