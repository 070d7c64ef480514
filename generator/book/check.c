/*
 * check.c — stated derived values, row checks and table rules (see check.h).
 *
 * Row checks and rules are claims, checked by claim_check() through the
 * resolve scope of the row they are about.  For a rule the scope is told to
 * stay quiet about fields the row lacks: the rule then does not apply to
 * that row.  A rule whose names cannot resolve at all (a misspelt column)
 * or whose text does not parse fails the same way for every row, so it is
 * reported once, for the first row, and not tried again.
 */
#include "book/check.h"
#include "numbers/format.h"
#include "core/buffer.h"
#include "numbers/claim.h"
#include "core/utf8.h"

#include <string.h>

static int text_width(const struct ynode *node)
{
	if (memchr(node->text, '\n', node->len))
		return 1;
	return (int)utf8_length(node->text, node->len);
}

/* A stated value of a derived column against what its formula computes. */
static void check_stated(struct resolve *rs, size_t t, size_t r, size_t c)
{
	const struct field *f = resolve_field(rs, t, r, c);
	if (!f->stated || !f->has_computed || f->kind != FIELD_VALUE ||
	    interval_overlaps(f->q.v, f->computed.v))
		return;
	const struct spec_table *table = &rs->book.tables[t];
	const struct ynode *v = rs->book.src[t].rows[r].values[c];
	struct quantity computed = f->computed;
	struct quantity stated = f->q;
	/* say both in the unit the author wrote */
	if (stated.unit)
		quantity_set_unit(&computed, stated.unit, stated.scale);
	struct buf detail = BUF_INIT;
	buf_addf(&detail, "stated   %s = %s\n", format_quantity(rs->arena, rs->units, &stated, 0),
		 format_quantity(rs->arena, rs->units, &stated, FORMAT_INTERVAL));
	buf_addf(&detail, "computed %s = %s = %s", table->columns[c].derive,
		 f->derivation ? f->derivation : "?",
		 format_quantity(rs->arena, rs->units, &computed, FORMAT_INTERVAL));
	struct quantity should = computed;
	should.v = should.nominal;   /* the computed value itself, to three figures */
	diag_report(DIAG_ERROR, spec_text_loc(v), text_width(v), detail.data,
		    "stated %s.%s does not match its derivation: should be %s",
		    table->rows[r].id, table->columns[c].id,
		    format_quantity(rs->arena, rs->units, &should, 0));
	buf_release(&detail);
}

static void check_row(struct resolve *rs, size_t t, size_t r)
{
	const struct ynode *checks = rs->book.src[t].rows[r].checks;
	for (size_t i = 0; checks && i < checks->count; i++) {
		const struct ynode *claim = checks->items[i];
		struct resolve_scope ctx = {
			.rs = rs, .table = (long)t, .row = (long)r, .on_missing = RESOLVE_REPORT,
			.arena = rs->arena, .text = claim->text, .len = claim->len,
			.loc = spec_text_loc(claim),
		};
		struct expr_scope scope;
		resolve_scope_init(&ctx, &scope);
		claim_check(rs->units, &scope, rs->approx, rs->arena, claim->text, claim->len,
			    ctx.loc);
	}
}

/* Returns the exception of rule for row r, or -1. */
static long exception_of(const struct spec_rule *rule, size_t r)
{
	for (size_t i = 0; i < rule->nexcept; i++)
		if (rule->except[i].row == r)
			return (long)i;
	return -1;
}

static void check_rule(struct resolve *rs, size_t t, size_t k)
{
	const struct spec_table *table = &rs->book.tables[t];
	const struct spec_rule *rule = &table->rules[k];
	const struct spec_rule_src *rsrc = &rs->book.src[t].rules[k];
	const struct ynode *text = rsrc->text;
	size_t applied = 0;
	for (size_t r = 0; r < table->nrows; r++) {
		const struct spec_row *row = &table->rows[r];
		long ex = exception_of(rule, r);
		struct resolve_scope ctx = {
			.rs = rs, .table = (long)t, .row = (long)r, .on_missing = RESOLVE_SKIP,
			.arena = rs->arena, .text = text->text, .len = text->len,
			.loc = spec_text_loc(text),
		};
		struct expr_scope scope;
		resolve_scope_init(&ctx, &scope);
		/* a failed verdict is said once, at the row; an exception's, not at all */
		struct claim_subject subject = {
			.at = row->loc, .width = (int)strlen(row->id), .quiet = ex >= 0,
			.message = arena_printf(rs->arena, "row '%s' breaks the rule '%s' (line %d)",
						row->id, rule->text, text->loc.line),
		};
		int before = diag_count(DIAG_ERROR);
		int rc = claim_check_on(rs->units, &scope, rs->approx, rs->arena, text->text,
					text->len, ctx.loc, &subject);
		int reported = diag_count(DIAG_ERROR) > before;
		if (rc && !reported && ctx.missing)
			continue;   /* the row lacks a field the rule names */
		applied++;
		if (rc && (reported || ex < 0) && (ctx.unknown || ctx.lookups == 0 || !reported))
			return;   /* the rule itself is wrong: said once */
		if (ex >= 0 && !rc) {
			const struct ynode *at = rsrc->except[ex];
			diag_report(DIAG_WARNING, at->loc, (int)strlen(row->id), NULL,
				    "row '%s' is listed as an exception to the rule '%s' but "
				    "holds it: remove it from except:", row->id, rule->text);
		}
	}
	if (!applied && table->nrows) {
		diag_report(DIAG_WARNING, spec_text_loc(text), text_width(text), NULL,
			    "rule applies to no row of table '%s': none has all the fields it "
			    "names", table->id);
	}
}

int check_tables(struct resolve *rs)
{
	int before = diag_count(DIAG_ERROR);
	for (size_t t = 0; t < rs->book.ntables; t++) {
		const struct spec_table *table = &rs->book.tables[t];
		for (size_t r = 0; r < table->nrows; r++) {
			for (size_t c = 0; c < table->ncolumns; c++)
				check_stated(rs, t, r, c);
			check_row(rs, t, r);
		}
		for (size_t k = 0; k < table->nrules; k++)
			check_rule(rs, t, k);
	}
	return diag_count(DIAG_ERROR) > before ? -1 : 0;
}
