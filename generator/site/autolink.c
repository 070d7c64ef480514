/*
 * autolink.c — the auto-linker (see autolink.h): every spec row name and
 * alias and every glossary term, found in text by a hash of their first
 * bytes, longest first.
 */
#include "site/autolink.h"
#include "core/alloc.h"
#include "book/numbers.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* Patterns are found by a hash of their first AUTOLINK_KEY bytes; shorter
 * ones (HBM, SM) by their first two bytes.  Either way a text is scanned
 * once, looking at a handful of candidates per position. */
#define AUTOLINK_KEY 4
#define AUTOLINK_BUCKETS 4096

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
	al->starts[(unsigned char)text[0]] = 1;
}

struct autolinker *render_autolinker_new(const struct book *b)
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
	return al;
}

void render_autolinker_free(struct autolinker *al)
{
	if (al) {
		arena_free(&al->arena);
		free(al);
	}
}

static int word_char(unsigned char ch)
{
	return isalnum(ch) || ch == '_';
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
	for (;;) {
		/* four bytes at a time to the next that may start a pattern:
		 * most bytes start none, and the loop was most of the time */
		while (i + 4 <= len && !(st[(unsigned char)s[i]] | st[(unsigned char)s[i + 1]] |
					 st[(unsigned char)s[i + 2]] | st[(unsigned char)s[i + 3]]))
			i += 4;
		while (i < len && !st[(unsigned char)s[i]])
			i++;
		if (i >= len)
			return len;
		if ((*found = pattern_at(al, s, len, i, linked, nlinked)))
			return i;
		i++;
	}
}
