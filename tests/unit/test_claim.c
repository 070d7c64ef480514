/*
 * test_claim.c — spans and claims (claim.c): DESIGN §6's worked examples,
 * the rule for when a claim holds, disputed claims, what a span shows
 * (pieces linked to rows), and the full text of a failing claim's report
 * with its hints.
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

#define UNITS_FIXTURE_SCOPE
#include "units_fixture.h"

/* A tiny scope: h100_sxm.mem_bw = 3.35 TB/s, nvl72.gpus = 72, b200.memory =
 * 192 GB, h100_sxm.bf16 = 989 TFLOPS, h100_sxm.fp8 = 1979 TFLOPS; bare
 * names are fields of h100_sxm. */

/* Returns all diagnostics recorded since the last call. */
static char *all_diags(void)
{
	char *text = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&text, &len);
	diag_flush(m);
	fclose(m);
	char *r = arena_strdup(&arena, text);
	free(text);
	return r;
}

static int span(const char *text, struct span *out)
{
	return claim_span(units, &scope, 0.02, &arena, text, strlen(text), here, out);
}

static void holds(const char *text)
{
	struct span sp;
	if (span(text, &sp) != 0)
		fail_msg("{%s} does not hold:\n%s", text, all_diags());
}

static char *fails(const char *text)
{
	struct span sp;
	if (span(text, &sp) == 0)
		fail_msg("{%s} holds", text);
	return all_diags();
}

static void test_design_examples(void **state)
{
	(void)state;
	holds("13,824 GB = 72 × 192 GB");
	holds("13.8 TB = 72 × 192 GB");
	holds("13.5 TiB = 72 × 192 GiB");
	holds("!13.5 TB ≈ 72 × 192 GB");
	holds("1.8 TB/s = 18 × 100 GB/s");
	holds("3.2 Tb/s = 4 × 800 Gb/s");
	holds("83.3% = 10,000 / 12,000");
	holds("150–200 L/min ≈ 130 kW / (4.186 kJ/(kg × K) × 1 kg/L × 11 K)");
	holds("!30× ≈ 150 / 3.4");
	holds("!182 TB = 100万亿 × 2 B");
	holds("2.5× < 126 MB / 50 MB");
	holds("13.8 TB | ≈ nvl72.gpus × b200.memory");
	holds("192 GB = 8 × 24 GB");
}

static void test_relations(void **state)
{
	(void)state;
	holds("989.4 = 1978.9 / 2");           /* rounded spec numbers still agree */
	holds("13.8 TB ~= 72 × 192 GB");
	holds("13.5 TB ≈ 13.8 TB");            /* within 2% */
	fails("13.5 TB = 13.8 TB");
	holds("1 ≤ 1");
	holds("1 <= 2");
	holds("3 > 2");
	holds("3 ≥ 3");
	holds("2 >= 1.5");
	fails("2.6× < 126 MB / 50 MB");
	fails("1 > 1");
	holds("88 h ≈ 180,000 h / 2048 ± 5%");
	holds("13.8 TB = 72 × 192 GB ± 0.1 TB");
	fails("13 TB = 72 × 192 GB ± 0.1 TB");
}

static void test_report(void **state)
{
	(void)state;
	assert_string_equal(fails("182 TB = 100万亿 × 2 B"),
		"t:1:1: error: claim does not hold\n"
		"  stated   182 TB        = [181.5, 182.5] TB\n"
		"  computed 100万亿 × 2 B = 200 TB\n"
		"  hint: 200 TB is 181.9 TiB \xe2\x80\x94 a decimal/binary prefix slip?\n");
	assert_string_equal(fails("13.5 TB ≈ 72 × 192 GB"),
		"t:1:1: error: claim does not hold\n"
		"  stated   13.5 TB     = [13.45, 13.55] TB, within 2%: [13.18, 13.83] TB\n"
		"  computed 72 × 192 GB = 13.8 TB\n"
		"  hint: 13.8 TB is 12.6 TiB \xe2\x80\x94 a decimal/binary prefix slip?\n");
	assert_string_equal(fails("!13.8 TB = nvl72.gpus × b200.memory"),
		"t:1:1: error: disputed claim holds\n"
		"  stated   13.8 TB     = [13.75, 13.85] TB\n"
		"  computed 72 × 192 GB = [13.69, 13.96] TB\n"
		"  hint: remove the '!' if the figure is right\n");
}

