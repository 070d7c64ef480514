/*
 * site.h — the pages of a site and the stages that finish them.
 *
 * site_build() runs render over every chapter, builds the book-level pages
 * (index, spec tables, glossary, claims, search, print, 404), hands them to
 * the link stage and, when no error was reported, to the write stage.
 */
#ifndef SPECBOOK_SITE_H
#define SPECBOOK_SITE_H

#include <stddef.h>

#include "core/arena.h"
#include "book/book.h"
#include "site/dom.h"
#include "site/render.h"

struct buf;
struct site;

#define SPECBOOK_VERSION "0.1.0"

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
	int written;               /* already in the output (write_file()) */
};

struct chapter_stats {
	const char *source;        /* "01-introduction.md" */
	int pairs, zh_blocks, spans;
};

/* Where a build's time went, in seconds, for --timings. */
enum site_phase { PHASE_LOAD, PHASE_CHAPTERS, PHASE_BOOK_PAGES, PHASE_LINKS, PHASE_WRITE, PHASE_COUNT };

struct site_stats {
	int reused;                /* chapters taken from the last build */
	int reindexed;             /* of which rendered again for their search part */
	int chapters, pages, pairs, zh_blocks, spans, claims, disputed;
	struct chapter_stats *per_chapter;   /* in the build arena, one per chapter */
	double seconds[PHASE_COUNT];
};

/* Book pages are grouped by what they show of the chapters: a group's
 * pages are made again only when that changed (the reuse layer keys each
 * group). */
enum page_group { GROUP_STATIC, GROUP_INDEX, GROUP_MENTIONS, GROUP_CLAIMS, GROUP_SEARCH,
		  GROUP_COUNT };

/*
 * What a build takes from the last one.  The site's stages never read or
 * write the cache: they ask these, through site_reused() and the like,
 * which answer "no" when there is no reuse layer (check, --no-cache).  The
 * incremental layer (incr.h) fills one and main.c hands it to
 * site_build().  Each gets the site, whose reuse_ctx and reuse_state are
 * the layer's own.
 */
