/*
 * cache.c — the build cache's files (see cache.h).
 *
 * Every file is a record: a magic line naming the format, a key, then
 * values written by pack_put_*: unsigned 64-bit numbers, seven bits a
 * byte, and strings (their length + 1, or 0 for NULL, then the bytes and
 * a NUL).  A cache belongs to the machine that wrote it: hashes and file
 * identities mean nothing elsewhere.
 */
#define _GNU_SOURCE
#include "incr/cache.h"
#include "core/alloc.h"
#include "core/diag.h"
#include "core/files.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <unistd.h>

#define MAGIC "specbook-cache\n"

struct cache {
	struct arena *a;
	const char *dir;
	struct cache_chapter *chapters;   /* sorted by source */
	size_t nchapters;
	uint64_t gen;                     /* the last build's pack: pack-gen */
	const char *old_pack;             /* mapped, or NULL */
	size_t old_len;
	/* the pack and the search file as the last build left them (see
	 * written_as()), and whether each still is: then its records are
	 * the bytes this program wrote, and their seals are not hashed again */
	struct file_stat pack_was, search_was;
	int pack_as_written, search_as_written;
	FILE *pack;                       /* this build's, being written */
	uint64_t pack_gen, pack_off;      /* its number and its size so far */
	/* the search records, in search-gen beside pack-gen: apart, so that
	 * reading the chapters' records from the mapped pack (every one, on
	 * every rebuild) does not bring their pages into memory too */
	const char *old_search;           /* the last build's, mapped, or NULL */
	uint64_t old_search_len;
	int search;                       /* this build's, being written; -1: none */
	uint64_t search_off;              /* its size so far */
	struct read_record *read;         /* the record files cache_read() read */
	int forgotten;                    /* cache_forget(): nothing is read */
};

/* A record file as cache_read() found it (a plain file of its own): a
 * cache_write() of the same name, key and body leaves it as it is.  A
 * rebuild after one chapter changed makes the same `book` record (half a
 * megabyte at a thousand chapters), and one after nothing changed the
 * same `chapters` too: writing them again was work for nothing. */
struct read_record {
	const char *name;
	uint64_t key, hash, len;   /* len: of the body */
	struct read_record *next;
};

static struct read_record **read_record_of(struct cache *c, const char *name)
{
	struct read_record **p = &c->read;
	while (*p && strcmp((*p)->name, name))
		p = &(*p)->next;
	return p;
}

/* The hash of a record's bytes, which only has to tell a damaged record
 * (a hostile one can carry any hash it likes: what is read is checked as
 * it is read): pack_hash_block(). */
static uint64_t seal_hash(const char *data, size_t n)
{
	return pack_hash_block(data, n);
}

/* Every record carries the hash of its body, checked before it is used:
 * a rebuild reads what it needs of a record only when it needs it (a
 * reused page's links, at the link check), when a damaged record can no
 * longer be a miss. */
static void put_sealed(struct buf *b, const struct buf *body)
{
	const char *data = body->data ? body->data : "";
	pack_put_u64(b, seal_hash(data, body->len));
	buf_add(b, data, body->len);
}

/* Reads the hash put_sealed() wrote; returns 1 if the rest of r matches it. */
static int sealed(struct pack_reader *r)
{
	uint64_t h = pack_get_u64(r);
	return !r->bad && h == seal_hash(r->p, (size_t)(r->end - r->p));
}

/* The first line of every record file: the magic, the format and the key. */
static void put_header(struct buf *b, uint64_t key)
{
	buf_adds(b, MAGIC);
	pack_put_u64(b, CACHE_FORMAT);
	pack_put_u64(b, key);
}

