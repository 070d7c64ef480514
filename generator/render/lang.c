/*
 * lang.c — text in two languages (see lang.h): which language a text is in
 * by its script, headings split into their Chinese and English titles,
 * slugs for ids, and the markup of a text given in both languages.
 */
#include "render/lang.h"
#include "core/buffer.h"
#include "core/utf8.h"

#if defined(__SSE2__) && defined(__GNUC__)
#include <emmintrin.h>
#endif
#include <ctype.h>
#include <stdint.h>
#include <string.h>

/* What an ASCII byte does to a tally: a letter starts or continues a word,
 * a digit, '-' or '\'' leaves it as it is, anything else ends it. */
enum { ASCII_BREAK, ASCII_LETTER, ASCII_KEEP };
static const unsigned char ascii_class[128] = {
	['A'] = 1, ['B'] = 1, ['C'] = 1, ['D'] = 1, ['E'] = 1, ['F'] = 1, ['G'] = 1, ['H'] = 1,
	['I'] = 1, ['J'] = 1, ['K'] = 1, ['L'] = 1, ['M'] = 1, ['N'] = 1, ['O'] = 1, ['P'] = 1,
	['Q'] = 1, ['R'] = 1, ['S'] = 1, ['T'] = 1, ['U'] = 1, ['V'] = 1, ['W'] = 1, ['X'] = 1,
	['Y'] = 1, ['Z'] = 1,
	['a'] = 1, ['b'] = 1, ['c'] = 1, ['d'] = 1, ['e'] = 1, ['f'] = 1, ['g'] = 1, ['h'] = 1,
	['i'] = 1, ['j'] = 1, ['k'] = 1, ['l'] = 1, ['m'] = 1, ['n'] = 1, ['o'] = 1, ['p'] = 1,
	['q'] = 1, ['r'] = 1, ['s'] = 1, ['t'] = 1, ['u'] = 1, ['v'] = 1, ['w'] = 1, ['x'] = 1,
	['y'] = 1, ['z'] = 1,
	['0'] = 2, ['1'] = 2, ['2'] = 2, ['3'] = 2, ['4'] = 2, ['5'] = 2, ['6'] = 2, ['7'] = 2,
	['8'] = 2, ['9'] = 2, ['-'] = 2, ['\''] = 2,
};

#if defined(__SSE2__) && defined(__GNUC__)
/* The bits set in the 16 low bits of x. */
static inline int bits16(unsigned x)
{
	x = x - ((x >> 1) & 0x5555);
	x = (x & 0x3333) + ((x >> 2) & 0x3333);
	x = (x + (x >> 4)) & 0x0F0F;
	return (int)((x + (x >> 8)) & 0x1F);
}

/* Tallies what it can of the 16 bytes at s at once: the ASCII they start
 * with (English prose), or else the 3-byte characters they start with that
 * are Han U+4000 to U+9FFF or that end a word, no more (Chinese prose and
 * its punctuation); returns the bytes it took, 0 for none (the caller
 * takes one character). The counts are the loop's in lang_feed(). */
