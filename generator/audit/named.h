/*
 * named.h — the keyed rows of a book's tables as sentences name them
 * (built by prose.c, indexed by named.c, read by cells.c).  Private to
 * audit/.
 */
#ifndef SPECBOOK_AUDIT_NAMED_H
#define SPECBOOK_AUDIT_NAMED_H

#include <stddef.h>

#include "audit/model.h"

struct named_row {
	const char *model;     /* " h100 " (with spaces), or NULL: all words needed */
	const char *words;     /* name_words of the key */
	size_t table, row;
};

/* A name and the index of its row, for sorting rows by name (qsort_r is
 * not C11: rows are sorted through an array of pairs). */
struct name_at {
	const char *name;
	size_t row;
};

/* Orders name_at pairs by name, then by row. */
int name_at_cmp(const void *a, const void *b);

/* Sorts the rows of au->named that have a model word by it
 * (au->named_by_model); prose.c calls it once au->named is built. */
void named_index(struct audit *au);

/* The rows of au->named whose model word is model (" h100 ", with the
 * spaces), up to max, into out; returns how many. */
size_t named_rows_of_model(const struct audit *au, const char *model, size_t *out, size_t max);

#endif
