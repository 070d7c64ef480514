/*
 * typeset.c — powers raised and big counts made compact (see typeset.h).
 *
 * The text is scanned once, left to right; what it finds is decided by
 * numbers/format.c (format_power_at(), format_count_compact()), which the
 * search index and the flashcards share, so a page, its search snippet and
 * its card agree on what a power and a big count are.
 */
#include "render/typeset.h"
#include "core/arena.h"
#include "render/lang.h"
#include "numbers/format.h"

#if defined(__SSE2__) && defined(__GNUC__)
#include <emmintrin.h>
#endif
#include <string.h>

/* Elements whose text is not prose: code and formulas (their TeX), the
 * head, scripts and styles, and SVG (drawn text has no <sup>). */
static const char *const skip[] = {
	"head", "script", "style", "code", "pre", "kbd", "samp", "textarea", "svg", "math", NULL,
};

struct typeset_ctx {
	struct arena *a;
};

/* Returns the nearest lang above n ("zh-Hans", "en") below <html>, or NULL, and sets
 * *focusable when n is inside something already focusable in the text (a
 * link, a button, a claim: a span with a tabindex; a table's scroll box is
 * not, its focus does not show a count's digits). */
static const char *context_of(struct dom_node *n, int *focusable)
{
	const char *lang = NULL;
	*focusable = 0;
	for (struct dom_node *e = n; e; e = dom_parent(e)) {
		const char *name = dom_name(e);
		/* the page's own lang is its main language, not the text's: a
		 * bilingual page marks each language's text below it */
		if (!lang && strcmp(name, "html"))
			lang = dom_get_attr(e, "lang");
		if (!strcmp(name, "a") || !strcmp(name, "button") ||
		    (!strcmp(name, "span") && dom_get_attr(e, "tabindex")))
			*focusable = 1;
	}
	return lang;
}

/* Appends a big count: its compact form (in the language of the text, or
 * both when the text has none) shown, its full digits for screen readers,
 * shown on hover and focus (site.css). */
static void add_count(struct dom_node *out, const char *digits, size_t len, const char *zh,
		      const char *en, const char *lang, int focusable)
{
	struct dom_node *c = dom_elem_class(out, "span", "big-count");
	if (!focusable)
		dom_attr(c, "tabindex", "0");
	struct dom_node *shown = dom_elem_class(c, "span", "big-count-short");
	dom_attr(shown, "aria-hidden", "true");
	if (lang && !strncmp(lang, "zh", 2)) {
		dom_texts(shown, zh);
	} else if (lang) {
		dom_texts(shown, en);
	} else {
		lang_bitext(shown, (struct bitext){ .zh = zh, .en = en });
	}
	dom_text(dom_elem_class(c, "span", "big-count-full"), digits, len);
}

#if !(defined(__SSE2__) && defined(__GNUC__))
/* The bytes where a power ('^') or a big count (its first digit) may start. */
static const unsigned char starts[256] = {
	['^'] = 1, ['1'] = 1, ['2'] = 1, ['3'] = 1, ['4'] = 1, ['5'] = 1, ['6'] = 1, ['7'] = 1,
	['8'] = 1, ['9'] = 1,
};
#endif

/* Returns the index of the first byte from i on where a power or a big
 * count may start, or len: sixteen bytes at a time where SSE2 is there
 * (every x86-64), as nearly every byte of a page's text is neither; the
 * last load reads past the text's end (dom.h allows DOM_TEXT_OVERREAD)
 * and drops those bytes, as most texts are shorter than sixteen. */
static size_t next_start(const char *t, size_t i, size_t len)
{
#if defined(__SSE2__) && defined(__GNUC__)
	const __m128i zero = _mm_set1_epi8('0'), colon = _mm_set1_epi8(':'),
		      caret = _mm_set1_epi8('^');
	for (; i < len; i += 16) {
		__m128i v = _mm_loadu_si128((const __m128i *)(const void *)(t + i));
		/* signed compares: bytes from 0x80 up are negative, no digits */
		__m128i digit = _mm_and_si128(_mm_cmpgt_epi8(v, zero), _mm_cmplt_epi8(v, colon));
		unsigned mask = (unsigned)_mm_movemask_epi8(_mm_or_si128(digit, _mm_cmpeq_epi8(v, caret)));
		if (len - i < 16)
			mask &= (1u << (len - i)) - 1;
		if (mask)
			return i + (size_t)__builtin_ctz(mask);
		if (len - i <= 16)
			return len;
	}
	return len;
#else
	for (; i < len; i++)
		if (starts[(unsigned char)t[i]])
			break;
	return i;
#endif
}

