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
#include "audit/reference.h"

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

/* Column names that hold no figure of the row: footnote numbers, years. */
static const char *const not_data[] = {
	"notes", "note", "ref", "refs", "reference", "references", "footnote", "footnotes",
	"source", "sources", "year", "date", "release", "released", "launch", "来源", "出处", "日期", "", NULL,
};

static int data_column(const struct acolumn *col)
{
	for (size_t k = 0; not_data[k]; k++)
		if (!strcmp(col->name, not_data[k]))
			return 0;
	return col->numeric;
}

/* Does a key name a part: a word of letters and digits (h100, mi300x,
 * gaudi3, v5p)?  Rows named "forward (infer)" or "8 GPUs" are a table's
 * own, not something two tables can both state. */
static int names_part(const char *key)
{
	for (const char *w = key; *w;) {
		int digit = 0, alpha = 0;
		const char *e = w;
		for (; *e && *e != ' '; e++) {
			if (*e >= '0' && *e <= '9')
				digit = 1;
			else if (*e >= 'a' && *e <= 'z')
				alpha = 1;
		}
		if (digit && alpha)
			return 1;
		w = *e ? e + 1 : e;
	}
	return 0;
}

/* Is f a memory size (GB, GiB, TB) of a part whose name gives none: the
 * size tells its variant (an A100 of 40 or 80 GB, an H100 of 80 or 94),
 * so two tables may both be right? */
static int variant_size(const char *key, const struct figure *f)
{
	const char *u = f->q.unit;
	size_t ul = u ? strlen(u) : 0;
	if (!ul || strchr(u, '/') || u[ul - 1] != 'B')
		return 0;
	for (const char *w = key; *w;) {
		size_t wl = strcspn(w, " "), d = 0;
		while (d < wl && w[d] >= '0' && w[d] <= '9')
			d++;
		if (d && wl - d == 2 && (w[d] == 'g' || w[d] == 't') && w[d + 1] == 'b')
			return 0;   /* "a100 80gb": the name says which */
		w += wl;
		while (*w == ' ')
			w++;
	}
	return 1;
}

/* Is column name a model's parameter count (`Parameters`, `参数量`) of a
 * row whose key gives no size (`Qwen2.5`, of 7B and 14B): the size tells
 * its variant, as a memory size does? */
static int variant_params(const char *key, const char *name)
{
	if (!strstr(name, "param") && !strstr(name, "\xe5\x8f\x82\xe6\x95\xb0"))   /* 参数 */
		return 0;
	for (const char *w = key; *w; w++)
		if (*w >= '0' && *w <= '9' && (w[1] == 'b' || w[1] == 'm') && !((w[2] >= 'a' && w[2] <= 'z')))
			return 0;   /* "qwen2.5 7b": the name says which */
	return 1;
}

/* Is f a plain number that is no count (a perplexity, 15.57), or a
 * percentage or factor (an MFU, a speed-up)?  A run's result: two tables
 * of a model's results on two GPUs ("**A100** …", "**MI210** …", s44-eval
 * FA8) are no contradiction.  A count (5120 CUDA cores) stays. */
static int measured_ratio(const struct figure *f)
{
	return dim_is_none(&f->q.dim) && (!f->integer || f->has_unit);
}

/* How two tables fare on the cells they share. */
struct pair_tally {
	size_t a, b;
	int agree, disagree;
};

static int tally_cmp(const void *x, const void *y)
{
	const struct pair_tally *p = x, *q = y;
	if (p->a != q->a)
		return p->a < q->a ? -1 : 1;
	return p->b < q->b ? -1 : p->b > q->b;
}

/* The first entry of each entry's group (same key and name), in one pass
 * over the sorted entries: a walk back from each would be quadratic in a
 * group (a book that repeats one table in 10,000 chapters). */
static size_t *group_firsts(struct arena *a, const struct entry *e, size_t k)
{
	size_t *first = arena_array(a, k + 1, sizeof *first);
	for (size_t i = 1; i < k; i++)
		first[i] = !strcmp(e[i - 1].key, e[i].key) && !strcmp(e[i - 1].name, e[i].name) ? first[i - 1] : i;
	return first;
}

