#!/bin/sh
# race-book.sh — writes a book whose pages depend on each rendering thread
# keeping its own state: 64 chapters, each of compare blocks that sort the
# same table alternately by memory ascending and descending.
#
#   tests/race-book.sh DIR
#
# A direction kept in a file-scope variable (render.c's sort_desc, until
# issue 13) is set by one thread and read by another's qsort: the tables
# then come out in different orders from run to run.  Used by
# tests/determinism.sh and `make test-tsan`.  Run from the repository root.
set -eu
dir=$1
rm -rf "$dir"
mkdir -p "$dir/content" "$dir/specs"
cp specs/units.yaml "$dir/specs/"
cp -r tests/fixtures/_templates "$dir/templates"
cp tests/fixtures/basic/specs/sources.yaml "$dir/specs/"
cat >"$dir/content/book.yaml" <<'YAML'
title: {zh: 排序之书, en: A Book of Sorted Tables}
author: Test Author
approx: 2%
YAML
{
	echo "table: gpus"
	echo "title: {zh: 示例 GPU, en: Example GPUs}"
	echo "columns:"
	echo "  memory: {zh: 显存, en: Memory, unit: GB}"
	echo "  mem_bw: {zh: 显存带宽, en: Memory bandwidth, unit: TB/s}"
	echo "rows:"
	i=1
	while [ $i -le 24 ]; do
		# memory in a scrambled order, so that no direction is the written one
		echo "  gpu_$i: {name: GPU $i, memory: $(( (i * 37) % 101 + 8 )), mem_bw: $i.5, sources: [example]}"
		i=$((i + 1))
	done
} >"$dir/specs/gpus.yaml"
c=1
while [ $c -le 64 ]; do
	f=$(printf '%s/content/%02d-sorted.md' "$dir" $c)
	printf -- '---\nid: c%d\ntitle: {zh: 第 %d 章, en: Chapter %d}\n---\n\n' $c $c $c >"$f"
	k=1
	while [ $k -le 16 ]; do
		if [ $(( (c + k) % 2 )) -eq 0 ]; then sort=memory; else sort=-memory; fi
		printf '## Table %d\n\n```compare\ntable: gpus\ncolumns: [memory, mem_bw]\nsort: %s\n```\n\n' \
			$k $sort >>"$f"
		k=$((k + 1))
	done
	c=$((c + 1))
done
