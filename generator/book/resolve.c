/*
 * resolve.c — cells read as quantities, derived columns computed, names
 * looked up (see resolve.h).
 *
 * Derived cells are evaluated on demand through the same scope that claims
 * use: when a formula asks for a field that is itself derived and not yet
 * computed, the lookup computes it first.  A stack of the cells being
 * computed finds cycles (a cell asked for while it is on the stack) and
 * names them; RESOLVE_MAX_CHAIN bounds the recursion.  Each formula is
 * parsed once to report its syntax errors, and again for every row it is
 * evaluated in, because evaluation writes into the tree and a formula may
 * need its own column in another row while it is being evaluated.
 */
#include "book/resolve.h"
#include "numbers/format.h"
#include "core/alloc.h"
#include "core/buffer.h"
#include "core/utf8.h"

#include <stdlib.h>
#include <string.h>

enum { STATE_TODO, STATE_BUSY, STATE_DONE };

const char *resolve_marker_text(enum literal_value_kind marker)
{
	switch (marker) {
	case LITERAL_NA: return "—";
	case LITERAL_UNKNOWN: return "?";
	case LITERAL_UNPUBLISHED: return "✓";
	default: return "";
	}
}

const char *resolve_marker_name(enum literal_value_kind marker)
{
	switch (marker) {
	case LITERAL_NA: return "n/a";
	case LITERAL_UNKNOWN: return "unknown";
	case LITERAL_UNPUBLISHED: return "unpublished";
	default: return "";
	}
}

const struct field *resolve_field(const struct resolve *rs, size_t t, size_t r, size_t c)
{
	return &rs->fields[t][r * rs->book.tables[t].ncolumns + c];
}

static struct field *field_at(struct resolve *rs, size_t t, size_t r, size_t c)
{
	return &rs->fields[t][r * rs->book.tables[t].ncolumns + c];
}

/* Returns the unit a quantity's dimension is written in, without prefixes
 * ("B·FLOP/s^2"): for messages about dimensions, where a prefix picked for
 * the size of the value would only confuse. */
static const char *dim_unit(struct resolve *rs, const struct quantity *q)
{
	double scale;
	const char *name = units_display(rs->units, rs->arena, &q->dim, 1, &scale);
	return name ? name : "a plain number";
}

/* ---- placing messages about names ---- */

static int is_name_char(char ch)
{
	return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') ||
	       ch == '_' || ch == '.';
}

/* Returns the place of name in the scope's text (its first whole occurrence),
 * or the start of the text; *width gets its length in code points. */
static struct srcloc name_loc(const struct resolve_scope *ctx, const char *name, int *width)
{
	size_t n = strlen(name);
	*width = (int)n;
	if (ctx->text && ctx->len >= n) {
		for (size_t off = 0; off + n <= ctx->len; off++) {
			if (memcmp(ctx->text + off, name, n))
				continue;
			if (off > 0 && is_name_char(ctx->text[off - 1]))
				continue;
			if (off + n < ctx->len && is_name_char(ctx->text[off + n]))
				continue;
			if (memchr(ctx->text, '\n', off))
				break;
			return units_loc_at(ctx->loc, ctx->text, off);
		}
	}
	*width = 1;
	return ctx->loc;
}

