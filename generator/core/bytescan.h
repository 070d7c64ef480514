/*
 * bytescan.h — finding the next byte of a small set in a text, sixteen
 * bytes at a time where SSE2 is there (every x86-64).
 */
#ifndef SPECBOOK_BYTESCAN_H
#define SPECBOOK_BYTESCAN_H

#if defined(__SSE2__) && defined(__GNUC__)
#define BYTESCAN_SSE2 1
#include <emmintrin.h>
#include <stddef.h>

/* A bit for each of the sixteen bytes at p that set holds. */
typedef unsigned bytescan_mask_fn(const char *p, const void *set);

/* Returns the index of the first byte of s[i..len) whose bit mask() sets,
 * sixteen bytes at a time, the last few as the last sixteen with those
 * already seen masked off; len when there is none.  A text shorter than
 * sixteen bytes is left to the caller: i is returned as it is, and so it
 * is when i >= len.  Inline, so that the mask given at each call is
 * inlined into the loop. */
static inline size_t bytescan_next(const char *s, size_t i, size_t len, bytescan_mask_fn *mask,
				   const void *set)
{
	for (; i + 16 <= len; i += 16) {
		unsigned m = mask(s + i, set);
		if (m)
			return i + (size_t)__builtin_ctz(m);
	}
	if (i < len && len >= 16) {
		size_t base = len - 16;   /* i > base here */
		unsigned m = mask(s + base, set) & (0xFFFFu << (i - base));
		return m ? base + (size_t)__builtin_ctz(m) : len;
	}
	return i;
}
#endif

#endif
