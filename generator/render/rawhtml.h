/*
 * rawhtml.h — raw HTML of a book with allow_html: true, kept through an
 * allowlist.
 *
 * A book can come from a stranger's pull request and the site has a
 * strict CSP, so raw HTML is untrusted: libxml2's HTML parser reads it
 * (a SAX push parser, never a tokenizer of ours) and only allowlisted
 * elements and attributes reach the page (rawhtml.c lists them).  Anything
 * else is dropped with a warning at the author's line saying what and why:
 * scripts, styles and embedded content with what they hold, other
 * elements keeping their content, event handlers, style, id (ids are
 * generated: one from the book could collide) and any other attribute.
 * An href or src goes through the callback as a Markdown link does: the
 * same refusal of javascript: and the like, the same link check.  Spans in
 * the text and attribute values of raw HTML are evaluated as elsewhere.
 *
 * cmark hands raw HTML over in pieces (an inline tag, then Markdown, then
 * its closing tag; or an HTML block, Markdown blocks, the block that closes
 * it), so one parser reads every piece of a run of siblings: each piece is
 * fed, and what follows it in Markdown goes under the element the pieces so
 * far left open.  An end tag with nothing to close is dropped with a
 * warning; what is still open at the end of the run is closed there, with
 * a warning.
 */
#ifndef SPECBOOK_RAWHTML_H
#define SPECBOOK_RAWHTML_H

#include "render/chapter.h"
#include "render/dom.h"

/* Sets attribute attr (href, src) of el to url, a link written in the
 * book at loc, as a Markdown link's: rewritten, noted for the link check;
 * returns 0, having reported it, if url is refused. */
typedef int (*rawhtml_link_fn)(struct ctx *c, struct dom_node *el, const char *attr,
			       const char *url, struct srcloc loc);

struct rawhtml;

/* Starts a run of pieces whose elements go under base. */
struct rawhtml *rawhtml_begin(struct ctx *c, struct dom_node *base, rawhtml_link_fn link);
/* Feeds one piece, written from line md_line of the body (as cmark counts
 * lines); inline: a piece cmark read as inline HTML (one tag), else an
 * HTML block.  Returns the node what comes next goes under (a scratch
 * node, dropped, inside a dropped <script> and the like). */
struct dom_node *rawhtml_feed(struct rawhtml *r, const char *html, int md_line, int inline_piece);
/* Ends the run: what is still open is closed (with a warning). */
void rawhtml_end(struct rawhtml *r);

#endif
