/*
 * numbers.c — the numbers core behind numbers.h: units, spec tables, their
 * derived columns and checks, and spans in prose.
 *
 * numbers_load() runs the stages in order: the unit table (units.c), the
 * tables' shape (spec.c), their values and derived columns (resolve.c), their
 * claims (check.c).  What it returns is read-only; numbers_span() evaluates a
 * span through a scope on its own stack, so render threads may call it at
 * once.  Lookups by id are hashed (rows) or binary searches (columns).
 * numbers_match() holds a plain quantity of prose against the cells of the
 * rows its sentence names; numbers_match_cell() a pipe table's cell against
 * the one cell its row and its header's column name.
 */
#include "book/numbers.h"
#include "book/check.h"
#include "numbers/claim.h"
#include "book/resolve.h"
#include "book/spec.h"
#include "core/builtin.h"
#include "core/files.h"
#include "numbers/format.h"
#include "numbers/units.h"
#include "core/buffer.h"

#include <math.h>
#include <string.h>

struct numbers {
	struct resolve rs;
};

struct numbers *numbers_load(struct arena *a, const char *root, double approx)
{
	/* a book's own units.yaml replaces the built-in one as a whole: the
	 * table is one system (dimensions, prefixes, what is refused), and a
	 * book's numbers must not change meaning with the specbook that reads it */
	char *path = arena_printf(a, "%s/specs/units.yaml", root);
	const struct builtin_file *f = files_exists(path) ? NULL : builtin_find("default/specs/units.yaml");
	const struct units *units = f ? units_load_text(a, f->data, f->len, "(built-in) specs/units.yaml")
				      : units_load(a, path, "specs/units.yaml");
	if (!units)
		return NULL;
	struct numbers *nb = arena_alloc(a, sizeof *nb);
	nb->rs.arena = a;
	nb->rs.units = units;
	nb->rs.approx = approx;
	spec_load(a, root, &nb->rs.book);
	resolve_tables(&nb->rs);
	check_tables(&nb->rs);
	return nb;
}

int numbers_span(const struct numbers *nb, struct arena *a, const char *text,
		 size_t len, struct srcloc loc, struct span *out)
{
	struct srcloc at = loc;
	at.col++;   /* text[0] stands just after the brace */
	struct resolve_scope ctx = {
		.rs = &nb->rs, .table = -1, .row = -1, .on_missing = RESOLVE_REPORT,
		.arena = a, .text = text, .len = len, .loc = at,
	};
	struct expr_scope scope;
	resolve_scope_init(&ctx, &scope);
	return claim_span(nb->rs.units, &scope, nb->rs.approx, a, text, len, loc, out);
}

const struct spec_table *numbers_tables(const struct numbers *nb, size_t *n)
{
	*n = nb->rs.book.ntables;
	return nb->rs.book.tables;
}

const struct spec_source *numbers_sources(const struct numbers *nb, size_t *n)
{
	*n = nb->rs.book.nsources;
	return nb->rs.book.sources;
}

const struct spec_source *numbers_source(const struct numbers *nb, const char *id)
{
	long k = spec_source_find(&nb->rs.book, id, strlen(id));
	return k >= 0 && (size_t)k < nb->rs.book.nsources ? &nb->rs.book.sources[k] : NULL;
}

const struct spec_row *numbers_row(const struct numbers *nb, const char *id,
				   const struct spec_table **table)
{
	struct spec_ref ref;
	if (!spec_row_find(&nb->rs.book, id, strlen(id), &ref))
		return NULL;
	if (table)
		*table = &nb->rs.book.tables[ref.table];
	return &nb->rs.book.tables[ref.table].rows[ref.row];
}

/* ---- plain quantities in prose ---- */

/* How many candidates an ambiguous match lists. */
#define MATCH_LIST_MAX 4
/* A candidate is "near" a quantity that agrees with none when their ratio
 * lies within this factor either way: wide enough for the slips the hints
 * name (×2 kinds, 1.024^n, a digit off), narrow enough that 80 GB of
 * memory is not taken for a 50 MB cache. */
