#!/bin/sh
# tests/bench/run.sh — `make bench`: specbook against cmark alone and Hugo.
#
#   tests/bench/run.sh [N ...]          (default: 100 1000 10000)
#
# For each N it generates a synthetic bilingual book of N chapters of about
# 25 KB (tests/bench/gen.c: headings, zh/en pairs, lists, code, links, value
# spans and claims against specs/bench.yaml), then times, BENCH_REPS times
# each, and reports medians of:
#   specbook  build/specbook build -C corpus -o out (a full build into a new
#             output; it also writes the cache, as a user's build does)
#   nested    the same build of the same chapters spread over BENCH_FOLDERS
#             folders (gen -f); its runs alternate with the flat book's, so
#             that the ratio nested/flat is measured under the same load
#   rebuild   the same after one chapter changed, with the last site and
#             cache in place (incremental)
#   floor     tests/bench/floor.c: cmark-gfm renders the same files, nothing else
#   hugo      Debian's hugo on the same bodies with a minimal theme
# Peak memory is the child's ru_maxrss (tests/bench/measure.c).  The table
# is Markdown, ready for the README.
#
# Environment:
#   BENCH_SIZES    chapter counts when no N is given ("100 1000 10000")
#   BENCH_REPS     runs per tool and size (3); the median is reported
#   BENCH_FOLDERS  folders of the nested book (100; at most N)
#   BENCH_TIMEOUT  seconds after which one run is killed (900)
#   BENCH_MEM_MB   address-space limit per run, so a runaway build cannot
#                  take the machine down (default: half of the RAM)
#   BENCH_HUGO     0 skips Hugo; otherwise it is installed with apt-get when
#                  missing and this is root (or has passwordless sudo)
#   BENCH_DIR      where to make the work directory (default: /dev/shm when
#                  it is a tmpfs with 4 GB free, else ${TMPDIR:-/tmp}; see below)
#   BENCH_KEEP     1 keeps the work directory (corpora are deleted as it goes)
#   SPECBOOK       the binary to time (build/specbook)
#   CC             the C compiler (cc)
set -eu

