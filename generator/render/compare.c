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

/* A compare block as it is read (compare_parse()) and then held against
 * its spec table (compare_check()): what compare_render() shows. */
struct compare_block {
	struct ynode *y;                 /* the block's YAML */
	struct ynode *table;             /* its table: (a scalar) */
	const struct spec_table *t;      /* the table it names */
	struct sort_item *items;         /* the rows shown, in order */
	size_t count;
	int *cols;                       /* the columns shown (indices in t) */
	size_t nc;
	struct chart_point *points;      /* points: the kernels on a roofline */
	size_t npoints;
};

/* Reads the block's YAML (lit, its first line at line of the body) into
 * *b.  Returns 0, or -1 when it is no compare block (reported). */
static int compare_parse(struct ctx *c, const char *lit, int line, struct compare_block *b)
{
	b->y = ytree_parse(c->a, c->ch->path, lit, strlen(lit), c->ch->body_line + line - 1);
	if (!b->y)
		return -1;
	b->table = ytree_get(b->y, "table");
	if (!b->table || b->table->kind != YNODE_SCALAR) {
		diag_error(b->y->loc, "a compare block needs 'table: <spec table id>'");
		return -1;
	}
	return 0;
}

/* The rows of b's table that its rows: name (all without one), recorded
 * as mentions.  Returns the problems reported. */
static int check_rows(struct ctx *c, struct compare_block *b)
{
	const struct spec_table *t = b->t;
	struct ynode *rn = ytree_get(b->y, "rows");
	size_t nrows = rn && rn->kind == YNODE_SEQ ? rn->count : t->nrows;
	int errors = 0;
	b->items = arena_array(c->a, nrows ? nrows : 1, sizeof *b->items);
	b->count = 0;
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
				errors++;
				continue;
			}
		} else {
			row = &t->rows[i];
		}
		b->items[b->count++].row = row;
		spans_mention(c, row->id, NULL);
	}
	return errors;
}

/* The columns of b's table that its columns: name (all without one).
 * Returns the problems reported. */
static int check_columns(struct ctx *c, struct compare_block *b)
{
	const struct spec_table *t = b->t;
	struct ynode *cn = ytree_get(b->y, "columns");
	size_t ncols = cn && cn->kind == YNODE_SEQ ? cn->count : t->ncolumns;
	int errors = 0;
	b->cols = arena_array(c->a, ncols ? ncols : 1, sizeof *b->cols);
	b->nc = 0;
	for (size_t i = 0; i < ncols; i++) {
		int ci = (int)i;
		if (cn && cn->kind == YNODE_SEQ) {
			const struct ynode *id = cn->items[i];
			ci = id->kind == YNODE_SCALAR ? column_index(t, id->text) : -1;
			if (ci < 0) {
				diag_error(id->loc, "no column '%s' in table '%s'",
					   id->kind == YNODE_SCALAR ? id->text : "?", t->id);
				errors++;
				continue;
			}
		}
		b->cols[b->nc++] = ci;
	}
	return errors;
}

/* Sorts b's rows as its sort: [-]column asks.  Returns the problems
 * reported. */
static int check_sort(struct compare_block *b)
{
	struct ynode *sn = ytree_get(b->y, "sort");
	if (!sn || sn->kind != YNODE_SCALAR)
		return 0;
	const char *key = sn->text;
	int ci = column_index(b->t, key + (key[0] == '-' || key[0] == '+'));
	if (ci < 0) {
		diag_error(sn->loc, "cannot sort by '%s': no such column in '%s'", key, b->t->id);
		return 1;
	}
	for (size_t i = 0; i < b->count; i++) {
		const struct spec_cell *cell = &b->items[i].row->cells[ci];
		b->items[i].has = cell->kind == CELL_VALUE;
		b->items[i].key = cell->sort_key;
		b->items[i].desc = key[0] == '-';
	}
	qsort(b->items, b->count, sizeof *b->items, sort_cmp);
	return 0;
}

/* The kernels b's points: names (spec rows of any table with an intensity
 * column in FLOP/B), for a roofline chart, recorded as mentions.  Returns
 * the problems reported. */
