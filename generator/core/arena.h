/*
 * arena.h — memory that lives as long as a job.
 *
 * The book model, parsed YAML trees and everything that lives until the end
 * of a build is allocated from one arena and freed at once with
 * arena_free(); nothing in it is freed piecemeal.  An arena is not
 * thread-safe: each rendering thread gets its own.
 */
#ifndef SPECBOOK_ARENA_H
#define SPECBOOK_ARENA_H

#include <stdalign.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

struct arena_block {
	struct arena_block *next;
	size_t used, size;
	alignas(max_align_t) unsigned char data[];
};

struct arena {
	struct arena_block *head;   /* newest block; NULL when empty */
};

#define ARENA_INIT { 0 }

/* Returns size bytes aligned for any type, zeroed; never NULL. */
void *arena_alloc(struct arena *a, size_t size);
/* The same, not zeroed: for buffers about to be filled (file contents).
 * Inline when the newest block has room: a chapter makes close to a
 * million allocations, and the call was a third of each. */
void *arena_alloc_new_block(struct arena *a, size_t size);
static inline void *arena_alloc_uninit(struct arena *a, size_t size)
{
	const size_t align = alignof(max_align_t);
	struct arena_block *b = a->head;
	if (b && size <= SIZE_MAX - align) {
		size_t rounded = (size + align - 1) & ~(align - 1);
		if (b->size - b->used >= rounded) {
			void *p = b->data + b->used;
			b->used += rounded;
			return p;
		}
	}
	return arena_alloc_new_block(a, size);
}

/* Grows the allocation p of size bytes to new_size in place when it is the
 * arena's latest and its block has room: returns 1, else 0 (p unchanged). */
int arena_extend(struct arena *a, void *p, size_t size, size_t new_size);
/* Returns a zeroed array of count elements of size bytes each. */
void *arena_array(struct arena *a, size_t count, size_t size);
/* Returns a NUL-terminated copy of s (at most n bytes of it). */
char *arena_strdup(struct arena *a, const char *s);
char *arena_strndup(struct arena *a, const char *s, size_t n);
/* Returns the formatted string, in the arena. */
char *arena_printf(struct arena *a, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
char *arena_vprintf(struct arena *a, const char *fmt, va_list ap)
	__attribute__((format(printf, 2, 0)));
/* Returns the concatenation of the strings given, up to a NULL: what
 * arena_printf(a, "%s%s…") makes, without a format to parse (printf was 6%
 * of a build, most of it hrefs put together on every page). */
char *arena_cat(struct arena *a, ...) __attribute__((sentinel));
/* Moves every allocation of from into a (from is left empty): what a
 * thread made in an arena of its own lives on in a. */
void arena_absorb(struct arena *a, struct arena *from);
/* Frees every allocation of the arena; the arena may be used again. */
void arena_free(struct arena *a);

#endif
