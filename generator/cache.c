/*
 * cache.c — the build cache's files (see cache.h).
 *
 * Every file is a record: a magic line naming the format, a key, then
 * values written by cache_put_*: unsigned 64-bit numbers, seven bits a
 * byte, and strings (their length + 1, or 0 for NULL, then the bytes and
 * a NUL).  A cache belongs to the machine that wrote it: hashes and file
 * identities mean nothing elsewhere.
 */
#define _GNU_SOURCE
#include "cache.h"
#include "alloc.h"
#include "files.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#define MAGIC "specbook-cache\n"
#define NULL_LEN UINT64_MAX

struct cache {
	struct arena *a;
	const char *dir;
	struct cache_chapter *chapters;   /* sorted by source */
	size_t nchapters;
	uint64_t gen;                     /* the last build's pack: pack-gen */
	const char *old_pack;             /* mapped, or NULL */
	size_t old_len;
	FILE *pack;                       /* this build's, being written */
	uint64_t pack_gen, pack_off;      /* its number and its size so far */
};

int cache_stat(const char *path, struct cache_stat *st)
{
	return cache_statat(AT_FDCWD, path, st);
}

int cache_statat(int dirfd, const char *path, struct cache_stat *st)
{
	struct stat sb;
	if (fstatat(dirfd, path, &sb, AT_SYMLINK_NOFOLLOW))
		return -1;
	st->size = (uint64_t)sb.st_size;
	st->mtime_ns = (uint64_t)sb.st_mtim.tv_sec * 1000000000u + (uint64_t)sb.st_mtim.tv_nsec;
	st->ctime_ns = (uint64_t)sb.st_ctim.tv_sec * 1000000000u + (uint64_t)sb.st_ctim.tv_nsec;
	st->ino = (uint64_t)sb.st_ino;
	return 0;
}

/* Eight bytes at a time (the book's bytes are hashed on every full
 * load), then FNV-1a over the tail; a change detector, not a defence
 * against collisions made on purpose. */
uint64_t cache_hash(uint64_t h, const void *data, size_t n)
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

uint64_t cache_hash_u64(uint64_t h, uint64_t v)
{
	return cache_hash(h, &v, sizeof v);
}

uint64_t cache_hash_str(uint64_t h, const char *s)
{
	if (!s)
		return cache_hash_u64(h, NULL_LEN);
	size_t n = strlen(s);
	return cache_hash(cache_hash_u64(h, n), s, n);
}

/* Numbers are written seven bits a byte, low bits first, the top bit
 * saying more follow: most are counts, lines and lengths of one byte, and
 * eight bytes each made the pack of a 10 000-chapter book 150 MB, all of
 * which a rebuild maps and reads. */
void cache_put_u64(struct buf *b, uint64_t v)
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

/* A string is its length + 1 (0: NULL), then its bytes and NUL. */
void cache_put_str(struct buf *b, const char *s)
{
	if (!s) {
		cache_put_u64(b, 0);
		return;
	}
	size_t n = strlen(s);
	cache_put_u64(b, (uint64_t)n + 1);
	buf_add(b, s, n + 1);   /* with its NUL: a mapped record's strings are used in place */
}

