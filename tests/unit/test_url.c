/*
 * test_url.c — link targets read as a browser reads them (url.c).
 *
 * Each case is a target as specbook sees it, that is after cmark has
 * decoded entities ("&#9;" is already a tab), and what a browser makes of
 * it: the URL standard strips C0 controls and spaces at both ends and
 * drops tab, CR and LF everywhere before it reads the scheme.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "core/buffer.h"
#include "core/url.h"

/* Returns url normalised (static buffer, test use only). */
static const char *normalised(const char *url, size_t len)
{
	static char out[256];
	struct buf b = BUF_INIT;
	url_normalise(url, len, &b);
	assert_true(b.len < sizeof out);
	memcpy(out, b.data, b.len + 1);
	buf_release(&b);
	return out;
}

/* Returns the scheme a browser reads in url ("" for none). */
static const char *scheme(const char *url)
{
	static char name[URL_SCHEME_MAX + 1];
	size_t n = url_scheme(url, strlen(url), name, sizeof name);
	assert_int_equal(strlen(name), n < sizeof name ? n : sizeof name - 1);
	return name;
}

/* a literal's bytes, NULs included */
#define NORMALISED(literal) normalised(literal, sizeof literal - 1)

static void test_normalise(void **state)
{
	(void)state;
	assert_string_equal(NORMALISED("java\tscript:x"), "javascript:x");
	assert_string_equal(NORMALISED(" \x01 javascript:x \x1f "), "javascript:x");
	assert_string_equal(NORMALISED("a\r\nb\tc"), "abc");
	assert_string_equal(NORMALISED("\t\r\n "), "");
	assert_string_equal(NORMALISED("a b"), "a b");             /* inner spaces stay */
	assert_string_equal(NORMALISED("a\x01" "b"), "a\x01" "b");   /* inner controls too */
	assert_string_equal(NORMALISED("\xe4\xb8\xad"), "\xe4\xb8\xad");
	assert_string_equal(NORMALISED("\0javascript:"), "javascript:");
}

static void test_scheme(void **state)
{
	(void)state;
	assert_string_equal(scheme("javascript:alert(1)"), "javascript");
	assert_string_equal(scheme("java\tscript:alert(1)"), "javascript");
	assert_string_equal(scheme("JaVa\rScRiPt:alert(1)"), "javascript");
	assert_string_equal(scheme(" javascript:alert(1)"), "javascript");
	assert_string_equal(scheme("\x01javascript:alert(1)"), "javascript");
	assert_string_equal(scheme("j\na\tv\ra:x"), "java");
	assert_string_equal(scheme("HTTPS://a.invalid/"), "https");
	assert_string_equal(scheme("svn+ssh:x"), "svn+ssh");
	assert_string_equal(scheme("c:x"), "c");
	/* no scheme: a relative target */
	assert_string_equal(scheme("01-intro.md#x"), "");
	assert_string_equal(scheme("#x"), "");
	assert_string_equal(scheme("//a.invalid/x"), "");
	assert_string_equal(scheme("./javascript:x"), "");
	assert_string_equal(scheme(":x"), "");
	assert_string_equal(scheme("1a:x"), "");
	assert_string_equal(scheme("java script:x"), "");      /* an inner space is no tab */
	assert_string_equal(scheme("java\x01script:x"), "");   /* an inner control stays */
	assert_string_equal(scheme("javascript"), "");
	assert_string_equal(scheme(""), "");
}

static void test_long_scheme(void **state)
{
	(void)state;
	char url[80], name[8];
	memset(url, 'a', 60);
	memcpy(url + 60, ":x", 3);
	assert_int_equal(url_scheme(url, strlen(url), name, sizeof name), 60);
	assert_string_equal(name, "aaaaaaa");   /* cut to fit, still terminated */
	assert_int_equal(url_scheme(url, strlen(url), NULL, 0), 60);
	assert_int_equal(url_judge(url, strlen(url)), URL_BAD_SCHEME);
}

