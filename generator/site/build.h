/*
 * build.h — from a loaded book to a finished site: build_site() renders every
 * chapter, makes the book-level pages (index, spec tables, glossary,
 * claims, search, print, 404), hands them to the link stage and, when no
 * error was reported, to the write stage.  The top of the site layer.
 */
#ifndef SPECBOOK_BUILD_H
#define SPECBOOK_BUILD_H

#include "core/arena.h"
#include "book/book.h"
#include "site/site.h"

struct build_options {
	const char *out;           /* output directory ("site") */
	int write;                 /* 0: check only */
	int verbose;               /* per-chapter lines on stderr */
	const struct site_reuse *reuse;   /* NULL: build everything, keep nothing */
	void *reuse_ctx;           /* handed to it as s->reuse_ctx */
	struct out_scan *out_scan; /* the output's walk, begun (write.h), or NULL */
	struct work_pool *pool;    /* the build's workers (core/work.h), given to
				      every stage that runs work in parallel;
				      NULL: all on this thread */
};

/* Builds (and with opts->write, writes) the site of b.  Returns 0, -1, or
 * BUILD_CACHE_STALE: a page taken from the last build through opts->reuse
 * has a link that no longer resolves or a damaged record (link.h): nothing
 * is written, the links are not reported, and the caller builds again
 * with the cache forgotten (cache_forget()). */
#define BUILD_CACHE_STALE 2

int build_site(const struct book *b, struct arena *a, const struct build_options *opts,
	       struct site_stats *stats);

#endif