#define MATCH_NEAR 2.5

const struct units *numbers_units(const struct numbers *nb)
{
	return nb->rs.units;
}

static struct interval widen_by(struct interval x, double f)
{
	return (struct interval){ x.lo - fabs(x.lo) * f, x.hi + fabs(x.hi) * f };
}

/* Does q agree with the cell value v (already in q's kind)? */
static int agrees(const struct quantity *q, int range, double widen, struct interval v)
{
	if (!range)
		return interval_overlaps(widen_by(q->v, widen), v);
	/* a range holds a cell of one value ("1.3–1.4 t" holds 1.36 t), or
	 * each of its ends is within its digits of the cell's end */
	struct interval all = widen_by(q->v, widen);
	if (v.lo == v.hi && all.lo <= v.lo && v.hi <= all.hi)
		return 1;
	double half = q->nominal.lo - q->v.lo;
	struct interval lo = widen_by((struct interval){ q->v.lo, q->nominal.lo + half }, widen);
	struct interval hi = widen_by((struct interval){ q->nominal.hi - half, q->v.hi }, widen);
	return interval_overlaps(lo, (struct interval){ v.lo, v.lo }) &&
	       interval_overlaps(hi, (struct interval){ v.hi, v.hi });
}

struct candidate {
	size_t t, r, c;
	struct quantity v;   /* the cell in q's kind and unit */
	int cell_kind;       /* a kind of the cell q has none of (family's kind), or 0 */
};

/* The cell in q's unit, as text. */
static const char *cell_text(const struct numbers *nb, struct arena *a, const struct quantity *q,
			     struct quantity v)
{
	if (q->unit)
		quantity_set_unit(&v, q->unit, q->scale);
	return format_quantity(a, nb->rs.units, &v, 0);
}

/* Hints for a quantity that disagrees with cell cand: the slips that
 * explain the gap, in the words of the claim hints. */
static const char *match_hints(const struct numbers *nb, struct arena *a, const struct quantity *q,
			       int range, const struct candidate *cand, const struct field *f)
{
	const struct units *u = nb->rs.units;
	struct buf b = BUF_INIT;
	/* kinds: the quantity is the cell's figure of another kind (a sparse
	 * figure against a dense column), or states a kind the cell has the
	 * other of */
	for (int fam = 0; fam < KIND_FAMILIES; fam++) {
		int ck = f->q.kind[fam], qk = q->kind[fam];
		if (!ck)
			continue;
		if (qk && qk != ck) {
			if (agrees(q, range, 0, f->q.v)) {
				const char *slip = units_kind_slip(u, ck, qk);
				buf_addf(&b, "\nhint: did you mean the %s figure? the cell is %s%s%s",
					 units_kind_name(u, ck), units_kind_name(u, ck),
					 slip ? " \xe2\x80\x94 " : "", slip ? slip : "");
			}
			continue;
		}
		for (int other = 1; other <= units_kind_count(u); other++) {
			double g;
			struct interval x;
			if (other == ck || units_kind_family(u, other) != fam ||
			    (g = units_kind_factor(u, ck, other)) == 0 || interval_scale(f->q.v, g, &x) ||
			    !agrees(q, range, 0, x))
				continue;
			const char *slip = units_kind_slip(u, ck, other);
			buf_addf(&b, "\nhint: did you mean the %s figure? it is %g\xc3\x97 the %s one%s%s; "
				 "say so after the unit, as in '%s %s'",
				 units_kind_name(u, other), g, units_kind_name(u, ck),
				 slip ? " \xe2\x80\x94 " : "", slip ? slip : "",
				 format_quantity(a, u, q, 0), units_kind_name(u, other));
		}
	}
	static const struct {
		double f;
		const char *factor;
		const char *why;
	} slips[] = {
		{ 1.024, "1.024", "a decimal/binary prefix slip?" },
		{ 1.024 * 1.024, "1.024\xc2\xb2", "a decimal/binary prefix slip (MB vs MiB)?" },
		{ 1.024 * 1.024 * 1.024, "1.024\xc2\xb3", "a decimal/binary prefix slip (GB vs GiB)?" },
		{ 1.024 * 1.024 * 1.024 * 1.024, "1.024\xe2\x81\xb4", "a decimal/binary prefix slip (TB vs TiB)?" },
		{ 8, "8", "bits vs bytes?" },
		{ 1000, "1000", "a factor of 10^3 (a prefix off by one step)?" },
	};
	for (size_t k = 0; k < sizeof slips / sizeof *slips; k++)
		for (int dir = -1; dir <= 1; dir += 2) {
			struct interval x;
			double g = dir > 0 ? slips[k].f : 1 / slips[k].f;
			if (interval_scale(cand->v.v, g, &x) || !agrees(q, range, 0, x))
				continue;
			buf_addf(&b, "\nhint: the stated value is the cell's %s %s \xe2\x80\x94 %s",
				 dir > 0 ? "\xc3\x97" : "\xc3\xb7", slips[k].factor, slips[k].why);
		}
	const char *r = b.len ? arena_strdup(a, b.data + 1) : NULL;
	buf_release(&b);
	return r;
}

