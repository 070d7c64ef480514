/*
 * utf8.c — strict UTF-8 decoding and script classes (see utf8.h).
 */
#include "core/utf8.h"

#include <string.h>

#if defined(__SSE2__) && defined(__GNUC__)
#include <emmintrin.h>
#endif

int utf8_decode(const char *str, size_t len, uint32_t *cp)
{
	const unsigned char *s = (const unsigned char *)str;
	*cp = 0xFFFD;
	if (len == 0)
		return -1;
	if (s[0] < 0x80) {
		*cp = s[0];
		return 1;
	}
	int n;
	uint32_t c, min;
	if ((s[0] & 0xE0) == 0xC0) {
		n = 2, c = s[0] & 0x1F, min = 0x80;
	} else if ((s[0] & 0xF0) == 0xE0) {
		n = 3, c = s[0] & 0x0F, min = 0x800;
	} else if ((s[0] & 0xF8) == 0xF0) {
		n = 4, c = s[0] & 0x07, min = 0x10000;
	} else {
		return -1;
	}
	if ((size_t)n > len)
		return -1;
	for (int i = 1; i < n; i++) {
		if ((s[i] & 0xC0) != 0x80)
			return -1;
		c = (c << 6) | (s[i] & 0x3F);
	}
	if (c < min || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF))
		return -1;
	*cp = c;
	return n;
}

#if defined(__SSE2__) && defined(__GNUC__)
/* How many of the 16 bytes at s are known valid by a look at all of them
 * at once: an ASCII run, or five three-byte characters in a row (most of
 * Chinese prose: a lead E1 to EC or EE to EF, two continuation bytes; the
 * leads E0 and ED, which restrict the next byte, are left to the careful
 * loop); 0 when s starts with anything else. */
static size_t valid_chunk(const char *s)
{
	__m128i v = _mm_loadu_si128((const __m128i *)(const void *)s);
	unsigned high = (unsigned)_mm_movemask_epi8(v);
	if (!(high & 1))
		return high ? (size_t)__builtin_ctz(high) : 16;
	__m128i top4 = _mm_and_si128(v, _mm_set1_epi8((char)0xF0));
	unsigned lead = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(top4, _mm_set1_epi8((char)0xE0)));
	unsigned cont = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(
		_mm_and_si128(v, _mm_set1_epi8((char)0xC0)), _mm_set1_epi8((char)0x80)));
	unsigned odd = (unsigned)_mm_movemask_epi8(_mm_or_si128(
		_mm_cmpeq_epi8(v, _mm_set1_epi8((char)0xE0)), _mm_cmpeq_epi8(v, _mm_set1_epi8((char)0xED))));
	if ((lead & 0x7FFF) == 0x1249 && (cont & 0x7FFF) == 0x6DB6 && !(odd & 0x1249))
		return 15;
	return 0;
}
#endif

size_t utf8_validate(const char *s, size_t len)
{
	size_t i = 0;
	while (i < len) {
#if defined(__SSE2__) && defined(__GNUC__)
		if (len - i >= 16) {
			size_t n = valid_chunk(s + i);
			if (n) {
				i += n;
				continue;
			}
		}
#else
		uint64_t w;
		if (len - i >= 8 && (memcpy(&w, s + i, 8), !(w & 0x8080808080808080ULL))) {
			i += 8;   /* eight ASCII bytes at once: most of the English text */
			continue;
		}
#endif
		if ((unsigned char)s[i] < 0x80) {
			i++;
			continue;
		}
		/* a run of three-byte sequences (CJK) checked without decoding
		 * them, with utf8_decode()'s verdicts: two continuation bytes,
		 * no overlong form (E0 then 80-9F), no surrogate (ED then A0-BF) */
		const unsigned char *u = (const unsigned char *)s;
		if (len - i >= 3 && (u[i] & 0xF0) == 0xE0 && (u[i + 1] & 0xC0) == 0x80 &&
		    (u[i + 2] & 0xC0) == 0x80 && !(u[i] == 0xE0 && u[i + 1] < 0xA0) &&
		    !(u[i] == 0xED && u[i + 1] >= 0xA0)) {
			i += 3;
			continue;
		}
		uint32_t cp;
		int n = utf8_decode_fast(s + i, len - i, &cp);
		if (n < 0)
			return i;
		i += (size_t)n;
	}
	return len;
}

int utf8_encode(uint32_t cp, char *out)
{
	unsigned char *o = (unsigned char *)out;
	if (cp < 0x80) {
		o[0] = (unsigned char)cp;
		return 1;
	}
	if (cp < 0x800) {
		o[0] = (unsigned char)(0xC0 | (cp >> 6));
		o[1] = (unsigned char)(0x80 | (cp & 0x3F));
		return 2;
	}
	if (cp < 0x10000) {
		o[0] = (unsigned char)(0xE0 | (cp >> 12));
		o[1] = (unsigned char)(0x80 | ((cp >> 6) & 0x3F));
		o[2] = (unsigned char)(0x80 | (cp & 0x3F));
		return 3;
	}
	o[0] = (unsigned char)(0xF0 | (cp >> 18));
	o[1] = (unsigned char)(0x80 | ((cp >> 12) & 0x3F));
	o[2] = (unsigned char)(0x80 | ((cp >> 6) & 0x3F));
	o[3] = (unsigned char)(0x80 | (cp & 0x3F));
	return 4;
}

int utf8_is_cjk(uint32_t cp)
{
	return utf8_is_han(cp) ||
	       (cp >= 0x3000 && cp <= 0x303F) ||   /* CJK symbols and punctuation */
	       (cp >= 0x3040 && cp <= 0x30FF) ||   /* kana */
	       (cp >= 0xAC00 && cp <= 0xD7AF) ||   /* hangul */
	       (cp >= 0xFF00 && cp <= 0xFFEF) ||   /* fullwidth forms */
	       (cp >= 0x2E80 && cp <= 0x2FDF);     /* radicals */
}

int utf8_width(uint32_t cp)
{
	if (utf8_is_cjk(cp) || (cp >= 0x1100 && cp <= 0x115F) ||
	    (cp >= 0x1F300 && cp <= 0x1FAFF))
		return 2;
	return 1;
}

size_t utf8_length(const char *s, size_t len)
{
	size_t n = 0, i = 0;
	while (i < len) {
		if ((unsigned char)s[i] < 0x80) {   /* ASCII, most of it: no decoding */
			i++;
			n++;
			continue;
		}
		uint32_t cp;
		int k = utf8_decode(s + i, len - i, &cp);
		i += k > 0 ? (size_t)k : 1;
		n++;
	}
	return n;
}

size_t utf8_column_offset(const char *text, size_t len, int col)
{
	size_t i = 0;
	for (int c = 1; i < len && c < col; c++) {
		uint32_t cp;
		int n = utf8_decode(text + i, len - i, &cp);
		i += (size_t)(n > 0 ? n : 1);   /* an invalid byte: one column */
	}
	return i;
}
