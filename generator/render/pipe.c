/*
 * pipe.c — pipe tables (see pipe.h): where a table is, its rows split at
 * their pipes, its alignment row read.
 *
 * A row is split at the pipes that are not escaped (\| is a pipe in the
 * cell, code spans too, as on GitHub).  Lines are read from the text
 * cmark parsed, by the positions its nodes carry: a table in a list item
 * or a blockquote loses the container's prefix first.
 */
#include "render/pipe.h"
#include "core/alloc.h"
#include "core/markdown.h"

#include <stdlib.h>
#include <string.h>

static int is_space(char ch)
{
	return ch == ' ' || ch == '\t' || ch == '\r';
}

const char *pipe_row_text(const char *text, const size_t *lines, int l, size_t prefix, size_t *len)
{
	const char *s = text + lines[l - 1];
	size_t n = strcspn(s, "\n");
	size_t skip = 0;
	while (skip < prefix && skip < n && (is_space(s[skip]) || s[skip] == '>'))
		skip++;
	s += skip;
	n -= skip;
	while (n && is_space(*s))
		s++, n--;
	while (n && is_space(s[n - 1]))
		n--;
	*len = n;
	return s;
}

/* Splits a row s[0..len) at its unescaped pipes into *cells (offsets in s,
 * blanks trimmed); a pipe at either end only closes the row.  Returns the
 * number of cells, or 0 when the row holds no unescaped pipe. */
size_t pipe_split_row(const char *s, size_t len, struct pipe_cell **cells, size_t *cap)
{
	size_t n = 0, start = 0, pipes = 0;
	if (len && s[0] == '|') {
		start = 1;
		pipes++;
	}
	size_t end = len;
	if (end > start && s[end - 1] == '|' && !(end >= 2 && s[end - 2] == '\\')) {
		end--;
		pipes++;
	}
	size_t from = start;
	for (size_t i = start; i <= end; i++) {
		if (i < end && s[i] == '\\' && i + 1 < end) {
			i++;
			continue;
		}
		if (i < end && s[i] != '|')
			continue;
		if (i < end)
			pipes++;
		size_t a = from, b = i;
		while (a < b && is_space(s[a]))
			a++;
		while (b > a && is_space(s[b - 1]))
			b--;
		struct pipe_cell *ct = ARRAY_PUSH(*cells, n, *cap);
		ct->from = a;
		ct->len = b - a;
		from = i + 1;
	}
	return pipes ? n : 0;
}

/* The alignment a delimiter cell asks for ("left", "center", "right" or
 * NULL for none); *ok is cleared when the cell is not one (:?-+:?). */
const char *pipe_cell_align(const char *s, size_t len, int *ok)
{
	size_t i = 0;
	int left = len && s[0] == ':', right = len > 1 && s[len - 1] == ':';
	i = (size_t)left;
	size_t end = len - (size_t)right, dashes = 0;
	for (; i < end; i++) {
		if (s[i] != '-') {
			*ok = 0;
			return NULL;
		}
		dashes++;
	}
	if (!dashes)
		*ok = 0;
	return left && right ? "center" : right ? "right" : left ? "left" : NULL;
}

int pipe_table_header_line(cmark_node *table)
{
	cmark_node *head = cmark_node_first_child(table);
	cmark_node *body = head ? cmark_node_next(head) : NULL;
	return body ? cmark_node_get_start_line(body) - 2 : cmark_node_get_end_line(table) - 1;
}

size_t pipe_table_head(cmark_node *p, const char *text, const size_t *lines, size_t nlines,
		       struct pipe_cell **head, size_t *caphead, const char **align)
{
	if (!markdown_is_table(p))
		return 0;
	int first = pipe_table_header_line(p), last = cmark_node_get_end_line(p);
	if (first < 1 || last <= first || (size_t)last > nlines || !text)
		return 0;
	size_t prefix = (size_t)(cmark_node_get_start_column(p) > 1 ? cmark_node_get_start_column(p) - 1 : 0);
	struct pipe_cell *cells = NULL;
	size_t capcells = 0, hlen, dlen;
	const char *hs = pipe_row_text(text, lines, first, prefix, &hlen);
	const char *ds = pipe_row_text(text, lines, first + 1, prefix, &dlen);
	size_t ncols = pipe_split_row(hs, hlen, head, caphead);
	size_t ndelim = pipe_split_row(ds, dlen, &cells, &capcells);
	int ok = ncols > 0 && ndelim == ncols;
	for (size_t j = 0; ok && j < ncols; j++) {
		const char *a = pipe_cell_align(ds + cells[j].from, cells[j].len, &ok);
		if (align)
			align[j] = a;
	}
	free(cells);
	return ok ? ncols : 0;
}

size_t pipe_table_columns(cmark_node *p, const char *text, const size_t *lines, size_t nlines)
{
	struct pipe_cell *head = NULL;
	size_t cap = 0, ncols = pipe_table_head(p, text, lines, nlines, &head, &cap, NULL);
	free(head);
	return ncols;
}
