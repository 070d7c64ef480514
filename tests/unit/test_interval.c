/*
 * test_interval.c — interval arithmetic (interval.c) and quantities with
 * their printing (quantity.c): outward rounding keeps exact results exact
 * and never loses the true value; printing gives numbers the digits they
 * deserve.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <string.h>

#include "core/arena.h"
#include "numbers/format.h"
#include "numbers/interval.h"
#include "numbers/quantity.h"

static struct interval iv(double lo, double hi)
{
	return interval_make(lo, hi);
}

static void test_exact_stays_exact(void **state)
{
	(void)state;
	struct interval r;
	assert_int_equal(interval_mul(interval_point(72), interval_point(192e9), &r), 0);
	assert_true(r.lo == 13824e9 && r.hi == 13824e9);
	assert_int_equal(interval_add(interval_point(0.5), interval_point(0.25), &r), 0);
	assert_true(r.lo == 0.75 && r.hi == 0.75);
	assert_int_equal(interval_div(interval_point(13824), interval_point(1024), &r), 0);
	assert_true(r.lo == 13.5 && r.hi == 13.5);
}

static void test_inexact_rounds_outward(void **state)
{
	(void)state;
	struct interval r;
	assert_int_equal(interval_add(interval_point(0.1), interval_point(0.2), &r), 0);
	assert_true(r.lo < r.hi);
	assert_true(r.lo <= 0.3 && 0.3 <= r.hi);
	assert_int_equal(interval_div(interval_point(1), interval_point(3), &r), 0);
	assert_true(r.lo < r.hi);
	assert_true(r.lo * 3 <= 1 && r.hi * 3 >= 1);
	assert_int_equal(interval_sqrt(interval_point(2), &r), 0);
	assert_true(r.lo * r.lo <= 2 && r.hi * r.hi >= 2);
}

static void test_mul_signs(void **state)
{
	(void)state;
	struct interval r;
	assert_int_equal(interval_mul(iv(-2, 3), iv(4, 5), &r), 0);
	assert_true(r.lo == -10 && r.hi == 15);
	assert_int_equal(interval_mul(iv(-2, -1), iv(-3, 4), &r), 0);
	assert_true(r.lo == -8 && r.hi == 6);
}

static void test_division_by_zero(void **state)
{
	(void)state;
	struct interval r;
	assert_int_equal(interval_div(iv(1, 2), iv(0, 0), &r), INTERVAL_EDIVZERO);
	assert_int_equal(interval_div(iv(1, 2), iv(-1, 1), &r), INTERVAL_EDIVZERO);
	assert_int_equal(interval_div(iv(1, 2), iv(0, 1), &r), INTERVAL_EDIVZERO);
	assert_int_equal(interval_div(iv(1, 2), iv(2, 4), &r), 0);
	assert_true(r.lo == 0.25 && r.hi == 1);
}

static void test_overflow_and_domain(void **state)
{
	(void)state;
	struct interval r;
	assert_int_equal(interval_mul(interval_point(1e300), interval_point(1e300), &r),
			 INTERVAL_EOVERFLOW);
	assert_int_equal(interval_sqrt(iv(-1, 4), &r), INTERVAL_EDOMAIN);
	assert_int_equal(interval_pow(iv(-2, -1), interval_point(0.5), &r), INTERVAL_EDOMAIN);
	assert_string_equal(interval_strerror(INTERVAL_EDIVZERO), "division by zero");
}

static void test_powers(void **state)
{
	(void)state;
	struct interval r;
	assert_int_equal(interval_powi(iv(-2, 3), 2, &r), 0);
	assert_true(r.lo == 0 && r.hi == 9);
	assert_int_equal(interval_powi(iv(-2, -1), 3, &r), 0);
	assert_true(r.lo == -8 && r.hi == -1);
	assert_int_equal(interval_powi(interval_point(2), 11, &r), 0);
	assert_true(r.lo == 2048 && r.hi == 2048);
	assert_int_equal(interval_powi(interval_point(2), -2, &r), 0);
	assert_true(r.lo == 0.25 && r.hi == 0.25);
	assert_int_equal(interval_pow(interval_point(2), interval_point(0.5), &r), 0);
	assert_true(r.lo <= M_SQRT2 && M_SQRT2 <= r.hi);
}

static void test_overlap_and_helpers(void **state)
{
	(void)state;
	assert_true(interval_overlaps(iv(1, 2), iv(2, 3)));
	assert_false(interval_overlaps(iv(1, 2), iv(2.5, 3)));
	assert_true(interval_contains(iv(1, 2), 1.5));
	assert_true(interval_mid(iv(1e308, 1.5e308)) == 1.25e308);
	assert_true(interval_is_point(interval_point(3)));
	assert_true(interval_is_point(iv(1, nextafter(1, 2))));
	assert_false(interval_is_point(iv(1, 1.001)));
	struct interval r;
	assert_int_equal(interval_abs(iv(-3, 2), &r), 0);
	assert_true(r.lo == 0 && r.hi == 3);
	assert_int_equal(interval_min(iv(1, 5), iv(2, 3), &r), 0);
	assert_true(r.lo == 1 && r.hi == 3);
}

/* ---- quantities ---- */

