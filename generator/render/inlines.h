/*
 * inlines.h — a block's inline nodes to HTML: text with its spans,
 * emphasis, code, soft breaks (dropped between CJK characters), links and
 * images.  Link targets are rewritten here: spec: and term: to their
 * entries, chapter files (NN-slug.md#id) to their pages; a scheme a
 * browser would run is refused (core/url.h) and reported.
 */
#ifndef SPECBOOK_INLINES_H
#define SPECBOOK_INLINES_H

#include <cmark-gfm.h>

#include "render/chapter.h"
#include "render/dom.h"

/* Appends the HTML of n and the inline nodes after it to parent; depth
 * counts the nesting so far (nothing deeper than RENDER_MAX_DEPTH). */
void inlines_render(struct ctx *c, cmark_node *n, struct dom_node *parent, int depth);

/* A rawhtml_link_fn (rawhtml.h): sets attr of el to url, written at loc,
 * as a Markdown link's target: rewritten, refused (reported: returns 0)
 * if a browser would run it, given a data-src for the link check. */
int inlines_link_attr(struct ctx *c, struct dom_node *el, const char *attr, const char *url,
		      struct srcloc loc);

/* The ids of GitHub footnote number n (from 1, cmark-gfm's numbering),
 * taken when the note is first met (c->notes). */
struct footnote_ids *inlines_footnote(struct ctx *c, int n);

#endif