static const char *hint_of(const char *claim)
{
	char *d = fails(claim);
	char *h = strstr(d, "hint: ");
	if (!h)
		fail_msg("no hint for {%s}:\n%s", claim, d);
	h[strcspn(h, "\n")] = 0;
	return h;
}

static void test_hints(void **state)
{
	(void)state;
	assert_string_equal(hint_of("3.2 TB/s = 4 × 800 Gb/s"),
		"hint: the stated value is 8× the computed one — bits vs bytes (×8)?");
	assert_string_equal(hint_of("100 Gb/s = 100 GB/s"),
		"hint: the stated value is 1/8 of the computed one — bits vs bytes (×8)?");
	assert_string_equal(hint_of("900 GB/s = 18 × 100 GB/s"),
		"hint: the stated value is half the computed one — per direction vs both "
		"directions (×2)?");
	assert_string_equal(hint_of("1979 TFLOPS = h100_sxm.bf16"),
		"hint: the stated value is 2× the computed one — dense vs sparse (×2)?");
	assert_string_equal(hint_of("3.35 GB/s = h100_sxm.mem_bw"),
		"hint: the stated value is 1/1000 of the computed one — a factor of 10^3 "
		"(a prefix off by one step)?");
	assert_string_equal(hint_of("13.8 TiB = 72 × 192 GB"),
		"hint: 12.6 TiB is 13.8 TB \xe2\x80\x94 a decimal/binary prefix slip?");
	/* no slip explains 17 against 13.8: no hint */
	assert_null(strstr(fails("17 TB = 72 × 192 GB"), "hint"));
}

static void test_pieces(void **state)
{
	(void)state;
	struct span sp;
	assert_int_equal(span("h100_sxm.mem_bw", &sp), 0);
	assert_int_equal(sp.kind, SPAN_VALUE);
	assert_int_equal(sp.npieces, 1);
	assert_string_equal(sp.pieces[0].text, "3.35 TB/s");
	assert_string_equal(sp.pieces[0].row, "h100_sxm");
	assert_string_equal(sp.pieces[0].table, "t");
	assert_int_equal(span("nvl72.gpus × b200.memory -> TB", &sp), 0);
	assert_string_equal(sp.pieces[0].text, "13.8 TB");
	assert_null(sp.pieces[0].row);
	assert_int_equal(span("13.8 TB = nvl72.gpus × b200.memory", &sp), 0);
	assert_int_equal(sp.kind, SPAN_CLAIM);
	assert_int_equal(sp.npieces, 4);
	assert_string_equal(sp.pieces[0].text, "13.8 TB = ");
	assert_string_equal(sp.pieces[1].text, "72");
	assert_string_equal(sp.pieces[1].row, "nvl72");
	assert_string_equal(sp.pieces[2].text, " × ");
	assert_string_equal(sp.pieces[3].text, "192 GB");
	assert_string_equal(sp.relation, "=");
	assert_string_equal(sp.stated, "13.8 TB");
	assert_string_equal(sp.derivation, "72 × 192 GB");
	assert_string_equal(sp.computed, "13.8 TB");
	assert_null(sp.correction);
	assert_int_equal(span("13.8 TB | ~= nvl72.gpus × b200.memory", &sp), 0);
	assert_int_equal(sp.npieces, 1);
	assert_string_equal(sp.pieces[0].text, "13.8 TB");
	assert_string_equal(sp.relation, "≈");
	assert_int_equal(span("!182 TB = 100万亿 × 2 B", &sp), 0);
	assert_true(sp.disputed);
	assert_string_equal(sp.pieces[0].text, "182 TB");
	assert_string_equal(sp.correction, "200 TB (181.9 TiB)");
	assert_int_equal(span("!30× ≈ 150 / 3.4", &sp), 0);
	assert_string_equal(sp.correction, "44×");
}

/* The prefix slips a grade lists are 1/1.024^n and 1.024^n, n = 1 … 6, the
 * very doubles pow() gives (claim.c writes them out). */
