/*
 * test_literal.c — written numbers (literal.c): the interval their digits
 * imply, exact integers in derivations, magnitudes, ranges, units glued or
 * spaced, and spec cells with their markers.
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

#include "core/arena.h"
#include "numbers/claim.h"
#include "core/diag.h"
#include "numbers/expr.h"
#include "core/files.h"
#include "numbers/literal.h"
#include "numbers/units.h"

#include "units_fixture.h"


/* Parses text as a literal (STATED unless exact) that must use all of it. */
static struct literal lit(const char *text, int exact)
{
	struct literal l;
	unsigned flags = LITERAL_UNIT | (exact ? LITERAL_EXACT : 0);
	int rc = literal_parse(units, &arena, text, strlen(text), here, flags, &l);
	if (rc != 1)
		fail_msg("'%s' did not parse (%d): %s", text, rc, first_diag());
	if (l.len != strlen(text))
		fail_msg("'%s' stopped after %zu bytes", text, l.len);
	return l;
}

#define assert_near(x, y) assert_true(fabs((x) - (y)) <= 1e-9 * fabs(y) + 1e-300)

static void test_digits_imply_an_interval(void **state)
{
	(void)state;
	struct literal l = lit("13.5", 0);
	assert_near(l.q.v.lo, 13.45);
	assert_near(l.q.v.hi, 13.55);
	assert_true(l.q.nominal.lo == 13.5);
	l = lit("200", 0);
	assert_true(l.q.v.lo == 199.5 && l.q.v.hi == 200.5);
	l = lit("13,824", 0);
	assert_true(l.q.v.lo == 13823.5 && l.q.v.hi == 13824.5);
	l = lit("1.2e29", 0);
	assert_near(l.q.v.lo, 1.15e29);
	assert_near(l.q.v.hi, 1.25e29);
	l = lit("1.2 × 10^29", 0);
	assert_near(l.q.v.lo, 1.15e29);
	l = lit("2.0", 0);
	assert_near(l.q.v.lo, 1.95);
}

static void test_exact_integers(void **state)
{
	(void)state;
	struct literal l = lit("72", 1);
	assert_true(l.q.v.lo == 72 && l.q.v.hi == 72);
	l = lit("3.35", 1);   /* decimals keep their precision */
	assert_near(l.q.v.lo, 3.345);
	l = lit("6800亿", 1);
	assert_true(l.q.v.lo == 6.8e11 && l.q.v.hi == 6.8e11);
	l = lit("100万亿", 1);
	assert_true(l.q.v.lo == 1e14);
	assert_true(l.integer);
}

/* The digits read as the double strtod() gives them, whether summed as an
 * integer (up to 15 digits) or not; powers of ten exact up to 10^22. */
static void test_digits_read_exactly(void **state)
{
	(void)state;
	const char *const digits[] = { "0", "7", "999999999999999", "123456789012345",
				       "1234567890123456", "12345678901234567891",
				       "9007199254740993" };
	for (size_t i = 0; i < sizeof digits / sizeof *digits; i++) {
		struct literal l = lit(digits[i], 1);
		if (l.q.nominal.lo != strtod(digits[i], NULL))
			fail_msg("'%s' read as %.17g", digits[i], l.q.nominal.lo);
	}
	for (int p = 0; p <= 30; p++) {
		char text[16];
		snprintf(text, sizeof text, "1e%d", p);
		struct literal l = lit(text, 1);
		if (p <= 22 && !(l.q.nominal.lo == pow(10, p) && l.q.nominal.hi == pow(10, p)))
			fail_msg("'%s' read as [%.17g, %.17g]", text, l.q.nominal.lo, l.q.nominal.hi);
		if (!(l.q.nominal.lo <= pow(10, p) && pow(10, p) <= l.q.nominal.hi))
			fail_msg("'%s' read as [%.17g, %.17g]", text, l.q.nominal.lo, l.q.nominal.hi);
	}
	/* 0.5 × 10^-15 either way of 1.5 × 10^-15: sixteen digits after the point */
	struct literal l = lit("0.0000000000000015", 0);
	assert_true(l.q.v.lo < 1.5e-15 && 1.5e-15 < l.q.v.hi);
}