/* f as a starred cell means it: with sparsity ("1979 TFLOPS*") */
static struct figure as_starred(const struct audit *au, const struct acell *cell)
{
	struct figure f = cell->fig;
	int fam = au->kind_sparse ? units_kind_family(au->u, au->kind_sparse) : -1;
	if (cell->starred && fam >= 0)
		f.q.kind[fam] = (unsigned char)au->kind_sparse;
	return f;
}

static int cells_agree(struct audit *au, const struct acell *ca, const struct acell *cb)
{
	double widen = ca->fig.approx || cb->fig.approx ? au->approx : 0;
	struct figure sa = as_starred(au, ca), sb = as_starred(au, cb);
	if ((ca->starred || cb->starred) && figures_agree(au, &sb, &sa, widen))
		return 1;
	return figures_agree(au, &cb->fig, &ca->fig, widen) ||
	       (ca->has_alt && figures_agree(au, &cb->fig, ca->alt, widen)) ||
	       (cb->has_alt && figures_agree(au, cb->alt, &ca->fig, widen));
}

/* Are two cells' figures more than 10% apart, their kinds aside (a
 * sparse figure against twice the dense)? */
static int far_apart(const struct audit *au, const struct acell *ca, const struct acell *cb)
{
	double f = 1;
	for (int fam = 0; fam < KIND_FAMILIES; fam++) {
		int ka = ca->fig.q.kind[fam], kb = cb->fig.q.kind[fam];
		double k = ka && kb && ka != kb ? units_kind_factor(au->u, ka, kb) : 0;
		if (k > 0)
			f *= k;
	}
	double a = interval_mid(ca->fig.q.v) * f, b = interval_mid(cb->fig.q.v);
	return a > 0 && b > 0 && (b / a > 1.1 || a / b > 1.1);
}

