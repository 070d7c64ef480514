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

#include "core/arena.h"
#include "core/bitext.h"
#include "core/diag.h"
#include "numbers/span.h"
#include "book/tables.h"

struct numbers;

/*
 * Loads and checks the spec tables of the book in directory root.  approx is
 * book.yaml's approximate tolerance as a fraction (0.02 for 2%).  Returns the
 * model, or NULL when the units could not be loaded at all.  Errors in tables
 * are reported and counted by diag; the model is still returned so that the
 * chapters can be checked in the same run.
 */
struct numbers *numbers_load(struct arena *a, const char *root, double approx);

/* ---- spans in prose (DESIGN §6 "In prose"; span.h) ---- */

/*
 * Evaluates one span: text is what stood between the braces (len bytes, not
 * NUL-terminated), loc the place of its opening brace.  Returns 0 and fills
 * *out, or -1 after reporting (syntax error, unknown name, claim that does
 * not hold, disputed claim that holds…).  Thread-safe for a loaded model.
 */
int numbers_span(const struct numbers *nb, struct arena *a, const char *text,
		 size_t len, struct srcloc loc, struct span *out);

/* ---- plain quantities in prose (render/scan.c) ---- */

/* The unit table the book's numbers are read with. */
const struct units *numbers_units(const struct numbers *nb);

struct quantity;

enum match_result {
	MATCH_NONE,        /* no cell of the quantity's dimension and kind in the rows */
	MATCH_AGREES,      /* a cell agrees: table, row, column say which */
	MATCH_DISAGREES,   /* one cell is meant (the only one, or the only one near)
			      and it disagrees: value and hint say how */
	MATCH_AMBIGUOUS,   /* several cells, none agrees, none stands out: list */
	MATCH_DIMENSION,   /* numbers_match_cell(): the column holds no quantity of
			      q's dimension; value is its unit ("GiB"), or NULL
			      for a column without one */
	MATCH_EMPTY,       /* numbers_match_cell(): the cell holds no figure (empty,
			      a marker, text) */
};

struct numbers_match {
	enum match_result result;
	const char *table, *row, *column;   /* AGREES, DISAGREES: the cell */
	const char *value;   /* DISAGREES: the cell in the quantity's unit ("400 GB/s") */
	const char *hint;    /* DISAGREES: "hint: …" lines, or NULL */
	const char *list;    /* AMBIGUOUS: "h100_sxm.bf16 989.4 TFLOPS, …" (a few) */
	int candidates;      /* cells of its dimension and kind in the rows named */
	int near;            /* of which within a factor 2.5 of it */
};

/*
 * Compares q, a quantity read from prose as STATED (its digits' half-unit
 * in q->v), with the cells of the rows named rows[0..nrows) (row ids, or
 * "row.column" for a cell a span beside q states: that row, without that
 * cell, as a plain figure beside it is another one; ids of no row are
 * passed over) whose column has q's dimension and a kind q
 * may be compared with: none, the same, or one a relation of units.yaml
 * turns into q's (a dense cell against a sparse figure, ×2).  widen (a
 * fraction, 0 for none) widens q as ≈ does, for figures written "about".
 * range: q was written as a range, whose two ends must each agree.  A cell
 * agrees when its value overlaps q's interval.  Returns 0 and fills *out
 * (strings in arena a).  Thread-safe on a loaded model; the work is the
 * named rows' columns, never the whole book.
 */
int numbers_match(const struct numbers *nb, struct arena *a, const struct quantity *q,
		  int range, double widen, const char *const *rows, size_t nrows,
		  struct numbers_match *out);

/*
 * Returns the column of table that the header cell text[0..len) of a pipe
 * table names (spec_column_named(): by id, name or alias, case and
 * punctuation aside, with or without the unit), or NULL.
 */
const struct spec_column *numbers_column_named(const struct numbers *nb, const struct spec_table *table,
				 const char *text, size_t len);

/*
 * Compares q, read from a pipe table's cell as numbers_match() reads prose,
 * with cell row.column alone: the row the table's row names, the column its
 * header names.  Fills *out: AGREES; DISAGREES with the cell's value and
 * hints, the first being "this is row.other" when q agrees with another
 * column of the row (a figure in the wrong column); DIMENSION; EMPTY; or
 * NONE when row or column is not found.  Returns 0.  Thread-safe; the
 * work is the row's columns.
 */
int numbers_match_cell(const struct numbers *nb, struct arena *a, const struct quantity *q,
		       int range, double widen, const char *row, const char *column,
		       struct numbers_match *out);

/* ---- the spec tables, for spec pages and compare blocks (tables.h) ---- */

/* Returns the tables in file-name order; *n gets their count. */
const struct spec_table *numbers_tables(const struct numbers *nb, size_t *n);
/* Returns the sources in file order; *n gets their count. */
const struct spec_source *numbers_sources(const struct numbers *nb, size_t *n);
/* Returns the source with that id (hashed: a chapter may cite thousands),
 * or NULL. */
const struct spec_source *numbers_source(const struct numbers *nb, const char *id);
/* Returns the row with that id in any table (and its table in *table), or NULL. */
const struct spec_row *numbers_row(const struct numbers *nb, const char *id,
				   const struct spec_table **table);

/* ---- drills (study mode: a spec field asked for, practice.html) ---- */

struct numbers_drill {
	const char *shown;          /* the value as the table shows it ("4.8 TB/s") */
	const char *derivation;     /* a derived field's formula with values, or NULL */
	double value;               /* its midpoint in its unit, for comparisons */
	struct span_grade grade;    /* grading a typed answer (span.h) */
};

/*
 * Fills *out for the field at column c of row r of table t (indices into
 * numbers_tables()).  Returns 0, or -1 when the field is no single number
 * with a unit (empty, text, a marker, a range): nothing is reported.
 */
int numbers_drill(const struct numbers *nb, struct arena *a, size_t t, size_t r, size_t c,
		  struct numbers_drill *out);

#endif
