/*
 * cache.h — what one build keeps for the next: incremental builds.
 *
 * The cache lives in the book's .specbook-cache/ directory (--no-cache
 * builds without it).  It holds:
 *
 *   chapters       for every chapter file: its size, times and inode when
 *                  last read, a hash of its bytes and its front matter, so
 *                  that an unchanged file is not even read, and where its
 *                  record is in the pack;
 *   pack-N         the chapters' records, one after another: what the
 *                  book-level pages and the link check need of a chapter
 *                  (headings, mentions, claims, ids, links, counts) under
 *                  the key it was rendered with, and the size and time of
 *                  the pages it wrote.  A rebuild appends the records it
 *                  makes; a full build (or one where most of the pack is
 *                  stale) starts pack-N+1.  One file, not one per chapter:
 *                  creating thousands of files is what a file system does
 *                  slowest;
 *   book           the keys of the book-level pages and their ids and links.
 *
 * A chapter is reused when its key (the hash of its bytes and of everything
 * every chapter depends on: specs, units, glossary, book.yaml, templates,
 * the list of chapters and their titles) matches and the previous site
 * still holds its pages as they were written; its pages are then
 * hard-linked from the previous site into the new one.  Anything missing,
 * stale, unreadable or damaged in the cache (every record carries the hash
 * of its bytes) is a miss, never an error: the cache can always be deleted.
 *
 * Chapters with diagnostics are not kept, so their warnings show on every
 * build.  Not thread-safe; used from the main thread only.
 */
#ifndef SPECBOOK_CACHE_H
#define SPECBOOK_CACHE_H

#include <stddef.h>
#include <stdint.h>

#include "arena.h"
#include "bitext.h"
#include "buffer.h"

/* Bumped whenever what the cache holds or what a build makes of it changes. */
#define CACHE_FORMAT 5

/* A file's identity: if all four are unchanged, so are its bytes. */
struct cache_stat {
	uint64_t size, mtime_ns, ctime_ns, ino;
};

/* Returns 0 and fills *st, or -1 (errno set). */
int cache_stat(const char *path, struct cache_stat *st);
/* The same for path relative to the directory open as dirfd (AT_FDCWD:
 * the working directory): a rebuild checks ten thousand pages of one
 * directory, and looking its path up again for each was half the cost. */
int cache_statat(int dirfd, const char *path, struct cache_stat *st);

/* A 64-bit hash of n bytes, continuing from h (start with CACHE_HASH_INIT). */
#define CACHE_HASH_INIT 0xcbf29ce484222325ULL
uint64_t cache_hash(uint64_t h, const void *data, size_t n);
uint64_t cache_hash_str(uint64_t h, const char *s);   /* NULL and "" differ */
uint64_t cache_hash_u64(uint64_t h, uint64_t v);

/* A chapter file as the last build read it. */
struct cache_chapter {
	const char *source;          /* "01-introduction.md" */
	struct cache_stat st;
	uint64_t hash;               /* of its bytes */
	const char *id;
	struct bitext title, summary;
	uint64_t key, off, len;      /* its record in the pack; len 0: none */
};

struct cache;

/* Opens the cache in dir (created when written); reads what is there.
 * Never fails: an unreadable cache is an empty one. */
struct cache *cache_open(struct arena *a, const char *dir);

/* Returns the entry for a chapter file whose stat still matches, or NULL. */
const struct cache_chapter *cache_chapter_lookup(const struct cache *c, const char *source,
						 const struct cache_stat *st);

/* Replaces the chapter index with entries[0..n) (their records in this
 * build's pack). */
void cache_chapters_write(struct cache *c, const struct cache_chapter *entries, size_t n);

/* ---- the pack of chapter records ---- */

/* Reads source's record if it was kept under key.  Returns 0 (then read it
 * with r and cache_done() it) or -1. */
struct cache_reader;
int cache_record_get(struct cache *c, struct arena *a, const char *source, uint64_t key,
		     struct cache_reader *r);

/* Starts this build's pack: a new one when fresh, or when the last one is
 * mostly stale (live: the bytes of its records this build keeps), else the
 * last one, appended to. */
void cache_pack_begin(struct cache *c, int fresh, uint64_t live);

/* Keeps source's last record in this build's pack (copied when it is a new
 * pack): *e gets its place.  Returns 0 or -1 (then render the chapter). */
int cache_record_keep(struct cache *c, const char *source, struct cache_chapter *e);

/* Adds a record (body) for key: e->key, off and len get its place; on
 * failure len stays 0. */
void cache_record_put(struct cache *c, uint64_t key, const struct buf *body, struct cache_chapter *e);

/* Returns the bytes of source's last record, 0 if none. */
uint64_t cache_record_len(const struct cache *c, const char *source);

/* Unmaps and closes what cache_open() and the pack opened. */
void cache_close(struct cache *c);

/* ---- records: a reader and a writer of plain values ---- */

struct cache_reader {
	const char *p, *end;
	int bad;                     /* read past the end or found nonsense */
	struct arena *a;             /* strings are copied here */
	char *data;                  /* the file's bytes (cache_done() frees them) */
	int borrow;                  /* strings point into the record (a mapped pack),
					valid until cache_close() */
};

void cache_put_u64(struct buf *b, uint64_t v);
void cache_put_str(struct buf *b, const char *s);
uint64_t cache_get_u64(struct cache_reader *r);
const char *cache_get_str(struct cache_reader *r);

/* Reads a record file name (relative to the cache) into *r if it starts
 * with the format's magic and key.  Returns 0 (then cache_done() it when
 * read), or -1 when missing or stale. */
int cache_read(struct cache *c, struct arena *a, const char *name, uint64_t key,
	       struct cache_reader *r);

void cache_done(struct cache_reader *r);

/* Writes body as record file name under key (replacing it atomically).
 * Failing to write is not an error: the next build misses. */
void cache_write(struct cache *c, const char *name, uint64_t key, const struct buf *body);

#endif
