/*
 * arena.c — bump allocation in chained blocks (see arena.h).
 *
 * Blocks are ARENA_BLOCK_SIZE bytes unless one allocation needs more, in
 * which case that allocation gets a block of its own.
 */
#include "core/arena.h"
#include "core/alloc.h"

#include <stdalign.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Big enough that a chapter's nodes fit in a few blocks, small enough not to
 * waste memory on tiny test books. */
#define ARENA_BLOCK_SIZE (64 * 1024)

void *arena_alloc(struct arena *a, size_t size)
{
	return memset(arena_alloc_uninit(a, size), 0, size);
}

/* arena_alloc_uninit()'s slow path: size does not fit in the newest block
 * (or there is none, or size overflows when rounded). */
void *arena_alloc_new_block(struct arena *a, size_t size)
{
	const size_t align = alignof(max_align_t);
	size = size_add(size, align - 1) & ~(align - 1);
	struct arena_block *b = a->head;
	if (!b || b->size - b->used < size) {
		size_t bsize = size > ARENA_BLOCK_SIZE ? size : ARENA_BLOCK_SIZE;
		b = xmalloc(size_add(sizeof *b, bsize));
		b->size = bsize;
		b->used = 0;
		if (a->head && size > ARENA_BLOCK_SIZE) {
			/* a big one-off: keep the current block for small allocations */
			b->next = a->head->next;
			a->head->next = b;
		} else {
			b->next = a->head;
			a->head = b;
		}
	}
	void *p = b->data + b->used;
	b->used += size;
	return p;
}

int arena_extend(struct arena *a, void *p, size_t size, size_t new_size)
{
	const size_t align = alignof(max_align_t);
	struct arena_block *b = a->head;
	size = size_add(size, align - 1) & ~(align - 1);
	new_size = size_add(new_size, align - 1) & ~(align - 1);
	if (!b || (unsigned char *)p + size != b->data + b->used)
		return 0;
	size_t at = b->used - size;
	if (new_size > b->size - at)
		return 0;
	b->used = at + new_size;
	return 1;
}

void arena_absorb(struct arena *a, struct arena *from)
{
	struct arena_block *tail = from->head;
	if (!tail)
		return;
	while (tail->next)
		tail = tail->next;
	if (a->head) {   /* behind a's current block, which keeps serving */
		tail->next = a->head->next;
		a->head->next = from->head;
	} else {
		a->head = from->head;
	}
	from->head = NULL;
}

void *arena_array(struct arena *a, size_t count, size_t size)
{
	return arena_alloc(a, size_mul(count, size));
}

/* The string and its NUL, copied: nothing zeroed first (a call to memset()
 * for each of a chapter's hundreds of thousands of strings). */
static char *copy_str(struct arena *a, const char *s, size_t len)
{
	char *p = arena_alloc_uninit(a, size_add(len, 1));
	memcpy(p, s, len);
	p[len] = '\0';
	return p;
}

char *arena_strndup(struct arena *a, const char *s, size_t n)
{
	return copy_str(a, s, strnlen(s, n));
}

char *arena_strdup(struct arena *a, const char *s)
{
	return copy_str(a, s, strlen(s));
}

char *arena_vprintf(struct arena *a, const char *fmt, va_list ap)
{
	/* most results are short (hrefs, ids, "line:col"): formatted once
	 * on the stack and copied, not measured and then formatted again */
	char small[256];
	va_list ap2;
	va_copy(ap2, ap);
	int n = vsnprintf(small, sizeof small, fmt, ap2);
	va_end(ap2);
	if (n < 0)
		n = 0;
	char *p = arena_alloc_uninit(a, (size_t)n + 1);
	if ((size_t)n < sizeof small)
		memcpy(p, small, (size_t)n + 1);
	else
		vsnprintf(p, (size_t)n + 1, fmt, ap);
	return p;
}

char *arena_cat(struct arena *a, ...)
{
	/* the first few lengths kept from the measuring pass for the copying
	 * one: most calls join under eight strings (an href of four) */
	size_t lens[8];
	va_list ap;
	size_t n = 0, k = 0;
	va_start(ap, a);
	for (const char *s; (s = va_arg(ap, const char *)); k++) {
		size_t len = strlen(s);
		if (k < sizeof lens / sizeof *lens)
			lens[k] = len;
		n = size_add(n, len);
	}
	va_end(ap);
	char *p = arena_alloc_uninit(a, size_add(n, 1)), *o = p;
	va_start(ap, a);
	k = 0;
	for (const char *s; (s = va_arg(ap, const char *)); k++) {
		size_t len = k < sizeof lens / sizeof *lens ? lens[k] : strlen(s);
		memcpy(o, s, len);
		o += len;
	}
	va_end(ap);
	*o = '\0';
	return p;
}

char *arena_printf(struct arena *a, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	char *p = arena_vprintf(a, fmt, ap);
	va_end(ap);
	return p;
}

void arena_free(struct arena *a)
{
	struct arena_block *b = a->head;
	while (b) {
		struct arena_block *next = b->next;
		free(b);
		b = next;
	}
	a->head = NULL;
}
