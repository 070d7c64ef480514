/*
 * lift.c — `specbook lift FILE:LINE`: a chapter's pipe table as data.
 *
 * cmark parses the chapter (its front matter blanked, so that lines keep
 * their numbers); the paragraph holding LINE must be a pipe table as
 * render.c reads one (a header row, an alignment row of as many cells).
 * The table's id and title come from the nearest heading above it (both
 * titles when it is "中文 (English)", the id from the English), else from
 * the file's name; the header's cells after the first are the columns,
 * each body row a row keyed by its first cell.  A column's names come from
 * the header as headings give theirs, and from the header of the same
 * table in the other language when the pair convention holds it (a
 * Chinese table, then its English translation in a blockquote).  A column
 * gets a unit when every one of its cells that is not empty or a marker
 * (n/a, unknown, unpublished) is a number written with the same unit, one
 * units.yaml knows, or, over bare numbers, the unit its header writes in
 * parentheses ("显存（GB）").  Values are
 * written as the cells hold them: the book's check then reads them as it
 * reads any spec value.  Nothing is guessed beyond that; ids are made safe
 * ([a-z][a-z0-9_]*) and unique within the table.
 */
#include "lift.h"
#include "core/alloc.h"
#include "core/arena.h"
#include "core/buffer.h"
#include "core/builtin.h"
#include "core/diag.h"
#include "core/files.h"
#include "core/markdown.h"
#include "numbers/literal.h"
#include "numbers/units.h"
#include "render/pipe.h"

#include <cmark-gfm.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct lift {
	struct arena *a;
	const char *file;
	const char *text;
	size_t *lines;          /* byte offset of each line's start */
	size_t nlines;
};

static int is_blank(char ch)
{
	return ch == ' ' || ch == '\t' || ch == '\r';
}

/* Line l (1-based) without the container's prefix of up to prefix blanks
 * or '>' and its blanks at either end (as the renderer reads it). */
static const char *line_text(const struct lift *L, int l, size_t prefix, size_t *len)
{
	return pipe_row_text(L->text, L->lines, l, prefix, len);
}

/* Is paragraph p a pipe table, as the renderer finds them?  Returns its
 * number of columns, or 0. */
static size_t table_columns(const struct lift *L, cmark_node *p)
{
	return pipe_table_columns(p, L->text, L->lines, L->nlines);
}

/* A safe id ([a-z][a-z0-9_]*) from text: letters lowered, every other run
 * of characters one '_'; lead (a letter) goes first when the id would
 * start with a digit.  NULL when text holds no letter or digit. */