static int check_points(struct ctx *c, struct compare_block *b)
{
	struct ynode *pn = ytree_get(b->y, "points");
	if (!pn)
		return 0;
	struct ynode *chart = ytree_get(b->y, "chart");
	if (pn->kind != YNODE_SEQ || !chart || chart->kind != YNODE_SCALAR ||
	    strcmp(chart->text, "roofline")) {
		diag_report(DIAG_ERROR, pn->loc, 0, "hint: add 'chart: roofline', or remove 'points:'",
			    "points: is a list of spec rows to mark on a roofline (chart: roofline), "
			    "such as [gemm_4096, flash_ideal]");
		return 1;
	}
	int errors = 0;
	b->points = arena_array(c->a, pn->count ? pn->count : 1, sizeof *b->points);
	for (size_t i = 0; i < pn->count; i++) {
		const struct ynode *id = pn->items[i];
		const struct spec_table *t = NULL;
		const struct spec_row *row = id->kind == YNODE_SCALAR
			? numbers_row(c->book->numbers, id->text, &t) : NULL;
		int col = row ? column_index(t, "intensity") : -1;
		const struct spec_cell *cell = col >= 0 ? &row->cells[col] : NULL;
		if (!row || !cell || !t->columns[col].unit || strcmp(t->columns[col].unit, "FLOP/B") ||
		    cell->kind != CELL_VALUE || cell->sort_key <= 0) {
			const char *what = id->kind == YNODE_SCALAR ? id->text : "?";
			diag_report(DIAG_ERROR, id->loc, (int)strlen(what),
				    !row ? "hint: name a row of a spec table that has an intensity column in "
					   "FLOP/B, such as a kernel's"
					 : "hint: give its table an intensity column in FLOP/B (derive: flop / "
					   "bytes) and the row its figures",
				    !row ? "no spec row '%s' to mark on the roofline"
					 : "'%s' has no arithmetic intensity to mark on the roofline", what);
			errors++;
			continue;
		}
		b->points[b->npoints++] = (struct chart_point){
			row->name ? row->name : row->id,
			arena_printf(c->a, "/specs/%s.html#%s", t->id, row->id),
			cell->sort_key, cell->text,
		};
		spans_mention(c, row->id, NULL);
	}
	return errors;
}

/* Holds b against the spec table it names: its rows, columns and sort
 * resolved, unknown keys warned about.  Returns the problems reported, or
 * -1 when there is no such table (nothing to show). */
static int compare_check(struct ctx *c, struct compare_block *b)
{
	size_t ntables;
	const struct spec_table *tables = c->book->numbers ? numbers_tables(c->book->numbers, &ntables) : NULL;
	b->t = NULL;
	for (size_t i = 0; tables && i < ntables; i++)
		if (!strcmp(tables[i].id, b->table->text))
			b->t = &tables[i];
	if (!b->t) {
		diag_error(b->table->loc, "no spec table '%s'", b->table->text);
		return -1;
	}
	int errors = check_rows(c, b);
	errors += check_columns(c, b);
	errors += check_sort(b);
	errors += check_points(c, b);
	for (size_t i = 0; i < b->y->count; i++) {
		const char *k = b->y->pairs[i].key->text;
		if (strcmp(k, "table") && strcmp(k, "rows") && strcmp(k, "columns") &&
		    strcmp(k, "sort") && strcmp(k, "chart") && strcmp(k, "caption") && strcmp(k, "points"))
			diag_warning(b->y->pairs[i].key->loc,
				     "unknown key '%s' in compare block (table, rows, columns, sort, chart, points, "
				     "caption)", k);
	}
	return errors;
}

/* The header row of b's table: the model, then each column's name and unit. */
static void table_head(const struct compare_block *b, struct dom_node *table)
{
	struct dom_node *tr = dom_elem(dom_elem(table, "thead"), "tr");
	struct dom_node *th = dom_elem(tr, "th");
	dom_attr(th, "scope", "col");
	lang_bitext(th, (struct bitext){ "型号", "Model" });
	for (size_t j = 0; j < b->nc; j++) {
		const struct spec_column *col = &b->t->columns[b->cols[j]];
		th = dom_elem(tr, "th");
		dom_attr(th, "scope", "col");
		lang_bitext(th, col->name.zh || col->name.en ? col->name : (struct bitext){ NULL, col->id });
		if (col->unit) {
			dom_texts(th, " ");
			dom_texts(dom_elem_class(th, "span", "unit"), col->unit);
		}
	}
}

/* The highest value of each column shown, in an array of b->nc (HUGE_VAL
 * where nothing stands out).  The highest is marked, not "best": for power
 * or price lower is better, and the table does not say which is which. */
