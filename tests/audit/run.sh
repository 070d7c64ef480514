#!/bin/sh
# run.sh — `specbook audit`'s tests (TAP lines for tests/run.sh):
#   - the vendored book (tests/audit/book: realistic tables and prose in
#     English and Chinese) audits clean: exit 0, no error, no warning;
#   - tests/audit/slips, a book with the slips of issue 37 in it, gives
#     exactly tests/audit/slips.expected (the timing aside) and exit 1;
#     REGEN=1 rewrites the golden file after showing the diff;
#   - a table cited by its caption (tests/audit/caption);
#   - the JSON format, a folder that is none, --max-diagnostics, book.yaml's `audit:
#     {reference: false}`;
#   - seeded slips (tests/audit/seed.sh) in the vendored book: recall of
#     at least 85%; in tests/audit/tables (real books' tables): at least 72%;
#   - the prose sample (tests/audit/prose) clean, and recall of at least
#     85% on slips seeded in it;
#   - check and build of a specbook book audit its uncovered pipe tables;
#   - the vendored ml-engineering: its real inconsistencies found, and
#     no error but the two real;
#   - the real inconsistencies of public books (tests/audit/real.sh): at
#     least the floor found;
#   - the time of a 20,000-line book, printed.
set -u
cd "$(dirname "$0")/../.."
BUILD=${BUILD:-build}
bin=${SPECBOOK:-$BUILD/specbook}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
fail=0
ok() { echo "ok - audit: $1"; }
not_ok() { echo "not ok - audit: $1"; fail=1; }
# what changes when the guide's specs/ change (h39's rows move, new rows
# match) is masked: the golden file is about the audit
untimed() {
	sed 's/ lines in [0-9.]* s$/ lines/; s|specs/\([a-z]*\)\.yaml:[0-9]*:[0-9]*:|specs/\1.yaml:LINE:|;
		s/rows matched to reference data [0-9]* ([0-9]* cells compared)/rows matched to reference data N/
		s/reference data version [0-9a-f]* (pin it in book.yaml: audit: {reference: "[0-9a-f]*"})/reference data version V/'
}

"$bin" audit tests/audit/book >"$tmp/book.txt" 2>&1
rc=$?
if [ $rc -eq 0 ] && ! grep -q ': \(error\|warning\):' "$tmp/book.txt"; then
	ok "the vendored book is clean"
else
	sed 's/^/# /' "$tmp/book.txt" | head -30
	not_ok "the vendored book is clean (exit $rc)"
fi

"$bin" audit tests/audit/slips 2>&1 | untimed >"$tmp/slips.txt"
"$bin" audit tests/audit/slips >/dev/null 2>&1
rc=$?
if [ -n "${REGEN:-}" ]; then
	diff -u tests/audit/slips.expected "$tmp/slips.txt"
	cp "$tmp/slips.txt" tests/audit/slips.expected
fi
if [ $rc -eq 1 ] && diff -u tests/audit/slips.expected "$tmp/slips.txt" >"$tmp/diff.txt"; then
	ok "the slips book gives its golden findings, exit 1"
else
	sed 's/^/# /' "$tmp/diff.txt" | head -40
	not_ok "the slips book gives its golden findings, exit 1 (exit $rc)"
fi

# a figure that is a ratio of two reference columns (efficiency, the
# roofline's ridge point): held against the ratio; the two right ones
# pass, the ×1000 (GFLOPS/W written TOPS/W) and the wrong ridge are found
"$bin" audit tests/audit/derived >"$tmp/derived.txt" 2>&1
if [ "$(grep -c ': warning: ' "$tmp/derived.txt")" -eq 2 ] &&
	grep -q '^efficiency.md:9:.*warning: 2,827 TOPS/W for the NVIDIA H100 SXM; its reference data gives 2.83 TOPS/W (fp8 / tdp)' "$tmp/derived.txt" &&
	grep -q 'hint: a factor of 1000' "$tmp/derived.txt" &&
	grep -q '^efficiency.md:11:.*warning: 208 FLOP/byte for the NVIDIA A100 SXM.*gives 153 FLOP/byte (bf16 / mem_bw)' "$tmp/derived.txt"; then
	ok "a figure that is a ratio of two reference columns (TFLOPS/W, FLOP/B) is held against it"
else
	sed 's/^/# /' "$tmp/derived.txt" | head -20
	not_ok "a figure that is a ratio of two reference columns (TFLOPS/W, FLOP/B) is held against it"
fi

"$bin" audit --format=json tests/audit/slips >"$tmp/json.txt" 2>"$tmp/json-err.txt"
if head -c 1 "$tmp/json.txt" | grep -q '\[' && grep -q '"level": "error"' "$tmp/json.txt" &&
	grep -q '"file": "accelerators.md", "line": 15, "col": 37' "$tmp/json.txt" && [ ! -s "$tmp/json-err.txt" ]; then
	ok "--format=json: one array on stdout, nothing on stderr"
else
	not_ok "--format=json: one array on stdout, nothing on stderr"
fi

