/*
 * test_format.c — numbers set for reading: powers as superscripts in text
 * (format_superscripts(), for the search index and the flashcards), big
 * counts in compact form (format_count_compact()), and both on a page's
 * tree (typeset_numbers(): 10<sup>29</sup>, the compact count with its
 * full digits beside it).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "core/arena.h"
#include "core/buffer.h"
#include "core/diag.h"
#include "numbers/format.h"
#include "render/dom.h"
#include "render/typeset.h"

static void test_superscripts(void **state)
{
	(void)state;
	struct arena a = ARENA_INIT;
	assert_string_equal(format_superscripts(&a, "1.2 × 10^29 FLOP"), "1.2×10²⁹ FLOP");
	assert_string_equal(format_superscripts(&a, "= 6.1 × 10^-5"), "= 6.1×10⁻⁵");
	assert_string_equal(format_superscripts(&a, "1 / 2^14 and 2^127"), "1 / 2¹⁴ and 2¹²⁷");
	assert_string_equal(format_superscripts(&a, "x−3 × 10^−8"), "x−3×10⁻⁸");
	/* not powers: no digit before, no digits after, too many digits */
	const char *plain = "a^2, 10^x, ^5, 10^123456";
	assert_ptr_equal(format_superscripts(&a, plain), plain);
	assert_null(format_superscripts(&a, NULL));
	arena_free(&a);
}

/* Returns "zh|en" for the count at the start of text, or "" for none. */
static const char *compact(struct arena *a, const char *text)
{
	char *zh, *en;
	size_t n = format_count_compact(a, text, strlen(text), 0, &zh, &en);
	if (!n)
		return "";
	struct buf b = BUF_INIT;
	buf_addf(&b, "%s|%s|%zu", zh, en, n);
	char *r = arena_strdup(a, b.data);
	buf_release(&b);
	return r;
}

static void test_count_compact(void **state)
{
	(void)state;
	struct arena a = ARENA_INIT;
	assert_string_equal(compact(&a, "671,000,000,000 parameters"), "6710 亿|671 billion|15");
	assert_string_equal(compact(&a, "191,000,000 USD"), "1.91 亿|191 million|11");
	assert_string_equal(compact(&a, "1,600,000,000,000"), "1.6 万亿|1.6 trillion|17");
	assert_string_equal(compact(&a, "5,576,000"), "557.6 万|5.576 million|9");
	assert_string_equal(compact(&a, "1,000,000"), "100 万|1 million|9");
	/* the full digits are the figure: more than four significant ones */
	assert_string_equal(compact(&a, "4,997,120"), "");
	/* too small, a decimal part, a longer number, a power */
	assert_string_equal(compact(&a, "999,000"), "");
	assert_string_equal(compact(&a, "1,000,000.5"), "");
	assert_string_equal(compact(&a, "1,000,0000"), "");
	assert_string_equal(compact(&a, "1,000,000^2"), "");
	assert_string_equal(compact(&a, "1000000"), "");
	/* glued on after digits or a separator: not the start of a count */
	char *zh, *en;
	assert_int_equal(format_count_compact(&a, "5,1,000,000", 11, 2, &zh, &en), 0);
	arena_free(&a);
}

/* Returns the HTML of a <p> (lang lang, or none) holding text, typeset. */
static char *typeset(const char *lang, const char *text)
{
	struct dom_node *frag = dom_fragment();
	struct dom_node *p = dom_elem(frag, "p");
	if (lang)
		dom_attr(p, "lang", lang);
	dom_texts(p, text);
	dom_texts(dom_elem(p, "code"), " 2^10 1,000,000,000");
	typeset_numbers(frag);
	struct buf b = BUF_INIT;
	dom_node_serialize(p, &b);
	dom_free(frag);
	size_t len;
	return buf_detach(&b, &len);
}

static void test_typeset(void **state)
{
	(void)state;
	char *s = typeset("en", "1.2 × 10^29 FLOP, 2^-14, 671,000,000,000 weights");
	assert_string_equal(s, "<p lang=\"en\">1.2 × 10<sup>29</sup> FLOP, 2<sup>−14</sup>, "
			    "<span class=\"big-count\" tabindex=\"0\"><span class=\"big-count-short\" aria-hidden=\"true\">671 billion</span>"
			    "<span class=\"big-count-full\">671,000,000,000</span></span> weights"
			    "<code> 2^10 1,000,000,000</code></p>");
	free(s);
	s = typeset("zh-Hans", "6710 亿 = 671,000,000,000");
	assert_non_null(strstr(s, "aria-hidden=\"true\">6710 亿</span>"));
	free(s);
	/* language-neutral text (a spec table's cell) gets both forms */
	s = typeset(NULL, "37,000,000,000");
	assert_non_null(strstr(s, "<span lang=\"zh-Hans\">370 亿</span> <span lang=\"en\">37 billion</span>"));
	free(s);
	s = typeset(NULL, "no numbers here ^ 10 ^ 2");
	assert_string_equal(s, "<p>no numbers here ^ 10 ^ 2<code> 2^10 1,000,000,000</code></p>");
	free(s);
}

