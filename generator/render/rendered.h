/*
 * rendered.h — what rendering a chapter gives (render_chapter() in
 * render.h): its HTML tree and table of contents, and what the book-level
 * pages need from it (headings, claims, mentions, the text of each
 * section).  Types only, so that the files of the chapter renderer and
 * their callers share them without including each other.
 */
#ifndef SPECBOOK_RENDERED_H
#define SPECBOOK_RENDERED_H

#include <stddef.h>

#include "core/bitext.h"
#include "core/diag.h"
#include "numbers/span.h"
#include "render/dom.h"

/* link.c: a page's ids and links collected on any thread (site.h). */
struct link_harvest {
	const char **ids;          /* sorted */
	size_t nids;
	struct link_record *links;
	size_t nlinks;
};

struct heading {
	int level;               /* 2–6 (the chapter title is the h1) */
	const char *id;
	struct bitext title;
	const char *plain;       /* title as one line of text, for search */
};

/* A claim met in the text, for claims.html. */
struct claim_record {
	struct span span;
	struct srcloc loc;
	const char *anchor;      /* id of the span on its page */
	const char *section;     /* id of the section it is in */
};

/* A spec row mentioned by a value or claim, for the "mentioned in" lists. */
/* A spec row or glossary term mentioned in a section (values, claims, links
 * and auto-links), for the "mentioned in" and "used in" lists. */
struct mention {
	const char *row;         /* a spec row id, or NULL */
	const char *term;        /* a glossary term id, or NULL */
	const char *section;     /* id of the heading above, or NULL */
};

/* A plain quantity of prose no spec row vouches for (or an example marked
 * {?…}), for `specbook check --unchecked`. */
struct unchecked_record {
	struct srcloc loc;
	const char *text;        /* as written ("1 GB") */
	const char *why;         /* "example", "no spec row named in its sentence", … */
};

/* A figure to remember: a span marked {… @ meaning} (study.h).  A
 * Chinese block and its English translation usually mark the same figure,
 * each with its meaning in its own language: the chapter keeps one record
 * with both meanings. */
struct key_figure {
	struct bitext meaning;
	const char *shown;       /* the figure as the reader sees it ("13.8 TB") */
	const char *relation;    /* a claim's relation and derivation ("=", */
	const char *derivation;  /* "72 × 192 GB"), or NULL for a value */
	const char *computed;    /* the computed value ("13.8 TB") */
	const char *anchor;      /* id of the span on its page */
	const char *section;     /* id of the section it is in, or NULL */
	int line;                /* where it is written */
	int pair;                /* while rendering: the pair it is in (0: none), */
	int lang;                /* its language (0 Chinese), */
	int nth;                 /* and which key figure of that block it is */
};

/* A self-test question (study.h), as plain text, for the flashcards. */
struct quiz_record {
	const char *anchor;      /* id of the question on its page */
	struct bitext question;
	const char *key;         /* the answer's claim, or a choice's checks ("a; b"), or NULL */
	struct bitext choice;    /* a multiple choice: the right one */
	struct bitext explain;
};

/* Plain text of a section, for the search index. */
struct section_text {
	const char *anchor;      /* NULL: the chapter's top */
	const char *title;
	const char *text;
};

struct rendered {
	struct dom_node *content;    /* the <article>, to fill the content slot */
	struct dom_node *toc;        /* nested list of h2/h3, for the toc slot */
	struct heading *headings;
	size_t nheadings;
	struct claim_record *claims;
	size_t nclaims;
	struct mention *mentions;
	size_t nmentions;
	struct section_text *sections;
	size_t nsections;
	struct key_figure *keys;     /* figures to remember, in order */
	size_t nkeys;
	struct quiz_record *quizzes; /* self-test questions, in order */
	size_t nquizzes;
	int zh_blocks;               /* Chinese blocks */
	int pairs;                   /* of which paired with English */
	int spans;                   /* value and claim spans */
	int has_math;                /* a formula ($…$, $$…$$, ```math) */
	int has_code;                /* a code block with a language */
	/* plain quantities with units in prose (site/scan.c): found, matched
	 * to a spec row, left unchecked (examples included), examples */
	int quantities, matched, unchecked, examples;
	struct unchecked_record *unchecked_list;   /* the unchecked ones, in order */
	size_t nunchecked_list;
	/* filled by the site when the chapter's pages are done and all but
	 * what the book-level pages need is dropped: */
	size_t claims_total, claims_disputed;
	char *search;                /* its sections indexed and packed (by the
				      site, on the rendering thread, or read
				      from the last build's), until merged */
	size_t search_len;           /* its bytes */
	int search_borrowed;         /* search is the reuse layer's (in its
				      mapped cache): not freed */
	struct dom_node *claims_section;   /* a long book's: its section of its
				      part's claims page, made on the rendering
				      thread (pages_claims_section()), until the
				      page adopts it */
	struct link_harvest links;   /* the page's ids and links, until kept */
};

#endif
