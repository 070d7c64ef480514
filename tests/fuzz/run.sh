#!/usr/bin/env bash
# run.sh — build the libFuzzer targets with clang (ASan + UBSan) and run each
# for FUZZ_SECONDS (default 60) from seed corpora made of the tests and the
# book.  New crashes are kept in tests/fuzz/crashes/ (then add them to
# tests/fuzz/regress/, which every run replays first).
set -u
cd "$(dirname "$0")/../.."
SECONDS_EACH=${FUZZ_SECONDS:-60}
OUT=build/fuzz
mkdir -p "$OUT/obj" tests/fuzz/crashes
CFLAGS="-std=c11 -g -O1 -fsanitize=fuzzer-no-link,address,undefined -fno-omit-frame-pointer -D_XOPEN_SOURCE=700 -Igenerator $(pkg-config --cflags libcmark-gfm yaml-0.1 libxml-2.0 libdeflate)"
LIBS="$(pkg-config --libs libcmark-gfm yaml-0.1 libxml-2.0 libdeflate) -lpthread -lm"
objs=()
# the files the binary carries (generator/core/builtin.h), made by the Makefile
make --no-print-directory build/gen/builtin_data.c || exit 1
for src in generator/*.c generator/*/*.c build/gen/builtin_data.c; do
	name=$(basename "$src" .c)
	[ "$name" = main ] && continue
	obj="$OUT/obj/$name.o"   # module names are unique across folders
	if [ ! -f "$obj" ] || [ "$src" -nt "$obj" ]; then
		clang $CFLAGS -c "$src" -o "$obj" || exit 1
	fi
	objs+=("$obj")
done

seed() {   # target → seed corpus dir
	local t=$1 dir="$OUT/corpus-$1"
	mkdir -p "$dir"
	case $t in
	yaml|specs) cp specs/*.yaml content/*.yaml tests/fixtures/*/specs/*.yaml "$dir/" 2>/dev/null ;;
	frontmatter|chapter) cp content/*.md tests/fixtures/*/content/*.md "$dir/" 2>/dev/null ;;
	span) grep -ohE '\{[^{}]+\}' content/*.md tests/examples/*.md 2>/dev/null | sed 's/^{//; s/}$//' |
		awk '{ f = sprintf("'"$dir"'/s%05d", NR); printf "%s", $0 > f; close(f) }' ;;
	url) grep -ohE '\]\([^ )]+' content/*.md tests/fixtures/*/content/*.md 2>/dev/null | cut -c3- |
		awk '{ f = sprintf("'"$dir"'/u%05d", NR); printf "%s", $0 > f; close(f) }'
	     printf 'java\tscript:alert(1)' >"$dir/tab"; printf ' JaVa\rScRiPt:x' >"$dir/cr"
	     printf '\001data:text/html,x' >"$dir/c0"; printf 'mailto:a' >"$dir/mailto" ;;
	esac
	echo "$dir"
}

status=0
for t in yaml frontmatter span specs chapter url; do
	bin="$OUT/fuzz_$t"
	clang $CFLAGS -fsanitize=fuzzer -Igenerator "tests/fuzz/fuzz_$t.c" "${objs[@]}" -o "$bin" $LIBS || exit 1
	corpus=$(seed "$t")
	if [ -d "tests/fuzz/regress/$t" ]; then
		"$bin" tests/fuzz/regress/$t/* >/dev/null 2>&1 || { echo "not ok - fuzz_$t: a regression input fails"; status=1; }
	fi
	log="$OUT/fuzz_$t.log"
	SPECBOOK_ROOT=. "$bin" -max_total_time="$SECONDS_EACH" -max_len=4096 -timeout=10 -rss_limit_mb=2048 \
		-artifact_prefix=tests/fuzz/crashes/"$t"- "$corpus" >"$log" 2>&1
	rc=$?
	execs=$(grep -oE 'stat::number_of_executed_units: *[0-9]+' "$log" | grep -oE '[0-9]+$')
	[ -n "$execs" ] || execs=$(grep -oE '#[0-9]+' "$log" | tail -1 | tr -d '#')
	if [ $rc -eq 0 ]; then
		echo "ok - fuzz_$t: ${execs:-?} executions in ${SECONDS_EACH}s, no crash"
	else
		echo "not ok - fuzz_$t: exit $rc after ${execs:-?} executions (see $log)"
		grep -E 'ERROR|SUMMARY' "$log" | head -5
		status=1
	fi
done
exit $status