/* The hand-written fast paths give what the slow ones they replace gave:
 * format_integer() what "%lld" writes, a whole number what "%.*f" writes
 * (with the grouping commas), diag_column() the count of code points. */
static void test_fast_paths(void **state)
{
	(void)state;
	static const long long ints[] = { 0, 1, -1, 9, 10, 99, 100, 12345, -987654321,
					  4294967296LL, 999999999999999999LL, LLONG_MAX, LLONG_MIN };
	for (size_t i = 0; i < sizeof ints / sizeof *ints; i++) {
		char want[32], got[24];
		snprintf(want, sizeof want, "%lld", ints[i]);
		assert_int_equal(format_integer(got, ints[i]), strlen(want));
		assert_string_equal(got, want);
	}
	struct arena a = ARENA_INIT;
	assert_string_equal(format_number(&a, 0, 0), "0");
	assert_string_equal(format_number(&a, -0.0, 2), "0.00");
	assert_string_equal(format_number(&a, 7, 3), "7.000");
	assert_string_equal(format_number(&a, 1000, 0), "1,000");
	assert_string_equal(format_number(&a, -1234567, 1), "\xe2\x88\x92" "1,234,567.0");
	assert_string_equal(format_number(&a, 999999999999999, 0), "999,999,999,999,999");
	assert_string_equal(format_number(&a, 2.5, 0), "2");    /* printf's rounding, kept */
	assert_string_equal(format_number(&a, 3.35, 2), "3.35");
	assert_string_equal(format_number(&a, 80, -1), "80");    /* exact: as many digits as it has */
	assert_string_equal(format_number(&a, 1.5, -1), "1.5");
	/* fractions against printf: random values and decimals, and halves */
	unsigned long long seed = 88172645463325252ULL;
	for (int k = 0; k < 200000; k++) {
		seed ^= seed << 13, seed ^= seed >> 7, seed ^= seed << 17;
		int d = (int)(seed % 10);
		/* from 10^-4 up: below it the form is m × 10^n */
		double x = 1e-4 + (double)(seed >> 11) / 9007199254740992.0 * (k % 2 ? 999 : 1);
		if (k % 5 == 0)
			x = (double)(seed % 100000) / 1000 + 0.0005;   /* near halves */
		char want[64];
		snprintf(want, sizeof want, "%.*f", d, x);
		assert_string_equal(format_number(&a, x, d), want);
	}
	arena_free(&a);
	/* columns across the eight-byte steps, with two- and three-byte characters */
	const char *lines[] = { "", "abc", "abcdefgh", "abcdefghi", "\xe4\xb8\xad\xe6\x96\x87 text",
				"caf\xc3\xa9 \xe4\xb8\xad\xe6\x96\x87\xe4\xb8\xad\xe6\x96\x87 and more text here {1 GB}" };
	for (size_t i = 0; i < sizeof lines / sizeof *lines; i++)
		for (size_t off = 0; off <= strlen(lines[i]); off++) {
			int want = 1;
			for (size_t k = 0; k < off; k++)
				want += ((unsigned char)lines[i][k] & 0xC0) != 0x80;
			assert_int_equal(diag_column(lines[i], off), want);
		}
	/* a line longer than sixteen bytes times 255 (the SSE2 loop sums its
	 * lanes at most that often), nearly all of it continuing bytes */
	static char lng[16 * 255 * 2 + 37];
	for (size_t k = 0; k + 1 < sizeof lng; k++)
		lng[k] = k % 97 == 0 ? 'x' : k % 41 == 0 ? (char)0xE4 : (char)0x80;
	for (size_t off = 0, want = 1; off + 1 < sizeof lng; off++) {
		if (off % 13 == 0 || off + 2 >= sizeof lng)
			assert_int_equal(diag_column(lng, off), (int)want);
		want += ((unsigned char)lng[off] & 0xC0) != 0x80;
	}
}

/* typeset's scan skips sixteen bytes at a time and passes over digit runs:
 * counts and powers on either side of a sixteen-byte step are still found,
 * none starts inside a longer number, one after a '^' that is no power is. */
