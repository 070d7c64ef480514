/*
 * search.c — the offline full-text search index (see search.h).
 *
 * Terms live in an open-addressing hash table (FNV-1a, linear probing)
 * that maps each term to its postings list.  Sections are added one after
 * another, so a term's postings are sorted by section without any work:
 * a repeated term in the current section bumps the last posting's weight.
 * Writing sorts the terms by their bytes, so the output does not depend on
 * hash order.
 */
#include "site/search.h"
#include "core/pack.h"

#include "core/alloc.h"
#include "core/buffer.h"
#include "core/utf8.h"
#include "numbers/format.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libdeflate.h>

/* Postings are most of the index's memory (3.9 million of them for 1000
 * chapters), so they are two 32-bit numbers, not two words: a section's
 * weight is bounded by the size of the files its text comes from
 * (FILES_MAX_SIZE, times SEARCH_TITLE_WEIGHT at most), and
 * search_index_add() stops the program rather than wrap at the 2^32nd
 * section. */
struct posting {
	uint32_t doc;
	uint32_t weight;            /* | IN_TITLE when the title has the term */
};

/* The bit of a posting's weight that says its term is in the section's
 * title (weights stay below 5 × 16 MiB, far from it). */
#define IN_TITLE 0x80000000u

/* A chapter's own index has thousands of terms, most in one section: a
 * term's bytes go into the index's words buffer and its first two postings
 * into the term itself, so that adding a term costs no allocation (two
 * malloc() and free() per term were a tenth of the indexing). */
struct term {
	size_t text;                /* offset of its bytes (NUL-terminated) in words */
	size_t len;
	uint64_t hash;              /* see term_get() */
	size_t npostings, cap;      /* cap 0: the postings are in p.one */
	union {
		struct posting one[2];
		struct posting *many;   /* malloc'd, cap of them */
	} p;
};

struct page {
	char *path;                 /* owned */
	char *title;                /* owned; NULL: none given */
};

/* A section's entry in "docs" is [page,"anchor","title","text"]; the part
 * after the page number is escaped once, when the section is added, and
 * kept in the index's tails buffer (so merging and writing copy bytes). */
struct doc {
	size_t page;                /* index into pages */
	size_t tail, tail_len;      /* ,"anchor","title","text"] in tails */
	size_t units;               /* UTF-16 units of its title and text, collapsed
	                               (search.js's length of the section) */
};

struct search_index {
	struct term *terms;
	size_t nterms, terms_cap;
	struct buf words;           /* the terms' bytes */
	size_t *slots;              /* hash table of term index + 1; 0: empty */
	size_t nslots;              /* a power of two, or 0 */
	struct page *pages;
	size_t npages, pages_cap;
	struct doc *docs;
	size_t ndocs, docs_cap;
	struct buf tails;           /* every doc's escaped JSON after its page */
};

/* ---- tokenizer -------------------------------------------------------- */

static int is_ascii_alnum(uint32_t c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9');
}

static int is_ascii_digit(uint32_t c)
{
	return c >= '0' && c <= '9';
}

/* CJK characters that carry meaning (not punctuation or fullwidth forms).
 * search.js isCjkLetter() must agree. */
static int is_cjk_letter(uint32_t c)
{
	return utf8_is_han(c) ||
	       (c >= 0x3040 && c <= 0x30FF) ||   /* hiragana, katakana */
	       (c >= 0xAC00 && c <= 0xD7AF) ||   /* hangul syllables */
	       c == 0x3005;                      /* 々 */
}

/* Decodes the code point at s[*i] and advances *i; invalid bytes give
 * U+FFFD (a separator) and advance by one. */
static uint32_t next_cp(const char *s, size_t len, size_t *i)
{
	uint32_t cp;
	int n = utf8_decode_fast(s + *i, len - *i, &cp);
	*i += n > 0 ? (size_t)n : 1;
	return n > 0 ? cp : 0xFFFD;
}

/* Returns the byte at s[i] if it is ASCII and i < len, else 0. */
static int ascii_at(const char *s, size_t len, size_t i)
{
	return i < len && (unsigned char)s[i] < 0x80 ? s[i] : 0;
}

/* Copies the n (1–4) bytes of one character from s to d, without a call
 * to memcpy() for so few bytes. */
static void copy_char(char *d, const char *s, int n)
{
	switch (n) {
	case 4: d[3] = s[3]; /* fall through */
	case 3: d[2] = s[2]; /* fall through */
	case 2: d[1] = s[1]; /* fall through */
	default: d[0] = s[0];
	}
}

/*
 * The tokenizer hands on each term with, when it is at most 8 bytes long,
 * those bytes as one number (byte k at bits 8k, the rest zero), put
 * together in a register as the term is read: add_term() hashes short
 * terms from it.  (Hashing the bytes in memory just after writing them
 * stalled on every term: the reads could not be served from the stores.)
 */
typedef void term_fn(void *ctx, const char *term, size_t len, uint64_t word);