static size_t lang_chunk(const char *s, int *words, int *han, int *in_word)
{
	__m128i v = _mm_loadu_si128((const __m128i *)(const void *)s);
	unsigned high = (unsigned)_mm_movemask_epi8(v);
	if (!(high & 1)) {
		unsigned n = high ? (unsigned)__builtin_ctz(high) : 16, part = (1u << n) - 1;
		/* L: letters; K: digits, '-' and '\'', which leave a word as it
		 * is; anything else ends one. A word starts at a letter when the
		 * last byte before it that is not in K is no letter. */
		__m128i low = _mm_or_si128(v, _mm_set1_epi8(0x20));
		__m128i letter = _mm_and_si128(_mm_cmpgt_epi8(low, _mm_set1_epi8('a' - 1)),
					       _mm_cmplt_epi8(low, _mm_set1_epi8('z' + 1)));
		__m128i keep = _mm_and_si128(_mm_cmpgt_epi8(v, _mm_set1_epi8('0' - 1)),
					     _mm_cmplt_epi8(v, _mm_set1_epi8('9' + 1)));
		keep = _mm_or_si128(keep, _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('-')),
							 _mm_cmpeq_epi8(v, _mm_set1_epi8('\''))));
		unsigned l = (unsigned)_mm_movemask_epi8(letter) & part;
		unsigned k = (unsigned)_mm_movemask_epi8(keep) & part;
		unsigned before = (unsigned)*in_word;
		/* each run of K carries the state before it: the carry of an
		 * addition runs through the run from a letter (or a word going
		 * on) just before it, and clears it */
		unsigned start = ((l << 1) | before) & k;
		unsigned state = l | (k & ~(k + start));   /* in a word after each byte */
		*words += bits16(l & ~((state << 1) | before));
		*in_word = (int)(state >> (n - 1) & 1);
		return n;
	}
	/* 3-byte characters at 0, 3, 6, 9 and 12: Han, lead E4 to E9 but for
	 * the hexagrams U+4DC0 to U+4DFF (E4 B7); or no letter: U+2000 to
	 * U+2FFF (E2), U+3000 to U+303F but 〇 U+3007 (E3 80, not E3 80 87),
	 * U+FF00 to U+FFFF (EF BC to EF BF). The placeholder U+E000 is none. */
	__m128i lead = _mm_sub_epi8(v, _mm_set1_epi8((char)0xE4));
	lead = _mm_cmpeq_epi8(_mm_min_epu8(lead, _mm_set1_epi8(5)), lead);
	__m128i cont = _mm_cmpeq_epi8(_mm_and_si128(v, _mm_set1_epi8((char)0xC0)),
				      _mm_set1_epi8((char)0x80));
	unsigned h = (unsigned)_mm_movemask_epi8(lead);
	unsigned c = (unsigned)_mm_movemask_epi8(cont);
	if ((h & 0x7FFF) == 0x1249 && (c & 0x7FFF) == 0x6DB6 &&
	    !(_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8((char)0xE4))) &
	      _mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8((char)0xB7))) >> 1)) {
		/* five Han in a row, the most of Chinese prose: told first */
		*han += 5;
		*in_word = 0;
		return 15;
	}
	unsigned e2 = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8((char)0xE2)));
	unsigned e3 = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8((char)0xE3)));
	unsigned e4 = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8((char)0xE4)));
	unsigned ef = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8((char)0xEF)));
	unsigned x80 = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8((char)0x80)));
	unsigned x87 = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8((char)0x87)));
	unsigned xb7 = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8((char)0xB7)));
	/* BC to BF: signed, above BB */
	unsigned xbc = (unsigned)_mm_movemask_epi8(
		_mm_and_si128(cont, _mm_cmpgt_epi8(v, _mm_set1_epi8((char)0xBB))));
	h &= ~(e4 & (xb7 >> 1));
	unsigned stop = e2 | (e3 & (x80 >> 1) & ~(x87 >> 2)) | (ef & (xbc >> 1));
	unsigned whole = (h | stop) & (c >> 1) & (c >> 2) & 0x1249;
	/* the first of the five places that is not one of these */
	unsigned p = (unsigned)__builtin_ctz((~whole & 0x1249) | 0x8000);
	if (!p)
		return 0;
	h &= whole & ((1u << p) - 1);
	*han += (int)((h & 1) + (h >> 3 & 1) + (h >> 6 & 1) + (h >> 9 & 1) + (h >> 12 & 1));
	*in_word = 0;
	return p;
}
#endif