int cache_read(struct cache *c, struct arena *a, const char *name, uint64_t key,
	       struct pack_reader *r)
{
	char *data;
	size_t len;
	*r = (struct pack_reader){ NULL, NULL, 1, a, NULL, 0 };
	const char *path = arena_printf(c->a, "%s/%s", c->dir, name);
	if (c->forgotten || files_read_bytes(path, &data, &len))
		return -1;
	*r = (struct pack_reader){ data, data + len, 0, a, data, 0 };
	size_t m = strlen(MAGIC);
	if (len < m || memcmp(data, MAGIC, m)) {
		cache_done(r);
		return -1;
	}
	r->p += m;
	if (pack_get_u64(r) != CACHE_FORMAT || pack_get_u64(r) != key || r->bad) {
		cache_done(r);
		return -1;
	}
	struct pack_reader seal = *r;   /* the hash sealed() checks */
	if (!sealed(r)) {
		cache_done(r);
		return -1;
	}
	/* remembered only for a plain file with no other name: a link, or a
	 * file linked from elsewhere, is replaced by the next write as before */
	struct stat st;
	struct read_record **p = read_record_of(c, name);
	if (lstat(path, &st) == 0 && S_ISREG(st.st_mode) && st.st_nlink == 1 &&
	    (uint64_t)st.st_size == len) {
		uint64_t h = pack_get_u64(&seal);
		if (!*p) {
			*p = arena_alloc(c->a, sizeof **p);
			**p = (struct read_record){ arena_strdup(c->a, name), 0, 0, 0, NULL };
		}
		(*p)->key = key;
		(*p)->hash = h;
		(*p)->len = (uint64_t)(r->end - r->p);
	} else if (*p) {
		*p = (*p)->next;
	}
	return 0;
}

void cache_done(struct pack_reader *r)
{
	free(r->data);
	r->data = NULL;
	r->p = r->end = NULL;
}

void cache_write(struct cache *c, const char *name, uint64_t key, const struct buf *body)
{
	struct read_record **p = read_record_of(c, name);
	if (*p) {
		const struct read_record *was = *p;
		*p = was->next;   /* once: the file is the one written below */
		if (was->key == key && was->len == body->len &&
		    was->hash == seal_hash(body->data ? body->data : "", body->len))
			return;
	}
	struct buf b = BUF_INIT;
	put_header(&b, key);
	put_sealed(&b, body);
	char *path = arena_printf(c->a, "%s/%s", c->dir, name);
	char *tmp = arena_printf(c->a, "%s.tmp-%ld", path, (long)getpid());
	if (files_write(tmp, b.data, b.len) == 0 && rename(tmp, path))
		unlink(tmp);
	buf_release(&b);
}

int cache_remove(struct cache *c, const char *name)
{
	struct read_record **p = read_record_of(c, name);
	if (*p)
		*p = (*p)->next;
	return unlink(arena_printf(c->a, "%s/%s", c->dir, name));
}

static int entry_cmp(const void *x, const void *y)
{
	return strcmp(((const struct cache_chapter *)x)->source,
		      ((const struct cache_chapter *)y)->source);
}

void cache_put_stat(struct buf *b, const struct file_stat *st)
{
	pack_put_u64(b, st->size);
	pack_put_u64(b, st->mtime_ns);
	pack_put_u64(b, st->ctime_ns);
	pack_put_u64(b, st->ino);
}

void cache_get_stat(struct pack_reader *r, struct file_stat *st)
{
	st->size = pack_get_u64(r);
	st->mtime_ns = pack_get_u64(r);
	st->ctime_ns = pack_get_u64(r);
	st->ino = pack_get_u64(r);
}

