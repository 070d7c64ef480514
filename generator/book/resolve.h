/*
 * resolve.h — the spec tables as numbers: the symbol table of rows and
 * fields, the value of every cell, derived columns computed.
 *
 * resolve_tables() reads every cell of the loaded tables with the column's
 * unit (literal_parse_value), then computes every `derive:` column row by
 * row.  Derived cells are computed on demand, so a formula may use other
 * derived columns and other rows' fields in any order; a field met again
 * while it is being computed is a cycle, reported once at the first
 * column's derive: ("derivation cycle: a → b → a").  A derived cell whose
 * inputs are missing stays empty (or takes an input's marker, n/a…).
 *
 * The scope (resolve_scope_init) is what expressions see of the tables:
 * `row.field`, `table.row.field`, and a bare `field` of the scope's own row
 * (in a row's checks and a table's rules and derive formulas).  A field's
 * value is what the table shows: the stated value, else the computed one.
 *
 * Once resolve_tables() has returned, the model is read-only and the scope
 * may be used from several threads at once, each with its own context.
 */
#ifndef SPECBOOK_RESOLVE_H
#define SPECBOOK_RESOLVE_H

#include <stddef.h>

#include "core/arena.h"
#include "core/diag.h"
#include "numbers/expr.h"
#include "numbers/literal.h"
#include "numbers/quantity.h"
#include "book/spec.h"
#include "numbers/units.h"

/* A chain of derived fields each needing the next (a → b → c …) longer
 * than this is refused: it bounds the recursion of on-demand evaluation,
 * and no real table chains more than a few. */
#define RESOLVE_MAX_CHAIN 64

enum field_kind {
	FIELD_EMPTY,    /* nothing written, nothing computed */
	FIELD_TEXT,     /* words, in a column without a unit */
	FIELD_MARKER,   /* n/a, unknown, unpublished */
	FIELD_VALUE,    /* a number with its unit */
};

/* One cell as expressions see it. */
struct field {
	enum field_kind kind;
	enum literal_value_kind marker;  /* FIELD_MARKER: which */
	struct quantity q;               /* FIELD_VALUE: the value the table shows */
	int stated;                      /* the row wrote this field */
	int has_computed;                /* a derive: formula gave computed */
	int failed;                      /* it cannot be read or computed, and that was
					    reported: names using it fail quietly */
	struct quantity computed;        /* in the column's unit */
	const char *derivation;          /* the formula with values, for messages */
	unsigned char state;             /* private: on-demand evaluation */
};

/* A column as expressions see it. */
struct resolve_column {
	struct unit unit;       /* the column's unit, when has_unit */
	int has_unit;
	unsigned char kind[KIND_FAMILIES];   /* kind: of the column, per family (units.h) */
	int broken;             /* its unit did not parse: its cells are left as text */
	int failed;             /* its derive: did not parse or reported an error:
				   not computed again (rows would say the same) */
	struct srcloc derive_loc;   /* where the formula's text starts */
};

struct resolve {
	struct arena *arena;
	const struct units *units;
	double approx;
	struct spec_book book;
	struct field **fields;            /* fields[t][r * ncolumns + c] */
	struct resolve_column **columns;  /* columns[t][c] */
	/* private, while resolving */
	struct resolve_frame {
		size_t t, r, c;
	} chain[RESOLVE_MAX_CHAIN];
	size_t depth;
	const char **cycles;              /* cycles reported already */
	size_t ncycles, capcycles;
};

/*
 * Reads the cells of every table of rs->book (loaded by spec_load) and
 * computes the derived columns, filling both rs->fields and the public cells
 * (text, unit, sort_key, derived).  rs->arena, units and approx must be set.
 * Returns 0, or -1 when anything was reported.
 */
int resolve_tables(struct resolve *rs);

/* Returns the field at table t, row r, column c. */
const struct field *resolve_field(const struct resolve *rs, size_t t, size_t r, size_t c);

/* What a scope does when a field it is asked for has no value. */
enum resolve_missing {
	RESOLVE_REPORT,    /* report it ("'fp4' has no value in row 'x'") */
	RESOLVE_SKIP,      /* note it in ctx->missing, report nothing (rules) */
};

/* The context behind one scope: one per evaluation, on the caller's stack. */
struct resolve_scope {
	const struct resolve *rs;
	long table, row;             /* bare names are this row's fields; -1: none */
	enum resolve_missing on_missing;
	int missing;                 /* set when a field had no value */
	enum literal_value_kind marker;   /* the first such field's marker, or LITERAL_VALUE */
	int upstream;                /* private: a derived input failed (already reported) */
	size_t lookups;              /* how many names were asked for */
	int unknown;                 /* a name that is neither a field nor a unit was asked for */
	struct arena *arena;         /* for suggestions */
	const char *text;            /* the text evaluated, to place messages about names */
	size_t len;
	struct srcloc loc;           /* where text[0] stands */
	struct resolve *resolving;   /* private: set while resolve_tables() runs */
};

/*
 * Makes scope look names up through ctx, which the caller has filled in
 * (rs, table, row, on_missing, arena, text, len, loc; the rest zero).
 */
void resolve_scope_init(struct resolve_scope *ctx, struct expr_scope *scope);

/* Returns the text a marker shows: "—" n/a, "?" unknown, "✓" unpublished. */
const char *resolve_marker_text(enum literal_value_kind marker);
/* Returns the marker as written: "n/a", "unknown", "unpublished". */
const char *resolve_marker_name(enum literal_value_kind marker);

#endif