static void test_grade_prefix_steps(void **state)
{
	(void)state;
	struct literal l;
	assert_int_equal(literal_parse(units, &arena, "1 GB", 4, here, LITERAL_UNIT, &l), 1);
	struct span_grade g;
	claim_grade(units, &arena, &l.q, &g);
	assert_true(g.nslips >= 12);
	for (int n = 1; n <= 6; n++) {
		assert_int_equal(g.slips[2 * n - 2].kind, SLIP_PREFIX);
		assert_true(g.slips[2 * n - 2].factor == 1 / pow(1.024, n));
		assert_true(g.slips[2 * n - 1].factor == pow(1.024, n));
	}
}

static void test_span_errors(void **state)
{
	(void)state;
	assert_string_equal(fails("13.8 TB =\n 72 × 192 GB"),
		"t:1:1: error: a span may not cross a line break: write it on one line\n");
	assert_string_equal(fails(""), "t:1:1: error: empty span\n"
		"  hint: not a span? write \\{ for a literal brace\n");
	assert_string_equal(fails("!13.8 TB"),
		"t:1:1: error: a disputed span needs a claim to dispute: {!stated = derivation}\n");
	assert_string_equal(fails("1 = 1 = 1"),
		"t:1:8: error: a claim has one relation; '=' is a second one\n"
		"  hint: not a span? write \\{ for a literal brace\n");
	assert_string_equal(fails("13.8 TB | 72 × 192 GB"),
		"t:1:10: error: expected a relation (=, ≈, <, >, ≤, ≥) after '|'\n"
		"  hint: not a span? write \\{ for a literal brace\n");
	assert_string_equal(fails("3.35 TB = h100_sxm.mem_bw"),
		"t:1:10: error: cannot compare TB with TB/s\n");
	assert_string_equal(fails("= 3"), "t:1:2: error: expected a stated value before '='\n"
		"  hint: not a span? write \\{ for a literal brace\n");
	assert_string_equal(fails("3 ="), "t:1:4: error: expected a derivation after '='\n"
		"  hint: not a span? write \\{ for a literal brace\n");
	assert_string_equal(fails("3 < 4 ± 5%"),
		"t:1:8: error: a tolerance goes with = or ≈, not with '<'\n");
	assert_string_equal(fails("3 TB ≈ 3 TB ± 5 s"),
		"t:1:16: error: a tolerance in s for a value in TB\n");
	assert_string_equal(fails("h100.mem_bw"),
		"t:1:2: error: unknown name 'h100.mem_bw'\n"
		"  hint: did you mean 'h100_sxm.mem_bw'?\n"
		"  hint: not a span? write \\{ for a literal brace\n");
	/* the dimensions clash: a span, no hint */
	assert_string_equal(fails("3 GB + 2 s"), "t:1:7: error: cannot add s to GB\n");
}

static void test_check(void **state)
{
	(void)state;
	struct srcloc loc = { "specs/a.yaml", 7, 9 };
	const char *rule = "fp8 = 2 × bf16";
	assert_int_equal(claim_check(units, &scope, 0.02, &arena, rule, strlen(rule), loc), 0);
	rule = "bf16 = 2 × fp8";
	assert_int_equal(claim_check(units, &scope, 0.02, &arena, rule, strlen(rule), loc), -1);
	char *d = all_diags();
	const char *want = "specs/a.yaml:7:9: error: claim does not hold\n";
	if (strncmp(d, want, strlen(want)))
		fail_msg("%s", d);
	rule = "mem_bw";
	assert_int_equal(claim_check(units, &scope, 0.02, &arena, rule, strlen(rule), loc), -1);
	assert_string_equal(all_diags(),
		"specs/a.yaml:7:9: error: expected a claim with a relation "
			    "(=, ≈, <, >, ≤, ≥)\n");
	rule = "fp8 = 2 × bf16 + mem_bw";
	assert_int_equal(claim_check(units, &scope, 0.02, &arena, rule, strlen(rule), loc), -1);
	assert_string_equal(all_diags(), "specs/a.yaml:7:24: error: cannot add TB/s to TFLOPS\n");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_design_examples),
		cmocka_unit_test(test_relations),
		cmocka_unit_test(test_report),
		cmocka_unit_test(test_hints),
		cmocka_unit_test(test_pieces),
		cmocka_unit_test(test_grade_prefix_steps),
		cmocka_unit_test(test_span_errors),
		cmocka_unit_test(test_check),
	};
	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, setup, teardown);
}