static void test_judge(void **state)
{
	(void)state;
	static const char *const safe[] = {
		"https://a.invalid/x?y=1", "http://a.invalid/", "HTTP://a.invalid/",
		"mailto:someone@a.invalid", "#anchor", "01-intro.md#x", "/specs/x.html",
		"//a.invalid/x", "img/a b.png", "", " https://a.invalid/",
	};
	for (size_t i = 0; i < sizeof safe / sizeof *safe; i++)
		if (url_judge(safe[i], strlen(safe[i])) != URL_SAFE)
			fail_msg("'%s' should be safe", safe[i]);
	static const char *const bad[] = {
		"javascript:alert(1)", " javascript:alert(1)", "JAVASCRIPT:x", "vbscript:x",
		"data:text/html,x", "file:///etc/passwd", "ftp://a.invalid/", "spec:h100",
	};
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
		if (url_judge(bad[i], strlen(bad[i])) != URL_BAD_SCHEME)
			fail_msg("'%s' should be refused for its scheme", bad[i]);
	static const char *const control[] = {
		"java\tscript:x", "JaVa\rScRiPt:x", "\x01javascript:x", "https://a.invalid/\x7f",
		"a\nb", "x\x1f",
	};
	for (size_t i = 0; i < sizeof control / sizeof *control; i++)
		if (url_judge(control[i], strlen(control[i])) != URL_CONTROL)
			fail_msg("'%s' should be refused for a control character", control[i]);
	assert_int_equal(url_judge("a\0javascript:", 13), URL_CONTROL);   /* a NUL counts */
	assert_int_equal(url_control_at("ab\tc", 4), 2);
	assert_int_equal(url_control_at("abc", 3), 3);
}

static char *escaped(const char *url, int un)
{
	static char out[256];
	struct buf b = BUF_INIT;
	(un ? url_unescape : url_escape_href)(url, strlen(url), &b);
	snprintf(out, sizeof out, "%s", b.data);
	buf_release(&b);
	return out;
}

/* CommonMark's rule, as cmark renders a link's destination (issue 19) */
static void test_escape_href(void **state)
{
	(void)state;
	assert_string_equal(escaped("/my uri", 0), "/my%20uri");
	assert_string_equal(escaped("a\\b`c]d[e", 0), "a%5Cb%60c%5Dd%5Be");
	assert_string_equal(escaped("\xc3\xa4", 0), "%C3%A4");
	assert_string_equal(escaped("https://a.invalid/p?q=1&r=2#x:y", 0), "https://a.invalid/p?q=1&r=2#x:y");
	assert_string_equal(escaped("%20 already", 0), "%20%20already");
	assert_string_equal(escaped("a\"b<c>{d}|^", 0), "a%22b%3Cc%3E%7Bd%7D%7C%5E");
	assert_string_equal(escaped("#%E4%B8%AD%2", 1), "#\xe4\xb8\xad%2");
	assert_string_equal(escaped("%zz%4", 1), "%zz%4");
}

static char *component(const char *s)
{
	static char out[256];
	struct buf b = BUF_INIT;
	url_escape_component(s, strlen(s), &b);
	snprintf(out, sizeof out, "%s", b.data);
	buf_release(&b);
	return out;
}

/* a query value: what encodeURIComponent() gives, so URLSearchParams reads it back */
static void test_escape_component(void **state)
{
	(void)state;
	assert_string_equal(component("H100 SXM"), "H100%20SXM");
	assert_string_equal(component("a&b=c#d+e/f?g%h"), "a%26b%3Dc%23d%2Be%2Ff%3Fg%25h");
	assert_string_equal(component("-_.!~*'()"), "-_.!~*'()");
	assert_string_equal(component("\xe6\x98\xbe\xe5\xad\x98"), "%E6%98%BE%E5%AD%98");
	assert_string_equal(component("\"<>"), "%22%3C%3E");
	assert_string_equal(component(""), "");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_normalise),
		cmocka_unit_test(test_scheme),
		cmocka_unit_test(test_long_scheme),
		cmocka_unit_test(test_judge),
		cmocka_unit_test(test_escape_href),
		cmocka_unit_test(test_escape_component),
	};
	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests_name("url", tests, NULL, NULL);
}
