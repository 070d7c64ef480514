/*
 * autolink.h — the auto-linker: every spec row name and alias and every
 * glossary term (abbreviation, names, aliases), so that the first mention
 * of each in a section links to its entry.  Built once per build;
 * read-only after, so every rendering thread may search it (render.h
 * includes this header: the site builds one for its chapters).
 */
#ifndef SPECBOOK_AUTOLINK_H
#define SPECBOOK_AUTOLINK_H

#include <stddef.h>

#include "book/book.h"

struct autolinker;

/* Returns the auto-linker of b's spec rows and glossary terms (free it
 * with autolink_free()).  When two of them are spelt the same,
 * the first keeps the spelling. */
struct autolinker *autolink_new(const struct book *b);
void autolink_free(struct autolinker *al);

/* A spelling that links, owned by its auto-linker. */
struct autolink_target {
	const char *text;        /* as it is found in text */
	size_t len;
	const char *href;        /* root-relative target */
	const char *row, *term;  /* what it names: a spec row id or a term id */
	const char *cls;         /* the link's class */
};

/*
 * Returns the index of the first mention in s[from..len) (longest spelling
 * first at each index; Latin words only whole: H100 is not inside H100s)
 * whose row or term is not among linked[0..nlinked) (compared as
 * pointers: the row or term of a target), and sets *found to it; returns
 * len if there is none.
 */
size_t autolink_next(const struct autolinker *al, const char *s, size_t len, size_t from,
		     const char *const *linked, size_t nlinked,
		     const struct autolink_target **found);

#endif