"$bin" audit "$tmp/none" >"$tmp/none.txt" 2>&1
rc=$?
if [ $rc -eq 1 ] && grep -q 'not a folder' "$tmp/none.txt"; then
	ok "a folder that is none: an error, exit 1"
else
	not_ok "a folder that is none: an error, exit 1 (exit $rc)"
fi

# a table cited by its caption ("如表 1.5.1 所示"): the sentence's figure is
# held against that table's row, not any table of the chapter naming the
# part (the H100 PCIe's 48 TFLOPS is table 1.5.2's, not 1.5.1's)
out=$("$bin" audit --no-reference tests/audit/caption 2>&1)
rc=$?
if [ $rc -eq 1 ] && [ "$(printf '%s\n' "$out" | grep -c ': error:')" -eq 1 ] &&
	printf '%s\n' "$out" | grep -q '^01-captions.md:17:32: error: 48 TFLOPS disagrees with table 1.5.1 of this chapter'; then
	ok "a table cited by its caption: the figure held against that table"
else
	printf '%s\n' "$out" | sed 's/^/# /' | head -20
	not_ok "a table cited by its caption: the figure held against that table (exit $rc)"
fi

# --max-diagnostics: 30 files of 25 findings each; 100 shown by default
# (20 per file), every one with 0, N with N, and a word refused (exit 2)
mkdir "$tmp/many"
for f in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30; do
	for l in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25; do
		printf 'H100 的显存 240 GB。\n\n'
	done >"$tmp/many/$f.md"
done
count() { "$bin" audit "$@" "$tmp/many" 2>&1 | grep -c ': warning:'; }
d=$(count); a=$(count --max-diagnostics=0); n=$(count --max-diagnostics=7)
"$bin" audit --max-diagnostics=lots "$tmp/many" >/dev/null 2>&1
rc=$?
if [ "$d" -eq 100 ] && [ "$a" -eq 750 ] && [ "$n" -eq 7 ] && [ $rc -eq 2 ]; then
	ok "--max-diagnostics: 100 by default, 0 every one (750), 7 seven, a word refused"
else
	not_ok "--max-diagnostics: 100 by default ($d), 0 every one ($a of 750), 7 seven ($n), a word refused (exit $rc)"
fi

cp -R tests/audit/slips "$tmp/noref"
printf 'audit: {reference: false}\n' >"$tmp/noref/book.yaml"
"$bin" audit "$tmp/noref" >"$tmp/noref.txt" 2>&1
if ! grep -q 'reference data for' "$tmp/noref.txt" && grep -q 'reference data off' "$tmp/noref.txt" &&
	grep -q "comparison '1.06×'" "$tmp/noref.txt"; then
	ok "book.yaml's audit: {reference: false} leaves the reference data out"
else
	not_ok "book.yaml's audit: {reference: false} leaves the reference data out"
fi

out=$(sh tests/audit/seed.sh "$PWD/$bin" tests/audit/book 30 85)
rc=$?
printf '%s\n' "$out" | grep '^#'
if [ $rc -eq 0 ]; then
	ok "seeded slips in the vendored book: recall at least 85%"
else
	not_ok "seeded slips in the vendored book: recall at least 85%"
fi

# seeded slips in tables of two real books (tests/audit/tables: copied
# from ml-engineering and gpumap, not written with the audit at hand):
# recall in tables of at least 72% (76% when this was written; the audit
# before the work of issue 37's second session found 69%)
out=$(SEED_ONLY=table sh tests/audit/seed.sh "$PWD/$bin" tests/audit/tables 30 72)
rc=$?
printf '%s\n' "$out" | grep '^#'
if [ $rc -eq 0 ]; then
	ok "seeded slips in real books' tables: recall at least 72%"
else
	not_ok "seeded slips in real books' tables: recall at least 72%"
fi

