/*
 * pack.h — plain values packed into bytes and read back, and a hash of
 * bytes: how the build cache writes its records (cache.h) and how a page
 * keeps its links for the next build (link.c).
 *
 * Numbers are unsigned 64-bit, seven bits a byte, low bits first; a string
 * is its length + 1 (0: NULL), then its bytes and a NUL.  A reader never
 * reads past its end: a short or garbled record sets bad, and every value
 * read after that is 0 or NULL.
 */
#ifndef SPECBOOK_PACK_H
#define SPECBOOK_PACK_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "core/arena.h"
#include "core/buffer.h"

/* A 64-bit hash of n bytes, continuing from h (start with PACK_HASH_INIT). */
#define PACK_HASH_INIT 0xcbf29ce484222325ULL
uint64_t pack_hash(uint64_t h, const void *data, size_t n);
uint64_t pack_hash_str(uint64_t h, const char *s);   /* NULL and "" differ */
uint64_t pack_hash_u64(uint64_t h, uint64_t v);
/* A 64-bit hash of n bytes, four times as fast as pack_hash() on long
 * ones: for the seals of the cache's records and other hashes of whole
 * files (it tells damage and change, it is no defence against a forger). */
uint64_t pack_hash_block(const void *data, size_t n);

struct pack_reader {
	const char *p, *end;
	int bad;                     /* read past the end or found nonsense */
	struct arena *a;             /* strings are copied here */
	char *data;                  /* the file's bytes (cache_done() frees them) */
	int borrow;                  /* strings point into the record (a mapped pack),
					valid until cache_close() */
};

/* Appends v.  Most are one byte into a buffer with room, written inline
 * (a call each, and a string's, were half of what keeping a chapter's
 * record for the next build cost a full build: some 190 links a chapter,
 * five values each); the rest pack_put_u64_long() writes. */
void pack_put_u64_long(struct buf *b, uint64_t v);
static inline void pack_put_u64(struct buf *b, uint64_t v)
{
	if (v < 0x80 && b->len + 2 <= b->cap) {   /* room for the byte and the NUL */
		b->data[b->len++] = (char)v;
		b->data[b->len] = '\0';
		return;
	}
	pack_put_u64_long(b, v);
}
/* Appends s: its length + 1 (0: NULL), then its bytes with their NUL (a
 * mapped record's strings are used in place). */
static inline void pack_put_str(struct buf *b, const char *s)
{
	if (!s) {
		pack_put_u64(b, 0);
		return;
	}
	size_t n = strlen(s);
	pack_put_u64(b, (uint64_t)n + 1);
	buf_add(b, s, n + 1);
}
/* Returns the next number, or 0 with r->bad set when there is none.  Most
 * are one byte, read inline (a call each was 4 of a rebuild's 122 M
 * instructions); the rest pack_get_u64_long() reads. */
uint64_t pack_get_u64_long(struct pack_reader *r);
static inline uint64_t pack_get_u64(struct pack_reader *r)
{
	if (!r->bad && r->p < r->end && !(*r->p & 0x80))
		return (unsigned char)*r->p++;
	return pack_get_u64_long(r);
}
const char *pack_get_str(struct pack_reader *r);

#endif
