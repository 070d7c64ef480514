/*
 * alloc.h — allocation that cannot fail.
 *
 * specbook is an application: when memory runs out there is nothing sensible
 * left to do, so these wrappers print one line and exit(2) instead of
 * returning NULL.  Size arithmetic that could overflow goes through
 * size_mul()/size_add(), which die the same way.
 */
#ifndef SPECBOOK_ALLOC_H
#define SPECBOOK_ALLOC_H

#include <stddef.h>
#include <stdint.h>

void *xmalloc(size_t size);                 /* never NULL; free() it */
void *xcalloc(size_t count, size_t size);   /* zeroed; free() it */
void *xrealloc(void *ptr, size_t size);     /* never NULL */
char *xstrdup(const char *s);               /* free() it */
char *xstrndup(const char *s, size_t n);    /* copies at most n bytes, NUL-terminated */

/* Prints that a size overflowed (a op b) and exits(2). */
_Noreturn void size_overflow(size_t a, const char *op, size_t b);

/* a*b and a+b, or exit on overflow: inline, as every arena allocation
 * rounds its size through size_add() (a call each was 1% of rendering). */
static inline size_t size_mul(size_t a, size_t b)
{
	if (b && a > SIZE_MAX / b)
		size_overflow(a, "×", b);
	return a * b;
}

static inline size_t size_add(size_t a, size_t b)
{
	if (a > SIZE_MAX - b)
		size_overflow(a, "+", b);
	return a + b;
}

/* Grow *items (of *cap elements of size elem) so that it holds at least need. */
void array_grow(void **items, size_t *cap, size_t need, size_t elem);
/* The capacity is checked inline: most pushes find room, and the call to
 * array_grow() on every push was 0.6% of a build's instructions. */
#define ARRAY_PUSH(items, len, cap) \
	((len) < (cap) ? (void)0 : array_grow((void **)&(items), &(cap), (len) + 1, sizeof *(items)), \
	 &(items)[(len)++])

#endif
