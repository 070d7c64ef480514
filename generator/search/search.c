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
#include "search/search.h"
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

#if defined(__SSE2__) && defined(__GNUC__)
#include <emmintrin.h>
#endif

/* Indexing does a few things for every term of a book: those are inline
 * (HOT: GCC's own choice made calls of them), and their slow paths are
 * functions of their own, kept out of the fast ones (COLD: inlined, they
 * made every call save and restore the registers they need, a third of
 * what a term cost). */
#define HOT static inline __attribute__((always_inline))
#define COLD static __attribute__((noinline))

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
 * term's bytes go into the index's words buffer and its first postings
 * into the index's pool of postings, so that adding a term or a posting
 * costs no allocation (a malloc() and free() per term were a tenth of the
 * indexing).  A term's postings are one block of the pool, cap long (a
 * power of two); a full block moves to one twice as long and is kept for
 * the next term that needs one of its size.  In an index that merges
 * chapters (a part's, on the main thread), a term past POOL_MAX postings
 * gets a block of its own, grown by realloc(): there the pool's blocks
 * took twice the memory of the postings in them, a tenth of a build's
 * peak. */
#define POOL_MAX 8
/* The first block of a term's own (postings_reserve()) */
#define OWN_FIRST 64
/* The first block of a term in a chapter's index: a chapter has about
 * eight sections, and with 4 a term found in more than four of them moved
 * once or twice (search_index_add() 431.96 -> 411.69 million
 * instructions on the 300-chapter bench book; with 16, 412.9; with
 * 32, 413.7) */
#define CHAPTER_FIRST 8
struct term {
	uint64_t hash;              /* see term_hash() */
	size_t text;                /* offset of its bytes (NUL-terminated) in words */
	size_t len, npostings, cap;
	int own;                    /* 1: its postings are p.own, else p.at */
	union {
		size_t at;          /* its block's offset in the pool */
		struct posting *own;   /* malloc'd, cap of them */
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
	struct posting *pool;       /* every term's postings */
	size_t npool, pool_cap;
	size_t pool_max;            /* longest block of the pool: POOL_MAX once merging */
	size_t free_blocks[64];     /* [k]: a block of 2^k postings left by a
	                               term that grew (offset + 1; 0: none),
	                               its first posting the next one's */
	size_t *slots;              /* hash table of (term index + 1) * sizeof (struct
	                               term), where the term ends in terms (a probe
	                               adds it, not multiplies); 0: empty */
	size_t nslots;              /* a power of two, more than four times nterms
	                               (twice: search_index_add() 377.6 million
	                               instructions on the 300-chapter bench
	                               book, four times: 374.5) */
	struct page *pages;
	size_t npages, pages_cap;
	struct doc *docs;
	size_t ndocs, docs_cap;
	struct buf tails;           /* every doc's escaped JSON after its page */
};

/* ---- tokenizer -------------------------------------------------------- */

/* Each ASCII letter or digit, lowercased; 0 for every other byte below
 * 0x80.  A table: the tokenizer asks it of every ASCII byte. */
static const unsigned char WORD_CHAR[128] = {
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	'0', '1', '2', '3', '4', '5', '6', '7', '8', '9', 0, 0, 0, 0, 0, 0,
	0, 'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'l', 'm', 'n', 'o',
	'p', 'q', 'r', 's', 't', 'u', 'v', 'w', 'x', 'y', 'z', 0, 0, 0, 0, 0,
	0, 'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'l', 'm', 'n', 'o',
	'p', 'q', 'r', 's', 't', 'u', 'v', 'w', 'x', 'y', 'z', 0, 0, 0, 0, 0,
};

static int is_ascii_digit(uint32_t c)
{
	return c >= '0' && c <= '9';
}

static int is_space(unsigned char c)
{
	return c == ' ' || (c >= '\t' && c <= '\r');
}

/* Returns 1 if s[i] is an ASCII digit and i < len. */
static int digit_at(const char *s, size_t len, size_t i)
{
	return i < len && is_ascii_digit((unsigned char)s[i]);
}

/* Returns 1 if the word s[from..to) is all digits (and the ',' of
 * thousands dropped from it). */
static int all_digits(const char *s, size_t from, size_t to)
{
	for (size_t k = from; k < to; k++)
		if (!is_ascii_digit((unsigned char)s[k]) && s[k] != ',')
			return 0;
	return 1;
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

/* Returns the bytes s[0..n) (n <= 8) as one number, byte k at bits 8k. */
static uint64_t bytes_word(const char *s, size_t n)
{
	uint64_t w = 0;
	for (size_t k = 0; k < n; k++)
		w |= (uint64_t)(unsigned char)s[k] << (8 * k);
	return w;
}

/* Returns the eight bytes at s as one number, byte k at bits 8k (the
 * order bytes_word() and the word's register keep). */
static inline uint64_t load_bytes8(const char *s)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	uint64_t w;
	memcpy(&w, s, sizeof w);
	return w;
#else
	return bytes_word(s, 8);
#endif
}

/* Returns the four bytes at s as one number, byte k at bits 8k. */
static inline uint32_t load_bytes4(const char *s)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	uint32_t w;
	memcpy(&w, s, sizeof w);
	return w;
#else
	return (uint32_t)bytes_word(s, 4);
#endif
}

/* Returns the eight bytes at text[i..len) as load_bytes8() reads them,
 * with NULs for those past len. */
static inline uint64_t read_bytes8(const char *text, size_t len, size_t i)
{
	if (len - i >= 8)
		return load_bytes8(text + i);
	char tail[8] = { 0 };
	memcpy(tail, text + i, len - i);
	return load_bytes8(tail);
}

/* Writes w's eight bytes at s, as load_bytes8() reads them. */
static inline void store_bytes8(char *s, uint64_t w)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	memcpy(s, &w, sizeof w);
#else
	for (int k = 0; k < 8; k++)
		s[k] = (char)(w >> (8 * k));
#endif
}

/* The high bit of each byte of x (bytes as load_bytes8() reads them) that
 * is an ASCII letter or digit, WORD_CHAR[]'s bytes; every other bit zero.
 * Each test adds to the byte's low seven bits a number that carries into
 * its high bit from the bound on, and never out of the byte. */
static inline uint64_t word_bytes(uint64_t x)
{
	const uint64_t ones = 0x0101010101010101ULL, high = ones << 7;
	uint64_t a = x & ~high;
	uint64_t y = a | ones * 0x20;   /* letters lowercased */
	uint64_t letter = (y + ones * (0x80 - 'a')) & ~(y + ones * (0x80 - 'z' - 1));
	uint64_t digit = (a + ones * (0x80 - '0')) & ~(a + ones * (0x80 - '9' - 1));
	return (letter | digit) & ~x & high;
}

/*
 * Where the tokenizer's terms go: a search_tokenize() caller's function,
 * or the index a section is being added to.  Terms are handed on with,
 * when they are at most 8 bytes long, those bytes as one number (byte k at
 * bits 8k, the rest zero), put together in a register as the term is
 * read: the index hashes short terms from it.  (Hashing the bytes in
 * memory just after writing them stalled on every term: the reads could
 * not be served from the stores.)
 */
struct sink {
	search_emit_fn *emit;       /* non-NULL: search_tokenize()'s caller */
	void *ctx;
	struct search_index *ix;    /* else the index, and: */
	uint32_t doc;               /* the section being added */
	uint32_t weight;            /* what each occurrence adds */
	uint32_t flag;              /* IN_TITLE in the title */
};

/* What the tokenizer reads, a constant in each of its three copies (a
 * test of it for every term was 1% of the tokenizer): a section's text,
 * its title (whose ASCII words also give their endings), or a
 * search_tokenize() caller's text (no phrase grams, no index). */
enum sink_into { INTO_TEXT, INTO_TITLE, INTO_EMIT };

HOT void index_term(struct search_index *ix, const char *text, size_t len,
		    uint64_t word, uint32_t doc, uint32_t weight);
static void add_title_endings(const struct sink *k, const char *text, size_t len);

/* Hands on one term, text[0..len) (not NUL-terminated).  The tokenizer
 * passes k's fields as well, held where they are not read again for
 * every term (the postings it writes could be them, for the compiler). */
HOT void sink_term(const struct sink *k, struct search_index *ix, uint32_t doc, uint32_t weight,
		   enum sink_into into, const char *text, size_t len, uint64_t word)
{
	if (into == INTO_EMIT) {
		char term[SEARCH_WORD_MAX + 1];
		memcpy(term, text, len);
		term[len] = '\0';
		k->emit(k->ctx, term, len);
		return;
	}
	index_term(ix, text, len, word, doc, weight);
	if (into == INTO_TITLE)
		add_title_endings(k, text, len);
}

/* Appends the word character of n bytes at s to gram at g as search.js
 * reads it (ASCII lowercased) and returns the end. */
static size_t gram_put(char *gram, size_t g, const char *s, size_t n)
{
	if (n == 1) {
		gram[g] = (char)WORD_CHAR[(unsigned char)s[0]];
		return g + 1;
	}
	memcpy(gram + g, s, n);
	return g + n;
}

/* Returns the length of the word character (ASCII letter or digit, CJK
 * letter) at s[i] (i < len), or 0 if there is none. */
static size_t word_char_at(const char *s, size_t len, size_t i)
{
	const unsigned char *u = (const unsigned char *)s + i;
	if (u[0] < 0x80)
		return WORD_CHAR[u[0]] != 0;
	if (u[0] - 0xE5u <= 4 && len - i >= 3 && (u[1] & 0xC0) == 0x80 && (u[2] & 0xC0) == 0x80)
		return 3;   /* U+5000–U+9FFF, Han (as cjk_letter_at()) */
	uint32_t cp;
	int n = utf8_decode_fast(s + i, len - i, &cp);
	return n > 0 && is_cjk_letter(cp) ? (size_t)n : 0;
}

/* Returns the length of the word character that ends at s[end] and starts
 * at from or after, or 0 if there is none (what ends there is not one, or
 * not a whole character).  UTF-8 resynchronises on every lead byte, so a
 * valid sequence found looking back is the one a reader from the front
 * finds. */
