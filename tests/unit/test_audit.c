/*
 * test_audit.c — `specbook audit`'s core (generator/audit/): figures read
 * as books write them, a table's own pattern, two tables, a table and
 * prose, comparisons in prose, and reference data.  Each test hands the
 * audit a small book as text and reads the diagnostics it printed.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "audit/audit.h"
#include "audit/figure.h"
#include "audit/reference.h"
#include "core/arena.h"
#include "core/diag.h"
#include "core/files.h"
#include "numbers/units.h"

#include "units_fixture.h"

/* A pipe table written one row a line ("a | b | c"), header first, with no
 * alignment row, at line `line` of file "t.md": its cells with their places. */
static void add_table(struct audit *au, const char *text, int line)
{
	struct audit_text cells[256];
	size_t n = 0, ncols = 0, row_cells = 0;
	const char *s = text;
	int ln = line;
	while (*s) {
		const char *eol = strchr(s, '\n');
		if (!eol)
			eol = s + strlen(s);
		row_cells = 0;
		const char *c = s;
		while (c <= eol && n < 256) {
			const char *bar = memchr(c, '|', (size_t)(eol - c));
			const char *end = bar ? bar : eol;
			const char *b = c, *e = end;
			while (b < e && *b == ' ')
				b++;
			while (e > b && e[-1] == ' ')
				e--;
			struct srcloc loc = { "t.md", ln, (int)(b - s) + 1 };
			cells[n++] = (struct audit_text){ b, (size_t)(e - b), loc };
			row_cells++;
			if (!bar)
				break;
			c = bar + 1;
		}
		if (!ncols)
			ncols = row_cells;
		assert_int_equal(row_cells, ncols);
		ln++;
		s = *eol ? eol + 1 : eol;
	}
	audit_add_table(au, cells, ncols, cells + ncols, n / ncols - 1, NULL);
}

static void add_prose(struct audit *au, const char *text, int line)
{
	struct srcloc loc = { "t.md", line, 1 };
	audit_add_prose(au, (struct audit_text){ text, strlen(text), loc }, NULL);
}

/* Runs the audit and returns everything it printed (GNU format), in a
 * static buffer. */
static const char *run(struct audit *au, struct audit_summary *sum)
{
	static char out[16384];
	audit_run(au, sum);
	char *text = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&text, &len);
	diag_flush(m);
	fclose(m);
	snprintf(out, sizeof out, "%s", text);
	free(text);
	return out;
}

#define assert_has(hay, needle) do { if (!strstr((hay), (needle))) \
	fail_msg("expected '%s' in:\n%s", (needle), (hay)); } while (0)
#define assert_lacks(hay, needle) do { if (strstr((hay), (needle))) \
	fail_msg("did not expect '%s' in:\n%s", (needle), (hay)); } while (0)

static void test_figures_as_books_write_them(void **state)
{
	(void)state;
	struct audit *au = audit_new(&arena, units, NULL, 0.02);
	struct figure f[4];
	const char *t = "H100 offers 989.4 teraFLOPS of FP16 and 3.35 TB/sec";
	struct srcloc loc = { "t.md", 1, 1 };
	assert_int_equal(figure_scan(au, t, strlen(t), loc, f, 4), 2);
	assert_true(fabs(f[0].q.v.lo - 989.35e12) < 1e6);
	assert_int_equal(f[0].loc.col, 13);
	assert_true(fabs(interval_mid(f[1].q.v) - 3.35e12) < 1e6);
	t = "13,824 GB across 72 GPUs, 2x faster";
	assert_int_equal(figure_scan(au, t, strlen(t), loc, f, 4), 3);
	assert_true(f[0].q.v.lo == 13823.5e9);
	assert_string_equal(f[2].q.unit, "×");
	t = "about 2 TB/s, over 900 GB/s";
	assert_int_equal(figure_scan(au, t, strlen(t), loc, f, 4), 2);
	assert_true(f[0].approx && !f[0].bound);
	assert_true(f[1].bound);
	assert_string_equal(name_normalise(&arena, "NVIDIA H100 SXM5", 16), "h100 sxm");
}

static const char *const accel =
	"GPU | FP32 TFLOPS | BF16 TFLOPS | FP16 TFLOPS | FP8 TFLOPS | Memory (GB)\n"
	"A100 | 19.5 | 312 | 312 | 624 | 80\n"
	"H100 SXM | 67 | 989 | 989 | 1979 | 80\n"
	"H200 | 67 | 989 | 989 | 1979 | 141\n"
	"B200 | 80 | 2250 | 2250 | 4500 | 192\n"
	"MI300X | 163.4 | 1307 | 1307 | 2615 | 192\n"
	"Gaudi 3 | 28.7 | 1835 | 1835 | 3670 | 128\n";