void lang_feed(struct lang_tally *t, const char *s, size_t len)
{
	size_t i = 0;
	int in_word = t->in_word, words = t->words, han = t->han;
	while (i < len) {
		uint32_t cp;
#if defined(__SSE2__) && defined(__GNUC__)
		if (len - i >= 16) {
			size_t step = lang_chunk(s + i, &words, &han, &in_word);
			if (step) {
				i += step;
				continue;
			}
		}
#endif
		unsigned char b = (unsigned char)s[i];
		if (b < 0x80) {
			/* ASCII, most of the English text: a table, no decoding
			 * (the decoder call was a tenth of this function's time),
			 * the tally in locals until the run ends */
			do {
				unsigned char k = ascii_class[b];
				if (k == ASCII_LETTER) {
					words += !in_word;
					in_word = 1;
				} else if (k == ASCII_BREAK) {
					in_word = 0;
				}
				if (++i == len)
					break;
				b = (unsigned char)s[i];
			} while (b < 0x80);
			continue;
		}
		if (b >= 0xE4 && b <= 0xE9 && len - i >= 3 && ((unsigned char)s[i + 1] & 0xC0) == 0x80 &&
		    ((unsigned char)s[i + 2] & 0xC0) == 0x80) {
			/* U+4000 to U+9FFF, most of the Chinese text: Han but for
			 * the hexagrams U+4DC0 to U+4DFF, told without decoding */
			uint32_t c = (uint32_t)(b & 0x0F) << 12 | (uint32_t)(s[i + 1] & 0x3F) << 6 |
				     (uint32_t)(s[i + 2] & 0x3F);
			if (c < 0x4DC0 || c > 0x4DFF) {
				han++;
				in_word = 0;
				i += 3;
				continue;
			}
		}
		int n = utf8_decode_fast(s + i, len - i, &cp);
		i += n > 0 ? (size_t)n : 1;
		if (cp == 0xE000) {
			/* skip a span's placeholder, U+E000 digits U+E001 (spans.c):
			 * on to the closing one's first byte, then its 3 bytes */
			while (i < len && (unsigned char)s[i] != 0xEE)
				i++;
			i += 3;
			in_word = 0;
			continue;
		}
		if (utf8_is_han(cp)) {
			han++;
			in_word = 0;
		} else if (utf8_is_latin(cp)) {
			words += !in_word;
			in_word = 1;
		} else if (!(cp >= '0' && cp <= '9') && cp != '-' && cp != '\'') {
			in_word = 0;
		}
	}
	t->in_word = in_word;
	t->words = words;
	t->han = han;
}

enum lang lang_verdict(const struct lang_tally *t)
{
	if (!t->han && !t->words)
		return LANG_NONE;
	return t->han >= t->words ? LANG_ZH : LANG_EN;
}

enum lang lang_detect(const char *s, size_t len)
{
	struct lang_tally t = { 0, 0, 0, 0 };
	lang_feed(&t, s, len);
	return lang_verdict(&t);
}

char *lang_slug(struct arena *a, const char *s)
{
	struct buf b = BUF_INIT;
	int dash = 0;
	size_t len = strlen(s), i = 0;
	while (i < len) {
		uint32_t cp;
		int n = utf8_decode(s + i, len - i, &cp);
		size_t step = n > 0 ? (size_t)n : 1;
		if (cp < 0x80 && isalnum((int)cp)) {
			if (dash && b.len)
				buf_addch(&b, '-');
			buf_addch(&b, tolower((int)cp));
			dash = 0;
		} else if (cp >= 0x80 && (utf8_is_han(cp) || utf8_is_latin(cp))) {
			if (dash && b.len)
				buf_addch(&b, '-');
			buf_add(&b, s + i, step);
			dash = 0;
		} else {
			dash = 1;
		}
		i += step;
	}
	char *r = arena_strdup(a, b.data);
	buf_release(&b);
	return r;
}

/* Is cp a letter or digit outside ASCII that GitHub's slugs keep? (Its
 * slugger drops Unicode punctuation and symbols; these are the letters of
 * the scripts a book here is written in.) */
static int slug_letter(uint32_t cp)
{
	return utf8_is_han(cp) || utf8_is_latin(cp) ||
	       (cp >= 0x370 && cp <= 0x52F) ||      /* Greek, Cyrillic */
	       (cp >= 0x3041 && cp <= 0x30FA) ||    /* kana */
	       (cp >= 0xAC00 && cp <= 0xD7A3);      /* hangul */
}

