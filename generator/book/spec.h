/*
 * spec.h — the spec tables as written (DESIGN §5), before any number in them
 * is understood.
 *
 * spec_load() reads specs/sources.yaml and every other specs/<table>.yaml except
 * units.yaml (which holds units, not rows) into the tables of numbers.h, and
 * checks their shape: the keys a table, a column, a row and a source may
 * have, the types of their values, the form and uniqueness of ids (row ids
 * across all tables), columns and sources that rows name.  Every problem is
 * reported at the line:col of the YAML node at fault; what is well formed is
 * kept, so that one bad row does not hide the rest of the book.
 *
 * Cell texts, units and derived values are filled in later by resolve.c;
 * here a cell only remembers the YAML scalar it was written as.
 *
 * Memory: everything lives in the arena given to spec_load().  The book is
 * read-only once loaded; the find functions are safe from any thread.
 */
#ifndef SPECBOOK_SPEC_H
#define SPECBOOK_SPEC_H

#include <stddef.h>

#include "core/arena.h"
#include "book/tables.h"
#include "core/yamltree.h"

/* Where a column of a table was written. */
struct spec_column_src {
	const struct ynode *key;      /* the column id */
	const struct ynode *unit;     /* unit:, or NULL */
	const struct ynode *derive;   /* derive:, or NULL */
	const struct ynode *kind;     /* kind: (one kind word, or several with commas), or NULL */
	const struct ynode *aliases;  /* aliases: (a list), or NULL */
};

/* Where a row of a table was written. */
struct spec_row_src {
	const struct ynode *key;      /* the row id */
	const struct ynode **values;  /* one per column: the scalar written, or NULL */
	const struct ynode *checks;   /* a list of claim scalars, or NULL */
};

/* Where a rule was written: its claim, and the row id of each exception. */
struct spec_rule_src {
	const struct ynode *text;
	const struct ynode **except;  /* parallel to spec_rule.except */
};

/* What the YAML of one table said beyond numbers.h's struct spec_table. */
struct spec_table_src {
	struct spec_rule_src *rules;  /* parallel to spec_table.rules */
	struct spec_column_src *columns;   /* parallel to spec_table.columns */
	struct spec_row_src *rows;         /* parallel to spec_table.rows */
	size_t *column_order;         /* column indices sorted by id, for binary search */
};

struct spec_index;   /* a hash of ids, private to spec.c */

struct spec_book {
	struct spec_table *tables;    /* in file-name order */
	struct spec_table_src *src;   /* parallel to tables */
	size_t ntables;
	struct spec_source *sources;  /* in file order */
	size_t nsources;
	struct spec_index *index;     /* row ids */
	struct spec_index *source_index;
};

/* A row identified by position: tables[table].rows[row]. */
struct spec_ref {
	size_t table, row;
};

/*
 * Loads the spec tables of the book in directory root into *book (which it
 * initialises).  Returns 0, or -1 when anything was reported; the book then
 * holds everything that was well formed.
 */
int spec_load(struct arena *a, const char *root, struct spec_book *book);

/* Returns 1 and sets *ref when a row of any table has the id id[0..len), else 0. */
int spec_row_find(const struct spec_book *book, const char *id, size_t len,
		  struct spec_ref *ref);

/* Returns the index of the table with id id[0..len), or -1. */
long spec_table_find(const struct spec_book *book, const char *id, size_t len);

/* Returns the index of column id[0..len) of table t, or -1.  O(log columns). */
long spec_column_find(const struct spec_book *book, size_t t, const char *id, size_t len);

/*
 * Returns the index of the column of table t that a pipe table's header cell
 * text[0..len) (Markdown as written) names, or -1 when it names none or
 * several.  A header names a column by its id, its zh or en name or an
 * alias, compared without case, spaces, punctuation, Markdown's marks and
 * tags: "BF16 dense", "bf16", "BF16 稠密算力".  The name before its
 * parenthesis ("FP64" for "FP64 (vector)"), and a name followed by the
 * column's unit ("BF16 TFLOPS", "Memory (GiB)") name it too, when no other
 * column is named by its whole name.  O(columns × name length).
 */
#define SPEC_HEADER_MAX_LEN 256   /* a longer header is a sentence, not a column's name */
long spec_column_named(const struct spec_book *book, size_t t, const char *text, size_t len);

/* Returns the index of the source id, or -1. */
long spec_source_find(const struct spec_book *book, const char *id, size_t len);

/* Returns where the text of a scalar starts: after the quote of a quoted one
 * (what literal, unit and expression parsers take as the place of text[0]). */
struct srcloc spec_text_loc(const struct ynode *node);

/* Returns 1 if s[0..len) is a valid row, table or column id: [a-z][a-z0-9_]*. */
int spec_id_valid(const char *s, size_t len);

/*
 * "Did you mean": feed candidates to a spec_suggest, then ask for the best.
 * spec_suggest_best() returns the closest candidate when it is close enough
 * to be a slip (edit distance 1 for short words, up to 3 for long ones), or
 * NULL.  The candidate strings must outlive the struct.
 */
#define SPEC_SUGGEST_MAX_LEN 64   /* longer words get no suggestion (bounds the work) */

struct spec_suggest {
	const char *word;
	const char *best;
	size_t distance;
};

void spec_suggest_init(struct spec_suggest *sg, const char *word);
void spec_suggest_add(struct spec_suggest *sg, const char *candidate);
const char *spec_suggest_best(const struct spec_suggest *sg);

#endif
