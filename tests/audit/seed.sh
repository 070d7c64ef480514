#!/bin/sh
# seed.sh — how many seeded slips `specbook audit` finds (issue 37's measure).
#
#   tests/audit/seed.sh SPECBOOK BOOK [SITES] [MIN_RECALL]
#
# Picks up to SITES figures (default 40) about well-known parts (H100, A100,
# B200, MI300X, Gaudi, TPU...; a whole name: not A1000, MR-V100) in BOOK's Markdown, tables and prose, spread
# evenly over the candidates, and seeds one slip at a time into a copy of
# the book: ×2, ×1000, ×1.024, two digits swapped, +15%.  A slip is found
# when the audit reports an error or a warning at its line and column, or
# quoting its figure (strict), or names its place as the evidence of a
# finding elsewhere (loose); a finding about another figure of its line is
# not the slip's.  Every diagnostic is read (--max-diagnostics=0).  Prints
# one line per kind, per place (table, prose); for tables, per class (a
# spec figure, or a result: a column headed as measured, throughput,
# latency, accuracy, speed-up…); for prose, per class
# (a spec figure of a part with its unit; a ratio, ×, 倍 or %, whose
# line holds two figures of one unit or names two parts, or a share (%)
# beside a rate, of its peak; the other ratios, ratio1: most are measured
# speed-ups of software), and a total; with MIN_RECALL (a percentage), exits 1 when the loose total is
# below it.  Also counts the clean book's errors
# per 1,000 lines.  SEED_ONLY=table (or prose) seeds only figures in
# tables (or prose); SEED_LIST=FILE keeps one line per seeded slip (kind,
# found at its line, found loose, where, the change, file:line, class).  sh and
# awk only: no python on a fresh Debian.
set -eu
specbook=$1
book=$2
# the binary is run from inside the copy: a relative path is made absolute
case $specbook in
*/*) d=$(cd "$(dirname "$specbook")" 2>/dev/null && pwd) && specbook=$d/$(basename "$specbook") ;;
esac
sites=${3:-40}
min=${4:-}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
cp -R "$book" "$tmp/book"
cd "$tmp/book"
files=$(find . -name '*.md' ! -path '*/.*' | sed 's|^\./||' | LC_ALL=C sort)
# file names may hold spaces: split the list on newlines only, no globbing
set -f
IFS='
'

[ -n "$files" ] || { echo "seed.sh: no Markdown in $book" >&2; exit 2; }

# the clean book: errors per 1,000 lines (and its findings, which a
# seeded slip's run must not be credited with)
[ -x "$specbook" ] || { echo "seed.sh: $specbook is not an executable" >&2; exit 2; }
# the audit exits 0 or 1; anything else (not found, a crash) is no measure
# every diagnostic, past the terminal's cap (a binary older than the
# option has the cap: a slip cut by it counts as missed)
all=
"$specbook" help audit 2>/dev/null | grep -q -e '--max-diagnostics' && all=--max-diagnostics=0
audit() {
	rc=0
	"$specbook" audit --quiet $all . >"$1" 2>&1 || rc=$?
	if [ "$rc" -gt 1 ]; then
		echo "seed.sh: '$specbook audit' exited $rc${2:+ (seeded: $2)}:" >&2
		tail -5 "$1" >&2
		exit 2
	fi
}
audit "$tmp/clean.txt"
lines=$(cat $files | wc -l)
clean_errors=$(grep -c '^[^ ].*:[0-9]*:[0-9]*: error:' "$tmp/clean.txt" || true)
clean_warnings=$(grep -c '^[^ ].*:[0-9]*:[0-9]*: warning:' "$tmp/clean.txt" || true)

