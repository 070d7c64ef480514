/*
 * utf8.h — the little UTF-8 and script knowledge specbook needs.
 *
 * Decoding is strict (no overlongs, no surrogates, nothing above U+10FFFF),
 * so that invalid input is found at load time and reported with its place.
 */
#ifndef SPECBOOK_UTF8_H
#define SPECBOOK_UTF8_H

#include <stddef.h>
#include <stdint.h>

/* Returns the length (1–4) of the sequence at s and stores its code point,
 * or returns -1 for an invalid sequence (and stores U+FFFD). */
int utf8_decode(const char *s, size_t len, uint32_t *cp);

/* The same, with ASCII and three-byte sequences (all of CJK) decoded
 * inline: for the loops that walk every character of a book's text. */
static inline int utf8_decode_fast(const char *str, size_t len, uint32_t *cp)
{
	const unsigned char *u = (const unsigned char *)str;
	if (len && u[0] < 0x80) {
		*cp = u[0];
		return 1;
	}
	if (len >= 3 && (u[0] & 0xF0) == 0xE0 && (u[1] & 0xC0) == 0x80 && (u[2] & 0xC0) == 0x80) {
		uint32_t c = (uint32_t)(u[0] & 0x0F) << 12 | (uint32_t)(u[1] & 0x3F) << 6 | (u[2] & 0x3F);
		if (c >= 0x800 && (c < 0xD800 || c > 0xDFFF)) {
			*cp = c;
			return 3;
		}
	}
	return utf8_decode(str, len, cp);
}

/* Returns the byte offset where code point col (1-based) of text[0..len)
 * starts (len when the line is shorter): a diagnostic's column back to
 * its byte. */
size_t utf8_column_offset(const char *text, size_t len, int col);

/* Returns the byte offset of the first invalid sequence, or len if valid. */
size_t utf8_validate(const char *s, size_t len);

/* Writes cp as UTF-8 into out (at least 4 bytes); returns the length. */
int utf8_encode(uint32_t cp, char *out);

/* The two script tests language detection and the search tokenizer ask of
 * every character are inline: as calls they were 2% of a 1000-chapter
 * build. */

/* A Han ideograph */
static inline int utf8_is_han(uint32_t cp)
{
	return (cp >= 0x4E00 && cp <= 0x9FFF) ||   /* CJK Unified Ideographs */
	       (cp >= 0x3400 && cp <= 0x4DBF) ||   /* Extension A */
	       (cp >= 0xF900 && cp <= 0xFAFF) ||   /* Compatibility Ideographs */
	       (cp >= 0x20000 && cp <= 0x3134F) || /* Extensions B–G */
	       cp == 0x3007;                        /* 〇 */
}

/* ASCII or Latin-1/extended letter */
static inline int utf8_is_latin(uint32_t cp)
{
	return (cp >= 'A' && cp <= 'Z') || (cp >= 'a' && cp <= 'z') ||
	       (cp >= 0xC0 && cp <= 0x24F && cp != 0xD7 && cp != 0xF7);
}

int utf8_is_cjk(uint32_t cp);      /* Han, kana, hangul, CJK punctuation, fullwidth forms */
int utf8_width(uint32_t cp);       /* terminal columns: 2 for wide characters */

/* Returns the number of code points in s[0..len) (invalid bytes count one each). */
size_t utf8_length(const char *s, size_t len);

#endif