static void test_typeset_scan(void **state)
{
	(void)state;
	char *s = typeset("en", "0123456789abcdef 2,000,000 and 10^3, 1234567890123 x^5,000,000");
	assert_non_null(strstr(s, "0123456789abcdef <span class=\"big-count\""));
	assert_non_null(strstr(s, ">2 million</span>"));
	assert_non_null(strstr(s, "10<sup>3</sup>"));
	assert_non_null(strstr(s, " 1234567890123 x^<span class=\"big-count\""));
	assert_non_null(strstr(s, ">5 million</span>"));
	free(s);
	s = typeset("en", "a long run of text with no digit in it at all, then 3,000,000");
	assert_non_null(strstr(s, "at all, then <span class=\"big-count\""));
	free(s);
}

/* A text is let go unscanned when it has no ',' and no '^', which every
 * count and power has; the scan for them loads sixteen bytes at a time,
 * the last past the text's end: a count or a power that ends a text of
 * any length is found, and a text without either is left as it is. */
static void test_typeset_prefilter(void **state)
{
	(void)state;
	for (size_t pad = 0; pad <= 40; pad++) {
		char text[64];
		memset(text, 'x', pad);
		strcpy(text + pad, "2,000,000");
		char *s = typeset("en", text);
		assert_non_null(strstr(s, ">2 million</span>"));
		free(s);
		strcpy(text + pad, "10^3");
		s = typeset("en", text);
		assert_non_null(strstr(s, "10<sup>3</sup>"));
		free(s);
		strcpy(text + pad, "2000000 10 3");
		s = typeset("en", text);
		assert_null(strstr(s, "big-count"));
		assert_null(strstr(s, "<sup>"));
		free(s);
	}
}

/* A page typeset as it is serialized (typeset_page_serialize(), one walk)
 * is the page typeset, then serialized: counts and powers at every place
 * of texts of every length, beside bytes to escape, where texts are not
 * typeset (code, script, svg, the head) and in a language or a link. */
static void fill_page(struct dom_page *page)
{
	static const char *const pieces[] = { "2,000,000", "10^3", "a, b", "&amp; <", "\xc2\xa0",
					      "2^-14", "1,5", "^", "," };
	static const char *const wraps[] = { "p", "code", "script", "svg", "a", "span" };
	struct dom_node *frag = dom_fragment();
	size_t k = 0;
	for (size_t pad = 0; pad <= 34; pad++)
		for (size_t i = 0; i < sizeof pieces / sizeof *pieces; i++, k++) {
			char text[96];
			memset(text, k % 3 ? 'x' : '<', pad);
			strcpy(text + pad, pieces[i]);
			strcat(text, k % 2 ? " tail" : "");
			struct dom_node *e = dom_elem(frag, wraps[k % 6]);
			if (k % 5 == 0)
				dom_attr(e, "lang", k % 10 ? "zh-Hans" : "en");
			if (k % 7 == 0)
				dom_attr(e, "tabindex", "0");
			dom_texts(e, text);
			dom_texts(dom_elem(e, "b"), text + pad / 2);
			dom_texts(frag, text);
		}
	dom_page_fill(page, "content", frag);
	dom_page_fill_text(page, "title", "3,000,000 and 2^8");
}

static void test_typeset_page(void **state)
{
	(void)state;
	static const char tpl[] = "<!DOCTYPE html><html><head><title data-slot=title></title></head>"
				  "<body><header>1,000,000 <code>2^3</code></header>"
				  "<main data-slot=content></main><footer>4,000,000</footer></body></html>";
	struct dom_template *t = dom_template_parse(tpl, sizeof tpl - 1, "t.html");
	assert_non_null(t);
	struct dom_page *a = dom_page_new(t), *b = dom_page_new(t);
	fill_page(a);
	fill_page(b);
	struct buf want = BUF_INIT, got = BUF_INIT;
	typeset_numbers(dom_page_root(a));
	dom_page_serialize(a, &want);
	typeset_page_serialize(b, &got);
	assert_non_null(strstr(want.data, "big-count"));
	assert_non_null(strstr(want.data, "<sup>"));
	assert_string_equal(got.data, want.data);
	buf_release(&want);
	buf_release(&got);
	dom_page_free(a);
	dom_page_free(b);
	dom_template_free(t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_superscripts),
		cmocka_unit_test(test_count_compact),
		cmocka_unit_test(test_typeset),
		cmocka_unit_test(test_fast_paths),
		cmocka_unit_test(test_typeset_scan),
		cmocka_unit_test(test_typeset_prefilter),
		cmocka_unit_test(test_typeset_page),
	};
	cmocka_set_message_output(CM_OUTPUT_TAP);
	dom_init();
	int r = cmocka_run_group_tests_name("format", tests, NULL, NULL);
	dom_cleanup();
	return r;
}