# tables as real books write them (lijun99/GPU-Resources, gpu-specs):
# a row named with a remark in parentheses ("H200 (Hopper + HBM3e)") is
# matched to the reference; thousands grouped by spaces ("18 716") are
# figures; a cell restating its figure in parentheses ("960 GB/s (1.96
# TB/s)") is one figure, and an error when the two disagree; a group of
# three rows (the Voltas) keeps the simple ratio of the table's rows; a
# name repeated on rows of two memory sizes ("A100 | 40 GB", "A100 | 80
# GB", astroC86/gpu-datasheet) is a key with its size; a header naming
# two types the reference gives one figure ("FP16 / BF16") is held;
mkdir -p "$tmp/written"
cat >"$tmp/written/a.md" <<'EOF2'
| GPU Model | SM Count | Cores per SM | Total CUDA Cores | Memory Bandwidth |
| --- | --- | --- | --- | --- |
| **V100 (Volta GV100)** | 80 | 64 | 5120 | **900 GB/s** |
| **H100 PCIe (Hopper)** | 114 | 128 | 14 592 | **2,000 GB/s (2.0 TB/s)** |
| **H100 SXM (Hopper)** | 132 | 128 | 16 896 | **3,350 GB/s (3.35 TB/s)** |
| **H200 (Hopper + HBM3e)** | 132 | 128 | 16 896 | **3,360 GB/s (3.36 TB/s)** |
| **L40S (Ada Lovelace)** | 142 | 128 | 18 176 | **864 GB/s** |
| **RTX 6000 Ada** | 142 | 128 | 18 716 | **960 GB/s (1.96 TB/s)** |
| **A100 SXM (Ampere)** | 108 | 64 | 6912 | **2,039 GB/s** |
EOF2
cat >"$tmp/written/b.md" <<'EOF2'
Attribute (Unit) | H100 SXM | A100 SXM | A100 PCIe | A30 | V100 PCIe | V100 SXM2 | V100S PCIe | T4
--- | --- | --- | --- | --- | --- | --- | --- | ---
Architecture | Hopper | Ampere | Ampere | Ampere | Volta | Volta | Volta | Turing
FP64 (TFLOPS) | 34 | 9.7 | 9.7 | 5.2 | 7 | 7.8 | 8.2 | 0.25
FP32 (TFLOPS) | 67 | 19.5 | 19.5 | 10.3 | 14 | 15.7 | 32.8 | 8.1
EOF2
cat >"$tmp/written/c.md" <<'EOF2'
| Architecture | Name | GPU Memory | Memory Bandwidth | FP16 / BF16 |
| --- | --- | --- | --- | --- |
| Ampere | A100 | 40 GB | 1.555 TB/s | 312 TFLOPS |
| Ampere | A100 | 80 GB | 4.078 TB/s | 312 TFLOPS |
| Ampere | A10 | 24 GB | 600 GB/s | 125 TFLOPS |
| Hopper | H100 | 80 GB | 3.35 TB/s | 1979 TFLOPS |
EOF2
# a book with specs/ of its own: the reference rows are named as
# specbook's built-in ones, and --html quotes those, not the book's
mkdir -p "$tmp/written/specs"
printf 'MARKER-OWN-SPECS\nrows: {}\n' >"$tmp/written/specs/accelerators.yaml"
"$bin" audit --html "$tmp/written.html" "$tmp/written" >"$tmp/written.txt" 2>&1
if grep -q "^a.md:6:.*: warning: 'Memory Bandwidth' of 'H200 (Hopper + HBM3e)' is 3,360 GB/s; reference data for NVIDIA H200 SXM says 4.80 TB/s" "$tmp/written.txt" &&
	grep -q "^  (specbook)/specs/accelerators.yaml:[0-9]*:[0-9]*: specbook's built-in reference row 'h200_sxm'" "$tmp/written.txt" &&
	grep -q '<a class="place">(specbook)/specs/accelerators.yaml:[0-9]*:[0-9]*</a>' "$tmp/written.html" &&
	grep -q '</span>  h200_sxm:' "$tmp/written.html" && ! grep -q MARKER "$tmp/written.html" &&
	grep -q "^a.md:8:34: warning: 'Total CUDA Cores' of 'RTX 6000 Ada' is off the pattern" "$tmp/written.txt" &&
	grep -q "^a.md:8:45: error: 'Memory Bandwidth' is 960 GB/s in a cell that also says 1.96 TB/s" "$tmp/written.txt" &&
	grep -q "^b.md:5:.*: warning: 'FP32 (TFLOPS)' of 'V100S PCIe' is off the pattern" "$tmp/written.txt" &&
	grep -q "^c.md:4:27: warning: 'Memory Bandwidth' of 'A100' is 4.078 TB/s; reference data for NVIDIA A100 SXM 80GB says 2.039 TB/s" "$tmp/written.txt" &&
	grep -q "^c.md:6:39: warning: 'FP16 / BF16' of 'H100' is 1,979 TFLOPS; reference data for NVIDIA H100 SXM says 989 TFLOPS" "$tmp/written.txt" &&
	[ "$(grep -c ': \(error\|warning\):' "$tmp/written.txt")" -le 8 ]; then
	ok "tables as books write them: a remark in a row's name, thousands grouped by spaces, a figure restated in its cell, a group of three rows, names told apart by memory size, 'FP16 / BF16'; the reference named as specbook's built-in (terminal, --html)"
else
	sed 's/^/# /' "$tmp/written.txt" | head -40
	not_ok "tables as books write them: a remark in a row's name, thousands grouped by spaces, a figure restated in its cell, a group of three rows, names told apart by memory size, 'FP16 / BF16'; the reference named as specbook's built-in (terminal, --html)"
fi

