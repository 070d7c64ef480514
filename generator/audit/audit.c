/*
 * audit.c — the audit's orchestrator (audit.h): what the caller adds is
 * kept as given; audit_run() reads the tables, then runs the checks in an
 * order where a cell is reported once, by the strongest evidence first:
 * reference data (a known part's figure), the table's own pattern, other
 * tables, then prose.
 */
#include "audit/table.h"
#include "audit/mine.h"
#include "audit/cross.h"
#include "audit/prose.h"
#include "audit/reference.h"
#include "audit/figure.h"
#include "audit/caption.h"
#include "core/alloc.h"

#include <string.h>

struct audit *audit_new(struct arena *a, const struct units *units,
			const struct audit_reference *reference, double approx)
{
	struct audit *au = arena_alloc(a, sizeof *au);
	figure_setup(au, a, units);
	au->ref = reference;
	au->approx = approx;
	return au;
}

void audit_add_table(struct audit *au, const struct audit_text *header, size_t ncols,
		     const struct audit_text *cells, size_t rows, const char *section)
{
	if (!ncols)
		return;
	if (au->ntables == au->cap_tables) {
		size_t cap = au->cap_tables ? 2 * au->cap_tables : 16;
		struct atable *v = arena_array(au->a, cap, sizeof *v);
		if (au->ntables)
			memcpy(v, au->tables, au->ntables * sizeof *v);
		au->tables = v;
		au->cap_tables = cap;
	}
	struct atable *t = &au->tables[au->ntables];
	memset(t, 0, sizeof *t);
	t->index = au->ntables++;
	t->section = section;
	t->loc = header[0].loc;
	size_t used = ncols < AUDIT_MAX_COLUMNS ? ncols : AUDIT_MAX_COLUMNS;
	t->ncols = used;
	t->nrows = rows;
	t->cols = arena_array(au->a, used, sizeof *t->cols);
	for (size_t c = 0; c < used; c++)
		t->cols[c].src = header[c];
	t->cells = arena_array(au->a, rows * used + 1, sizeof *t->cells);
	for (size_t r = 0; r < rows; r++)
		for (size_t c = 0; c < used; c++)
			t->cells[r * used + c].src = cells[r * ncols + c];
	/* the caption just above it ("表 1.5.1 GPU 参数", a blank line between) */
	if (au->caption_next && t->loc.file && !strcmp(au->caption_file, t->loc.file) &&
	    t->loc.line - au->caption_end <= 2) {
		t->caption = au->caption_next;
		/* between two tables, a caption is the one's below (captions of
		 * tables stand above them) */
		if (t->index && au->tables[t->index - 1].caption == au->caption_next)
			au->tables[t->index - 1].caption = NULL;
	}
	au->caption_next = NULL;
}

/* The last line of table t. */
static int table_end(const struct atable *t)
{
	return t->nrows ? t->cells[(t->nrows - 1) * t->ncols].src.loc.line : t->loc.line;
}

void audit_add_prose(struct audit *au, struct audit_text text, const char *section)
{
	if (au->nprose == au->cap_prose) {
		size_t cap = au->cap_prose ? 2 * au->cap_prose : 64;
		struct prose *v = arena_array(au->a, cap, sizeof *v);
		if (au->nprose)
			memcpy(v, au->prose, au->nprose * sizeof *v);
		au->prose = v;
		au->cap_prose = cap;
	}
	au->prose[au->nprose++] = (struct prose){ text, section };
	/* a caption: of the table right below it, else of the one right above */
	au->caption_next = NULL;
	const char *no = caption_number(au->a, text.text, text.len);
	if (!no || !text.loc.file)
		return;
	struct atable *last = au->ntables ? &au->tables[au->ntables - 1] : NULL;
	if (last && !last->caption && last->loc.file && !strcmp(last->loc.file, text.loc.file) &&
	    text.loc.line - table_end(last) >= 1 && text.loc.line - table_end(last) <= 2)
		last->caption = no;
	int end = text.loc.line;
	for (size_t i = 0; i < text.len; i++)
		end += text.text[i] == '\n';
	au->caption_next = no;
	au->caption_file = text.loc.file;
	au->caption_end = end;
}

void audit_run(struct audit *au, struct audit_summary *out)
{
	for (size_t t = 0; t < au->ntables; t++) {
		struct atable *tb = &au->tables[t];
		table_read(au, tb);
		au->sum.tables++;
		int numeric = 0;
		for (size_t c = 0; c < tb->ncols; c++)
			numeric += tb->cols[c].numeric;
		if (tb->key >= 0 && numeric) {
			au->sum.data_tables++;
			au->sum.rows += (int)tb->nrows;
		}
	}
	if (au->ref)
		for (size_t t = 0; t < au->ntables; t++)
			reference_check(au, &au->tables[t]);
	for (size_t t = 0; t < au->ntables; t++)
		mine_table(au, &au->tables[t]);
	cross_tables(au);
	for (size_t p = 0; p < au->nprose; p++)
		prose_check(au, &au->prose[p]);
	if (out)
		*out = au->sum;
}