static void read_chapters(struct cache *c)
{
	struct pack_reader r;
	if (cache_read(c, c->a, "chapters", 0, &r))
		return;
	c->gen = pack_get_u64(&r);
	cache_get_stat(&r, &c->pack_was);
	cache_get_stat(&r, &c->search_was);
	uint64_t n = pack_get_u64(&r);
	if (r.bad || n > (uint64_t)(r.end - r.p)) {   /* each entry takes more than a byte */
		cache_done(&r);
		return;
	}
	struct cache_chapter *e = arena_array(c->a, n ? (size_t)n : 1, sizeof *e);
	for (size_t i = 0; i < n && !r.bad; i++) {
		e[i].source = pack_get_str(&r);
		cache_get_stat(&r, &e[i].st);
		e[i].hash = pack_get_u64(&r);
		e[i].id = pack_get_str(&r);
		e[i].title.zh = pack_get_str(&r);
		e[i].title.en = pack_get_str(&r);
		e[i].summary.zh = pack_get_str(&r);
		e[i].summary.en = pack_get_str(&r);
		e[i].key = pack_get_u64(&r);
		e[i].off = pack_get_u64(&r);
		e[i].len = pack_get_u64(&r);
		e[i].soff = pack_get_u64(&r);
		e[i].slen = pack_get_u64(&r);
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

/* Returns 1 if st is the identity was, which the last build recorded
 * after its last write to the file (cache_chapters_write()), and none of
 * it 0.  The file then holds the bytes that build wrote: no write leaves
 * its change time (which nothing but the clock sets) as it was, and a
 * file put in its place has another inode.  Such a file's records skip
 * their seals, which are there to catch a damaged record (a build killed
 * while appending, a file overwritten), and search_index_check_packed(),
 * whose checks keep a hostile record from misleading the merge: both read
 * every byte of what a rebuild reads, a seventh of its time at 1000
 * chapters. */
static int written_as(const struct stat *st, const struct file_stat *was)
{
	struct file_stat now;
	files_stat_of(st, &now);
	return was->ctime_ns && was->ino && files_stat_same(&now, was);
}

/* Maps the last build's kind-gen file read-only (never through a link);
 * *len gets its size, and *as_written whether it is as that build left
 * it (written_as() of was).  Returns NULL when there is none (or it is
 * empty). */
static const char *map_file(const struct cache *c, const char *kind, const struct file_stat *was,
			    size_t *len, int *as_written)
{
	*len = 0;
	*as_written = 0;
	if (!c->nchapters)
		return NULL;
	int fd = open(arena_printf(c->a, "%s/%s-%llu", c->dir, kind, (unsigned long long)c->gen),
		      O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK);   /* not waiting on a FIFO */
	if (fd < 0)
		return NULL;
	struct stat st;
	void *m = MAP_FAILED;
	if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0 &&
	    (uint64_t)st.st_size <= SIZE_MAX)
		m = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
	close(fd);
	if (m == MAP_FAILED)
		return NULL;
	*len = (size_t)st.st_size;
	*as_written = written_as(&st, was);
	return m;
}

struct cache *cache_open(struct arena *a, const char *dir)
{
	/* a book may bring a link (or a file) in the cache's place: writing
	 * through it, and removing old packs, would reach outside the book */
	struct stat ls;
	if (lstat(dir, &ls) == 0 && !S_ISDIR(ls.st_mode)) {
		diag_report(DIAG_WARNING, (struct srcloc){ dir, 0, 0 }, 0,
			    "hint: remove it (specbook makes the folder again), or build with --no-cache",
			    "%s, not a folder: the cache is neither read nor written, and everything is built",
			    S_ISLNK(ls.st_mode) ? "a symbolic link" : "a file");
		return NULL;
	}
	struct cache *c = arena_alloc(a, sizeof *c);
	memset(c, 0, sizeof *c);
	c->search = -1;
	c->a = a;
	c->dir = arena_strdup(a, dir);
	read_chapters(c);
	/* the pack and the search records, mapped: records are read in place
	 * (copying a changed part's search records out of the file was a
	 * fifth of a rebuild's time: the kernel's copy, and fresh pages
	 * cleared for it) */
	size_t len;
	c->old_pack = map_file(c, "pack", &c->pack_was, &len, &c->pack_as_written);
	c->old_len = len;
	c->old_search = map_file(c, "search", &c->search_was, &len, &c->search_as_written);
	c->old_search_len = len;
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

/* The seal of a chapter record's body but its hole, body[off..off+len),
 * which its reader checks when it reads it (or skips unhashed). */
static uint64_t seal_holed(const char *body, size_t n, uint64_t off, uint64_t len)
{
	uint64_t h = pack_hash_u64(pack_hash_u64(PACK_HASH_INIT, off), len);
	h = pack_hash_u64(h, seal_hash(body, (size_t)off));
	return pack_hash_u64(h, seal_hash(body + off + len, n - (size_t)(off + len)));
}

int cache_record_get(struct cache *c, struct arena *a, const char *source, uint64_t key,
		     struct pack_reader *r)
{
	const struct cache_chapter *e = old_record(c, source);
	if (!e || e->key != key)
		return -1;
	/* the pack stays mapped until cache_close(): its strings are borrowed */
	*r = (struct pack_reader){ c->old_pack + e->off, c->old_pack + e->off + e->len, 0, a, NULL, 1 };
	if (pack_get_u64(r) != key || r->bad)
		return -1;
	uint64_t off = pack_get_u64(r), len = pack_get_u64(r), seal = pack_get_u64(r);
	size_t n = (size_t)(r->end - r->p);
	if (r->bad || off > n || len > n - off ||
	    (!c->pack_as_written && seal != seal_holed(r->p, n, off, len)))
		return -1;
	return 0;
}

/* Returns 1 if e's search record lies in the last build's search file. */
static int old_search(const struct cache *c, const struct cache_chapter *e)
{
	return c->old_search && e->slen && e->soff <= c->old_search_len &&
	       e->slen <= c->old_search_len - e->soff;
}

int cache_search_as_written(const struct cache *c)
{
	return c && c->search_as_written;
}

int cache_search_get(struct cache *c, const char *source, uint64_t key, const char **data,
		     size_t *len)
{
	const struct cache_chapter *e = old_record(c, source);
	if (!e || e->key != key || !old_search(c, e))
		return -1;
	/* the packed index carries its own seal (cache_search_put()) */
	const char *rec = c->old_search + e->soff;
	struct pack_reader r = { rec, rec + e->slen, 0, c->a, NULL, 1 };
	if (pack_get_u64(&r) != key || r.bad)
		return -1;
	*data = r.p;
	*len = (size_t)(r.end - r.p);
	return 0;
}

uint64_t cache_record_len(const struct cache *c, const char *source)
{
	const struct cache_chapter *e = old_record(c, source);
	return e ? e->len : 0;
}

/* Opens a pack or search file to write (fresh: emptied) or append to,
 * never through a link (the cache comes with the book), nor into anything
 * but a file (a FIFO would wait for a reader).  Returns its descriptor, or
 * -1. */
static int open_file(const char *path, int fresh)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK |
		      (fresh ? O_TRUNC : O_APPEND), 0666);
	struct stat st;
	if (fd >= 0 && (fstat(fd, &st) || !S_ISREG(st.st_mode))) {
		close(fd);
		fd = -1;
	}
	return fd;
}