uint64_t cache_get_u64(struct cache_reader *r)
{
	/* most numbers are one byte */
	if (!r->bad && r->p < r->end && !(*r->p & 0x80))
		return (unsigned char)*r->p++;
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

const char *cache_get_str(struct cache_reader *r)
{
	uint64_t n = cache_get_u64(r);
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

/* Every record carries the hash of its body, checked before it is used:
 * a rebuild reads what it needs of a record only when it needs it (a
 * reused page's links, at the link check), when a damaged record can no
 * longer be a miss. */
static void put_sealed(struct buf *b, const struct buf *body)
{
	const char *data = body->data ? body->data : "";
	cache_put_u64(b, cache_hash(CACHE_HASH_INIT, data, body->len));
	buf_add(b, data, body->len);
}

/* Reads the hash put_sealed() wrote; returns 1 if the rest of r matches it. */
static int sealed(struct cache_reader *r)
{
	uint64_t h = cache_get_u64(r);
	return !r->bad && h == cache_hash(CACHE_HASH_INIT, r->p, (size_t)(r->end - r->p));
}

/* The first line of every record file: the magic, the format and the key. */
static void put_header(struct buf *b, uint64_t key)
{
	buf_adds(b, MAGIC);
	cache_put_u64(b, CACHE_FORMAT);
	cache_put_u64(b, key);
}

int cache_read(struct cache *c, struct arena *a, const char *name, uint64_t key,
	       struct cache_reader *r)
{
	char *data;
	size_t len;
	*r = (struct cache_reader){ NULL, NULL, 1, a, NULL, 0 };
	if (files_read_bytes(arena_printf(c->a, "%s/%s", c->dir, name), &data, &len))
		return -1;
	*r = (struct cache_reader){ data, data + len, 0, a, data, 0 };
	size_t m = strlen(MAGIC);
	if (len < m || memcmp(data, MAGIC, m)) {
		cache_done(r);
		return -1;
	}
	r->p += m;
	if (cache_get_u64(r) != CACHE_FORMAT || cache_get_u64(r) != key || r->bad || !sealed(r)) {
		cache_done(r);
		return -1;
	}
	return 0;
}

void cache_done(struct cache_reader *r)
{
	free(r->data);
	r->data = NULL;
	r->p = r->end = NULL;
}

void cache_write(struct cache *c, const char *name, uint64_t key, const struct buf *body)
{
	struct buf b = BUF_INIT;
	put_header(&b, key);
	put_sealed(&b, body);
	char *path = arena_printf(c->a, "%s/%s", c->dir, name);
	char *tmp = arena_printf(c->a, "%s.tmp-%ld", path, (long)getpid());
	if (files_write(tmp, b.data, b.len) == 0 && rename(tmp, path))
		unlink(tmp);
	buf_release(&b);
}

static int entry_cmp(const void *x, const void *y)
{
	return strcmp(((const struct cache_chapter *)x)->source,
		      ((const struct cache_chapter *)y)->source);
}

static void read_chapters(struct cache *c)
{
	struct cache_reader r;
	if (cache_read(c, c->a, "chapters", 0, &r))
		return;
	c->gen = cache_get_u64(&r);
	uint64_t n = cache_get_u64(&r);
	if (r.bad || n > (uint64_t)(r.end - r.p)) {   /* each entry takes more than a byte */
		cache_done(&r);
		return;
	}
	struct cache_chapter *e = arena_array(c->a, n ? (size_t)n : 1, sizeof *e);
	for (size_t i = 0; i < n && !r.bad; i++) {
		e[i].source = cache_get_str(&r);
		e[i].st.size = cache_get_u64(&r);
		e[i].st.mtime_ns = cache_get_u64(&r);
		e[i].st.ctime_ns = cache_get_u64(&r);
		e[i].st.ino = cache_get_u64(&r);
		e[i].hash = cache_get_u64(&r);
		e[i].id = cache_get_str(&r);
		e[i].title.zh = cache_get_str(&r);
		e[i].title.en = cache_get_str(&r);
		e[i].summary.zh = cache_get_str(&r);
		e[i].summary.en = cache_get_str(&r);
		e[i].key = cache_get_u64(&r);
		e[i].off = cache_get_u64(&r);
		e[i].len = cache_get_u64(&r);
		if (!e[i].source || !e[i].id)
			r.bad = 1;
	}
	int bad = r.bad;
	cache_done(&r);
	if (bad)
		return;
	qsort(e, (size_t)n, sizeof *e, entry_cmp);
	c->chapters = e;
	c->nchapters = (size_t)n;
}

struct cache *cache_open(struct arena *a, const char *dir)
{
	struct cache *c = arena_alloc(a, sizeof *c);
	memset(c, 0, sizeof *c);
	c->a = a;
	c->dir = arena_strdup(a, dir);
	read_chapters(c);
	/* the pack, mapped: records are read in place */
	int fd = c->nchapters ? open(arena_printf(a, "%s/pack-%llu", dir, (unsigned long long)c->gen),
				     O_RDONLY | O_CLOEXEC) : -1;
	struct stat st;
	if (fd >= 0 && fstat(fd, &st) == 0 && st.st_size > 0) {
		void *m = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
		if (m != MAP_FAILED) {
			c->old_pack = m;
			c->old_len = (size_t)st.st_size;
		}
	}
	if (fd >= 0)
		close(fd);
	return c;
}

static const struct cache_chapter *find(const struct cache *c, const char *source)
{
	if (!c || !c->nchapters)
		return NULL;
	struct cache_chapter key = { .source = source };
	return bsearch(&key, c->chapters, c->nchapters, sizeof key, entry_cmp);
}

/* Returns the last build's record of source, checked to lie in the pack. */
static const struct cache_chapter *old_record(const struct cache *c, const char *source)
{
	const struct cache_chapter *e = find(c, source);
	if (!e || !e->len || !c->old_pack || e->off > c->old_len || e->len > c->old_len - e->off)
		return NULL;
	return e;
}

int cache_record_get(struct cache *c, struct arena *a, const char *source, uint64_t key,
		     struct cache_reader *r)
{
	const struct cache_chapter *e = old_record(c, source);
	if (!e || e->key != key)
		return -1;
	/* the pack stays mapped until cache_close(): its strings are borrowed */
	*r = (struct cache_reader){ c->old_pack + e->off, c->old_pack + e->off + e->len, 0, a, NULL, 1 };
	if (cache_get_u64(r) != key || r->bad || !sealed(r))
		return -1;
	return 0;
}

uint64_t cache_record_len(const struct cache *c, const char *source)
{
	const struct cache_chapter *e = old_record(c, source);
	return e ? e->len : 0;
}

void cache_pack_begin(struct cache *c, int fresh, uint64_t live)
{
	if (c->pack)
		return;
	/* more than half the last pack stale: start again with the live part */
	if (!c->old_pack || live < c->old_len / 2)
		fresh = 1;
	if (files_mkdirs(c->dir))
		return;
	c->pack_gen = fresh ? c->gen + 1 : c->gen;
	const char *path = arena_printf(c->a, "%s/pack-%llu", c->dir, (unsigned long long)c->pack_gen);
	c->pack = fopen(path, fresh ? "wb" : "ab");
	if (!c->pack)
		return;
	c->pack_off = fresh ? 0 : c->old_len;
}

static int pack_add(struct cache *c, const void *data, size_t len, struct cache_chapter *e)
{
	if (!c->pack || fwrite(data, 1, len, c->pack) != len) {
		e->len = 0;
		return -1;
	}
	e->off = c->pack_off;
	e->len = len;
	c->pack_off += len;
	return 0;
}

int cache_record_keep(struct cache *c, const char *source, struct cache_chapter *e)
{
	const struct cache_chapter *old = old_record(c, source);
	if (!old || !c->pack)
		return -1;
	e->key = old->key;
	if (c->pack_gen == c->gen) {   /* appending: it stays where it is */
		e->off = old->off;
		e->len = old->len;
		return 0;
	}
	return pack_add(c, c->old_pack + old->off, (size_t)old->len, e);
}

void cache_record_put(struct cache *c, uint64_t key, const struct buf *body, struct cache_chapter *e)
{
	struct buf b = BUF_INIT;
	cache_put_u64(&b, key);
	put_sealed(&b, body);
	e->key = key;
	pack_add(c, b.data, b.len, e);
	buf_release(&b);
}

const struct cache_chapter *cache_chapter_lookup(const struct cache *c, const char *source,
						 const struct cache_stat *st)
{
	const struct cache_chapter *e = find(c, source);
	if (!e || e->st.size != st->size || e->st.mtime_ns != st->mtime_ns ||
	    e->st.ctime_ns != st->ctime_ns || e->st.ino != st->ino)
		return NULL;
	return e;
}

void cache_chapters_write(struct cache *c, const struct cache_chapter *e, size_t n)
{
	/* the pack first: the index must not point past what is on disk */
	int ok = c->pack != NULL;
	if (c->pack && fclose(c->pack))
		ok = 0;
	c->pack = NULL;
	if (!ok || files_mkdirs(c->dir))
		return;
	struct buf b = BUF_INIT;
	cache_put_u64(&b, c->pack_gen);
	cache_put_u64(&b, n);
	for (size_t i = 0; i < n; i++) {
		cache_put_str(&b, e[i].source);
		cache_put_u64(&b, e[i].st.size);
		cache_put_u64(&b, e[i].st.mtime_ns);
		cache_put_u64(&b, e[i].st.ctime_ns);
		cache_put_u64(&b, e[i].st.ino);
		cache_put_u64(&b, e[i].hash);
		cache_put_str(&b, e[i].id);
		cache_put_str(&b, e[i].title.zh);
		cache_put_str(&b, e[i].title.en);
		cache_put_str(&b, e[i].summary.zh);
		cache_put_str(&b, e[i].summary.en);
		cache_put_u64(&b, e[i].key);
		cache_put_u64(&b, e[i].off);
		cache_put_u64(&b, e[i].len);
	}
	cache_write(c, "chapters", 0, &b);
	buf_release(&b);
	/* the packs the index no longer names: the last one, and any that a
	 * build of another format or an unreadable index left behind */
	const char *keep = arena_printf(c->a, "pack-%llu", (unsigned long long)c->pack_gen);
	size_t count;
	char **names = files_list_prefix(c->a, c->dir, "pack-", &count);
	for (size_t i = 0; names && i < count; i++)
		if (strcmp(names[i], keep))
			unlink(arena_printf(c->a, "%s/%s", c->dir, names[i]));
}

void cache_close(struct cache *c)
{
	if (!c)
		return;
	if (c->pack)
		fclose(c->pack);
	c->pack = NULL;
	if (c->old_pack)
		munmap((void *)c->old_pack, c->old_len);
	c->old_pack = NULL;
}
