/*
 * figure.h — numbers in cells and prose as a book writes them (figure.c), names
 * in the form they are compared in, the audit's context set up.
 * Its declarations are private to audit/.
 */
#ifndef SPECBOOK_AUDIT_FIGURE_H
#define SPECBOOK_AUDIT_FIGURE_H

#include "audit/model.h"

/*
 * Reads the figures of text[0..len) (cells and prose: Markdown as written;
 * names like H100, FP16 or HBM3 are not figures, vendor spellings such as
 * teraFLOPS and `2x` are read).  Fills figs[0..max) and returns how many
 * there are (more than max: the count, the first max kept).  loc is the
 * place of text[0]; text may span lines.
 */
size_t figure_scan(const struct audit *au, const char *text, size_t len, struct srcloc loc,
		   struct figure *figs, size_t max);

/* Compares n bytes without ASCII case (0: equal), as strncasecmp() in
 * the C locale, whatever the locale. */
int audit_casecmp(const char *a, const char *b, size_t n);

/* Returns text[0..len) with the vendor spellings rewritten as figures
 * are read (teraFLOPS as TFLOPS, GB/sec as GB/s), in the arena; *out_len
 * gets its length. */
const char *figure_respell(struct arena *a, const char *text, size_t len, size_t *out_len);

/* Returns the place of byte off of text, which starts at loc (lines counted). */
struct srcloc figure_loc(struct srcloc loc, const char *text, size_t off);

/* Reads the kind words of text[0..len) (`dense`, `with sparsity`, `双向`,
 * `per GPU`…) into kind[] (units.h "Kinds"); returns how many were read. */
int figure_kinds(const struct audit *au, const char *text, size_t len,
		 unsigned char kind[KIND_FAMILIES]);

/* Writes a name in the form names are compared in: lower case, letters
 * and digits, one space between words, vendor words and the ® of brands
 * dropped, `SXM5` as `sxm`.  Returns it in the arena ("" for none). */
const char *name_normalise(struct arena *a, const char *text, size_t len);

/* The words of text (lower case, ASCII letters and digits, and each Han
 * character on its own) as one string with a space before and after each:
 * " h100 sxm "; a word is found in it by strstr(" word "). */
const char *name_words(struct arena *a, const char *text, size_t len);

/* Does the word list sw (name_words()' form, " h100 sxm ") hold the word
 * w[0..wl)?  Allocates nothing. */
int words_have(const char *sw, const char *w, size_t wl);

/* Does sw hold every word of name (words split by single spaces)?  0 for
 * an empty name. */
int words_have_all(const char *sw, const char *name);

/* Sets up au (zeroed) for reading: arena a, units u, the kind numbers
 * of dense, sparse and the two directions. */
void figure_setup(struct audit *au, struct arena *a, const struct units *u);

/* A quantity as text for a message ("989.4 TFLOPS"). */
const char *figure_text(const struct audit *au, const struct quantity *q);

#endif
