/*
 * site.h — the state of a build, which the site's stages share: its pages
 * and files, its rendered chapters, its counts, and the reuse layer it
 * asks what to take from the last build.
 *
 * The stages, each with its header: render (render.h, a chapter on any
 * thread), page (page.h, a page from the template and its end), pages
 * (pages.h, the book-level pages), link (link.h, the link check), write
 * (write.h, the output).  build.h calls them all: build_site().
 */
#ifndef SPECBOOK_SITE_H
#define SPECBOOK_SITE_H

#include <stdatomic.h>
#include <stddef.h>

#include "core/arena.h"
#include "book/book.h"
#include "render/dom.h"
#include "render/render.h"

struct buf;
struct site;
struct work_pool;

#define SPECBOOK_VERSION "0.2.0"

/* An internal link of a page, for the link check. */
struct link_record {
	const char *path;        /* target page or file (a link to an anchor of
				    its own page is checked when collected) */
	const char *fragment;    /* without '#', or NULL */
	struct srcloc loc;
};

struct page {
	const char *path;          /* "index.html", "specs/accelerators.html" */
	const char *source;        /* file its links were written in, for diagnostics */
	struct dom_page *dom;
	int reused;                /* taken from the last build (incr.h): no tree */
	int copy;                  /* its content repeats other pages (print.html):
				      links are rewritten but not reported twice */
	const char *base_href;     /* a <base href> page_done() adds after the
				      link stage (404.html), or NULL */
	const char **ids;          /* sorted ids of the page, filled by link_collect() */
	size_t nids;
	struct link_record *links; /* its internal links, filled by link_collect() */
	size_t nlinks;
	const char *kept;          /* a reused page's links as the cache keeps them
				      (link_put()), read by link_check() only
				      where their target was made again */
	size_t kept_len;
};

/* A file the site holds besides pages (assets, the search index parts). */
struct site_file {
	const char *path;          /* "assets/site.css", "assets/search/0000.js" */
	const char *disk_path;     /* copied from here at the end, unless written */
	const char *data;          /* or these bytes (a built-in asset), static */
	size_t len;
	int written;               /* already in the output (write_file()) */
};

struct chapter_stats {
	const char *source;        /* "01-introduction.md" */
	int pairs, zh_blocks, spans;
	int quantities, matched, unchecked;
	const struct unchecked_record *unchecked_list;   /* for check --unchecked */
	size_t nunchecked_list;
};

/* Where a build's time went, in seconds, for --timings: the wall clock's
 * and the CPU time of all threads (what the stage kept the cores busy). */
enum site_phase { PHASE_LOAD, PHASE_CHAPTERS, PHASE_BOOK_PAGES, PHASE_LINKS, PHASE_WRITE, PHASE_COUNT };

struct site_stats {
	int reused;                /* chapters taken from the last build */
	int reindexed;             /* of which merged again into their search part */
	int chapters, pages, pairs, zh_blocks, spans, claims, disputed;
	/* plain quantities with units in prose (scan.h) */
	int quantities, matched, unchecked, examples;
	int keys, quizzes;          /* figures to remember, self-test questions */
	struct chapter_stats *per_chapter;   /* in the build arena, one per chapter */
	double seconds[PHASE_COUNT];
	double cpu_seconds[PHASE_COUNT];
};

/* Book pages are grouped by what they show of the chapters: a group's
 * pages are made again only when that changed (the reuse layer keys each
 * group). */
enum page_group { GROUP_STATIC, GROUP_INDEX, GROUP_MENTIONS, GROUP_CLAIMS, GROUP_SEARCH,
		  GROUP_STUDY, GROUP_COUNT };

/*
 * What a build takes from the last one.  The site's stages never read or
 * write the cache: they ask these, through site_reused() and the like,
 * which answer "no" when there is no reuse layer (check, --no-cache).  The
 * incremental layer (incr.h) fills one and main.c hands it to
 * build_site().  Each gets the site, whose reuse_ctx and reuse_state are
 * the layer's own.
 */
