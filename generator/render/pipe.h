/*
 * pipe.h — GitHub's pipe tables: cmark-gfm's table nodes (core/markdown.h)
 * read by their source lines.  The renderer (render.c renders them, scan.c
 * reads their quantities) and `specbook lift` (lift.c) split their rows
 * here, so that all three see the same tables.
 */
#ifndef SPECBOOK_PIPE_H
#define SPECBOOK_PIPE_H

#include <stddef.h>

#include <cmark-gfm.h>

/* A cell of a row: the bytes s[from..from+len) of its row, blanks trimmed,
 * \| kept. */
struct pipe_cell { size_t from, len; };

/* Splits a row s[0..len) at its unescaped pipes into *cells (grown with
 * ARRAY_PUSH; a pipe at either end only closes the row).  Returns the
 * number of cells, or 0 when the row holds no unescaped pipe. */
size_t pipe_split_row(const char *s, size_t len, struct pipe_cell **cells, size_t *cap);

/* The alignment a delimiter cell asks for ("left", "center", "right" or
 * NULL for none); *ok is cleared when the cell is not one (:?-+:?). */
const char *pipe_cell_align(const char *s, size_t len, int *ok);

/* The text of line l (1-based) of text, whose lines start at the offsets
 * lines[0], lines[1]…, without the container's prefix (the first prefix
 * bytes, when they are blanks or '>') and its blanks at either end. */
const char *pipe_row_text(const char *text, const size_t *lines, int l, size_t prefix, size_t *len);

/* Reads the header and alignment rows of table p, a node of cmark's
 * tree of text (nlines lines, starting at the offsets lines[]; text may be
 * NULL: no table): returns the number of columns, their header cells in
 * *head (grown with ARRAY_PUSH) and, when align is not NULL, their
 * alignments in align[0..columns), or 0 when p is not a pipe table. */
size_t pipe_table_head(cmark_node *p, const char *text, const size_t *lines, size_t nlines,
		       struct pipe_cell **head, size_t *caphead, const char **align);

/* The line of table p's header row.  cmark-gfm gives a table that
 * follows a paragraph line that paragraph's line as its first: the rows
 * are each one line, the header two lines above the first body row. */
int pipe_table_header_line(cmark_node *table);

/* Returns the number of columns of p when it is a pipe table
 * (pipe_table_head()), or 0. */
size_t pipe_table_columns(cmark_node *p, const char *text, const size_t *lines, size_t nlines);

#endif