static void report_name(const struct resolve_scope *ctx, const char *name, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void report_name(const struct resolve_scope *ctx, const char *name, const char *fmt, ...)
{
	struct buf msg = BUF_INIT;
	va_list ap;
	va_start(ap, fmt);
	buf_vaddf(&msg, fmt, ap);
	va_end(ap);
	int width;
	struct srcloc loc = name_loc(ctx, name, &width);
	diag_report(DIAG_ERROR, loc, width, NULL, "%s", msg.data);
	buf_release(&msg);
}

/* ---- on-demand evaluation of derived cells ---- */

static void evaluate_cell(struct resolve *rs, size_t t, size_t r, size_t c);
static int apply_kind(const struct resolve_column *rc, struct quantity *q);

/* Names a cell for cycle messages: "mem_bw" within one row, else "h100.mem_bw". */
static void cycle_name(const struct resolve *rs, struct buf *b, const struct resolve_frame *f,
		       int qualified)
{
	const struct spec_table *table = &rs->book.tables[f->t];
	if (qualified)
		buf_addf(b, "%s.", table->rows[f->r].id);
	buf_adds(b, table->columns[f->c].id);
}

static int frame_less(const struct resolve_frame *a, const struct resolve_frame *b)
{
	if (a->t != b->t)
		return a->t < b->t;
	if (a->c != b->c)
		return a->c < b->c;
	return a->r < b->r;
}

/* Reports the cycle chain[from..depth) closed by asking for chain[from] again,
 * once per distinct cycle. */
static void report_cycle(struct resolve *rs, size_t from)
{
	size_t n = rs->depth - from;
	const struct resolve_frame *cyc = &rs->chain[from];
	size_t first = 0;
	int same_row = 1;
	for (size_t i = 1; i < n; i++) {
		if (frame_less(&cyc[i], &cyc[first]))
			first = i;
		if (cyc[i].t != cyc[0].t || cyc[i].r != cyc[0].r)
			same_row = 0;
	}
	struct buf b = BUF_INIT;
	for (size_t i = 0; i <= n; i++) {
		if (i)
			buf_adds(&b, " → ");
		cycle_name(rs, &b, &cyc[(first + i) % n], !same_row);
	}
	for (size_t i = 0; i < rs->ncycles; i++)
		if (!strcmp(rs->cycles[i], b.data)) {
			buf_release(&b);
			return;
		}
	const char *text = arena_strdup(rs->arena, b.data);
	*ARRAY_PUSH(rs->cycles, rs->ncycles, rs->capcycles) = text;
	const struct resolve_frame *at = &cyc[first];
	const struct ynode *derive = rs->book.src[at->t].columns[at->c].derive;
	diag_report(DIAG_ERROR, rs->columns[at->t][at->c].derive_loc,
		    (int)utf8_length(derive->text, derive->len), NULL,
		    "derivation cycle: %s", text);
	buf_release(&b);
}

/* ---- the scope ---- */

/* Splits name at dots into at most 3 parts; returns their count, or 0 when
 * there are more or one is empty. */
static int split_name(const char *name, const char *part[3], size_t len[3])
{
	int n = 0;
	const char *p = name;
	for (;;) {
		const char *dot = strchr(p, '.');
		size_t l = dot ? (size_t)(dot - p) : strlen(p);
		if (n == 3 || l == 0)
			return 0;
		part[n] = p;
		len[n] = l;
		n++;
		if (!dot)
			return n;
		p = dot + 1;
	}
}

/* Finds the cell a name means; returns 1 with *t, *r, *c set, or 0. */
static int find_field(const struct resolve_scope *ctx, const char *name, size_t *t, size_t *r,
		      size_t *c)
{
	const struct spec_book *book = &ctx->rs->book;
	const char *part[3];
	size_t len[3];
	int n = split_name(name, part, len);
	struct spec_ref ref;
	long col;
	switch (n) {
	case 1:
		if (ctx->table < 0)
			return 0;
		ref.table = (size_t)ctx->table;
		ref.row = (size_t)ctx->row;
		break;
	case 2:
		if (!spec_row_find(book, part[0], len[0], &ref))
			return 0;
		break;
	case 3: {
		long table = spec_table_find(book, part[0], len[0]);
		if (table < 0 || !spec_row_find(book, part[1], len[1], &ref) ||
		    ref.table != (size_t)table)
			return 0;
		break;
	}
	default:
		return 0;
	}
	col = spec_column_find(book, ref.table, part[n - 1], len[n - 1]);
	if (col < 0)
		return 0;
	*t = ref.table;
	*r = ref.row;
	*c = (size_t)col;
	return 1;
}

static int scope_lookup(void *vctx, const char *name, struct quantity *q, struct expr_ref *ref)
{
	struct resolve_scope *ctx = vctx;
	const struct resolve *rs = ctx->rs;
	size_t t, r, c;
	ctx->lookups++;
	if (!find_field(ctx, name, &t, &r, &c)) {
		if (!units_is_unit(rs->units, name))
			ctx->unknown = 1;
		return 1;
	}
	const struct spec_table *table = &rs->book.tables[t];
	const struct field *f = resolve_field(rs, t, r, c);

	if (ctx->resolving && f->state != STATE_DONE) {
		struct resolve *mut = ctx->resolving;
		if (f->state == STATE_BUSY) {
			size_t from = 0;
			while (from < mut->depth && (mut->chain[from].t != t ||
						      mut->chain[from].r != r ||
						      mut->chain[from].c != c))
				from++;
			report_cycle(mut, from);
			ctx->upstream = 1;
			return -1;
		}
		evaluate_cell(mut, t, r, c);
	}

	if (f->failed) {   /* its own error was reported: say nothing more */
		ctx->upstream = 1;
		return -1;
	}
	const struct ynode *written = rs->book.src[t].rows[r].values[c];
	switch (f->kind) {
	case FIELD_VALUE:
		*q = f->q;
		ref->table = table->id;
		ref->row = table->rows[r].id;
		ref->field = table->columns[c].id;
		return 0;
	case FIELD_TEXT:
		report_name(ctx, name, "'%s' is text ('%s'), not a number", name,
			    written ? written->text : "");
		return -1;
	case FIELD_MARKER:
	case FIELD_EMPTY:
		if (!ctx->missing) {
			ctx->missing = 1;
			ctx->marker = f->kind == FIELD_MARKER ? f->marker : LITERAL_VALUE;
		}
		if (ctx->on_missing == RESOLVE_SKIP)
			return -1;
		if (f->kind == FIELD_MARKER)
			report_name(ctx, name, "'%s' is %s in the table: there is no number to "
				    "use", name, resolve_marker_name(f->marker));
		else if (table->columns[c].derive)
			report_name(ctx, name, "'%s' has no value: row '%s' lacks what "
				    "'%s' is derived from", name, table->rows[r].id,
				    table->columns[c].id);
		else
			report_name(ctx, name, "'%s' has no value: row '%s' gives no '%s'",
				    name, table->rows[r].id, table->columns[c].id);
		return -1;
	}
	return -1;
}

/* Suggests "row.field" spellings close to a name that did not resolve. */
static const char *scope_suggest(void *vctx, const char *name)
{
	struct resolve_scope *ctx = vctx;
	const struct spec_book *book = &ctx->rs->book;
	const char *part[3];
	size_t len[3];
	int n = split_name(name, part, len);
	if (n == 0)
		return NULL;
	struct arena *a = ctx->arena ? ctx->arena : ctx->rs->arena;
	char *last = arena_strndup(a, part[n - 1], len[n - 1]);
	struct spec_suggest sg;
	size_t t;
	struct spec_ref ref;
	const char *row = NULL;

	if (n == 1) {
		if (ctx->table < 0)
			return NULL;
		t = (size_t)ctx->table;
	} else {
		char *first = arena_strndup(a, part[n - 2], len[n - 2]);
		if (!spec_row_find(book, first, len[n - 2], &ref)) {
			/* the row is misspelt: the closest row id, field as written */
			spec_suggest_init(&sg, first);
			for (size_t i = 0; i < book->ntables; i++)
				for (size_t j = 0; j < book->tables[i].nrows; j++)
					spec_suggest_add(&sg, book->tables[i].rows[j].id);
			const char *best = spec_suggest_best(&sg);
			if (!best)
				return NULL;
			if (n == 3)
				return arena_printf(a, "%.*s.%s.%s", (int)len[0], part[0], best,
						    last);
			return arena_printf(a, "%s.%s", best, last);
		}
		t = ref.table;
		row = book->tables[t].rows[ref.row].id;
		if (spec_column_find(book, t, last, len[n - 1]) >= 0) {
			if (n == 3)   /* the table is wrong: the row is found anywhere */
				return arena_printf(a, "%s.%s.%s", book->tables[t].id, row, last);
			return NULL;
		}
	}
	spec_suggest_init(&sg, last);
	for (size_t i = 0; i < book->tables[t].ncolumns; i++)
		spec_suggest_add(&sg, book->tables[t].columns[i].id);
	const char *best = spec_suggest_best(&sg);
	if (!best)
		return NULL;
	if (n == 1)
		return best;
	if (n == 2)
		return arena_printf(a, "%s.%s", row, best);
	return arena_printf(a, "%s.%s.%s", book->tables[t].id, row, best);
}

void resolve_scope_init(struct resolve_scope *ctx, struct expr_scope *scope)
{
	scope->lookup = scope_lookup;
	scope->suggest = scope_suggest;
	scope->ctx = ctx;
}

/* ---- derived cells ---- */

/* Marks a cell whose derivation failed: it keeps a stated value, if any, and
 * is otherwise left out quietly wherever it is needed (already reported). */
static void cell_failed(struct field *f)
{
	if (!(f->stated && f->kind == FIELD_VALUE))
		f->failed = 1;
}

/* Computes derived cell (t, r, c) unless it is done: on demand, so that the
 * fields it needs are computed first, in whatever order the columns come. */
static void evaluate_cell(struct resolve *rs, size_t t, size_t r, size_t c)
{
	struct field *f = field_at(rs, t, r, c);
	if (f->state != STATE_TODO)
		return;
	f->state = STATE_DONE;
	const struct spec_column *col = &rs->book.tables[t].columns[c];
	struct resolve_column *rc = &rs->columns[t][c];
	if (!col->derive)
		return;
	if (rc->failed || rc->broken) {
		cell_failed(f);
		return;
	}
	const struct ynode *derive = rs->book.src[t].columns[c].derive;
	int width = (int)utf8_length(derive->text, derive->len);
	if (rs->depth == RESOLVE_MAX_CHAIN) {
		diag_report(DIAG_ERROR, rc->derive_loc, width, NULL,
			    "derivation chain longer than %d fields", RESOLVE_MAX_CHAIN);
		cell_failed(f);
		return;
	}
	f->state = STATE_BUSY;
	rs->chain[rs->depth++] = (struct resolve_frame){ t, r, c };

	struct resolve_scope ctx = {
		.rs = rs, .table = (long)t, .row = (long)r, .on_missing = RESOLVE_SKIP,
		.arena = rs->arena, .text = derive->text, .len = derive->len,
		.loc = rc->derive_loc, .resolving = rs,
	};
	struct expr_scope scope;
	resolve_scope_init(&ctx, &scope);
	struct expr *e = expr_parse(rs->units, rs->arena, derive->text, derive->len,
				    rc->derive_loc, 0);
	struct quantity q;
	int err = !e || expr_eval(e, &scope, &q);

	rs->depth--;
	f->state = STATE_DONE;
	if (err) {
		if (ctx.missing && !ctx.upstream) {
			/* an input is missing: the cell stays as written, or takes its marker */
			if (!f->stated && ctx.marker != LITERAL_VALUE) {
				f->kind = FIELD_MARKER;
				f->marker = ctx.marker;
			}
			return;
		}
		if (!ctx.upstream)
			rc->failed = 1;   /* reported once; other rows would say the same */
		cell_failed(f);
		return;
	}
	if (rc->has_unit ? units_convert(&q, &rc->unit) != 0 : !dim_is_none(&q.dim)) {
		if (rc->has_unit)
			diag_report(DIAG_ERROR, rc->derive_loc, width, NULL,
				    "derive: of '%s' gives %s, not %s as the column's unit says",
				    col->id, dim_unit(rs, &q), rc->unit.name);
		else
			diag_report(DIAG_ERROR, rc->derive_loc, width, NULL,
				    "derive: of '%s' gives %s but the column has no unit: add "
				    "unit: to the column", col->id, dim_unit(rs, &q));
		rc->failed = 1;
		cell_failed(f);
		return;
	}
	int clash = apply_kind(rc, &q);
	if (clash) {
		diag_report(DIAG_ERROR, rc->derive_loc, width, NULL,
			    "derive: of '%s' gives a %s value but the column's kind is %s",
			    col->id, units_kind_name(rs->units, q.kind[clash - 1]),
			    units_kind_name(rs->units, rc->kind[clash - 1]));
		rc->failed = 1;
		cell_failed(f);
		return;
	}
	f->has_computed = 1;
	f->computed = q;
	f->derivation = expr_show(e, rs->arena);
	if (!f->stated) {
		f->kind = FIELD_VALUE;
		f->q = q;
	}
}

/* ---- reading cells ---- */

/* `kind: dense` or `kind: sparse, per-gpu`: kind words of units.yaml, one
 * per family. */
static void read_column_kind(struct resolve *rs, const struct ynode *v, struct resolve_column *rc)
{
	const char *s = v->text;
	size_t len = v->len, i = 0;
	struct srcloc loc = spec_text_loc(v);
	while (i < len) {
		while (i < len && (s[i] == ' ' || s[i] == ','))
			i++;
		if (i >= len)
			break;
		int kind = 0;
		size_t n = units_kind_match(rs->units, s + i, len - i, &kind);
		size_t end = i;
		while (end < len && s[end] != ',' && s[end] != ' ')
			end++;
		if (!n || i + n != end) {
			diag_report(DIAG_ERROR, units_loc_at(loc, s, i), (int)utf8_length(s + i, end - i),
				    "hint: the kinds are declared in specs/units.yaml under kinds:",
				    "unknown kind '%.*s'", (int)(end - i), s + i);
			rc->broken = 1;
			return;
		}
		int fam = units_kind_family(rs->units, kind);
		if (rc->kind[fam]) {
			diag_report(DIAG_ERROR, units_loc_at(loc, s, i), (int)utf8_length(s + i, n), NULL,
				    "a column has one kind of each family: '%s' and '%s'",
				    units_kind_name(rs->units, rc->kind[fam]),
				    units_kind_name(rs->units, kind));
			rc->broken = 1;
			return;
		}
		rc->kind[fam] = (unsigned char)kind;
		i += n;
	}
}

/* Gives q the column's kinds; returns the first family where q has another
 * kind already + 1, or 0. */
static int apply_kind(const struct resolve_column *rc, struct quantity *q)
{
	for (int f = 0; f < KIND_FAMILIES; f++) {
		if (!rc->kind[f])
			continue;
		if (q->kind[f] && q->kind[f] != rc->kind[f])
			return f + 1;
		q->kind[f] = rc->kind[f];
	}
	return 0;
}

static void read_columns(struct resolve *rs, size_t t)
{
	const struct spec_table *table = &rs->book.tables[t];
	const struct spec_table_src *src = &rs->book.src[t];
	rs->columns[t] = arena_array(rs->arena, table->ncolumns + 1, sizeof *rs->columns[t]);
	for (size_t c = 0; c < table->ncolumns; c++) {
		struct resolve_column *rc = &rs->columns[t][c];
		const struct ynode *unit = src->columns[c].unit;
		const struct ynode *derive = src->columns[c].derive;
		if (unit) {
			if (units_parse(rs->units, rs->arena, unit->text, unit->len,
					spec_text_loc(unit), &rc->unit)) {
				rc->broken = 1;
			} else {
				rc->has_unit = 1;
			}
		}
		if (src->columns[c].kind)
			read_column_kind(rs, src->columns[c].kind, rc);
		if (derive) {
			rc->derive_loc = spec_text_loc(derive);
			if (!expr_parse(rs->units, rs->arena, derive->text, derive->len,
					rc->derive_loc, 0)) {
				rc->failed = 1;
			}
		}
	}
}

static void read_cells(struct resolve *rs, size_t t)
{
	const struct spec_table *table = &rs->book.tables[t];
	const struct spec_table_src *src = &rs->book.src[t];
	size_t nc = table->ncolumns;
	rs->fields[t] = arena_array(rs->arena, size_mul(table->nrows, nc) + 1,
				    sizeof *rs->fields[t]);
	for (size_t r = 0; r < table->nrows; r++)
		for (size_t c = 0; c < nc; c++) {
			struct field *f = field_at(rs, t, r, c);
			const struct ynode *v = src->rows[r].values[c];
			const struct resolve_column *rc = &rs->columns[t][c];
			f->state = table->columns[c].derive ? STATE_TODO : STATE_DONE;
			if (!v) {
				f->kind = FIELD_EMPTY;
				continue;
			}
			f->stated = 1;
			if (rc->broken) {   /* the unit was refused: the cell cannot be read */
				f->kind = FIELD_TEXT;
				f->failed = 1;
				continue;
			}
			enum literal_value_kind kind;
			if (literal_parse_value(rs->units, rs->arena, v->text, v->len, spec_text_loc(v),
						rc->has_unit ? &rc->unit : NULL, &kind, &f->q)) {
				f->kind = FIELD_TEXT;   /* shown as written */
				f->failed = 1;          /* names using it fail quietly */
				continue;
			}
			if (kind == LITERAL_VALUE && table->columns[c].derive) {
				/* a stated derived value is a rounding of what its formula
				 * gives: it means every value its digits round from */
				char *approx = arena_printf(rs->arena, "~%s", v->text);
				enum literal_value_kind k2;
				struct quantity q2;
				if (!literal_parse_value(rs->units, rs->arena, approx, v->len + 1,
							 spec_text_loc(v), rc->has_unit ? &rc->unit : NULL,
							 &k2, &q2) && k2 == LITERAL_VALUE)
					f->q.v = q2.v;
			}
			int clash = kind == LITERAL_VALUE ? apply_kind(rc, &f->q) : 0;
			if (clash) {
				diag_report(DIAG_ERROR, spec_text_loc(v), (int)utf8_length(v->text, v->len),
					    NULL, "a %s value in a column of kind %s",
					    units_kind_name(rs->units, f->q.kind[clash - 1]),
					    units_kind_name(rs->units, rc->kind[clash - 1]));
				f->kind = FIELD_TEXT;
				f->failed = 1;
				continue;
			}
			switch (kind) {
			case LITERAL_VALUE:
				f->kind = FIELD_VALUE;
				break;
			case LITERAL_TEXT:
				f->kind = FIELD_TEXT;
				break;
			default:
				f->kind = FIELD_MARKER;
				f->marker = kind;
				break;
			}
		}
}

/* ---- the public cells ---- */

static void fill_cell(struct resolve *rs, size_t t, size_t r, size_t c)
{
	const struct spec_table *table = &rs->book.tables[t];
	struct spec_cell *cell = &table->rows[r].cells[c];
	const struct field *f = resolve_field(rs, t, r, c);
	const struct resolve_column *rc = &rs->columns[t][c];
	const struct ynode *v = rs->book.src[t].rows[r].values[c];
	cell->derived = f->has_computed && !f->stated;
	switch (f->kind) {
	case FIELD_EMPTY:
		cell->kind = CELL_EMPTY;
		cell->text = NULL;
		return;
	case FIELD_TEXT:
		cell->kind = CELL_TEXT;
		cell->text = v ? v->text : "";
		return;
	case FIELD_MARKER:
		cell->kind = CELL_MARKER;
		cell->text = resolve_marker_text(f->marker);
		return;
	case FIELD_VALUE:
		break;
	}
	struct quantity q = f->q;
	cell->kind = CELL_VALUE;
	if (cell->derived)   /* shown as computed, to three figures, not to its inputs' digits */
		q.v = q.nominal;
	if (!q.unit && !dim_is_none(&q.dim)) {
		double scale;
		const char *name = units_display(rs->units, rs->arena, &q.dim,
						 interval_mid(q.nominal), &scale);
		quantity_set_unit(&q, name, scale);
	}
	if (q.unit && (!rc->has_unit || strcmp(q.unit, rc->unit.name)))
		cell->unit = q.unit;
	cell->text = format_quantity(rs->arena, rs->units, &q, FORMAT_BARE);
	struct quantity in_column = q;
	if (rc->has_unit && !units_convert(&in_column, &rc->unit))
		cell->sort_key = interval_mid(in_column.nominal) / in_column.scale;
	else
		cell->sort_key = interval_mid(q.nominal) / (q.scale ? q.scale : 1);
}

int resolve_tables(struct resolve *rs)
{
	struct spec_book *book = &rs->book;
	int before = diag_count(DIAG_ERROR);
	rs->fields = arena_array(rs->arena, book->ntables + 1, sizeof *rs->fields);
	rs->columns = arena_array(rs->arena, book->ntables + 1, sizeof *rs->columns);
	for (size_t t = 0; t < book->ntables; t++) {
		read_columns(rs, t);
		read_cells(rs, t);
	}
	for (size_t t = 0; t < book->ntables; t++)
		for (size_t r = 0; r < book->tables[t].nrows; r++)
			for (size_t c = 0; c < book->tables[t].ncolumns; c++)
				evaluate_cell(rs, t, r, c);
	for (size_t t = 0; t < book->ntables; t++)
		for (size_t r = 0; r < book->tables[t].nrows; r++)
			for (size_t c = 0; c < book->tables[t].ncolumns; c++)
				fill_cell(rs, t, r, c);
	free(rs->cycles);
	rs->cycles = NULL;
	rs->ncycles = rs->capcycles = 0;
	return diag_count(DIAG_ERROR) > before ? -1 : 0;
}