/* A number that fits alone but not in its unit is too large; one that
 * fits in neither is reported once. */
static void test_too_large(void **state)
{
	(void)state;
	struct literal l;
	assert_int_equal(literal_parse(units, &arena, "1e300 YB", 8, here, LITERAL_UNIT, &l), -1);
	assert_non_null(strstr(first_diag(), "number too large"));
	assert_int_equal(literal_parse(units, &arena, "1e400 GB", 8, here, LITERAL_UNIT, &l), -1);
	assert_non_null(strstr(first_diag(), "number too large"));
	assert_int_equal(literal_parse(units, &arena, "1e290 GB", 8, here, LITERAL_UNIT, &l), 1);
	assert_int_equal(literal_parse(units, &arena, "1e-300 GB", 9, here, LITERAL_UNIT, &l), 1);
}

static void test_magnitudes(void **state)
{
	(void)state;
	struct literal l = lit("37B", 1);
	assert_true(l.q.v.lo == 37e9 && dim_is_none(&l.q.dim));
	l = lit("2 B", 1);    /* with a space, B is the byte */
	assert_true(l.q.v.lo == 2 && !dim_is_none(&l.q.dim));
	l = lit("$6M", 1);
	assert_true(l.q.v.lo == 6e6);
	assert_string_equal(l.q.unit, "USD");
	l = lit("14.8T", 0);
	assert_near(l.q.v.lo, 14.75e12);
	l = lit("1.6 million", 0);
	assert_near(l.q.nominal.lo, 1.6e6);
	l = lit("995.7万元", 0);
	assert_near(l.q.nominal.lo, 9.957e6);
	assert_string_equal(l.q.unit, "元");
	l = lit("100TB", 1);  /* a suffix followed by a letter is a prefix */
	assert_true(l.q.v.lo == 100e12);
	assert_string_equal(l.q.unit, "TB");
}

static void test_ranges(void **state)
{
	(void)state;
	struct literal l = lit("150–200", 0);
	assert_true(l.range);
	assert_true(l.q.v.lo == 149.5 && l.q.v.hi == 200.5);
	assert_true(l.q.nominal.lo == 150 && l.q.nominal.hi == 200);
	l = lit("120 to 132 kW", 0);
	assert_true(l.q.v.lo == 119.5e3 && l.q.v.hi == 132.5e3);
	l = lit("10~12 °C", 1);
	assert_true(l.q.v.lo == 10 && l.q.v.hi == 12);
	l = lit("120 kW – 132 kW", 1);
	assert_true(l.q.v.lo == 120e3 && l.q.v.hi == 132e3);
	struct literal bad;
	assert_int_equal(literal_parse(units, &arena, "200–150", 9, here, 0, &bad), -1);
	assert_string_equal(first_diag(),
		"t:1:1: error: range runs backwards (the larger end first)");
}

static void test_signs_and_ratios(void **state)
{
	(void)state;
	struct literal l = lit("83.3%", 0);
	assert_near(l.q.v.lo, 0.8325);
	assert_true(dim_is_none(&l.q.dim));
	l = lit("2.4×", 0);
	assert_near(l.q.nominal.lo, 2.4);
	assert_string_equal(l.q.unit, "×");
	l = lit("−3", 1);
	assert_true(l.q.v.lo == -3);
}

static void test_not_numbers(void **state)
{
	(void)state;
	struct literal l;
	assert_int_equal(literal_parse(units, &arena, "h100", 4, here, 0, &l), 0);
	assert_int_equal(literal_parse(units, &arena, "", 0, here, 0, &l), 0);
	assert_int_equal(literal_parse(units, &arena, "$", 1, here, 0, &l), 0);
	/* `13,82` is 13 followed by something else */
	assert_int_equal(literal_parse(units, &arena, "13,82", 5, here, 0, &l), 1);
	assert_int_equal((int)l.len, 2);
	assert_int_equal(literal_parse(units, &arena, "3 KB", 4, here, LITERAL_UNIT, &l), -1);
	assert_string_equal(first_diag(), "t:1:3: error: ambiguous unit 'KB'");
	char big[200];
	memset(big, '9', sizeof big - 1);
	big[sizeof big - 1] = 0;
	assert_int_equal(literal_parse(units, &arena, big, strlen(big), here, 0, &l), -1);
	assert_string_equal(first_diag(), "t:1:1: error: number with more than 40 digits");
}

