/*
 * markdown.c — cmark-gfm with GitHub's extensions attached (markdown.h):
 * the extensions registered once, each parse's inline pass under one lock.
 */
#include "core/markdown.h"

#include <cmark-gfm-core-extensions.h>
#include <pthread.h>

/* cmark-gfm's extensions set these when they register (extensions/table.h
 * and strikethrough.h, which Debian does not install). */
extern cmark_node_type CMARK_NODE_TABLE, CMARK_NODE_TABLE_ROW, CMARK_NODE_TABLE_CELL,
	CMARK_NODE_STRIKETHROUGH;

static const char *const extension_names[] = {
	"table", "strikethrough", "autolink", "tagfilter", "tasklist",
};
#define NEXTENSIONS (sizeof extension_names / sizeof *extension_names)

static pthread_once_t registered = PTHREAD_ONCE_INIT;
static cmark_syntax_extension *extensions[NEXTENSIONS];
static cmark_syntax_extension *tasklist;
/* held around every inline pass: see markdown.h, "Thread safety" */
static pthread_mutex_t inline_pass = PTHREAD_MUTEX_INITIALIZER;

static void register_extensions(void)
{
	cmark_gfm_core_extensions_ensure_registered();
	for (size_t i = 0; i < NEXTENSIONS; i++)
		extensions[i] = cmark_find_syntax_extension(extension_names[i]);
	tasklist = cmark_find_syntax_extension("tasklist");
}

cmark_node *markdown_parse(const char *md, size_t len, int options, cmark_mem *mem)
{
	pthread_once(&registered, register_extensions);
	cmark_parser *parser = mem ? cmark_parser_new_with_mem(options, mem) : cmark_parser_new(options);
	for (size_t i = 0; i < NEXTENSIONS; i++)
		if (extensions[i])
			cmark_parser_attach_syntax_extension(parser, extensions[i]);
	cmark_parser_feed(parser, md, len);
	pthread_mutex_lock(&inline_pass);
	cmark_node *doc = cmark_parser_finish(parser);
	pthread_mutex_unlock(&inline_pass);
	cmark_parser_free(parser);
	return doc;
}

int markdown_is_table(cmark_node *n)
{
	return cmark_node_get_type(n) == CMARK_NODE_TABLE;
}

int markdown_is_table_row(cmark_node *n)
{
	return cmark_node_get_type(n) == CMARK_NODE_TABLE_ROW;
}

int markdown_is_table_cell(cmark_node *n)
{
	return cmark_node_get_type(n) == CMARK_NODE_TABLE_CELL;
}

int markdown_is_strikethrough(cmark_node *n)
{
	return cmark_node_get_type(n) == CMARK_NODE_STRIKETHROUGH;
}

unsigned markdown_table_columns(cmark_node *table)
{
	return cmark_gfm_extensions_get_table_columns(table);
}

char markdown_table_align(cmark_node *table, unsigned i)
{
	const uint8_t *a = cmark_gfm_extensions_get_table_alignments(table);
	if (!a || i >= cmark_gfm_extensions_get_table_columns(table))
		return 0;
	return (char)a[i];
}

int markdown_table_row_is_header(cmark_node *row)
{
	return cmark_gfm_extensions_get_table_row_is_header(row);
}

int markdown_task_checked(cmark_node *item)
{
	if (!tasklist || cmark_node_get_syntax_extension(item) != tasklist)
		return -1;
	return cmark_gfm_extensions_get_tasklist_item_checked(item) ? 1 : 0;
}