/* The pack, written through stdio: its records come in many small pieces. */
static FILE *open_pack(const char *path, int fresh)
{
	int fd = open_file(path, fresh);
	FILE *f = fd < 0 ? NULL : fdopen(fd, fresh ? "wb" : "ab");
	if (!f && fd >= 0)
		close(fd);
	return f;
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
	c->pack = open_pack(path, fresh);
	if (!c->pack)
		return;
	c->pack_off = fresh ? 0 : c->old_len;
	path = arena_printf(c->a, "%s/search-%llu", c->dir, (unsigned long long)c->pack_gen);
	c->search = open_file(path, fresh);
	c->search_off = fresh || !c->old_search ? 0 : c->old_search_len;
}

/* Appends data[0..len) to the file *f, of *size bytes so far: *off and
 * *plen get its place (*plen 0 on failure, and then the file is closed:
 * what follows would not be where the index says). */
static int append(FILE **f, uint64_t *size, const void *data, size_t len, uint64_t *off,
		  uint64_t *plen)
{
	if (!*f || fwrite(data, 1, len, *f) != len) {
		if (*f)
			fclose(*f);
		*f = NULL;
		*plen = 0;
		return -1;
	}
	*off = *size;
	*plen = len;
	*size += len;
	return 0;
}

/* Appends the bytes of iov[0..n) to the search file as one record: *off
 * and *plen get its place (*plen 0 on failure, and then the file is
 * closed, as append() does).  Written from the caller's buffers, in one
 * call: a search record is tens of kilobytes, and copying it into a stdio
 * buffer first was a copy for nothing. */
