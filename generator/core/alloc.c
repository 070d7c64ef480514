/*
 * alloc.c — allocation that cannot fail (see alloc.h).
 */
#include "core/alloc.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void die_oom(size_t size)
{
	fprintf(stderr, "specbook: fatal: out of memory allocating %zu bytes\n", size);
	exit(2);
}

void *xmalloc(size_t size)
{
	void *p = malloc(size ? size : 1);
	if (!p)
		die_oom(size);
	return p;
}

void *xcalloc(size_t count, size_t size)
{
	void *p = calloc(count ? count : 1, size ? size : 1);
	if (!p)
		die_oom(size_mul(count, size));
	return p;
}

void *xrealloc(void *ptr, size_t size)
{
	void *p = realloc(ptr, size ? size : 1);
	if (!p)
		die_oom(size);
	return p;
}

char *xstrndup(const char *s, size_t n)
{
	size_t len = strnlen(s, n);
	char *p = xmalloc(size_add(len, 1));
	memcpy(p, s, len);
	p[len] = '\0';
	return p;
}

char *xstrdup(const char *s)
{
	return xstrndup(s, SIZE_MAX);
}

void size_overflow(size_t a, const char *op, size_t b)
{
	fprintf(stderr, "specbook: fatal: size overflow (%zu %s %zu)\n", a, op, b);
	exit(2);
}

void array_grow(void **items, size_t *cap, size_t need, size_t elem)
{
	if (need <= *cap)
		return;
	size_t cap2 = *cap ? *cap : 8;
	while (cap2 < need)
		cap2 = size_mul(cap2, 2);
	*items = xrealloc(*items, size_mul(cap2, elem));
	*cap = cap2;
}