static double *column_tops(struct ctx *c, const struct compare_block *b)
{
	double *top = arena_array(c->a, b->nc ? b->nc : 1, sizeof *top);
	for (size_t j = 0; j < b->nc; j++) {
		top[j] = -HUGE_VAL;
		int distinct = 0;
		for (size_t i = 0; i < b->count; i++) {
			const struct spec_cell *cell = &b->items[i].row->cells[b->cols[j]];
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
	return top;
}

/* One cell of the table, in column j (is_top: the column's highest). */
static void table_cell(struct ctx *c, const struct compare_block *b, const struct spec_cell *cell,
			size_t j, int is_top, struct dom_node *tr)
{
	const struct spec_column *col = &b->t->columns[b->cols[j]];
	struct dom_node *td = dom_elem(tr, "td");
	if (cell->kind == CELL_VALUE)
		dom_attr(td, "class", is_top ? (cell->derived ? "num derived top" : "num top")
					     : (cell->derived ? "num derived" : "num"));
	if (cell->kind == CELL_VALUE)
		dom_attr(td, "data-sort", arena_printf(c->a, "%.9g", cell->sort_key));
	if (cell->derived && col->derive)
		dom_attr(td, "title", arena_printf(c->a, "= %s", col->derive));
	dom_texts(td, cell->text ? cell->text : "");
	if (cell->unit) {
		dom_texts(td, " ");
		dom_texts(dom_elem_class(td, "span", "unit"), cell->unit);
	}
	if (is_top)
		dom_texts(dom_elem_class(td, "span", "visually-hidden"), " (highest)");
}

/* The body of b's table: a row each, its name linking to the spec page. */
static void table_body(struct ctx *c, const struct compare_block *b, struct dom_node *table)
{
	double *top = column_tops(c, b);
	struct dom_node *tbody = dom_elem(table, "tbody");
	for (size_t i = 0; i < b->count; i++) {
		const struct spec_row *row = b->items[i].row;
		struct dom_node *tr = dom_elem(tbody, "tr");
		struct dom_node *th = dom_elem(tr, "th");
		dom_attr(th, "scope", "row");
		struct dom_node *a = dom_elem_class(th, "a", "value");
		dom_attr(a, "href", arena_printf(c->a, "/specs/%s.html#%s", b->t->id, row->id));
		dom_texts(a, row->name ? row->name : row->id);
		for (size_t j = 0; j < b->nc; j++) {
			const struct spec_cell *cell = &row->cells[b->cols[j]];
			table_cell(c, b, cell, j, cell->kind == CELL_VALUE && cell->sort_key == top[j], tr);
		}
	}
}

/* The chart b's chart: asks for, into fig: a roofline, or bars of a
 * column.  Returns the problems reported. */
static int figure_chart(struct ctx *c, const struct compare_block *b, struct dom_node *fig)
{
	struct ynode *chart = ytree_get(b->y, "chart");
	if (!chart || chart->kind != YNODE_SCALAR)
		return 0;
	const struct spec_table *t = b->t;
	if (!strcmp(chart->text, "roofline")) {
		if (chart_roofline(fig, c->a, t, "bf16", "mem_bw", b->points, b->npoints)) {
			diag_error(chart->loc, "a roofline needs columns bf16 (TFLOPS) and mem_bw (TB/s) in '%s'",
				   t->id);
			return 1;
		}
		return 0;
	}
	int ci = column_index(t, chart->text);
	if (ci < 0) {
		diag_error(chart->loc, "cannot chart '%s': no such column in '%s'", chart->text, t->id);
		return 1;
	}
	const struct spec_row **rows = arena_array(c->a, b->count ? b->count : 1, sizeof *rows);
	for (size_t i = 0; i < b->count; i++)
		rows[i] = b->items[i].row;
	chart_bars(fig, c->a, t, rows, b->count, (size_t)ci);
	return 0;
}

void compare_render(struct ctx *c, const char *lit, int line, struct dom_node *parent)
{
	struct compare_block b = { 0 };
	if (compare_parse(c, lit, line, &b))
		return;
	if (compare_check(c, &b) < 0)
		return;
	struct dom_node *fig = dom_elem_class(parent, "figure", "compare");
	struct dom_node *wrap = dom_elem_class(fig, "div", "table-wrap");
	struct dom_node *table = dom_elem_class(wrap, "table", "spec compare-table sortable");
	table_head(&b, table);
	table_body(c, &b, table);
	figure_chart(c, &b, fig);
	struct dom_node *cap = dom_elem(fig, "figcaption");
	lang_bitext(cap, b.t->title);
	dom_texts(cap, " — ");
	struct dom_node *more = dom_elem(cap, "a");
	dom_attr(more, "href", arena_printf(c->a, "/specs/%s.html", b.t->id));
	dom_texts(more, "specs/");
	dom_texts(more, b.t->id);
}