/* Is row.column among rows as "row.column" (a cell a span of the sentence
 * states, so that a plain figure beside it is another one)? */
static int stated_by_span(const char *const *rows, size_t nrows, const char *row, size_t idlen,
			  const char *column)
{
	size_t clen = strlen(column);
	for (size_t k = 0; k < nrows; k++)
		if (rows[k] && strlen(rows[k]) == idlen + 1 + clen && !memcmp(rows[k], row, idlen) &&
		    rows[k][idlen] == '.' && !memcmp(rows[k] + idlen + 1, column, clen))
			return 1;
	return 0;
}

/* Turns cell value *v into q's kind (a dense cell against a sparse figure:
 * ×2); returns 0, or -1 when no relation of units.yaml turns one into the
 * other. */
static int in_kind_of(const struct units *u, struct arena *a, const struct quantity *q,
		      struct quantity *v)
{
	for (int fam = 0; fam < KIND_FAMILIES; fam++) {
		int ck = v->kind[fam], qk = q->kind[fam];
		if (!ck || !qk || ck == qk)
			continue;
		double g = units_kind_factor(u, ck, qk);
		if (g == 0 || quantity_mul(a, *v, quantity_number(g), v))
			return -1;
	}
	return 0;
}

int numbers_match(const struct numbers *nb, struct arena *a, const struct quantity *q,
		  int range, double widen, const char *const *rows, size_t nrows,
		  struct numbers_match *out)
{
	const struct resolve *rs = &nb->rs;
	const struct units *u = rs->units;
	memset(out, 0, sizeof *out);
	struct candidate near = { 0 }, list[MATCH_LIST_MAX], kind_skipped = { 0 };
	int skipped = 0;   /* cells of q's dimension of a kind q cannot be compared with */
	size_t nlist = 0;
	int nnear = 0, near_alike = 1;   /* the near cells all hold near's value */
	for (size_t i = 0; i < nrows; i++) {
		struct spec_ref ref;
		size_t idlen = rows[i] ? strcspn(rows[i], ".") : 0;
		if (!idlen || !spec_row_find(&rs->book, rows[i], idlen, &ref))
			continue;
		int again = 0;   /* a row named twice is looked at once */
		for (size_t k = 0; k < i && !again; k++)
			again = rows[k] && strcspn(rows[k], ".") == idlen && !memcmp(rows[k], rows[i], idlen);
		if (again)
			continue;
		const struct spec_table *t = &rs->book.tables[ref.table];
		for (size_t c = 0; c < t->ncolumns; c++) {
			const struct resolve_column *rc = &rs->columns[ref.table][c];
			const struct field *f = resolve_field(rs, ref.table, ref.row, c);
			/* a count (no unit: 671 billion) may be a count column's cell */
			if ((!rc->has_unit && q->unit) || f->kind != FIELD_VALUE ||
			    !dim_equal(&f->q.dim, &q->dim))
				continue;
			/* a cell a span beside it states may agree, never disagree */
			int spanned = stated_by_span(rows, nrows, rows[i], idlen, t->columns[c].id);
			struct candidate cand = { ref.table, ref.row, c, f->q, 0 };
			if (in_kind_of(u, a, q, &cand.v)) {   /* another kind no relation turns into q's */
				if (!skipped++ && !spanned)
					kind_skipped = cand;
				else if (spanned)
					skipped--;
				continue;
			}
			if (spanned && !agrees(q, range, widen, cand.v.v))
				continue;
			out->candidates++;
			if (agrees(q, range, widen, cand.v.v)) {
				out->result = MATCH_AGREES;
				out->table = t->id;
				out->row = t->rows[ref.row].id;
				out->column = t->columns[c].id;
				return 0;
			}
			double qm = interval_mid(q->nominal), cm = interval_mid(cand.v.v);
			if (cm != 0 && qm / cm < MATCH_NEAR && cm / qm < MATCH_NEAR && qm / cm > 0) {
				if (!nnear++)
					near = cand;
				else if (cand.v.v.lo != near.v.v.lo || cand.v.v.hi != near.v.v.hi ||
					 cand.t != near.t || cand.r != near.r)
					near_alike = 0;
			}
			if (nlist < MATCH_LIST_MAX)
				list[nlist++] = cand;
		}
	}
	if (!out->candidates && skipped) {
		/* the only cells of its dimension are of another kind: a kind slip */
		const struct candidate *cand = &kind_skipped;
		const struct spec_table *t = &rs->book.tables[cand->t];
		const struct field *f = resolve_field(rs, cand->t, cand->r, cand->c);
		struct buf b = BUF_INIT;
		for (int fam = 0; fam < KIND_FAMILIES; fam++) {
			int ck = f->q.kind[fam], qk = q->kind[fam];
			if (!ck || !qk || ck == qk)
				continue;
			const char *slip = units_kind_slip(u, ck, qk);
			buf_addf(&b, "\nhint: the figure is %s, the cell %s: no relation turns one into the "
				 "other%s%s%s", units_kind_name(u, qk), units_kind_name(u, ck),
				 slip ? " \xe2\x80\x94 " : "", slip ? slip : "", slip ? "?" : "");
		}
		out->result = MATCH_DISAGREES;
		out->table = t->id;
		out->row = t->rows[cand->r].id;
		out->column = t->columns[cand->c].id;
		out->value = arena_printf(a, "%s %s", cell_text(nb, a, q, f->q),
					  units_kinds_text(u, a, &f->q));
		out->hint = b.len ? arena_strdup(a, b.data + 1) : NULL;
		buf_release(&b);
		return 0;
	}
	if (!out->candidates)
		return 0;
	out->near = nnear;
	/* one cell near it, or several of one row that all say the same (a
	 * GPU's FP16 and BF16 are one figure): it contradicts that figure */
	if (nnear == 1 || (nnear > 1 && near_alike)) {
		const struct candidate *cand = &near;
		const struct spec_table *t = &rs->book.tables[cand->t];
		out->result = MATCH_DISAGREES;
		out->table = t->id;
		out->row = t->rows[cand->r].id;
		out->column = t->columns[cand->c].id;
		out->value = cell_text(nb, a, q, cand->v);
		out->hint = match_hints(nb, a, q, range, cand, resolve_field(rs, cand->t, cand->r, cand->c));
		return 0;
	}
	out->result = MATCH_AMBIGUOUS;
	struct buf b = BUF_INIT;
	for (size_t k = 0; k < nlist; k++) {
		const struct spec_table *t = &rs->book.tables[list[k].t];
		buf_addf(&b, "%s%s.%s %s", k ? ", " : "", t->rows[list[k].r].id, t->columns[list[k].c].id,
			 cell_text(nb, a, q, list[k].v));
	}
	if ((size_t)out->candidates > nlist)
		buf_addf(&b, " and %zu more", (size_t)out->candidates - nlist);
	out->list = arena_strdup(a, b.data ? b.data : "");
	buf_release(&b);
	return 0;
}

