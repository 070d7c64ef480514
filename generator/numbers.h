/*
 * numbers.h — the numbers core as the rest of the pipeline sees it.
 *
 * numbers_load() reads specs/units.yaml, specs/sources.yaml and every spec
 * table specs/<table>.yaml of a book, resolves derived columns in dependency order
 * and checks stated derived values, row checks and table rules (DESIGN §5–6),
 * reporting every problem through diag.  The result is read-only: render
 * threads call numbers_span() on it concurrently, each with its own arena.
 *
 * Memory: everything returned lives in the arena passed to the call that
 * returned it.
 */
#ifndef SPECBOOK_NUMBERS_H
#define SPECBOOK_NUMBERS_H

#include <stddef.h>

#include "arena.h"
#include "bitext.h"
#include "diag.h"

struct numbers;

/*
 * Loads and checks the spec tables of the book in directory root.  approx is
 * book.yaml's approximate tolerance as a fraction (0.02 for 2%).  Returns the
 * model, or NULL when the units could not be loaded at all.  Errors in tables
 * are reported and counted by diag; the model is still returned so that the
 * chapters can be checked in the same run.
 */
struct numbers *numbers_load(struct arena *a, const char *root, double approx);

/* ---- spans in prose (DESIGN §6 "In prose") ---- */

enum span_kind { SPAN_VALUE, SPAN_CLAIM };

/* A run of the text a span shows.  When row is set the run is a spec value
 * and links to /specs/<table>.html#<row>. */
struct span_piece {
	const char *text;
	const char *table;
	const char *row;
};

struct span {
	enum span_kind kind;
	int disputed;              /* written {!…}: checked NOT to hold */
	struct span_piece *pieces; /* what the reader sees, in order */
	size_t npieces;
	const char *relation;      /* claims: "=", "≈", "<", ">", "≤", "≥" */
	const char *stated;        /* claims: the stated side as written ("182 TB") */
	const char *derivation;    /* claims: the derivation, references replaced by values */
	const char *computed;      /* the computed value, formatted ("200 TB", "149.5–200.5 L/min") */
	const char *correction;    /* disputed: what it should say ("200 TB (181.9 TiB)") */
};

/*
 * Evaluates one span: text is what stood between the braces (len bytes, not
 * NUL-terminated), loc the place of its opening brace.  Returns 0 and fills
 * *out, or -1 after reporting (syntax error, unknown name, claim that does
 * not hold, disputed claim that holds…).  Thread-safe for a loaded model.
 */
int numbers_span(const struct numbers *nb, struct arena *a, const char *text,
		 size_t len, struct srcloc loc, struct span *out);

/* ---- the spec tables, for spec pages and compare blocks ---- */

/* CELL_TEXT: words in a column without a unit ("NVIDIA", "HBM3e"): shown as
 * written, never sorted or charted as a number (its sort_key is 0). */
enum spec_cell_kind { CELL_EMPTY, CELL_VALUE, CELL_MARKER, CELL_TEXT };

struct spec_cell {
	enum spec_cell_kind kind;
	const char *text;        /* formatted in the column's unit, without the unit
				    ("3.35", "120–132"); markers: "—" n/a, "?" unknown,
				    "✓" unpublished; NULL when empty */
	const char *unit;        /* set when the value carries a unit other than the column's */
	double sort_key;         /* midpoint in the column's unit, for sorting and charts */
	int derived;             /* computed by the column's derive: formula */
	struct srcloc loc;
};

struct spec_column {
	const char *id;
	struct bitext name;
	const char *unit;        /* NULL: no unit (text or plain number) */
	const char *derive;      /* the formula as written, or NULL */
};

struct spec_row {
	const char *id;
	const char *name;         /* display name */
	const char **aliases;
	size_t naliases;
	const char **sources;     /* ids into numbers_sources() */
	size_t nsources;
	struct spec_cell *cells;  /* one per column of the table */
	struct srcloc loc;
};

struct spec_table {
	const char *id;
	struct bitext title;
	const char *file;         /* "specs/accelerators.yaml" */
	struct spec_column *columns;
	size_t ncolumns;
	struct spec_row *rows;    /* in file order */
	size_t nrows;
};

struct spec_source {
	const char *id, *title, *url, *date;
};

/* Returns the tables in file-name order; *n gets their count. */
const struct spec_table *numbers_tables(const struct numbers *nb, size_t *n);
/* Returns the sources in file order; *n gets their count. */
const struct spec_source *numbers_sources(const struct numbers *nb, size_t *n);
/* Returns the row with that id in any table (and its table in *table), or NULL. */
const struct spec_row *numbers_row(const struct numbers *nb, const char *id,
				   const struct spec_table **table);

#endif
