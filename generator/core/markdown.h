/*
 * markdown.h — Markdown as GitHub reads it: cmark-gfm and its extensions.
 *
 * The one place a Markdown text becomes a tree.  cmark-gfm is cmark's API
 * (every cmark_* call works on what this returns) with GitHub's
 * extensions, each attached to every parse: table (pipe tables become
 * CMARK_NODE_TABLE, _TABLE_ROW, _TABLE_CELL), strikethrough (~~x~~),
 * autolink (www. and bare URLs), tagfilter, tasklist (- [ ] / - [x]).
 * Footnotes are parse option CMARK_OPT_FOOTNOTES, given by the caller.
 *
 * Thread safety: cmark-gfm keeps the table of characters that stop a run
 * of text in one static array, which every parse with an inline extension
 * fills at the start of its inline pass and clears at the end (blocks.c,
 * cmark_manage_extensions_special_characters()).  Two parses at once
 * would clear each other's, so markdown_parse() holds a lock around that
 * pass (cmark_parser_finish()); the block pass (feeding) runs unlocked.
 * No other code may call cmark_parse_document() or cmark_parser_finish().
 */
#ifndef SPECBOOK_MARKDOWN_H
#define SPECBOOK_MARKDOWN_H

#include <stddef.h>

#include <cmark-gfm.h>

/* Parses md[0..len) with cmark's options (CMARK_OPT_SOURCEPOS,
 * CMARK_OPT_FOOTNOTES, ...) and every GitHub extension.  The tree is
 * allocated with mem (NULL: cmark's default allocator); the caller frees
 * it with cmark_node_free() (nothing to do for an arena's). */
cmark_node *markdown_parse(const char *md, size_t len, int options, cmark_mem *mem);

/* The node types of the extensions (CMARK_NODE_TABLE etc. are variables
 * cmark-gfm sets when the extensions register): is n's type one of them?
 * Valid for a tree markdown_parse() returned. */
int markdown_is_table(cmark_node *n);
int markdown_is_table_row(cmark_node *n);
int markdown_is_table_cell(cmark_node *n);
int markdown_is_strikethrough(cmark_node *n);

/* A table's columns and the alignment of column i: 0, 'l', 'c' or 'r'. */
unsigned markdown_table_columns(cmark_node *table);
char markdown_table_align(cmark_node *table, unsigned i);

/* Is a row the table's header row? */
int markdown_table_row_is_header(cmark_node *row);

/* A task list item's box: -1 when item is not one, else 1 when checked
 * (- [x]) and 0 when not (- [ ]). */
int markdown_task_checked(cmark_node *item);

#endif
