/*
 * test_expr.c — expressions (expr.c): precedence, names through a scope,
 * units in and after numbers, conversions, functions, every error with its
 * place, the depth limits, and the names an expression refers to.
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
#include "numbers/format.h"
#include "numbers/claim.h"
#include "core/diag.h"
#include "numbers/expr.h"
#include "core/files.h"
#include "numbers/literal.h"
#include "numbers/units.h"

#define UNITS_FIXTURE_SCOPE
#include "units_fixture.h"


/* A tiny scope: h100_sxm.mem_bw = 3.35 TB/s, nvl72.gpus = 72, b200.memory =
 * 192 GB, h100_sxm.bf16 = 989 TFLOPS, h100_sxm.fp8 = 1979 TFLOPS; bare
 * names are fields of h100_sxm. */

/* Evaluates text; returns 0 or -1 (the diagnostic is left for first_diag()). */
static int eval(const char *text, struct quantity *q)
{
	struct expr *e = expr_parse(units, &arena, text, strlen(text), here, 0);
	if (!e)
		return -1;
	return expr_eval(e, &scope, q);
}

static char *shows(const char *text)
{
	struct quantity q;
	if (eval(text, &q) < 0)
		fail_msg("'%s' failed: %s", text, first_diag());
	return format_quantity(&arena, units, &q, 0);
}

static const char *error_of(const char *text)
{
	struct quantity q;
	if (eval(text, &q) == 0)
		fail_msg("'%s' did not fail", text);
	return first_diag();
}

static void test_precedence(void **state)
{
	(void)state;
	assert_string_equal(shows("1 + 2 × 3"), "7");
	assert_string_equal(shows("(1 + 2) × 3"), "9");
	assert_string_equal(shows("2 ^ 3 ^ 2"), "512");
	assert_string_equal(shows("-2 ^ 2"), "\xe2\x88\x92" "4");
	assert_string_equal(shows("10 − 4 − 3"), "3");
	assert_string_equal(shows("12 / 4 / 3"), "1");
	assert_string_equal(shows("12 ÷ 4 * 3"), "9");
	assert_string_equal(shows("2^-1"), "0.5");
}

static void test_units_and_conversions(void **state)
{
	(void)state;
	assert_string_equal(shows("72 × 192 GB"), "13,824 GB");
	assert_string_equal(shows("72 × 192 GB -> TB"), "13.8 TB");
	assert_string_equal(shows("72 × 192 GB in TB"), "13.8 TB");
	assert_string_equal(shows("200 TB -> TiB"), "181.9 TiB");
	assert_string_equal(shows("800 Gb/s -> GB/s"), "100 GB/s");
	assert_string_equal(shows("126 MB / 50 MB"), "2.52");
	assert_string_equal(shows("1 kg × 1 K"), "1 kg·K");
	assert_string_equal(shows("130 kW -> W"), "130,000 W");
	assert_string_equal(error_of("989 TFLOPS -> TB"),
			    "t:1:12: error: cannot convert TFLOPS to TB");
	assert_string_equal(error_of("1 -> parsecs"), "t:1:6: error: unknown unit 'parsecs'");
}

static void test_names(void **state)
{
	(void)state;
	assert_string_equal(shows("h100_sxm.mem_bw"), "3.35 TB/s");
	assert_string_equal(shows("nvl72.gpus × b200.memory -> TB"), "13.8 TB");
	assert_string_equal(shows("fp8 / bf16"), "2.001");
	assert_string_equal(shows("bf16 / mem_bw"), "295 FLOP/B");
	assert_string_equal(error_of("h100.mem_bw × 2"),
		"t:1:1: error: unknown name 'h100.mem_bw'");
	assert_string_equal(error_of("2 × nothing"), "t:1:5: error: unknown name 'nothing'");
	assert_string_equal(error_of("broken + 1"), "t:1:1: error: broken reported itself");
	struct expr *e = expr_parse(units, &arena, "bf16 / mem_bw + bf16 / K", 24, here, 0);
	assert_non_null(e);
	size_t n;
	struct expr_name *names = expr_names(e, &arena, &n);
	assert_int_equal(n, 3);
	assert_string_equal(names[0].name, "bf16");
	assert_int_equal(names[0].off, 0);
	assert_string_equal(names[1].name, "mem_bw");
	assert_string_equal(names[2].name, "K");
	assert_true(names[2].maybe_unit);
	assert_false(names[0].maybe_unit);
}

static void test_show(void **state)
{
	(void)state;
	const char *text = "nvl72.gpus × b200.memory -> TB";
	struct expr *e = expr_parse(units, &arena, text, strlen(text), here, 0);
	struct quantity q;
	assert_int_equal(expr_eval(e, &scope, &q), 0);
	assert_string_equal(expr_show(e, &arena), "72 × 192 GB -> TB");
	size_t n;
	struct expr_node **nodes = expr_resolved(e, &arena, &n);
	assert_int_equal(n, 2);
	assert_string_equal(nodes[1]->ref.row, "b200");
	assert_string_equal(nodes[1]->ref.field, "memory");
}

/* A scope whose every name is *ctx GB. */
static int gigabytes(void *ctx, const char *name, struct quantity *q, struct expr_ref *ref)
{
	(void)name;
	char text[32];
	snprintf(text, sizeof text, "%d GB", *(int *)ctx);
	struct literal l;
	if (literal_parse(units, &arena, text, strlen(text), here, LITERAL_UNIT | LITERAL_EXACT,
			  &l) != 1)
		return -1;
	*q = l.q;
	ref->table = "t";
	ref->row = "r";
	ref->field = name;
	return 0;
}