static void tokenize(const char *text, size_t len, term_fn *emit, void *ctx)
{
	char word[SEARCH_WORD_MAX + 1];
	size_t wlen = 0;
	uint64_t wword = 0;          /* word's first 8 bytes, as a number */
	int too_long = 0;
	/* Judged on the whole word, even past SEARCH_WORD_MAX, as search.js
	 * does: its last character and whether it is all digits. */
	int last = 0, all_digits = 1;
	char prev[4] = { 0 };       /* the previous CJK letter, for pairs */
	int prevlen = 0;
	uint64_t prevword = 0;
	char cur[5], pair[9];

	if (!text)
		return;
	size_t i = 0;
	while (i <= len) {
		uint32_t cp = 0;     /* 0 at the end: flushes the last word */
		size_t at = i;
		if (i < len && (unsigned char)text[i] < 0x80)
			cp = (unsigned char)text[i++];   /* ASCII: no decoder call */
		else if (i < len)
			cp = next_cp(text, len, &i);
		else
			i++;

		int add = 0;
		if (cp && is_ascii_alnum(cp)) {
			prevlen = 0;
			last = (int)cp;
			all_digits = all_digits && is_ascii_digit(cp);
			add = cp >= 'A' && cp <= 'Z' ? (int)cp + 32 : (int)cp;
		} else if (cp == '.' && wlen && is_ascii_digit((uint32_t)last) &&
			   is_ascii_digit((uint32_t)ascii_at(text, len, at + 1))) {
			/* '.' between digits: a decimal number */
			last = '.';
			all_digits = 0;
			add = '.';
		}
		if (add) {
			if (wlen < SEARCH_WORD_MAX) {
				if (wlen < 8)
					wword |= (uint64_t)add << (8 * wlen);
				word[wlen++] = (char)add;
			} else {
				too_long = 1;
			}
			continue;
		}
		/* ',' before exactly three digits in a number: thousands */
		if (cp == ',' && wlen && all_digits &&
		    is_ascii_digit((uint32_t)ascii_at(text, len, at + 1)) &&
		    is_ascii_digit((uint32_t)ascii_at(text, len, at + 2)) &&
		    is_ascii_digit((uint32_t)ascii_at(text, len, at + 3)) &&
		    !is_ascii_digit((uint32_t)ascii_at(text, len, at + 4)))
			continue;

		if (wlen && !too_long) {
			word[wlen] = '\0';
			emit(ctx, word, wlen, wword);
		}
		wlen = 0;
		wword = 0;
		too_long = 0;
		last = 0;
		all_digits = 1;

		if (cp && is_cjk_letter(cp)) {
			int n = (int)(i - at);   /* the letter's own bytes: valid UTF-8 */
			uint64_t curword = 0;
			for (int k = 0; k < n; k++)
				curword |= (uint64_t)(unsigned char)text[at + (size_t)k] << (8 * k);
			copy_char(cur, text + at, n);
			cur[n] = '\0';
			emit(ctx, cur, (size_t)n, curword);
			if (prevlen) {
				copy_char(pair, prev, prevlen);
				copy_char(pair + prevlen, cur, n);
				pair[prevlen + n] = '\0';
				emit(ctx, pair, (size_t)(prevlen + n), prevword | curword << (8 * prevlen));
			}
			copy_char(prev, cur, n);
			prevlen = n;
			prevword = curword;
		} else {
			prevlen = 0;
		}
	}
}

struct public_emit {
	search_emit_fn *emit;
	void *ctx;
};

static void emit_public(void *p, const char *term, size_t len, uint64_t word)
{
	const struct public_emit *pe = p;
	(void)word;
	pe->emit(pe->ctx, term, len);
}

void search_tokenize(const char *text, size_t len, search_emit_fn *emit, void *ctx)
{
	struct public_emit pe = { emit, ctx };
	tokenize(text, len, emit_public, &pe);
}

/* ---- the index -------------------------------------------------------- */

struct search_index *search_index_new(void)
{
	struct search_index *ix = xcalloc(1, sizeof *ix);
	buf_init(&ix->tails);
	buf_init(&ix->words);
	return ix;
}

/* A term of up to 8 bytes is hashed from its bytes as one number (see
 * tokenize()); longer ones by pack_hash().  The mixing is a bijection,
 * so two short terms of the same length with the same hash are the same
 * term. */
static uint64_t hash_word(uint64_t w)
{
	w *= 0x9e3779b97f4a7c15ULL;
	w ^= w >> 32;
	w *= 0x9e3779b97f4a7c15ULL;
	return w ^ w >> 32;   /* the table uses the low bits */
}

static void rehash(struct search_index *ix, size_t nslots)
{
	free(ix->slots);
	ix->slots = xcalloc(nslots, sizeof *ix->slots);
	ix->nslots = nslots;
	for (size_t t = 0; t < ix->nterms; t++) {
		size_t s = (size_t)ix->terms[t].hash & (nslots - 1);
		while (ix->slots[s])
			s = (s + 1) & (nslots - 1);
		ix->slots[s] = t + 1;
	}
}

/* Returns 1 if a and b hold the same len bytes.  Terms are a few bytes
 * long, and memcmp() called once per token was 4% of a 1000-chapter
 * build; a plain loop the compiler sees through is cheaper. */
static int same_bytes(const char *a, const char *b, size_t len)
{
	for (size_t k = 0; k < len; k++)
		if (a[k] != b[k])
			return 0;
	return 1;
}

/* Returns the term's entry, adding it when new; h is its hash (term_get()). */
static struct term *term_get_hashed(struct search_index *ix, const char *text, size_t len,
				    uint64_t h)
{
	if (size_mul(ix->nterms + 1, 2) > ix->nslots)   /* load ≤ 1/2 */
		rehash(ix, ix->nslots ? size_mul(ix->nslots, 2) : 1024);
	size_t mask = ix->nslots - 1;
	size_t s = (size_t)h & mask;
	while (ix->slots[s]) {
		/* the stored hash settles most probes without reading the text */
		struct term *t = &ix->terms[ix->slots[s] - 1];
		if (t->hash == h && t->len == len &&
		    (len <= 8 || same_bytes(ix->words.data + t->text, text, len)))
			return t;
		s = (s + 1) & mask;
	}
	struct term *t = ARRAY_PUSH(ix->terms, ix->nterms, ix->terms_cap);
	memset(t, 0, sizeof *t);
	t->text = ix->words.len;
	buf_add(&ix->words, text, len);
	buf_addch(&ix->words, '\0');
	t->len = len;
	t->hash = h;
	ix->slots[s] = ix->nterms;
	return t;
}

/* The postings of t, writable though t is const (as strchr() does). */
static struct posting *postings_of(const struct term *t)
{
	return t->cap ? t->p.many : (struct posting *)t->p.one;
}

/* Makes room for n more postings of t. */
static void postings_reserve(struct term *t, size_t n)
{
	size_t want = t->npostings + n;
	if (want <= (t->cap ? t->cap : 2))
		return;
	size_t cap = t->cap ? t->cap : 8;
	while (cap < want)
		cap = size_mul(cap, 2);
	if (t->cap) {
		t->p.many = xrealloc(t->p.many, size_mul(cap, sizeof *t->p.many));
	} else {
		struct posting *many = xmalloc(size_mul(cap, sizeof *many));
		memcpy(many, t->p.one, t->npostings * sizeof *many);
		t->p.many = many;
	}
	t->cap = cap;
}

/* word: text's bytes as one number when len <= 8 (see tokenize()). */
static struct term *term_get(struct search_index *ix, const char *text, size_t len,
			     uint64_t word)
{
	return term_get_hashed(ix, text, len,
			       len <= 8 ? hash_word(word) : pack_hash(PACK_HASH_INIT, text, len));
}

struct add_ctx {
	struct search_index *ix;
	size_t doc;
	unsigned long weight;
	uint32_t flag;              /* IN_TITLE while adding the title */
};

