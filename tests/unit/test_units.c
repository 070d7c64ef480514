/*
 * test_units.c — the unit table (units.c): loading specs/units.yaml, unit
 * expressions, prefixes, refused spellings, conversions, display units,
 * and the errors a broken units.yaml gets.
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
#include <unistd.h>

#include "core/arena.h"
#include "core/diag.h"
#include "core/files.h"
#include "numbers/units.h"

#include "units_fixture.h"

static struct unit parse_ok(const char *text)
{
	struct unit u;
	int rc = units_parse(units, &arena, text, strlen(text), here, &u);
	if (rc != 0)
		fail_msg("'%s' did not parse: %s", text, first_diag());
	return u;
}

static void test_prefixes(void **state)
{
	(void)state;
	assert_true(parse_ok("GB").scale == 1e9);
	assert_true(parse_ok("GiB").scale == 1073741824.0);
	assert_true(parse_ok("TiB").scale == 1099511627776.0);
	assert_true(parse_ok("kB").scale == 1e3);
	assert_true(parse_ok("Gb").scale == 1e9 / 8);
	assert_true(parse_ok("ms").scale == 1e-3);
	assert_true(parse_ok("µs").scale == 1e-6);
	assert_true(parse_ok("min").scale == 60);     /* minutes, not milli-in */
	struct unit tflops = parse_ok("TFLOPS"), flop_s = parse_ok("TFLOP/s");
	assert_true(tflops.scale == flop_s.scale);
	assert_true(dim_equal(&tflops.dim, &flop_s.dim));
}

static void test_compound(void **state)
{
	(void)state;
	struct unit a = parse_ok("kJ/(kg × K)"), b = parse_ok("kJ/kg/K");
	assert_true(a.scale == b.scale && dim_equal(&a.dim, &b.dim));
	struct unit flow = parse_ok("L/min"), cjk = parse_ok("升/分钟");
	assert_true(flow.scale == cjk.scale && dim_equal(&flow.dim, &cjk.dim));
	struct unit w = parse_ok("W"), jps = parse_ok("J/s");
	assert_true(dim_equal(&w.dim, &jps.dim));
	struct unit m2 = parse_ok("m^2"), m2b = parse_ok("m²");
	assert_true(dim_equal(&m2.dim, &m2b.dim));
	assert_string_equal(parse_ok(" TB/s ").name, "TB/s");
}

static void test_chinese_aliases(void **state)
{
	(void)state;
	assert_true(parse_ok("千瓦").scale == 1e3);
	assert_true(parse_ok("瓦").scale == 1);
	assert_true(parse_ok("吨").scale == 1000);
	assert_true(parse_ok("磅").scale == 0.45359237);
	assert_true(parse_ok("秒").scale == 1);
	assert_true(parse_ok("毫秒").scale == 1e-3);
	assert_true(parse_ok("微秒").scale == parse_ok("µs").scale);
	struct unit yuan = parse_ok("元"), cny = parse_ok("CNY"), usd = parse_ok("美元");
	assert_true(dim_equal(&yuan.dim, &cny.dim));
	assert_false(dim_equal(&yuan.dim, &usd.dim));   /* never converted */
}

static void test_refused_and_unknown(void **state)
{
	(void)state;
	struct unit u;
	assert_int_equal(units_parse(units, &arena, "KB", 2, here, &u), -1);
	assert_string_equal(first_diag(), "t:1:1: error: ambiguous unit 'KB'");
	assert_int_equal(units_parse(units, &arena, "TB/sek", 6, here, &u), -1);
	assert_string_equal(first_diag(), "t:1:4: error: unknown unit 'sek'");
	assert_int_equal(units_parse(units, &arena, "GB/", 3, here, &u), -1);
	assert_string_equal(first_diag(), "t:1:4: error: expected a unit at the end");
	assert_int_equal(units_parse(units, &arena, "Gbyte", 5, here, &u), -1);
	assert_string_equal(first_diag(), "t:1:1: error: unknown unit 'Gbyte'");
}

static void test_inline(void **state)
{
	(void)state;
	struct unit u;
	/* after a number: a spaced operator belongs to the expression */
	assert_int_equal(units_match(units, &arena, "MB / 50 MB", 10, here, UNITS_INLINE, &u), 2);
	assert_int_equal(units_match(units, &arena, "GB/s × 2", 10, here, UNITS_INLINE, &u), 4);
	assert_int_equal(units_match(units, &arena, "kJ/(kg × K) × 1", 17, here, UNITS_INLINE,
				     &u), 12);
	assert_int_equal(units_match(units, &arena, "gpus", 4, here, UNITS_INLINE, &u), 0);
	assert_int_equal(units_match(units, &arena, "GB/gpus", 7, here, UNITS_INLINE, &u), 2);
}

