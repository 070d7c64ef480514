/*
 * autolink.c — the auto-linker (see autolink.h): every spec row name and
 * alias and every glossary term, found in text by a hash of their first
 * bytes, longest first.
 */
#include "render/autolink.h"
#include "core/alloc.h"
#include "book/numbers.h"

#if defined(__SSE2__) && defined(__GNUC__)
#include <emmintrin.h>
#endif
#include <ctype.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Patterns are found by a hash of their first AUTOLINK_KEY bytes; shorter
 * ones (HBM, SM) by their first two bytes.  Either way a text is scanned
 * once, looking at a handful of candidates per position. */
#define AUTOLINK_KEY 4
#define AUTOLINK_BUCKETS 4096
#define AUTOLINK_FIRSTS 8

struct pattern {
	struct autolink_target t;
	struct pattern *next;    /* same bucket, longer first */
};

struct autolinker {
	struct arena arena;
	struct pattern *buckets[AUTOLINK_BUCKETS];
	struct pattern *shorts[AUTOLINK_BUCKETS];
	/* 1 for every byte some pattern starts with: text is scanned at each
	 * byte, and most bytes (UTF-8 continuation bytes, spaces, punctuation,
	 * lowercase letters) start none, so they are passed over unhashed */
	unsigned char starts[256];
	/* a bit for every pair of bytes some pattern starts with: a byte that
	 * starts one ('s', the lead byte of a Han character) is followed by
	 * the second byte of none most of the time, and is passed over
	 * without hashing it and looking through its buckets */
	uint64_t pairs[256 * 256 / 64];
	/* those bytes, the first AUTOLINK_FIRSTS of them, and how many there
	 * are: a text is scanned 16 bytes at a time for a few of them */
	unsigned char firsts[AUTOLINK_FIRSTS];
	size_t nfirsts;
	/* each of them 16 times, then the first again for the rest of 4 or 8 */
	unsigned char wanted[AUTOLINK_FIRSTS][16];
	/* 1 for the bytes word_char() says are in a word */
	unsigned char word[256];
};

static unsigned bucket_of(const char *s, size_t n)
{
	unsigned h = 2166136261u;
	for (size_t i = 0; i < n; i++)
		h = (h ^ (unsigned char)s[i]) * 16777619u;
	return h % AUTOLINK_BUCKETS;
}

static void add_pattern(struct autolinker *al, const char *text, const char *href,
			const char *row, const char *term, const char *cls)
{
	size_t len = text ? strlen(text) : 0;
	if (len < 2)
		return;
	struct pattern *p = arena_alloc(&al->arena, sizeof *p);
	p->t = (struct autolink_target){ text, len, href, row, term, cls };
	struct pattern **head = len >= AUTOLINK_KEY ? &al->buckets[bucket_of(text, AUTOLINK_KEY)]
						    : &al->shorts[bucket_of(text, 2)];
	while (*head && ((*head)->t.len > len || ((*head)->t.len == len && strcmp((*head)->t.text, text) < 0)))
		head = &(*head)->next;
	if (*head && (*head)->t.len == len && !strcmp((*head)->t.text, text))
		return;   /* the first owner of a spelling keeps it */
	p->next = *head;
	*head = p;
	unsigned char first = (unsigned char)text[0];
	if (!al->starts[first] && al->nfirsts++ < AUTOLINK_FIRSTS)
		al->firsts[al->nfirsts - 1] = first;
	al->starts[first] = 1;
	unsigned pair = first << 8 | (unsigned char)text[1];
	al->pairs[pair >> 6] |= (uint64_t)1 << (pair & 63);
}

static int word_char(unsigned char ch)
{
	return isalnum(ch) || ch == '_';
}

struct autolinker *autolink_new(const struct book *b)
{
	struct autolinker *al = xcalloc(1, sizeof *al);
	size_t ntables;
	const struct spec_table *tables = b->numbers ? numbers_tables(b->numbers, &ntables) : NULL;
	for (size_t t = 0; tables && t < ntables; t++)
		for (size_t r = 0; r < tables[t].nrows; r++) {
			const struct spec_row *row = &tables[t].rows[r];
			const char *href = arena_printf(&al->arena, "/specs/%s.html#%s", tables[t].id, row->id);
			add_pattern(al, row->name, href, row->id, NULL, "autolink spec-link");
			for (size_t k = 0; k < row->naliases; k++)
				add_pattern(al, row->aliases[k], href, row->id, NULL, "autolink spec-link");
		}
	for (size_t i = 0; i < b->nterms; i++) {
		const struct term *t = &b->terms[i];
		const char *href = arena_printf(&al->arena, "/glossary.html#%s", t->id);
		add_pattern(al, t->abbr, href, NULL, t->id, "autolink term");
		add_pattern(al, t->name.en, href, NULL, t->id, "autolink term");
		add_pattern(al, t->name.zh, href, NULL, t->id, "autolink term");
		for (size_t k = 0; k < t->naliases; k++)
			add_pattern(al, t->aliases[k], href, NULL, t->id, "autolink term");
	}
	for (size_t k = 0; k < AUTOLINK_FIRSTS; k++)
		memset(al->wanted[k], al->firsts[k < al->nfirsts ? k : 0], 16);
	for (int ch = 0; ch < 256; ch++)
		al->word[ch] = (unsigned char)word_char((unsigned char)ch);
	return al;
}

