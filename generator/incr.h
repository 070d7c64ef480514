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
 *            their claims (in a long book, the disputed ones and counts),
 *            search.html the number of index parts.
 * A page is taken from the last build only when its key matches and the
 * previous site still holds the file as it was written (size and time):
 * the site is then updated in place: only pages made again whose bytes
 * changed are written (write_page()), and files it no longer has are
 * removed.
 *
 * Books with a print version (up to PRINT_MAX_CHAPTERS chapters) are
 * rebuilt in full: print.html needs every chapter's tree.
 */
#ifndef SPECBOOK_INCR_H
#define SPECBOOK_INCR_H

#include <stddef.h>

struct site;

/* Decides which chapters can be taken from the last build (after
 * write_begin()).  Without a cache it does nothing. */
void incr_begin(struct site *s, const char *version);

/* Returns 1 if chapter i's page comes from the last build. */
int incr_reused(const struct site *s, size_t i);
/* Returns 1 if chapter i's page comes from the last build but its search
 * part is made again (another chapter of it changed, or its file is gone):
 * the chapter is rendered again for the index alone, and in a long book its
 * claims are all kept (s->chapters[i]) to make the part's claims page
 * again.  A part whose chapters are all reused and none reindexed is
 * reused, file and claims page. */
int incr_reindexed(const struct site *s, size_t i);

/* Takes chapter i from the last build: fills s->chapters[i] with what the
 * book pages need, adds its pages (ids and links, no tree; not the claims
 * page of a reindexed chapter) and links their files into the new site.
 * Returns the index of its page in s->pages. */
size_t incr_reuse_chapter(struct site *s, size_t i);

/* Chapter i was rendered and its pages written, or reindexed and its claims
 * page made (page indexes into s->pages; claims_page is (size_t)-1 when
 * there is none): keeps it for the next build, unless it had diagnostics.
 * Call before keep_chapter(). */
void incr_save_chapter(struct site *s, size_t i, size_t page, size_t claims_page);

/* Links the last build's file at path into the new site and records it
 * for the link check.  Returns 0, or -1 when it cannot (then make it). */
int incr_reuse_file(struct site *s, const char *path);

/* Book pages: the key of a group of pages (INCR_*), computed from every
 * chapter once they are all done. */
enum incr_group { INCR_STATIC, INCR_INDEX, INCR_MENTIONS, INCR_CLAIMS, INCR_SEARCH, INCR_GROUPS };
void incr_book_keys(struct site *s);

/* Returns 1 if the book page at path (of group g) was taken from the last
 * build; else 0: make it. */
int incr_book_page(struct site *s, const char *path, enum incr_group g);

/* After a successful write: keeps the chapter index and the book pages'
 * record for the next build. */
void incr_finish(struct site *s);

/* Frees what incr_begin() allocated outside the build's arena. */
void incr_free(struct site *s);

#endif