static size_t word_char_before(const char *s, size_t from, size_t end)
{
	if (end <= from)
		return 0;
	const unsigned char *u = (const unsigned char *)s;
	if (u[end - 1] < 0x80)
		return WORD_CHAR[u[end - 1]] != 0;
	if (end - from >= 3 && u[end - 3] - 0xE5u <= 4 && (u[end - 2] & 0xC0) == 0x80 &&
	    (u[end - 1] & 0xC0) == 0x80)
		return 3;   /* U+5000–U+9FFF, Han */
	size_t at = end - 1;
	while (at > from && end - at < 4 && ((unsigned char)s[at] & 0xC0) == 0x80)
		at--;
	uint32_t cp;
	int n = utf8_decode_fast(s + at, end - at, &cp);
	return n > 0 && (size_t)n == end - at && is_cjk_letter(cp) ? (size_t)n : 0;
}

/* Indexes the gram of ASCII "ab cd", its five bytes as one number (byte k
 * at bits 8k).  Out of line, and add_gram()'s tests in tokenize(): a
 * third of the runs of space give no gram, and a call that gives none
 * saved and restored the registers adding a term needs (most grams are
 * new terms). */
COLD void index_gram5(const struct sink *k, uint64_t word)
{
	char gram[8];
	store_bytes8(gram, word);
	index_term(k->ix, gram, 5, word, k->doc, k->flag);
}

/* add_gram() for all other characters. */
COLD void add_gram_slow(const struct sink *k, const char *s, size_t len, size_t from, size_t sp,
			size_t after)
{
	size_t n2 = word_char_before(s, from, sp);
	size_t n1 = n2 ? word_char_before(s, from, sp - n2) : 0;
	if (!n1 || after >= len)
		return;
	size_t n3 = word_char_at(s, len, after);
	size_t n4 = n3 && after + n3 < len ? word_char_at(s, len, after + n3) : 0;
	if (!n4)
		return;
	char gram[4 * 4 + 2];
	size_t g = gram_put(gram, 0, s + sp - n2 - n1, n1);
	g = gram_put(gram, g, s + sp - n2, n2);
	gram[g++] = ' ';
	g = gram_put(gram, g, s + after, n3);
	g = gram_put(gram, g, s + after + n3, n4);
	index_term(k->ix, gram, g, g <= 8 ? bytes_word(gram, g) : 0, k->doc, k->flag);
}

/*
 * The phrase gram across the run of space s[sp..after): the two characters
 * before it (after from, the end of the run of space before) and the two
 * after it, when all four are word characters ("memory bandwidth" gives
 * "ry ba"; "TB/s, 3" none), as search.js sees the text (space runs one
 * space, ASCII lowercased).  A query of words typed apart can be in a
 * section's text or title as written only if its own gram is there, so
 * search.js knows without loading a section whether a phrase boost could
 * lift it.  Grams hold a space and no word does; they are written in the
 * shards only, with weight 0.
 */
HOT void add_gram(const struct sink *k, const char *s, size_t len, size_t from, size_t sp,
		  size_t after)
{
	/* most grams are of ASCII either side: read from the bytes at once,
	 * in tokenize()'s loop (a third of its spaces give none) */
	if (sp >= from + 2 && after + 1 < len) {
		const unsigned char *u = (const unsigned char *)s;
		unsigned char a = u[sp - 2], b = u[sp - 1], c = u[after], d = u[after + 1];
		if ((a | b | c | d) < 0x80) {
			a = WORD_CHAR[a];
			b = WORD_CHAR[b];
			c = WORD_CHAR[c];
			d = WORD_CHAR[d];
			if (a && b && c && d)
				index_gram5(k, a | (uint64_t)b << 8 | (uint64_t)' ' << 16 |
					       (uint64_t)c << 24 | (uint64_t)d << 32);
			return;
		}
		/* an ASCII byte either side of the space that is no letter or
		 * digit: none (as add_gram_slow() would find) */
		if ((b < 0x80 && !WORD_CHAR[b]) || (c < 0x80 && !WORD_CHAR[c]))
			return;
	}
	add_gram_slow(k, s, len, from, sp, after);
}

/*
 * Reads the ASCII word that starts at text[i] (a letter or digit): its
 * letters and digits, lowercased, a '.' between two digits (a decimal
 * number) and, dropped, a ',' before exactly three digits in a number
 * (thousands).  Hands it on unless it is longer than SEARCH_WORD_MAX
 * (judged on the whole word, as search.js does) and returns where it
 * ends.  The word's state lives here, not in tokenize()'s loop: there it
 * was carried, and tested, over every character of the text.
 */
HOT size_t read_word(const struct sink *k, struct search_index *ix, uint32_t doc,
		     uint32_t weight, enum sink_into into, const char *text, size_t len, size_t i)
{
	char word[SEARCH_WORD_MAX + 8];   /* room for a write of 8 bytes at wlen < MAX */
	size_t wlen = 0;
	/* the word's last 8 bytes, the last at bits 56-63: shifted down at
	 * the end, the word's bytes as one number if it has 8 or fewer */
	uint64_t wword = 0;
	int too_long = 0;
	const size_t wstart = i;
	/* eight bytes at a time: most words are one read */
	uint64_t x = read_bytes8(text, len, i);
	uint64_t m = word_bytes(x);
	uint64_t stop = ~m & 0x8080808080808080ULL;
	size_t n = stop ? (size_t)__builtin_ctzll(stop) >> 3 : 8;
	if (n - 1 < 7) {
		/* most words: 1 to 7 bytes, and what ends them (the byte
		 * after, in x) is neither '.' nor ',' */
		unsigned char end = (unsigned char)(x >> (8 * n));
		if (end != '.' && end != ',') {
			uint64_t low = (x | m >> 2) & ~(~0ULL << (8 * n));
			store_bytes8(word, low);
			sink_term(k, ix, doc, weight, into, word, n, low);
			return i + n;
		}
	}
	if (!n)   /* not a word byte after all: WORD_CHAR[] and word_bytes() differ */
		return i + 1;
	for (;;) {
		if (i != wstart) {
			x = read_bytes8(text, len, i);
			m = word_bytes(x);
			stop = ~m & 0x8080808080808080ULL;
			n = stop ? (size_t)__builtin_ctzll(stop) >> 3 : 8;
		}
		if (n) {
			/* 0x20 lowercases a letter and is set in a digit; the
			 * bytes read past the word go out of wword at the top,
			 * and into word past wlen */
			uint64_t low = x | m >> 2;
			wword = wword >> (8 * n - 8) >> 8 | low << (64 - 8 * n);
			if (wlen < SEARCH_WORD_MAX)
				store_bytes8(word + wlen, low);
			wlen += n;
			if (wlen > SEARCH_WORD_MAX) {
				wlen = SEARCH_WORD_MAX;
				too_long = 1;
			}
			i += n;
			if (n == 8)
				continue;
		}
		/* text[i] is no letter or digit: '.' between digits goes on
		 * the word (the one before it is the word's last) */
		if (i < len && text[i] == '.' && is_ascii_digit((unsigned char)text[i - 1]) &&
		    digit_at(text, len, i + 1)) {
			wword = wword >> 8 | (uint64_t)'.' << 56;
			if (wlen < SEARCH_WORD_MAX)
				word[wlen++] = '.';
			else
				too_long = 1;
			i++;
			continue;
		}
		/* ',' before exactly three digits in a number: thousands */
		if (i < len && text[i] == ',' && digit_at(text, len, i + 1) &&
		    digit_at(text, len, i + 2) && digit_at(text, len, i + 3) &&
		    !digit_at(text, len, i + 4) && all_digits(text, wstart, i)) {
			i++;
			continue;
		}
		break;
	}
	if (!too_long)
		sink_term(k, ix, doc, weight, into, word, wlen,
			  wlen <= 8 ? wword >> (8 * (8 - wlen)) : 0);
	return i;
}

/* Returns 1 if the character at text[i] (i < len, not ASCII but for a NUL)
 * is a CJK letter; *n is its length, or, if it is no CJK letter, how far
 * to step past it (invalid UTF-8 separates too, a byte at a time). */
HOT int cjk_letter_at(const char *text, size_t len, size_t i, size_t *n)
{
	const unsigned char *u = (const unsigned char *)text + i;
	if (u[0] >= 0xE5 && u[0] <= 0xE9 && len - i >= 3 && (u[1] & 0xC0) == 0x80 &&
	    (u[2] & 0xC0) == 0x80) {
		*n = 3;   /* U+5000–U+9FFF: Han, most of a Chinese text */
		return 1;
	}
	uint32_t cp = 0;
	int r = utf8_decode_fast(text + i, len - i, &cp);
	*n = r > 0 ? (size_t)r : 1;
	return r > 0 && is_cjk_letter(cp);
}

/*
 * Reads the run of CJK letters whose first, of n bytes, is at text[i]:
 * hands on the pair each letter after the first ends (both whole
 * characters of text, valid UTF-8), then the run's last letter as a term
 * of its own (no pair starts with it).  Returns where the run ends, past
 * the character that ends it unless that is ASCII (tokenize() reads it).
 */
HOT size_t read_cjk_run(const struct sink *k, struct search_index *ix, uint32_t doc,
			uint32_t weight, enum sink_into into, const char *text, size_t len, size_t i,
			size_t n)
{
	const unsigned char *u = (const unsigned char *)text;
	size_t prev = i;   /* the letter before, n bytes */
	/* its bytes as one number; CJK: 3 or 4 bytes */
	uint64_t prevword = u[i] | (uint64_t)u[i + 1] << 8 | (uint64_t)u[i + 2] << 16 |
			    (n == 4 ? (uint64_t)u[i + 3] << 24 : 0);
	i += n;
	for (;;) {
		size_t m;
		uint64_t curword;
		uint32_t x;
		/* most letters are Han of three bytes (cjk_letter_at()): one
		 * read of four tells (a lead, so not ASCII), and gives the
		 * letter's bytes */
		if (len - i >= 4 && (x = (uint32_t)load_bytes4(text + i),
				     (x & 0xC0C000) == 0x808000 && (x & 0xFF) - 0xE5 <= 4)) {
			m = 3;
			curword = x & 0xFFFFFF;
		} else if (i >= len || u[i] < 0x80) {
			break;
		} else if (!cjk_letter_at(text, len, i, &m)) {
			i += m;
			break;
		} else {
			curword = u[i] | (uint64_t)u[i + 1] << 8 | (uint64_t)u[i + 2] << 16 |
				  (m == 4 ? (uint64_t)u[i + 3] << 24 : 0);
		}
		sink_term(k, ix, doc, weight, into, text + prev, n + m, prevword | curword << (8 * n));
		prev = i;
		n = m;
		prevword = curword;
		i += m;
	}
	sink_term(k, ix, doc, weight, into, text + prev, n, prevword);
	return i;
}

