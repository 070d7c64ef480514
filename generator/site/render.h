/*
 * render.h — the render stage: one chapter's Markdown to an HTML tree.
 *
 * cmark parses the body (source positions on, raw HTML dropped); a walk
 * over its tree pairs each Chinese block with the English blockquote that
 * follows it, splits "中文 (English)" headings, gives every heading a stable
 * unique id, turns callouts, spans ({…}), compare blocks and spec:/term:
 * links into their HTML, and drops soft breaks between CJK characters.
 * Chapters are independent: render_chapter() may run in parallel threads,
 * each with its own arena.
 */
#ifndef SPECBOOK_RENDER_H
#define SPECBOOK_RENDER_H

#include <stddef.h>

#include "core/arena.h"
#include "core/bitext.h"
#include "book/book.h"
#include "site/dom.h"
#include "book/numbers.h"


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
	int zh_blocks;               /* Chinese blocks */
	int pairs;                   /* of which paired with English */
	int spans;                   /* value and claim spans */
	/* filled by the site when the chapter's pages are done and all but
	 * what the book-level pages need is dropped: */
	size_t claims_total, claims_disputed;
	char *search;                /* its sections indexed and packed (by the
				      site, on the rendering thread), until merged */
	int write_failed;            /* writing its page failed (reported) */
	struct link_harvest links;   /* the page's ids and links, until kept */
};

/*
 * The auto-linker: every spec row name and alias and every glossary term
 * (abbreviation, names, aliases), so that the first mention of each in a
 * section links to its entry.  Built once per build; read-only after.
 */
struct autolinker;
struct autolinker *render_autolinker_new(const struct book *b);
void render_autolinker_free(struct autolinker *al);

/* What every chapter of a build shares. */
struct render_env {
	const char *const *reserved_ids;   /* ids of the page template */
	size_t nreserved;
	const struct autolinker *links;    /* NULL: no auto-links */
};

/*
 * Renders chapter c of book b (env may be NULL); c's text is valid UTF-8
 * (book_chapter_text() makes sure of it).  Headings never get an id
 * of env->reserved_ids.  Returns 0 and fills *out (its nodes belong
 * to the caller, its arrays to the arena), or -1 when errors were reported
 * (out is still filled as far as possible).
 */
int render_chapter(const struct book *b, const struct chapter *c, struct arena *a,
		   const struct render_env *env, struct rendered *out);

/* Returns in the arena the slug of s ("CPU and GPU Superchips" →
 * "cpu-and-gpu-superchips"); CJK letters are kept; "" if nothing is left. */
char *render_slug(struct arena *a, const char *s);

/* Heading text split "2.1 中文 (English)" → zh "2.1 中文", en "2.1 English".
 * Returns 1 if split, 0 if the text is in one language (then set by script). */
int render_split_title(struct arena *a, const char *text, struct bitext *out);

/* Appends text in both languages as the site marks it up:
 * <span class="bi"><span lang="zh-Hans">…</span> <span lang="en">…</span></span>
 * (one language: a span with its lang, or plain English text). */
void render_bitext(struct dom_node *parent, struct bitext t);

enum lang { LANG_NONE, LANG_ZH, LANG_EN };
/* Returns the language of text by script (mostly Han: Chinese). */
enum lang render_detect_lang(const char *text, size_t len);

#endif
