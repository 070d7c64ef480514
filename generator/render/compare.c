/*
 * compare.c — compare blocks (see compare.h): a ```compare block names a
 * spec table and which of its rows and columns to show, sorted by a
 * column, with a bar chart or a roofline; it becomes a figure holding the
 * table, the chart and a caption linking to the table's page.
 */
#include "render/compare.h"
#include "render/chart.h"
#include "render/lang.h"
#include "render/spans.h"
#include "core/yamltree.h"
#include "book/numbers.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static int column_index(const struct spec_table *t, const char *id)
{
	for (size_t i = 0; i < t->ncolumns; i++)
		if (!strcmp(t->columns[i].id, id))
			return (int)i;
	return -1;
}

/* A row to sort, with its key and the direction: each item carries the
 * direction because qsort's comparator takes no context (qsort_r is not
 * C11), and a file-scope variable is shared by every rendering thread. */
struct sort_item {
	const struct spec_row *row;
	double key;
	int has;
	int desc;                /* 1: highest first */
};

static int sort_cmp(const void *pa, const void *pb)
{
	const struct sort_item *a = pa, *b = pb;
	if (a->has != b->has)
		return a->has ? -1 : 1;
	if (a->key == b->key)
		return 0;
	return (a->key < b->key) ^ a->desc ? -1 : 1;
}

