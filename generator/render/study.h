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
#include "render/dom.h"
#include "render/rendered.h"

struct ctx;

/* Merges the key figures of each pair: the n-th key figure of a Chinese
 * block and the n-th of its English translation are one figure, with both
 * meanings (and the Chinese one's anchor). */
void study_keys_merge(struct ctx *c);

/* Renders a ```quiz block (its literal as cmark gives it, placeholders in;
 * its text starts on body line line) into parent; errors are reported. */
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

/* Appends a "type a number" card that no claim of the text stands behind
 * (a drill on a spec field, practice.html): id, the question in both
 * languages, the answer as shown (key), its derivation or NULL, a link to
 * the row it comes from (href, titled source), and what grading needs.
 * Returns the card. */
struct dom_node *study_drill_card(struct arena *a, struct dom_node *parent, const char *id,
				  struct bitext question, const char *key, const char *derivation,
				  const char *href, const char *source, const struct span_grade *g);

/* Appends a multiple choice that no block of the text holds (a drill):
 * id, the question, the n choices, the number of the right one (from 1),
 * why (shown with the answer) and a link to where the numbers come from. */
struct dom_node *study_choice_card(struct arena *a, struct dom_node *parent, const char *id,
				   struct bitext question, const struct bitext *choices, size_t n,
				   size_t right, struct bitext why, const char *href);

/* Appends to a page's content fragment the stylesheet and script of study
 * mode (the hook: loaded only on pages that have a card or a question). */
void study_assets(struct dom_node *frag);

#endif