/*
 * Splits text[0..len) into the terms of search_tokenize() and hands them to
 * k, in one pass: into an index also the phrase grams (add_gram()), each
 * found at its run of space.
 */
HOT void tokenize(const char *text, size_t len, const struct sink *k, enum sink_into into)
{
	size_t run = 0;              /* where the text after the last space starts */
	struct search_index *ix = into == INTO_EMIT ? NULL : k->ix;
	const uint32_t doc = k->doc, weight = k->weight | k->flag;
	const int grams = into != INTO_EMIT;

	if (!text)
		return;
	size_t i = 0;
	while (i < len) {
		unsigned char c = (unsigned char)text[i];
		if (c - 1u < 0x7Fu) {   /* ASCII but NUL (a NUL is decoded: a separator) */
			if (WORD_CHAR[c]) {
				i = read_word(k, ix, doc, weight, into, text, len, i);
				continue;
			}
			i++;
			if (grams && is_space(c)) {
				size_t at = i - 1;
				while (i < len && is_space((unsigned char)text[i]))
					i++;
				add_gram(k, text, len, run, at, i);
				run = i;
			}
			continue;
		}
		size_t n;
		if (cjk_letter_at(text, len, i, &n))
			i = read_cjk_run(k, ix, doc, weight, into, text, len, i, n);
		else
			i += n;
	}
}

/* The tokenizer's copies for a section's text and its title. */
static void tokenize_text(const char *text, size_t len, const struct sink *k)
{
	tokenize(text, len, k, INTO_TEXT);
}

static void tokenize_title(const char *text, size_t len, const struct sink *k)
{
	tokenize(text, len, k, INTO_TITLE);
}

void search_tokenize(const char *text, size_t len, search_emit_fn *emit, void *ctx)
{
	struct sink k = { .emit = emit, .ctx = ctx };
	tokenize(text, len, &k, INTO_EMIT);
}

/* ---- the index -------------------------------------------------------- */

struct search_index *search_index_new(void)
{
	struct search_index *ix = xcalloc(1, sizeof *ix);
	buf_init(&ix->tails);
	buf_init(&ix->words);
	ix->nslots = 1024;   /* a power of two, never full (term_add()) */
	ix->pool_max = SIZE_MAX;
	ix->slots = xcalloc(ix->nslots, sizeof *ix->slots);
	return ix;
}

/* A term of up to 8 bytes is hashed from its bytes as one number (see
 * struct sink); longer ones by pack_hash().  The mixing is a bijection,
 * so two short terms of the same length with the same hash are the same
 * term. */
