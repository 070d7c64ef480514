/*
 * spans.h — spans out, placeholders in: the brace pre-pass of the chapter
 * renderer, and the text it gives back.
 *
 * Before cmark sees a chapter, every {…} is taken out and a placeholder
 * put in its place (cmark decides what is code); text nodes are emitted through
 * spans_emit(), which evaluates the spans in them and auto-links the rest,
 * and code and URLs through spans_restore(), which puts back what was
 * written.  Mentions of spec rows and glossary terms (by a span, a link or
 * an auto-link) are recorded per section with spans_mention().
 *
 * Formulas ($…$, $$…$$) go out the same way, so that their braces are not
 * spans: in text they are emitted as <code class="math"> (spans_emit()),
 * in code and URLs put back as written.
 */
#ifndef SPECBOOK_SPANS_H
#define SPECBOOK_SPANS_H

#include <stddef.h>

#include "render/chapter.h"
#include "render/dom.h"

/* Returns the chapter's body with its spans replaced by placeholders
 * (malloc'd, its length in *mdlen), having filled c->spans and c->lines;
 * reports reserved characters (U+E000, U+E001) in the text. */
char *spans_extract(struct ctx *c, size_t *mdlen);

/* Returns s (may be NULL) with placeholders turned back into what was
 * written, in the arena. */
const char *spans_restore(struct ctx *c, const char *s);

/* Appends text that may hold placeholders to parent and to the section's
 * text: spans evaluated (errors reported), first mentions of
 * rows and terms auto-linked unless c->no_autolink.  s[0..len) holds no
 * NUL (its pieces go to dom_text_str()). */
void spans_emit(struct ctx *c, struct dom_node *parent, const char *s, size_t len);

/* As spans_emit(), for text without placeholders whose spans are still
 * written {…}: what a block the pre-pass left as code holds (a ```quiz
 * block's YAML); loc is the place of s[0], on one line. */
void spans_emit_text(struct ctx *c, struct dom_node *parent, const char *s, struct srcloc loc);

/* Returns s (may be NULL) with its spans evaluated (errors reported,
 * claims recorded) as the plain text a reader sees: for what
 * goes into an attribute (a title, an alt text).  In the arena. */
const char *spans_text(struct ctx *c, const char *s);

/* If s ends with a heading anchor {#id} (and spaces), returns it as written
 * ("{#id}"), stores in *len the length of s before it and in *loc where it
 * was written; else NULL. */
const char *spans_anchor(struct ctx *c, const char *s, size_t *len, struct srcloc *loc);

/* Claims recorded from index from on were in an attribute of el (its
 * title, its alt text): gives el the first one's anchor as its id, and
 * that anchor to them all.  Nothing while rendering an attribute's text
 * itself (the element that holds it does this). */
void spans_claims_on(struct ctx *c, size_t from, struct dom_node *el);

/* Returns the column, as the author wrote the line (code points, spans
 * as written), of a byte column cmark gives (1-based, in the body it
 * read, placeholders in). */
int spans_column(struct ctx *c, int line, int md_col);

/* Records that the current section mentions spec row row or glossary term
 * term (either NULL), once per section. */
void spans_mention(struct ctx *c, const char *row, const char *term);

#endif
