/*
 * lang.h — text in two languages: which language a text is in by its
 * script, headings split into their Chinese and English titles, slugs for
 * ids, and the markup of a text given in both languages.  Pure functions
 * of their arguments (results in the caller's arena or tree): safe on any
 * thread.  render.h includes this header.
 */
#ifndef SPECBOOK_LANG_H
#define SPECBOOK_LANG_H

#include <stddef.h>

#include "core/arena.h"
#include "core/bitext.h"
#include "render/dom.h"

enum lang { LANG_NONE, LANG_ZH, LANG_EN };

/* Which of a pair's two sides a language is on: 0 Chinese, 1 English or
 * another (the index of what is kept per side). */
static inline int lang_side(enum lang l)
{
	return l == LANG_ZH ? 0 : 1;
}

/* Returns the language of text by script (mostly Han: Chinese). */
enum lang lang_detect(const char *text, size_t len);

/* Han characters and Latin words counted so far, for text fed in pieces
 * (a block's text nodes one after another): the counts come out as for
 * the pieces joined, as long as no piece ends inside a span's placeholder
 * (U+E000 digits U+E001, skipped whole; cmark never splits one).  Start with all zero. */
struct lang_tally {
	int han, words, in_word;
	int cut;   /* set by the caller when it stopped before the end */
};

/* Adds len bytes of s (UTF-8) to t. */
void lang_feed(struct lang_tally *t, const char *s, size_t len);

/* Returns the language of what was fed to t, as lang_detect(). */
enum lang lang_verdict(const struct lang_tally *t);

/* Returns in the arena the slug of s ("CPU and GPU Superchips" →
 * "cpu-and-gpu-superchips"); CJK letters are kept; "" if nothing is left. */
char *lang_slug(struct arena *a, const char *s);

/* Returns in the arena the slug GitHub gives the heading text s, as its
 * anchors do ("1. Storage and File Systems" → "1-storage-and-file-systems",
 * "What's new in H100" → "whats-new-in-h100", "FP8 / FP4" → "fp8--fp4"):
 * lower case, letters, digits, '-' and '_' kept, each space a '-',
 * everything else dropped; "" if nothing is left. */
char *lang_github_slug(struct arena *a, const char *s);

/* Returns the length of a leading section number such as "2.1 " or "1 "
 * (with the space), or 0. */
size_t lang_number_prefix(const char *s);

/* Heading text split "2.1 中文 (English)" → zh "2.1 中文", en "2.1 English".
 * Returns 1 if split, 0 if the text is in one language (then set by script). */
int lang_split_title(struct arena *a, const char *text, struct bitext *out);

/* Appends text in both languages as the site marks it up:
 * <span class="bi"><span lang="zh-Hans">…</span> <span lang="en">…</span></span>
 * (one language: a span with its lang, or plain English text). */
void lang_bitext(struct dom_node *parent, struct bitext t);

#endif