static void test_a_clean_table_says_nothing(void **state)
{
	(void)state;
	struct audit *au = audit_new(&arena, units, NULL, 0.02);
	add_table(au, accel, 10);
	struct audit_summary sum;
	const char *out = run(au, &sum);
	assert_string_equal(out, "");
	assert_int_equal(sum.data_tables, 1);
	assert_int_equal(sum.rows, 6);
	assert_true(sum.relations >= 1);   /* FP8 = 2 × FP16 */
}

static void test_a_row_off_its_tables_ratio(void **state)
{
	(void)state;
	struct audit *au = audit_new(&arena, units, NULL, 0.02);
	char *t = strdup(accel);
	char *p = strstr(t, "2250 | 4500");
	memcpy(p, "4500 | 4500", 11);   /* B200 FP16 doubled: FP16 ≠ BF16, FP8 = FP16 */
	add_table(au, t, 10);
	const char *out = run(au, NULL);
	assert_has(out, "t.md:14:");
	assert_has(out, "'FP16 TFLOPS' of 'B200' is off the pattern");
	assert_has(out, "the relation gives 2,250 TFLOPS");
	assert_has(out, "hint: twice the expected figure: a sparse figure");
	free(t);
}

static void test_a_groups_own_ratio(void **state)
{
	(void)state;
	struct audit *au = audit_new(&arena, units, NULL, 0.02);
	add_table(au,
		  "GPU | Architecture | CUDA cores | Tensor cores\n"
		  "H100 SXM | Hopper | 16896 | 528\n"
		  "H100 PCIe | Hopper | 14592 | 456\n"
		  "H800 | Hopper | 16896 | 640\n"
		  "H200 | Hopper | 16896 | 528\n"
		  "H20 | Hopper | 10240 | 320\n"
		  "A100 | Ampere | 6912 | 432\n"
		  "A800 | Ampere | 6912 | 432\n"
		  "A30 | Ampere | 3584 | 224\n"
		  "A10 | Ampere | 9216 | 288\n",
		  1);
	const char *out = run(au, NULL);
	assert_has(out, "t.md:4:");
	assert_has(out, "'Tensor cores' of 'H800' is off the pattern");
	assert_has(out, "whose 'Architecture' is 'Hopper'");
	assert_has(out, "the relation gives 528");
}

static void test_two_tables_that_disagree(void **state)
{
	(void)state;
	struct audit *au = audit_new(&arena, units, NULL, 0.02);
	add_table(au, accel, 10);
	add_table(au,
		  "GPU | FP16 TFLOPS | Memory (GB)\n"
		  "H100 SXM5 | 1979 | 80\n"
		  "A100 | 312 | 80\n",
		  40);
	const char *out = run(au, NULL);
	assert_has(out, "t.md:41:13: error: 'FP16 TFLOPS' of 'H100 SXM5' is 1,979 TFLOPS here and 989 TFLOPS in another table");
	assert_has(out, "t.md:12:");
	assert_has(out, "sparse");
}

static void test_prose_against_the_table(void **state)
{
	(void)state;
	struct audit *au = audit_new(&arena, units, NULL, 0.02);
	add_table(au, accel, 10);
	add_prose(au, "The H100 SXM delivers 1979 TFLOPS of FP16, and the A100 312 TFLOPS of FP16.", 30);
	add_prose(au, "An H100 SXM has 80 GB of memory.", 32);
	add_prose(au, "The H100 PCIe has 51 TFLOPS of FP32.", 34);   /* another part: no row */
	struct audit_summary sum;
	const char *out = run(au, &sum);
	assert_has(out, "t.md:30:23: warning: 1979 TFLOPS disagrees with the table of this chapter");
	assert_has(out, "t.md:12:");
	assert_lacks(out, "t.md:32:");
	assert_lacks(out, "t.md:34:");
	assert_true(sum.prose_tied >= 3);
}