static uint64_t hash_word(uint64_t w)
{
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
		ix->slots[s] = (t + 1) * sizeof *ix->terms;
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

static size_t pool_take(struct search_index *ix, size_t cap, int class);

/* Adds the term text[0..len) of hash h in the empty slot s, with room for
 * its first postings, and returns it. */
COLD struct term *term_add(struct search_index *ix, const char *text, size_t len,
				  uint64_t h, size_t s)
{
	/* a quarter of a million terms for 300 chapters: the calls and
	 * checks of ARRAY_PUSH(), buf_add() and postings_reserve() only when
	 * something is full */
	if (ix->nterms == ix->terms_cap)
		array_grow((void **)&ix->terms, &ix->terms_cap, ix->nterms + 1, sizeof *ix->terms);
	struct term *t = &ix->terms[ix->nterms++];
	t->hash = h;
	t->text = ix->words.len;
	t->own = 0;
	t->len = len;
	t->npostings = 0;
	if (len + 1 >= ix->words.cap - ix->words.len || !ix->words.cap)   /* the bytes and a NUL */
		buf_grow(&ix->words, len + 1);
	char *to = ix->words.data + ix->words.len;
	if (len - 4 <= 4) {   /* 4 to 8 bytes, most terms: two copies that may overlap, no call */
		memcpy(to, text, 4);
		memcpy(to + len - 4, text + len - 4, 4);
	} else {
		memcpy(to, text, len);
	}
	to[len] = '\0';
	ix->words.len += len + 1;
	to[len + 1] = '\0';
	ix->slots[s] = ix->nterms * sizeof *ix->terms;
	if (ix->nterms >= ix->nslots / 4)   /* load < 1/4 */
		rehash(ix, size_mul(ix->nslots, 2));
	/* its first block: CHAPTER_FIRST postings in a chapter's index, 1
	 * in a merging one (most terms have one posting there) */
	size_t cap = ix->pool_max == POOL_MAX ? 1 : CHAPTER_FIRST;
	int class = __builtin_ctzll(cap);
	t->cap = cap;
	if (!ix->free_blocks[class] && ix->pool_cap - ix->npool >= cap) {   /* most: no call */
		t->p.at = ix->npool;
		ix->npool += cap;
	} else {
		t->p.at = pool_take(ix, cap, class);
	}
	return t;
}

/* Returns the term's entry, adding it when new; h is its hash (term_hash()). */
HOT struct term *term_get_hashed(struct search_index *ix, const char *text, size_t len,
				 uint64_t h)
{
	size_t mask = ix->nslots - 1;
	size_t s = (size_t)h & mask;
	for (size_t e; (e = ix->slots[s]); s = (s + 1) & mask) {
		/* the stored hash settles most probes without reading the text */
		struct term *t = (struct term *)((char *)ix->terms + e) - 1;
		if (t->hash == h && t->len == len &&
		    (len <= 8 || same_bytes(ix->words.data + t->text, text, len)))
			return t;
	}
	return term_add(ix, text, len, h, s);
}

/* The postings of t. */
static struct posting *postings_of(const struct search_index *ix, const struct term *t)
{
	return t->own ? t->p.own : ix->pool + t->p.at;
}

/* Returns the offset of a block of cap postings (a power of two) in the
 * pool: one a term left, or a new one at the pool's end. */
static size_t pool_take(struct search_index *ix, size_t cap, int class)
{
	size_t at = ix->free_blocks[class];
	if (at--) {
		const struct posting *link = &ix->pool[at];
		ix->free_blocks[class] = (size_t)link->doc | (size_t)link->weight << 16 << 16;
		return at;
	}
	size_t need = size_add(ix->npool, cap);
	if (need > ix->pool_cap) {
		size_t pcap = ix->pool_cap ? ix->pool_cap : 4096;
		while (pcap < need)
			pcap = size_mul(pcap, 2);
		ix->pool = xrealloc(ix->pool, size_mul(pcap, sizeof *ix->pool));
		ix->pool_cap = pcap;
	}
	at = ix->npool;
	ix->npool = need;
	return at;
}

/* Makes room for n more postings of t (see struct term). */
COLD void postings_reserve(struct search_index *ix, struct term *t, size_t n)
{
	size_t want = t->npostings + n;   /* n: postings that exist */
	if (want <= t->cap)
		return;
	size_t cap = size_mul(t->cap, 2);   /* a term has its first block (term_add()) */
	while (cap < want)
		cap = size_mul(cap, 2);
	int class = __builtin_ctzll(cap);
	if (t->own) {
		t->p.own = xrealloc(t->p.own, size_mul(cap, sizeof *t->p.own));
		t->cap = cap;
		return;
	}
	struct posting *to;
	if (cap <= ix->pool_max) {
		size_t at = pool_take(ix, cap, class);   /* may move the pool */
		to = ix->pool + at;
	} else {
		/* a term past POOL_MAX in a part is a common word: it will have
		 * many more, and each realloc() to double it cost more than
		 * its copy (a quarter of the merge) */
		if (cap < OWN_FIRST)
			cap = OWN_FIRST;
		to = xmalloc(size_mul(cap, sizeof *to));
	}
	const struct posting *from = ix->pool + t->p.at;
	for (size_t k = 0; k < t->npostings; k++)   /* a few: a loop, not a call */
		to[k] = from[k];
	/* the block left, for the next term of its size */
	struct posting *left = ix->pool + t->p.at;
	int old = __builtin_ctzll(t->cap);
	size_t next = ix->free_blocks[old];
	left->doc = (uint32_t)next;
	left->weight = (uint32_t)(next >> 16 >> 16);
	ix->free_blocks[old] = t->p.at + 1;
	if (cap <= ix->pool_max) {
		t->p.at = (size_t)(to - ix->pool);
	} else {
		t->p.own = to;
		t->own = 1;
	}
	t->cap = cap;
}

/* The hash term_get_hashed() is given for text[0..len), whose bytes are
 * word when len <= 8. */
static uint64_t term_hash_of(const char *text, size_t len, uint64_t word)
{
	return len <= 8 ? hash_word(word) : pack_hash(PACK_HASH_INIT, text, len);
}

/* Counts one occurrence of a term in section doc: weight, with IN_TITLE
 * when it is in the title.  Sections are added in order, so a term's
 * postings stay sorted by section: a repeat in the same section adds to
 * the last posting's weight. */
HOT void index_term(struct search_index *ix, const char *text, size_t len,
		    uint64_t word, uint32_t doc, uint32_t weight)
{
	struct term *t = term_get_hashed(ix, text, len, term_hash_of(text, len, word));
	size_t n = t->npostings;
	struct posting *ps = postings_of(ix, t);
	if (n && ps[n - 1].doc == doc) {
		ps[n - 1].weight = (ps[n - 1].weight + (weight & ~IN_TITLE)) | (weight & IN_TITLE);
		return;
	}
	if (n == t->cap) {
		postings_reserve(ix, t, 1);
		ps = postings_of(ix, t);
	}
	ps[n] = (struct posting){ doc, weight };
	t->npostings = n + 1;
}

/* A title's ASCII word also gives its endings of two bytes or more, each
 * after a space (" ndwidth" … " th" of "bandwidth"), with the title flag:
 * a query word may stand in a title inside a longer word ("band" in
 * "InfiniBand"), and search.js finds those sections from these without
 * loading them.  They sort before every term and are written only in the
 * split index's shards, in the shard of the ending itself. */
static void add_title_endings(const struct sink *k, const char *text, size_t len)
{
	if ((unsigned char)text[0] >= 0x80 || len < 3)
		return;
	char end[SEARCH_WORD_MAX + 2];
	end[0] = ' ';
	for (size_t i = 1; i + 2 <= len; i++) {
		size_t n = len - i + 1;
		memcpy(end + 1, text + i, len - i);
		index_term(k->ix, end, n, n <= 8 ? bytes_word(end, n) : 0, k->doc, k->flag);
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

static size_t add_json(struct buf *out, const char *s, size_t len, int collapse);
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
	d->units = add_json(&ix->tails, title, tlen, 1);
	buf_addch(&ix->tails, ',');
	d->units += add_json(&ix->tails, text, xlen, 1);
	buf_addch(&ix->tails, ']');
	d->tail_len = ix->tails.len - d->tail;

	/* whitespace only separates terms: collapsing it changes none */
	struct sink k = { .ix = ix, .doc = (uint32_t)(ix->ndocs - 1), .weight = SEARCH_TITLE_WEIGHT,
			  .flag = IN_TITLE };
	tokenize_title(title, tlen, &k);
	k.weight = 1;
	k.flag = 0;
	tokenize_text(text, xlen, &k);
	arena_free(&sup);
}

/* ---- packing an index to merge it on another thread ---- */

/*
 * A packed chapter (search_index_pack()).  Every number but the seal and
 * the terms' hashes is a varint: seven bits a byte, low bits first, the
 * top bit saying more follow, at most VARINT_MAX bytes.
 *
 *   seal     PACK_SEAL bytes: pack_hash_block() of every byte after it,
 *            made once, with the bytes, on the rendering thread; the build
 *            cache keeps a record as it is, and search_index_check_packed()
 *            refuses one whose seal does not match (damage is a miss)
 *   pages    count, then each page's path and title: length + 1 (0 for
 *            none), then the bytes
 *   docs     count, then each section's page, tail length and units
 *   tails    length, then the sections' tails one after another
 *   terms    count, then each term's length (one byte: at most
 *            SEARCH_WORD_MAX), bytes and hash (8 bytes, as
 *            index_term() made it: merging does not hash again), its count
 *            of postings times two, plus 1 when each posting is two bytes,
 *            and the postings: the section's number and the weight rotated
 *            left by one bit (IN_TITLE becomes the low bit), as two bytes
 *            (most terms: sections and weights below 256) or as two varints
 *
 * Varints, not 32-bit numbers: most counts, sections and weights are
 * small, and a record is written to the cache and read back by the main
 * thread of every build; with four bytes a number it was 76 KB a chapter,
 * three times the chapter.  Postings of two bytes, flagged once a term:
 * the main thread merges them in a loop without a test (a varint each
 * made merging a tenth slower than copying 32-bit numbers).
 */
#define PACK_SEAL 8
#define VARINT_MAX 5   /* the bytes of a 32-bit number */
_Static_assert(SEARCH_WORD_MAX < 0x80, "a term's length is one byte of a packed index");

static inline unsigned char *put_varint(unsigned char *o, uint32_t v)
{
	while (v >= 0x80) {
		*o++ = (unsigned char)(v | 0x80);
		v >>= 7;
	}
	*o++ = (unsigned char)v;
	return o;
}

static unsigned char *put_string(unsigned char *o, const char *s)
{
	if (!s)
		return put_varint(o, 0);
	size_t n = strlen(s);
	o = put_varint(o, (uint32_t)n + 1);
	memcpy(o, s, n);
	return o + n;
}

/* A weight as a posting is packed, and back. */
static inline uint32_t weight_pack(uint32_t w)
{
	return w << 1 | w >> 31;
}

static inline uint32_t weight_unpack(uint32_t v)
{
	return v >> 1 | v << 31;
}

/* Empties ix and keeps its memory: a rendering thread indexes chapter
 * after chapter in one index, whose tables are then grown only once. */
static void index_clear(struct search_index *ix)
{
	/* each term's slot emptied, found as term_get_hashed() found it: the
	 * table is as large as the largest chapter's, most chapters have
	 * fewer terms (clearing the whole of it cost twice as much) */
	size_t mask = ix->nslots - 1;
	for (size_t k = 0; k < ix->nterms; k++) {
		const struct term *t = &ix->terms[k];
		if (t->own)
			free(t->p.own);
		size_t s = (size_t)t->hash & mask, e = (k + 1) * sizeof *ix->terms;
		while (ix->slots[s] != e)   /* (every term has a slot) */
			s = (s + 1) & mask;
		ix->slots[s] = 0;
	}
	ix->nterms = 0;
	ix->npool = 0;
	memset(ix->free_blocks, 0, sizeof ix->free_blocks);
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
	/* room for the longest numbers: a record is made and freed once */
	size_t room = PACK_SEAL + VARINT_MAX * (4 + 2 * ix->npages + 3 * ix->ndocs) + ix->tails.len;
	for (size_t k = 0; k < ix->npages; k++)
		room += (ix->pages[k].path ? strlen(ix->pages[k].path) : 0) +
			(ix->pages[k].title ? strlen(ix->pages[k].title) : 0);
	/* each term's length, count and hash, its bytes (words holds them
	 * with a NUL each), and its postings (the pool's blocks hold several
	 * times as many as are used) */
	room += ix->nterms * (2 * VARINT_MAX + sizeof(uint64_t)) + ix->words.len;
	for (size_t k = 0; k < ix->nterms; k++)
		room += ix->terms[k].npostings * 2 * VARINT_MAX;
	unsigned char *data = xmalloc(room + 1), *o = data + PACK_SEAL;
	o = put_varint(o, (uint32_t)ix->npages);
	for (size_t k = 0; k < ix->npages; k++) {
		o = put_string(o, ix->pages[k].path);
		o = put_string(o, ix->pages[k].title);
	}
	o = put_varint(o, (uint32_t)ix->ndocs);
	for (size_t k = 0; k < ix->ndocs; k++) {
		const struct doc *d = &ix->docs[k];
		o = put_varint(o, (uint32_t)d->page);
		o = put_varint(o, (uint32_t)d->tail_len);
		o = put_varint(o, (uint32_t)d->units);
	}
	o = put_varint(o, (uint32_t)ix->tails.len);
	if (ix->tails.len)
		memcpy(o, ix->tails.data, ix->tails.len);
	o += ix->tails.len;
	o = put_varint(o, (uint32_t)ix->nterms);
	for (size_t k = 0; k < ix->nterms; k++) {
		const struct term *t = &ix->terms[k];
		if (t->len > SEARCH_WORD_MAX) {   /* the tokenizer keeps terms shorter */
			fprintf(stderr, "specbook: fatal: a search term of %zu bytes\n", t->len);
			exit(2);
		}
		*o++ = (unsigned char)t->len;
		memcpy(o, ix->words.data + t->text, t->len);
		o += t->len;
		memcpy(o, &t->hash, sizeof t->hash);
		o += sizeof t->hash;
		size_t np = t->npostings;
		const struct posting *ps = postings_of(ix, t);
		/* two bytes each, then as varints if one did not fit */
		unsigned char *count = o;
		o = put_varint(o, (uint32_t)(2 * np + 1));
		uint32_t wide = 0;
		for (size_t j = 0; j < np; j++) {
			uint32_t w = weight_pack(ps[j].weight);
			wide |= ps[j].doc | w;
			o[2 * j] = (unsigned char)ps[j].doc;
			o[2 * j + 1] = (unsigned char)w;
		}
		o += 2 * np;
		if (wide >= 0x100) {
			o = put_varint(count, (uint32_t)(2 * np));   /* as long as before */
			for (size_t j = 0; j < np; j++)
				o = put_varint(put_varint(o, ps[j].doc), weight_pack(ps[j].weight));
		}
	}
	*len = (size_t)(o - data);
	*o = '\0';
	uint64_t seal = pack_hash_block(data + PACK_SEAL, *len - PACK_SEAL);
	memcpy(data, &seal, sizeof seal);
	index_clear(ix);
	return (char *)data;
}

/* Reads a varint of the packed bytes; they come from search_index_pack()
 * in this process, or were checked by search_index_check_packed(), so
 * they are trusted (no bounds to check against an attacker).  Bits past
 * the 32nd cannot be there (the check refuses them). */
static inline uint32_t get_varint(const unsigned char **p)
{
	const unsigned char *q = *p;
	uint32_t v = *q & 0x7F;
	for (int shift = 7; *q++ & 0x80; shift += 7)
		v |= (uint32_t)(*q & 0x7F) << shift;
	*p = q;
	return v;
}

/* Returns a copy of the next string, or NULL for none. */
static char *get_string(const unsigned char **p)
{
	uint32_t n = get_varint(p);
	if (!n)
		return NULL;
	char *s = xstrndup((const char *)*p, n - 1);
	*p += n - 1;
	return s;
}

void search_index_merge_packed(struct search_index *ix, const char *data)
{
	ix->pool_max = POOL_MAX;
	const unsigned char *p = (const unsigned char *)data + PACK_SEAL;
	size_t npages = get_varint(&p);
	size_t *pages = xcalloc(npages ? npages : 1, sizeof *pages);
	for (size_t k = 0; k < npages; k++) {
		char *path = get_string(&p);
		pages[k] = page_get(ix, path ? path : "");
		free(path);
		char *title = get_string(&p);
		if (title) {
			free(ix->pages[pages[k]].title);
			ix->pages[pages[k]].title = title;
		}
	}
	size_t base = ix->ndocs, ndocs = get_varint(&p);
	if (base + ndocs > UINT32_MAX) {
		fprintf(stderr, "specbook: fatal: more than %lu search sections\n",
			(unsigned long)UINT32_MAX);
		exit(2);
	}
	size_t tail = ix->tails.len;
	for (size_t k = 0; k < ndocs; k++) {
		struct doc *d = ARRAY_PUSH(ix->docs, ix->ndocs, ix->docs_cap);
		d->page = pages[get_varint(&p)];
		d->tail = tail;
		d->tail_len = get_varint(&p);
		d->units = get_varint(&p);
		tail += d->tail_len;
	}
	size_t ntails = get_varint(&p);
	buf_add(&ix->tails, p, ntails);
	p += ntails;
	/* the packed docs come after ix's, so each term's postings stay in order */
	size_t nterms = get_varint(&p);
	for (size_t k = 0; k < nterms; k++) {
		size_t n = *p++;
		const char *text = (const char *)p;
		uint64_t h;
		memcpy(&h, p + n, sizeof h);
		p += n + sizeof h;
		struct term *t = term_get_hashed(ix, text, n, h);
		size_t np = get_varint(&p), bytes = np & 1;
		np >>= 1;
		if (t->npostings + np > t->cap)   /* most terms have room: no call */
			postings_reserve(ix, t, np);
		struct posting *to = postings_of(ix, t) + t->npostings;
		if (bytes) {
			for (size_t j = 0; j < np; j++) {
				to[j].doc = (uint32_t)base + p[2 * j];
				to[j].weight = weight_unpack(p[2 * j + 1]);
			}
			p += 2 * np;
		} else {
			for (size_t j = 0; j < np; j++) {
				to[j].doc = (uint32_t)base + get_varint(&p);
				to[j].weight = weight_unpack(get_varint(&p));
			}
		}
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

/* Reads a varint as get_varint() does; one past end, longer than
 * VARINT_MAX bytes or above 32 bits sets bad. */
static uint32_t check_varint_long(struct check *c)
{
	uint64_t v = 0;
	for (int shift = 0; shift < 7 * VARINT_MAX && c->p < c->end; shift += 7) {
		unsigned char b = *c->p++;
		v |= (uint64_t)(b & 0x7F) << shift;
		if (!(b & 0x80)) {
			if (v > UINT32_MAX)
				break;
			return (uint32_t)v;
		}
	}
	c->bad = 1;
	c->p = c->end;
	return 0;
}

/* check_varint_long(), for a number of one byte (most) without a call. */
static inline uint32_t check_varint(struct check *c)
{
	if (c->p < c->end && *c->p < 0x80)
		return *c->p++;
	return check_varint_long(c);
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

/* Returns nonzero if one of the eight bytes at s may be one a JSON string
 * cannot hold as it is: a control character, a quote, a backslash, or
 * not ASCII (zero: none is). */
static inline uint64_t word_special(const char *s)
{
	const uint64_t ones = 0x0101010101010101ULL, high = ones << 7;
	uint64_t w, q, b;
	memcpy(&w, s, sizeof w);
	q = w ^ (ones * '"');
	b = w ^ (ones * '\\');
	return (w | ((w - ones * 0x20) & ~w) | ((q - ones) & ~q) | ((b - ones) & ~b)) & high;
}

/* Returns 1 if the twelve bytes at u are four three-byte sequences, none
 * led by E0, E2 or ED (the leads after which the second byte needs a
 * look): each a lead 1110xxxx and two bytes 10xxxxxx, tested with two
 * loads and masks where a byte at a time took 13 instructions a
 * character, a fifth of checking a part's 63 records in a Chinese book. */
static inline int cjk4_plain(const unsigned char *u)
{
	static const unsigned char lead_special[256] = { [0xE0] = 1, [0xE2] = 1, [0xED] = 1 };
	/* byte k at bits 8k: a lead at bytes 0, 3, 6 and 9 */
	uint64_t w0 = load_bytes8((const char *)u);
	uint32_t w1 = load_bytes4((const char *)u + 8);
	const uint64_t mask0 = 0xC0F0C0C0F0C0C0F0ULL, want0 = 0x80E08080E08080E0ULL;
	const uint32_t mask1 = 0xC0C0F0C0u, want1 = 0x8080E080u;
	return (w0 & mask0) == want0 && (w1 & mask1) == want1 &&
	       !(lead_special[u[0]] | lead_special[u[3]] | lead_special[u[6]] | lead_special[u[9]]);
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
		/* most bytes: ASCII that needs no escape, taken eight at a time
		 * while none of eight is another byte (a byte at a time, the
		 * check of a part's 63 records was a sixth of a rebuild) */
		while (i + 8 <= len && !word_special(s + i))
			i += 8;
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
		/* a run of three-byte sequences (CJK), checked as
		 * utf8_decode_fast() decodes them (no overlong form, no
		 * surrogate) without decoding them, U+2028 and U+2029 refused */
		const unsigned char *u = (const unsigned char *)s;
		for (;;) {
			while (i + 12 <= len && cjk4_plain(u + i))
				i += 12;
			if (!(i + 3 <= len && (u[i] & 0xF0) == 0xE0))
				break;
			unsigned char lead = u[i], b1 = u[i + 1], b2 = u[i + 2];
			if ((b1 & 0xC0) != 0x80 || (b2 & 0xC0) != 0x80 || (lead == 0xE0 && b1 < 0xA0) ||
			    (lead == 0xED && b1 >= 0xA0) || (lead == 0xE2 && b1 == 0x80 && (b2 == 0xA8 || b2 == 0xA9)))
				return NULL;
			i += 3;
		}
		if (i >= len || u[i] < 0x80)
			continue;
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

/* The hash index_term() gives a term's bytes. */
static uint64_t term_hash(const unsigned char *text, size_t len)
{
	const char *s = (const char *)text;
	return term_hash_of(s, len, len <= 8 ? bytes_word(s, len) : 0);
}

int search_index_check_packed(const char *data, size_t len)
{
	if (!data || len < PACK_SEAL)
		return -1;
	/* the seal first: a record damaged anywhere is refused at once */
	uint64_t seal;
	memcpy(&seal, data, sizeof seal);
	if (seal != pack_hash_block(data + PACK_SEAL, len - PACK_SEAL))
		return -1;
	struct check c = { (const unsigned char *)data + PACK_SEAL, (const unsigned char *)data + len, 0 };
	size_t npages = check_varint(&c);
	for (size_t k = 0; k < npages && !c.bad; k++)
		for (int s = 0; s < 2; s++) {   /* path and title */
			uint32_t n = check_varint(&c);
			if (n)
				check_bytes(&c, n - 1);
		}
	size_t ndocs = check_varint(&c);
	uint64_t tails = 0;
	if (ndocs > (size_t)(c.end - c.p) / 3)   /* three numbers each */
		c.bad = 1;
	const unsigned char *docs = c.p;
	for (size_t k = 0; k < ndocs && !c.bad; k++) {
		if (check_varint(&c) >= npages)
			c.bad = 1;
		tails += check_varint(&c);
		check_varint(&c);
	}
	/* the docs' tails, one after another, each well formed */
	size_t ntails = check_varint(&c);
	const char *t = (const char *)check_bytes(&c, ntails);
	if (tails != ntails)
		c.bad = 1;
	struct check d = { docs, c.end, 0 };   /* the docs again, for their tails' lengths */
	for (size_t k = 0; k < ndocs && !c.bad; k++) {
		check_varint(&d);
		uint32_t n = check_varint(&d);
		check_varint(&d);
		if (!tail_ok(t, n))
			c.bad = 1;
		t += n;
	}
	/* terms: each once, hashed as index_term() hashes it, its postings in
	 * sections of the record */
	size_t nterms = check_varint(&c);
	if (nterms > (size_t)(c.end - c.p) / 13)   /* length, byte, hash, count, posting */
		c.bad = 1;
	size_t nslots = 16;
	while (!c.bad && nslots < 2 * nterms)
		nslots *= 2;
	/* the terms seen: where each starts (its length, one byte), after
	 * the seal (0: an empty slot) */
	const unsigned char *start = (const unsigned char *)data;
	uint32_t *seen = c.bad || len > UINT32_MAX ? NULL : xcalloc(nslots, sizeof *seen);
	if (!seen)
		c.bad = 1;
	for (size_t k = 0; k < nterms && !c.bad; k++) {
		/* a length of one byte, as search_index_pack() writes it */
		uint32_t at = (uint32_t)(c.p - start);
		size_t n = c.p < c.end ? *c.p++ : 0;
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
		for (; seen[s] && !c.bad; s = (s + 1) & (nslots - 1))
			c.bad = start[seen[s]] == n && !memcmp(start + seen[s] + 1, text, n);
		seen[s] = at;
		size_t np = check_varint(&c), bytes = np & 1;
		np >>= 1;
		if (!np || np > ndocs) {
			c.bad = 1;
			break;
		}
		/* each section after the one before, the last in the record:
		 * then every one is; any weight */
		int64_t before = -1;
		int bad = 0;
		if (bytes) {
			const unsigned char *two = check_bytes(&c, 2 * np);
			for (size_t j = 0; two && j < np; j++) {
				bad |= (int64_t)two[2 * j] <= before;
				before = two[2 * j];
			}
		} else {
			for (size_t j = 0; j < np && !c.bad; j++) {
				uint32_t doc = check_varint(&c);
				check_varint(&c);
				bad |= (int64_t)doc <= before;
				before = doc;
			}
		}
		if (bad || before >= (int64_t)ndocs)
			c.bad = 1;
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

/* json_plain() of each byte but the space (which a run of space may not
 * keep), as a table: add_json() asks it of most bytes of a book. */
static const unsigned char JSON_PLAIN[256] = {
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 1, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 1, 1, 1,
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
};

/* Returns zero if add_json() may copy the eight bytes at s as they are:
 * no byte is special to word_special() or DEL, no two spaces are side by
 * side, and the last is no space before whitespace or a control character
 * (s[8] is read: the caller has nine bytes).  Nonzero may
 * be wrong, zero never is: add_json() then looks at the bytes one by one. */
static inline uint64_t word_json_special(const char *s)
{
	const uint64_t ones = 0x0101010101010101ULL, high = ones << 7;
	uint64_t w, sp, del;
	memcpy(&w, s, sizeof w);
	sp = w ^ (ones * ' ');
	del = w ^ (ones * 0x7F);
	sp = (sp - ones) & ~sp & high;   /* the spaces' high bits */
	return word_special(s) | ((del - ones) & ~del & high) | (sp & (sp >> 8)) |
	       (s[7] == ' ' && (unsigned char)s[8] <= ' ');
}

#if defined(__SSE2__) && defined(__GNUC__)
/*
 * Returns where the bytes from s[at] on that add_json() copies as they are
 * end, looking at 16 bytes at a time while 17 are left (the byte after a
 * block tells whether its last byte begins a run of space or U+2028):
 * ASCII that needs no escape (with collapse, a space only before what is
 * no whitespace) and whole UTF-8 sequences of two bytes (lead C2-DF) or
 * three (lead E1-EF but for ED, and E2 unless 0x80 follows: U+2028 and
 * U+2029; none overlong or a surrogate).  Each of those is one UTF-16
 * unit, so the bytes less the units of what it passes are its
 * continuation bytes: *fewer is added their number.  The end is a
 * character's start; from there add_json() looks at the bytes one by one
 * (an escape, a four-byte sequence, invalid UTF-8, the last 16 bytes) and
 * calls it again.  Most of a book's text, English or Chinese, is passed
 * here: on the 300-chapter bench book (7.2 MB of sections' text, two
 * fifths of its bytes Chinese) add_json() took 43 million instructions
 * with it, 68 with eight ASCII bytes at a time and a CJK character at a
 * time.
 */
static inline size_t json_plain_run16(const char *s, size_t len, size_t at, int collapse,
				      size_t *fewer)
{
	const __m128i v1f = _mm_set1_epi8(0x1F), v20 = _mm_set1_epi8(0x20),
		      vquote = _mm_set1_epi8('"'), vslash = _mm_set1_epi8('\\'),
		      vdel = _mm_set1_epi8(0x7F), v80 = _mm_set1_epi8((char)0x80),
		      /* as signed bytes: continuation bytes are below C0, two-byte
		       * leads above C1 and below E0, three-byte ones above E0 and
		       * below F0 */
		      vc0 = _mm_set1_epi8((char)0xC0), vc1 = _mm_set1_epi8((char)0xC1),
		      ve0 = _mm_set1_epi8((char)0xE0), vf0 = _mm_set1_epi8((char)0xF0),
		      ve2 = _mm_set1_epi8((char)0xE2), ved = _mm_set1_epi8((char)0xED),
		      vone = _mm_set1_epi8(1);
	__m128i sum = _mm_setzero_si128();   /* continuation bytes, in two 64-bit lanes */
	unsigned carry = 0;   /* the continuation bytes the last block's last sequence wants here */
	unsigned leads = 0;   /* the last block's leads */
	size_t more = 0;
	while (len - at >= 17) {
		__m128i b = _mm_loadu_si128((const __m128i *)(const void *)(s + at));
		__m128i next = _mm_loadu_si128((const __m128i *)(const void *)(s + at + 1));
		__m128i badv = _mm_or_si128(
			_mm_or_si128(_mm_cmpeq_epi8(_mm_min_epu8(b, v1f), b), _mm_cmpeq_epi8(b, vdel)),
			_mm_or_si128(_mm_cmpeq_epi8(b, vquote), _mm_cmpeq_epi8(b, vslash)));
		if (collapse)   /* a space before whitespace (or a control character) */
			badv = _mm_or_si128(badv, _mm_and_si128(_mm_cmpeq_epi8(b, v20),
					_mm_cmpeq_epi8(_mm_min_epu8(next, v20), next)));
		unsigned hi = (unsigned)_mm_movemask_epi8(b);
		if (!(hi | carry)) {   /* ASCII */
			unsigned bad = (unsigned)_mm_movemask_epi8(badv);
			if (bad) {
				at += (size_t)__builtin_ctz(bad);
				break;
			}
			at += 16;
			continue;
		}
		badv = _mm_or_si128(badv, _mm_and_si128(_mm_cmpeq_epi8(b, ve2),
							_mm_cmpeq_epi8(next, v80)));
		__m128i cont = _mm_cmpgt_epi8(vc0, b);
		__m128i l2 = _mm_and_si128(_mm_cmpgt_epi8(b, vc1), _mm_cmpgt_epi8(ve0, b));
		__m128i l3 = _mm_andnot_si128(_mm_cmpeq_epi8(b, ved),
					      _mm_and_si128(_mm_cmpgt_epi8(b, ve0), _mm_cmpgt_epi8(vf0, b)));
		unsigned c = (unsigned)_mm_movemask_epi8(cont);
		unsigned lead2 = (unsigned)_mm_movemask_epi8(l2), lead3 = (unsigned)_mm_movemask_epi8(l3);
		unsigned want = carry | (lead2 | lead3) << 1 | lead3 << 2;
		unsigned bad = (unsigned)_mm_movemask_epi8(badv) | (hi & ~(lead2 | lead3 | c)) |
			       ((c ^ want) & 0xFFFF);
		if (bad) {
			/* the bytes before the first that needs a look are passed,
			 * back to the lead of a sequence it is inside of */
			unsigned p = (unsigned)__builtin_ctz(bad);
			if (want >> p & 1) {
				unsigned before = (lead2 | lead3) & ((1u << p) - 1);
				if (before) {
					p = 31u - (unsigned)__builtin_clz(before);
				} else {   /* the last block's: back over its bytes there */
					unsigned back = (unsigned)__builtin_clz(leads) - 15;
					at -= back;
					more -= back - 1;
					p = 0;
				}
			}
			for (c &= (1u << p) - 1; c; c &= c - 1)   /* a few */
				more++;
			at += p;
			carry = 0;
			break;
		}
		sum = _mm_add_epi64(sum, _mm_sad_epu8(_mm_and_si128(cont, vone), _mm_setzero_si128()));
		carry = want >> 16;
		leads = lead2 | lead3;
		at += 16;
	}
	if (carry) {   /* the loop ended inside a sequence: back to its lead */
		unsigned back = (unsigned)__builtin_clz(leads) - 15;
		at -= back;
		more -= back - 1;
	}
	*fewer += (size_t)_mm_cvtsi128_si64(sum) +
		  (size_t)_mm_cvtsi128_si64(_mm_unpackhi_epi64(sum, sum)) + more;
	return at;
}
#endif

/* Appends s[0..len) as a JSON string literal; with collapse, whitespace
 * runs become one space and the ends are trimmed (the text search results
 * quote).  Invalid UTF-8 becomes U+FFFD; U+2028 and U+2029 are escaped for
 * JavaScript engines older than ES2019.  Runs of bytes that need no escape
 * are copied whole: section texts are most of the index.  Returns the
 * length of the string in UTF-16 units (JavaScript's length, search.js's
 * length of a section), counted as it is written. */
static size_t add_json(struct buf *out, const char *s, size_t len, int collapse)
{
	size_t units = 0;
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
		for (;;) {
#if defined(__SSE2__) && defined(__GNUC__)
			size_t fewer = 0;
			run = json_plain_run16(s, len, run, collapse, &fewer);
			units -= fewer;
#endif
			/* eight bytes at a time while they need no look (a
			 * byte at a time this loop was about 2% of a build's
			 * instructions): without SSE2 most of an English
			 * section, with it the bytes json_plain_run16() leaves */
			while (len - run > 8 && !word_json_special(s + run))
				run += 8;
			while (run < len && JSON_PLAIN[(unsigned char)s[run]])
				run++;
			if (run >= len)
				break;
			unsigned char c = (unsigned char)s[run];
			if (c == ' ') {
				if (collapse && run + 1 < len && is_space((unsigned char)s[run + 1]))
					break;
				run++;
				continue;
			}
			if (c < 0x80)
				break;
			/* U+3000–U+CFFF (CJK, kana, hangul): three bytes, a
			 * lead from 0xE3 to 0xEC, never overlong, a surrogate,
			 * U+2028 or U+2029; one UTF-16 unit */
			if (c >= 0xE3 && c <= 0xEC && len - run >= 3 &&
			    ((unsigned char)s[run + 1] & 0xC0) == 0x80 &&
			    ((unsigned char)s[run + 2] & 0xC0) == 0x80) {
				do {   /* and the run of them that follows */
					run += 3;
					units -= 2;
				} while (len - run >= 3 && (unsigned char)s[run] >= 0xE3 &&
					 (unsigned char)s[run] <= 0xEC &&
					 ((unsigned char)s[run + 1] & 0xC0) == 0x80 &&
					 ((unsigned char)s[run + 2] & 0xC0) == 0x80);
				continue;
			}
			uint32_t cp;
			int n = utf8_decode_fast(s + run, len - run, &cp);
			if (n < 0 || cp == 0x2028 || cp == 0x2029)
				break;
			run += (size_t)n;
			/* one unit a byte is counted below: the character
			 * is one (two past U+FFFF, a surrogate pair) */
			units -= (size_t)n - 1 - (cp >= 0x10000);
		}
		units += run - i;
		if (run > i) {
			buf_add(out, s + i, run - i);
			i = run;
			continue;
		}
		unsigned char c = (unsigned char)s[i];
		units++;   /* one character, escaped or replaced */
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
	return units;
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

/* A term as the writer sorts them: by its bytes, the first eight of them
 * as one number that orders as they do (big-endian, zero-padded: no term
 * holds a NUL byte, so a term sorts before the longer ones it begins). */
struct sorted_term {
	uint64_t key;
	const char *text;
	size_t len;
	const struct term *term;
};

static struct sorted_term sorted_term_of(const struct search_index *ix, const struct term *t)
{
	const char *text = ix->words.data + t->text;
	size_t n = t->len < 8 ? t->len : 8;
	uint64_t key = 0;
	for (size_t k = 0; k < n; k++)
		key = key << 8 | (unsigned char)text[k];
	if (n < 8)
		key <<= 8 * (8 - n);
	return (struct sorted_term){ key, text, t->len, t };
}

/* Returns 1 if x sorts before y. */
static int term_before(const struct sorted_term *x, const struct sorted_term *y)
{
	if (x->key != y->key)
		return x->key < y->key;
	size_t n = x->len < y->len ? x->len : y->len;
	if (n > 8) {
		int c = memcmp(x->text + 8, y->text + 8, n - 8);
		if (c)
			return c < 0;
	}
	return x->len < y->len;
}

/* Sorts a[0..n) by their bytes (a merge sort: n log n whatever the
 * order; qsort() with its calls to a comparison was 5% of a build); tmp
 * has room for n / 2 terms. */
static void sort_terms(struct sorted_term *a, size_t n, struct sorted_term *tmp)
{
	if (n <= 16) {
		for (size_t i = 1; i < n; i++) {
			struct sorted_term x = a[i];
			size_t j = i;
			for (; j && term_before(&x, &a[j - 1]); j--)
				a[j] = a[j - 1];
			a[j] = x;
		}
		return;
	}
	size_t h = n / 2;
	sort_terms(a, h, tmp);
	sort_terms(a + h, n - h, tmp);
	if (!term_before(&a[h], &a[h - 1]))
		return;
	memcpy(tmp, a, h * sizeof *a);
	size_t i = 0, j = h, o = 0;
	while (i < h && j < n)
		a[o++] = term_before(&a[j], &tmp[i]) ? a[j++] : tmp[i++];
	while (i < h)
		a[o++] = tmp[i++];
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
	struct sorted_term *tmp = xmalloc(size_mul(ix->nterms / 2 + 1, sizeof *tmp));
	for (size_t k = 0; k < ix->nterms; k++)
		sorted[k] = sorted_term_of(ix, &ix->terms[k]);
	sort_terms(sorted, ix->nterms, tmp);
	free(tmp);
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
		const struct posting *ps = postings_of(ix, t);
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

/* The length of the character a non-ASCII lead byte starts, as the split
 * index reads it (a CJK term starts with a 3- or 4-byte one). */
static size_t lead_len(unsigned char lead)
{
	return lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2;
}

unsigned search_bucket(const char *term, size_t len)
{
	/* an ASCII term: its first two bytes; any other: the bytes of its
	 * first character (a lead byte of 0xF0 or more starts four, of 0xE0
	 * three; a CJK term starts with one of them) */
	unsigned char lead = len ? (unsigned char)term[0] : 0;
	size_t key = lead < 0x80 ? 2 : lead_len(lead);
	if (key > len)
		key = len;
	uint32_t h = 2166136261u;
	for (size_t k = 0; k < key; k++) {
		h ^= (unsigned char)term[k];
		h *= 16777619u;
	}
	return h % SEARCH_BUCKETS;
}

unsigned search_shard(const char *term, size_t len, unsigned spread)
{
	unsigned b = search_bucket(term, len);
	if (spread <= 1 || !len || (unsigned char)term[0] < 0x80)
		return b;
	size_t first = lead_len((unsigned char)term[0]);
	if (first >= len)   /* the character alone: its own shard */
		return b;
	unsigned j = search_bucket(term + first, len - first) % spread;
	return (b + j * (SEARCH_BUCKETS / spread)) % SEARCH_BUCKETS;
}

/* Numbers in postings, base 32, most significant digit first: the last
 * digit from FINAL, the others from MORE (search.js decodes them). */
static const char FINAL[] = "0123456789ABCDEFGHIJKLMNOPQRSTUV";
static const char MORE[] = "abcdefghijklmnopqrstuvwxyz!#$%&*";

static inline char *put_base32(char *o, unsigned long long n)
{
	if (n < 32) {   /* most steps and weights */
		*o = FINAL[n];
		return o + 1;
	}
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
 * smaller and the build's CPU time 19% longer.  Per call (callgrind, one
 * compressor reused, the 300-chapter bench book's files) level 1 costs
 * about 30 000 instructions whatever the size past 55 bytes (it clears
 * its 128 KB hash table and builds its Huffman codes), then about 20 an
 * input byte of sections and 35 of shards: a shard of 1.5 kB, 80 000.
 * zlib's level 1 with one stream reset for each file and memLevel 4 to 8
 * took 1.8 to 2.5 times as many. */
#define SEARCH_DEFLATE_LEVEL 1

/* ISA-L's igzip (level 2) deflated the sections files in half the
 * instructions, for the same size, but not always in the same bytes: one
 * build in some hundreds wrote a file of 24 kB of JSON one byte shorter
 * than every other build and than igzip on its own (the same input, the
 * same settings, fresh or reused buffers), so that a rebuild's site
 * differed from a full build's.  libdeflate's output depends on the input
 * and the level alone. */

static const char BASE64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/* The two base64 digits of every 12 bits, made for each part written
 * (search_index_write_split()): add_base64() writes two at a time. */
typedef char base64_pairs[4096][2];

static void base64_pairs_fill(base64_pairs pairs)
{
	for (unsigned v = 0; v < 4096; v++) {
		pairs[v][0] = BASE64[v >> 6];
		pairs[v][1] = BASE64[v & 63];
	}
}

/* Appends data[0..len) in base64 (RFC 4648, padded: what atob() reads). */
static void add_base64(struct buf *out, const unsigned char *data, size_t len,
		       base64_pairs pairs)
{
	buf_grow(out, size_add(size_mul(len / 3 + 1, 4), 1));
	char *o = out->data + out->len;
	size_t k = 0;
	/* six bytes at a time, read as one number (the first at the top):
	 * four pairs of digits, written at once */
	for (; k + 8 <= len; k += 6) {
		uint64_t v = load_bytes8((const char *)data + k);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
		v = __builtin_bswap64(v);
#else
		v = 0;
		for (int b = 0; b < 8; b++)
			v = v << 8 | data[k + b];
#endif
		char digits[8];
		memcpy(digits, pairs[v >> 52], 2);
		memcpy(digits + 2, pairs[v >> 40 & 4095], 2);
		memcpy(digits + 4, pairs[v >> 28 & 4095], 2);
		memcpy(digits + 6, pairs[v >> 16 & 4095], 2);
		memcpy(o, digits, 8);
		o += 8;
	}
	for (; k + 3 <= len; k += 3) {
		uint32_t v = (uint32_t)data[k] << 16 | (uint32_t)data[k + 1] << 8 | data[k + 2];
		memcpy(o, pairs[v >> 12], 2);
		memcpy(o + 2, pairs[v & 4095], 2);
		o += 4;
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

/* What a part's files are written with: the compressor (made for the
 * first file that needs it: a part whose files are all kept needs none),
 * scratch room, the table of base64 digits, and what is asked before each
 * file is deflated (search_index_write_split()). */
struct split_writer {
	const char *name;                      /* the part's: "0003", "book" */
	search_keep_fn *keep;                  /* NULL: every file is made */
	void *ctx;
	struct libdeflate_compressor *z;
	struct buf scratch;
	base64_pairs pairs;
};

static const char *const file_call[] = {
	[SEARCH_FILE_META] = "SPECBOOK_SEARCH_META",
	[SEARCH_FILE_SHARD] = "SPECBOOK_SEARCH_SHARD",
	[SEARCH_FILE_DOCS] = "SPECBOOK_SEARCH_DOCS",
};

/* Appends to out what comes before the base64 of file (kind, k):
 * `call("name",k,"` (no k in the head). */
static void add_call(struct buf *out, const struct split_writer *w, enum search_file kind, size_t k)
{
	buf_adds(out, file_call[kind]);
	buf_addch(out, '(');
	add_json_str(out, w->name);
	if (kind != SEARCH_FILE_META) {
		buf_addch(out, ',');
		add_number(out, k);
	}
	buf_adds(out, ",\"");
}

/* Appends to out the file (kind, k) of the part: `call("name",k,"BASE64");`
 * (no k in the head), where BASE64 is json (a shard's bytes) deflated in
 * zlib's format (what search.js's DecompressionStream("deflate") reads);
 * or nothing when the caller keeps the file it has, made of the same json
 * (search_keep_fn).  Empties json. */
static void add_deflated(struct split_writer *w, struct buf *out, enum search_file kind, size_t k,
			 struct buf *json)
{
	if (w->keep && w->keep(w->ctx, kind, k, pack_hash_block(json->data ? json->data : "", json->len))) {
		buf_reset(json);
		return;
	}
	if (!w->z && !(w->z = libdeflate_alloc_compressor(SEARCH_DEFLATE_LEVEL))) {
		fprintf(stderr, "specbook: fatal: out of memory\n");
		exit(2);
	}
	size_t bound = libdeflate_zlib_compress_bound(w->z, json->len);
	w->scratch.len = 0;
	buf_grow(&w->scratch, bound);
	size_t n = libdeflate_zlib_compress(w->z, json->data ? json->data : "", json->len,
					    w->scratch.data, bound);
	if (!n) {   /* cannot happen with the bound's room */
		fprintf(stderr, "specbook: fatal: cannot deflate a search file of %zu bytes\n", json->len);
		exit(2);
	}
	add_call(out, w, kind, k);
	add_base64(out, (const unsigned char *)w->scratch.data, n, w->pairs);
	buf_adds(out, "\");\n");
	buf_reset(json);
}

/*
 * Which characters of a part have their terms spread over several shards
 * (search.h, search_shard()).  A term's weight is about the bytes of its
 * entry in its shard: its text, quotes and commas, and two digits a
 * posting.  A CJK character whose terms (its pairs, itself, the phrase
 * grams whose words after the space start with it) weigh more than
 * SPREAD_SHARE times an average shard of the part, and more than
 * SPREAD_MIN, is spread over the fewest shards, a power of two up to
 * SPREAD_MAX, that bring each one's share to at most that: 的, the
 * commonest, held every pair it starts in one shard, 894 kB summed over
 * the parts of the 10 000-chapter bench book, 5.7 average shards a part
 * (the heaviest shard of Latin words, "th", 4.4), and a query with a pair
 * of 的 loaded 2.1 MB.  Spreading every character (over two shards) made
 * a query of one character load twice the shards: only heavy ones are.
 */
#define SPREAD_SHARE 3
#define SPREAD_MIN 4096
#define SPREAD_MAX 16

struct spread {
	uint32_t ch;                /* its UTF-8 bytes, the first at bits 24-31 */
	size_t weight;
	unsigned k;                 /* shards: a power of two */
};

static size_t term_weight(const struct term *t)
{
	return t->len + 4 + 2 * t->npostings;
}

/* The bytes of the character that starts s[0..len) (len > 0, its lead
 * byte 0x80 or more), the first at bits 24-31, so that numbers compare
 * as the bytes do; 0 when the character is not whole. */
static uint32_t lead_char(const char *s, size_t len)
{
	size_t n = lead_len((unsigned char)s[0]);
	if (n > len)
		return 0;
	uint32_t c = 0;
	for (size_t k = 0; k < 4; k++)
		c = c << 8 | (k < n ? (unsigned char)s[k] : 0);
	return c;
}

static int spread_cmp(const void *a, const void *b)
{
	uint32_t x = ((const struct spread *)a)->ch, y = ((const struct spread *)b)->ch;
	return x < y ? -1 : x > y;
}

/* The term's shard: its bucket, or, when its first character is spread
 * (spread[0..n), sorted), the one search_shard() gives. */
static unsigned term_shard(const char *key, size_t len, unsigned b, const struct spread *spread,
			   size_t n)
{
	if (!n || !len || (unsigned char)key[0] < 0x80)
		return b;
	struct spread want = { .ch = lead_char(key, len) };
	const struct spread *s = bsearch(&want, spread, n, sizeof *spread, spread_cmp);
	return s ? search_shard(key, len, s->k) : b;
}

/* Finds the characters of the part to spread (see SPREAD_SHARE), given
 * each term's bucket and the weight of each bucket: returns how many, in
 * *out (malloc'd, sorted by their bytes; NULL when none). */
static size_t find_spread(const struct search_index *ix, const unsigned *shard,
			  const size_t *weight, size_t all, struct spread **out)
{
	*out = NULL;
	size_t share = all / SEARCH_BUCKETS * SPREAD_SHARE, over = share > SPREAD_MIN ? share : SPREAD_MIN;
	size_t n = 0;
	for (size_t k = 0; k < ix->nterms; k++)
		n += weight[shard[k]] > over;
	if (!n)
		return 0;
	/* the characters of the heavy buckets, each term's weight its own */
	struct spread *c = xmalloc(size_mul(n, sizeof *c));
	n = 0;
	for (size_t k = 0; k < ix->nterms; k++) {
		if (weight[shard[k]] <= over)
			continue;
		const struct term *t = &ix->terms[k];
		const char *text = ix->words.data + t->text;
		size_t key = shard_key(text, t->len);
		if (key >= t->len || (unsigned char)text[key] < 0x80)
			continue;
		uint32_t ch = lead_char(text + key, t->len - key);
		if (ch)
			c[n++] = (struct spread){ ch, term_weight(t), 1 };
	}
	qsort(c, n, sizeof *c, spread_cmp);
	size_t m = 0;
	for (size_t k = 0; k < n;) {
		struct spread s = c[k++];
		while (k < n && c[k].ch == s.ch)
			s.weight += c[k++].weight;
		if (s.weight <= over)
			continue;
		s.k = 2;
		while (s.k < SPREAD_MAX && s.weight > s.k * share)
			s.k *= 2;
		c[m++] = s;
	}
	if (!m) {
		free(c);
		return 0;
	}
	*out = c;
	return m;
}

/* Writes v at o as a varint (7 bits a byte, the lowest first, the top
 * bit saying more follow; at most 10 bytes) and returns the end. */
static inline unsigned char *put_varint64(unsigned char *o, unsigned long long v)
{
	while (v >= 0x80) {
		*o++ = (unsigned char)(v | 0x80);
		v >>= 7;
	}
	*o++ = (unsigned char)v;
	return o;
}

/* Appends term t to a shard being made (search.h): its bytes and a NUL
 * to text, the length of its postings to lens and its postings to posts,
 * a byte a section for most (a postings string of base 32 made the
 * shards' text 60% longer, and deflating it cost in proportion). */
static void add_shard_term(struct buf *text, struct buf *lens, struct buf *posts,
			   const struct search_index *ix, const struct sorted_term *st)
{
	const struct term *t = st->term;
	const struct posting *ps = postings_of(ix, t);
	int gram = shard_key(st->text, st->len) > 1;   /* weight 0: one number, the step doubled + in title */
	buf_add(text, st->text, st->len);
	buf_addch(text, '\0');
	/* at most 21 bytes a posting */
	buf_grow(posts, size_mul(t->npostings, 21));
	unsigned char *from = (unsigned char *)posts->data + posts->len, *q = from;
	uint32_t prev = 0;
	if (gram) {
		for (size_t p = 0; p < t->npostings; p++) {
			unsigned long long step = ps[p].doc - prev;
			prev = ps[p].doc;
			q = put_varint64(q, step * 2 + (ps[p].weight >> 31));
		}
	}
	for (size_t p = 0; p < t->npostings && !gram; p++) {
		/* the step and the weight doubled (+ 1 in the title: the
		 * weight packed) as two halves of a byte, 15 in one saying the
		 * number follows */
		uint32_t step = ps[p].doc - prev, w = weight_pack(ps[p].weight);
		prev = ps[p].doc;
		if (step < 15 && w < 15) {   /* 93% of the bench book's */
			*q++ = (unsigned char)(step << 4 | w);
			continue;
		}
		*q++ = (unsigned char)((step < 15 ? step : 15) << 4 | (w < 15 ? w : 15));
		if (step >= 15)
			q = put_varint64(q, step);
		if (w >= 15)
			q = put_varint64(q, w);
	}
	posts->len += (size_t)(q - from);
	posts->data[posts->len] = '\0';
	buf_grow(lens, 10);
	q = put_varint64((unsigned char *)lens->data + lens->len, (unsigned long long)(q - from));
	lens->len = (size_t)((char *)q - lens->data);
	lens->data[lens->len] = '\0';
}

void search_index_write_split(const struct search_index *ix, const char *name,
			      search_keep_fn *keep, void *ctx, struct buf *meta, struct buf *shards,
			      struct buf *docs)
{
	struct split_writer *w = xcalloc(1, sizeof *w);
	w->name = name;
	w->keep = keep;
	w->ctx = ctx;
	base64_pairs_fill(w->pairs);
	struct buf json = BUF_INIT, lens = BUF_INIT, posts = BUF_INIT;

	/* the terms by shard, then each shard's sorted by their bytes (the
	 * order within a shard is all the files show) */
	size_t start[SEARCH_BUCKETS + 1] = { 0 };
	size_t weight[SEARCH_BUCKETS] = { 0 }, all = 0;
	unsigned *shard = xmalloc(size_mul(ix->nterms ? ix->nterms : 1, sizeof *shard));
	for (size_t k = 0; k < ix->nterms; k++) {
		const struct term *t = &ix->terms[k];
		const char *text = ix->words.data + t->text;
		size_t key = shard_key(text, t->len);
		shard[k] = search_bucket(text + key, t->len - key);
		weight[shard[k]] += term_weight(t);
		all += term_weight(t);
	}
	struct spread *spread;
	size_t nspread = find_spread(ix, shard, weight, all, &spread);
	unsigned char moves[SEARCH_BUCKETS] = { 0 };   /* 1: a spread character's bucket */
	for (size_t k = 0; k < nspread; k++) {
		char ch[4] = { (char)(spread[k].ch >> 24), (char)(spread[k].ch >> 16),
			       (char)(spread[k].ch >> 8), (char)spread[k].ch };
		moves[search_bucket(ch, 4)] = 1;   /* (its first character's bytes only) */
	}
	for (size_t k = 0; k < ix->nterms; k++) {
		if (moves[shard[k]]) {
			const struct term *t = &ix->terms[k];
			const char *text = ix->words.data + t->text;
			size_t key = shard_key(text, t->len);
			shard[k] = term_shard(text + key, t->len - key, shard[k], spread, nspread);
		}
		start[shard[k] + 1]++;
	}

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
	buf_addch(&json, '"');
	/* the characters spread, and over how many shards */
	for (size_t k = 0; k < nspread; k++) {
		char ch[5];
		size_t n = 0;
		for (int sh = 24; sh >= 0 && (spread[k].ch >> sh & 0xFF); sh -= 8)
			ch[n++] = (char)(spread[k].ch >> sh);
		buf_adds(&json, k ? "," : ",\"x\":{");
		add_json_string(&json, ch, n);
		buf_addf(&json, ":%u", spread[k].k);
	}
	buf_adds(&json, nspread ? "}}" : "}");
	free(spread);
	add_deflated(w, meta, SEARCH_FILE_META, 0, &json);
	size_t most = 0;
	for (unsigned b = 0; b < SEARCH_BUCKETS; b++) {
		most = start[b + 1] > most ? start[b + 1] : most;
		start[b + 1] += start[b];
	}
	struct sorted_term *sorted = xmalloc(size_mul(ix->nterms ? ix->nterms : 1, sizeof *sorted));
	struct sorted_term *tmp = xmalloc(size_mul(most / 2 + 1, sizeof *tmp));
	size_t fill[SEARCH_BUCKETS];
	memcpy(fill, start, sizeof fill);
	for (size_t k = 0; k < ix->nterms; k++)
		sorted[fill[shard[k]]++] = sorted_term_of(ix, &ix->terms[k]);
	free(shard);
	for (unsigned b = 0; b < SEARCH_BUCKETS; b++) {
		sort_terms(sorted + start[b], start[b + 1] - start[b], tmp);
		/* the number of terms, their bytes, the lengths of their
		 * postings, their postings: the terms' bytes together (a term's
		 * lengths beside it made a shard's deflated bytes 2% more) */
		buf_grow(&json, 10);
		unsigned char *o = put_varint64((unsigned char *)json.data + json.len, start[b + 1] - start[b]);
		json.len = (size_t)((char *)o - json.data);
		for (size_t k = start[b]; k < start[b + 1]; k++)
			add_shard_term(&json, &lens, &posts, ix, &sorted[k]);
		if (lens.len) {
			buf_add(&json, lens.data, lens.len);
			buf_add(&json, posts.data, posts.len);
		}
		buf_reset(&lens);
		buf_reset(&posts);
		add_deflated(w, &shards[b], SEARCH_FILE_SHARD, b, &json);
	}
	free(sorted);
	free(tmp);
	buf_release(&lens);
	buf_release(&posts);

	/* each page's sections in order: the sections of page pg are
	 * bypage[first[pg]..first[pg + 1]) (a pass over every section for
	 * each page was quadratic in a part's size) */
	size_t *first = xcalloc(ix->npages + 1, sizeof *first);
	size_t *bypage = xmalloc(size_mul(ix->ndocs ? ix->ndocs : 1, sizeof *bypage));
	for (size_t k = 0; k < ix->ndocs; k++)
		first[ix->docs[k].page + 1]++;
	for (size_t pg = 0; pg < ix->npages; pg++)
		first[pg + 1] += first[pg];
	for (size_t k = 0; k < ix->ndocs; k++)
		bypage[first[ix->docs[k].page]++] = k;   /* first[pg] moves to first[pg + 1] */
	for (size_t pg = ix->npages; pg > 0; pg--)
		first[pg] = first[pg - 1];
	first[0] = 0;
	for (size_t pg = 0; pg < ix->npages; pg++) {
		buf_adds(&json, "[[");
		add_json_str(&json, ix->pages[pg].path);
		buf_addch(&json, ',');
		const char *title = ix->pages[pg].title ? ix->pages[pg].title : "";
		add_json(&json, title, strlen(title), 1);
		buf_adds(&json, "],[");
		for (size_t j = first[pg]; j < first[pg + 1]; j++) {
			const struct doc *d = &ix->docs[bypage[j]];
			buf_adds(&json, j > first[pg] ? ",\n[" : "\n[");
			add_number(&json, bypage[j]);
			buf_add(&json, ix->tails.data + d->tail, d->tail_len);
		}
		buf_adds(&json, "]]");
		add_deflated(w, &docs[pg], SEARCH_FILE_DOCS, pg, &json);
	}
	free(first);
	free(bypage);
	if (w->z)
		libdeflate_free_compressor(w->z);
	buf_release(&w->scratch);
	free(w);
	buf_release(&json);
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
		if (ix->terms[k].own)
			free(ix->terms[k].p.own);
	free(ix->pool);
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
