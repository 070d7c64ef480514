/*
 * incr.c — incremental builds (see incr.h).
 */
#define _GNU_SOURCE
#include "incr/incr.h"
#include "core/alloc.h"
#include "incr/cache.h"
#include "core/files.h"
#include "site/site.h"
#include "site/link.h"
#include "site/pages.h"
#include "search/search.h"
#include "site/write.h"
#include "core/work.h"

#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <link.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* A page as the last build wrote it, enough for the link check. */
struct page_rec {
	const char *path;
	struct file_stat st;
	const char **ids;
	size_t nids;
	const char *kept;            /* its links (link_put()) */
	size_t kept_len;
};

/* A book-level page or file of the last build or of this one. */
struct book_rec {
	struct page_rec page;
	enum page_group group;
	uint64_t key;
	int file;                    /* a generated file, not a page */
	int key_only;                /* a part's claims page: its key alone is
					kept here (its ids and links are in its
					part's last chapter's record) */
};

/* A file of a search part: the hash of the JSON text it was made of and
 * the file as written (size, times, inode), when the build finished: its
 * change time too, which a file changed by hand cannot get back (a
 * modification time can be set), as long as nothing but the build
 * touches it. */
struct search_file_rec {
	uint64_t hash;
	struct file_stat st;
};

/* A search part made this build (incr_search_file()): its files' paths
 * and hashes by file number, and the last build's records of them. */
struct part_files {
	const char *name;
	const char **path;
	uint64_t *hash;
	size_t n, cap;
	struct search_file_rec *old;
	size_t nold;
	struct file_stat *st;         /* a kept file's, as checked (size 0: none) */
	int whole;                    /* taken as it was: its record stays */
};

/* A file of the site's s->files (struct site_file) as a build left it:
 * what it was made from (a file on disk: its size, times, inode and
 * device; a built-in asset: its length and hash) and the file in the
 * output as written (its change time too, as a search file's).  A
 * rebuild that finds both as they were leaves the file as it is: reading
 * the vendored libraries (3.4 MB) and the old site's copies of them, to
 * compare, then linking each into the new site, was half of the system
 * time of a one-chapter rebuild of 1000 chapters. */
#define FILE_ON_DISK 1
#define FILE_BUILT_IN 2

struct file_rec {
	const char *path;
	uint64_t src[5];             /* FILE_ON_DISK or FILE_BUILT_IN, then its identity */
	struct file_stat st;         /* in the output; size UINT64_MAX: not known */
};

/* A chapter's pages taken from the last build, and whether its search
 * part and claims page are made again (incr_reindexed()): then its search
 * record is merged into the part as the last build packed it. */
#define REUSED 1
#define REINDEXED 2

struct incr {
	uint64_t global;
	uint64_t *keys;              /* per chapter */
	unsigned char *reused;       /* per chapter: 0, REUSED or REINDEXED */
	struct page_rec (*pages)[2]; /* per reused chapter: its page, its claims page */
	struct cache_chapter *rec;   /* per chapter: its record in this build's pack */
	const char **search;         /* per reindexed chapter: its search record, checked
					(in the cache's mapped file), which
					take_chapter() lends the site */
	size_t *search_len;
	uint64_t group[GROUP_COUNT];
	struct book_rec *old;        /* the last build's book pages */
	size_t nold;
	struct book_rec *made;       /* this build's, in the order they were made */
	size_t nmade, capmade;
	int out_fd;                  /* the output directory, open; -1: not */
	uint64_t *subkeys;           /* per chapter, NSUB: its part of the book keys */
	unsigned char *have_sub;     /* per chapter: subkeys known (its record's, or
					hashed when it was kept) */
	struct part_files **parts;   /* the search parts made this build */
	size_t nparts, capparts;
	struct file_rec *old_files;  /* the last build's s->files, sorted by path */
	size_t nold_files;
	struct file_rec *files;      /* this build's, as site_file() was asked */
	size_t nfiles, capfiles;
};

static struct incr *incr_of(const struct site *s)
{
	return s->reuse_state;
}

static struct cache *cache_of(const struct site *s)
{
	return s->reuse_ctx;
}

/* ---- keys ---- */

/* Continues h with the bytes of the file at path, mapped (the program
 * itself, read into a buffer and hashed a word at a time on every build,
 * was a twentieth of a one-chapter rebuild of 1000 chapters), or with the
 * error that kept it from being read. */
static uint64_t hash_file(uint64_t h, const char *path)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
	struct stat st;
	if (fd < 0 || fstat(fd, &st) || !S_ISREG(st.st_mode)) {
		int err = fd < 0 ? errno : EINVAL;
		if (fd >= 0)
			close(fd);
		return pack_hash_u64(h, (uint64_t)err);
	}
	size_t len = (size_t)st.st_size;
	void *m = len ? mmap(NULL, len, PROT_READ, MAP_PRIVATE, fd, 0) : NULL;
	close(fd);
	if (m == MAP_FAILED)
		return pack_hash_u64(h, (uint64_t)errno);
	h = pack_hash_u64(pack_hash_u64(h, len), pack_hash_block(m ? m : "", len));
	if (m)
		munmap(m, len);
	return h;
}

/* The program's GNU build ID: a hash of its bytes that the linker wrote
 * into a note of its own (sha1 by default), found among the notes of the
 * program as loaded.  Shorter than 16 bytes (a --build-id=0x... chosen by
 * hand), it is not taken. */
struct build_id {
	const unsigned char *id;
	size_t len;
};

static int find_build_id(struct dl_phdr_info *info, size_t size, void *data)
{
	(void)size;
	struct build_id *out = data;
	for (size_t i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
		if (ph->p_type != PT_NOTE)
			continue;
		size_t align = ph->p_align == 8 ? 8 : 4;   /* a note's name and bytes are padded to it */
		const char *p = (const char *)(info->dlpi_addr + ph->p_vaddr), *end = p + ph->p_memsz;
		while ((size_t)(end - p) >= sizeof(ElfW(Nhdr))) {
			const ElfW(Nhdr) *n = (const void *)p;
			size_t name = (n->n_namesz + align - 1) & ~(align - 1);
			size_t desc = (n->n_descsz + align - 1) & ~(align - 1);
			const char *nm = p + sizeof *n;
			if ((size_t)(end - nm) < name || (size_t)(end - nm) - name < n->n_descsz)
				break;
			if (n->n_type == NT_GNU_BUILD_ID && n->n_namesz == 4 && !memcmp(nm, "GNU", 4) &&
			    n->n_descsz >= 16) {
				out->id = (const unsigned char *)nm + name;
				out->len = n->n_descsz;
				return 1;
			}
			if ((size_t)(end - nm) - name < desc)
				break;
			p = nm + name + desc;
		}
	}
	return 1;   /* the program comes first: what follows are its libraries */
}

