/*
 * pack.c — plain values packed into bytes and read back; the hash of
 * bytes (see pack.h).
 */
#include "core/pack.h"

#include <string.h>

#define NULL_LEN UINT64_MAX

/* Eight bytes at a time (the book's bytes are hashed on every full
 * load), then FNV-1a over the tail; a change detector, not a defence
 * against collisions made on purpose. */
uint64_t pack_hash(uint64_t h, const void *data, size_t n)
{
	const unsigned char *p = data;
	size_t i = 0;
	for (; i + 8 <= n; i += 8) {
		uint64_t w;
		memcpy(&w, p + i, sizeof w);
		h = (h ^ w) * 0x9e3779b97f4a7c15ULL;
		h ^= h >> 32;
	}
	for (; i < n; i++) {
		h ^= p[i];
		h *= 0x100000001b3ULL;
	}
	return h;
}

/* A word of bytes, as memcpy() reads it (the compiler makes it one load). */
static inline uint64_t load64(const unsigned char *p)
{
	uint64_t w;
	memcpy(&w, p, sizeof w);
	return w;
}

/* 32 bytes a step, on four lanes whose multiplications overlap, each step
 * (h ^ word) * an odd constant, a bijection of h, so that any one word
 * changed changes the hash; then pack_hash() of the length, the lanes and
 * the tail.  pack_hash() itself, one multiplication after another with a
 * shift between, was 6% of a rebuild's instructions as the cache's seal.
 * The lanes are four variables and the loop takes two steps at a time:
 * as an array the compiler kept them (and the words) in memory, 23
 * instructions a step where 10 do; the hash is the same. */
uint64_t pack_hash_block(const void *data, size_t n)
{
	const unsigned char *p = data;
	const uint64_t m = 0x9e3779b97f4a7c15ULL;
	uint64_t h0 = PACK_HASH_INIT, h1 = PACK_HASH_INIT + 1, h2 = PACK_HASH_INIT + 2,
		 h3 = PACK_HASH_INIT + 3;
	size_t i = 0;
	for (; i + 64 <= n; i += 64) {
		h0 = (h0 ^ load64(p + i)) * m;
		h1 = (h1 ^ load64(p + i + 8)) * m;
		h2 = (h2 ^ load64(p + i + 16)) * m;
		h3 = (h3 ^ load64(p + i + 24)) * m;
		h0 = (h0 ^ load64(p + i + 32)) * m;
		h1 = (h1 ^ load64(p + i + 40)) * m;
		h2 = (h2 ^ load64(p + i + 48)) * m;
		h3 = (h3 ^ load64(p + i + 56)) * m;
	}
	if (i + 32 <= n) {
		h0 = (h0 ^ load64(p + i)) * m;
		h1 = (h1 ^ load64(p + i + 8)) * m;
		h2 = (h2 ^ load64(p + i + 16)) * m;
		h3 = (h3 ^ load64(p + i + 24)) * m;
		i += 32;
	}
	uint64_t r = pack_hash_u64(PACK_HASH_INIT, n);
	r = pack_hash_u64(r, h0);
	r = pack_hash_u64(r, h1);
	r = pack_hash_u64(r, h2);
	r = pack_hash_u64(r, h3);
	return pack_hash(r, p + i, n - i);
}

uint64_t pack_hash_u64(uint64_t h, uint64_t v)
{
	return pack_hash(h, &v, sizeof v);
}

uint64_t pack_hash_str(uint64_t h, const char *s)
{
	if (!s)
		return pack_hash_u64(h, NULL_LEN);
	size_t n = strlen(s);
	return pack_hash(pack_hash_u64(h, n), s, n);
}

/* Numbers are written seven bits a byte, low bits first, the top bit
 * saying more follow: most are counts, lines and lengths of one byte, and
 * eight bytes each made the pack of a 10 000-chapter book 150 MB, all of
 * which a rebuild maps and reads. */
void pack_put_u64_long(struct buf *b, uint64_t v)
{
	unsigned char bytes[10];
	size_t n = 0;
	while (v >= 0x80) {
		bytes[n++] = (unsigned char)(v | 0x80);
		v >>= 7;
	}
	bytes[n++] = (unsigned char)v;
	buf_add(b, bytes, n);
}

uint64_t pack_get_u64_long(struct pack_reader *r)
{
	uint64_t v = 0;
	for (unsigned shift = 0; !r->bad; shift += 7) {
		if (r->p >= r->end || shift > 63) {
			r->bad = 1;
			break;
		}
		unsigned char c = (unsigned char)*r->p++;
		v |= (uint64_t)(c & 0x7F) << shift;
		if (!(c & 0x80))
			return v;
	}
	return 0;
}

const char *pack_get_str(struct pack_reader *r)
{
	uint64_t n = pack_get_u64(r);
	if (r->bad || n-- == 0)
		return NULL;
	if (n >= (uint64_t)(r->end - r->p) || r->p[n] != '\0') {
		r->bad = 1;
		return NULL;
	}
	/* a NUL inside only shortens the string, which the record's hash
	 * makes unlikely (sealed()) and which stays memory-safe */
	const char *s = r->borrow ? r->p : arena_strndup(r->a, r->p, (size_t)n);
	r->p += n + 1;
	return s;
}