char *lang_github_slug(struct arena *a, const char *s)
{
	struct buf b = BUF_INIT;
	size_t len = strlen(s), i = 0;
	while (i < len) {
		uint32_t cp;
		int n = utf8_decode(s + i, len - i, &cp);
		size_t step = n > 0 ? (size_t)n : 1;
		if (cp < 0x80) {
			if (isalnum((int)cp) || cp == '-' || cp == '_')
				buf_addch(&b, (char)tolower((int)cp));
			else if (cp == ' ')
				buf_addch(&b, '-');
		} else if (n > 0 && slug_letter(cp)) {
			char out[4];
			if (cp >= 0xC0 && cp <= 0xDE && cp != 0xD7)
				cp += 0x20;   /* Latin-1 capitals */
			buf_add(&b, out, (size_t)utf8_encode(cp, out));
		}
		i += step;
	}
	char *r = arena_strdup(a, b.len ? b.data : "");
	buf_release(&b);
	return r;
}

size_t lang_number_prefix(const char *s)
{
	size_t i = 0;
	while (isdigit((unsigned char)s[i]) || (s[i] == '.' && isdigit((unsigned char)s[i + 1])))
		i++;
	if (i && s[i] == '.')
		i++;
	if (i && s[i] == ' ')
		return i + 1;
	return 0;
}

static int has_han(const char *s, size_t len)
{
	size_t i = 0;
	while (i < len) {
		uint32_t cp;
		int n = utf8_decode(s + i, len - i, &cp);
		if (utf8_is_han(cp))
			return 1;
		i += n > 0 ? (size_t)n : 1;
	}
	return 0;
}

int lang_split_title(struct arena *a, const char *text, struct bitext *out)
{
	size_t len = strlen(text);
	while (len && text[len - 1] == ' ')
		len--;
	out->zh = out->en = NULL;
	/* "… (English)" or "… （English）" */
	size_t close = 0, open_len = 1;
	if (len && text[len - 1] == ')')
		close = len - 1;
	else if (len >= 3 && !memcmp(text + len - 3, "\xEF\xBC\x89", 3))
		close = len - 3;
	if (close) {
		int depth = 0;
		for (size_t i = close + 1; i-- > 0;) {
			int is_close = text[i] == ')' || (i + 3 <= len && !memcmp(text + i, "\xEF\xBC\x89", 3));
			int is_open = text[i] == '(' || (i + 3 <= len && !memcmp(text + i, "\xEF\xBC\x88", 3));
			if (is_close)
				depth++;
			if (is_open && --depth == 0) {
				open_len = text[i] == '(' ? 1 : 3;
				const char *tail = text + i + open_len;
				size_t tail_len = close - i - open_len;
				size_t head_len = i;
				while (head_len && text[head_len - 1] == ' ')
					head_len--;
				/* a Chinese title with Latin names in it ("DeepSeek-V3 与 R1")
				 * still counts: any Han before, none inside */
				if (head_len && !has_han(tail, tail_len) &&
				    lang_detect(tail, tail_len) == LANG_EN &&
				    has_han(text, head_len)) {
					size_t num = lang_number_prefix(text);
					out->zh = arena_strndup(a, text, head_len);
					out->en = arena_printf(a, "%.*s%.*s", (int)num, text,
							       (int)tail_len, tail);
					return 1;
				}
				break;
			}
		}
	}
	char *whole = arena_strndup(a, text, len);
	if (lang_detect(text, len) == LANG_ZH)
		out->zh = whole;
	else
		out->en = whole;
	return 0;
}

void lang_bitext(struct dom_node *parent, struct bitext t)
{
	if (t.zh && t.en) {
		struct dom_node *bi = dom_elem_class(parent, "span", "bi");
		struct dom_node *zh = dom_elem(bi, "span");
		dom_attr(zh, "lang", "zh-Hans");
		dom_texts(zh, t.zh);
		dom_texts(bi, " ");
		struct dom_node *en = dom_elem(bi, "span");
		dom_attr(en, "lang", "en");
		dom_texts(en, t.en);
	} else if (t.zh) {
		struct dom_node *zh = dom_elem(parent, "span");
		dom_attr(zh, "lang", "zh-Hans");
		dom_texts(zh, t.zh);
	} else {
		dom_texts(parent, t.en ? t.en : "");
	}
}