/* Is there a comma one to three bytes after t[i]?  A big count has one
 * there (its leading digits, then a group: 1,000,000), most numbers none. */
static int comma_soon(const char *t, size_t len, size_t i)
{
	for (size_t k = i + 1; k <= i + 3 && k < len; k++)
		if (t[k] == ',')
			return 1;
	return 0;
}

#if defined(__SSE2__) && defined(__GNUC__)
/* Does the text hold a comma or a caret?  A power has its '^' and a big
 * count a comma within three bytes of its first digit (comma_soon()):
 * a text with neither, most of a page's, has nothing to typeset, and is
 * let go after a scan for two bytes, not stopped at every digit. */
static int has_comma_or_caret(const char *t, size_t len)
{
	const __m128i comma = _mm_set1_epi8(','), caret = _mm_set1_epi8('^');
	for (size_t i = 0; i < len; i += 16) {
		__m128i v = _mm_loadu_si128((const __m128i *)(const void *)(t + i));
		unsigned mask = (unsigned)_mm_movemask_epi8(
			_mm_or_si128(_mm_cmpeq_epi8(v, comma), _mm_cmpeq_epi8(v, caret)));
		if (len - i < 16)   /* past the end (dom.h's DOM_TEXT_OVERREAD) */
			mask &= (1u << (len - i)) - 1;
		if (mask)
			return 1;
	}
	return 0;
}
#else
static int has_comma_or_caret(const char *t, size_t len)
{
	return memchr(t, ',', len) || memchr(t, '^', len);
}
#endif

static int typeset_text(void *vctx, const char *t, size_t len, struct dom_node *parent,
			struct dom_node *out)
{
	if (!has_comma_or_caret(t, len))
		return 0;
	struct typeset_ctx *ctx = vctx;
	size_t from = 0;
	int focusable = -1;
	const char *lang = NULL;
	for (size_t i = 0; i < len; i++) {
		size_t ef, el, n;
		char *zh, *en;
		if ((i = next_start(t, i, len)) == len)
			break;
		if (t[i] == '^' && (n = format_power_at(t, len, i, &ef, &el))) {
			dom_text(out, t + from, i - from);
			struct dom_node *sup = dom_elem(out, "sup");
			if (t[ef] == '-') {
				dom_texts(sup, "\xe2\x88\x92");   /* a minus, not a hyphen */
				dom_text(sup, t + ef + 1, el - 1);
			} else {
				dom_text(sup, t + ef, el);
			}
		} else if (t[i] >= '1' && t[i] <= '9' && comma_soon(t, len, i) &&
			   (n = format_count_compact(ctx->a, t, len, i, &zh, &en))) {
			if (focusable < 0)
				lang = context_of(parent, &focusable);
			dom_text(out, t + from, i - from);
			add_count(out, t + i, n, zh, en, lang, focusable);
		} else {
			/* no count starts at a digit after a digit: on past the run */
			while (t[i] != '^' && i + 1 < len && t[i + 1] >= '0' && t[i + 1] <= '9')
				i++;
			continue;
		}
		from = i + n;
		i = from - 1;
	}
	if (!from)
		return 0;
	dom_text(out, t + from, len - from);
	return 1;
}

void typeset_numbers(struct dom_node *root)
{
	struct arena a = ARENA_INIT;
	struct typeset_ctx ctx = { &a };
	dom_rewrite_text(root, skip, typeset_text, &ctx);
	arena_free(&a);
}

void typeset_page_serialize(struct dom_page *p, struct buf *out)
{
	struct arena a = ARENA_INIT;
	struct typeset_ctx ctx = { &a };
	/* typeset_text() leaves a text without a comma or a caret as it is */
	dom_page_serialize_rewriting(p, out, skip, ",^", typeset_text, &ctx);
	arena_free(&a);
}
