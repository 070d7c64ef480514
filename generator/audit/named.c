/*
 * named.c — the keyed rows of a book's tables found by their model word
 * (named.h): an index sorted by it, so that a sentence's words find their
 * rows without a scan of every row, and time stays linear in a book of
 * many tables.
 */
#include "audit/named.h"

#include <stdlib.h>
#include <string.h>

int name_at_cmp(const void *a, const void *b)
{
	const struct name_at *x = a, *y = b;
	int c = strcmp(x->name, y->name);
	return c ? c : (x->row > y->row) - (x->row < y->row);
}

void named_index(struct audit *au)
{
	size_t n = 0;
	for (size_t i = 0; i < au->nnamed; i++)
		n += au->named[i].model != NULL;
	if (!n)
		return;
	struct name_at *tmp = arena_array(au->a, n, sizeof *tmp);
	size_t k = 0;
	for (size_t i = 0; i < au->nnamed; i++)
		if (au->named[i].model)
			tmp[k++] = (struct name_at){ au->named[i].model, i };
	qsort(tmp, n, sizeof *tmp, name_at_cmp);
	au->named_by_model = arena_array(au->a, n, sizeof *au->named_by_model);
	for (size_t i = 0; i < n; i++)
		au->named_by_model[i] = tmp[i].row;
	au->nby_model = n;
}

size_t named_rows_of_model(const struct audit *au, const char *model, size_t *out, size_t max)
{
	size_t lo = 0, hi = au->nby_model;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (strcmp(au->named[au->named_by_model[mid]].model, model) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	size_t n = 0;
	for (size_t i = lo; i < au->nby_model && n < max && !strcmp(au->named[au->named_by_model[i]].model, model); i++)
		out[n++] = au->named_by_model[i];
	return n;
}