static void test_convert_and_display(void **state)
{
	(void)state;
	struct quantity q = quantity_number(200e12);
	struct unit tb = parse_ok("TB"), tib = parse_ok("TiB"), s = parse_ok("s");
	q.dim = tb.dim;
	assert_int_equal(units_convert(&q, &tib), 0);
	assert_string_equal(q.unit, "TiB");
	assert_int_equal(units_convert(&q, &s), QUANTITY_EDIM);
	double scale;
	struct unit bw = parse_ok("TB/s");
	assert_string_equal(units_display(units, &arena, &bw.dim, 3.35e12, &scale), "TB/s");
	assert_true(scale == 1e12);
	struct unit flops = parse_ok("FLOPS");
	assert_string_equal(units_display(units, &arena, &flops.dim, 989e12, &scale), "TFLOPS");
	struct unit kw = parse_ok("kW");
	assert_string_equal(units_display(units, &arena, &kw.dim, 130e3, &scale), "kW");
	struct unit ridge = parse_ok("FLOP/B");
	assert_string_equal(units_display(units, &arena, &ridge.dim, 295, &scale), "FLOP/B");
	assert_string_equal(units_dim_name(units, &arena, &bw.dim), "information/time");
	assert_string_equal(units_binary_twin(units, &arena, "TB/s", &scale), "TiB/s");
	assert_string_equal(units_binary_twin(units, &arena, "GiB", &scale), "GB");
	assert_null(units_binary_twin(units, &arena, "s", &scale));
}

static void test_magnitudes(void **state)
{
	(void)state;
	double f;
	assert_int_equal(units_magnitude(units, "B", 1, 1, &f), 1);
	assert_true(f == 1e9);
	assert_int_equal(units_magnitude(units, "B/s", 3, 1, &f), 0);
	assert_int_equal(units_magnitude(units, "GB", 2, 1, &f), 0);
	assert_int_equal(units_magnitude(units, "万亿", strlen("万亿"), 1, &f), (int)strlen("万亿"));
	assert_true(f == 1e12);
	assert_int_equal(units_magnitude(units, "million", 7, 0, &f), 7);
	assert_int_equal(units_magnitude(units, "millions", 8, 0, &f), 0);
	assert_true(units_suggest(units, &arena, "Tbs") != NULL);
	assert_null(units_suggest(units, &arena, "gpus"));
}

/* Writes text to a temporary units.yaml and loads it. */
static const char *load_bad(const char *text)
{
	char path[] = "/tmp/units-test-XXXXXX";
	int fd = mkstemp(path);
	assert_true(fd >= 0);
	close(fd);
	assert_int_equal(files_write(path, text, strlen(text)), 0);
	struct arena a = ARENA_INIT;
	const struct units *u = units_load(&a, path, "units.yaml");
	unlink(path);
	arena_free(&a);
	assert_null(u);
	return first_diag();
}

static void test_bad_tables(void **state)
{
	(void)state;
	assert_string_equal(load_bad("dimensions: {information: B}\nunits:\n  B: {base: info}\n"),
			    "units.yaml:3:13: error: unknown dimension 'info'");
	assert_string_equal(load_bad("dimensions: {time: s}\nunits:\n  s: {base: time}\n"
				     "  min: {is: 60 sec}\n"),
			    "units.yaml:4:16: error: unknown unit 'sec'");
	assert_string_equal(load_bad("dimensions: {time: s}\nunits:\n  s: {base: time}\n"
				     "  sx: {base: time, is: s}\n"),
			    "units.yaml:4:7: error: unit 'sx' has both base: and is:");
	assert_string_equal(load_bad("dimensions: {time: s}\nunits:\n  s: {base: time}\n"
				     "  sec: {is: s, aliases: [s]}\n"),
			    "units.yaml:4:26: error: unit 's' is defined twice");
	assert_string_equal(load_bad("dimensions: {time: s}\nunit: {}\n"),
			    "units.yaml:1:1: error: no 'units' defined");
	assert_string_equal(load_bad("dimensions: {time: s}\nunits: {s: {base: time}}\nunit: {}\n"),
			    "units.yaml:3:1: error: unknown key 'unit' (expected dimensions, "
			    "prefixes, units, refuse, magnitudes, before, kinds)");
	assert_string_equal(load_bad("dimensions: {time: sec}\nunits: {s: {base: time}}\n"),
			    "units.yaml:1:13: error: the symbol 'sec' of dimension 'time' must be "
			    "its base unit");
}