/* A tree evaluated again shows the values of its last evaluation: a name's
 * formatted value is kept only until the name is looked up again. */
static void test_show_again(void **state)
{
	(void)state;
	const char *text = "2 × a.x";
	struct expr *e = expr_parse(units, &arena, text, strlen(text), here, 0);
	int gb = 80;
	struct expr_scope sc = { gigabytes, NULL, &gb };
	struct quantity q;
	assert_int_equal(expr_eval(e, &sc, &q), 0);
	assert_string_equal(expr_show(e, &arena), "2 × 80 GB");
	size_t n;
	struct expr_node **nodes = expr_resolved(e, &arena, &n);
	assert_int_equal(n, 1);
	assert_string_equal(expr_shown(e, nodes[0]), "80 GB");
	gb = 141;
	assert_int_equal(expr_eval(e, &sc, &q), 0);
	assert_string_equal(expr_shown(e, nodes[0]), "141 GB");
	assert_string_equal(expr_show(e, &arena), "2 × 141 GB");
}

static void test_functions(void **state)
{
	(void)state;
	assert_string_equal(shows("min(3 TB, 2000 GB)"), "2 TB");
	assert_string_equal(shows("max(1, 5, 3)"), "5");
	assert_string_equal(shows("abs(-4 s)"), "4 s");
	assert_string_equal(shows("sqrt(16)"), "4");
	assert_string_equal(shows("sqrt(16 GB^2)"), "4 GB");
	assert_string_equal(error_of("sqrt(16 GB)"),
			    "t:1:1: error: cannot take the square root of GB");
	assert_string_equal(error_of("sqrt(1, 2)"), "t:1:1: error: sqrt takes one argument, not 2");
	assert_string_equal(error_of("max(3 TB, 2 s)"),
			    "t:1:11: error: cannot compare s with TB in max");
	assert_string_equal(error_of("avg(1, 2)"),
			    "t:1:1: error: unknown function 'avg' (there are min, max, abs, sqrt)");
}

static void test_arithmetic_errors(void **state)
{
	(void)state;
	assert_string_equal(error_of("3.35 TB/s + 192 GB"), "t:1:11: error: cannot add GB to TB/s");
	assert_string_equal(error_of("1 s - 1 B"), "t:1:5: error: cannot subtract B from s");
	assert_string_equal(error_of("1 USD + 1 CNY"), "t:1:7: error: cannot add CNY to USD");
	assert_string_equal(error_of("1 / (2 - 2)"), "t:1:3: error: division by zero");
	assert_string_equal(error_of("10^400"), "t:1:3: error: number too large");
	assert_string_equal(error_of("2 ^ (1 s)"),
			    "t:1:3: error: an exponent must be a plain number, not s");
	assert_string_equal(error_of("(2 GB) ^ 0.5"),
			    "t:1:8: error: GB can only be raised to an exact integer power");
	assert_string_equal(error_of("(-8) ^ 0.5"),
			    "t:1:6: error: no real result: a fractional power of a "
			    "negative number");
}

static void test_syntax_errors(void **state)
{
	(void)state;
	assert_string_equal(error_of("(1 + 2"),
			    "t:1:1: error: unbalanced '(': expected ')' before the end");
	assert_string_equal(error_of("1 + 2)"), "t:1:6: error: expected an operator before ')'");
	assert_string_equal(error_of("1 +"),
			    "t:1:4: error: expected a number, a name or '(' at the end");
	assert_string_equal(error_of("1 + ="),
			    "t:1:5: error: expected a number, a name or '(', not '='");
	assert_string_equal(error_of("72 gpus"), "t:1:4: error: unknown unit 'gpus'");
	assert_string_equal(error_of(""), "t:1:1: error: empty expression");
	assert_string_equal(error_of("1 ->"), "t:1:3: error: expected a unit after '->'");
}

static void test_limits(void **state)
{
	(void)state;
	/* 10 000 nested parentheses: a diagnostic, not a stack overflow */
	size_t n = 10000;
	char *deep = malloc(2 * n + 2);
	memset(deep, '(', n);
	deep[n] = '1';
	memset(deep + n + 1, ')', n);
	deep[2 * n + 1] = 0;
	assert_string_equal(error_of(deep),
		"t:1:257: error: expression nested deeper than 256 levels");
	memset(deep, '-', n);
	deep[n] = '1';
	deep[n + 1] = 0;
	assert_string_equal(error_of(deep),
		"t:1:257: error: expression nested deeper than 256 levels");
	free(deep);
	/* a long flat chain is bounded too */
	char *chain = malloc(4 * 5000 + 1);
	chain[0] = 0;
	for (int i = 0; i < 5000; i++)
		strcat(chain, i ? "+1" : "1");
	assert_string_equal(error_of(chain),
		"t:1:2048: error: expression longer than 1024 operations");
	free(chain);
	char *ok = malloc(4 * 500 + 1);
	ok[0] = 0;
	for (int i = 0; i < 500; i++)
		strcat(ok, i ? "+1" : "1");
	assert_string_equal(shows(ok), "500");
	free(ok);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_precedence),
		cmocka_unit_test(test_units_and_conversions),
		cmocka_unit_test(test_names),
		cmocka_unit_test(test_show),
		cmocka_unit_test(test_show_again),
		cmocka_unit_test(test_functions),
		cmocka_unit_test(test_arithmetic_errors),
		cmocka_unit_test(test_syntax_errors),
		cmocka_unit_test(test_limits),
	};
	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, setup, teardown);
}