static void test_cells(void **state)
{
	(void)state;
	struct unit gb, tbs;
	assert_int_equal(units_parse(units, &arena, "GB", 2, here, &gb), 0);
	assert_int_equal(units_parse(units, &arena, "TB/s", 4, here, &tbs), 0);
	enum literal_value_kind kind;
	struct quantity q;
	assert_int_equal(literal_parse_value(units, &arena, "80", 2, here, &gb, &kind, &q), 0);
	assert_int_equal(kind, LITERAL_VALUE);
	/* a spec cell is exact as written; `~` marks one that may be any value
	 * its digits round from */
	assert_true(q.v.lo == 80e9 && q.v.hi == 80e9);
	assert_string_equal(q.unit, "GB");
	assert_int_equal(literal_parse_value(units, &arena, "~80", 3, here, &gb, &kind, &q), 0);
	assert_int_equal(kind, LITERAL_VALUE);
	assert_true(q.v.lo == 79.5e9 && q.v.hi == 80.5e9);
	assert_int_equal(literal_parse_value(units, &arena, "141 GB", 6, here, &gb, &kind, &q), 0);
	assert_true(q.nominal.lo == 141e9);
	assert_int_equal(literal_parse_value(units, &arena, "0.141 TB", 8, here, &gb, &kind, &q),
		0);
	assert_string_equal(q.unit, "TB");
	assert_int_equal(literal_parse_value(units, &arena, "n/a", 3, here, &gb, &kind, &q), 0);
	assert_int_equal(kind, LITERAL_NA);
	assert_int_equal(literal_parse_value(units, &arena, "unknown", 7, here, &gb, &kind, &q), 0);
	assert_int_equal(kind, LITERAL_UNKNOWN);
	assert_int_equal(literal_parse_value(units, &arena, "unpublished", 11, here, &gb, &kind,
					     &q), 0);
	assert_int_equal(kind, LITERAL_UNPUBLISHED);
	assert_int_equal(literal_parse_value(units, &arena, "NVIDIA", 6, here, NULL, &kind, &q), 0);
	assert_int_equal(kind, LITERAL_TEXT);
	assert_int_equal(literal_parse_value(units, &arena, "671B", 4, here, NULL, &kind, &q), 0);
	assert_int_equal(kind, LITERAL_VALUE);
	assert_true(q.nominal.lo == 671e9);
	assert_int_equal(literal_parse_value(units, &arena, "A100 80GB", 9, here, NULL, &kind, &q),
			 0);
	assert_int_equal(kind, LITERAL_TEXT);
	assert_int_equal(literal_parse_value(units, &arena, "3.35 TB", 7, here, &tbs, &kind, &q),
			 -1);
	assert_string_equal(first_diag(), "t:1:1: error: a value in TB in a column of TB/s");
	assert_int_equal(literal_parse_value(units, &arena, "fast", 4, here, &tbs, &kind, &q), -1);
	assert_string_equal(first_diag(),
			    "t:1:1: error: expected a number in TB/s, or n/a, unknown, "
			    "unpublished");
	assert_int_equal(literal_parse_value(units, &arena, "3.35 TB/s!", 10, here, &tbs, &kind,
					     &q), -1);
	assert_string_equal(first_diag(), "t:1:10: error: unexpected '!' after the number");
	assert_int_equal(literal_parse_value(units, &arena, "120-132", 7, here, &tbs, &kind, &q), -1);
	assert_string_equal(first_diag(), "t:1:4: error: unexpected '-132' after the number");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_digits_imply_an_interval),
		cmocka_unit_test(test_exact_integers),
		cmocka_unit_test(test_digits_read_exactly),
		cmocka_unit_test(test_too_large),
		cmocka_unit_test(test_magnitudes),
		cmocka_unit_test(test_ranges),
		cmocka_unit_test(test_signs_and_ratios),
		cmocka_unit_test(test_not_numbers),
		cmocka_unit_test(test_cells),
	};
	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, setup, teardown);
}
