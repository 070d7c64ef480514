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
 *
 * The stage is the folder render/, each file with its header: render.c
 * (the chapter: cmark's tree in an arena, blocks, headings, the toc),
 * ids.c (the page's ids), pipe.c (pipe tables), inlines.c (inline nodes
 * and link targets), rawhtml.c (raw HTML), spans.c (the brace pre-pass,
 * placeholders, spans and mentions), scan.c (plain quantities of prose
 * held against the spec rows their sentence names), compare.c (compare
 * blocks), study.c (quizzes, key figures), autolink.c (the auto-linker)
 * and lang.c (language, bilingual titles, slugs).  What they share while a
 * chapter renders is in chapter.h, which only they include; what a chapter
 * gives is in rendered.h.
 */
#ifndef SPECBOOK_RENDER_H
#define SPECBOOK_RENDER_H

#include <stddef.h>

#include "core/arena.h"
#include "book/book.h"
#include "render/autolink.h"
#include "render/lang.h"
#include "render/rendered.h"

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

#endif