# candidates: file<TAB>line<TAB>byte<TAB>number<TAB>where, outside code
# blocks; in tables (GFM's: a header row with a delimiter row under it,
# outer pipes or none), not in a column of footnote numbers (Notes,
# Ref.), in a row that names a known part or under a header that does (a
# table written sideways: `Attribute (Unit) | H100 | L40S`)
awk '
function delim(s) {
	return s ~ /\|/ && s ~ /-/ && s ~ /^[ \t]*\|?[ \t]*:?-+:?[ \t]*(\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$/
}
# whether a line holds two figures of one unit, or names two parts (the
# two sides a ratio of it could be judged on: "3350 GB/s … 1935 GB/s",
# "the MI300X has 1.6× the memory bandwidth of the H100")
function pair(row,    u, seen, k, r, p, names) {
	r = row; names = 0
	while (match(r, parts)) {
		p = substr(r, RSTART, RLENGTH)
		gsub(/[^A-Za-z0-9]/, "", p)
		if (!(p in seen)) { seen[p] = 1; names++ }
		r = substr(r, RSTART + RLENGTH)
	}
	if (names >= 2) return 1
	while (match(row, /[0-9][0-9,.]* ?(TFLOPS|TOPS|PFLOPS|TB\/s|GB\/s|GBps|TBps|Gb\/s|GB|TB|W|ms|us|μs|tokens\/s)/)) {
		u = substr(row, RSTART, RLENGTH); sub(/^[0-9,. ]*/, "", u)
		if (u ~ /^(TFLOPS|TOPS|PFLOPS)$/) u = "compute"
		else if (u ~ /^(TB\/s|GB\/s|GBps|TBps|Gb\/s)$/) u = "bandwidth"
		else if (u ~ /^(GB|TB)$/) u = "bytes"
		if (++seen[u] == 2) return 1
		row = substr(row, RSTART + RLENGTH)
	}
	return 0
}
function scan(file, n,    cls, i, k, row, fence, comment, intable, ncols, anypart, lead, named, line, off, s, len, num, before, after, tail, ok, pre, col, cell, where) {
	fence = 0; intable = 0; anypart = 0
	for (i = 1; i <= n; i++) {
		row = L[i]
		if (row ~ /^[ \t]*(```|~~~)/) { fence = !fence; intable = 0; continue }
		if (fence) continue
		# an HTML comment: its lines hold no figure of the book
		if (comment) { if (row ~ /-->/) comment = 0; continue }
		if (row ~ /<!--/ && row !~ /<!--.*-->/) { comment = 1; continue }
		while (match(row, /<!--([^-]|-[^-]|--+[^->])*-+->/))   # blanked, places kept
			row = substr(row, 1, RSTART - 1) sprintf("%" RLENGTH "s", "") substr(row, RSTART + RLENGTH)
		if (intable && (row !~ /\|/ || row ~ /^[ \t]*$/)) { intable = 0; anypart = 0 }
		if (!intable && row ~ /\|/ && i < n && delim(L[i + 1])) {
			# a header row: which columns hold no figure of the row, which
			# name a known part (a table written sideways); columns counted
			# as if the row had its outer pipes
			intable = 1
			ncols = split(row ~ /^[ \t]*\|/ ? row : "|" row, head, "|")
			anypart = 0; resulttable = 0
			for (k = 1; k <= ncols; k++) {
				skipcol[k] = tolower(head[k]) ~ /^ *(notes?|refs?\.?|references?|sources?|footnotes?|#|years?|dates?|release[d]?|launch(ed)?|年份|年|发布|发布时间|发布日期|no\.?|id|rank|序号|编号|排名) *$/
				partcol[k] = k > 2 && head[k] ~ parts
				# a column of results measured on the part (a benchmark:
				# throughput, latency, accuracy, speed-up), not its spec
				resultcol[k] = tolower(head[k]) ~ results
				resulttable = resulttable || tolower(head[k]) ~ measured
				speccol[k] = tolower(head[k]) ~ /(峰值|peak|理论|theor|spec|标定|带宽|bandwidth|显存|memory|tdp|功耗|power)/
				anypart += partcol[k]
			}
		}
		if (intable && delim(row)) continue
		if (!(row ~ parts || (intable && anypart))) continue
		named = row ~ parts
		lead = row ~ /^[ \t]*\|/ ? 1 : 2
		line = row; off = 0
		while (match(line, /[0-9][0-9,]*(\.[0-9]+)?/)) {
			s = RSTART; len = RLENGTH; num = substr(line, s, len)
			before = s > 1 ? substr(line, s - 1, 1) : " "
			after = substr(line, s + len, 12)
			sub(/^ /, "", after)
			ok = before !~ /[A-Za-z0-9._\/-]/ && num ~ /[0-9]$/
			# a year, alone or in a range ("2021—2022", "2024年")
			if (num ~ /^(19|20)[0-9][0-9]$/ && (after ~ /^(—|–|-|年|$)/ || before ~ /[—–-]/)) ok = 0
			# not inside an HTML tag (<img width="60%">)
			pre = substr(row, 1, off + s - 1)
			if (pre ~ /<[A-Za-z][^>]*$/) ok = 0
			if (ok && intable) {
				tail = after; sub(/^[ \t]+/, "", tail)
				ok = tail == "" || after ~ /^(\||TFLOPS|TOPS|PFLOPS|TB\/s|GB\/s|GB|TB|W|Gb\/s|GBps|TBps)/
				# the column: pipes before the number
				pre = substr(row, 1, off + s - 1); col = gsub(/\|/, "|", pre) + lead
				if (skipcol[col] || (!named && !partcol[col])) ok = 0
				# a figure is the value of its cell: the digits of a name ("NVLink 4",
				# "A100 80GB", "2 x 1.92 TB NVMe") are not seeded
				cell = substr(row, off + s)
				sub(/\|.*/, "", cell)
				sub(/^[0-9][0-9,]*(\.[0-9]+)? *(TFLOPS|TOPS|PFLOPS|TB\/s|GB\/s|GB|TB|W|Gb\/s|GBps|TBps)?/, "", cell)
				pre = substr(row, 1, off + s - 1)
				sub(/.*\|/, "", pre)
				if ((cell pre) ~ /[A-Za-z]/) ok = 0
			}
			else if (ok) {
				# a unit that is a unit, not the start of a name ("60 GB200 GPUs")
				ok = after ~ /^((TFLOPS|TOPS|PFLOPS|TB\/s|GB\/s|GB|TB|Gb\/s|GBps|TBps)([^A-Za-z0-9]|$)|W |x |×|倍|%)/
				# a count of parts ("8x H100", "8 × A100", "2240个A100", "4 张 H800")
				# or a dimension ("512 x 512"): no figure of a part
				if (after ~ /^(x|×|个|张|台|块|颗|片)? ?(H100|H200|H800|H20|A100|A800|B200|B100|B300|GB200|GB300|MI[0-9]|Gaudi|TPU|V100|L40|L4|GPU|卡|card|node|节点)/) ok = 0
				if (after ~ /^(x|×|\*) ?[0-9]/ || substr(row, 1, off + s - 1) ~ /[0-9] ?(x|×|\*) ?$/) ok = 0
			}
			where = intable ? "table" : "prose"
			# what the figure is: a spec figure of a part (a unit), or a ratio
			# (×, 倍, %): "ratio" when its sentence holds two figures of one
			# unit that could give it, "ratio1" when it holds none (a measured
			# speed-up of software: "1.5x higher throughput on the MI300X")
			cls = "spec"
			if (intable) {
				# a table of results: a column of it names what a run measured
				# (its other columns are settings: batch, concurrency; not
				# one headed as a peak, a bandwidth, memory or power), the
				# column is a throughput or a time or, written sideways, the
				# first cell of the row names a measurement
				cell = row; sub(/^[ \t]*\|/, "", cell); sub(/\|.*/, "", cell)
				if ((resulttable && !speccol[col]) || resultcol[col] || (!named && tolower(cell) ~ results)) cls = "result"
			}
			if (!intable && after ~ /^(x |×|倍|%)/)
				cls = pair(row) || (after ~ /^%/ && row ~ /[0-9] ?(TFLOPS|TFLOPs|TOPS|PFLOPS|TB\/s|GB\/s|GBps|TBps)/) ? "ratio" : "ratio1"
			if (ok && (only == "" || only == where))
				printf "%s\t%d\t%d\t%s\t%s\t%s\n", file, i, off + s, num, where, cls
			off += s + len - 1
			line = substr(line, s + len)
		}
	}
}
FNR == 1 && NR > 1 { scan(prev, n) }
FNR == 1 { n = 0; prev = FILENAME }
{ L[++n] = $0; sub(/\r$/, "", L[n]) }   # CRLF files: the CR is no cell
END { if (NR) scan(prev, n) }
' only="${SEED_ONLY:-}" measured='(实测|测得|测试值|评测|measured|achieved|tokens?/s|tok/s|token/p/s|耗时|ttft|tpot|accuracy|(^|[^a-z])(acc|auc|map)([^a-z]|$)|loss|score|得分|mfu|qps|req/s|samples/s|it/s|fps|perplexity|ppl|pass@|e2e|p_whole|p_train|并发)' results='(实测|测得|测试值|评测|measured|achieved|actual|throughput|吞吐|tokens?/s|tok/s|token/s|latency|延迟|耗时|time|accuracy|(^|[^a-z])acc([^a-z]|$)|score|得分|benchmark|speed-?up|加速比|utili[sz]ation|利用率|mfu|qps|req/s|samples/s|it/s|fps|perplexity|ppl|pass@)' parts='(^|[^A-Za-z0-9-])((H100|H200|H800|A100|A800|B200|B100|GB200|MI300X|MI325X|MI250|V100|L40S)([^0-9]|$)|Gaudi|TPU)' $files >"$tmp/candidates.txt"
total=$(wc -l <"$tmp/candidates.txt")
[ "$total" -gt 0 ] || { echo "seed.sh: no figure about a known part in $book" >&2; exit 2; }
awk -v want="$sites" -v total="$total" 'BEGIN { step = total / want; if (step < 1) step = 1; next_at = 0 }
	NR - 1 >= next_at { print; next_at += step }' "$tmp/candidates.txt" >"$tmp/sites.txt"

# the mutation of num by kind, as the book would write it ("" when it
# reads the same)
mutate() {
	awk -v num="$1" -v kind="$2" 'BEGIN {
		plain = num; gsub(/,/, "", plain); commas = num ~ /,/
		d = 0; if (index(plain, ".")) d = length(plain) - index(plain, ".")
		v = plain + 0
		if (kind == "x2") w = v * 2
		else if (kind == "x1000") w = v * 1000
		else if (kind == "x1.024") w = v * 1.024
		else if (kind == "plus15") w = v * 1.15
		if (kind == "swap") {
			out = num
			for (i = 1; i < length(num); i++) {
				a = substr(num, i, 1); b = substr(num, i + 1, 1)
				if (a ~ /[0-9]/ && b ~ /[0-9]/ && a != b) {
					out = substr(num, 1, i - 1) b a substr(num, i + 2); break
				}
			}
		} else {
			out = sprintf("%." d "f", w)
			if (commas) {
				ip = out; fp = ""
				if (index(out, ".")) { ip = substr(out, 1, index(out, ".") - 1); fp = substr(out, index(out, ".")) }
				s = ""; n = length(ip)
				for (i = 1; i <= n; i++) { s = s substr(ip, i, 1); if ((n - i) % 3 == 0 && i < n) s = s "," }
				out = s fp
			}
		}
		if (out != num) print out
	}'
}

# credit FILE LINE COL NEW <findings: "S L", whether the audit found the
# slip at its line (a finding of the line at the seeded figure's column, or
# one whose message quotes the new figure: "7.2Tbps does not restate
# 1,800 GB/s"), or as evidence (a place FILE:LINE:COL at that column, or
# one that quotes it: "18 links at 106.250GBps").  A
# finding about another figure of the line is not the slip's.
credit() {
	awk -v f="$1" -v L="$2" -v c0="$3" -v new="$4" '
	function near(c) { return c >= c0 - 3 && c <= c0 + length(new) + 1 }
	function quotes(s,    i, a, b) {
		gsub(/,/, "", s)
		while ((i = index(s, plain)) > 0) {
			a = i > 1 ? substr(s, i - 1, 1) : " "
			b = substr(s, i + length(plain), 2)
			if (a !~ /[0-9.]/ && b !~ /^([0-9]|\.[0-9])/) return 1
			s = substr(s, i + length(plain))
		}
		return 0
	}
	BEGIN { plain = new; gsub(/,/, "", plain); p = f ":" L ":" }
	index($0, p) == 1 && substr($0, length(p) + 1) ~ /^[0-9]+: (error|warning):/ {
		rest = substr($0, length(p) + 1)
		if (near(rest + 0) || quotes(substr(rest, index(rest, ":") + 1))) s = 1
	}
	index($0, "  " p) == 1 {
		rest = substr($0, length(p) + 3)
		if (near(rest + 0) || quotes(substr(rest, index(rest, ":") + 1))) l = 1
	}
	(i = index($0, "at " p)) > 0 && near(substr($0, i + length(p) + 3) + 0) { l = 1 }
	END { print s + 0, (s || l) + 0 }'
}

found_strict=0; found_loose=0; seeded=0
: >"$tmp/kinds.txt"
while IFS='	' read -r file line byte num where class; do
	for kind in x2 x1000 x1.024 swap plus15; do
		new=$(mutate "$num" "$kind")
		[ -n "$new" ] || continue
		cp "$file" "$tmp/orig.md"
		awk -v L="$line" -v B="$byte" -v n="${#num}" -v new="$new" 'NR == L {
			$0 = substr($0, 1, B - 1) new substr($0, B + length(substr($0, B, n))) } { print }' \
			"$tmp/orig.md" >"$file"
		audit "$tmp/out.txt" "$num -> $new at $file:$line"
		cp "$tmp/orig.md" "$file"
		seeded=$((seeded + 1))
		s=0; l=0
		# a finding the clean book has already is not the slip's
		grep -v -x -F -f "$tmp/clean.txt" "$tmp/out.txt" >"$tmp/new.txt" || true
		# the seeded figure's column (characters, as the audit counts them)
		col=$(sed -n "${line}p" "$tmp/orig.md" | head -c $((byte - 1)) | LC_ALL=C.UTF-8 wc -m)
		r=$(credit "$file" "$line" $((col + 1)) "$new" <"$tmp/new.txt")
		s=${r% *}; l=${r#* }
		found_strict=$((found_strict + s)); found_loose=$((found_loose + l))
		printf '%s %d %d %s %s -> %s %s:%s %s\n' "$kind" "$s" "$l" "$where" "$num" "$new" "$file" "$line" "$class" >>"$tmp/kinds.txt"
	done
done <"$tmp/sites.txt"

for kind in x2 x1000 x1.024 swap plus15; do
	awk -v k="$kind" '$1 == k { n++; s += $2; l += $3 }
		END { if (n) printf "# %-7s seeded %3d  found at its line %3d (%3.0f%%)  or as evidence %3d (%3.0f%%)\n", k, n, s, 100 * s / n, l, 100 * l / n }' "$tmp/kinds.txt"
done
for where in table prose; do
	awk -v w="$where" '$4 == w { n++; s += $2; l += $3 }
		END { if (n) printf "# %-7s seeded %3d  found at its line %3d (%3.0f%%)  or as evidence %3d (%3.0f%%)\n", w, n, s, 100 * s / n, l, 100 * l / n }' "$tmp/kinds.txt"
done
# tables split by what the figure is: a spec figure, or a result measured
# on the part (a benchmark's column: nothing but a second statement of it
# could check it)
for class in spec result; do
	awk -v c="$class" '$4 == "table" && $NF == c { n++; s += $2; l += $3 }
		END { if (n) printf "#  table %-6s seeded %3d  found at its line %3d (%3.0f%%)  or as evidence %3d (%3.0f%%)\n", c, n, s, 100 * s / n, l, 100 * l / n }' "$tmp/kinds.txt"
done
# prose split by what the figure is: a spec figure of a part, or a ratio
for class in spec ratio ratio1; do
	awk -v c="$class" '$4 == "prose" && $NF == c { n++; s += $2; l += $3 }
		END { if (n) printf "#  prose %-5s seeded %3d  found at its line %3d (%3.0f%%)  or as evidence %3d (%3.0f%%)\n", c, n, s, 100 * s / n, l, 100 * l / n }' "$tmp/kinds.txt"
done
[ -n "${SEED_LIST:-}" ] && cp "$tmp/kinds.txt" "$SEED_LIST"
pct=$(awk -v a="$found_loose" -v b="$seeded" 'BEGIN { printf "%.0f", b ? 100 * a / b : 0 }')
printf '# total   seeded %3d  found at its line %3d  or as evidence %3d (%s%%); clean book: %d lines, %d errors (%.2f per 1,000 lines), %d warnings\n' \
	"$seeded" "$found_strict" "$found_loose" "$pct" "$lines" "$clean_errors" \
	"$(awk -v e="$clean_errors" -v l="$lines" 'BEGIN { print 1000 * e / l }')" "$clean_warnings"
if [ -n "$min" ] && [ "$pct" -lt "$min" ]; then
	echo "not ok - audit recall $pct% is below $min%"
	exit 1
fi
[ -z "$min" ] || echo "ok - audit recall $pct% (at least $min%)"
