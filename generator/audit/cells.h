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

#endif