static uint64_t global_key(struct site *s, const char *version)
{
	const struct book *b = s->book;
	uint64_t h = pack_hash_str(PACK_HASH_INIT, version);
	h = pack_hash_u64(h, CACHE_FORMAT);
	/* the program itself: a specbook built from other sources may make
	 * other pages of the same book.  Its build ID says so without reading
	 * it (hashing the 2.5 MB of /proc/self/exe was 1.2% of a one-chapter
	 * rebuild of 1000 chapters); a program linked without one is hashed */
	struct build_id id = { NULL, 0 };
	dl_iterate_phdr(find_build_id, &id);
	h = id.id ? pack_hash(pack_hash_str(h, "build-id"), id.id, id.len) : hash_file(h, "/proc/self/exe");
	h = hash_file(h, arena_printf(s->a, "%s/content/book.yaml", b->root));
	h = hash_file(h, arena_printf(s->a, "%s/content/glossary.yaml", b->root));
	size_t n;
	const char *specs = arena_printf(s->a, "%s/specs", b->root);
	char **names = files_list(s->a, specs, "", &n);
	for (size_t i = 0; i < n; i++) {
		h = pack_hash_str(h, names[i]);
		h = hash_file(h, arena_printf(s->a, "%s/%s", specs, names[i]));
	}
	h = pack_hash(pack_hash_u64(h, b->template_len), b->template_text, b->template_len);
	/* the libraries the pages load when installed (site/vendor.h) */
	h = pack_hash_u64(h, (uint64_t)s->vendor);
	h = pack_hash_u64(h, b->nchapters);
	for (size_t i = 0; i < b->nchapters; i++) {
		const struct chapter *c = &b->chapters[i];
		h = pack_hash_str(h, c->source);
		h = pack_hash_str(h, c->id);
		h = pack_hash_str(h, c->title.zh);
		h = pack_hash_str(h, c->title.en);
		h = pack_hash_str(h, c->summary.zh);
		h = pack_hash_str(h, c->summary.en);
	}
	return h;
}

/* Each chapter's part of the book pages' keys (chapter_keys_of()). */
enum { SUB_INDEX, SUB_STUDY, SUB_MENTIONS, SUB_CLAIMS, NSUB };
static void subkeys_of(const struct site *s, const struct rendered *r, int all, uint64_t sub[NSUB]);

/* ---- records ---- */

static void put_page(struct buf *b, const struct page *p, const struct file_stat *st)
{
	pack_put_str(b, p->path);
	pack_put_u64(b, st->size);
	pack_put_u64(b, st->mtime_ns);
	pack_put_u64(b, st->ino);
	pack_put_u64(b, p->nids);
	for (size_t k = 0; k < p->nids; k++)
		pack_put_str(b, p->ids[k]);
	link_put(b, p);
}

/* Returns a count read from r that cannot be more than the bytes left. */
static size_t get_count(struct pack_reader *r)
{
	uint64_t n = pack_get_u64(r);
	if (n > (uint64_t)(r->end - r->p))
		r->bad = 1;
	return r->bad ? 0 : (size_t)n;
}

static void get_page(struct pack_reader *r, struct page_rec *p)
{
	p->path = pack_get_str(r);
	p->st.size = pack_get_u64(r);
	p->st.mtime_ns = pack_get_u64(r);
	p->st.ino = pack_get_u64(r);
	p->nids = get_count(r);
	p->ids = arena_array(r->a, p->nids ? p->nids : 1, sizeof *p->ids);
	for (size_t k = 0; k < p->nids; k++)
		p->ids[k] = pack_get_str(r);
	/* the links stay as kept until the link check reads what it needs */
	p->kept_len = get_count(r);
	p->kept = r->p;
	if (!r->borrow && !r->bad)
		p->kept = memcpy(arena_alloc_uninit(r->a, p->kept_len ? p->kept_len : 1), r->p, p->kept_len);
	r->p += p->kept_len;
	if (!p->path)
		r->bad = 1;
	for (size_t k = 0; k < p->nids && !r->bad; k++)
		if (!p->ids[k])
			r->bad = 1;
}

/* Returns 1 if the previous site holds path as it was written: the same
 * size, time and inode.  The inode is what a copy of the book with its
 * site and cache (tar, cp -a, rsync) cannot keep, so a page replaced
 * there by one of the same size and time is not taken for the page this
 * machine wrote.  (Not the change time: the rename into place and the
 * link from the last site, which keep the inode, change it.) */
static int old_file_intact(struct site *s, const char *path, const struct file_stat *want)
{
	struct file_stat st;
	/* no output directory (out_fd -1): nothing in it is intact */
	return files_statat(incr_of(s)->out_fd, path, &st) == 0 && want->ino &&
	       st.size == want->size && st.mtime_ns == want->mtime_ns && st.ino == want->ino;
}

/* The last build's claims page at path as it was when that build was
 * done, from the book pages' record (incr_finish()); size 0: none. */
static struct file_stat claims_page_stat(const struct incr *in, const char *path)
{
	for (size_t k = 0; path && k < in->nold; k++) {
		const struct book_rec *old = &in->old[k];
		if (old->group == GROUP_CLAIMS && !old->file && !strcmp(old->page.path, path))
			return old->page.st;
	}
	return (struct file_stat){ 0 };
}

/* Reads chapter i's record into s->chapters[i] and the incr's page records,
 * allocating from a, with every claim if all_claims, else (in a long book)
 * the disputed ones.  Returns 0, or -1 when it cannot be used.  Called on
 * every core at once (read_meta_of()). */
