/*
 * chapter.h — private to render/, the chapter renderer (render.c,
 * inlines.c, spans.c, compare.c…): the state of one chapter while it
 * renders.
 *
 * One struct ctx per render_chapter() call, on its thread's stack: nothing
 * here is shared between threads.  render.c sets it up and tears it down;
 * the others read the chapter through it and append to its arrays and to
 * c->out.  It includes no header of those files, so that none of them
 * includes another through it.
 */
#ifndef SPECBOOK_CHAPTER_H
#define SPECBOOK_CHAPTER_H

#include <stddef.h>

#include "core/arena.h"
#include "core/buffer.h"
#include "core/diag.h"
#include "book/book.h"
#include "render/lang.h"
#include "render/rendered.h"

/* Deeper block nesting is not notes; bounds the recursion of the walk. */
#define RENDER_MAX_DEPTH 64

struct autolinker;
struct spec_source;
struct pspan;   /* a span taken out of the text (spans.c) */
struct scan;    /* the prose scan's state (scan.c) */
struct span_memo;   /* spans evaluated so far (spans.c) */
struct ids_table;   /* the ids taken, hashed (ids.c) */

struct ctx {
	const struct book *book;
	const struct chapter *ch;
	struct arena *a;
	struct rendered *out;
	struct pspan *spans;     /* malloc'd, by spans_extract() */
	size_t nspans, capspans;
	const char **ids;
	size_t nids, capids;
	struct ids_table *id_table;   /* ids indexes ids[] and counts suffixes (ids.c) */
	size_t capheadings, capclaims, capmentions, capsections;
	const char *section;     /* id of the current heading */
	const char *section_title;
	struct buf text;         /* plain text of the current section */
	const char **lines;      /* start of each body line (1-based index) */
	size_t nlines;
	const char *md;          /* the body as cmark reads it (placeholders in) */
	size_t *md_lines;        /* offset in md of each line, nlines of them */
	const struct autolinker *links;
	int no_autolink;         /* inside a heading or a link */
	int in_link;             /* inside <a> (or an attribute): no <a>, nothing focusable */
	int in_attr;             /* rendering the text of an attribute (alt, title) */
	/* rows and terms auto-linked in this section, per language, so that a
	 * reader of either language sees each first mention linked */
	const char **linked[2];
	size_t nlinked[2], caplinked[2];
	enum lang lang;          /* rendering LANG_ZH, or LANG_EN (English or other) */
	int pair;                /* the pair being rendered (numbered from 1), or 0 */
	int pair_keys[2];        /* key figures met in it so far, per language */
	size_t capkeys, capquizzes;
	/* sources cited on the page ([text](src:id)), numbered in the order
	 * first cited: the source, and the ids of its entry in the list at the
	 * page's end and of its first marker */
	struct citation {
		const struct spec_source *source;
		const char *entry_id, *marker_id;
	} *cites;
	size_t ncites, capcites;
	/* the number of each source cited (its index in cites), hashed by the
	 * source: citing 20,000 sources once each was quadratic */
	struct cite_slot {
		const struct spec_source *source;   /* NULL: empty */
		size_t k;
	} *cite_slots;
	size_t cite_mask;                           /* slots - 1, or 0 before the first */
	int footnotes;           /* footnote warnings so far (inlines.c) */
	int braces_noted;        /* the note on braces left as text was given (spans.c) */
	int math_noted;          /* the note on a '$' that opens no formula was given (spans.c) */
	/* the ids raw HTML gave (<div id="ref4">, <a name="x">), each kept as
	 * "user-content-" and itself, as GitHub does (rawhtml.c); fragment
	 * links to them are rewritten when the chapter is done (render.c) */
	const char **author_ids;
	size_t nauthor_ids, capauthor_ids;
	int in_heading;          /* inside a heading: its quantities are not scanned */
	struct scan *scan;       /* plain quantities (scan.c); NULL until the first */
	struct span_memo *memo;  /* spans' results by text (spans.c), in a; NULL until
				    the first */
	/* GitHub's footnotes (render.c, inlines.c): the list at the page's
	 * end once a note is defined, and per note number (cmark-gfm numbers
	 * them in the order first referenced) the ids of its entry and of its
	 * first reference */
	struct dom_node *footnote_list;
	int notes_listed;
	struct footnote_ids { const char *entry, *first_ref; int refs; } *notes;
	size_t nnotes, capnotes;
	size_t capunchecked;
	/* spans_column(): where the last column asked for stood on its line
	 * (the line's length, the md offset and the column there), so that
	 * columns asked for along a line in order cost its length once */
	struct {
		int line;
		size_t len, at;
		int col;
	} column;
	/* find_in_lines() (inlines.c) for link targets: the block searched
	 * last, where its last target was found, and how many were not found
	 * in it; targets are searched in the order they were written, each
	 * from where the one before it ended */
	struct target_search {
		const void *block;
		int line;
		size_t at;               /* byte of the line after the last found */
		int col;                 /* its column */
		int misses;
	} target;
	/* find_in_lines(): the next '(' and '<' at or after from on line (the
	 * line's end when there is none) */
	struct {
		const char *line, *from, *paren, *angle;
	} openers;
	/* piece_line() (inlines.c): the block whose inline HTML was placed
	 * last and where its last piece ended */
	struct piece_search {
		const void *block;
		int line;
		size_t at;
		int misses;
	} piece;
	size_t last_line_len;        /* the body's last line's length + 1, 0: not measured */
	int rawhtml_placed;          /* raw HTML diagnostics placed at a column (rawhtml.c) */
};

/* Returns the place in the chapter's file of a line and column of its body. */
static inline struct srcloc chapter_loc(const struct ctx *c, int md_line, int col)
{
	return (struct srcloc){ c->ch->path, c->ch->body_line + md_line - 1, col };
}

#endif
