/*
 * numbers.c — the numbers core behind numbers.h: units, spec tables, their
 * derived columns and checks, and spans in prose.
 *
 * numbers_load() runs the stages in order: the unit table (units.c), the
 * tables' shape (spec.c), their values and derived columns (resolve.c), their
 * claims (check.c).  What it returns is read-only; numbers_span() evaluates a
 * span through a scope on its own stack, so render threads may call it at
 * once.  Lookups by id are hashed (rows) or binary searches (columns).
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