static void add_term(void *ctxp, const char *text, size_t len, uint64_t word)
{
	struct add_ctx *ctx = ctxp;
	struct term *t = term_get(ctx->ix, text, len, word);
	struct posting *p = postings_of(t);
	if (t->npostings && p[t->npostings - 1].doc == ctx->doc) {
		p[t->npostings - 1].weight += (uint32_t)ctx->weight;
		p[t->npostings - 1].weight |= ctx->flag;
		return;
	}
	postings_reserve(t, 1);
	p = postings_of(t) + t->npostings++;
	p->doc = (uint32_t)ctx->doc;
	p->weight = (uint32_t)ctx->weight | ctx->flag;
}

/* A title's ASCII word also gives its endings of two bytes or more, each
 * after a space (" ndwidth" … " th" of "bandwidth"), with the title flag:
 * a query word may stand in a title inside a longer word ("band" in
 * "InfiniBand"), and search.js finds those sections from these without
 * loading them.  They sort before every term and are written only in the
 * split index's shards, in the shard of the ending itself. */
static void add_title_endings(void *ctxp, const char *text, size_t len, uint64_t word)
{
	(void)word;
	add_term(ctxp, text, len, word);
	if ((unsigned char)text[0] >= 0x80 || len < 3)
		return;
	char end[SEARCH_WORD_MAX + 2];
	end[0] = ' ';
	for (size_t i = 1; i + 2 <= len; i++) {
		size_t n = len - i + 1;
		memcpy(end + 1, text + i, len - i);
		end[n] = '\0';
		uint64_t w = 0;
		for (size_t k = 0; n <= 8 && k < n; k++)
			w |= (uint64_t)(unsigned char)end[k] << (8 * k);
		struct add_ctx *ctx = ctxp;
		unsigned long keep = ctx->weight;
		ctx->weight = 0;
		add_term(ctxp, end, n, w);
		ctx->weight = keep;
	}
}

static int is_space(unsigned char c);

/* Appends the character of n bytes at s[at] to gram at g as search.js
 * reads it (ASCII lowercased) and returns the end. */
static size_t gram_put(char *gram, size_t g, const char *s, size_t at, int n)
{
	unsigned char b = (unsigned char)s[at];
	if (n == 1) {
		gram[g] = (char)(b >= 'A' && b <= 'Z' ? b + 32 : b);
		return g + 1;
	}
	copy_char(gram + g, s + at, n);
	return g + (size_t)n;
}

/*
 * Adds the phrase grams of s[0..len), with weight 0 and ctx's flag: for
 * each run of space with two word characters (ASCII letters and digits,
 * CJK letters) on either side, those five ("memory bandwidth" gives
 * "ry ba"; "TB/s, 3" none), as search.js sees the text (space runs one
 * space, ASCII lowercased).  A query
 * of words typed apart can be in a section's text or title as written
 * only if its own gram is there, so search.js knows without loading a
 * section whether a phrase boost could lift it.  Grams hold a space and
 * no word does; they are written in the shards only.
 */
static void add_grams(struct add_ctx *ctx, const char *s, size_t len)
{
	/* the last two characters since the last space: where they start,
	 * their lengths (-1: an invalid byte) and whether they are word
	 * characters (ASCII letters and digits, CJK letters) */
	size_t at1 = 0, at2 = 0;
	int n1 = 0, n2 = 0, w1 = 0, w2 = 0, since = 0;
	char gram[4 * 4 + 2];
	size_t g = 0;
	int pending = 0;            /* a space with two before it: gram[0..g) */
	size_t i = 0;
	while (i < len) {
		unsigned char b = (unsigned char)s[i];
		if (is_space(b)) {
			while (i < len && is_space((unsigned char)s[i]))
				i++;
			pending = since >= 2 && w1 && w2;
			if (pending) {
				g = gram_put(gram, 0, s, at1, n1);
				g = gram_put(gram, g, s, at2, n2);
				gram[g++] = ' ';
			}
			since = 0;
			continue;
		}
		int n = 1, w = is_ascii_alnum(b);
		if (b >= 0x80) {
			uint32_t cp;
			n = utf8_decode_fast(s + i, len - i, &cp);
			w = n > 0 && is_cjk_letter(cp);
		}
		at1 = at2;
		n1 = n2;
		w1 = w2;
		at2 = i;
		n2 = n;
		w2 = w;
		i += n < 0 ? 1 : (size_t)n;
		if (++since == 2 && pending && w1 && w2) {
			size_t e = gram_put(gram, g, s, at1, n1);
			e = gram_put(gram, e, s, at2, n2);
			gram[e] = '\0';
			uint64_t word = 0;
			for (size_t k = 0; e <= 8 && k < e; k++)
				word |= (uint64_t)(unsigned char)gram[k] << (8 * k);
			add_term(ctx, gram, e, word);
			pending = 0;
		}
	}
}

static size_t page_get(struct search_index *ix, const char *path)
{
	/* Sections arrive page by page: look at the newest page first. */
	for (size_t k = ix->npages; k-- > 0;)
		if (strcmp(ix->pages[k].path, path) == 0)
			return k;
	struct page *p = ARRAY_PUSH(ix->pages, ix->npages, ix->pages_cap);
	p->path = xstrdup(path);
	p->title = NULL;
	return ix->npages - 1;
}