static char *safe_id(struct arena *a, const char *text, size_t len, char lead)
{
	struct buf b = BUF_INIT;
	int gap = 0;
	for (size_t i = 0; i < len && b.len < 48; i++) {
		char ch = text[i];
		if (ch >= 'A' && ch <= 'Z')
			ch = (char)(ch - 'A' + 'a');
		if ((ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9')) {
			if (!b.len && ch <= '9') {
				buf_addch(&b, lead);
				buf_addch(&b, '_');
			} else if (gap && b.len)
				buf_addch(&b, '_');
			buf_addch(&b, ch);
			gap = 0;
		} else
			gap = 1;
	}
	char *id = b.len ? arena_printf(a, "%.*s", (int)b.len, b.data) : NULL;
	buf_release(&b);
	return id;
}

/* id, or id_2, id_3… when an earlier one (of used[0..n)) or a reserved
 * word has it. */
static char *unique_id(struct arena *a, char *id, char **used, size_t n, const char *const *reserved)
{
	char *try = id;
	for (int k = 2;; k++) {
		int taken = 0;
		for (size_t i = 0; i < n && !taken; i++)
			taken = !strcmp(used[i], try);
		for (size_t i = 0; reserved && reserved[i] && !taken; i++)
			taken = !strcmp(reserved[i], try);
		if (!taken)
			return try;
		try = arena_printf(a, "%s_%d", id, k);
	}
}

/* A cell's text with \| as |. */
static char *cell_text(struct arena *a, const char *s, size_t len)
{
	char *t = arena_alloc(a, len + 1);
	size_t n = 0;
	for (size_t i = 0; i < len; i++) {
		if (s[i] == '\\' && i + 1 < len && s[i + 1] == '|')
			i++;
		t[n++] = s[i];
	}
	t[n] = '\0';
	return t;
}

static void yaml_string(struct buf *b, const char *s)
{
	buf_addch(b, '"');
	for (; *s; s++) {
		if (*s == '"' || *s == '\\')
			buf_addch(b, '\\');
		buf_addch(b, *s == '\t' ? ' ' : *s);
	}
	buf_addch(b, '"');
}

/* A plain decimal number (-12.5), which YAML reads as the number it is. */
static int plain_number(const char *s)
{
	size_t i = s[0] == '-', digits = 0, dots = 0;
	for (; s[i]; i++) {
		if (s[i] >= '0' && s[i] <= '9')
			digits++;
		else if (s[i] == '.' && !dots++)
			continue;
		else
			return 0;
	}
	return digits > 0 && s[i - 1] != '.' && !(s[s[0] == '-'] == '0' && digits > 1 && s[1 + (s[0] == '-')] != '.');
}

static int is_marker(const char *s)
{
	return !strcmp(s, "n/a") || !strcmp(s, "unknown") || !strcmp(s, "unpublished");
}

/* Does s[0..n) hold a character of a CJK script (a byte past ASCII that
 * is not Latin-1: the pair convention's test, in short)? */
static int has_cjk(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if ((unsigned char)s[i] >= 0xE3 && (unsigned char)s[i] <= 0xED)
			return 1;   /* U+3000–U+DFFF: CJK punctuation, kana, Han, hangul */
	return 0;
}

/* Splits a name s[0..n) into its Chinese and English parts, as headings
 * carry both: "中文 (English)" (or "中文（English）") is both; a name with
 * CJK in it, Chinese; any other, English.  Each part is trimmed; an absent
 * part is NULL. */
static void bilingual_name(struct arena *a, const char *s, size_t n, char **zh, char **en)
{
	*zh = *en = NULL;
	while (n && is_blank(s[n - 1]))
		n--;
	while (n && is_blank(*s))
		s++, n--;
	size_t close = 0, open = n;
	if (n && s[n - 1] == ')')
		close = 1;
	else if (n >= 3 && !memcmp(s + n - 3, "\xef\xbc\x89", 3))   /* ） */
		close = 3;
	if (close) {
		size_t i = n - close;
		while (i > 0 && s[i - 1] != '(' && !(i >= 3 && !memcmp(s + i - 3, "\xef\xbc\x88", 3)))
			i--;
		if (i > 0)
			open = s[i - 1] == '(' ? i - 1 : i - 3;
		size_t from = s[open] == '(' ? open + 1 : open + 3;
		if (i > 0 && has_cjk(s, open) && !has_cjk(s + from, n - close - from)) {
			size_t zn = open;
			while (zn && is_blank(s[zn - 1]))
				zn--;
			*zh = arena_printf(a, "%.*s", (int)zn, s);
			*en = arena_printf(a, "%.*s", (int)(n - close - from), s + from);
			return;
		}
	}
	if (has_cjk(s, n))
		*zh = arena_printf(a, "%.*s", (int)n, s);
	else if (n)
		*en = arena_printf(a, "%.*s", (int)n, s);
}

/* The heading's text (its text and code nodes), without a trailing {#id}
 * and section numbers ("5.4 "), in *zh and *en (bilingual_name()). */
static void heading_title(struct arena *a, cmark_node *h, char **zh, char **en)
{
	struct buf b = BUF_INIT;
	cmark_iter *it = cmark_iter_new(h);
	cmark_event_type ev;
	while ((ev = cmark_iter_next(it)) != CMARK_EVENT_DONE) {
		cmark_node *n = cmark_iter_get_node(it);
		cmark_node_type t = cmark_node_get_type(n);
		if (ev == CMARK_EVENT_ENTER && (t == CMARK_NODE_TEXT || t == CMARK_NODE_CODE))
			buf_adds(&b, cmark_node_get_literal(n));
		else if (ev == CMARK_EVENT_ENTER && (t == CMARK_NODE_SOFTBREAK || t == CMARK_NODE_LINEBREAK))
			buf_addch(&b, ' ');
	}
	cmark_iter_free(it);
	const char *s = b.data;
	size_t n = b.len;
	const char *attr = strstr(s, "{#");
	if (attr && strchr(attr, '}'))
		n = (size_t)(attr - s);
	size_t from = 0;
	while (from < n && ((s[from] >= '0' && s[from] <= '9') || s[from] == '.' || is_blank(s[from])))
		from++;
	bilingual_name(a, s + from, n - from, zh, en);
	buf_release(&b);
}

/* The file's name without its directory, extension and a leading "01-". */
static const char *file_stem(struct arena *a, const char *path)
{
	const char *base = strrchr(path, '/');
	base = base ? base + 1 : path;
	size_t n = strcspn(base, ".");
	size_t skip = strspn(base, "0123456789");
	if (skip < n && (base[skip] == '-' || base[skip] == '_'))
		base += skip + 1, n -= skip + 1;
	return arena_printf(a, "%.*s", (int)n, base);
}

static const struct units *book_units(struct arena *a, const char *dir)
{
	char *path = arena_printf(a, "%s/specs/units.yaml", dir);
	const struct builtin_file *f = files_exists(path) ? NULL : builtin_find("default/specs/units.yaml");
	return f ? units_load_text(a, f->data, f->len, "(built-in) specs/units.yaml")
		 : units_load(a, path, "specs/units.yaml");
}

struct lifted {
	const char *id, *title, *title_zh;   /* title: English (or the file's stem); title_zh or NULL */
	char **col_ids, **col_names, **col_units;
	char **col_zh, **col_en;  /* the header's names in each language, or NULL */
	char **col_header_units;  /* the unit a header writes ("Memory (GB)"), or NULL */
	size_t ncols;            /* columns of data: the header's cells but the first */
	char **row_ids, **row_names;
	char ***values;          /* [row][col], NULL: empty */
	size_t nrows;
};

/* The header cells of table paragraph p (ncols of them) as names in each
 * language, into zh[] and en[] where each is still NULL. */
/* The unit a header cell text[0..*n) writes at its end in parentheses
 * ("Memory (GB)", "显存（GB）"), one units.yaml knows, or NULL; *n is cut
 * to the name before it. */
static const char *header_unit(struct lift *L, const struct units *u, const char *text, size_t *n)
{
	size_t len = *n, close = 0;
	if (len && text[len - 1] == ')')
		close = 1;
	else if (len >= 3 && !memcmp(text + len - 3, "\xef\xbc\x89", 3))   /* ） */
		close = 3;
	if (!close)
		return NULL;
	size_t i = len - close;
	while (i > 0 && text[i - 1] != '(' && !(i >= 3 && !memcmp(text + i - 3, "\xef\xbc\x88", 3)))
		i--;
	if (!i)
		return NULL;
	size_t open = text[i - 1] == '(' ? i - 1 : i - 3;
	struct unit unit;
	struct srcloc none = { L->file, 0, 0 };
	diag_mute(1);
	int known = i < len - close && units_parse(u, L->a, text + i, len - close - i, none, &unit) == 0;
	diag_mute(-1);
	if (!known || !open)
		return NULL;
	*n = open;
	return arena_printf(L->a, "%.*s", (int)(len - close - i), text + i);
}

static void header_names(struct lift *L, cmark_node *p, size_t ncols, const struct units *u,
			 char **zh, char **en, char **unit)
{
	int first = pipe_table_header_line(p);
	size_t prefix = (size_t)(cmark_node_get_start_column(p) > 1 ? cmark_node_get_start_column(p) - 1 : 0);
	struct pipe_cell *cells = NULL;
	size_t cap = 0, len;
	const char *s = line_text(L, first, prefix, &len);
	size_t got = pipe_split_row(s, len, &cells, &cap);
	for (size_t j = 1; j < ncols && j < got; j++) {
		char *z, *e, *text = cell_text(L->a, s + cells[j].from, cells[j].len);
		size_t n = strlen(text);
		const char *hu = header_unit(L, u, text, &n);
		bilingual_name(L->a, text, n, &z, &e);
		if (!zh[j - 1])
			zh[j - 1] = z;
		if (!en[j - 1])
			en[j - 1] = e;
		if (!unit[j - 1])
			unit[j - 1] = (char *)hu;
	}
	free(cells);
}

/* Reads table paragraph p (ncols columns) into *t; pair, when not NULL, is
 * the same table in the other language (its header gives the columns'
 * names in that language). */
static void read_table(struct lift *L, cmark_node *p, cmark_node *pair, size_t ncols,
		       const struct units *u, struct lifted *t)
{
	struct arena *a = L->a;
	int first = pipe_table_header_line(p), last = cmark_node_get_end_line(p);
	size_t prefix = (size_t)(cmark_node_get_start_column(p) > 1 ? cmark_node_get_start_column(p) - 1 : 0);
	struct pipe_cell *cells = NULL;
	size_t cap = 0, len;
	const char *s;
	static const char *const reserved[] = { "name", "aliases", "checks", "sources", "derive", NULL };
	t->ncols = ncols - 1;
	t->col_ids = arena_alloc(a, (t->ncols + 1) * sizeof *t->col_ids);
	t->col_names = arena_alloc(a, (t->ncols + 1) * sizeof *t->col_names);
	t->col_units = arena_alloc(a, (t->ncols + 1) * sizeof *t->col_units);
	t->col_zh = arena_alloc(a, (t->ncols + 1) * sizeof *t->col_zh);
	t->col_en = arena_alloc(a, (t->ncols + 1) * sizeof *t->col_en);
	t->col_header_units = arena_alloc(a, (t->ncols + 1) * sizeof *t->col_header_units);
	memset(t->col_zh, 0, (t->ncols + 1) * sizeof *t->col_zh);
	memset(t->col_en, 0, (t->ncols + 1) * sizeof *t->col_en);
	memset(t->col_header_units, 0, (t->ncols + 1) * sizeof *t->col_header_units);
	header_names(L, p, ncols, u, t->col_zh, t->col_en, t->col_header_units);
	if (pair)
		header_names(L, pair, ncols, u, t->col_zh, t->col_en, t->col_header_units);
	for (size_t j = 0; j < t->ncols; j++) {
		/* the id from the English name, else the Chinese one's Latin letters */
		const char *name = t->col_en[j] ? t->col_en[j] : t->col_zh[j] ? t->col_zh[j] : "";
		t->col_names[j] = (char *)name;
		char *id = safe_id(a, name, strlen(name), 'c');
		if (!id)
			id = arena_printf(a, "col%zu", j + 2);
		t->col_ids[j] = unique_id(a, id, t->col_ids, j, reserved);
		t->col_units[j] = NULL;
	}
	size_t nbody = (size_t)(last - first - 1);
	t->row_ids = arena_alloc(a, (nbody + 1) * sizeof *t->row_ids);
	t->row_names = arena_alloc(a, (nbody + 1) * sizeof *t->row_names);
	t->values = arena_alloc(a, (nbody + 1) * sizeof *t->values);
	t->nrows = 0;
	for (int l = first + 2; l <= last; l++) {
		size_t n = 0;
		s = line_text(L, l, prefix, &len);
		n = pipe_split_row(s, len, &cells, &cap);
		if (!n)
			continue;
		size_t r = t->nrows++;
		t->row_names[r] = cell_text(a, s + cells[0].from, cells[0].len);
		char *id = safe_id(a, t->row_names[r], strlen(t->row_names[r]), 'r');
		if (!id)
			id = arena_printf(a, "row%zu", r + 1);
		t->row_ids[r] = unique_id(a, id, t->row_ids, r, NULL);
		t->values[r] = arena_alloc(a, (t->ncols + 1) * sizeof **t->values);
		for (size_t j = 0; j < t->ncols; j++) {
			char *v = j + 1 < n ? cell_text(a, s + cells[j + 1].from, cells[j + 1].len) : NULL;
			t->values[r][j] = v && *v ? v : NULL;
		}
	}
	free(cells);

	/* a column's unit: every value a number with the same known unit */
	diag_mute(1);
	for (size_t j = 0; j < t->ncols; j++) {
		const char *unit = NULL;
		int ok = 1;
		for (size_t r = 0; r < t->nrows && ok; r++) {
			const char *v = t->values[r][j];
			if (!v || is_marker(v))
				continue;
			struct literal lit;
			struct srcloc none = { L->file, 0, 0 };
			size_t vlen = strlen(v);
			int rc = literal_parse(u, a, v, vlen, none, LITERAL_UNIT | LITERAL_KIND, &lit);
			size_t rest = rc == 1 ? lit.len : 0;
			while (rest < vlen && is_blank(v[rest]))
				rest++;
			ok = rc == 1 && rest == vlen && lit.has_unit && lit.q.unit
			     && (!unit || !strcmp(unit, lit.q.unit));
			struct unit known;
			ok = ok && (unit || units_parse(u, a, lit.q.unit, strlen(lit.q.unit), none, &known) == 0);
			unit = ok ? lit.q.unit : unit;
		}
		t->col_units[j] = ok && unit ? arena_printf(a, "%s", unit) : NULL;
		/* bare numbers under a header that writes their unit: that unit */
		int bare = t->col_header_units[j] != NULL;
		for (size_t r = 0; r < t->nrows && bare; r++)
			bare = !t->values[r][j] || is_marker(t->values[r][j]) || plain_number(t->values[r][j]);
		if (!t->col_units[j] && bare)
			t->col_units[j] = t->col_header_units[j];
	}
	diag_mute(-1);
}

static void print_yaml(struct buf *b, const struct lifted *t)
{
	buf_addf(b, "table: %s\ntitle: {", t->id);
	if (t->title_zh) {
		buf_adds(b, "zh: ");
		yaml_string(b, t->title_zh);
		buf_adds(b, ", ");
	}
	buf_adds(b, "en: ");
	yaml_string(b, t->title);
	buf_adds(b, "}\ncolumns:\n");
	for (size_t j = 0; j < t->ncols; j++) {
		buf_addf(b, "  %s: {", t->col_ids[j]);
		if (t->col_zh[j]) {
			buf_adds(b, "zh: ");
			yaml_string(b, t->col_zh[j]);
		}
		if (t->col_en[j] || !t->col_zh[j]) {
			buf_adds(b, t->col_zh[j] ? ", en: " : "en: ");
			yaml_string(b, t->col_names[j]);
		}
		if (t->col_units[j]) {
			buf_adds(b, ", unit: ");
			yaml_string(b, t->col_units[j]);
		}
		buf_adds(b, "}\n");
	}
	buf_adds(b, "rows:\n");
	for (size_t r = 0; r < t->nrows; r++) {
		buf_addf(b, "  %s:\n    name: ", t->row_ids[r]);
		yaml_string(b, t->row_names[r]);
		buf_addch(b, '\n');
		for (size_t j = 0; j < t->ncols; j++) {
			const char *v = t->values[r][j];
			if (!v)
				continue;
			buf_addf(b, "    %s: ", t->col_ids[j]);
			if (plain_number(v) || is_marker(v))
				buf_adds(b, v);
			else
				yaml_string(b, v);
			buf_addch(b, '\n');
		}
	}
}

static void print_compare(struct buf *b, const struct lifted *t)
{
	buf_addf(b, "```compare\ntable: %s\nrows: [", t->id);
	for (size_t r = 0; r < t->nrows; r++)
		buf_addf(b, "%s%s", r ? ", " : "", t->row_ids[r]);
	buf_adds(b, "]\ncolumns: [");
	for (size_t j = 0; j < t->ncols; j++)
		buf_addf(b, "%s%s", j ? ", " : "", t->col_ids[j]);
	buf_adds(b, "]\n```\n");
}

/* The same table in the other language, as the pair convention writes it
 * (a Chinese block, then its English translation in a blockquote): the
 * table in the blockquote right after p's block, or, when p is in such a
 * blockquote, the table just before it; NULL unless it has ncols columns
 * and the two headers are in different scripts. */
static cmark_node *table_pair(const struct lift *L, cmark_node *p, size_t ncols)
{
	cmark_node *quote = cmark_node_parent(p), *other = NULL;
	if (quote && cmark_node_get_type(quote) == CMARK_NODE_BLOCK_QUOTE && cmark_node_first_child(quote) == p)
		other = cmark_node_previous(quote);
	else if ((quote = cmark_node_next(p)) && cmark_node_get_type(quote) == CMARK_NODE_BLOCK_QUOTE)
		other = cmark_node_first_child(quote);
	if (!other || table_columns(L, other) != ncols)
		return NULL;
	size_t a, b;
	const char *x = line_text(L, pipe_table_header_line(p),
				  (size_t)(cmark_node_get_start_column(p) > 1 ? cmark_node_get_start_column(p) - 1 : 0), &a);
	const char *y = line_text(L, pipe_table_header_line(other),
				  (size_t)(cmark_node_get_start_column(other) > 1 ? cmark_node_get_start_column(other) - 1 : 0), &b);
	return has_cjk(x, a) != has_cjk(y, b) ? other : NULL;
}

/* Finds the paragraph holding line (*found), the last heading before it
 * (*heading) and the table nearest line (*nearest: its first line, 0 if
 * the file has none). */
static void find_table(const struct lift *L, cmark_node *doc, int line, cmark_node **found,
		       cmark_node **heading, int *nearest)
{
	cmark_iter *it = cmark_iter_new(doc);
	cmark_event_type ev;
	*found = *heading = NULL;
	*nearest = 0;
	while ((ev = cmark_iter_next(it)) != CMARK_EVENT_DONE) {
		cmark_node *n = cmark_iter_get_node(it);
		if (ev != CMARK_EVENT_ENTER)
			continue;
		cmark_node_type t = cmark_node_get_type(n);
		int from = cmark_node_get_start_line(n), to = cmark_node_get_end_line(n);
		if (t == CMARK_NODE_HEADING && from <= line && !*found)
			*heading = n;
		if (t != CMARK_NODE_PARAGRAPH && !markdown_is_table(n))
			continue;
		if (from <= line && line <= to && !*found)
			*found = n;
		if (table_columns(L, n) && (!*nearest || abs(from - line) < abs(*nearest - line)))
			*nearest = from;
	}
	cmark_iter_free(it);
}

int lift_table(const char *dir, const char *where, int write)
{
	const char *colon = strrchr(where, ':');
	char *end = NULL;
	long line = colon ? strtol(colon + 1, &end, 10) : 0;
	if (!colon || colon == where || !end || *end || end == colon + 1 || line < 1 || line > INT_MAX) {
		fprintf(stderr, "specbook lift: give the chapter and a line of its table as FILE:LINE "
			"(for example content/02-memory.md:40), not '%s'\n", where);
		return 2;
	}
	struct arena arena = ARENA_INIT;
	struct lift L = { .a = &arena };
	L.file = arena_printf(&arena, "%.*s", (int)(colon - where), where);
	char *text;
	size_t len;
	int status = 1;
	if (files_read_text(&arena, L.file, L.file, &text, &len) < 0)
		goto out;
	diag_source(L.file, text, len);
	/* line starts; the front matter blanked (lines keep their numbers) */
	size_t cap = 0;
	for (size_t i = 0; i <= len; i++)
		if (i == 0 || text[i - 1] == '\n') {
			if (i == len && i)
				break;
			*ARRAY_PUSH(L.lines, L.nlines, cap) = i;
		}
	char *body = arena_printf(&arena, "%s", text);
	if (!strncmp(body, "---\n", 4) || !strncmp(body, "---\r\n", 5)) {
		for (size_t l = 1; l < L.nlines; l++) {
			char *s = body + L.lines[l];
			if (!strncmp(s, "---", 3) && strspn(s + 3, " \t\r") == strcspn(s + 3, "\n")) {
				for (char *p = body; p < s + 3; p++)
					if (*p != '\n')
						*p = ' ';
				break;
			}
		}
	}
	L.text = text;
	if ((size_t)line > L.nlines) {
		diag_report(DIAG_ERROR, (struct srcloc){ L.file, (int)L.nlines, 0 }, 0,
			    "hint: give a line of the table: its header, its alignment row or one of its rows",
			    "line %ld is past the end of the file (%zu lines)", line, L.nlines);
		goto out;
	}
	cmark_node *doc = markdown_parse(body, len, CMARK_OPT_SOURCEPOS, NULL);
	cmark_node *p, *heading;
	int nearest;
	find_table(&L, doc, (int)line, &p, &heading, &nearest);
	size_t ncols = p ? table_columns(&L, p) : 0;
	if (ncols < 2) {
		const char *hint = !nearest ? "hint: a pipe table is a header row, an alignment row "
					      "(| --- | --: |) of as many cells, and its rows"
				   : arena_printf(&arena, "hint: the nearest pipe table starts at line %d: "
						  "specbook lift %s:%d", nearest, L.file, nearest);
		diag_report(DIAG_ERROR, (struct srcloc){ L.file, (int)line, 1 }, 0, hint,
			    ncols == 1 ? "the table at line %ld has one column: nothing to compare"
				       : "no pipe table at line %ld", line);
		cmark_node_free(doc);
		goto out;
	}
	const struct units *u = book_units(&arena, dir);
	if (!u) {
		cmark_node_free(doc);
		goto out;
	}
	struct lifted t = { 0 };
	read_table(&L, p, table_pair(&L, p, ncols), ncols, u, &t);
	char *zh = NULL, *en = NULL;
	if (heading)
		heading_title(&arena, heading, &zh, &en);
	t.title = en && *en ? en : file_stem(&arena, L.file);
	t.title_zh = zh && *zh ? zh : NULL;
	t.id = safe_id(&arena, t.title, strlen(t.title), 't');
	if (!t.id)
		t.id = safe_id(&arena, file_stem(&arena, L.file), strlen(file_stem(&arena, L.file)), 't');
	if (!t.id)
		t.id = "lifted";
	cmark_node_free(doc);

	struct buf yaml = BUF_INIT, cmp = BUF_INIT;
	buf_addf(&yaml, "# lifted from %s:%d by specbook lift\n", L.file, (int)line);
	print_yaml(&yaml, &t);
	print_compare(&cmp, &t);
	if (write) {
		char *specs = arena_printf(&arena, "%s/specs", dir);
		char *path = arena_printf(&arena, "%s/%s.yaml", specs, t.id);
		if (files_book_dir(specs, "specs/") < 0) {
			;   /* a link out of the book: reported, nothing written */
		} else if (files_exists(path)) {
			diag_report(DIAG_ERROR, (struct srcloc){ L.file, (int)line, 1 }, 0,
				    "hint: rename or remove that file, or lift without --write and "
				    "merge the rows by hand",
				    "%s exists: specbook lift does not overwrite it", path);
		} else if (files_mkdirs(specs) < 0 || files_create(path, yaml.data, yaml.len) < 0) {
			fprintf(stderr, "specbook lift: cannot write %s: %s\n", path, strerror(errno));
		} else {
			fprintf(stderr, "specbook lift: wrote %s; the compare block follows\n", path);
			fwrite(cmp.data, 1, cmp.len, stdout);
			status = 0;
		}
	} else {
		printf("# specs/%s.yaml\n", t.id);
		fwrite(yaml.data, 1, yaml.len, stdout);
		printf("\n# the compare block, for the chapter:\n");
		fwrite(cmp.data, 1, cmp.len, stdout);
		status = 0;
	}
	buf_release(&yaml);
	buf_release(&cmp);
out:
	diag_flush(stderr);
	if (status == 0 && diag_exit_status())
		status = 1;
	free(L.lines);
	arena_free(&arena);
	return status;
}