# held-out books' tables (s43-eval's T1-T4, T7, T8): a bare "bandwidth"
# column whose figures are the NVLink's in every row is the NVLink's;
# starred figures (NVIDIA's mark of sparsity) twice the dense reference;
# "(不开启稀疏计算)" is dense; footnote references ("INT8 [2]") and list
# numbers ("5. 深度分析") are no figures; "HBM TB/s" is the memory
# bandwidth; a plain FP64 beside "FP64 Tensor Core" is the vector FP64;
# "V100-SXM" and "Tesla `V100` `SXM2`" are one row (T9); "A100-SXM | 40
# GB" is the A100 SXM 40GB (its 1555 GB/s right), a bare "A100 SXM4" the
# 80GB; a chip's transistors are one figure on its cards (gpumap's
# GH100 rows); a roofline table's rows name a data type and a memory
# ("H100 SXM BF16 TC / HBM3": gpu-glossary, T6)
mkdir -p "$tmp/heldout"
cat >"$tmp/heldout/t1.md" <<'EOF2'
| GPU 型号 | NVLink 版本 | 理论带宽 | 实际性能     |
| -------- | ----------- | -------- | ------------ |
| V100     | NVLink 2.0  | 300 GB/s | 250-280 GB/s |
| A100     | NVLink 3.0  | 600 GB/s | 500-550 GB/s |
| H100     | NVLink 4.0  | 900 GB/s | 750-850 GB/s |
EOF2
cat >"$tmp/heldout/t2.md" <<'EOF2'
|           | GPU 架构 | FP32 算力    | TF32 Tensor Core | FP16 Tensor Core |
| --------- | :------- | :----------- | :--------------- | :--------------- |
| H100 PCIe | Hopper   | 51 teraFLOPS | 756 teraFLOPS*   | 1513 teraFLOPS*  |
| H100 SXM  | Hopper   | 67 teraFLOPS | 989 teraFLOPS*   | 1979 teraFLOPS*  |

