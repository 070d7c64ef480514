/*
 * incr.h — incremental builds: what a build takes from the last one.
 *
 * Keys (cache.h says where they are kept):
 *   global   the specbook binary itself and the cache format, book.yaml, the glossary,
 *            every spec file, the page template, and the list of chapters
 *            with their ids, titles and summaries (a title shows in every
 *            page's nav, so changing one, or adding or removing a chapter,
 *            rebuilds everything);
 *   chapter  global + the hash of the chapter's bytes;
 *   book pages  global + what each page shows of the chapters: index.html
 *            their counts, the spec pages and glossary their mentions
 *            (with the titles of the sections they are in), claims.html
 *            their claims (in a long book, the disputed ones and counts)
 *            and the titles of their sections, search.html the number of
 *            index parts;
 *   a part's claims page (in a long book)  global + the claims of the
 *            part's chapters, all of them, with their sections' titles:
 *            an edit that leaves them as they were keeps the page.
 * A page is taken from the last build only when its key matches and the
 * previous site still holds the file as it was written (size and time):
 * the site is then updated in place: only pages made again whose bytes
 * changed are written (page_done(), write_html()), and files it no longer has are
 * removed.
 *
 * Books with a print version (up to PRINT_MAX_CHAPTERS chapters) are
 * rebuilt in full: print.html needs every chapter's tree.
 */
#ifndef SPECBOOK_INCR_H
#define SPECBOOK_INCR_H

#include "site/site.h"

/* The reuse layer a build gets (site.h, struct site_reuse) when it keeps
 * what it makes for the next: main.c passes it to build_site() with the
 * book's cache (cache.h) as its reuse_ctx.  What each member does is said
 * in site.h; how (keys, records, which pages are taken) above and in
 * incr.c. */
extern const struct site_reuse incr_reuse;

#endif
