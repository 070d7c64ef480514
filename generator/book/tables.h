/*
 * tables.h — the spec tables as the pipeline sees them (DESIGN §5): rows of
 * cells, formatted in each column's unit, with where each was written.
 * Types only; spec.c and resolve.c fill them, the site's pages show them.
 */
#ifndef SPECBOOK_TABLES_H
#define SPECBOOK_TABLES_H

#include <stddef.h>

#include "core/bitext.h"
#include "core/diag.h"

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
	const char **aliases;    /* other names a pipe table's header may give it */
	size_t naliases;
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

/* A row a table's rule does not hold for, and why (the spec page says it). */
struct spec_exception {
	size_t row;
	struct bitext reason;
};

/* A claim every row with the fields it names must satisfy (`fp8 = 2 × bf16`). */
struct spec_rule {
	const char *text;
	struct spec_exception *except;
	size_t nexcept;
};

struct spec_table {
	const char *id;
	struct bitext title;
	const char *file;         /* "specs/accelerators.yaml" */
	struct spec_column *columns;
	size_t ncolumns;
	struct spec_row *rows;    /* in file order */
	size_t nrows;
	struct spec_rule *rules;  /* in file order */
	size_t nrules;
};

struct spec_source {
	const char *id, *title, *url, *date;
	const char *publisher;    /* or NULL */
};

#endif