void cross_tables(struct audit *au)
{
	size_t n = 0;
	for (size_t t = 0; t < au->ntables; t++) {
		struct atable *tb = &au->tables[t];
		if (tb->key < 0)
			continue;
		for (size_t c = 0; c < tb->ncols; c++)
			if (data_column(&tb->cols[c]))
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
		/* "FP64 Tensor Core" is not the FP64 of the vector units, though
		 * tensor and core are words names drop */
		const char **names = arena_array(au->a, tb->ncols, sizeof *names);
		for (size_t c = 0; c < tb->ncols; c++) {
			/* by the reference column it names, when it names one
			 * ("显存带宽" and "最大内存带宽" are mem_bw) */
			const char *id = data_column(&tb->cols[c]) ? reference_column_id(au, tb, c) : NULL;
			names[c] = says_tensor(tb->cols[c].header) && !strncmp(tb->cols[c].name, "fp64", 4)
					   ? arena_printf(au->a, "%s tensor", tb->cols[c].name)
				   : id ? arena_printf(au->a, "(%s)", id)
					   : tb->cols[c].name;
		}
		for (size_t c = 0; c < tb->ncols; c++)
			if (data_column(&tb->cols[c]))
				for (size_t r = 0; r < tb->nrows; r++)
					if (table_cell(tb, r, c)->has && !table_cell(tb, r, c)->several &&
					    !measured_ratio(&table_cell(tb, r, c)->fig) &&
					    !table_cell(tb, r, c)->alternatives && names_part(tb->keys[r]) &&
					    !variant_size(tb->keys[r], &table_cell(tb, r, c)->fig) &&
					    !variant_params(tb->keys[r], tb->cols[c].name))
						e[k++] = (struct entry){ tb->keys[r], names[c], t, r, c };
	}
	qsort(e, k, sizeof *e, entry_cmp);
	const size_t *firsts = group_firsts(au->a, e, k);
	/* first, how each pair of tables fares on all it shares: two tables
	 * that disagree on most of it are about different things (another
	 * data type, another configuration), not a contradiction */
	struct pair_tally *tally = arena_array(au->a, k + 1, sizeof *tally);
	size_t nt = 0;
	for (size_t i = 1; i < k; i++) {
		size_t first = firsts[i];
		if (first == i || e[first].table == e[i].table)
			continue;
		const struct acell *ca = table_cell(&au->tables[e[first].table], e[first].row, e[first].col);
		const struct acell *cb = table_cell(&au->tables[e[i].table], e[i].row, e[i].col);
		if (!dim_equal(&ca->fig.q.dim, &cb->fig.q.dim))
			continue;
		int ok = cells_agree(au, ca, cb);
		tally[nt++] = (struct pair_tally){ e[first].table, e[i].table, ok, !ok };
	}
	qsort(tally, nt, sizeof *tally, tally_cmp);
	size_t merged = 0;
	for (size_t i = 0; i < nt; i++) {
		if (merged && tally[merged - 1].a == tally[i].a && tally[merged - 1].b == tally[i].b) {
			tally[merged - 1].agree += tally[i].agree;
			tally[merged - 1].disagree += tally[i].disagree;
		} else {
			tally[merged++] = tally[i];
		}
	}
	for (size_t i = 1; i < k; i++) {
		size_t first = firsts[i];
		if (first == i || e[first].table == e[i].table)
			continue;
		struct atable *ta = &au->tables[e[first].table], *tb = &au->tables[e[i].table];
		struct acell *ca = table_cell(ta, e[first].row, e[first].col);
		struct acell *cb = table_cell(tb, e[i].row, e[i].col);
		if (!dim_equal(&ca->fig.q.dim, &cb->fig.q.dim) || cells_agree(au, ca, cb))
			continue;
		struct pair_tally key = { e[first].table, e[i].table, 0, 0 };
		const struct pair_tally *pt = bsearch(&key, tally, merged, sizeof *tally, tally_cmp);
		const char *hint = slip_hint(au, &cb->fig.q, &ca->fig.q, cb->plain);
		/* the two tables must agree on most of what they share; on a
		 * lone shared cell, a named slip is the evidence */
		if (!pt || (pt->agree + pt->disagree >= 3 ? pt->disagree * 3 > pt->agree + pt->disagree : !hint))
			continue;
		size_t ra = e[first].row, cola = e[first].col, rb = e[i].row, colb = e[i].col;
		size_t ci = rb * tb->ncols + colb;
		/* the reference data backs the later figure: the earlier is the
		 * one to correct (s43-eval E1: llm_note's 60 TFLOPS against 67) */
		size_t ca_i = e[first].row * ta->ncols + e[first].col;
		int swapped = tb->vouched[ci] && !ta->vouched[ca_i];
		if (swapped) {
			/* (an error even where the reference's warning stands:
			 * the book contradicts itself) */
			struct atable *tt = ta;
			ta = tb;
			tb = tt;
			struct acell *tc = ca;
			ca = cb;
			cb = tc;
			size_t tr = ra;
			ra = rb;
			rb = tr;
			tr = cola;
			cola = colb;
			colb = tr;
			ci = ca_i;
			hint = slip_hint(au, &cb->fig.q, &ca->fig.q, cb->plain);
		}
		/* a figure the reference data has warned of already: the book's
		 * contradiction is an error too when the reference backs the
		 * other figure and the two are far apart (not a vendor's two
		 * roundings, 733 and 2 × 362) */
		int backed = ta->vouched[ra * ta->ncols + cola] && !tb->vouched[ci] && (hint || far_apart(au, ca, cb));
		if ((tb->flagged[ci] && !backed) || tb->flagged[ci] == 2)
			continue;
		tb->flagged[ci] = 2;   /* 2: a contradiction reported (once, however many tables) */
		const char *detail = arena_printf(
			au->a, "%s:%d:%d: the table there gives %s for '%s' of '%s'%s\nwrite %s, or correct the other table%s%s",
			ca->src.loc.file, ca->src.loc.line, ca->src.loc.col, figure_text(au, &ca->fig.q),
			ta->cols[cola].header, table_cell(ta, ra, (size_t)ta->key)->plain,
			ta->vouched[ra * ta->ncols + cola] ? ", as the reference data does" : "",
			figure_text(au, &ca->fig.q), hint ? "\n" : "", hint ? hint : "");
		au->sum.findings_cross++;
		diag_report(DIAG_ERROR, cb->fig.loc, cb->fig.width, detail,
			    "'%s' of '%s' is %s here and %s in another table", tb->cols[colb].header,
			    table_cell(tb, rb, (size_t)tb->key)->plain, figure_text(au, &cb->fig.q),
			    figure_text(au, &ca->fig.q));
	}
}