static void test_comparisons_in_prose(void **state)
{
	(void)state;
	struct audit *au = audit_new(&arena, units, NULL, 0.02);
	add_prose(au, "So 2 TB/s is 1.06× of 1,935 GB/s.", 1);
	add_prose(au, "H200 的 4.8 TB/s 相比 H100 的 3.35 TB/s 提升 43%。", 2);
	add_prose(au, "H200 的 4.8 TB/s 是 H100 的 3.35 TB/s 的 1.6 倍。", 3);
	add_prose(au, "A node of 8x H100 has 640 GB and 8 × 80 GB is 640 GB.", 4);
	add_prose(au, "MI300X has 192 GB, 2.4x more than the 80 GB of an H100.", 5);
	struct audit_summary sum;
	const char *out = run(au, &sum);
	assert_has(out, "t.md:1:14: error: the comparison '1.06×' does not hold");
	assert_has(out, "write 1.03×");
	assert_has(out, "decimal/binary prefix");
	assert_lacks(out, "t.md:2:");
	assert_has(out, "t.md:3:");
	assert_has(out, "write 1.4×");
	assert_lacks(out, "t.md:4:");
	assert_lacks(out, "t.md:5:");
	assert_int_equal(sum.comparisons, 4);
}

static void test_reference_data(void **state)
{
	(void)state;
	const char *yaml =
		"table: accelerators\n"
		"columns:\n"
		"  memory: {en: Memory, unit: GiB}\n"
		"  bf16: {en: BF16 dense, unit: TFLOPS, kind: dense}\n"
		"rows:\n"
		"  h100_sxm:\n"
		"    name: NVIDIA H100 SXM\n"
		"    aliases: [H100, H100 SXM]\n"
		"    memory: 80\n"
		"    bf16: 989\n"
		"    sources: [nvidia-h100]\n";
	const char *src = "nvidia-h100:\n  title: NVIDIA H100 Tensor Core GPU datasheet\n  url: https://example.org/h100\n";
	struct audit_text t = { yaml, strlen(yaml), { "specs/accelerators.yaml", 1, 1 } };
	struct audit_text s = { src, strlen(src), { "specs/sources.yaml", 1, 1 } };
	const struct audit_reference *ref = audit_reference_load(&arena, units, &t, 1, s);
	assert_non_null(ref);
	struct audit *au = audit_new(&arena, units, ref, 0.02);
	add_table(au,
		  "Accelerator | BF16 TFLOPS | Memory (GB)\n"
		  "NVIDIA H100 SXM5 | 1979 | 80\n"
		  "MI300X | 1307 | 192\n",
		  1);
	struct audit_summary sum;
	const char *out = run(au, &sum);
	assert_has(out, "t.md:2:20: warning: 'BF16 TFLOPS' of 'NVIDIA H100 SXM5' is 1,979 TFLOPS; reference data for NVIDIA H100 SXM says 989 TFLOPS");
	assert_has(out, "specs/accelerators.yaml:6:3: specbook's built-in reference row 'h100_sxm'");
	assert_has(out, "source: NVIDIA H100 Tensor Core GPU datasheet <https://example.org/h100>");
	assert_has(out, "sparse");
	assert_lacks(out, "Memory");   /* 80 GB as vendors write 80 GiB */
	assert_int_equal(sum.rows_referenced, 1);
	assert_int_equal(sum.cells_referenced, 2);
}

/* The guide's own tables, built into the binary, read without a word. */
static void test_builtin_reference(void **state)
{
	(void)state;
	const struct audit_reference *ref = audit_reference_builtin(&arena, units);
	assert_non_null(ref);
	assert_string_equal(first_diag(), "");
	size_t rows, columns, sources;
	audit_reference_size(ref, &rows, &columns, &sources);
	assert_true(rows >= 40 && columns >= 30 && sources >= 20);
	struct audit *au = audit_new(&arena, units, ref, 0.02);
	add_table(au,
		  "GPU | BF16 TFLOPS | Memory bandwidth (TB/s)\n"
		  "H800 | 1979 | 3.35\n"
		  "A100 80GB | 312 | 2.0\n",
		  1);
	struct audit_summary sum;
	const char *out = run(au, &sum);
	assert_has(out, "t.md:2:8: warning: 'BF16 TFLOPS' of 'H800' is 1,979 TFLOPS");
	assert_lacks(out, "t.md:3:");
	assert_int_equal(sum.rows_referenced, 2);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_figures_as_books_write_them),
		cmocka_unit_test(test_a_clean_table_says_nothing),
		cmocka_unit_test(test_a_row_off_its_tables_ratio),
		cmocka_unit_test(test_a_groups_own_ratio),
		cmocka_unit_test(test_two_tables_that_disagree),
		cmocka_unit_test(test_prose_against_the_table),
		cmocka_unit_test(test_comparisons_in_prose),
		cmocka_unit_test(test_reference_data),
		cmocka_unit_test(test_builtin_reference),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
