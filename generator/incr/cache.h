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
 *                  the pages it wrote;
 *   search-N       beside pack-N, each chapter's search record: its
 *                  sections indexed for search (search_index_pack()), so
 *                  that a rebuild makes a changed chapter's search part
 *                  again without rendering the part's other chapters.
 *                  Apart from the pack, which a rebuild reads in full;
 *                  these are read for the chapters of changed parts.
 *                  Both are mapped, and read in place.  A rebuild appends
 *                  the records it makes; a full build (or one where most of the pack is
 *                  stale) starts pack-N+1.  One file, not one per chapter:
 *                  creating thousands of files is what a file system does
 *                  slowest;
 *   book           the keys of the book-level pages and their ids and links,
 *                  and the key of each part's claims page in a long book
 *                  (its ids and links are in its last chapter's record).
 *   shards-NAME    for each file of search part NAME ("0003", "book"):
 *                  the hash of the JSON text it was made of and the file
 *                  as written (size, times, inode), so that a rebuild that
 *                  makes the part again keeps the files whose text did
 *                  not change, without deflating them again.
 *   files          for each file of the site that is not a page (the
 *                  built-in assets, the vendored libraries' files, the
 *                  book's assets and the files beside its chapters): what
 *                  it was made from (a file's size, times, inode and
 *                  device; a built-in asset's length and hash) and the
 *                  file as written, so that a rebuild leaves the files
 *                  whose source and copy are as they were, unread.
 *
 * A chapter is reused when its key (the hash of its bytes and of everything
 * every chapter depends on: specs, units, glossary, book.yaml, templates,
 * the list of chapters and their titles) matches and the previous site
 * still holds its pages as they were written; its pages are then
 * hard-linked from the previous site into the new one.  Anything missing,
 * stale, unreadable or damaged in the cache (every record carries the hash
 * of its bytes; a chapter record's claims carry their own, checked only
 * when they are read; a search record's is in its packed index) is a
 * miss, never an error: the cache can always be deleted.  The pack and
 * the search file are taken as written, their seals not hashed again, when
 * their size, times and inode are those `chapters` recorded after the last
 * write to them (cache.c, written_as()).
 *
 * Chapters with diagnostics are not kept, so their warnings show on every
 * build.  Not thread-safe: used from the main thread, but for
 * cache_record_get() and cache_search_get(), which only read.
 */
#ifndef SPECBOOK_CACHE_H
#define SPECBOOK_CACHE_H

#include <stddef.h>
#include <stdint.h>

#include "core/arena.h"
#include "core/bitext.h"
#include "book/book.h"
#include "core/buffer.h"
#include "core/files.h"
#include "core/pack.h"

/* Bumped whenever what the cache holds or what a build makes of it changes. */
#define CACHE_FORMAT 16

/* A chapter file as the last build read it. */
struct cache_chapter {
	const char *source;          /* "01-introduction.md" */
	struct file_stat st;
	uint64_t hash;               /* of its bytes */
	const char *id;
	struct bitext title, summary;
	uint64_t key, off, len;      /* its record in the pack; len 0: none */
	uint64_t soff, slen;         /* its search record in the pack; slen 0: none */
};

struct cache;

/* A file's identity (size, times, inode) as records hold it. */
void cache_put_stat(struct buf *b, const struct file_stat *st);
void cache_get_stat(struct pack_reader *r, struct file_stat *st);

/* Opens the cache in dir (created when written); reads what is there.
 * An unreadable cache is an empty one; a dir that is a link or a file
 * gives a warning and NULL: no cache, and nothing written through it. */
struct cache *cache_open(struct arena *a, const char *dir);

/* Returns the entry for a chapter file whose stat still matches, or NULL. */
/* The loader's book_vouch (book.h): fills *out from the record of the
 * chapter file source if its identity st is the one recorded.  Returns 1,
 * or 0 (read the file).  cache is a struct cache, or NULL. */
int cache_vouch(const void *cache, const char *source, const struct file_stat *st,
		struct chapter_known *out);

/* Replaces the chapter index with entries[0..n) (their records in this
 * build's pack). */
void cache_chapters_write(struct cache *c, const struct cache_chapter *entries, size_t n);

/* ---- the pack of chapter records ---- */

/* Reads source's record if it was kept under key.  Returns 0 (then read it
 * with r and cache_done() it) or -1. */
struct pack_reader;
int cache_record_get(struct cache *c, struct arena *a, const char *source, uint64_t key,
		     struct pack_reader *r);

/* Starts this build's pack: a new one when fresh, or when the last one is
 * mostly stale (live: the bytes of its records this build keeps), else the
 * last one, appended to. */
void cache_pack_begin(struct cache *c, int fresh, uint64_t live);

/* Keeps source's last record and search record in this build's pack
 * (copied when it is a new pack): *e gets their places.  Returns 0 or -1 (then render the chapter). */
int cache_record_keep(struct cache *c, const char *source, struct cache_chapter *e);

/* Adds a record (body) for key: e->key, off and len get its place; on
 * failure len stays 0.  Its seal covers all of body but its hole,
 * body[hole_off..hole_off+hole_len) (0, 0: none), which cache_record_get()
 * does not hash: a piece most rebuilds skip (a chapter's claims) carries
 * its own seal, checked by whoever reads it. */
void cache_record_put(struct cache *c, uint64_t key, const struct buf *body, size_t hole_off,
		      size_t hole_len, struct cache_chapter *e);

/* Adds chapter source's search record (data[0..len), packed by
 * search_index_pack(), which seals it) under key: e->soff and slen get
 * its place; on failure slen is 0. */
void cache_search_put(struct cache *c, uint64_t key, const char *data, size_t len,
		      struct cache_chapter *e);

/* Finds source's last search record if it was kept under key: *data and
 * *len get its bytes, in the mapped search file (not NUL-terminated; valid
 * until cache_close()).  Returns 0 or -1.  The bytes are not checked here:
 * search_index_check_packed() checks them, their seal first. */
int cache_search_get(struct cache *c, const char *source, uint64_t key, const char **data,
		     size_t *len);
/* Returns 1 if the last build's search file is as that build left it
 * (cache.c, written_as()): its records need no search_index_check_packed(). */
int cache_search_as_written(const struct cache *c);

/* Returns the bytes of source's last records (with its search record), 0 if none. */
uint64_t cache_record_len(const struct cache *c, const char *source);

/* Forgets what the last build kept: every record is a miss from now on,
 * and this build's records replace them (a fresh pack).  For a build that
 * found the cache's records at odds with the book (a link kept there that
 * no longer resolves, a damaged record): it is made again from the book
 * alone, as --no-cache would, and the cache made new. */
void cache_forget(struct cache *c);

/* Unmaps and closes what cache_open() and the pack opened. */
void cache_close(struct cache *c);

/* Reads a record file name (relative to the cache) into *r if it starts
 * with the format's magic and key.  Returns 0 (then cache_done() it when
 * read), or -1 when missing or stale. */
int cache_read(struct cache *c, struct arena *a, const char *name, uint64_t key,
	       struct pack_reader *r);

void cache_done(struct pack_reader *r);

/* Writes body as record file name under key (replacing it atomically).
 * Failing to write is not an error: the next build misses. */
void cache_write(struct cache *c, const char *name, uint64_t key, const struct buf *body);

/* Removes record file name.  Returns 0, or -1 when there was none (or it
 * could not be removed). */
int cache_remove(struct cache *c, const char *name);

#endif