void autolink_free(struct autolinker *al)
{
	if (al) {
		arena_free(&al->arena);
		free(al);
	}
}

static int already_linked(const char *const *linked, size_t nlinked, const char *id)
{
	for (size_t i = 0; i < nlinked; i++)
		if (linked[i] == id)
			return 1;
	return 0;
}

/* Finds the first pattern at s[i..len) (longest first) not yet linked;
 * returns it or NULL. */
static const struct autolink_target *pattern_at(const struct autolinker *al, const char *s,
						size_t len, size_t i,
						const char *const *linked, size_t nlinked)
{
	for (int pass = 0; pass < 2; pass++) {
		size_t key = pass == 0 ? AUTOLINK_KEY : 2;
		if (i + key > len)
			continue;
		const struct pattern *p = pass == 0 ? al->buckets[bucket_of(s + i, key)]
						    : al->shorts[bucket_of(s + i, key)];
		for (; p; p = p->next) {
			const struct autolink_target *t = &p->t;
			if (t->len > len - i || memcmp(s + i, t->text, t->len))
				continue;
			/* Latin words match whole: H100 is not inside H100s or GH100 */
			if (word_char((unsigned char)t->text[0]) && i > 0 && word_char((unsigned char)s[i - 1]))
				continue;
			if (word_char((unsigned char)t->text[t->len - 1]) && i + t->len < len &&
			    word_char((unsigned char)s[i + t->len]))
				continue;
			if (already_linked(linked, nlinked, t->row ? t->row : t->term))
				continue;
			return t;
		}
	}
	return NULL;
}

size_t autolink_next(const struct autolinker *al, const char *s, size_t len, size_t from,
		     const char *const *linked, size_t nlinked,
		     const struct autolink_target **found)
{
	const unsigned char *st = al->starts;
	size_t i = from;
	if (!al->nfirsts)
		return len;   /* no patterns */
	for (;;) {
#if defined(__SSE2__) && defined(__GNUC__)
		if (al->nfirsts <= AUTOLINK_FIRSTS) {
			/* a few bytes start every pattern (the first letters of a
			 * book's names): compared with 16 bytes of text at once */
			const __m128i *w = (const __m128i *)(const void *)al->wanted;
			__m128i w0 = _mm_loadu_si128(w), w1 = _mm_loadu_si128(w + 1),
				w2 = _mm_loadu_si128(w + 2), w3 = _mm_loadu_si128(w + 3);
			if (al->nfirsts <= 4) {
				for (; i + 16 <= len; i += 16) {
					__m128i v = _mm_loadu_si128((const __m128i *)(const void *)(s + i));
					__m128i hit = _mm_or_si128(
						_mm_or_si128(_mm_cmpeq_epi8(v, w0), _mm_cmpeq_epi8(v, w1)),
						_mm_or_si128(_mm_cmpeq_epi8(v, w2), _mm_cmpeq_epi8(v, w3)));
					unsigned m = (unsigned)_mm_movemask_epi8(hit);
					if (m) {
						i += (size_t)__builtin_ctz(m);
						break;
					}
				}
			} else {
				__m128i w4 = _mm_loadu_si128(w + 4), w5 = _mm_loadu_si128(w + 5),
					w6 = _mm_loadu_si128(w + 6), w7 = _mm_loadu_si128(w + 7);
				for (; i + 16 <= len; i += 16) {
					__m128i v = _mm_loadu_si128((const __m128i *)(const void *)(s + i));
					__m128i hit = _mm_or_si128(
						_mm_or_si128(_mm_cmpeq_epi8(v, w0), _mm_cmpeq_epi8(v, w1)),
						_mm_or_si128(_mm_cmpeq_epi8(v, w2), _mm_cmpeq_epi8(v, w3)));
					hit = _mm_or_si128(hit, _mm_or_si128(
						_mm_or_si128(_mm_cmpeq_epi8(v, w4), _mm_cmpeq_epi8(v, w5)),
						_mm_or_si128(_mm_cmpeq_epi8(v, w6), _mm_cmpeq_epi8(v, w7))));
					unsigned m = (unsigned)_mm_movemask_epi8(hit);
					if (m) {
						i += (size_t)__builtin_ctz(m);
						break;
					}
				}
			}
		}
#endif
		/* four bytes at a time to the next that may start a pattern:
		 * most bytes start none, and the loop was most of the time */
		while (i + 4 <= len && !(st[(unsigned char)s[i]] | st[(unsigned char)s[i + 1]] |
					 st[(unsigned char)s[i + 2]] | st[(unsigned char)s[i + 3]]))
			i += 4;
		while (i < len && !st[(unsigned char)s[i]])
			i++;
		/* every pattern has 2 bytes or more */
		if (i + 1 >= len)
			return len;
		/* a pattern that starts with a letter, a digit or '_' starts a
		 * word (pattern_at()): inside one, nothing matches up to its end
		 * (a book with lowercase names stopped at most letters of text) */
		if (i > 0 && al->word[(unsigned char)s[i]] && al->word[(unsigned char)s[i - 1]]) {
			while (i < len && al->word[(unsigned char)s[i]])
				i++;
			continue;
		}
		unsigned pair = (unsigned)(unsigned char)s[i] << 8 | (unsigned char)s[i + 1];
		if ((al->pairs[pair >> 6] >> (pair & 63) & 1) &&
		    (*found = pattern_at(al, s, len, i, linked, nlinked)))
			return i;
		i++;
	}
}