static int search_add(struct cache *c, struct iovec *iov, int n, uint64_t *off, uint64_t *plen)
{
	size_t total = 0, done = 0;
	for (int k = 0; k < n; k++)
		total += iov[k].iov_len;
	while (c->search >= 0 && done < total) {
		ssize_t w = writev(c->search, iov, n);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0) {
			close(c->search);
			c->search = -1;
			break;
		}
		done += (size_t)w;
		for (; n && (size_t)w >= iov->iov_len; iov++, n--)   /* a short write: the rest */
			w -= (ssize_t)iov->iov_len;
		if (n) {
			iov->iov_base = (char *)iov->iov_base + w;
			iov->iov_len -= (size_t)w;
		}
	}
	if (done < total) {
		*plen = 0;
		return -1;
	}
	*off = c->search_off;
	*plen = total;
	c->search_off += total;
	return 0;
}

static int pack_add(struct cache *c, const void *data, size_t len, uint64_t *off, uint64_t *plen)
{
	return append(&c->pack, &c->pack_off, data, len, off, plen);
}

int cache_record_keep(struct cache *c, const char *source, struct cache_chapter *e)
{
	const struct cache_chapter *old = old_record(c, source);
	if (!old || !c->pack)
		return -1;
	e->key = old->key;
	int search = old_search(c, old);
	if (c->pack_gen == c->gen) {   /* appending: it stays where it is */
		e->off = old->off;
		e->len = old->len;
		e->soff = search ? old->soff : 0;
		e->slen = search ? old->slen : 0;
		return 0;
	}
	e->slen = 0;
	if (search)
		search_add(c, &(struct iovec){ (void *)(c->old_search + old->soff), (size_t)old->slen }, 1,
			   &e->soff, &e->slen);
	return pack_add(c, c->old_pack + old->off, (size_t)old->len, &e->off, &e->len);
}

void cache_record_put(struct cache *c, uint64_t key, const struct buf *body, size_t hole_off,
		      size_t hole_len, struct cache_chapter *e)
{
	struct buf b = BUF_INIT;
	const char *data = body->data ? body->data : "";
	if (hole_off > body->len || hole_len > body->len - hole_off)
		hole_off = hole_len = 0;   /* (a caller's slip: the whole body sealed) */
	pack_put_u64(&b, key);
	pack_put_u64(&b, hole_off);
	pack_put_u64(&b, hole_len);
	pack_put_u64(&b, seal_holed(data, body->len, hole_off, hole_len));
	buf_add(&b, data, body->len);
	e->key = key;
	pack_add(c, b.data, b.len, &e->off, &e->len);
	buf_release(&b);
}

void cache_search_put(struct cache *c, uint64_t key, const char *data, size_t len,
		      struct cache_chapter *e)
{
	/* the key, then the packed index as it is: it carries its seal, made
	 * with it on the rendering thread (search_index_pack()) and checked
	 * with it (search_index_check_packed()), not here on the main
	 * thread, where sealing every chapter was a fifteenth of its work */
	struct buf head = BUF_INIT;
	pack_put_u64(&head, key);
	struct iovec iov[2] = { { head.data, head.len }, { (void *)(data ? data : ""), len } };
	search_add(c, iov, 2, &e->soff, &e->slen);
	buf_release(&head);
}