/* A unit added to the data needs no C: load a table with one more unit and
 * read it, prefixed, in an expression of units. */
static void test_units_are_data(void **state)
{
	(void)state;
	const char *text = "dimensions: {length: m, time: s}\n"
			   "prefixes: {si: {k: 1e3}}\n"
			   "units:\n"
			   "  m: {base: length}\n"
			   "  s: {base: time}\n"
			   "  furlong: {is: 201.168 m, prefixes: [si], aliases: [浪]}\n"
			   "  fortnight: {is: 1209600 s}\n";
	char path[] = "/tmp/units-test-XXXXXX";
	int fd = mkstemp(path);
	assert_true(fd >= 0);
	close(fd);
	assert_int_equal(files_write(path, text, strlen(text)), 0);
	struct arena a = ARENA_INIT;
	const struct units *u = units_load(&a, path, "units.yaml");
	unlink(path);
	assert_non_null(u);
	struct unit un;
	const char *speed = "kfurlong/fortnight";
	assert_int_equal(units_parse(u, &a, speed, strlen(speed), here, &un), 0);
	assert_true(fabs(un.scale - 201168.0 / 1209600) < 1e-12);
	assert_int_equal(units_parse(u, &a, "浪", strlen("浪"), here, &un), 0);
	assert_true(un.scale == 201.168);
	arena_free(&a);
}

/* The kind with that name (units_kind_match reads names too), or 0. */
static int kind_named(const char *name)
{
	int k = 0;
	return units_kind_match(units, name, strlen(name), &k) == strlen(name) ? k : 0;
}

static void test_kind_relations(void **state)
{
	(void)state;
	int dense = kind_named("dense"), sparse = kind_named("sparse");
	int gpu = kind_named("per-gpu"), chip = kind_named("per-superchip");
	int node = kind_named("per-node"), hbm = kind_named("hbm"), ici = kind_named("ICI");
	assert_true(dense && sparse && gpu && chip && node && hbm && ici);
	/* a fixed relation: a factor, both ways */
	assert_true(units_kind_factor(units, dense, sparse) == 2);
	assert_true(units_kind_factor(units, sparse, dense) == 0.5);
	/* a relation through a row's column: no factor, the column, which way */
	int inverse = -1;
	assert_true(units_kind_factor(units, gpu, chip) == 0);
	assert_string_equal(units_kind_column(units, gpu, chip, &inverse), "gpus");
	assert_int_equal(inverse, 0);
	assert_string_equal(units_kind_column(units, chip, gpu, &inverse), "gpus");
	assert_int_equal(inverse, 1);
	assert_null(units_kind_column(units, chip, node, &inverse));   /* not directly */
	assert_null(units_kind_column(units, dense, sparse, &inverse));
	assert_string_equal(units_kind_row_column(units, chip), "gpus");
	assert_string_equal(units_kind_row_column(units, gpu), "gpus");   /* the one of its kinds */
	assert_null(units_kind_row_column(units, sparse));
	/* slips: of a relation, and of kinds no relation links */
	assert_non_null(strstr(units_kind_slip(units, chip, gpu), "per-superchip figure read as per GPU"));
	assert_non_null(strstr(units_kind_slip(units, hbm, ici), "read as HBM bandwidth"));
	assert_null(units_kind_slip(units, chip, node));
	/* what a figure is per after a slash */
	int k = 0;
	assert_int_equal(units_kind_per_match(units, "GPU of", 6, &k), 3);
	assert_int_equal(k, gpu);
	assert_int_equal(units_kind_per_match(units, "GPUs", 4, &k), 0);
	assert_int_equal(units_kind_per_match(units, "\xe5\x8d\xa1\xe7\x9a\x84", 6, &k), 3);  /* 卡的 */
	assert_int_equal(k, gpu);
	assert_int_equal(units_kind_per_match(units, "superchip", 9, &k), 9);
	assert_int_equal(k, chip);
	assert_string_equal(units_kind_family_name(units, units_kind_family(units, chip)), "scope");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_prefixes),
		cmocka_unit_test(test_compound),
		cmocka_unit_test(test_chinese_aliases),
		cmocka_unit_test(test_refused_and_unknown),
		cmocka_unit_test(test_inline),
		cmocka_unit_test(test_convert_and_display),
		cmocka_unit_test(test_magnitudes),
		cmocka_unit_test(test_bad_tables),
		cmocka_unit_test(test_units_are_data),
		cmocka_unit_test(test_kind_relations),
	};
	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, setup, teardown);
}
