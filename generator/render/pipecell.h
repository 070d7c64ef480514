/*
 * pipecell.h — a cell of a pipe table's row: the type render.c splits rows
 * into (pipe_split_row(), render.h) and scan.c reads a table's header by,
 * in a header of its own so that the scan need not include the renderer.
 */
#ifndef SPECBOOK_PIPECELL_H
#define SPECBOOK_PIPECELL_H

#include <stddef.h>

/* The bytes s[from..from+len) of its row, blanks trimmed, \| kept. */
struct pipe_cell { size_t from, len; };

#endif
