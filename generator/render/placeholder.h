/*
 * placeholder.h — what stands for a span in the text cmark reads; private
 * to render/, the chapter renderer (spans.c puts them in and renders them,
 * scan.c reads around them).
 *
 * spans_extract() (spans.c) replaces each {…} of a chapter by a
 * placeholder that cmark passes through as text, and keeps the span in
 * c->spans.  This header gives the placeholder's form and the span's
 * record, so that a reader of cmark's text nodes can tell a span from the
 * text around it without including spans.h.
 */
#ifndef SPECBOOK_PLACEHOLDER_H
#define SPECBOOK_PLACEHOLDER_H

#include <ctype.h>
#include <stddef.h>
#include <string.h>

#include "core/utf8.h"
#include "render/chapter.h"

/* U+2E28 U+E000 digits U+E001 U+2E29: the private-use pair marks it; the
 * double parentheses around it are punctuation, opening and closing, as the
 * braces it stands for, so that cmark's rules for emphasis (which look at
 * the characters beside a run of * or _) read it as they read the braces */
#define PH_OPEN  "\xE2\xB8\xA8\xEE\x80\x80"
#define PH_CLOSE "\xEE\x80\x81\xE2\xB8\xA9"
#define PH_LEN   6

struct pspan {
	const char *raw;         /* "{…}" as written, NUL-terminated */
	const char *text;        /* between the braces */
	size_t len;
	struct srcloc loc;       /* of the opening brace */
	int unterminated;
	int anchor;              /* {#id}: a heading's anchor, not a span */
	/* braces that are no span, shown as written (spans.c, "Braces that
	 * are not spans"): 1 where they stand says so (${VAR}, w_{0}), 2 their
	 * text holds nothing a span would (a stray '{', {2,4,8}) */
	int not_span;
	int math;                /* a formula: 1 $…$, 2 $$…$$ (text is its TeX), 3 a
				    later line of a display formula over several */
	/* unterminated spans: the first of its line (an index into spans), and
	 * whether that line's error was reported.  One error per line: a line of
	 * 8,000 stray braces gave 8,000 errors, each quoting the whole line. */
	size_t line_first;
	int line_reported;
};

/* Returns the first PH_OPEN in s[0..len), or NULL: by memchr() for its
 * fourth byte (U+E000's lead, which text all but never holds), not
 * memmem(), whose setup was most of its cost on a chapter's short texts. */
static inline const char *placeholder_find(const char *s, size_t len)
{
	const char *end = s + len;
	if (len < PH_LEN)
		return NULL;
	for (const char *p = s + 3; p + 3 <= end && (p = memchr(p, PH_OPEN[3], (size_t)(end - p - 2)));
	     p++)
		if (!memcmp(p - 3, PH_OPEN, PH_LEN))
			return p - 3;
	return NULL;
}

/* Parses a placeholder at s; returns its length (0: none) and stores the
 * index (SIZE_MAX when there is none). */
static inline size_t placeholder_at(const char *s, size_t len, size_t *index)
{
	*index = (size_t)-1;
	if (len < 2 * PH_LEN + 1 || memcmp(s, PH_OPEN, PH_LEN))
		return 0;
	size_t i = PH_LEN, v = 0;
	while (i < len && isdigit((unsigned char)s[i]))
		v = v * 10 + (size_t)(s[i++] - '0');
	if (i == PH_LEN || i + PH_LEN > len || memcmp(s + i, PH_CLOSE, PH_LEN))
		return 0;
	*index = v;
	return i + PH_LEN;
}

/* Returns the length of a span's placeholder at s (0: none there, or not
 * a span of this chapter) and sets *text, *tlen to what the span holds
 * between its braces ("" for a stray brace or an anchor). */
static inline size_t placeholder_span(const struct ctx *c, const char *s, size_t len,
				      const char **text, size_t *tlen)
{
	size_t idx, n = placeholder_at(s, len, &idx);
	if (!n || idx >= c->nspans)
		return 0;
	const struct pspan *p = &c->spans[idx];
	int none = p->unterminated || p->anchor || p->math || p->not_span;   /* a formula is no span */
	*text = none ? "" : p->text;
	*tlen = none ? 0 : p->len;
	return n;
}

/* Counts columns as the author wrote the line (code points; a span as its
 * "{…}" was written) over s[*i..stop) of a line of len bytes as cmark read
 * it, from column col; moves *i to where it stopped and returns the column
 * there. */
static inline int placeholder_columns(const struct ctx *c, const char *s, size_t len, size_t *i,
				      size_t stop, int col)
{
	size_t k = *i;
	while (k < stop && k < len) {
		size_t idx, n = placeholder_at(s + k, len - k, &idx);
		if (n && idx < c->nspans) {
			const char *raw = c->spans[idx].raw;
			col += (int)utf8_length(raw, strlen(raw));
			k += n;
			continue;
		}
		k++;
		while (k < len && ((unsigned char)s[k] & 0xC0) == 0x80)
			k++;
		col++;
	}
	*i = k;
	return col;
}

#endif
