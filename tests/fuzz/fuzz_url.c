/*
 * fuzz_url.c — libFuzzer target: any bytes as a link target, judged by
 * url.c.  Besides not crashing, it checks what a browser would see:
 * url_normalise() leaves no tab, CR or LF and nothing at either end that
 * the URL standard strips, and doing it twice changes nothing; the scheme
 * read from the raw bytes (one walk, no copy) is the scheme of the
 * normalised ones, found here the plain way; and a target judged safe
 * holds no control character and names no scheme but http, https, mailto.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/buffer.h"
#include "core/url.h"

/* The scheme of an already normalised URL, straight from the standard's
 * "scheme start" and "scheme" states: the oracle for url_scheme(). */
static size_t plain_scheme(const char *s, size_t len, char *name, size_t size)
{
	size_t n = 0;
	for (; n < len && s[n] != ':'; n++) {
		unsigned char ch = (unsigned char)s[n];
		int letter = (ch | 0x20) >= 'a' && (ch | 0x20) <= 'z';
		if (!(letter || (n > 0 && ((ch >= '0' && ch <= '9') || ch == '+' || ch == '-' || ch == '.'))))
			return 0;
	}
	if (n == len || n == 0)
		return 0;
	for (size_t i = 0; i < n && i + 1 < size; i++)
		name[i] = (char)(s[i] >= 'A' && s[i] <= 'Z' ? s[i] | 0x20 : s[i]);
	name[n < size ? n : size - 1] = '\0';
	return n;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *url = (const char *)data;
	struct buf once = BUF_INIT, twice = BUF_INIT;
	url_normalise(url, size, &once);
	url_normalise(once.data, once.len, &twice);
	if (once.len != twice.len || memcmp(once.data, twice.data, once.len))
		abort();   /* not idempotent */
	if (memchr(once.data, '\t', once.len) || memchr(once.data, '\n', once.len) ||
	    memchr(once.data, '\r', once.len))
		abort();
	if (once.len && ((unsigned char)once.data[0] <= 0x20 ||
			 (unsigned char)once.data[once.len - 1] <= 0x20))
		abort();

	char raw[URL_SCHEME_MAX + 1], plain[URL_SCHEME_MAX + 1] = "";
	size_t n = url_scheme(url, size, raw, sizeof raw);
	if (n != plain_scheme(once.data, once.len, plain, sizeof plain) || (n && strcmp(raw, plain)))
		abort();   /* the walk over the raw bytes disagrees with the normalised text */

	if (url_judge(url, size) == URL_SAFE) {
		if (url_control_at(url, size) != size)
			abort();
		if (n && strcmp(raw, "http") && strcmp(raw, "https") && strcmp(raw, "mailto"))
			abort();
	}
	buf_release(&once);
	buf_release(&twice);
	return 0;
}
