/*
 * study.h — study mode (issue 17): figures to remember and self-test
 * questions.
 *
 * A figure to remember is a span that ends with '@' and its meaning, in
 * the language of the block it is in (spans.c records it):
 *
 *   {13.8 TB = 72 × 192 GB @ NVL72 机柜的 HBM 总量}
 *   > … {13.8 TB = 72 × 192 GB @ HBM of one NVL72 rack} …
 *
 * The chapter ends with a card listing them (the figure, its meaning in
 * both languages, its derivation, a link to where it is written), and
 * figures.html gathers every chapter's (pages.c).
 *
 * A self-test question is a fenced block ```quiz holding YAML: the
 * question (zh:, en:), and either a claim as its answer (answer: 13.8 TB =
 * 72 × 192 GB), checked like any claim, or choices: and correct: (a
 * multiple choice, with claims in check: that the build verifies).  The
 * answer sits in a <details> (no JavaScript needed); study.js grades a
 * typed number against the intervals the build computed (span.h
 * struct span_grade): no unit or precision logic in JavaScript beyond
 * reading the digits the reader typed.
 *
 * Pages that hold either load assets/study.css and assets/study.js
 * (study_assets()); nothing else of the page template changes.
 */
#ifndef SPECBOOK_STUDY_H
#define SPECBOOK_STUDY_H

#include <stddef.h>

#include "core/arena.h"
#include "site/dom.h"
#include "site/rendered.h"

struct ctx;

/* Merges the key figures of each pair: the n-th key figure of a Chinese
 * block and the n-th of its English translation are one figure, with both
 * meanings (and the Chinese one's anchor). */
void study_keys_merge(struct ctx *c);

/* Renders a ```quiz block (its literal as cmark gives it, placeholders in;
 * its text starts on body line line) into parent; errors are reported and
 * counted. */
void study_quiz(struct ctx *c, const char *lit, int line, struct dom_node *parent);

/* Appends the list of figures keys[0..n) to parent; links go to page#anchor
 * ("/01-introduction.html"), or to #anchor on the same page when page is
 * NULL. */
void study_figures_list(struct arena *a, struct dom_node *parent, const struct key_figure *keys,
			size_t n, const char *page);

/* Appends a chapter's card of figures to remember, headed by an h2 with
 * id id, to article. */
void study_figures_card(struct arena *a, struct dom_node *article, const char *id,
			const struct key_figure *keys, size_t n, const char *page);

/* Appends to a page's content fragment the stylesheet and script of study
 * mode (the hook: loaded only on pages that have a card or a question). */
void study_assets(struct dom_node *frag);

#endif