int cache_vouch(const void *cache, const char *source, const struct file_stat *st,
		struct chapter_known *out)
{
	const struct cache_chapter *e = find(cache, source);
	if (!e || !files_stat_same(&e->st, st))
		return 0;
	*out = (struct chapter_known){ e->hash, e->id, e->title, e->summary };
	return 1;
}

/* The identity of the file open as fd, as files_stat() gives it. */
static int stat_fd(int fd, struct file_stat *out)
{
	struct stat st;
	if (fstat(fd, &st))
		return -1;
	files_stat_of(&st, out);
	return 0;
}

void cache_chapters_write(struct cache *c, const struct cache_chapter *e, size_t n)
{
	/* the pack first: the index must not point past what is on disk;
	 * and each file as written, after its last write (written_as()) */
	struct file_stat pack_st = { 0 }, search_st = { 0 };
	int ok = c->pack != NULL && fflush(c->pack) == 0;
	if (ok && stat_fd(fileno(c->pack), &pack_st))
		pack_st = (struct file_stat){ 0 };   /* never taken as written */
	if (c->pack && fclose(c->pack))
		ok = 0;
	c->pack = NULL;
	/* a search file cut short only makes its records misses */
	if (c->search >= 0) {
		if (stat_fd(c->search, &search_st))
			search_st = (struct file_stat){ 0 };
		close(c->search);
	}
	c->search = -1;
	if (!ok || files_mkdirs(c->dir))
		return;
	struct buf b = BUF_INIT;
	pack_put_u64(&b, c->pack_gen);
	cache_put_stat(&b, &pack_st);
	cache_put_stat(&b, &search_st);
	pack_put_u64(&b, n);
	for (size_t i = 0; i < n; i++) {
		pack_put_str(&b, e[i].source);
		cache_put_stat(&b, &e[i].st);
		pack_put_u64(&b, e[i].hash);
		pack_put_str(&b, e[i].id);
		pack_put_str(&b, e[i].title.zh);
		pack_put_str(&b, e[i].title.en);
		pack_put_str(&b, e[i].summary.zh);
		pack_put_str(&b, e[i].summary.en);
		pack_put_u64(&b, e[i].key);
		pack_put_u64(&b, e[i].off);
		pack_put_u64(&b, e[i].len);
		pack_put_u64(&b, e[i].soff);
		pack_put_u64(&b, e[i].slen);
	}
	cache_write(c, "chapters", 0, &b);
	buf_release(&b);
	/* the packs the index no longer names: the last one, and any that a
	 * build of another format or an unreadable index left behind */
	static const char *const kinds[] = { "pack-", "search-" };
	for (size_t k = 0; k < 2; k++) {
		const char *keep = arena_printf(c->a, "%s%llu", kinds[k], (unsigned long long)c->pack_gen);
		size_t count;
		char **names = files_list_prefix(c->a, c->dir, kinds[k], &count);
		for (size_t i = 0; names && i < count; i++)
			if (strcmp(names[i], keep))
				unlink(arena_printf(c->a, "%s/%s", c->dir, names[i]));
	}
}

static void unmap_old(struct cache *c)
{
	if (c->old_pack)
		munmap((void *)c->old_pack, c->old_len);
	c->old_pack = NULL;
	c->old_len = 0;
	if (c->old_search)
		munmap((void *)c->old_search, (size_t)c->old_search_len);
	c->old_search = NULL;
	c->old_search_len = 0;
}

void cache_forget(struct cache *c)
{
	if (!c)
		return;
	unmap_old(c);
	c->nchapters = 0;
	c->pack_as_written = c->search_as_written = 0;
	c->forgotten = 1;
}

void cache_close(struct cache *c)
{
	if (!c)
		return;
	if (c->pack)
		fclose(c->pack);
	c->pack = NULL;
	if (c->search >= 0)
		close(c->search);
	c->search = -1;
	unmap_old(c);
}
