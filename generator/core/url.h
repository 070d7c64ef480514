/*
 * url.h — a link target judged as a browser will read it.
 *
 * A browser does not read a URL as it is written: the URL standard first
 * strips leading and trailing C0 controls and spaces and removes every tab,
 * CR and LF, and only then looks for the scheme.  So "java<TAB>script:",
 * " javascript:" and "<U+0001>javascript:" are all javascript: URLs, and a
 * filter that compares the raw text lets them through (cmark decodes
 * "&#9;" to a tab before we see the target).  Here the scheme is read
 * after that same normalisation, and a target is safe only when it names
 * no scheme (a relative link, "#fragment", "//host/...") or one of the
 * schemes a book needs: http, https, mailto.  A control character anywhere
 * in a target is refused outright: browsers drop or keep it in ways no
 * reader can see, so no link of a book needs one.
 *
 * No allocation except in url_normalise(); nothing here reports: callers
 * know where the target was written and say so.
 */
#ifndef SPECBOOK_URL_H
#define SPECBOOK_URL_H

#include <stddef.h>

#include "core/buffer.h"

/* What url_judge() makes of a target. */
enum url_verdict {
	URL_SAFE,          /* relative, or http:, https:, mailto: */
	URL_BAD_SCHEME,    /* any other scheme: javascript:, vbscript:, data:, file:, ... */
	URL_CONTROL,       /* holds a C0 control character (U+0000–U+001F) or DEL */
};

/* A scheme longer than this is cut in what url_scheme() copies out: it is
 * only for a diagnostic, and no scheme a browser runs is this long. */
#define URL_SCHEME_MAX 32

/* Appends to out url[0..len) normalised as the URL standard does before
 * parsing: leading and trailing C0 controls and spaces stripped, every
 * tab, CR and LF removed.  Other bytes (UTF-8 included) are kept as they
 * are. */
void url_normalise(const char *url, size_t len, struct buf *out);

/* Returns the length of the scheme a browser reads in url[0..len) after
 * url_normalise() (0: there is none, the target is relative), and copies
 * it, lower-cased and NUL-terminated, into name (size bytes, cut to fit;
 * name may be NULL when size is 0).  The scheme is an ASCII letter, then
 * letters, digits, '+', '-' or '.', up to the first ':'. */
size_t url_scheme(const char *url, size_t len, char *name, size_t size);

/* Returns the offset of the first C0 control character or DEL in
 * url[0..len), or len if it holds none. */
size_t url_control_at(const char *url, size_t len);

/* Returns the verdict on url[0..len) (see enum url_verdict). */
enum url_verdict url_judge(const char *url, size_t len);

/* Appends url[0..len) to out percent-encoded by CommonMark's rule (what
 * cmark's HTML renderer does to a link's destination): ASCII letters,
 * digits and -_.+!*'(),%#@?=;:/$~& stay (reserved characters keep their
 * meaning, an existing %XX is not encoded twice); every other byte (a
 * space, \, `, [, ], ", <, >, {, }, |, ^, and each byte of a non-ASCII
 * character) becomes %XX. */
void url_escape_href(const char *url, size_t len, struct buf *out);

/* Returns how many of the first bytes of url[0..len) url_escape_href()
 * keeps as they are: len when it would change nothing. */
size_t url_href_kept(const char *url, size_t len);

/* Appends s[0..len) to out as a URL's query value (what JavaScript's
 * encodeURIComponent() does): every byte but ASCII letters, digits and
 * -_.!~*'() becomes %XX, so that "&", "=", "#", "+" and spaces in s stay
 * part of the value.  For links such as search.html?q=VALUE. */
void url_escape_component(const char *s, size_t len, struct buf *out);

/* Appends url[0..len) to out with every %XX decoded (a '%' not followed by
 * two hex digits stays): the inverse of url_escape_href(), to find the
 * page or the id an href names. */
void url_unescape(const char *url, size_t len, struct buf *out);

/* The value of a hexadecimal digit, or -1. */
int url_hex_value(int ch);

#endif