static int is_space(unsigned char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

static void add_json(struct buf *out, const char *s, size_t len, int collapse);

/* Returns the length in UTF-16 units (JavaScript's length) of s[0..len)
 * as add_json() writes it with collapse: the ends trimmed, each run of
 * space one unit, an invalid byte one U+FFFD. */
static size_t utf16_units(const char *s, size_t len)
{
	size_t i = 0, n = 0;
	while (i < len && is_space((unsigned char)s[i]))
		i++;
	while (len > i && is_space((unsigned char)s[len - 1]))
		len--;
	while (i < len) {
		unsigned char c = (unsigned char)s[i];
		if (c < 0x80) {
			i++;
			if (is_space(c))
				while (i < len && is_space((unsigned char)s[i]))
					i++;
			n++;
			continue;
		}
		uint32_t cp;
		int k = utf8_decode_fast(s + i, len - i, &cp);
		if (k < 0) {
			i++;
			n++;
		} else {
			i += (size_t)k;
			n += cp >= 0x10000 ? 2 : 1;
		}
	}
	return n;
}

static void add_json_string(struct buf *out, const char *s, size_t len);

void search_index_add(struct search_index *ix, const char *page,
		      const char *anchor, const char *title, const char *text)
{
	if (ix->ndocs >= UINT32_MAX) {   /* postings hold 32-bit doc numbers */
		fprintf(stderr, "specbook: fatal: more than %lu search sections\n",
			(unsigned long)UINT32_MAX);
		exit(2);
	}
	struct doc *d = ARRAY_PUSH(ix->docs, ix->ndocs, ix->docs_cap);
	d->page = page_get(ix, page ? page : "");
	title = title ? title : "";
	text = text ? text : "";
	/* powers as the page shows them, "×10²⁹" (a snippet has no <sup>) */
	struct arena sup = ARENA_INIT;
	title = format_superscripts(&sup, title);
	text = format_superscripts(&sup, text);
	size_t tlen = strlen(title), xlen = strlen(text);

	d->tail = ix->tails.len;
	buf_addch(&ix->tails, ',');
	add_json_string(&ix->tails, anchor ? anchor : "", anchor ? strlen(anchor) : 0);
	buf_addch(&ix->tails, ',');
	add_json(&ix->tails, title, tlen, 1);
	buf_addch(&ix->tails, ',');
	add_json(&ix->tails, text, xlen, 1);
	buf_addch(&ix->tails, ']');
	d->tail_len = ix->tails.len - d->tail;
	d->units = utf16_units(title, tlen) + utf16_units(text, xlen);

	/* whitespace only separates terms: collapsing it changes none */
	struct add_ctx ctx = { ix, ix->ndocs - 1, SEARCH_TITLE_WEIGHT, IN_TITLE };
	tokenize(title, tlen, add_title_endings, &ctx);
	ctx.weight = 1;
	ctx.flag = 0;
	tokenize(text, xlen, add_term, &ctx);
	ctx.weight = 0;
	ctx.flag = IN_TITLE;
	add_grams(&ctx, title, tlen);
	ctx.flag = 0;
	add_grams(&ctx, text, xlen);
	arena_free(&sup);
}

/* ---- packing an index to merge it on another thread ---- */

static void pack_u32(struct buf *b, size_t v)
{
	uint32_t u = (uint32_t)v;
	buf_add(b, &u, sizeof u);
}

static void pack_str(struct buf *b, const char *s)
{
	size_t n = s ? strlen(s) : 0;
	pack_u32(b, s ? n : UINT32_MAX);
	buf_add(b, s ? s : "", n);
}

/* Empties ix and keeps its memory: a rendering thread indexes chapter
 * after chapter in one index, whose tables are then grown only once. */
static void index_clear(struct search_index *ix)
{
	for (size_t k = 0; k < ix->nterms; k++)
		if (ix->terms[k].cap)
			free(ix->terms[k].p.many);
	ix->nterms = 0;
	if (ix->nslots)
		memset(ix->slots, 0, ix->nslots * sizeof *ix->slots);
	buf_reset(&ix->words);
	for (size_t k = 0; k < ix->npages; k++) {
		free(ix->pages[k].path);
		free(ix->pages[k].title);
	}
	ix->npages = 0;
	ix->ndocs = 0;
	buf_reset(&ix->tails);
}

char *search_index_pack(struct search_index *ix, size_t *len)
{
	struct buf b = BUF_INIT;
	pack_u32(&b, ix->npages);
	for (size_t k = 0; k < ix->npages; k++) {
		pack_str(&b, ix->pages[k].path);
		pack_str(&b, ix->pages[k].title);
	}
	pack_u32(&b, ix->ndocs);
	for (size_t k = 0; k < ix->ndocs; k++) {
		const struct doc *d = &ix->docs[k];
		pack_u32(&b, d->page);
		pack_u32(&b, d->tail_len);
		pack_u32(&b, d->units);
	}
	pack_u32(&b, ix->tails.len);
	buf_add(&b, ix->tails.data, ix->tails.len);
	pack_u32(&b, ix->nterms);
	/* the terms are most of the bytes: room for them all at once, then
	 * copied in without a buf_add() (and its checks) for each field */
	size_t room = 0;
	for (size_t k = 0; k < ix->nterms; k++)
		room += 2 * sizeof(uint32_t) + ix->terms[k].len + sizeof(uint64_t) +
			ix->terms[k].npostings * sizeof(struct posting);
	buf_grow(&b, room);
	char *o = b.data + b.len;
	for (size_t k = 0; k < ix->nterms; k++) {
		const struct term *t = &ix->terms[k];
		uint32_t n = (uint32_t)t->len;
		memcpy(o, &n, sizeof n);
		memcpy(o + sizeof n, ix->words.data + t->text, t->len);
		o += sizeof n + t->len;
		memcpy(o, &t->hash, sizeof t->hash);
		o += sizeof t->hash;
		n = (uint32_t)t->npostings;
		memcpy(o, &n, sizeof n);
		memcpy(o + sizeof n, postings_of(t), t->npostings * sizeof(struct posting));
		o += sizeof n + t->npostings * sizeof(struct posting);
	}
	b.len = (size_t)(o - b.data);
	b.data[b.len] = '\0';
	index_clear(ix);
	return buf_detach(&b, len);
}

/* Reads packed values; the bytes come from search_index_pack() in this
 * process, so they are trusted (no bounds to check against an attacker). */
struct unpack {
	const char *p;
};

static uint32_t unpack_u32(struct unpack *u)
{
	uint32_t v;
	memcpy(&v, u->p, sizeof v);
	u->p += sizeof v;
	return v;
}

/* Returns the next string (in the packed bytes, not NUL-terminated) and
 * its length in *n; NULL for a NULL string. */
static const char *unpack_str(struct unpack *u, size_t *n)
{
	uint32_t len = unpack_u32(u);
	if (len == UINT32_MAX) {
		*n = 0;
		return NULL;
	}
	const char *s = u->p;
	u->p += len;
	*n = len;
	return s;
}

static char *unpack_dup(struct unpack *u)
{
	size_t n;
	const char *s = unpack_str(u, &n);
	return s ? xstrndup(s, n) : NULL;
}

void search_index_merge_packed(struct search_index *ix, const char *data)
{
	struct unpack u = { data };
	size_t npages = unpack_u32(&u);
	size_t *pages = xcalloc(npages ? npages : 1, sizeof *pages);
	for (size_t k = 0; k < npages; k++) {
		char *path = unpack_dup(&u);
		pages[k] = page_get(ix, path ? path : "");
		free(path);
		char *title = unpack_dup(&u);
		if (title) {
			free(ix->pages[pages[k]].title);
			ix->pages[pages[k]].title = title;
		}
	}
	size_t base = ix->ndocs, ndocs = unpack_u32(&u);
	if (base + ndocs > UINT32_MAX) {
		fprintf(stderr, "specbook: fatal: more than %lu search sections\n",
			(unsigned long)UINT32_MAX);
		exit(2);
	}
	size_t tail = ix->tails.len;
	for (size_t k = 0; k < ndocs; k++) {
		struct doc *d = ARRAY_PUSH(ix->docs, ix->ndocs, ix->docs_cap);
		d->page = pages[unpack_u32(&u)];
		d->tail = tail;
		d->tail_len = unpack_u32(&u);
		d->units = unpack_u32(&u);
		tail += d->tail_len;
	}
	size_t ntails = unpack_u32(&u);
	buf_add(&ix->tails, u.p, ntails);
	u.p += ntails;
	/* the packed docs come after ix's, so each term's postings stay in order */
	size_t nterms = unpack_u32(&u);
	for (size_t k = 0; k < nterms; k++) {
		size_t n;
		uint64_t h;
		const char *text = unpack_str(&u, &n);
		memcpy(&h, u.p, sizeof h);
		u.p += sizeof h;
		struct term *t = term_get_hashed(ix, text, n, h);
		size_t np = unpack_u32(&u);
		postings_reserve(t, np);
		struct posting *to = postings_of(t) + t->npostings;
		memcpy(to, u.p, np * sizeof *to);
		u.p += np * sizeof *to;
		for (size_t j = 0; j < np; j++)
			to[j].doc += (uint32_t)base;
		t->npostings += np;
	}
	free(pages);
}

/* ---- checking packed bytes that come from outside (a cache file) ---- */

static int json_plain(unsigned char c);

/* Reads packed values within [p, end); any read past end sets bad. */
struct check {
	const unsigned char *p, *end;
	int bad;
};

static uint32_t check_u32(struct check *c)
{
	uint32_t v = 0;
	if ((size_t)(c->end - c->p) < sizeof v) {
		c->bad = 1;
		c->p = c->end;
		return 0;
	}
	memcpy(&v, c->p, sizeof v);
	c->p += sizeof v;
	return v;
}

/* Skips n bytes; returns where they start, or NULL past the end. */
static const unsigned char *check_bytes(struct check *c, size_t n)
{
	if ((size_t)(c->end - c->p) < n) {
		c->bad = 1;
		c->p = c->end;
		return NULL;
	}
	const unsigned char *at = c->p;
	c->p += n;
	return at;
}

static void check_str(struct check *c)
{
	uint32_t n = check_u32(c);
	if (n != UINT32_MAX)
		check_bytes(c, n);
}

/* Returns the end of the JSON string literal at s[0..len), as add_json()
 * writes one (valid UTF-8, no raw control character, U+2028 or U+2029,
 * only the escapes JSON has), or NULL: a section's tail goes into the
 * index's JavaScript as it is. */
static const char *json_string_end(const char *s, size_t len)
{
	size_t i = 0;
	if (i >= len || s[i++] != '"')
		return NULL;
	while (i < len) {
		/* most bytes: ASCII that needs no escape, taken a run at a time */
		while (i < len && json_plain((unsigned char)s[i]))
			i++;
		if (i >= len)
			break;
		unsigned char c = (unsigned char)s[i];
		if (c == '"')
			return s + i + 1;
		if (c == 0x7F) {
			i++;
			continue;
		}
		if (c < 0x80 && c != '\\')
			return NULL;   /* a control character */
		if (c == '\\') {
			if (++i >= len)
				return NULL;
			c = (unsigned char)s[i++];
			if (c == 'u') {
				for (int k = 0; k < 4; k++, i++)
					if (i >= len || !s[i] || !strchr("0123456789abcdefABCDEF", s[i]))
						return NULL;
			} else if (!c || !strchr("\"\\/bfnrt", c)) {
				return NULL;
			}
			continue;
		}
		uint32_t cp;
		int n = utf8_decode_fast(s + i, len - i, &cp);
		if (n < 0 || cp == 0x2028 || cp == 0x2029)
			return NULL;
		i += (size_t)n;
	}
	return NULL;
}

/* Returns 1 if tail[0..len) is a section's ,"anchor","title","text"]. */
static int tail_ok(const char *tail, size_t len)
{
	const char *p = tail, *end = tail + len;
	for (int k = 0; k < 3; k++) {
		if (p >= end || *p++ != ',' || !(p = json_string_end(p, (size_t)(end - p))))
			return 0;
	}
	return p + 1 == end && *p == ']';
}

/* The hash term_get() gives a term's bytes. */
static uint64_t term_hash(const unsigned char *text, size_t len)
{
	if (len > 8)
		return pack_hash(PACK_HASH_INIT, text, len);
	uint64_t w = 0;
	for (size_t k = 0; k < len; k++)
		w |= (uint64_t)text[k] << (8 * k);
	return hash_word(w);
}

int search_index_check_packed(const char *data, size_t len)
{
	if (!data)
		return -1;
	struct check c = { (const unsigned char *)data, (const unsigned char *)data + len, 0 };
	size_t npages = check_u32(&c);
	for (size_t k = 0; k < npages && !c.bad; k++) {
		check_str(&c);
		check_str(&c);
	}
	size_t ndocs = check_u32(&c), tails = 0;
	if (ndocs > (size_t)(c.end - c.p) / 12)   /* three numbers each */
		c.bad = 1;
	const unsigned char *docs = c.p;
	for (size_t k = 0; k < ndocs && !c.bad; k++) {
		if (check_u32(&c) >= npages)
			c.bad = 1;
		tails += check_u32(&c);
		check_u32(&c);
	}
	/* the docs' tails, one after another, each well formed */
	size_t ntails = check_u32(&c);
	const char *t = (const char *)check_bytes(&c, ntails);
	if (tails != ntails)
		c.bad = 1;
	for (size_t k = 0; k < ndocs && !c.bad; k++) {
		uint32_t n;
		memcpy(&n, docs + 12 * k + 4, sizeof n);
		if (!tail_ok(t, n))
			c.bad = 1;
		t += n;
	}
	/* terms: each once, hashed as term_get() hashes it, its postings in
	 * the order of their sections */
	size_t nterms = check_u32(&c);
	if (nterms > (size_t)(c.end - c.p) / 24)   /* length, byte, hash, count, posting */
		c.bad = 1;
	size_t nslots = 16;
	while (!c.bad && nslots < 2 * nterms)
		nslots *= 2;
	const unsigned char **seen = c.bad ? NULL : xcalloc(nslots, sizeof *seen);
	for (size_t k = 0; k < nterms && !c.bad; k++) {
		const unsigned char *at = c.p;
		size_t n = check_u32(&c);
		const unsigned char *text = n >= 1 && n <= SEARCH_WORD_MAX ? check_bytes(&c, n) : NULL;
		uint64_t h = 0;
		const unsigned char *hp = check_bytes(&c, sizeof h);
		if (!text || !hp || memchr(text, '\0', n)) {
			c.bad = 1;
			break;
		}
		memcpy(&h, hp, sizeof h);
		if (h != term_hash(text, n)) {
			c.bad = 1;
			break;
		}
		size_t s = (size_t)h & (nslots - 1);
		for (; seen[s] && !c.bad; s = (s + 1) & (nslots - 1)) {
			uint32_t m;
			memcpy(&m, seen[s], sizeof m);
			c.bad = m == n && !memcmp(seen[s] + sizeof m, text, n);
		}
		seen[s] = at;
		size_t np = check_u32(&c);
		const unsigned char *ps = np && np <= ndocs ? check_bytes(&c, np * sizeof(struct posting)) : NULL;
		if (!ps) {
			c.bad = 1;
			break;
		}
		uint32_t before = 0;
		for (size_t j = 0; j < np && !c.bad; j++) {
			struct posting p;
			memcpy(&p, ps + j * sizeof p, sizeof p);
			c.bad = p.doc >= ndocs || (j && p.doc <= before);
			before = p.doc;
		}
	}
	free(seen);
	return c.bad || c.p != c.end ? -1 : 0;
}

void search_index_set_page_title(struct search_index *ix, const char *page,
				 const char *title)
{
	size_t k = page_get(ix, page ? page : "");   /* may move ix->pages */
	struct page *p = &ix->pages[k];
	free(p->title);
	p->title = xstrdup(title ? title : "");   /* collapsed when written */
}

size_t search_index_count(const struct search_index *ix)
{
	return ix->ndocs;
}

/* ---- writing ---------------------------------------------------------- */

/* Returns 1 if byte c may go into a JSON string as it is: not a control
 * character, quote or backslash, and not the lead byte of a sequence that
 * needs a look (0xE2 starts U+2028/U+2029). */
static int json_plain(unsigned char c)
{
	return c >= 0x20 && c != '"' && c != '\\' && c != 0x7F && c < 0x80;
}

/* Appends s[0..len) as a JSON string literal; with collapse, whitespace
 * runs become one space and the ends are trimmed (the text search results
 * quote).  Invalid UTF-8 becomes U+FFFD; U+2028 and U+2029 are escaped for
 * JavaScript engines older than ES2019.  Runs of bytes that need no escape
 * are copied whole: section texts are most of the index. */
static void add_json(struct buf *out, const char *s, size_t len, int collapse)
{
	size_t i = 0;
	if (collapse) {   /* the ends trimmed: every run of space left is inside */
		while (i < len && is_space((unsigned char)s[i]))
			i++;
		while (len > i && is_space((unsigned char)s[len - 1]))
			len--;
	}
	buf_grow(out, len - i + 2);
	buf_addch(out, '"');
	while (i < len) {
		/* a run of bytes that go in as they are: ASCII that needs no
		 * escape (a space too, unless more space follows it) and whole
		 * UTF-8 sequences */
		size_t run = i;
		while (run < len) {
			unsigned char c = (unsigned char)s[run];
			if (c == ' ' && collapse) {
				if (run + 1 < len && is_space((unsigned char)s[run + 1]))
					break;
				run++;
			} else if (c < 0x80) {
				if (!json_plain(c))
					break;
				run++;
			} else {
				uint32_t cp;
				int n = utf8_decode_fast(s + run, len - run, &cp);
				if (n < 0 || cp == 0x2028 || cp == 0x2029)
					break;
				run += (size_t)n;
			}
		}
		if (run > i) {
			buf_add(out, s + i, run - i);
			i = run;
			continue;
		}
		unsigned char c = (unsigned char)s[i];
		if (collapse && is_space(c)) {
			while (i < len && is_space((unsigned char)s[i]))
				i++;
			buf_addch(out, ' ');
			continue;
		}
		if (c < 0x80) {
			i++;
			switch (c) {
			case '"':  buf_adds(out, "\\\""); break;
			case '\\': buf_adds(out, "\\\\"); break;
			case '\n': buf_adds(out, "\\n"); break;
			case '\t': buf_adds(out, "\\t"); break;
			case '\r': buf_adds(out, "\\r"); break;
			default:    buf_addf(out, "\\u%04x", c); break;
			}
			continue;
		}
		uint32_t cp;
		int n = utf8_decode_fast(s + i, len - i, &cp);
		if (n < 0) {
			buf_adds(out, "\xEF\xBF\xBD");   /* U+FFFD */
			i++;
		} else {   /* U+2028 or U+2029 */
			buf_addf(out, "\\u%04x", (unsigned)cp);
			i += (size_t)n;
		}
	}
	buf_addch(out, '"');
}

static void add_json_string(struct buf *out, const char *s, size_t len)
{
	add_json(out, s, len, 0);
}

static void add_json_str(struct buf *out, const char *s)
{
	add_json_string(out, s, strlen(s));
}

/* Writes n in decimal at o and returns the end: the postings are most of
 * the index, and printf costs ten times as much per number. */
static char *put_number(char *o, unsigned long long n)
{
	char digits[24];
	size_t k = sizeof digits;
	do
		digits[--k] = (char)('0' + n % 10);
	while ((n /= 10));
	memcpy(o, digits + k, sizeof digits - k);
	return o + (sizeof digits - k);
}

static void add_number(struct buf *out, unsigned long long n)
{
	buf_grow(out, 24);
	out->len = (size_t)(put_number(out->data + out->len, n) - out->data);
	out->data[out->len] = '\0';
}

/* A term as the writer sorts them: its bytes, which no longer move. */
struct sorted_term {
	const char *text;
	size_t len;
	struct term *term;
};

static int term_cmp(const void *a, const void *b)
{
	const struct sorted_term *x = a, *y = b;
	size_t n = x->len < y->len ? x->len : y->len;
	int c = memcmp(x->text, y->text, n);
	if (c)
		return c;
	return x->len < y->len ? -1 : x->len > y->len;
}

/* The index as one JSON object (see search.h). */
static void write_object(const struct search_index *ix, struct buf *out)
{
	buf_adds(out, "{\"version\":2,\n\"pages\":[");
	for (size_t k = 0; k < ix->npages; k++) {
		buf_adds(out, k ? ",\n[" : "\n[");
		add_json_str(out, ix->pages[k].path);
		buf_addch(out, ',');
		const char *title = ix->pages[k].title ? ix->pages[k].title : "";
		add_json(out, title, strlen(title), 1);
		buf_addch(out, ']');
	}
	buf_adds(out, "],\n\"docs\":[");
	for (size_t k = 0; k < ix->ndocs; k++) {
		const struct doc *d = &ix->docs[k];
		buf_adds(out, k ? ",\n[" : "\n[");
		add_number(out, d->page);
		buf_add(out, ix->tails.data + d->tail, d->tail_len);
	}

	struct sorted_term *sorted = xmalloc(size_mul(ix->nterms ? ix->nterms : 1, sizeof *sorted));
	for (size_t k = 0; k < ix->nterms; k++)
		sorted[k] = (struct sorted_term){ ix->words.data + ix->terms[k].text, ix->terms[k].len,
						  &ix->terms[k] };
	qsort(sorted, ix->nterms, sizeof *sorted, term_cmp);
	/* title endings and phrase grams, which hold a space: shards only */
	size_t nterms = 0;
	for (size_t k = 0; k < ix->nterms; k++)
		if (!memchr(sorted[k].text, ' ', sorted[k].len))
			sorted[nterms++] = sorted[k];

	buf_adds(out, "],\n\"terms\":[");
	for (size_t k = 0; k < nterms; k++) {
		if (k)
			buf_addch(out, ',');
		if (k % 16 == 0)
			buf_addch(out, '\n');
		add_json_string(out, sorted[k].text, sorted[k].len);
	}
	buf_adds(out, "],\n\"postings\":[");
	for (size_t k = 0; k < nterms; k++) {
		const struct term *t = sorted[k].term;
		const struct posting *ps = postings_of(t);
		/* two numbers of at most 10 digits and two commas a posting */
		buf_grow(out, size_add(size_mul(t->npostings, 22), 4));
		char *o = out->data + out->len;
		if (k)
			*o++ = ',';
		*o++ = '\n';
		*o++ = '[';
		for (size_t p = 0; p < t->npostings; p++) {
			if (p)
				*o++ = ',';
			/* each doc as the step from the one before: a third smaller */
			o = put_number(o, p ? ps[p].doc - ps[p - 1].doc : ps[p].doc);
			*o++ = ',';
			o = put_number(o, ps[p].weight & ~IN_TITLE);
		}
		*o++ = ']';
		out->len = (size_t)(o - out->data);
		out->data[out->len] = '\0';
	}
	buf_adds(out, "]}");
	free(sorted);
}

void search_index_write(const struct search_index *ix, struct buf *out)
{
	buf_adds(out, "/* generated by specbook: the search index read by search.js */\n");
	buf_adds(out, "window.SPECBOOK_SEARCH = ");
	write_object(ix, out);
	buf_adds(out, ";\n");
}

void search_index_write_part(const struct search_index *ix, struct buf *out)
{
	buf_adds(out, "/* generated by specbook: one part of the search index read by search.js */\n");
	buf_adds(out, "(window.SPECBOOK_SEARCH_PARTS = window.SPECBOOK_SEARCH_PARTS || []).push(");
	write_object(ix, out);
	buf_adds(out, ");\n");
}

/* ---- the split index ---- */

unsigned search_bucket(const char *term, size_t len)
{
	/* an ASCII term: its first two bytes; a CJK one: all of its bytes */
	size_t key = len;
	if (len && (unsigned char)term[0] < 0x80 && key > 2)
		key = 2;
	uint32_t h = 2166136261u;
	for (size_t k = 0; k < key; k++) {
		h ^= (unsigned char)term[k];
		h *= 16777619u;
	}
	return h % SEARCH_BUCKETS;
}

/* Numbers in postings, base 32, most significant digit first: the last
 * digit from FINAL, the others from MORE (search.js decodes them). */
static const char FINAL[] = "0123456789ABCDEFGHIJKLMNOPQRSTUV";
static const char MORE[] = "abcdefghijklmnopqrstuvwxyz!#$%&*";

static char *put_base32(char *o, unsigned long long n)
{
	char digits[16];
	size_t k = sizeof digits;
	digits[--k] = FINAL[n & 31];
	while ((n >>= 5))
		digits[--k] = MORE[n & 31];
	memcpy(o, digits + k, sizeof digits - k);
	return o + (sizeof digits - k);
}

/* Returns where the bytes that choose term's shard start: a title
 * ending (" ndwidth") goes into the shard of the ending, a phrase gram
 * ("ry ba") into that of what follows its space, the shard search.js
 * loads for the query's next word. */
static size_t shard_key(const char *term, size_t len)
{
	if (len && term[0] == ' ')
		return 1;
	const char *sp = memchr(term, ' ', len);
	return sp ? (size_t)(sp - term) + 1 : 0;
}

/* How hard the files' JSON is deflated: the index is written on the
 * thread that merges it, so for speed.  On the bench book's index (3 195
 * files, 37 MB of JSON) libdeflate's level 1 gives 7.0 MB in 0.10 s where
 * its level 6 gives 6.3 MB in 0.31 s and zlib's level 1 7.1 MB in 0.24 s;
 * on 10 000 chapters level 9 for the shards alone made the index 3%
 * smaller and the build's CPU time 19% longer. */
#define SEARCH_DEFLATE_LEVEL 1

static const char BASE64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/* Appends data[0..len) in base64 (RFC 4648, padded: what atob() reads). */
static void add_base64(struct buf *out, const unsigned char *data, size_t len)
{
	buf_grow(out, size_add(size_mul(len / 3 + 1, 4), 1));
	char *o = out->data + out->len;
	size_t k = 0;
	for (; k + 3 <= len; k += 3) {
		uint32_t v = (uint32_t)data[k] << 16 | (uint32_t)data[k + 1] << 8 | data[k + 2];
		*o++ = BASE64[v >> 18];
		*o++ = BASE64[v >> 12 & 63];
		*o++ = BASE64[v >> 6 & 63];
		*o++ = BASE64[v & 63];
	}
	if (k < len) {
		uint32_t v = (uint32_t)data[k] << 16 | (k + 1 < len ? (uint32_t)data[k + 1] << 8 : 0);
		*o++ = BASE64[v >> 18];
		*o++ = BASE64[v >> 12 & 63];
		*o++ = k + 1 < len ? BASE64[v >> 6 & 63] : '=';
		*o++ = '=';
	}
	out->len = (size_t)(o - out->data);
	out->data[out->len] = '\0';
}

/* Appends `call("name",k,"BASE64");` (no k when k < 0) to out, where
 * BASE64 is json deflated in zlib's format (what search.js's
 * DecompressionStream("deflate") reads), and empties json.  z is the
 * part's compressor, scratch a buffer for the deflated bytes. */
static void add_deflated(struct buf *out, const char *call, const char *name, long k,
			 struct buf *json, struct libdeflate_compressor *z, struct buf *scratch)
{
	size_t bound = libdeflate_zlib_compress_bound(z, json->len);
	scratch->len = 0;
	buf_grow(scratch, bound);
	size_t n = libdeflate_zlib_compress(z, json->data ? json->data : "", json->len,
					    scratch->data, bound);
	if (!n) {   /* cannot happen with the bound's room */
		fprintf(stderr, "specbook: fatal: cannot deflate a search file of %zu bytes\n", json->len);
		exit(2);
	}
	buf_adds(out, call);
	buf_addch(out, '(');
	add_json_str(out, name);
	if (k >= 0)
		buf_addf(out, ",%ld", k);
	buf_adds(out, ",\"");
	add_base64(out, (const unsigned char *)scratch->data, n);
	buf_adds(out, "\");\n");
	buf_reset(json);
}

void search_index_write_split(const struct search_index *ix, const char *name,
			      struct buf *meta, struct buf *shards, struct buf *docs)
{
	struct libdeflate_compressor *z = libdeflate_alloc_compressor(SEARCH_DEFLATE_LEVEL);
	if (!z) {
		fprintf(stderr, "specbook: fatal: out of memory\n");
		exit(2);
	}
	struct buf json = BUF_INIT, scratch = BUF_INIT;

	/* the part's head: its sections, their total length, the page of
	 * each run of sections, and each section's length */
	size_t total = 0;
	for (size_t k = 0; k < ix->ndocs; k++)
		total += ix->docs[k].units;
	buf_addf(&json, "{\"n\":%zu,\"l\":%zu,\"p\":[", ix->ndocs, total);
	for (size_t k = 0; k < ix->ndocs; k++) {
		if (k && ix->docs[k].page == ix->docs[k - 1].page)
			continue;
		buf_addf(&json, "%s%zu,%zu", k ? "," : "", ix->docs[k].page, k);
	}
	buf_adds(&json, "],\"s\":\"");
	buf_grow(&json, size_add(size_mul(ix->ndocs, 13), 4));
	for (size_t k = 0; k < ix->ndocs; k++) {
		const struct doc *d = &ix->docs[k];
		char *o = put_base32(json.data + json.len, d->units);
		json.len = (size_t)(o - json.data);
	}
	buf_adds(&json, "\"}");
	add_deflated(meta, "SPECBOOK_SEARCH_META", name, -1, &json, z, &scratch);

	struct sorted_term *sorted = xmalloc(size_mul(ix->nterms ? ix->nterms : 1, sizeof *sorted));
	for (size_t k = 0; k < ix->nterms; k++)
		sorted[k] = (struct sorted_term){ ix->words.data + ix->terms[k].text, ix->terms[k].len,
						  &ix->terms[k] };
	qsort(sorted, ix->nterms, sizeof *sorted, term_cmp);
	/* each shard's JSON first, in the shard's own buffer, then deflated */
	struct buf *plain = xcalloc(SEARCH_BUCKETS, sizeof *plain);
	for (size_t k = 0; k < ix->nterms; k++) {
		const struct term *t = sorted[k].term;
		size_t key = shard_key(sorted[k].text, sorted[k].len);
		struct buf *out = &plain[search_bucket(sorted[k].text + key, sorted[k].len - key)];
		buf_addch(out, out->len ? ',' : '[');
		add_json_string(out, sorted[k].text, sorted[k].len);
		const struct posting *ps = postings_of(t);
		/* two numbers of at most 13 digits a posting */
		buf_grow(out, size_add(size_mul(t->npostings, 26), 4));
		char *o = out->data + out->len;
		*o++ = ',';
		*o++ = '"';
		int gram = key > 1;   /* weight 0: one number, the step doubled + in title */
		for (size_t p = 0; p < t->npostings; p++) {
			unsigned long long step = p ? ps[p].doc - ps[p - 1].doc : ps[p].doc;
			if (gram) {
				o = put_base32(o, step * 2 + (ps[p].weight >> 31));
				continue;
			}
			o = put_base32(o, step);
			/* the weight doubled, + 1 when the term is in the title */
			o = put_base32(o, (unsigned long long)(ps[p].weight & ~IN_TITLE) * 2 +
					  (ps[p].weight >> 31));
		}
		*o++ = '"';
		out->len = (size_t)(o - out->data);
		out->data[out->len] = '\0';
	}
	free(sorted);
	for (unsigned b = 0; b < SEARCH_BUCKETS; b++) {
		buf_adds(&plain[b], plain[b].len ? "]" : "[]");
		add_deflated(&shards[b], "SPECBOOK_SEARCH_SHARD", name, (long)b, &plain[b], z, &scratch);
		buf_release(&plain[b]);
	}
	free(plain);

	for (size_t pg = 0; pg < ix->npages; pg++) {
		buf_adds(&json, "[[");
		add_json_str(&json, ix->pages[pg].path);
		buf_addch(&json, ',');
		const char *title = ix->pages[pg].title ? ix->pages[pg].title : "";
		add_json(&json, title, strlen(title), 1);
		buf_adds(&json, "],[");
		int first = 1;
		for (size_t k = 0; k < ix->ndocs; k++) {
			const struct doc *d = &ix->docs[k];
			if (d->page != pg)
				continue;
			buf_adds(&json, first ? "\n[" : ",\n[");
			first = 0;
			add_number(&json, k);
			buf_add(&json, ix->tails.data + d->tail, d->tail_len);
		}
		buf_adds(&json, "]]");
		add_deflated(&docs[pg], "SPECBOOK_SEARCH_DOCS", name, (long)pg, &json, z, &scratch);
	}
	libdeflate_free_compressor(z);
	buf_release(&json);
	buf_release(&scratch);
}

size_t search_index_npages(const struct search_index *ix)
{
	return ix->npages;
}

void search_index_free(struct search_index *ix)
{
	if (!ix)
		return;
	for (size_t k = 0; k < ix->nterms; k++)
		if (ix->terms[k].cap)
			free(ix->terms[k].p.many);
	buf_release(&ix->words);
	free(ix->terms);
	free(ix->slots);
	for (size_t k = 0; k < ix->npages; k++) {
		free(ix->pages[k].path);
		free(ix->pages[k].title);
	}
	free(ix->pages);
	free(ix->docs);
	buf_release(&ix->tails);
	free(ix);
}