> `*` 表示采用稀疏技术后的算力情况，不使用稀疏技术时，规格降低一半。
EOF2
cat >"$tmp/heldout/t3.md" <<'EOF2'
| GPU      | FP16 Tensor Core 浮点运算能力 | FP32 浮点运算能力 |
| -------- | ----------------------------- | ----------------- |
| H100-SXM | 989 TFLOPS(不开启稀疏计算)    | 60 TFLOPS         |
| A100     | 312 TFLOPS(不开启稀疏计算)    | 19.5 TFLOPS         |
EOF2
cat >"$tmp/heldout/t4.md" <<'EOF2'
| **量化精度**  | **模型大小** | **推理速度** | **内存节省** |
| ------------- | ------------ | ------------ | ------------ |
| FP32          | 100%         | 1x           | 0%           |
| FP16/BF16 [1] | 50%          | 2-3x         | 50%          |
| INT8 [2]      | 25%          | 3-5x         | 75%          |
| INT4 (W4A16) [5,6] | 12.5%   | 4-6x         | 87.5%        |
EOF2
cat >"$tmp/heldout/t7.md" <<'EOF2'
| GPU | BF16 TFLOPS | HBM TB/s |
| --- | --- | --- |
| A100 SXM | 312 | 2 |
| H100 SXM | 989 | 6.7 |
| H200 | 989 | 4.8 |
EOF2
cat >"$tmp/heldout/t8.md" <<'EOF2'
| GPU | FP64 算力 | FP64 Tensor Core | Memory |
| --- | --- | --- | --- |
| A100 PCIe | 9.7 TFLOPS | 19.5 TFLOPS | 80 GB |
| A100 SXM | 9700 TFLOPS | 19.5 TFLOPS | 80 GB |
EOF2
cat >"$tmp/heldout/t9a.md" <<'EOF2'
| GPU | 显存 | CUDA 核心 | Tensor 算力 | FP32 算力 | 带宽 |
| --- | --- | --- | --- | --- | --- |
| V100-SXM | 16 GB | 5120 | 250 TFLOPS | 15.7 TFLOPS | 900 GB/s |
| A100-SXM | 40 GB | 6912 | 312 TFLOPS | 19.5 TFLOPS | 1555 GB/s |
EOF2
cat >"$tmp/heldout/t9b.md" <<'EOF2'
| GPU | 架构 | Tensor 核心 | CUDA 核心 | FP64 | FP32 | Tensor 算力 | 显存带宽 |
| --- | --- | --- | --- | --- | --- | --- | --- |
| Tesla `V100` `SXM2` | Volta | 640 | 5120 | 7.8TFLOPS | 15.7 TFLOPS | 125 TFLOPS | 900GB/s |
| Tesla `A100` `SXM4` | Ampere | 432 | 6912 | 9.7 TFLOPS | 19.5 TFLOPS | 312 TFLOPS | 1555GB/s |
EOF2
cat >"$tmp/heldout/t10.md" <<'EOF2'
| 型号 | H200 SXM | H100 SXM | H200 NVL | H100 NVL | H100 PCIe |
| --- | --- | --- | --- | --- | --- |
| 晶体管数量(亿) | 800 | 800 | 1600 | 800 | 800 |
| 芯片代号 | GH100 | GH100 | GH100 | GH100 | GH100 |
| Compute Capability | 9.0 | 9.0 | 9.0 | 9.0 | 9.0 |
| CUDA核心数 | 16,896 | 16,896 | 16,896 | 16,896 | 14,592 |
EOF2
# and no false error: two variants' sizes in one cell ("32GB /16GB")
# against another table's 16 GB; a share restated as a speed-up ("77.7%
# (1.3x)") is no restatement
printf '| GPU | 显存 | FP32 |\n| --- | --- | --- |\n| V100 SXM2 | 32GB /16GB HBM2 | 15.7 TFLOPS |\n| A100 SXM | 80GB | 19.5 TFLOPS |\n\n| GPU | 显存 | X |\n| --- | --- | --- |\n| V100-SXM | 16 GB | 1 |\n| A100 SXM | 80 GB | 2 |\n' >"$tmp/heldout/t11.md"
printf '| Case | Train data | Cost |\n| --- | --- | --- |\n| A | 77.7%% (1.3x) | 1 |\n| B | 50%% (2x) | 2 |\n' >"$tmp/heldout/t12.md"
cat >"$tmp/heldout/t6.md" <<'EOF2'
| System | Arithmetic Bandwidth (TFLOPs/s) | Memory Bandwidth (TB/s) | Ridge Point (FLOPs/byte) |
| :-- | --: | --: | --: |
| [A100 80GB SXM BF16 TC / HBM2e](https://x.com/a.pdf) | 312 | 2 | 156 |
| [H100 SXM BF16 TC / HBM3](https://x.com/h) | 989 | 6.7 | 295 |
| [B200 BF16 TC / HBM3e](https://x.com/b) | 2250 | 8 | 281 |
| [H100 SXM FP8 TC / HBM3](https://x.com/h) | 1979 | 3.35 | 592 |
EOF2
"$bin" audit "$tmp/heldout" >"$tmp/heldout.txt" 2>&1
if [ "$(grep -c ': \(error\|warning\):' "$tmp/heldout.txt")" -eq 8 ] &&
	grep -q "^t6.md:4:54: warning: 'Memory Bandwidth (TB/s)' of 'H100 SXM BF16 TC / HBM3' is 6.7 TB/s" "$tmp/heldout.txt" && ! grep -q '^t1[12].md' "$tmp/heldout.txt" &&
	grep -q "^t10.md:3:.*: warning: '晶体管数量(亿)' of 'H200 NVL' is off the pattern" "$tmp/heldout.txt" &&
	grep -q "^t9b.md:3:72: error: 'Tensor 算力' of 'Tesla V100 SXM2' is 125 TFLOPS here and 250 TFLOPS in another table" "$tmp/heldout.txt" &&
	grep -q "^t9b.md:4:.*: warning: '显存带宽' of 'Tesla A100 SXM4' is 1,555 GB/s" "$tmp/heldout.txt" &&
	! grep -q "^t9a.md" "$tmp/heldout.txt" &&
	grep -q "^t3.md:3:39: warning: 'FP32 浮点运算能力' of 'H100-SXM' is 60 TFLOPS" "$tmp/heldout.txt" &&
	grep -q "^t7.md:4:20: warning: 'HBM TB/s' of 'H100 SXM' is 6.7 TB/s; reference data for NVIDIA H100 SXM says 3.35 TB/s" "$tmp/heldout.txt" &&
	grep -q "^t8.md:4:14: warning: 'FP64 算力' of 'A100 SXM' is 9,700 TFLOPS" "$tmp/heldout.txt"; then
	ok "held-out tables: NVLink figures under a bare bandwidth header, starred sparse figures, 不开启稀疏, footnote and list numbers, 'HBM TB/s', FP64 beside FP64 Tensor Core, Tesla V100 SXM2 = V100-SXM, a size column naming the variant, one chip's transistors, a roofline row's name"
else
	sed 's/^/# /' "$tmp/heldout.txt" | grep -v '^#     ' | head -30
	not_ok "held-out tables: NVLink figures under a bare bandwidth header, starred sparse figures, 不开启稀疏, footnote and list numbers, 'HBM TB/s', FP64 beside FP64 Tensor Core, Tesla V100 SXM2 = V100-SXM, a size column naming the variant, one chip's transistors, a roofline row's name"
fi

# two tables written sideways that state the same figures, one with rows
# "… with Sparsity" beside the dense ones (gpu-specs' README and specs.md):
# no contradiction; a sparse row is held against twice the reference's
# dense figure, and the H100 PCIe's figures in an "H100" column are named
mkdir -p "$tmp/twins"
cat >"$tmp/twins/a.md" <<'EOF2'
Attribute (Unit) | H100 | L40S | A100 PCIe 80GB
--- | --- | --- | ---
FP32 (TFLOPS) | 51.2 | 91.6 | 19.5
TF32 Tensor Core (TFLOPS) | ? | 183 | 156
TF32 Tensor Core with Sparsity (TFLOPS) | 756 | 366 | 312
BF16 Tensor Core (TFLOPS) | ? | 362 | 312
BF16 Tensor Core with Sparsity (TFLOPS) | 1513 | 733 | 624
FP8 Tensor Core (TFLOPS) | ? | 733 | N/A
FP8 Tensor Core with Sparsity (TFLOPS) | 3026 | 1466 | N/A
EOF2
cat >"$tmp/twins/b.md" <<'EOF2'
Attribute (Unit) | H100 | L40S | L4 | A100 PCIe 80GB
--- | --- | --- | --- | ---
FP32 (TFLOPS) | 51.2 | 91.6 | 30.3 | 19.5
TF32 Tensor Core (TFLOPS) | ? | 183 | 60 | 156
TF32 Tensor Core with Sparsity (TFLOPS) | 756 | 366 | 120 | 312
BF16 Tensor Core (TFLOPS) | ? | 362 | 121 | 312
BF16 Tensor Core with Sparsity (TFLOPS) | 1513 | 733 | 242 | 624
FP8 Tensor Core (TFLOPS) | ? | 733 | 242 | N/A
FP8 Tensor Core with Sparsity (TFLOPS) | 3026 | 1466 | 485 | N/A
EOF2
"$bin" audit "$tmp/twins" >"$tmp/twins.txt" 2>&1
rc=$?
if [ $rc -eq 0 ] && ! grep -q ': error:' "$tmp/twins.txt" &&
	grep -q "'BF16 Tensor Core with Sparsity (TFLOPS)' of 'H100' is 1,513 TFLOPS; reference data for NVIDIA H100 SXM says 2 × 989 TFLOPS" "$tmp/twins.txt" &&
	grep -q 'hint: NVIDIA H100 PCIe gives 2 × 756 TFLOPS: is that the part meant?' "$tmp/twins.txt"; then
	ok "tables written sideways with sparse twins: no false contradiction; sparse against 2 × dense, the sibling part named"
else
	sed 's/^/# /' "$tmp/twins.txt" | head -30
	not_ok "tables written sideways with sparse twins (exit $rc)"
fi

# a DGX's totals in a table of GPUs (gpu-datasheet's B200 row): one
# finding for the row, its figures 8 or 16 times one GPU's
mkdir -p "$tmp/dgx"
cat >"$tmp/dgx/a.md" <<'EOF2'
| Name | Memory Bandwidth | FP8 | FP4 |
| --- | --- | --- | --- |
| B200 | 64 TB/s | 72 PFLOPS | 144 PFLOPS |
| H100 | 3.35 TB/s | 3958 TFLOPS | |
EOF2
"$bin" audit "$tmp/dgx" >"$tmp/dgx.txt" 2>&1
if grep -q "warning: the row 'B200' gives 3 figures 8 or 16 times the reference data for NVIDIA B200 SXM: a system's totals?" "$tmp/dgx.txt" &&
	grep -q "'FP4' 144 PFLOPS: 16 times 9,000 TFLOPS" "$tmp/dgx.txt" && [ "$(grep -c ': warning:' "$tmp/dgx.txt")" -eq 2 ]; then
	ok "an 8-GPU system's totals in a table of GPUs: one finding for the row"
else
	sed 's/^/# /' "$tmp/dgx.txt" | head -30
	not_ok "an 8-GPU system's totals in a table of GPUs: one finding for the row"
fi

# rows named as Chinese books name them: "H20-特供-训练（PCIe、Nvlink）" is
# the H20 (its only reference row), "H800（ SXM）" the H800
mkdir -p "$tmp/zh"
cat >"$tmp/zh/a.md" <<'EOF2'
| 厂商 | 型号 | 显存 | FP16 算力 |
| --- | --- | --- | --- |
| 英伟达 | H20-特供-训练（PCIe、Nvlink） | 96GB（HBM3） | 296 TFLOPS |
| 英伟达 | H800（ SXM） | 80GB（HBM3） | 989 TFLOPS |
EOF2
"$bin" audit "$tmp/zh" >"$tmp/zh.txt" 2>&1
if grep -q "'FP16 算力' of 'H20-特供-训练（PCIe、Nvlink）' is 296 TFLOPS; reference data for NVIDIA H20 says 148 TFLOPS" "$tmp/zh.txt" &&
	[ "$(grep -c ': warning:' "$tmp/zh.txt")" -eq 1 ]; then
	ok "a Chinese row name with words of its own is matched to its one reference row"
else
	sed 's/^/# /' "$tmp/zh.txt" | head -20
	not_ok "a Chinese row name with words of its own is matched to its one reference row"
fi

# two tables of one book that disagree: an error of the audit, and of
# check in a book with spec tables of its own; in a repository as it is
# (no spec tables), a warning and one note, so that it builds (parts the
# reference data has no row for: a cell it holds is its finding instead)
mkdir -p "$tmp/asis/content"
printf 'title: As it is\n' >"$tmp/asis/content/book.yaml"
cat >"$tmp/asis/content/a.md" <<'EOF2'
# A

| GPU | Tensor TFLOPS | Memory bandwidth (GB/s) |
| --- | --- | --- |
| Tesla K80 | 8.7 | 480 |
| Tesla M40 | 7 | 288 |
EOF2
cat >"$tmp/asis/content/b.md" <<'EOF2'
# B

| GPU | Tensor TFLOPS | Memory bandwidth (GB/s) |
| --- | --- | --- |
| Tesla K80 | 8.7 | 960 |
| Tesla M40 | 7 | 288 |
EOF2
"$bin" audit "$tmp/asis/content" >"$tmp/asis-audit.txt" 2>&1
rc_audit=$?
"$bin" build -C "$tmp/asis" -o "$tmp/asis-site" >"$tmp/asis.txt" 2>&1
rc=$?
"$bin" new "$tmp/withspecs" >/dev/null 2>&1
cp "$tmp/asis/content/a.md" "$tmp/withspecs/content/a.md"
cp "$tmp/asis/content/b.md" "$tmp/withspecs/content/b.md"
"$bin" check -C "$tmp/withspecs" >"$tmp/withspecs.txt" 2>&1
rc_specs=$?
if [ $rc_audit -eq 1 ] && grep -q ": error: .*in another table" "$tmp/asis-audit.txt" &&
	[ $rc -eq 0 ] && [ -f "$tmp/asis-site/a.html" ] && ! grep -q ": error:" "$tmp/asis.txt" &&
	grep -q ": warning: .*in another table" "$tmp/asis.txt" &&
	grep -q "^content: note: 1 of the audit's findings are errors in specbook audit" "$tmp/asis.txt" &&
	[ $rc_specs -eq 1 ] && grep -q ": error: .*in another table" "$tmp/withspecs.txt"; then
	ok "two tables that disagree: an error in audit and in a book with spec tables; a warning and a note in a book as it is, which builds"
else
	sed 's/^/# /' "$tmp/asis-audit.txt" "$tmp/asis.txt" "$tmp/withspecs.txt" | grep -v '^# *[0-9]* |' | head -30
	not_ok "two tables that disagree: an error in audit and in a book with spec tables; a warning and a note in a book as it is (exit $rc_audit, $rc, $rc_specs)"
fi

# check and build of a specbook book: its pipe tables that no spec table
# covers are audited (a table with a span is a spec table's, left out)
"$bin" new "$tmp/inbook" >/dev/null 2>&1
cat >>"$tmp/inbook/content/01-start.md" <<'EOF2'

| GPU | Architecture | CUDA cores | Tensor cores | BF16 TFLOPS | FP8 TFLOPS |
| --- | --- | --- | --- | --- | --- |
| H100 SXM5 | Hopper | 16,896 | 528 | 989 | 1,979 |
| H100 PCIe | Hopper | 14,592 | 456 | 756 | 1,513 |
| H800 | Hopper | 16,896 | 640 | 1,979 | 3,958 |
| H200 | Hopper | 16,896 | 528 | 989 | 1,979 |
| H20 | Hopper | 10,240 | 320 | 148 | 296 |

| Card | Memory | H800 BF16 TFLOPS |
| --- | --- | --- |
| Card A | {card_a.memory} | 1,979 |
EOF2
"$bin" check -C "$tmp/inbook" >"$tmp/inbook.txt" 2>&1
rc=$?
"$bin" check --werror -C "$tmp/inbook" >/dev/null 2>&1
rc_werror=$?
if [ $rc -eq 0 ] && [ $rc_werror -eq 1 ] &&
	grep -q "^content/01-start.md:[0-9]*:[0-9]*: warning: 'Tensor cores' of 'H800' is off the pattern" "$tmp/inbook.txt" &&
	grep -q "^content/01-start.md:[0-9]*:[0-9]*: warning: the row 'H800' gives 2 figures twice the reference data" "$tmp/inbook.txt" &&
	! grep -q "^content/01-start.md:4[4-9]:" "$tmp/inbook.txt"; then
	ok "check: a book's uncovered pipe tables audited (warnings, 1 under --werror), a table with a span left out"
else
	sed 's/^/# /' "$tmp/inbook.txt" | head -30
	not_ok "check: a book's uncovered pipe tables audited (exit $rc, $rc_werror under --werror)"
fi
printf 'audit: {reference: false}\n' >>"$tmp/inbook/content/book.yaml"
"$bin" build -C "$tmp/inbook" -o "$tmp/inbook-site" >"$tmp/inbook-build.txt" 2>&1
rc=$?
if [ $rc -eq 0 ] && grep -q "'Tensor cores' of 'H800' is off the pattern" "$tmp/inbook-build.txt" &&
	! grep -q 'reference data' "$tmp/inbook-build.txt"; then
	ok "build: the same checks; book.yaml's audit: {reference: false} leaves the reference data out"
else
	sed 's/^/# /' "$tmp/inbook-build.txt" | head -30
	not_ok "build: the same checks; audit: {reference: false} (exit $rc)"
fi

# prose (tests/audit/prose: sentences in the shapes real books write
# them, tied to tables, restated, shared, compared, sizes in names): clean,
# and seeded slips in it found (the floor fails if prose recall drops; the
# build before relate.c/parts.c/cells.c found 59%)
"$bin" audit tests/audit/prose >"$tmp/prose.txt" 2>&1
rc=$?
if [ $rc -eq 0 ] && ! grep -q ': \(error\|warning\):' "$tmp/prose.txt"; then
	ok "the prose sample is clean"
else
	sed 's/^/# /' "$tmp/prose.txt" | head -30
	not_ok "the prose sample is clean (exit $rc)"
fi
out=$(sh tests/audit/seed.sh "$PWD/$bin" tests/audit/prose 60 85)
rc=$?
printf '%s\n' "$out" | grep '^#'
if [ $rc -eq 0 ]; then
	ok "seeded slips in the prose sample: recall at least 85%"
else
	not_ok "seeded slips in the prose sample: recall at least 85%"
fi

# reference rows and columns (tests/audit/reference, s44): the clean book
# (datasheet figures of older and inference GPUs, and the shapes that are
# no datasheet figure: a measured bandwidth, a cache's, a host link's, a
# GEMM's TFLOPS) has no warning; each file:line slips.lines names (in
# slips/ and slips-prose/) has a finding at it, and no other line has one
"$bin" audit tests/audit/reference/clean >"$tmp/ref-clean.txt" 2>&1
rc=$?
if [ $rc -eq 0 ] && ! grep -q ': \(error\|warning\):' "$tmp/ref-clean.txt"; then
	ok "reference data: datasheet figures of the parts it knows are clean"
else
	sed 's/^/# /' "$tmp/ref-clean.txt" | head -30
	not_ok "reference data: datasheet figures of the parts it knows are clean (exit $rc)"
fi
# (slips-prose: sentences with no table of their own to tie to)
for d in slips slips-prose; do
	"$bin" audit "tests/audit/reference/$d" 2>&1
done >"$tmp/ref-slips.txt"
grep -E '^[^ ]+:[0-9]+:[0-9]+: (error|warning):' "$tmp/ref-slips.txt" | cut -d: -f1,2 | sort -u >"$tmp/ref-got.txt"
grep -v '^#' tests/audit/reference/slips.lines | sort -u >"$tmp/ref-want.txt"
if [ -s "$tmp/ref-want.txt" ] && cmp -s "$tmp/ref-want.txt" "$tmp/ref-got.txt"; then
	ok "reference data: a slip in each marked line found, and nothing else ($(wc -l <"$tmp/ref-want.txt"))"
else
	diff "$tmp/ref-want.txt" "$tmp/ref-got.txt" | sed 's/^/# /'
	not_ok "reference data: a slip in each marked line found, and nothing else"
fi

# real inconsistencies of a public book (tests/vendor/ml-engineering, read
# by hand: compute/accelerator/README.md): its errors are the GH200's
# 144GiB of HBM3e in prose against its own table's 141 (:808) and Gaudi2's
# 2.45TBps under "### Intel Gaudi" against its table's 2.46 (:931); B300 INT8
# 4,500 against the reference's 150 TOPS (:259) and A100 SXM 2.00 TB/s for
# 2.039 (:485) are warnings naming the source
"$bin" audit --quiet tests/vendor/ml-engineering/content >"$tmp/mle.txt" 2>&1
errors=$(grep -c '^[^ ].*: error:' "$tmp/mle.txt")
if [ "$errors" -eq 2 ] && grep -q '^compute/accelerator/README.md:808:[0-9]*: error: 144GiB disagrees' "$tmp/mle.txt" &&
	grep -q '^compute/accelerator/README.md:931:[0-9]*: error: 2.45TBps disagrees' "$tmp/mle.txt" &&
	grep -q "^compute/accelerator/README.md:259:[0-9]*: warning: 'int8' of 'NVIDIA B300 SXM'" "$tmp/mle.txt" &&
	grep -q "^compute/accelerator/README.md:485:[0-9]*: warning: 'Peak Bandwidth (TBps)' of 'NVIDIA A100 SXM'" "$tmp/mle.txt"; then
	ok "ml-engineering: its real inconsistencies found, two errors and no false one"
else
	grep '^[^ ].*: \(error\|warning\):' "$tmp/mle.txt" | sed 's/^/# /' | head -20
	not_ok "ml-engineering: its real inconsistencies found, two errors and no false one ($errors errors)"
fi

# the known real inconsistencies of public books (tests/audit/real: 47 read
# by hand by the held-out evaluators of sessions 43, 44 and 45, each book's lines
# as they are): at least as many found as on main when the suite was made;
# raise the floor when more are found
real_floor=33
if sh tests/audit/real.sh "$bin" $real_floor >"$tmp/real.txt" 2>&1; then
	ok "real inconsistencies of public books: $(tail -1 "$tmp/real.txt" | sed 's/.*found: //') found (floor $real_floor)"
else
	sed 's/^/# /' "$tmp/real.txt"
	not_ok "real inconsistencies of public books: $(tail -1 "$tmp/real.txt" | sed 's/.*found: //') found, under the floor of $real_floor"
fi

# held-out books' tables of session 44, case by case (its own TAP lines)
sh tests/audit/tables/cases.sh "$bin" || fail=1

# a 20,000-line book: the vendored one many times over, each copy in its own folder
i=0
while [ $i -lt 175 ]; do
	mkdir -p "$tmp/big/part$i"
	cp tests/audit/book/*.md "$tmp/big/part$i/"
	i=$((i + 1))
done
"$bin" audit --quiet "$tmp/big" >/dev/null 2>&1
"$bin" audit "$tmp/big" 2>&1 | grep '^specbook audit:' | sed 's/^/# /'
ok "a 20,000-line book audited (its time above)"
exit $fail
