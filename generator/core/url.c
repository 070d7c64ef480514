/*
 * url.c — link targets read as a browser reads them (see url.h).
 *
 * The scheme is found by one walk over the raw target that skips what the
 * URL standard's normalisation would remove, so judging a link costs no
 * copy; url_normalise() does the same normalisation explicitly, for tests
 * and the fuzz target, which check that both agree.
 */
#include "core/url.h"

#include <stdint.h>
#include <string.h>

/* The URL standard's "C0 control or space": stripped at both ends. */
static int is_c0_or_space(unsigned char ch)
{
	return ch <= 0x20;
}

/* The URL standard's "ASCII tab or newline": removed everywhere. */
static int is_tab_or_newline(unsigned char ch)
{
	return ch == '\t' || ch == '\n' || ch == '\r';
}

static int is_alpha(unsigned char ch)
{
	return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z');
}

static int is_scheme_char(unsigned char ch)
{
	return is_alpha(ch) || (ch >= '0' && ch <= '9') || ch == '+' || ch == '-' || ch == '.';
}

/* Narrows [*start, *end) of url to what is left after stripping C0
 * controls and spaces from both ends. */
static void trim(const char *url, size_t *start, size_t *end)
{
	while (*start < *end && is_c0_or_space((unsigned char)url[*start]))
		(*start)++;
	while (*end > *start && is_c0_or_space((unsigned char)url[*end - 1]))
		(*end)--;
}

void url_normalise(const char *url, size_t len, struct buf *out)
{
	size_t i = 0, end = len;
	trim(url, &i, &end);
	while (i < end) {
		size_t run = i;
		while (run < end && !is_tab_or_newline((unsigned char)url[run]))
			run++;
		buf_add(out, url + i, run - i);
		i = run + 1;
	}
}

size_t url_scheme(const char *url, size_t len, char *name, size_t size)
{
	size_t i = 0, end = len, n = 0;
	trim(url, &i, &end);
	for (; i < end && url[i] != ':'; i++) {
		unsigned char ch = (unsigned char)url[i];
		if (is_tab_or_newline(ch))
			continue;
		if (!(n == 0 ? is_alpha(ch) : is_scheme_char(ch)))
			break;   /* not a scheme: the target is relative */
		if (n + 1 < size)
			name[n] = (char)(ch >= 'A' && ch <= 'Z' ? ch - 'A' + 'a' : ch);
		n++;
	}
	if (i == end || url[i] != ':')
		n = 0;
	if (size)
		name[n < size ? n : size - 1] = '\0';
	return n;
}

size_t url_control_at(const char *url, size_t len)
{
	for (size_t i = 0; i < len; i++)
		if ((unsigned char)url[i] < 0x20 || url[i] == 0x7F)
			return i;
	return len;
}

enum url_verdict url_judge(const char *url, size_t len)
{
	static const char *const safe[] = { "http", "https", "mailto" };
	if (url_control_at(url, len) < len)
		return URL_CONTROL;
	char name[URL_SCHEME_MAX + 1];
	size_t n = url_scheme(url, len, name, sizeof name);
	if (n == 0)
		return URL_SAFE;
	for (size_t k = 0; k < sizeof safe / sizeof *safe; k++)
		if (n == strlen(safe[k]) && !strcmp(name, safe[k]))
			return URL_SAFE;
	return URL_BAD_SCHEME;
}

/* The bytes url_escape_href() keeps: cmark's HREF_SAFE set (houdini), with
 * ' and &, which cmark writes as entities (the serializer escapes them):
 * letters, digits and -_.+!*'(),%#@?=;:/$~& (bit ch of the 128). */
static const uint64_t href_safe[2] = { 0xAFFFFFFA00000000ULL, 0x47FFFFFE87FFFFFFULL };

/* The bytes url_escape_component() keeps: encodeURIComponent()'s, letters,
 * digits and -_.!~*'() (bit ch of the 128). */
static const uint64_t component_safe[2] = { 0x03FF678200000000ULL, 0x47FFFFFE87FFFFFEULL };

static inline int keeps(const uint64_t keep[2], unsigned char ch)
{
	return ch < 128 && (keep[ch >> 6] >> (ch & 63) & 1);
}

/* Appends s[0..len) to out with every byte keep refuses as %XX. */
static void escape_unless(const char *s, size_t len, const uint64_t keep[2], struct buf *out)
{
	static const char hex[] = "0123456789ABCDEF";
	size_t run = 0;
	for (size_t i = 0; i < len; i++) {
		unsigned char ch = (unsigned char)s[i];
		if (keeps(keep, ch))
			continue;
		buf_add(out, s + run, i - run);
		char esc[3] = { '%', hex[ch >> 4], hex[ch & 15] };
		buf_add(out, esc, 3);
		run = i + 1;
	}
	buf_add(out, s + run, len - run);
}

void url_escape_href(const char *url, size_t len, struct buf *out)
{
	escape_unless(url, len, href_safe, out);
}

size_t url_href_kept(const char *url, size_t len)
{
	size_t i = 0;
	while (i < len && keeps(href_safe, (unsigned char)url[i]))
		i++;
	return i;
}

void url_escape_component(const char *s, size_t len, struct buf *out)
{
	escape_unless(s, len, component_safe, out);
}

int url_hex_value(int ch)
{
	if (ch >= '0' && ch <= '9')
		return ch - '0';
	if (ch >= 'a' && ch <= 'f')
		return ch - 'a' + 10;
	if (ch >= 'A' && ch <= 'F')
		return ch - 'A' + 10;
	return -1;
}

void url_unescape(const char *url, size_t len, struct buf *out)
{
	for (size_t i = 0; i < len; i++) {
		int hi, lo;
		if (url[i] == '%' && i + 2 < len && (hi = url_hex_value((unsigned char)url[i + 1])) >= 0 &&
		    (lo = url_hex_value((unsigned char)url[i + 2])) >= 0) {
			buf_addch(out, (char)(hi * 16 + lo));
			i += 2;
		} else {
			buf_addch(out, url[i]);
		}
	}
}
