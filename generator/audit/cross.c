/*
 * cross.c — consistency across the book's tables (issue 37, part 3): the
 * same row (its key, normalised: `H100 SXM5` is `h100 sxm`) and the same
 * column (its name without unit and kinds, and its dimension) stated in
 * two tables must agree within their digits.  When they do not, the book
 * contradicts itself: an error at the later figure, naming the earlier.
 */
#include "audit/cross.h"
#include "audit/table.h"
#include "audit/hints.h"
#include "audit/figure.h"

#include <stdlib.h>
#include <string.h>

struct entry {
	const char *key, *name;
	size_t table, row, col;
};

static int entry_cmp(const void *x, const void *y)
{
	const struct entry *a = x, *b = y;
	int c = strcmp(a->key, b->key);
	if (!c)
		c = strcmp(a->name, b->name);
	if (!c)
		c = a->table < b->table ? -1 : a->table > b->table;
	if (!c)
		c = a->row < b->row ? -1 : a->row > b->row;
	return c;
}

void cross_tables(struct audit *au)
{
	size_t n = 0;
	for (size_t t = 0; t < au->ntables; t++) {
		struct atable *tb = &au->tables[t];
		if (tb->key < 0)
			continue;
		for (size_t c = 0; c < tb->ncols; c++)
			if (tb->cols[c].numeric && tb->cols[c].name[0])
				n += tb->nrows;
	}
	if (!n)
		return;
	struct entry *e = arena_array(au->a, n, sizeof *e);
	size_t k = 0;
	for (size_t t = 0; t < au->ntables; t++) {
		struct atable *tb = &au->tables[t];
		if (tb->key < 0)
			continue;
		for (size_t c = 0; c < tb->ncols; c++)
			if (tb->cols[c].numeric && tb->cols[c].name[0])
				for (size_t r = 0; r < tb->nrows; r++)
					if (table_cell(tb, r, c)->has && !table_cell(tb, r, c)->several)
						e[k++] = (struct entry){ tb->keys[r], tb->cols[c].name, t, r, c };
	}
	qsort(e, k, sizeof *e, entry_cmp);
	for (size_t i = 1; i < k; i++) {
		/* each later figure against the first of its group */
		size_t first = i - 1;
		while (first > 0 && !strcmp(e[first - 1].key, e[i].key) && !strcmp(e[first - 1].name, e[i].name))
			first--;
		if (strcmp(e[first].key, e[i].key) || strcmp(e[first].name, e[i].name) || e[first].table == e[i].table)
			continue;
		struct atable *ta = &au->tables[e[first].table], *tb = &au->tables[e[i].table];
		struct acell *ca = table_cell(ta, e[first].row, e[first].col);
		struct acell *cb = table_cell(tb, e[i].row, e[i].col);
		if (!dim_equal(&ca->fig.q.dim, &cb->fig.q.dim))
			continue;
		double widen = ca->fig.approx || cb->fig.approx ? au->approx : 0;
		if (figures_agree(au, &cb->fig, &ca->fig, widen))
			continue;
		/* a labelled pair's other figure is the same figure in another kind */
		if (ca->has_alt && figures_agree(au, &cb->fig, &ca->alt, widen))
			continue;
		size_t ci = e[i].row * tb->ncols + e[i].col;
		if (tb->flagged[ci])
			continue;
		tb->flagged[ci] = 1;
		const char *hint = slip_hint(au, &cb->fig.q, &ca->fig.q, cb->plain);
		const char *detail = arena_printf(
			au->a, "%s:%d:%d: the table there gives %s for '%s' of '%s'\nwrite %s, or correct the other table%s%s",
			ca->src.loc.file, ca->src.loc.line, ca->src.loc.col, figure_text(au, &ca->fig.q),
			ta->cols[e[first].col].header, table_cell(ta, e[first].row, (size_t)ta->key)->plain,
			figure_text(au, &ca->fig.q), hint ? "\n" : "", hint ? hint : "");
		au->sum.findings_cross++;
		diag_report(DIAG_ERROR, cb->fig.loc, cb->fig.width, detail,
			    "'%s' of '%s' is %s here and %s in another table", tb->cols[e[i].col].header,
			    table_cell(tb, e[i].row, (size_t)tb->key)->plain, figure_text(au, &cb->fig.q),
			    figure_text(au, &ca->fig.q));
	}
}