static int read_meta(struct site *s, size_t i, struct arena *a, int all_claims)
{
	const struct book *b = s->book;
	struct incr *in = incr_of(s);
	struct pack_reader r;
	if (cache_record_get(cache_of(s), a, s->book->chapters[i].source, in->keys[i], &r))
		return -1;
	struct rendered *rc = &s->chapters[i];
	struct rendered got = { 0 };
	got.pairs = (int)pack_get_u64(&r);
	got.zh_blocks = (int)pack_get_u64(&r);
	got.spans = (int)pack_get_u64(&r);
	got.quantities = (int)pack_get_u64(&r);
	got.matched = (int)pack_get_u64(&r);
	got.unchecked = (int)pack_get_u64(&r);
	got.examples = (int)pack_get_u64(&r);
	got.nheadings = get_count(&r);
	got.headings = arena_array(a, got.nheadings ? got.nheadings : 1, sizeof *got.headings);
	for (size_t k = 0; k < got.nheadings; k++) {
		struct heading *h = &got.headings[k];
		h->level = (int)pack_get_u64(&r);
		h->id = pack_get_str(&r);
		h->title.zh = pack_get_str(&r);
		h->title.en = pack_get_str(&r);
	}
	got.nmentions = get_count(&r);
	got.mentions = arena_array(a, got.nmentions ? got.nmentions : 1, sizeof *got.mentions);
	for (size_t k = 0; k < got.nmentions; k++) {
		struct mention *m = &got.mentions[k];
		m->row = pack_get_str(&r);
		m->term = pack_get_str(&r);
		uint64_t h = pack_get_u64(&r);   /* index of its heading, or ~0: the top */
		if (h != UINT64_MAX && h >= got.nheadings)
			r.bad = 1;
		m->section = h == UINT64_MAX || r.bad ? NULL : got.headings[h].id;
	}
	/* a long book keeps only the disputed claims, as keep_chapter() does
	 * (room for every claim of ten thousand chapters was a quarter of a
	 * rebuild's fresh memory), and the claims of a chapter without any
	 * are not even read (they were most of a rebuild's reading) */
	size_t n = get_count(&r);
	uint64_t disputed = pack_get_u64(&r);
	size_t len = get_count(&r);
	uint64_t claims_seal = pack_get_u64(&r);
	if (len > (size_t)(r.end - r.p))
		r.bad = 1;
	if (r.bad)
		len = 0;
	const char *end = r.p + len;
	got.claims_total = n;
	got.claims_disputed = (size_t)disputed;
	struct claim_record *kept = NULL;
	size_t capkept = 0;
	if (s->claims_split && !all_claims && disputed == 0) {
		r.p = end;
	} else {
		/* the record's seal left them out (cache_record_put()) */
		if (pack_hash_block(r.p, len) != claims_seal)
			r.bad = 1;
		uint64_t counted = 0;
		for (size_t k = 0; k < n && !r.bad; k++) {
			struct claim_record c = { 0 };
			c.span.kind = (enum span_kind)pack_get_u64(&r);
			c.span.disputed = (int)pack_get_u64(&r);
			c.span.relation = pack_get_str(&r);
			c.span.stated = pack_get_str(&r);
			c.span.derivation = pack_get_str(&r);
			c.span.computed = pack_get_str(&r);
			c.span.correction = pack_get_str(&r);
			c.span.slip = pack_get_str(&r);
			c.loc = (struct srcloc){ s->book->chapters[i].path, (int)pack_get_u64(&r),
						 (int)pack_get_u64(&r) };
			c.anchor = pack_get_str(&r);
			c.section = pack_get_str(&r);
			counted += c.span.disputed != 0;
			if (!s->claims_split || c.span.disputed || all_claims)
				*ARRAY_PUSH(kept, got.nclaims, capkept) = c;
		}
		if (r.p != end || counted != disputed)
			r.bad = 1;
	}
	got.claims = arena_array(a, got.nclaims ? got.nclaims : 1, sizeof *got.claims);
	if (got.nclaims)
		memcpy(got.claims, kept, got.nclaims * sizeof *got.claims);
	free(kept);
	/* study mode: its questions counted, its figures to remember */
	got.nquizzes = get_count(&r);
	got.quizzes = arena_array(a, got.nquizzes ? got.nquizzes : 1, sizeof *got.quizzes);
	for (size_t k = 0; k < got.nquizzes && !r.bad; k++) {
		struct quiz_record *q = &got.quizzes[k];
		q->anchor = pack_get_str(&r);
		q->question.zh = pack_get_str(&r);
		q->question.en = pack_get_str(&r);
		q->key = pack_get_str(&r);
		q->choice.zh = pack_get_str(&r);
		q->choice.en = pack_get_str(&r);
		q->explain.zh = pack_get_str(&r);
		q->explain.en = pack_get_str(&r);
	}
	got.nkeys = get_count(&r);
	got.keys = arena_array(a, got.nkeys ? got.nkeys : 1, sizeof *got.keys);
	for (size_t k = 0; k < got.nkeys && !r.bad; k++) {
		struct key_figure *kf = &got.keys[k];
		kf->meaning.zh = pack_get_str(&r);
		kf->meaning.en = pack_get_str(&r);
		kf->shown = pack_get_str(&r);
		kf->relation = pack_get_str(&r);
		kf->derivation = pack_get_str(&r);
		kf->computed = pack_get_str(&r);
		kf->anchor = pack_get_str(&r);
		kf->section = pack_get_str(&r);
		kf->line = (int)pack_get_u64(&r);
	}
	get_page(&r, &in->pages[i][0]);
	if (pack_get_u64(&r))
		get_page(&r, &in->pages[i][1]);
	else
		in->pages[i][1].path = NULL;
	uint64_t sub[NSUB];
	for (int k = 0; k < NSUB; k++)
		sub[k] = pack_get_u64(&r);
	int bad = r.bad || r.p != r.end;
	cache_done(&r);
	if (bad)
		return -1;
	/* a long book's claims pages are kept with the last chapter of each */
	int claims_here = s->claims_split && ((i + 1) % SEARCH_PART_CHAPTERS == 0 || i + 1 == b->nchapters);
	if (!in->pages[i][1].path != !claims_here)
		return -1;
	/* the claims page as the book pages' record has it (its stat is
	 * there, taken when the build was done: the chapter's record is
	 * saved while the page may still be on the work line) */
	if (claims_here && !(in->pages[i][1].st = claims_page_stat(in, in->pages[i][1].path)).size)
		return -1;
	for (int k = 0; k < 2; k++)
		if (in->pages[i][k].path && !old_file_intact(s, in->pages[i][k].path, &in->pages[i][k].st))
			return -1;
	*rc = got;
	memcpy(in->subkeys + i * NSUB, sub, sizeof sub);
	in->have_sub[i] = 1;
	return 0;
}

static void read_meta_of(void *ctx, size_t i, struct arena *a)
{
	struct site *s = ctx;
	incr_of(s)->reused[i] = read_meta(s, i, a, 0) == 0 ? REUSED : 0;
}

/* ---- the build ---- */

/* The chapters taken from the last build whose search parts are made
 * again (incr_begin()). */
struct redo {
	struct site *s;
	size_t *chapters, n;
};

/* Reads chapter redo->chapters[k]'s record with all its claims, and its
 * search record, checked: it is then REINDEXED, else rendered after all. */
static void reindex_of(void *ctx, size_t k, struct arena *a)
{
	struct redo *redo = ctx;
	struct site *s = redo->s;
	struct incr *in = incr_of(s);
	size_t i = redo->chapters[k];
	int ok = read_meta(s, i, a, 1) == 0 &&
		 cache_search_get(cache_of(s), s->book->chapters[i].source, in->keys[i], &in->search[i],
				  &in->search_len[i]) == 0 &&
		 (cache_search_as_written(cache_of(s)) ||
		  search_index_check_packed(in->search[i], in->search_len[i]) == 0);
	in->reused[i] = ok ? REINDEXED : 0;
	if (!ok) {   /* rendered after all: from nothing */
		in->have_sub[i] = 0;
		in->search[i] = NULL;
		memset(&s->chapters[i], 0, sizeof s->chapters[i]);
	}
}

static int file_rec_cmp(const void *a, const void *b)
{
	return strcmp(((const struct file_rec *)a)->path, ((const struct file_rec *)b)->path);
}

/* Reads the last build's record of its s->files ("files"). */
static void files_read(struct site *s)
{
	struct incr *in = incr_of(s);
	struct pack_reader r;
	if (cache_read(cache_of(s), s->a, "files", in->global, &r))
		return;
	size_t n = get_count(&r);
	struct file_rec *old = arena_array(s->a, n ? n : 1, sizeof *old);
	for (size_t k = 0; k < n && !r.bad; k++) {
		old[k].path = pack_get_str(&r);
		for (int j = 0; j < 5; j++)
			old[k].src[j] = pack_get_u64(&r);
		cache_get_stat(&r, &old[k].st);
		if (!old[k].path)
			r.bad = 1;
	}
	if (!r.bad && r.p == r.end) {
		qsort(old, n, sizeof *old, file_rec_cmp);
		in->old_files = old;
		in->nold_files = n;
	}
	cache_done(&r);
}

