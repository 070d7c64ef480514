/*
 * audit.h — `specbook audit`: the numbers of any Markdown book checked
 * against each other and against reference data, with no YAML written.
 *
 * The audit does not read files.  Its caller (the Markdown reader, or a
 * test) hands it the book as it was written: each pipe table as a header
 * and rows of cells (plain text: link text, not URL; markup gone), each
 * block of prose as its source text, all with their places.  audit_run()
 * then
 *   - reads each table as an implicit spec table: a key column (the first
 *     whose values are unique), columns with a unit and kinds from their
 *     headers, cells as quantities;
 *   - mines each table's row ratios for every pair of numeric columns and
 *     reports the rows off a cluster (table.c, mine.c);
 *   - holds the same row and column of two tables, and a figure of prose
 *     tied to a row and a column, against each other (cross.c, prose.c);
 *   - judges the comparisons prose states (`2.46×`, `3 倍`, `50% faster`,
 *     `提升 50%`) on the two figures they compare (prose.c);
 *   - holds rows that name a known part (H100, MI300X, TPU v5p…) against
 *     the reference tables built into the binary (reference.c), when asked.
 * Findings go through core/diag.h with both places (the figure's, and the
 * evidence's in the detail) and what to write instead.  Severity follows
 * the evidence: the book against itself is an error, a table's outlier a
 * warning, reference data a warning naming its source, a reference row
 * whose own figure is odd a note.
 *
 * Memory: everything lives in the arena given to audit_new(); the texts
 * handed in must outlive audit_run() (they are not copied).  One audit is
 * used by one thread.
 */
#ifndef SPECBOOK_AUDIT_H
#define SPECBOOK_AUDIT_H

#include <stddef.h>

#include "core/arena.h"
#include "core/diag.h"
#include "numbers/units.h"
#include "audit/input.h"

/*
 * Returns a new audit.  units reads the quantities; reference (NULL: none)
 * is what known parts are held against (audit_reference_builtin()).
 * approx (0.02) is how far a figure written "about" may be.
 */
struct audit *audit_new(struct arena *a, const struct units *units,
			const struct audit_reference *reference, double approx);

/*
 * Adds a pipe table: header[0..ncols) and rows × ncols body cells, row
 * major (a short row is padded by its caller with empty cells).  section
 * is the heading the table stands under, or NULL.
 */
void audit_add_table(struct audit *au, const struct audit_text *header, size_t ncols,
		     const struct audit_text *cells, size_t rows, const char *section);

/*
 * Adds a block of prose (a paragraph, a list item's paragraph, a heading,
 * a table's caption) as its Markdown source: text may span lines (its
 * lines are the source's lines from loc.line on; loc.col is where the
 * first starts).  section is the heading it stands under, or NULL.
 */
void audit_add_prose(struct audit *au, struct audit_text text, const char *section);

/* Runs every check on what was added, reports the findings through diag,
 * and fills *out (may be NULL). */
void audit_run(struct audit *au, struct audit_summary *out);

#endif
