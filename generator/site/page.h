/*
 * page.h — a page of the site: from the template with the common slots filled,
 * and its end (links collected, written, tree freed).
 */
#ifndef SPECBOOK_PAGE_H
#define SPECBOOK_PAGE_H

#include "site/site.h"

/* A page's tree from the template with the common slots filled; strings
 * go to ar.  Safe on any thread (s is only read). */
struct dom_page *page_dom_new(const struct site *s, struct arena *ar, const char *path,
			      const char *title, const struct chapter *current);

/* Returns a new page at path, from the template, with the common slots filled
 * (title, book title, nav); current is the chapter it shows, or NULL. */
struct page *page_new(struct site *s, const char *path, const char *source,
			   const char *title, const struct chapter *current);

/* A finished page: its links are collected, then it is written (when the
 * site is being written) and its tree freed, so that pages do not pile up
 * in memory. */
void page_done(struct site *s, struct page *p);

#endif
