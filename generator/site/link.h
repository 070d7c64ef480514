/*
 * link.h — the link check: every internal link of every page leads to a page,
 * a file or an anchor that exists.
 */
#ifndef SPECBOOK_LINK_H
#define SPECBOOK_LINK_H

#include "core/arena.h"
#include "core/buffer.h"
#include "site/site.h"

/* link_collect() records a finished page's ids and internal links
 * and rewrites its root-relative links relative to it (after it, the page
 * may be written and its tree freed); link_check(), once every page is
 * collected, reports every link whose page or anchor does not exist.
 * Returns 0, -1 after reporting, or LINK_CACHE_STALE: a page taken from
 * the last build (its links as the cache kept them) has a link that does
 * not resolve, or a damaged record.  The cache comes with the book and may
 * be forged, so nothing is blamed on the book then: nothing is reported,
 * and the build is made again without the cache's records (whatever is
 * truly broken is reported by that build, at its place). */
#define LINK_CACHE_STALE 1
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

#endif