struct site_reuse {
	/* decides which chapters are taken from the last build (after
	 * write_begin()) */
	void (*begin)(struct site *s);
	/* chapter i's page comes from the last build */
	int (*reused)(const struct site *s, size_t i);
	/* ... but its search part is made again: it is rendered for the index
	 * alone, and in a long book its claims are kept to make the part's
	 * claims page again */
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
	/* every chapter is done: key the groups of book pages */
	void (*book_keys)(struct site *s);
	/* 1 if the book page at path (of group g) was taken; 0: make it */
	int (*book_page)(struct site *s, const char *path, enum page_group g);
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

/* Returns a monotonic clock in seconds. */
double site_clock(void);

struct site {
	const struct book *book;
	struct arena *a;
	struct dom_template *tpl;
	const char **reserved;       /* ids of the template, kept from headings */
	size_t nreserved;
	struct render_env env;       /* what every chapter's rendering shares */
	struct page *pages;
	size_t npages, cappages;
	struct site_file *files;
	size_t nfiles, capfiles;
	struct rendered *chapters;   /* one per book chapter */
	struct dom_node **print_parts; /* copies of the chapters' articles, for print.html */
	struct site_stats stats;
	int jobs;
	int verbose;                 /* notes on stderr (not --quiet) */
	int writing;                 /* pages go to the output as they are made */
	int serialize;               /* writing, as it was when chapters started
					(read by the rendering threads) */
	struct search_index *search; /* the search index part being filled */
	size_t search_parts;         /* parts written so far */
	int claims_split;            /* claims on pages of their own (claims/NNNN.html) */
	struct dom_node *claims_frag, *claims_art;   /* the one being filled */
	const struct site_reuse *reuse;  /* NULL: a full build that keeps nothing */
	void *reuse_ctx;             /* the reuse layer's: what it reads (the cache) */
	void *reuse_state;           /* the reuse layer's: what this build takes */
	int in_place;                /* the output is updated, not replaced (write.c) */
	struct link_strings *link_strings;   /* link.c's one copy of each target */
	int has_print;               /* print.html is made (books up to PRINT_MAX_CHAPTERS) */
	const char *out, *tmp;       /* the write stage's directories */
	const char *old;             /* mkdtemp()'s template for the old site, set aside */
	unsigned dir_mode;           /* a new folder's mode: 0777 less the umask */
	int out_linked;              /* the output holds a link (write_output_linked()) */
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

struct site_options {
	const char *out;           /* output directory ("site") */
	int write;                 /* 0: check only */
	int jobs;                  /* rendering threads */
	int verbose;               /* per-chapter lines on stderr */
	const struct site_reuse *reuse;   /* NULL: build everything, keep nothing */
	void *reuse_ctx;           /* handed to it as s->reuse_ctx */
};

/* Builds (and with opts->write, writes) the site of b.  Returns 0 or -1. */
int site_build(const struct book *b, struct arena *a, const struct site_options *opts,
	       struct site_stats *stats);

/* Returns a new page at path, from the template, with the common slots filled
 * (title, book title, nav); current is the chapter it shows, or NULL. */
struct page *site_page_new(struct site *s, const char *path, const char *source,
			   const char *title, const struct chapter *current);

/* A finished page: its links are collected, then it is written (when the
 * site is being written) and its tree freed, so that pages do not pile up
 * in memory. */
void site_page_done(struct site *s, struct page *p);

/* Adds chapter i (rendered or taken from the last build) to the stats. */
void site_count_chapter(struct site *s, size_t i, int claims, int disputed);

/* pages.c: the book-level pages, and the pages made as each chapter is
 * done: its part of the search index (pages_search_chapter(), which writes
 * a part when it is full or last) and, in a long book, its claims. */
void pages_build(struct site *s);
void pages_search_chapter(struct site *s, size_t chapter);
/* The path of search part k ("assets/search/0000.js"). */
const char *pages_search_part_path(struct site *s, size_t k);
/* Indexes the sections r of a rendered chapter in ix (the calling thread's
 * own, empty, and left empty) and returns them packed
 * (search_index_pack()); safe on a rendering thread.
 * pages_search_chapter() merges them. */
char *pages_search_prepare(const struct site *s, size_t chapter, const struct rendered *r,
			   struct search_index *ix);
/* Adds chapter's claims to its claims page; returns the page when it is
 * complete (the last chapter of its group), else NULL. */
struct page *pages_chapter_claims(struct site *s, size_t chapter);

/* link.c: link_collect() records a finished page's ids and internal links
 * and rewrites its root-relative links relative to it (after it, the page
 * may be written and its tree freed); link_check(), once every page is
 * collected, reports every link whose page or anchor does not exist.
 * Returns 0 or -1 after reporting. */
void link_collect(struct site *s, struct page *p);
void link_strings_free(struct site *s);

/* link_collect() in two steps, for pages made on rendering threads:
 * link_harvest() walks the page's tree (any thread: strings go to a, the
 * arrays are malloc'd; struct link_harvest is in render.h), link_keep()
 * gives them to p (main thread). */
void link_harvest(const struct site *s, struct arena *a, const struct page *p,
		  struct dom_page *dom, struct link_harvest *out);
void link_keep(struct site *s, struct page *p, struct link_harvest *h);
int link_check(struct site *s);
/* Appends p's links to b as the cache keeps them: its byte length, then
 * the links grouped by target, each group with its length, so that a
 * rebuild's link check skips the groups of targets it did not make again
 * (a big book's rebuild reads a million links otherwise). */
void link_put(struct buf *b, const struct page *p);

/* write.c: pages and files go into a temporary directory beside out, which
 * takes out's place only when everything succeeded.  write_begin() makes
 * the directory, after checking that out is missing, empty or a site this
 * tool wrote (not a link: nothing at or below out is followed); write_page() writes a collected page and frees its tree;
 * write_file() writes a generated file at once (taking data) and records
 * its path for the link check (write_file_done() only records a file put
 * there otherwise);
 * write_finish() copies the assets and swaps (or updates in place);
 * write_abort() removes the temporary directory, leaving out as it was.  Each returns 0 or -1 after
 * reporting. */
int write_begin(struct site *s, const char *out);
int write_page(struct site *s, struct page *p);
/* Writes a page's bytes (strings in ar; safe on a rendering thread while
 * the main thread writes others).  Returns 0 or -1 after reporting. */
int write_html(const struct site *s, struct arena *ar, const char *path, const char *html,
	       size_t len);
void write_file(struct site *s, const char *path, char *data, size_t len);
void write_file_done(struct site *s, const char *path);
int write_finish(struct site *s);
void write_abort(struct site *s);
/* Returns 1 if the output holds a symbolic link: such a site is not
 * updated in place (nor are files taken from it), but replaced whole, as
 * a full build does, which drops the link and leaves what it points to. */
int write_output_linked(struct site *s);
/* Removes what builds of out that were killed left beside it, as
 * write_begin() does; for a caller that killed one (serve.c), so that a
 * build that never begins writing does not leave them in place. */
void write_remove_leftovers(const char *out);

#endif