static void incr_begin(struct site *s)
{
	const struct book *b = s->book;
	if (!cache_of(s))
		return;
	struct incr *in = xcalloc(1, sizeof *in);
	s->reuse_state = in;
	/* nothing is taken from an output with a link in it (see
	 * write_output_linked()): a link is never followed, nor pruned into */
	in->out_fd = write_output_linked(s) ? -1 : open(s->out, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	in->global = global_key(s, SPECBOOK_VERSION);
	size_t n = b->nchapters ? b->nchapters : 1;
	in->keys = xcalloc(n, sizeof *in->keys);
	in->reused = xcalloc(n, 1);
	in->pages = xcalloc(n, sizeof *in->pages);
	in->rec = xcalloc(n, sizeof *in->rec);
	in->search = xcalloc(n, sizeof *in->search);
	in->search_len = xcalloc(n, sizeof *in->search_len);
	in->subkeys = xcalloc(n * NSUB, sizeof *in->subkeys);
	in->have_sub = xcalloc(n, 1);
	for (size_t i = 0; i < b->nchapters; i++)
		in->keys[i] = pack_hash_u64(in->global, b->chapters[i].hash);

	/* the last build's book pages */
	struct pack_reader r;
	if (cache_read(cache_of(s), s->a, "book", in->global, &r) == 0) {
		size_t nold = get_count(&r);
		struct book_rec *old = arena_array(s->a, nold ? nold : 1, sizeof *old);
		for (size_t k = 0; k < nold && !r.bad; k++) {
			old[k].group = (enum page_group)pack_get_u64(&r);
			old[k].key = pack_get_u64(&r);
			old[k].file = (int)pack_get_u64(&r);
			get_page(&r, &old[k].page);
		}
		if (!r.bad) {
			in->old = old;
			in->nold = nold;
		}
		cache_done(&r);
	}

	files_read(s);
	if (!s->has_print && files_is_dir(s->out))
		/* ten thousand records and pages to stat: on every core */
		work_each(s->pool, s->a, b->nchapters, 64, read_meta_of, s);
	/* A search part with a chapter to render (or whose file is gone) is
	 * made again, which needs the sections of all its chapters, and so is
	 * its claims page (in a long book), which needs all their claims: the
	 * others' sections are merged from their search records as the last
	 * build indexed them (checked first: the cache comes with the book,
	 * and a record that is not what search_index_pack() makes is a miss),
	 * and their claims are read in full.  Their pages are taken as they
	 * are.  Rendering the part's other chapters instead cost a rebuild of
	 * 1000 chapters two thirds of its instructions. */
	struct redo redo = { s, xcalloc(b->nchapters ? b->nchapters : 1, sizeof *redo.chapters), 0 };
	for (size_t from = 0, k = 0; from < b->nchapters; from += SEARCH_PART_CHAPTERS, k++) {
		size_t to = from + SEARCH_PART_CHAPTERS < b->nchapters ? from + SEARCH_PART_CHAPTERS
								       : b->nchapters;
		int whole = files_exists(arena_printf(s->a, "%s/%s", s->out, pages_search_part_path(s, k)));
		for (size_t i = from; i < to; i++)
			whole &= in->reused[i] != 0;
		for (size_t i = from; i < to && !whole; i++)
			if (in->reused[i])
				redo.chapters[redo.n++] = i;
	}
	/* a part's records read and checked on every core */
	work_each(s->pool, s->a, redo.n, 8, reindex_of, &redo);
	free(redo.chapters);
	/* with chapters to take from the old site, update it in place */
	uint64_t live = 0;
	for (size_t i = 0; i < b->nchapters; i++) {
		s->in_place |= in->reused[i];
		if (in->reused[i])
			live += cache_record_len(cache_of(s), b->chapters[i].source);
	}
	cache_pack_begin(cache_of(s), !s->in_place, live);
	for (size_t i = 0; i < b->nchapters; i++)
		if (in->reused[i])
			cache_record_keep(cache_of(s), b->chapters[i].source, &in->rec[i]);
}

static int incr_reused(const struct site *s, size_t i)
{
	return incr_of(s) && incr_of(s)->reused[i];
}

static int incr_reindexed(const struct site *s, size_t i)
{
	return incr_of(s) && incr_of(s)->reused[i] == REINDEXED;
}

static struct page *stub_page(struct site *s, const struct page_rec *rec, const char *source)
{
	struct page *p = site_page_add(s);
	p->path = rec->path;
	p->source = source;
	p->ids = rec->ids;
	p->nids = rec->nids;
	p->kept = rec->kept;
	p->kept_len = rec->kept_len;
	p->reused = 1;
	return p;
}

/* A claims page taken with its part's last chapter keeps the key the last
 * build made it under (incr_claims_page()), for the next build. */
static void keep_claims_key(struct site *s, const char *path)
{
	struct incr *in = incr_of(s);
	for (size_t k = 0; k < in->nold; k++)
		if (in->old[k].group == GROUP_CLAIMS && !in->old[k].file &&
		    !strcmp(in->old[k].page.path, path)) {
			struct book_rec *made = ARRAY_PUSH(in->made, in->nmade, in->capmade);
			memset(made, 0, sizeof *made);
			made->page.path = path;
			made->group = GROUP_CLAIMS;
			made->key = in->old[k].key;
			made->key_only = 1;
			return;
		}
}

static size_t incr_reuse_chapter(struct site *s, size_t i)
{
	struct incr *in = incr_of(s);
	const struct chapter *c = &s->book->chapters[i];
	struct rendered *r = &s->chapters[i];
	size_t page = s->npages;
	/* a chapter whose part is made again makes its claims page again, and
	 * its search record goes into the part (pages_search_chapter()) */
	int pages = in->reused[i] == REINDEXED ? 1 : 2;
	if (in->reused[i] == REINDEXED) {
		/* merged (and no longer needed) before the cache is closed */
		r->search = (char *)in->search[i];
		r->search_len = in->search_len[i];
		r->search_borrowed = 1;
		in->search[i] = NULL;
	}
	for (int k = 0; k < pages; k++) {
		const struct page_rec *rec = &in->pages[i][k];
		if (!rec->path)
			continue;
		stub_page(s, rec, c->path);
		if (k == 1)
			keep_claims_key(s, rec->path);
		if (write_take_last(s, rec->path)) {
			diag_error((struct srcloc){ s->out, 0, 0 }, "cannot link '%s' from the last build: %s "
				   "(build with --no-cache)", rec->path, strerror(errno));
		}
	}
	site_count_chapter(s, i, (int)r->claims_total, (int)r->claims_disputed);
	return page;
}

static void incr_save_chapter(struct site *s, size_t i, size_t page, size_t claims_page)
{
	struct incr *in = incr_of(s);
	const struct chapter *c = &s->book->chapters[i];
	const struct rendered *r = &s->chapters[i];
	if (!in || !site_writing(s) || diag_count_file(c->path))
		return;
	/* the claims page's stat is the book pages' record's (incr_finish()):
	 * this one may still be on the work line */
	struct file_stat st[2] = { { 0 }, { 0 } };
	if (write_stat_made(s, s->pages[page].path, &st[0]))
		return;
	struct buf b = BUF_INIT;
	buf_grow(&b, 16 * 1024);   /* a chapter's record, mostly: not grown by doubling */
	pack_put_u64(&b, (uint64_t)r->pairs);
	pack_put_u64(&b, (uint64_t)r->zh_blocks);
	pack_put_u64(&b, (uint64_t)r->spans);
	pack_put_u64(&b, (uint64_t)r->quantities);
	pack_put_u64(&b, (uint64_t)r->matched);
	pack_put_u64(&b, (uint64_t)r->unchecked);
	pack_put_u64(&b, (uint64_t)r->examples);
	pack_put_u64(&b, r->nheadings);
	for (size_t k = 0; k < r->nheadings; k++) {
		pack_put_u64(&b, (uint64_t)r->headings[k].level);
		pack_put_str(&b, r->headings[k].id);
		pack_put_str(&b, r->headings[k].title.zh);
		pack_put_str(&b, r->headings[k].title.en);
	}
	pack_put_u64(&b, r->nmentions);
	for (size_t k = 0; k < r->nmentions; k++) {
		const struct mention *m = &r->mentions[k];
		pack_put_str(&b, m->row);
		pack_put_str(&b, m->term);
		size_t h = 0;
		while (m->section && h < r->nheadings && r->headings[h].id != m->section)
			h++;
		pack_put_u64(&b, m->section && h < r->nheadings ? h : UINT64_MAX);
	}
	/* the claims: their count, how many are disputed, then their bytes,
	 * which a rebuild of a long book skips when none is */
	struct buf claims = BUF_INIT;
	uint64_t disputed = 0;
	for (size_t k = 0; k < r->nclaims; k++) {
		const struct claim_record *cr = &r->claims[k];
		disputed += cr->span.disputed != 0;
		pack_put_u64(&claims, (uint64_t)cr->span.kind);
		pack_put_u64(&claims, (uint64_t)cr->span.disputed);
		pack_put_str(&claims, cr->span.relation);
		pack_put_str(&claims, cr->span.stated);
		pack_put_str(&claims, cr->span.derivation);
		pack_put_str(&claims, cr->span.computed);
		pack_put_str(&claims, cr->span.correction);
		pack_put_str(&claims, cr->span.slip);
		pack_put_u64(&claims, (uint64_t)cr->loc.line);
		pack_put_u64(&claims, (uint64_t)cr->loc.col);
		pack_put_str(&claims, cr->anchor);
		pack_put_str(&claims, cr->section);
	}
	pack_put_u64(&b, r->nclaims);
	pack_put_u64(&b, disputed);
	pack_put_u64(&b, claims.len);
	/* their own seal: the record's leaves them out (a rebuild of
	 * 1000 chapters hashed 10 MB of records, most of it claims unread) */
	pack_put_u64(&b, pack_hash_block(claims.data ? claims.data : "", claims.len));
	size_t claims_off = b.len, claims_len = claims.len;
	buf_add(&b, claims.data ? claims.data : "", claims.len);
	buf_release(&claims);
	pack_put_u64(&b, r->nquizzes);
	for (size_t k = 0; k < r->nquizzes; k++) {
		const struct quiz_record *q = &r->quizzes[k];
		pack_put_str(&b, q->anchor);
		pack_put_str(&b, q->question.zh);
		pack_put_str(&b, q->question.en);
		pack_put_str(&b, q->key);
		pack_put_str(&b, q->choice.zh);
		pack_put_str(&b, q->choice.en);
		pack_put_str(&b, q->explain.zh);
		pack_put_str(&b, q->explain.en);
	}
	pack_put_u64(&b, r->nkeys);
	for (size_t k = 0; k < r->nkeys; k++) {
		const struct key_figure *kf = &r->keys[k];
		pack_put_str(&b, kf->meaning.zh);
		pack_put_str(&b, kf->meaning.en);
		pack_put_str(&b, kf->shown);
		pack_put_str(&b, kf->relation);
		pack_put_str(&b, kf->derivation);
		pack_put_str(&b, kf->computed);
		pack_put_str(&b, kf->anchor);
		pack_put_str(&b, kf->section);
		pack_put_u64(&b, (uint64_t)kf->line);
	}
	put_page(&b, &s->pages[page], &st[0]);
	pack_put_u64(&b, claims_page != (size_t)-1);
	if (claims_page != (size_t)-1)
		put_page(&b, &s->pages[claims_page], &st[1]);
	/* its part of the book pages' keys, hashed once: a rebuild reads it
	 * with the record instead of hashing every chapter again */
	uint64_t *sub = in->subkeys + i * NSUB;
	subkeys_of(s, r, 1, sub);   /* before keep_chapter() keeps only some */
	in->have_sub[i] = 1;
	for (int k = 0; k < NSUB; k++)
		pack_put_u64(&b, sub[k]);
	cache_record_put(cache_of(s), in->keys[i], &b, claims_off, claims_len, &in->rec[i]);
	buf_release(&b);
	/* a chapter taken from the last build keeps its search record */
	if (!in->reused[i] && r->search)
		cache_search_put(cache_of(s), in->keys[i], r->search, r->search_len, &in->rec[i]);
}

/* ---- book pages ---- */

static uint64_t hash_headings_of(uint64_t h, const struct rendered *r, const char *section)
{
	for (size_t k = 0; section && k < r->nheadings; k++)
		if (r->headings[k].id == section) {
			h = pack_hash_str(h, r->headings[k].id);
			h = pack_hash_str(h, r->headings[k].title.zh);
			return pack_hash_str(h, r->headings[k].title.en);
		}
	return pack_hash_str(h, section);
}

/* Returns the heading of r whose id is section, or NULL.  By its bytes: a
 * claim read from the cache has a copy of the id, not the heading's. */
static const struct heading *heading_of(const struct rendered *r, const char *section)
{
	for (size_t k = 0; section && k < r->nheadings; k++)
		if (r->headings[k].id && !strcmp(r->headings[k].id, section))
			return &r->headings[k];
	return NULL;
}

/* Continues h with section's id and its title in r (by its bytes). */
static uint64_t hash_section_of(uint64_t h, const struct rendered *r, const char *section)
{
	const struct heading *hd = heading_of(r, section);
	h = pack_hash_str(h, section);
	h = pack_hash_str(h, hd ? hd->title.zh : NULL);
	return pack_hash_str(h, hd ? hd->title.en : NULL);
}

/* Hashes what a claims table shows of claim c: its verdict, the stated,
 * derived, computed and corrected figures, where it is (line, column,
 * anchor); its section, hash_claims(). */
static uint64_t hash_claim(uint64_t h, const struct claim_record *c)
{
	h = pack_hash_u64(h, (uint64_t)c->span.kind);
	h = pack_hash_u64(h, (uint64_t)c->span.disputed);
	h = pack_hash_str(h, c->span.relation);
	h = pack_hash_str(h, c->span.stated);
	h = pack_hash_str(h, c->span.derivation);
	h = pack_hash_str(h, c->span.computed);
	h = pack_hash_str(h, c->span.correction);
	h = pack_hash_str(h, c->span.slip);
	h = pack_hash_u64(h, (uint64_t)c->loc.line);
	h = pack_hash_u64(h, (uint64_t)c->loc.col);
	return pack_hash_str(h, c->anchor);
}

/* Continues h with the claims of r that a claims table shows (the
 * disputed ones only when disputed_only) and the sections they are in,
 * id and title (a claims page names each once, over its claims; the
 * errata name it on each row): a section's only when it is not the one
 * of the claim before, as the claims of a section come one after the
 * other (hashing its title for every claim was most of the hash's time,
 * and of the strlen() of a build of 10 000 chapters). */
static uint64_t hash_claims(uint64_t h, const struct rendered *r, int disputed_only)
{
	const char *section = NULL;
	int first = 1;
	for (size_t k = 0; k < r->nclaims; k++) {
		const struct claim_record *c = &r->claims[k];
		if (disputed_only && !c->span.disputed)
			continue;
		h = hash_claim(h, c);
		int same = !first && (c->section == section ||
				      (c->section && section && !strcmp(c->section, section)));
		h = pack_hash_u64(h, (uint64_t)same);
		if (!same)
			h = hash_section_of(h, r, c->section);
		section = c->section;
		first = 0;
	}
	return h;
}

/* Each chapter's part of the book pages' keys, one per group that shows
 * something of every chapter: hashed on every core for the chapters
 * whose record did not bring them (the main thread hashing ten thousand
 * chapters' headings, mentions and claims was a tenth of a rebuild's
 * fixed cost; hashing them on every rebuild, a tenth of what was left).
 * The claims are those the book pages keep: in a long book the disputed
 * ones (keep_chapter() in build.c keeps no other, and counts them all;
 * a chapter's record is written before it does, with every claim: all). */
static void subkeys_of(const struct site *s, const struct rendered *r, int all, uint64_t sub[NSUB])
{
	uint64_t index = PACK_HASH_INIT, study = PACK_HASH_INIT, mentions = PACK_HASH_INIT,
		 claims = PACK_HASH_INIT;
	/* r holds every claim (all) or those kept, with their counts */
	size_t total = r->claims_total, disputed = r->claims_disputed, kept = 0;
	if (all) {
		total = r->nclaims;
		disputed = 0;
		for (size_t k = 0; k < r->nclaims; k++)
			disputed += r->claims[k].span.disputed != 0;
	}
	index = pack_hash_u64(index, r->nheadings);
	index = pack_hash_u64(index, (uint64_t)r->spans);
	index = pack_hash_u64(index, (uint64_t)r->pairs);
	index = pack_hash_u64(index, (uint64_t)r->zh_blocks);
	index = pack_hash_u64(index, total);
	index = pack_hash_u64(index, disputed);
	index = pack_hash_u64(index, r->nkeys);
	study = pack_hash_u64(study, r->nkeys);
	for (size_t k = 0; k < r->nkeys; k++) {
		const struct key_figure *kf = &r->keys[k];
		study = pack_hash_str(study, kf->meaning.zh);
		study = pack_hash_str(study, kf->meaning.en);
		study = pack_hash_str(study, kf->shown);
		study = pack_hash_str(study, kf->relation);
		study = pack_hash_str(study, kf->derivation);
		study = pack_hash_str(study, kf->anchor);
	}
	study = pack_hash_u64(study, r->nquizzes);
	for (size_t k = 0; k < r->nquizzes; k++) {
		const struct quiz_record *q = &r->quizzes[k];
		study = pack_hash_str(study, q->anchor);
		study = pack_hash_str(study, q->question.zh);
		study = pack_hash_str(study, q->question.en);
		study = pack_hash_str(study, q->key);
		study = pack_hash_str(study, q->choice.zh);
		study = pack_hash_str(study, q->choice.en);
		study = pack_hash_str(study, q->explain.zh);
		study = pack_hash_str(study, q->explain.en);
	}
	mentions = pack_hash_u64(mentions, r->nmentions);
	for (size_t k = 0; k < r->nmentions; k++) {
		mentions = pack_hash_str(mentions, r->mentions[k].row);
		mentions = pack_hash_str(mentions, r->mentions[k].term);
		mentions = hash_headings_of(mentions, r, r->mentions[k].section);
	}
	for (size_t k = 0; k < r->nclaims; k++)
		kept += !s->claims_split || r->claims[k].span.disputed;
	claims = pack_hash_u64(claims, total);
	claims = pack_hash_u64(claims, disputed);
	claims = pack_hash_u64(claims, kept);
	claims = hash_claims(claims, r, s->claims_split);
	sub[SUB_INDEX] = index;
	sub[SUB_STUDY] = study;
	sub[SUB_MENTIONS] = mentions;
	sub[SUB_CLAIMS] = claims;
}

static void chapter_keys_of(void *ctx, size_t i, struct arena *a)
{
	(void)a;
	struct site *s = ctx;
	struct incr *in = incr_of(s);
	if (!in->have_sub[i])
		subkeys_of(s, &s->chapters[i], 0, in->subkeys + i * NSUB);
}

static void incr_book_keys(struct site *s)
{
	struct incr *in = incr_of(s);
	if (!in)
		return;
	const struct book *b = s->book;
	uint64_t g = in->global;
	work_each(s->pool, s->a, b->nchapters, 64, chapter_keys_of, s);
	uint64_t index = pack_hash_u64(g, GROUP_INDEX), mentions = pack_hash_u64(g, GROUP_MENTIONS);
	uint64_t claims = pack_hash_u64(g, GROUP_CLAIMS), study = pack_hash_u64(g, GROUP_STUDY);
	for (size_t i = 0; i < b->nchapters; i++) {
		const uint64_t *sub = in->subkeys + i * NSUB;
		index = pack_hash_u64(index, sub[SUB_INDEX]);
		study = pack_hash_u64(study, sub[SUB_STUDY]);
		mentions = pack_hash_u64(mentions, sub[SUB_MENTIONS]);
		claims = pack_hash_u64(claims, sub[SUB_CLAIMS]);
	}
	in->group[GROUP_STATIC] = pack_hash_u64(g, GROUP_STATIC);
	in->group[GROUP_INDEX] = index;
	in->group[GROUP_MENTIONS] = mentions;
	in->group[GROUP_CLAIMS] = claims;
	in->group[GROUP_STUDY] = study;
	in->group[GROUP_SEARCH] = pack_hash_u64(pack_hash_u64(g, GROUP_SEARCH), s->search_parts);
}

/* ---- search parts ---- */

/* The name of part name's record in the cache. */
static const char *part_record(struct site *s, const char *name)
{
	return arena_printf(s->a, "shards-%s", name);
}

/* Reads the last build's record of the search part name into p->old. */
static void part_read(struct site *s, struct part_files *p)
{
	struct pack_reader r;
	if (cache_read(cache_of(s), s->a, part_record(s, p->name), incr_of(s)->global, &r))
		return;
	size_t n = get_count(&r);
	struct search_file_rec *old = arena_array(s->a, n ? n : 1, sizeof *old);
	for (size_t k = 0; k < n && !r.bad; k++) {
		old[k].hash = pack_get_u64(&r);
		cache_get_stat(&r, &old[k].st);
	}
	if (!r.bad && r.p == r.end) {
		p->old = old;
		p->nold = n;
	}
	cache_done(&r);
}

/* Returns 1 if the output holds file number file of part p, at path, as
 * the last build left it (in an update in place: a full build takes
 * nothing). */
static int part_file_intact(const struct site *s, const struct part_files *p, size_t file,
			    const char *path)
{
	struct file_stat st;
	const struct file_stat *want = &p->old[file].st;
	return s->in_place && incr_of(s)->out_fd >= 0 && want->size &&
	       files_statat(incr_of(s)->out_fd, path, &st) == 0 && files_stat_same(&st, want);
}

/*
 * A search part's file is kept as the output holds it when the last build
 * made it of the same JSON text (by its hash) and the file is still as
 * that build left it: size, times and inode, as a reused page is judged
 * by its size and time (a cache that came with the book cannot know
 * them).  Deflating every
 * file of a changed part again, to find the few that changed, was a third
 * of a one-chapter rebuild of 1000 chapters.
 */
static int incr_search_file(const struct site *s, void *part, size_t file, const char *path,
			    uint64_t hash)
{
	struct part_files *p = part;
	if (!p)
		return 0;
	while (file >= p->cap) {
		size_t cap = p->cap ? p->cap * 2 : 512;
		p->path = xrealloc(p->path, size_mul(cap, sizeof *p->path));
		p->hash = xrealloc(p->hash, size_mul(cap, sizeof *p->hash));
		p->st = xrealloc(p->st, size_mul(cap, sizeof *p->st));
		memset(p->path + p->cap, 0, (cap - p->cap) * sizeof *p->path);
		memset(p->st + p->cap, 0, (cap - p->cap) * sizeof *p->st);
		p->cap = cap;
	}
	p->path[file] = path;
	p->hash[file] = hash;
	if (file >= p->n)
		p->n = file + 1;
	if (file >= p->nold || p->old[file].hash != hash || !part_file_intact(s, p, file, path))
		return 0;
	p->st[file] = p->old[file].st;   /* the next build's record: no stat again */
	return 1;
}

/* Starts the search part named part (on the main thread): reads the last
 * build's record of its files.  What incr_search_file() then touches is
 * the part's alone, so that it may run on another thread. */
static void *incr_search_part_begin(struct site *s, const char *part)
{
	struct incr *in = incr_of(s);
	if (!in)
		return NULL;
	struct part_files *p = xcalloc(1, sizeof *p);
	p->name = arena_strdup(s->a, part);
	part_read(s, p);
	*ARRAY_PUSH(in->parts, in->nparts, in->capparts) = p;
	return p;
}

/* Takes the search part named part as the last build left it when the
 * record of its files (keyed, as every record, by the global key, which
 * covers all that the book's part is made of) vouches for every one of
 * them in the output.  Returns 1 if taken. */
static int incr_search_part(struct site *s, const char *part)
{
	struct incr *in = incr_of(s);
	if (!in || !s->in_place)
		return 0;
	struct part_files p = { .name = arena_strdup(s->a, part) };
	part_read(s, &p);
	if (!p.nold)
		return 0;
	const char **paths = arena_array(s->a, p.nold, sizeof *paths);
	for (size_t f = 0; f < p.nold; f++) {
		paths[f] = pages_search_file_path(s, part, f);
		if (!part_file_intact(s, &p, f, paths[f]))
			return 0;
	}
	for (size_t f = 0; f < p.nold; f++)
		write_file_done(s, paths[f]);
	p.whole = 1;
	struct part_files *kept = xmalloc(sizeof *kept);
	*kept = p;
	*ARRAY_PUSH(in->parts, in->nparts, in->capparts) = kept;
	return 1;
}

/* The records of the search parts made (parts_finish()): each made on
 * one core, from the output's files as they are now (the stat of 50 000
 * files of 10 000 chapters took 53 ms on one). */
struct parts_job {
	struct incr *in;
	int fd;                       /* the output, or -1 */
	struct buf *recs;             /* one per part (empty: the part was taken whole) */
};

static void part_record_of(void *ctx, size_t k, struct arena *arena)
{
	(void)arena;
	struct parts_job *job = ctx;
	const struct part_files *p = job->in->parts[k];
	if (p->whole)
		return;
	struct buf *b = &job->recs[k];
	pack_put_u64(b, p->n);
	for (size_t f = 0; f < p->n; f++) {
		struct file_stat st = p->path[f] ? p->st[f] : (struct file_stat){ 0 };
		/* a file not there (or not written) is a record no file matches */
		if (p->path[f] && !st.size && (job->fd < 0 || files_statat(job->fd, p->path[f], &st)))
			memset(&st, 0, sizeof st);
		pack_put_u64(b, p->path[f] && st.size ? p->hash[f] : 0);
		cache_put_stat(b, &st);
	}
}

/* Keeps the record of each search part made (its files as they are in
 * the output now), and drops those of parts the book no longer has. */
static void parts_finish(struct site *s)
{
	struct incr *in = incr_of(s);
	struct parts_job job = { in, open(s->out, O_RDONLY | O_DIRECTORY | O_CLOEXEC),
				 xcalloc(in->nparts ? in->nparts : 1, sizeof *job.recs) };
	work_each(s->pool, s->a, in->nparts, 4, part_record_of, &job);
	for (size_t k = 0; k < in->nparts; k++) {
		if (!in->parts[k]->whole)
			cache_write(cache_of(s), part_record(s, in->parts[k]->name), in->global, &job.recs[k]);
		buf_release(&job.recs[k]);
	}
	free(job.recs);
	if (job.fd >= 0)
		close(job.fd);
	for (size_t k = s->search_parts;; k++)
		if (cache_remove(cache_of(s), part_record(s, arena_printf(s->a, "%04zu", k))))
			break;
}

/* Takes the book page at path (of group g), made under key, from the last
 * build if it was made under the same key; 1 if taken, 0: make it.  Either
 * way this build's page is kept under key for the next. */
static int book_page_keyed(struct site *s, const char *path, enum page_group g, uint64_t key)
{
	struct incr *in = incr_of(s);
	struct book_rec *made = ARRAY_PUSH(in->made, in->nmade, in->capmade);
	memset(made, 0, sizeof *made);
	made->page.path = path;
	made->group = g;
	made->key = key;
	size_t plen = strlen(path);
	made->file = plen < 5 || strcmp(path + plen - 5, ".html");
	for (size_t k = 0; k < in->nold; k++) {
		const struct book_rec *old = &in->old[k];
		if (strcmp(old->page.path, path))
			continue;
		if (old->group != g || old->key != key || old->file != made->file ||
		    !old_file_intact(s, path, &old->page.st) || write_take_last(s, path))
			return 0;
		if (made->file) {
			write_file_done(s, path);
		} else {
			stub_page(s, &old->page, "content");
		}
		return 1;
	}
	return 0;
}

static int incr_book_page(struct site *s, const char *path, enum page_group g)
{
	struct incr *in = incr_of(s);
	return in ? book_page_keyed(s, path, g, in->group[g]) : 0;
}

/* A long book's claims page of chapters first..last is keyed by what
 * claims_rows() shows of their claims (their titles, ids and
 * numbers are in the global key), so that an edit that leaves the claims
 * as they were (most do) takes the page as it is: making it again was a
 * fifth of a one-chapter rebuild of 1000 chapters. */
static int incr_claims_page(struct site *s, size_t first, size_t last, const char *path)
{
	struct incr *in = incr_of(s);
	if (!in)
		return 0;
	uint64_t h = pack_hash_u64(pack_hash_u64(in->global, GROUP_CLAIMS), first);
	h = pack_hash_u64(h, last);
	for (size_t i = first; i <= last; i++) {
		const struct rendered *r = &s->chapters[i];
		h = pack_hash_u64(h, r->nclaims);
		h = hash_claims(h, r, 0);
	}
	/* its key is kept with the book pages' (incr_finish()); its ids and
	 * links with its part's last chapter's record, read when that
	 * chapter was not rendered (else the page is made again: one edit in
	 * 64) */
	struct book_rec *made = ARRAY_PUSH(in->made, in->nmade, in->capmade);
	memset(made, 0, sizeof *made);
	made->page.path = path;
	made->group = GROUP_CLAIMS;
	made->key = h;
	made->key_only = 1;
	const struct page_rec *rec = &in->pages[last][1];
	if (in->reused[last] != REINDEXED || !rec->path || strcmp(rec->path, path))
		return 0;
	for (size_t k = 0; k < in->nold; k++) {
		const struct book_rec *old = &in->old[k];
		if (old->group != GROUP_CLAIMS || old->file || strcmp(old->page.path, path))
			continue;
		if (old->key != h || !old_file_intact(s, path, &old->page.st) || write_take_last(s, path))
			return 0;
		stub_page(s, rec, s->book->chapters[last].path);
		return 1;
	}
	return 0;
}

/* Fills src with what f is made from; returns 0, or -1 when it is not a
 * plain file (a folder, a link: copied as before, never kept). */
static int file_source(const struct site_file *f, uint64_t src[5])
{
	memset(src, 0, 5 * sizeof *src);
	if (f->data) {
		src[0] = FILE_BUILT_IN;
		src[1] = f->len;
		src[2] = pack_hash_block(f->data, f->len);
		return 0;
	}
	struct stat sb;
	if (!f->disk_path || lstat(f->disk_path, &sb) || !S_ISREG(sb.st_mode))
		return -1;
	struct file_stat st;
	files_stat_of(&sb, &st);
	src[0] = FILE_ON_DISK;
	src[1] = st.size;
	src[2] = st.mtime_ns;
	src[3] = st.ctime_ns;
	src[4] = pack_hash_u64(pack_hash_u64(PACK_HASH_INIT, (uint64_t)sb.st_ino), (uint64_t)sb.st_dev);
	return 0;
}

/* Returns 1 if the output (open at fd) holds a plain file at path whose
 * size, times and inode are want's. */
static int output_file_is(int fd, const char *path, const struct file_stat *want)
{
	struct stat sb;
	struct file_stat st;
	if (fd < 0 || fstatat(fd, path, &sb, AT_SYMLINK_NOFOLLOW) || !S_ISREG(sb.st_mode))
		return 0;
	files_stat_of(&sb, &st);
	return files_stat_same(&st, want);
}

/* The file f of s->files stays as the output holds it when it is made
 * from the same source as the last build's (a file with the same size,
 * times, inode and device; a built-in asset with the same bytes) and the
 * output still holds that build's file (the same size, times and inode:
 * one changed or replaced there since is written again).  Only in an
 * update in place, of an output with no link in it (out_fd). */
static int incr_site_file(struct site *s, const struct site_file *f)
{
	struct incr *in = incr_of(s);
	uint64_t src[5];
	if (!in || file_source(f, src))
		return 0;
	struct file_rec *now = ARRAY_PUSH(in->files, in->nfiles, in->capfiles);
	now->path = f->path;
	memcpy(now->src, src, sizeof src);
	now->st.size = UINT64_MAX;   /* stat()ed when the output is final */
	if (!s->in_place || in->out_fd < 0)
		return 0;
	struct file_rec key = { .path = f->path };
	const struct file_rec *old = in->nold_files
		? bsearch(&key, in->old_files, in->nold_files, sizeof key, file_rec_cmp) : NULL;
	if (!old || memcmp(old->src, src, sizeof src) || !output_file_is(in->out_fd, f->path, &old->st))
		return 0;
	now->st = old->st;
	return 1;
}

/* Keeps the cache record kind: n, then the n entries packed in items
 * (released). */
static void write_counted(struct site *s, const char *kind, size_t n, struct buf *items)
{
	struct buf all = BUF_INIT;
	buf_grow(&all, items->len + 10);
	pack_put_u64(&all, n);
	buf_add(&all, items->data ? items->data : "", items->len);
	cache_write(cache_of(s), kind, incr_of(s)->global, &all);
	buf_release(&all);
	buf_release(items);
}

/* Keeps this build's s->files as the output now holds them. */
static void files_finish(struct site *s)
{
	struct incr *in = incr_of(s);
	int fd = open(s->out, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	struct buf b = BUF_INIT;
	size_t kept = 0;
	for (size_t k = 0; k < in->nfiles; k++) {
		struct file_rec *f = &in->files[k];
		if (f->st.size == UINT64_MAX) {
			struct stat sb;
			if (fd < 0 || fstatat(fd, f->path, &sb, AT_SYMLINK_NOFOLLOW) || !S_ISREG(sb.st_mode))
				continue;
			files_stat_of(&sb, &f->st);
		}
		pack_put_str(&b, f->path);
		for (int j = 0; j < 5; j++)
			pack_put_u64(&b, f->src[j]);
		cache_put_stat(&b, &f->st);
		kept++;
	}
	if (fd >= 0)
		close(fd);
	write_counted(s, "files", kept, &b);
}

static void incr_finish(struct site *s)
{
	struct incr *in = incr_of(s);
	if (!in)
		return;
	const struct book *b = s->book;
	/* the chapter index: only chapters without diagnostics, so that a
	 * warning is read (and shown) again next time */
	struct cache_chapter *e = xcalloc(b->nchapters ? b->nchapters : 1, sizeof *e);
	size_t n = 0;
	for (size_t i = 0; i < b->nchapters; i++) {
		const struct chapter *c = &b->chapters[i];
		if (diag_count_file(c->path))
			continue;
		e[n++] = (struct cache_chapter){ c->source, c->st, c->hash, c->id, c->title, c->summary,
						 in->rec[i].key, in->rec[i].off, in->rec[i].len,
						 in->rec[i].soff, in->rec[i].slen };
	}
	cache_chapters_write(cache_of(s), e, n);
	free(e);

	/* the book pages, as written (they are in the output now) */
	struct buf buf = BUF_INIT;
	size_t kept = 0;
	for (size_t k = 0; k < in->nmade; k++) {
		struct book_rec *m = &in->made[k];
		struct file_stat st;
		if (files_stat(arena_printf(s->a, "%s/%s", s->out, m->page.path), &st))
			continue;
		const struct page *p = NULL;
		int key_only = m->key_only;
		for (size_t j = s->npages; j-- > 0 && !m->file && !key_only;)
			if (!strcmp(s->pages[j].path, m->page.path)) {
				p = &s->pages[j];
				break;
			}
		if (!m->file && !p && !key_only)
			continue;
		struct page none = { .path = m->page.path };
		pack_put_u64(&buf, (uint64_t)m->group);
		pack_put_u64(&buf, m->key);
		pack_put_u64(&buf, (uint64_t)m->file);
		put_page(&buf, p ? p : &none, &st);
		kept++;
	}
	write_counted(s, "book", kept, &buf);
	parts_finish(s);
	files_finish(s);
}

static void incr_free(struct site *s)
{
	struct incr *in = incr_of(s);
	if (!in)
		return;
	free(in->keys);
	free(in->reused);
	free(in->pages);
	free(in->rec);
	free(in->search);
	free(in->search_len);
	free(in->subkeys);
	free(in->have_sub);
	free(in->made);
	free(in->files);
	for (size_t k = 0; k < in->nparts; k++) {
		free(in->parts[k]->path);
		free(in->parts[k]->hash);
		free(in->parts[k]->st);
		free(in->parts[k]);
	}
	free(in->parts);
	if (in->out_fd >= 0)
		close(in->out_fd);
	free(in);
	s->reuse_state = NULL;
}

const struct site_reuse incr_reuse = {
	.begin = incr_begin,
	.reused = incr_reused,
	.reindexed = incr_reindexed,
	.take_chapter = incr_reuse_chapter,
	.keep_chapter = incr_save_chapter,
	.take_file = write_take_last,
	.search_part_begin = incr_search_part_begin,
	.search_file = incr_search_file,
	.search_part = incr_search_part,
	.site_file = incr_site_file,
	.book_keys = incr_book_keys,
	.book_page = incr_book_page,
	.claims_page = incr_claims_page,
	.finish = incr_finish,
	.end = incr_free,
};