const struct spec_column *numbers_column_named(const struct numbers *nb,
					       const struct spec_table *table, const char *text,
					       size_t len)
{
	size_t t = (size_t)(table - nb->rs.book.tables);
	long c = t < nb->rs.book.ntables ? spec_column_named(&nb->rs.book, t, text, len) : -1;
	return c < 0 ? NULL : &table->columns[c];
}

int numbers_match_cell(const struct numbers *nb, struct arena *a, const struct quantity *q,
		       int range, double widen, const char *row, const char *column,
		       struct numbers_match *out)
{
	const struct resolve *rs = &nb->rs;
	const struct units *u = rs->units;
	memset(out, 0, sizeof *out);
	struct spec_ref ref;
	long c = -1;
	if (!spec_row_find(&rs->book, row, strlen(row), &ref) ||
	    (c = spec_column_find(&rs->book, ref.table, column, strlen(column))) < 0)
		return 0;
	const struct spec_table *t = &rs->book.tables[ref.table];
	out->table = t->id;
	out->row = t->rows[ref.row].id;
	out->column = t->columns[c].id;
	const struct resolve_column *rc = &rs->columns[ref.table][c];
	const struct field *f = resolve_field(rs, ref.table, ref.row, (size_t)c);
	if (!rc->has_unit || (f->kind == FIELD_VALUE && !dim_equal(&f->q.dim, &q->dim))) {
		out->result = MATCH_DIMENSION;
		out->value = t->columns[c].unit;
		return 0;
	}
	if (f->kind != FIELD_VALUE) {
		out->result = MATCH_EMPTY;
		return 0;
	}
	out->candidates = 1;
	struct candidate cand = { ref.table, ref.row, (size_t)c, f->q, 0 };
	int comparable = !in_kind_of(u, a, q, &cand.v);
	if (comparable && agrees(q, range, widen, cand.v.v)) {
		out->result = MATCH_AGREES;
		return 0;
	}
	out->result = MATCH_DISAGREES;
	out->value = cell_text(nb, a, q, cand.v);
	const char *hints = match_hints(nb, a, q, range, &cand, f);
	/* the figure of another column of the row: a cell in the wrong column */
	for (size_t k = 0; k < t->ncolumns; k++) {
		const struct field *g = resolve_field(rs, ref.table, ref.row, k);
		struct quantity v;
		if ((long)k == c || !rs->columns[ref.table][k].has_unit || g->kind != FIELD_VALUE ||
		    !dim_equal(&g->q.dim, &q->dim) || (v = g->q, in_kind_of(u, a, q, &v)) ||
		    !agrees(q, range, widen, v.v))
			continue;
		hints = arena_printf(a, "hint: this is %s.%s (%s): is the figure in the wrong column?%s%s",
				     out->row, t->columns[k].id, cell_text(nb, a, q, v), hints ? "\n" : "",
				     hints ? hints : "");
		break;
	}
	out->hint = hints;
	return 0;
}

int numbers_drill(const struct numbers *nb, struct arena *a, size_t t, size_t r, size_t c,
		  struct numbers_drill *out)
{
	memset(out, 0, sizeof *out);
	if (t >= nb->rs.book.ntables || r >= nb->rs.book.tables[t].nrows ||
	    c >= nb->rs.book.tables[t].ncolumns)
		return -1;
	const struct field *f = resolve_field(&nb->rs, t, r, c);
	if (f->kind != FIELD_VALUE || f->failed || !f->q.unit ||
	    f->q.nominal.lo != f->q.nominal.hi)
		return -1;   /* a range or a plain count is no drill */
	out->shown = format_quantity(a, nb->rs.units, &f->q, 0);
	out->derivation = f->has_computed ? f->derivation : NULL;
	out->value = (f->q.nominal.lo + f->q.nominal.hi) / 2 / (f->q.scale > 0 ? f->q.scale : 1);
	claim_grade(nb->rs.units, a, &f->q, &out->grade);
	return 0;
}