void compare_render(struct ctx *c, const char *lit, int line, struct dom_node *parent)
{
	struct ynode *y = ytree_parse(c->a, c->ch->path, lit, strlen(lit), c->ch->body_line + line - 1);
	if (!y) {
		c->errors++;
		return;
	}
	struct ynode *tn = ytree_get(y, "table");
	if (!tn || tn->kind != YNODE_SCALAR) {
		diag_error(y->loc, "a compare block needs 'table: <spec table id>'");
		c->errors++;
		return;
	}
	size_t ntables;
	const struct spec_table *tables = c->book->numbers ? numbers_tables(c->book->numbers, &ntables) : NULL;
	const struct spec_table *t = NULL;
	for (size_t i = 0; tables && i < ntables; i++)
		if (!strcmp(tables[i].id, tn->text))
			t = &tables[i];
	if (!t) {
		diag_error(tn->loc, "no spec table '%s'", tn->text);
		c->errors++;
		return;
	}
	/* rows */
	struct ynode *rn = ytree_get(y, "rows");
	size_t nrows = rn && rn->kind == YNODE_SEQ ? rn->count : t->nrows;
	struct sort_item *items = arena_array(c->a, nrows ? nrows : 1, sizeof *items);
	size_t count = 0;
	for (size_t i = 0; i < nrows; i++) {
		const struct spec_row *row = NULL;
		if (rn && rn->kind == YNODE_SEQ) {
			const struct ynode *id = rn->items[i];
			for (size_t k = 0; id->kind == YNODE_SCALAR && k < t->nrows; k++)
				if (!strcmp(t->rows[k].id, id->text))
					row = &t->rows[k];
			if (!row) {
				diag_error(id->loc, "no row '%s' in table '%s'",
					   id->kind == YNODE_SCALAR ? id->text : "?", t->id);
				c->errors++;
				continue;
			}
		} else {
			row = &t->rows[i];
		}
		items[count++].row = row;
		spans_mention(c, row->id, NULL);
	}
	/* columns */
	struct ynode *cn = ytree_get(y, "columns");
	size_t ncols = cn && cn->kind == YNODE_SEQ ? cn->count : t->ncolumns;
	int *cols = arena_array(c->a, ncols ? ncols : 1, sizeof *cols);
	size_t nc = 0;
	for (size_t i = 0; i < ncols; i++) {
		int ci = (int)i;
		if (cn && cn->kind == YNODE_SEQ) {
			const struct ynode *id = cn->items[i];
			ci = id->kind == YNODE_SCALAR ? column_index(t, id->text) : -1;
			if (ci < 0) {
				diag_error(id->loc, "no column '%s' in table '%s'",
					   id->kind == YNODE_SCALAR ? id->text : "?", t->id);
				c->errors++;
				continue;
			}
		}
		cols[nc++] = ci;
	}
	/* sort: [-]column */
	struct ynode *sn = ytree_get(y, "sort");
	if (sn && sn->kind == YNODE_SCALAR) {
		const char *key = sn->text;
		int ci = column_index(t, key + (key[0] == '-' || key[0] == '+'));
		if (ci < 0) {
			diag_error(sn->loc, "cannot sort by '%s': no such column in '%s'", key, t->id);
			c->errors++;
		} else {
			for (size_t i = 0; i < count; i++) {
				const struct spec_cell *cell = &items[i].row->cells[ci];
				items[i].has = cell->kind == CELL_VALUE;
				items[i].key = cell->sort_key;
				items[i].desc = key[0] == '-';
			}
			qsort(items, count, sizeof *items, sort_cmp);
		}
	}
	for (size_t i = 0; i < y->count; i++) {
		const char *k = y->pairs[i].key->text;
		if (strcmp(k, "table") && strcmp(k, "rows") && strcmp(k, "columns") &&
		    strcmp(k, "sort") && strcmp(k, "chart") && strcmp(k, "caption"))
			diag_warning(y->pairs[i].key->loc,
				     "unknown key '%s' in compare block (table, rows, columns, sort, chart, caption)", k);
	}

	struct dom_node *fig = dom_elem_class(parent, "figure", "compare");
	struct dom_node *wrap = dom_elem_class(fig, "div", "table-wrap");
	struct dom_node *table = dom_elem_class(wrap, "table", "spec compare-table sortable");
	struct dom_node *thead = dom_elem(table, "thead");
	struct dom_node *tr = dom_elem(thead, "tr");
	struct dom_node *th = dom_elem(tr, "th");
	dom_attr(th, "scope", "col");
	lang_bitext(th, (struct bitext){ "型号", "Model" });
	for (size_t j = 0; j < nc; j++) {
		const struct spec_column *col = &t->columns[cols[j]];
		th = dom_elem(tr, "th");
		dom_attr(th, "scope", "col");
		lang_bitext(th, col->name.zh || col->name.en ? col->name : (struct bitext){ NULL, col->id });
		if (col->unit) {
			dom_texts(th, " ");
			dom_texts(dom_elem_class(th, "span", "unit"), col->unit);
		}
	}
	/* the highest value of each column is marked (not "best": for power or
	 * price lower is better, and the table does not say which is which) */
	double *top = arena_array(c->a, nc ? nc : 1, sizeof *top);
	for (size_t j = 0; j < nc; j++) {
		top[j] = -HUGE_VAL;
		int distinct = 0;
		for (size_t i = 0; i < count; i++) {
			const struct spec_cell *cell = &items[i].row->cells[cols[j]];
			if (cell->kind != CELL_VALUE)
				continue;
			if (top[j] != -HUGE_VAL && cell->sort_key != top[j])
				distinct = 1;
			if (cell->sort_key > top[j])
				top[j] = cell->sort_key;
		}
		if (!distinct)
			top[j] = HUGE_VAL;   /* all equal, or one value: nothing stands out */
	}
	struct dom_node *tbody = dom_elem(table, "tbody");
	for (size_t i = 0; i < count; i++) {
		const struct spec_row *row = items[i].row;
		tr = dom_elem(tbody, "tr");
		th = dom_elem(tr, "th");
		dom_attr(th, "scope", "row");
		struct dom_node *a = dom_elem_class(th, "a", "value");
		dom_attr(a, "href", arena_printf(c->a, "/specs/%s.html#%s", t->id, row->id));
		dom_texts(a, row->name ? row->name : row->id);
		for (size_t j = 0; j < nc; j++) {
			const struct spec_cell *cell = &row->cells[cols[j]];
			struct dom_node *td = dom_elem(tr, "td");
			int is_top = cell->kind == CELL_VALUE && cell->sort_key == top[j];
			if (cell->kind == CELL_VALUE)
				dom_attr(td, "class", is_top ? (cell->derived ? "num derived top" : "num top")
							     : (cell->derived ? "num derived" : "num"));
			if (cell->kind == CELL_VALUE)
				dom_attr(td, "data-sort", arena_printf(c->a, "%.9g", cell->sort_key));
			if (cell->derived && t->columns[cols[j]].derive)
				dom_attr(td, "title", arena_printf(c->a, "= %s", t->columns[cols[j]].derive));
			dom_texts(td, cell->text ? cell->text : "");
			if (cell->unit) {
				dom_texts(td, " ");
				dom_texts(dom_elem_class(td, "span", "unit"), cell->unit);
			}
			if (is_top)
				dom_texts(dom_elem_class(td, "span", "visually-hidden"), " (highest)");
		}
	}
	struct ynode *chart = ytree_get(y, "chart");
	if (chart && chart->kind == YNODE_SCALAR) {
		if (!strcmp(chart->text, "roofline")) {
			if (chart_roofline(fig, c->a, t, "bf16", "mem_bw")) {
				diag_error(chart->loc, "a roofline needs columns bf16 (TFLOPS) and mem_bw (TB/s) in '%s'",
					   t->id);
				c->errors++;
			}
		} else {
			int ci = column_index(t, chart->text);
			if (ci < 0) {
				diag_error(chart->loc, "cannot chart '%s': no such column in '%s'", chart->text, t->id);
				c->errors++;
			} else {
				const struct spec_row **rows = arena_array(c->a, count ? count : 1, sizeof *rows);
				for (size_t i = 0; i < count; i++)
					rows[i] = items[i].row;
				chart_bars(fig, c->a, t, rows, count, (size_t)ci);
			}
		}
	}
	struct dom_node *cap = dom_elem(fig, "figcaption");
	lang_bitext(cap, t->title);
	dom_texts(cap, " — ");
	struct dom_node *more = dom_elem(cap, "a");
	dom_attr(more, "href", arena_printf(c->a, "/specs/%s.html", t->id));
	dom_texts(more, "specs/");
	dom_texts(more, t->id);
}
