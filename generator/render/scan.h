/*
 * scan.h — plain quantities in prose, held against the spec rows their
 * sentence names (DESIGN §11; issue 15).
 *
 * A number with a unit written as plain text ("H800 只有约 400 GB/s") is
 * checked although it is in no span.  While a prose block renders, every
 * such quantity in its text (not in a span, code, a link target, a heading
 * or an attribute) is read as a literal and found to be
 *   matched       its sentence names a spec row (by name, alias, spec: link
 *                 or a span's row.field), or the sentence at the same place
 *                 in the paired block of the other language does, and a cell
 *                 of that row of the quantity's dimension and kind agrees
 *                 within the precision its digits imply (widened by the
 *                 book's approx after 约, about, ~…): it links to the row;
 *                 or a span of its section states or computes with the
 *                 same figure, which binds the two;
 *   contradicted  the one cell meant disagrees: an error at its line:col
 *                 with the cell's value and the slips that explain the gap;
 *   unchecked     no row named, or several cells and none that agrees:
 *                 counted, listed (specbook check --unchecked) and warned
 *                 about as book.yaml's `unchecked:` says.
 * Figures without a dimension are read too (issue 39): a percentage (17%),
 * a ratio (2.6×, 2.6 倍, 3x; a × with blanks round it is a product) and a
 * count with a magnitude word (4 million, 100 万亿; not 70B, a model's
 * name), held against the same rows (counts against unitless columns) and
 * bound by the same figure in a span of the section.
 * An example written {?1 GB} (or a quotation, {?17%}) is shown as written
 * and counted as unchecked, with no diagnostic.  A pipe table's row is a sentence; a cell under a
 * header that names a spec column is held against that one cell of the
 * row (scan_table_begin()), a bare number in it read in the header's unit.
 *
 * scan_block_begin() marks a block (or a Chinese block and its English
 * pair); when its first quantity is met, its text is walked once for the
 * rows each sentence names, and the render meets the same sentences in the
 * same order (a sentence
 * ends at 。！？, at . ! ? before a space, and where a paragraph starts).
 * Everything is linear in the text: quantities are found by their digits,
 * units by the unit table's own lookup, rows by the auto-linker's hash, and
 * only the cells of the rows a sentence names are compared.
 */
#ifndef SPECBOOK_SCAN_H
#define SPECBOOK_SCAN_H

#include <stddef.h>

#include <cmark-gfm.h>

#include "render/chapter.h"
#include "render/pipe.h"
#include "numbers/literal.h"

/* Before the chapter renders (doc is cmark's tree): the figures each
 * section's spans state or compute with. */
void scan_chapter_begin(struct ctx *c, cmark_node *doc);
/* A heading renders: a new section. */
void scan_heading(struct ctx *c);

/* Starts a prose block: block (paragraph or list), with pair its
 * translation (a blockquote or a block) or NULL.  Returns 1 when it began
 * one, 0 when a block is already being scanned (a block inside a block:
 * it is part of that one) or there is nothing to check against; pass the
 * result to scan_block_end(). */
int scan_block_begin(struct ctx *c, cmark_node *block, cmark_node *pair);
/* Which side of a pair renders now: 0 the block, 1 its translation. */
void scan_side(struct ctx *c, int side);
void scan_block_end(struct ctx *c, int began);
/* A paragraph of the block starts rendering (a new sentence, and where its
 * quantities are looked for in the source). */
void scan_paragraph(struct ctx *c, cmark_node *para);

/* A sentence of the paragraph starts without punctuation: a row of a pipe
 * table (render.c), which the block's walk counts as one too. */
void scan_sentence(struct ctx *c);

/* A pipe table renders (render.c): head is its header row as written, cells
 * its header cells in it (both kept until scan_table_end()).  Before each
 * cell, scan_table_cell() says under which header cell (0, 1, …) it
 * stands, and where it starts (body line, byte offset in that line as
 * cmark read it): its quantities are looked for from there, on that line.  A quantity in a cell whose header names a column of the spec
 * table of the row its row names (numbers_column_named()) is held against
 * that one cell: matched, contradicted (naming the column it is, when it
 * is another's), or an error when the column holds no quantity of its
 * dimension; under any other header, as in prose. */
void scan_table_begin(struct ctx *c, const char *head, const struct pipe_cell *cells, size_t ncols);
void scan_table_cell(struct ctx *c, long column, int line, size_t off);
void scan_table_end(struct ctx *c);

/* Returns 1 if the text rendered now is scanned. */
int scan_on(const struct ctx *c);

struct scan_found {
	size_t start, len;     /* in the text given to scan_next() */
	struct literal lit;
	double widen;          /* the book's approx after 约, about, ~…; else 0 */
};

/*
 * Returns where the next quantity with a unit starts in plain text
 * s[from..len) and fills *f, or len when there is none; sentence ends
 * before it are counted.
 */
size_t scan_next(struct ctx *c, const char *s, size_t len, size_t from, struct scan_found *f);

/*
 * Classifies the quantity f found in s and reports it (see above).  Returns
 * 1 and sets *table and *row when it is matched (the caller links it).
 */
int scan_judge(struct ctx *c, const char *s, const struct scan_found *f, const char **table,
	       const char **row);

/* Counts an example span {?…} written at loc as text; returns 0, or -1
 * after reporting one that is not a single quantity. */
int scan_example(struct ctx *c, const char *text, size_t len, struct srcloc loc);

/* Frees the scan's state at the end of a chapter. */
void scan_free(struct ctx *c);

#endif