root=$(cd "$(dirname "$0")/../.." && pwd)
here=$root/tests/bench
specbook=${SPECBOOK:-$root/build/specbook}
reps=${BENCH_REPS:-3}
folders=${BENCH_FOLDERS:-100}
timeout=${BENCH_TIMEOUT:-900}
cc=${CC:-cc}
if [ $# -gt 0 ]; then sizes=$*; else sizes=${BENCH_SIZES:-100 1000 10000}; fi
mem_kb=$(awk '/^MemTotal:/ { print $2 }' /proc/meminfo)
mem_limit_mb=${BENCH_MEM_MB:-$((mem_kb / 2048))}
cores=$(getconf _NPROCESSORS_ONLN 2>/dev/null || nproc)

case $specbook in /*) ;; *) specbook=$PWD/$specbook ;; esac
if [ ! -x "$specbook" ]; then
	echo "bench: no $specbook: run make first" >&2
	exit 2
fi

# The work directory is on a tmpfs when there is one with room.  On a disk
# file system the time to create ten thousand files depends on what was
# deleted there in the last minutes (ext4 without a journal passes over
# recently freed inodes one by one, and the benchmark deletes each run's
# output before the next): on this project's machine that alone moved the
# floor between 2.5 and 10 s.  A tmpfs times the programs, not the history
# of the disk.  BENCH_DIR gets a fresh subdirectory: whatever else it holds
# is left alone.
bench_dir=${BENCH_DIR:-}
if [ -z "$bench_dir" ]; then
	bench_dir=${TMPDIR:-/tmp}
	if [ -d /dev/shm ] && [ -w /dev/shm ] && [ "$(stat -f -c %T /dev/shm 2>/dev/null)" = tmpfs ] &&
	   [ "$(df -Pk /dev/shm | awk 'NR == 2 { print $4 }')" -ge 4194304 ]; then
		bench_dir=/dev/shm
	fi
fi
mkdir -p "$bench_dir"
work=$(mktemp -d "$bench_dir/specbook-bench.XXXXXX")
work_fs=$(stat -f -c %T "$work" 2>/dev/null || echo unknown)
cleanup() {
	if [ "${BENCH_KEEP:-0}" = 1 ]; then echo "bench: kept $work" >&2; else rm -rf "$work"; fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# ---- tools ----
compile() {
	# shellcheck disable=SC2086  # $CC and pkg-config output are word lists
	$cc -std=c11 -Wall -Wextra -Wshadow -pedantic -D_XOPEN_SOURCE=700 -O2 "$@"
}
mkdir -p "$work/bin"
compile "$here/gen.c" -o "$work/bin/gen"
compile "$here/measure.c" -o "$work/bin/measure"
# shellcheck disable=SC2046
compile $(pkg-config --cflags libcmark-gfm) "$here/floor.c" -o "$work/bin/floor" $(pkg-config --libs libcmark-gfm)

hugo_note=
if [ "${BENCH_HUGO:-1}" = 0 ]; then
	hugo_note="Hugo skipped (BENCH_HUGO=0)"
elif ! command -v hugo >/dev/null 2>&1; then
	echo "bench: installing hugo (Debian package) ..." >&2
	if [ "$(id -u)" = 0 ]; then
		{ apt-get install -y -q hugo || { apt-get update -q && apt-get install -y -q hugo; }; } \
			>"$work/apt.log" 2>&1 || true
	elif sudo -n true 2>/dev/null; then
		{ sudo apt-get install -y -q hugo || { sudo apt-get update -q && sudo apt-get install -y -q hugo; }; } \
			>"$work/apt.log" 2>&1 || true
	fi
	command -v hugo >/dev/null 2>&1 ||
		hugo_note="Hugo skipped: not installed and cannot install it (run: sudo apt-get install hugo)"
fi
hugo_version=
[ -z "$hugo_note" ] && hugo_version=$(hugo version 2>/dev/null | awk '{ print $2 }')

# run TOOL N OUTDIR COMMAND...: BENCH_REPS timed runs; appends
# "tool n wall user sys maxrss_kb status" lines to $work/results.
run() {
	tool=$1 n=$2 out=$3
	shift 3
	i=0
	while [ "$i" -lt "$reps" ]; do
		rm -rf "$out"
		line=$("$work/bin/measure" -t "$timeout" -m "$mem_limit_mb" "$@" 2>"$work/stderr.$tool.$n")
		echo "$tool $n $line" >>"$work/results"
		status=$(echo "$line" | awk '{ print $5 }')
		if [ "$status" != 0 ]; then
			reason="status $status"
			[ "$status" = 124 ] && reason="killed after $timeout s"
			echo "bench: $tool at N=$n failed ($reason); the end of its output:" >&2
			tail -n 5 "$work/stderr.$tool.$n" | sed 's/^/    /' >&2
			break   # a failed size is not repeated
		fi
		i=$((i + 1))
	done
	rm -rf "$out"
}

# search_figures N SITE: the search index's bytes on disk against the
# Markdown's (targets of issue 18: at most half) and what the first search
# of a few queries loads (the site's own search.js in Node,
# tests/search/golden.js --bytes; target: at most 2 MB for two words), to
# $work/search.  The queries: one word; two that stand together in the
# bench book's text; two Chinese words typed apart; two words that are in
# most sections but seldom side by side.
search_figures() {
	idx=$(du -sb "$2/assets/search" 2>/dev/null | cut -f1)
	files=$(find "$2/assets/search" -type f 2>/dev/null | wc -l)
	md=$(awk -v n="$1" '$1 == n { print $2 }' "$work/sizes")
	echo "N=$1: search index on disk $((${idx:-0} / 1000)) kB in $files files," \
		"$(awk -v i="${idx:-0}" -v m="${md:-0}" 'BEGIN { printf "%.0f%%", m ? 100 * i / m : 0 }') of the Markdown" \
		"(target: at most 50%)" >>"$work/search"
	command -v node >/dev/null 2>&1 || return 0
	for q in GPU "memory bandwidth" "显存 带宽" "NVLink 带宽" "bandwidth latency"; do
		if got=$(node "$root/tests/search/golden.js" "$2" --bytes "$q" 2>/dev/null); then
			echo "N=$1: first query \"$q\" loads $((${got% *} / 1000)) kB in ${got#* } files" >>"$work/search"
		else
			echo "N=$1: first query \"$q\" failed (tests/search/golden.js --bytes)" >>"$work/search"
		fi
	done
}

# rebuild N: specbook's incremental build after one chapter changes.  The
# site and cache of one full build are kept; each timed run adds a word to
# the first English line of a different chapter (near the middle of the
# book) and builds again.  Appends "rebuild n wall user sys maxrss_kb status" lines.
rebuild() {
	n=$1 out=$work/out-rebuild
	rm -rf "$out"
	"$specbook" build --quiet -C "$corpus" -o "$out" 2>"$work/stderr.rebuild.$n" || return 0
	i=0
	while [ "$i" -lt "$reps" ]; do
		f=$(ls "$corpus"/content/*.md | sed -n "$((n / 2 + i + 1))p")
		cp "$f" "$work/before.md"
		# every generated chapter opens with "> Chapter N is ...": one word added
		sed -i "0,/^> Chapter /s//> Chapter (edit $i) /" "$f"
		if cmp -s "$f" "$work/before.md"; then
			echo "bench: could not change $f for the rebuild" >&2
			break
		fi
		line=$("$work/bin/measure" -t "$timeout" -m "$mem_limit_mb" \
			"$specbook" build --quiet -C "$corpus" -o "$out" 2>>"$work/stderr.rebuild.$n")
		echo "rebuild $n $line" >>"$work/results"
		[ "$(echo "$line" | awk '{ print $5 }')" = 0 ] || break
		i=$((i + 1))
	done
	search_figures "$n" "$out"
	rm -rf "$out"
}

: >"$work/results"
: >"$work/search"
: >"$work/sizes"
load_start=$(cut -d' ' -f1-3 /proc/loadavg)
for n in $sizes; do
	corpus=$work/corpus-$n hugo_src=$work/hugo-$n nested=$work/nested-$n
	rm -rf "$corpus" "$hugo_src" "$nested"
	echo "bench: N=$n: generating ..." >&2
	"$work/bin/gen" "$corpus" "$n" "$hugo_src"
	"$work/bin/gen" -f "$folders" "$nested" "$n"
	for c in "$corpus" "$nested"; do
		cp "$root/specs/units.yaml" "$c/specs/units.yaml"
		cp -R "$root/templates" "$c/templates"
	done
	bytes=$(cat "$corpus"/content/*.md | wc -c)
	echo "$n $bytes" >>"$work/sizes"

	# the flat and the nested book in turns, one run each at a time
	echo "bench: N=$n: specbook, flat and in $folders folders in turns ..." >&2
	all_reps=$reps reps=1 k=0
	while [ "$k" -lt "$all_reps" ]; do
		run specbook "$n" "$work/out-specbook" "$specbook" build --quiet -C "$corpus" -o "$work/out-specbook"
		run nested "$n" "$work/out-nested" "$specbook" build --quiet -C "$nested" -o "$work/out-nested"
		k=$((k + 1))
	done
	reps=$all_reps
	rm -rf "$nested"
	echo "bench: N=$n: specbook rebuild after one chapter changes ..." >&2
	rebuild "$n"
	echo "bench: N=$n: floor (cmark) ..." >&2
	run floor "$n" "$work/out-floor" "$work/bin/floor" "$corpus/content" "$work/out-floor"
	if [ -z "$hugo_note" ]; then
		echo "bench: N=$n: hugo ..." >&2
		run hugo "$n" "$work/out-hugo" hugo --quiet -s "$hugo_src" -d "$work/out-hugo"
	fi
	rm -rf "$corpus" "$hugo_src"
done

load_end=$(cut -d' ' -f1-3 /proc/loadavg)

# ---- the table ----
awk -v cores="$cores" -v reps="$reps" -v hugo_note="$hugo_note" -v hugo_version="$hugo_version" \
    -v cpu_model="$(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo)" \
    -v folders="$folders" -v mem_gb="$((mem_kb / 1048576))" -v work_dir="$bench_dir" -v work_fs="$work_fs" -v load_start="$load_start" -v load_end="$load_end" -v mem_limit_mb="$mem_limit_mb" '
function median(tool, n,    k, m, i, j, t, v) {
	k = cnt[tool, n]
	if (k == 0 || fail[tool, n]) return -1
	for (i = 1; i <= k; i++) v[i] = wall[tool, n, i]
	for (i = 2; i <= k; i++) { t = v[i]; for (j = i - 1; j >= 1 && v[j] > t; j--) v[j + 1] = v[j]; v[j + 1] = t }
	return k % 2 ? v[(k + 1) / 2] : (v[k / 2] + v[k / 2 + 1]) / 2
}
function cpu_median(tool, n,    k, i, j, t, v) {
	k = cnt[tool, n]
	if (k == 0 || fail[tool, n]) return -1
	for (i = 1; i <= k; i++) v[i] = cpu_s[tool, n, i]
	for (i = 2; i <= k; i++) { t = v[i]; for (j = i - 1; j >= 1 && v[j] > t; j--) v[j + 1] = v[j]; v[j + 1] = t }
	return k % 2 ? v[(k + 1) / 2] : (v[k / 2] + v[k / 2 + 1]) / 2
}
function secs(tool, n,    m) {
	if (fail[tool, n]) return fail[tool, n] == 124 ? "timeout" : "failed (exit " fail[tool, n] ")"
	m = median(tool, n)
	if (m < 0) return "—"
	return sprintf("%.3f s", m)
}
function rate(tool, n,    m) { m = median(tool, n); return m <= 0 ? "—" : sprintf("%.0f", n / m) }
function peak(tool, n) {
	if (!cnt[tool, n]) return "—"
	return sprintf("%s%.0f MB", (fail[tool, n] ? "≥ " : ""), rss[tool, n] / 1024)
}
# why a run failed: 124 is the time limit; xmalloc exits 2 when memory runs
# out, and libxml2 may crash on it (a signal, 128+)
function why(tool, n,    f) {
	f = fail[tool, n]
	if (f == 124) return "killed after the time limit"
	if (f == 2 || f >= 128) return "exit " f ", out of memory?"
	return "exit " f
}
function cpu(tool, n,    m) { m = cpu_median(tool, n); return m < 0 ? "—" : sprintf("%.2f s", m) }
function ratio(a, b) { return a > 0 && b > 0 ? sprintf("%.2f×", a / b) : "—" }
# least-squares slope of log(time) against log(N), over the sizes that ran
function exponent(tool,    i, n, m, k, sx, sy, sxx, sxy, x, y) {
	k = 0
	for (i = 1; i <= nsizes; i++) {
		n = size[i]; m = median(tool, n)
		if (m <= 0) continue
		x = log(n); y = log(m); k++
		sx += x; sy += y; sxx += x * x; sxy += x * y
	}
	if (k < 2) return "—"
	return sprintf("%.2f", (k * sxy - sx * sy) / (k * sxx - sx * sx))
}
FILENAME ~ /sizes$/ { bytes[$1] = $2; size[++nsizes] = $1; next }
{
	tool = $1; n = $2; i = ++cnt[tool, n]
	wall[tool, n, i] = $3; cpu_s[tool, n, i] = $4 + $5
	if ($6 > rss[tool, n]) rss[tool, n] = $6
	if ($7 != 0) fail[tool, n] = $7
}
END {
	printf "specbook benchmark: %d cores (%s), %d GB RAM; median of %d runs; hugo %s\n", cores, cpu_model,
		mem_gb, reps, (hugo_version != "" ? hugo_version : "—")
	printf "work directory in %s (%s)\n", work_dir, work_fs
	printf "load average %s at the start, %s at the end (wall times are only comparable on an idle machine)\n\n",
		load_start, load_end
	printf "| chapters | corpus | specbook | specbook rebuild | floor (cmark) | Hugo | specbook pages/s | floor pages/s | Hugo pages/s | specbook peak | floor peak | Hugo peak | specbook/floor | Hugo/specbook | rebuild/full |\n"
	printf "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n"
	for (i = 1; i <= nsizes; i++) {
		n = size[i]
		rb = median("rebuild", n); fu = median("specbook", n)
		printf "| %d | %.1f MB | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", n, bytes[n] / 1e6,
			secs("specbook", n), secs("rebuild", n), secs("floor", n), secs("hugo", n),
			rate("specbook", n), rate("floor", n), rate("hugo", n),
			peak("specbook", n), peak("floor", n), peak("hugo", n),
			ratio(median("specbook", n), median("floor", n)), ratio(median("hugo", n), median("specbook", n)),
			(rb > 0 && fu > 0 ? sprintf("%.1f%%", 100 * rb / fu) : "—")
	}
	printf "\nCPU time (user+sys, median): "
	for (i = 1; i <= nsizes; i++) {
		n = size[i]
		printf "%sN=%d specbook %s, floor %s, Hugo %s", (i > 1 ? "; " : ""), n,
			cpu("specbook", n), cpu("floor", n), cpu("hugo", n)
	}
	printf "\nBy CPU time: "
	for (i = 1; i <= nsizes; i++) {
		n = size[i]
		printf "%sN=%d specbook/floor %s, Hugo/specbook %s", (i > 1 ? "; " : ""), n,
			ratio(cpu_median("specbook", n), cpu_median("floor", n)),
			ratio(cpu_median("hugo", n), cpu_median("specbook", n))
	}
	printf "\nFitted exponent of time vs N (1 is linear): specbook %s, floor %s, Hugo %s\n",
		exponent("specbook"), exponent("floor"), exponent("hugo")
	printf "Nested book (the same chapters in %d folders): ", folders
	for (i = 1; i <= nsizes; i++) {
		n = size[i]
		printf "%sN=%d flat %s, nested %s, nested/flat %s by wall time, %s by CPU time, peak %s and %s", (i > 1 ? "; " : ""), n,
			secs("specbook", n), secs("nested", n), ratio(median("nested", n), median("specbook", n)),
			ratio(cpu_median("nested", n), cpu_median("specbook", n)), peak("specbook", n), peak("nested", n)
	}
	printf "\n"
	if (hugo_note != "") printf "%s\n", hugo_note

	n = size[nsizes]
	sb = median("specbook", n); fl = median("floor", n); hu = median("hugo", n)
	# the targets of issue 18 (they replace those of issue 6: 1.5× the floor, 3× Hugo)
	printf "\nTargets at N=%d:\n", n
	if (fail["specbook", n]) {
		printf "  all MISSED: specbook did not finish at N=%d (%s; peak ≥ %.0f MB, limit %d MB)\n",
			n, why("specbook", n), rss["specbook", n] / 1024, mem_limit_mb
		exit
	}
	v = "not measured"
	if (sb > 0 && fl > 0) v = sprintf("%s (%.2f×)", (sb / fl <= 2.5 ? "met" : "MISSED"), sb / fl)
	printf "  specbook within 2.5× of the floor:   %s\n", v
	v = "not measured"
	if (sb > 0 && hu > 0) v = sprintf("%s (%.2f×)", (hu / sb >= 10 ? "met" : "MISSED"), hu / sb)
	printf "  at least 10× faster than Hugo:       %s\n", v
	limit = 2 * bytes[n] / 1048576 + 64
	v = "not measured"
	if (sb > 0) v = sprintf("%s (%.0f MB, limit %.0f MB)", (rss["specbook", n] / 1024 < limit ? "met" : "MISSED"),
		rss["specbook", n] / 1024, limit)
	printf "  peak memory < 2 × corpus + 64 MB:    %s\n", v
	if (n == 10000 && sb > 0)   # 352 MB: the peak when issue 18 was filed (5f4917a)
		printf "  peak memory no higher than 352 MB:   %s (%.0f MB)\n",
			(rss["specbook", n] / 1024 <= 352 ? "met" : "MISSED"), rss["specbook", n] / 1024
	rb = median("rebuild", n)
	v = "not measured"
	if (sb > 0 && rb > 0) v = sprintf("%s (%.3f s, %.1f%% of a full build)", (rb / sb < 0.05 ? "met" : "MISSED"),
		rb, 100 * rb / sb)
	printf "  rebuild after one change < 5%%:      %s\n", v
	if (n != 1000 && median("rebuild", 1000) > 0 && median("specbook", 1000) > 0) {
		r = median("rebuild", 1000) / median("specbook", 1000)
		printf "  the same at N=1000:                  %s (%.3f s, %.1f%% of a full build)\n",
			(r < 0.05 ? "met" : "MISSED"), median("rebuild", 1000), 100 * r
	}
	e = exponent("specbook")
	v = "not measured"
	if (e != "—") v = sprintf("%s (exponent %s)", (e + 0 <= 1.15 ? "met" : "MISSED"), e)
	printf "  time linear in N:                    %s\n", v
	ne = median("nested", n)
	v = "not measured"
	if (fail["nested", n]) v = sprintf("MISSED (the nested build failed: %s)", why("nested", n))
	else if (sb > 0 && ne > 0) v = sprintf("%s (%.3f s against %.3f s, %.2f×)", (ne / sb <= 1.10 ? "met" : "MISSED"),
		ne, sb, ne / sb)
	printf "  %d folders within 10%% of flat:     %s\n", folders, v
	if (n != 10000) printf "  (the targets are stated for N=10000; this run stopped at N=%d)\n", n
}' "$work/sizes" "$work/results"

# the search figures (issue 18: a two-word first query at most 2 MB, the index
# at most half the Markdown, which the table gives as "corpus")
if [ -s "$work/search" ]; then
	printf "\nSearch (on the site of the rebuild):\n"
	sed "s/^/  /" "$work/search"
fi