static struct quantity q_with(double lo, double hi, double nlo, double nhi, const char *unit,
			      double scale)
{
	struct quantity q = quantity_number(0);
	q.v = iv(lo, hi);
	q.nominal = iv(nlo, nhi);
	q.dim.e[0] = unit ? 1 : 0;
	quantity_set_unit(&q, unit, scale);
	return q;
}

static void test_dimensions(void **state)
{
	(void)state;
	struct arena a = ARENA_INIT;
	struct quantity gb = q_with(192e9, 192e9, 192e9, 192e9, "GB", 1e9);
	struct quantity n = quantity_number(72), r;
	assert_int_equal(quantity_mul(&a, n, gb, &r), 0);
	assert_string_equal(r.unit, "GB");
	assert_true(r.v.lo == 13824e9);
	assert_int_equal(quantity_add(gb, n, &r), QUANTITY_EDIM);
	assert_int_equal(quantity_div(&a, gb, gb, &r), 0);
	assert_true(dim_is_none(&r.dim));
	assert_null(r.unit);
	assert_int_equal(quantity_pow(&a, gb, quantity_number(2), &r), 0);
	assert_int_equal(r.dim.e[0], 2);
	assert_int_equal(quantity_pow(&a, gb, quantity_number(0.5), &r), QUANTITY_EPOWER);
	assert_int_equal(quantity_pow(&a, n, gb, &r), QUANTITY_EDIM);
	assert_int_equal(quantity_sqrt(&a, gb, &r), QUANTITY_EPOWER);
	arena_free(&a);
}

static void test_format(void **state)
{
	(void)state;
	struct arena a = ARENA_INIT;
	struct quantity q;
	q = q_with(13824e9, 13824e9, 13824e9, 13824e9, "GB", 1e9);
	assert_string_equal(format_quantity(&a, NULL, &q, 0), "13,824 GB");
	quantity_set_unit(&q, "TB", 1e12);
	assert_string_equal(format_quantity(&a, NULL, &q, 0), "13.8 TB");
	q = q_with(3.345e12, 3.355e12, 3.35e12, 3.35e12, "TB/s", 1e12);
	assert_string_equal(format_quantity(&a, NULL, &q, 0), "3.35 TB/s");
	assert_string_equal(format_quantity(&a, NULL, &q, FORMAT_INTERVAL),
			    "[3.345, 3.355] TB/s");
	assert_string_equal(format_quantity(&a, NULL, &q, FORMAT_BARE), "3.35");
	q = q_with(149.5, 200.5, 150, 200, "L/min", 1);
	assert_string_equal(format_quantity(&a, NULL, &q, 0), "150\xe2\x80\x93" "200 L/min");
	q = q_with(200e12, 200e12, 200e12, 200e12, "TiB", 1099511627776.0);
	assert_string_equal(format_quantity(&a, NULL, &q, 0), "181.9 TiB");
	q = q_with(0.8333, 0.8333, 0.8333, 0.8333, "%", 0.01);
	q.dim.e[0] = 0;
	assert_string_equal(format_quantity(&a, NULL, &q, 0), "83.3%");
	q = quantity_number(-2.5);
	assert_string_equal(format_quantity(&a, NULL, &q, 0), "\xe2\x88\x92" "2.5");
	q = quantity_number(1.2e29);
	assert_string_equal(format_quantity(&a, NULL, &q, 0), "1.2 \xc3\x97 10^29");
	assert_string_equal(format_number(&a, 1234567, -1), "1,234,567");
	assert_string_equal(format_number(&a, 999, -1), "999");
	assert_string_equal(format_number(&a, 0.0412, -1), "0.0412");
	arena_free(&a);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_exact_stays_exact),
		cmocka_unit_test(test_inexact_rounds_outward),
		cmocka_unit_test(test_mul_signs),
		cmocka_unit_test(test_division_by_zero),
		cmocka_unit_test(test_overflow_and_domain),
		cmocka_unit_test(test_powers),
		cmocka_unit_test(test_overlap_and_helpers),
		cmocka_unit_test(test_dimensions),
		cmocka_unit_test(test_format),
	};
	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
