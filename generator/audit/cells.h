/*
 * cells.h — a comparison that names two parts' cells (cells.c).
 * Its declarations are private to audit/.
 */
#ifndef SPECBOOK_AUDIT_CELLS_H
#define SPECBOOK_AUDIT_CELLS_H

#include "audit/model.h"

/*
 * Judges the comparison at mark (its ratio, as big over small, within
 * [lo, hi]) of the sentence whose words are sw (name_words() form) when
 * the sentence states no figure and names two parts and one column: their
 * cells in the book's tables (an error when it does not hold) or in the
 * reference data (a warning).  concept_words (NULL: sw) are the words the
 * column is read from ("13% more memory bandwidth": the words after the
 * comparison).  Returns 1 when it was judged.
 */
int cells_compare(struct audit *au, const char *sw, const char *concept_words, const struct figure *mark, double lo,
		  double hi);

/*
 * The figure of column (a reference column id: "memory", "mem_bw", "bf16")
 * of the part whose model word is word[0..wl) ("h100"): its rows in the
 * book's tables (file's first; all of one value), else the reference
 * data's one row.  *where gets the place or the source.  Returns 1 (a
 * table), 2 (the reference data) or 0 (none, or several).
 */
int cells_part_figure(struct audit *au, const char *file, const char *word, size_t wl, const char *column,
		      struct quantity *q, const char **where);

/* Is w[0..n) (name_words() form) a part's model word ("h100", "mi300x"),
 * not a data type, a memory, a link or a size? */
int cells_part_word(const char *w, size_t n);

#endif
