/*
 * typeset.h — numbers set for reading, on a finished page.
 *
 * Two things the checker's plain text cannot say: a power ("1.2 × 10^29")
 * is written with its exponent raised (10<sup>29</sup>), and a big count
 * written in full ("671,000,000,000") is shown in the form a reader of its
 * language takes in ("6710 亿", "671 billion"), the full digits beside it
 * for screen readers and shown on hover or focus.  Code, formulas, SVG and
 * the page's head are left as they are.  Runs on a page's tree just before
 * it is serialized, on the page's own thread.
 */
#ifndef SPECBOOK_TYPESET_H
#define SPECBOOK_TYPESET_H

#include "render/dom.h"

/* Typesets the text under root (a page's <html>, or any element). */
void typeset_numbers(struct dom_node *root);
/* typeset_numbers() on the page's <html>, then dom_page_serialize(), in
 * one walk of the tree (a page's every node passed through each): out is
 * the typeset page.  The page is then only freed. */
void typeset_page_serialize(struct dom_page *p, struct buf *out);

#endif