struct site_reuse {
	/* decides which chapters are taken from the last build (after
	 * write_begin()) */
	void (*begin)(struct site *s);
	/* chapter i's page comes from the last build */
	int (*reused)(const struct site *s, size_t i);
	/* ... but its search part is made again: take_chapter() hands over its
	 * sections as the last build indexed them (struct rendered's search),
	 * and in a long book its claims are kept to make the part's claims
	 * page again */
	int (*reindexed)(const struct site *s, size_t i);
	/* takes chapter i: fills s->chapters[i] with what the book pages
	 * need, adds its pages (no tree) and links their files into the new
	 * site; returns the index of its page in s->pages */
	size_t (*take_chapter)(struct site *s, size_t i);
	/* chapter i was made (page and claims_page index s->pages;
	 * claims_page is (size_t)-1 when there is none): keep it */
	void (*keep_chapter)(struct site *s, size_t i, size_t page, size_t claims_page);
	/* links the last build's file at path into the new site; 0, or -1
	 * (then make it) */
	int (*take_file)(struct site *s, const char *path);
	/* the search part named part ("0003", "book") is made again: returns
	 * what search_file() is then asked with (NULL: keep no file) */
	void *(*search_part_begin)(struct site *s, const char *part);
	/* file number file of that part is at path and made of JSON text
	 * whose hash is hash: 1 if the last build's file there was made of
	 * the same text and the output still holds it as written (then it
	 * stays: not deflated, not written); 0: make it.  Either way it is
	 * kept for the next build.  Touches only what part_begin() returned:
	 * safe on one other thread (a part at a time) */
	int (*search_file)(const struct site *s, void *part, size_t file, const char *path,
			   uint64_t hash);
	/* 1 if the search part named part, made of nothing but what the
	 * global key covers (the book's part: spec tables and glossary), is
	 * taken as the last build left it (its files then recorded with
	 * write_file_done()); 0: make it */
	int (*search_part)(struct site *s, const char *part);
	/* file f of s->files (a built-in asset, a vendored library's file, a
	 * file beside the chapters) is to be written or copied at the end: 1
	 * if the output holds it as the last build left it, made from the
	 * same source (then it stays as it is: not read, compared, nor linked
	 * again); 0: write it.  Either way it is kept for the next build */
	int (*site_file)(struct site *s, const struct site_file *f);
	/* every chapter is done: key the groups of book pages */
	void (*book_keys)(struct site *s);
	/* 1 if the book page at path (of group g) was taken; 0: make it */
	int (*book_page)(struct site *s, const char *path, enum page_group g);
	/* in a long book, when chapter first (which begins a part) is done:
	 * 1 if the part's claims page (at path) was taken from the last build
	 * (then a page added to s->pages), because the claims of chapters
	 * first..last (in s->chapters, all of them: each is rendered or read
	 * again) are those it was made from; 0: make it */
	int (*claims_page)(struct site *s, size_t first, size_t last, const char *path);
	/* after a successful write: keep what the next build needs */
	void (*finish)(struct site *s);
	/* frees what begin() allocated outside the build's arena */
	void (*end)(struct site *s);
};

/* The questions the stages ask of the reuse layer; each answers 0 (make
 * it) when there is none. */
int site_reused(const struct site *s, size_t i);
int site_reindexed(const struct site *s, size_t i);
int site_take_file(struct site *s, const char *path);
int site_book_page_taken(struct site *s, const char *path, enum page_group g);
void *site_search_part_begin(struct site *s, const char *part);
int site_search_file_kept(const struct site *s, void *part, size_t file, const char *path,
			  uint64_t hash);
int site_search_part_taken(struct site *s, const char *part);
int site_file_kept(struct site *s, const struct site_file *f);

/* Returns 1 if what is made now is still worth writing: the build
 * writes (s->writes) and no error was reported (diag_failed(): a site
 * with an error is never published, and a failed write is an error). */
int site_writing(const struct site *s);

/* Returns a monotonic clock in seconds. */
double site_clock(void);
/* Returns the CPU time of the process (all its threads, user and system)
 * in seconds. */
double site_cpu_clock(void);

struct site {
	const struct book *book;
	struct arena *a;
	struct dom_template *tpl;
	struct page *pages;
	size_t npages, cappages;
	struct site_file *files;
	size_t nfiles, capfiles;
	struct rendered *chapters;   /* one per book chapter */
	struct dom_node **print_parts; /* copies of the chapters' articles, for print.html */
	struct site_stats stats;
	int verbose;                 /* notes on stderr (not --quiet) */
	int writes;                  /* a build whose output began (write_begin()),
					not a check: pages are serialized and
					written.  Set before chapters render, then
					read only (site_writing()) */
	struct work_pool *pool;      /* the build's workers (core/work.h), which every
					stage that runs work in parallel uses */
	struct work_line *line;      /* while chapters render, pages and search parts
					serialized and written beside the main thread
					(core/work.h; NULL: at once) */
	struct search_index *search; /* the search index part being filled */
	size_t search_parts;         /* parts written so far */
	int claims_split;            /* claims on pages of their own (claims/NNNN.html) */
	struct dom_node *claims_frag, *claims_art;   /* the one being filled */
	const struct site_reuse *reuse;  /* NULL: a full build that keeps nothing */
	void *reuse_ctx;             /* the reuse layer's: what it reads (the cache) */
	void *reuse_state;           /* the reuse layer's: what this build takes */
	int in_place;                /* the output is updated, not replaced (write.c) */
	struct link_strings *link_strings;   /* link.c's one copy of each target */
	_Atomic int heading_reads;   /* source files link.c read to explain a broken anchor */
	int has_print;               /* print.html is made (books up to PRINT_MAX_CHAPTERS) */
	int vendor;                  /* the browser libraries the site has (vendor.h) */
	int vendor_need;             /* those the chapters need (for print.html) */
	const char *out, *tmp;       /* the write stage's directories */
	struct write_state *write;   /* the rest of the write stage's (write.c), from
					write_begin() on; NULL before */
};

/* A book longer than this gets no print.html: one page of hundreds of
 * chapters is neither printable nor loadable, and it would cost a copy of
 * every chapter in memory. */
#define PRINT_MAX_CHAPTERS 200

/* The search index is written in parts of this many chapters (see
 * search_index_write_part()), so a build holds one part in memory. */
#define SEARCH_PART_CHAPTERS 64

/* A book longer than this lists its claims on pages of SEARCH_PART_CHAPTERS
 * chapters (claims/NNNN.html); claims.html keeps the errata and a count per
 * chapter.  Shorter books list every claim on claims.html. */
#define CLAIMS_PAGE_MAX_CHAPTERS 100

/* Returns a page added to s->pages, zeroed (s->pages may move). */
struct page *site_page_add(struct site *s);

/* Adds chapter i (rendered or taken from the last build) to the stats. */
void site_count_chapter(struct site *s, size_t i, int claims, int disputed);

#endif
