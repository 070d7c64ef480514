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

/* Returns the byte offset of the first invalid sequence, or len if valid. */
size_t utf8_validate(const char *s, size_t len);

/* Writes cp as UTF-8 into out (at least 4 bytes); returns the length. */
int utf8_encode(uint32_t cp, char *out);

int utf8_is_han(uint32_t cp);      /* a Han ideograph */
int utf8_is_cjk(uint32_t cp);      /* Han, kana, hangul, CJK punctuation, fullwidth forms */
int utf8_is_latin(uint32_t cp);    /* ASCII or Latin-1/extended letter */
int utf8_width(uint32_t cp);       /* terminal columns: 2 for wide characters */

/* Returns the number of code points in s[0..len) (invalid bytes count one each). */
size_t utf8_length(const char *s, size_t len);

#endif
