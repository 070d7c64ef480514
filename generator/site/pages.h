/*
 * pages.h — the book-level pages (index, spec tables, glossary, claims, search,
 * print, 404) and the pages made as each chapter is done.
 */
#ifndef SPECBOOK_PAGES_H
#define SPECBOOK_PAGES_H

#include "render/render.h"
#include "search/search.h"
#include "site/site.h"

/* The book-level pages, and the pages made as each chapter is
 * done: its part of the search index (pages_search_chapter(), which writes
 * a part when it is full or last) and, in a long book, its claims. */
void pages_build(struct site *s);
void pages_search_chapter(struct site *s, size_t chapter);
/* The path of search part k ("assets/search/0000.js"). */
const char *pages_search_part_path(struct site *s, size_t k);
/* The path of file number file of the search part named part ("0003",
 * "book"): 0 its head (m.js), 1 + b its shard b, 1 + SEARCH_BUCKETS + k
 * the sections of its page k. */
const char *pages_search_file_path(struct site *s, const char *part, size_t file);
/* Indexes the sections r of a rendered chapter in ix (the calling thread's
 * own, empty, and left empty) and returns them packed
 * (search_index_pack(), *len bytes); safe on a rendering thread.
 * pages_search_chapter() merges them. */
char *pages_search_prepare(const struct site *s, size_t chapter, const struct rendered *r,
			   struct search_index *ix, size_t *len);
/* Returns chapter's section of its part's claims page in a long book, a
 * detached element the caller owns (dom_free()); reads s only, so that a
 * rendering thread makes it beside the main thread's work, from the
 * claims as rendered. */
struct dom_node *pages_claims_section(const struct site *s, size_t chapter);
/* Adds chapter's claims to its claims page: the section its rendering
 * thread made (the chapter's claims_section, taken), else one made now;
 * returns the page when it is complete (the last chapter of its group),
 * else NULL. */
struct page *pages_chapter_claims(struct site *s, size_t chapter);
/* The path of the claims page of the part that chapter is in ("claims/0003.html"). */
const char *pages_claims_path(struct site *s, size_t chapter);

#endif
