/*
 * lift.c — `specbook lift FILE:LINE`: a chapter's pipe table as data.
 *
 * cmark parses the chapter (its front matter blanked, so that lines keep
 * their numbers); the paragraph holding LINE must be a pipe table as
 * render.c reads one (a header row, an alignment row of as many cells).
 * The table's id and title come from the nearest heading above it (both
 * titles when it is "中文 (English)", the id from the English), else from
 * the file's name.  The rows are keyed by the first column whose cells
 * are all there and all different (a GPU table's model, not its vendor),
 * named by what the cell reads as (a link's text, not its URL); the other
 * columns are the spec table's.  A column's names come from the header as
 * headings give theirs, and from the header of the same table in the
 * other language when the pair convention holds it (a Chinese table, then
 * its English translation in a blockquote).  A column whose cells are
 * each a figure with a unit of one dimension, perhaps labelled in
 * parentheses or followed by a second figure ("369.7 TFLOPS（Tensor
 * Core）82.58 TFLOPS"), or a marker ("-" nothing, "不支持" n/a), gets
 * the unit written most often: a figure in it is written as its number
 * (the check reads the chapter's "35.58 TFLOPS" against 35.58 TFLOPS), one
 * in another unit of the dimension as written, and a cell that said more
 * keeps it as a comment.  A number and a word one slip from a unit ("239
 * TFOPS") is a warning and left out.  Over bare numbers a column takes
 * the unit its header writes in parentheses ("显存（GB）").  Other
 * values are written as the cells hold them.  Nothing is guessed beyond
 * that; ids are made safe
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
#include <strings.h>

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

/* What cell text s reads as, Markdown aside: a link's text, not its URL
 * ("[RTX 3090](https://…)" is "RTX 3090"), code and emphasis without
 * their marks, a <br> a blank.  s itself when it has no mark at all. */
static char *plain_text(struct arena *a, char *s)
{
	if (!strpbrk(s, "[*_`<&\\"))
		return s;
	cmark_node *doc = markdown_parse(s, strlen(s), 0, NULL);
	struct buf b = BUF_INIT;
	cmark_iter *it = cmark_iter_new(doc);
	cmark_event_type ev;
	while ((ev = cmark_iter_next(it)) != CMARK_EVENT_DONE) {
		cmark_node *n = cmark_iter_get_node(it);
		cmark_node_type t = cmark_node_get_type(n);
		if (ev != CMARK_EVENT_ENTER)
			continue;
		if (t == CMARK_NODE_TEXT || t == CMARK_NODE_CODE)
			buf_adds(&b, cmark_node_get_literal(n));
		else if (t == CMARK_NODE_SOFTBREAK || t == CMARK_NODE_LINEBREAK ||
			 (t == CMARK_NODE_HTML_INLINE && !strncmp(cmark_node_get_literal(n), "<br", 3)))
			buf_addch(&b, ' ');
	}
	cmark_iter_free(it);
	cmark_node_free(doc);
	size_t from = 0, n = b.len;
	while (from < n && is_blank(b.data[from]))
		from++;
	while (n > from && is_blank(b.data[n - 1]))
		n--;
	char *out = arena_printf(a, "%.*s", (int)(n - from), b.data ? b.data + from : "");
	buf_release(&b);
	return out;
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
	int *row_lines;          /* the line of each row */
	char ***notes;           /* [row][col]: the cell as written, when its value is not all
				    it said (a label, a second figure), else NULL */
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

/* The header cells of table paragraph p (ncols of them) as names in each
 * language, into zh[] and en[] where each is still NULL, and the unit a
 * header writes into unit[]. */
static void header_names(struct lift *L, cmark_node *p, size_t ncols, const struct units *u,
			 char **zh, char **en, char **unit)
{
	int first = pipe_table_header_line(p);
	size_t prefix = (size_t)(cmark_node_get_start_column(p) > 1 ? cmark_node_get_start_column(p) - 1 : 0);
	struct pipe_cell *cells = NULL;
	size_t cap = 0, len;
	const char *s = line_text(L, first, prefix, &len);
	size_t got = pipe_split_row(s, len, &cells, &cap);
	for (size_t j = 0; j < ncols && j < got; j++) {
		char *z, *e, *text = plain_text(L->a, cell_text(L->a, s + cells[j].from, cells[j].len));
		size_t n = strlen(text);
		const char *hu = header_unit(L, u, text, &n);
		bilingual_name(L->a, text, n, &z, &e);
		if (!zh[j])
			zh[j] = z;
		if (!en[j])
			en[j] = e;
		if (!unit[j])
			unit[j] = (char *)hu;
	}
	free(cells);
}

/* What a cell of a column of figures writes for "none": "" when nothing
 * (-, —: the row has no figure there, left out), else the spec's marker. */
static const char *figure_marker(const char *v)
{
	static const char *const none[] = { "-", "--", "\xe2\x80\x94", "\xe2\x80\x93", "/", NULL };
	static const char *const na[] = { "n/a", "N/A", "NA", "na", "not supported", "unsupported",
					  "\xe4\xb8\x8d\xe6\x94\xaf\xe6\x8c\x81" /* 不支持 */,
					  "\xe6\x97\xa0" /* 无 */, NULL };
	static const char *const unknown[] = { "unknown", "?", "\xe6\x9c\xaa\xe7\x9f\xa5" /* 未知 */, NULL };
	static const char *const unpublished[] = { "unpublished",
						   "\xe6\x9c\xaa\xe5\x85\xac\xe5\xb8\x83" /* 未公布 */,
						   "\xe6\x9c\xaa\xe5\x85\xac\xe5\xbc\x80" /* 未公开 */, NULL };
	const char *const *lists[] = { none, na, unknown, unpublished };
	const char *const said[] = { "", "n/a", "unknown", "unpublished" };
	for (int k = 0; k < 4; k++)
		for (size_t i = 0; lists[k][i]; i++)
			if (!strcmp(v, lists[k][i]))
				return said[k];
	return NULL;
}

/* Skips a label in parentheses after a figure ("（Tensor Core）",
 * " (GDDR6X)") at s[i..n): returns where it ends, or i when none. */
static size_t skip_label(const char *s, size_t i, size_t n)
{
	size_t j = i;
	while (j < n && is_blank(s[j]))
		j++;
	int wide = n - j >= 3 && !memcmp(s + j, "\xef\xbc\x88", 3);   /* （ */
	if (!wide && (j >= n || s[j] != '('))
		return i;
	for (size_t k = j + (wide ? 3 : 1); k < n; k++) {
		if (s[k] == ')' || (n - k >= 3 && !memcmp(s + k, "\xef\xbc\x89", 3)))
			return k + (s[k] == ')' ? 1 : 3);
		if (s[k] == '(' || (n - k >= 3 && !memcmp(s + k, "\xef\xbc\x88", 3)))
			return i;
	}
	return i;
}

/* A cell that is a figure with a unit: "35.58 TFLOPS", "24GB（GDDR6X）",
 * "369.7 TFLOPS（Tensor Core）82.58 TFLOPS" (the first figure, labelled,
 * and a second one).  number: its digits as YAML reads a number
 * ("1,979" is 1979), or NULL when not plain (a range, 37B). */
struct cell_figure {
	char *number;
	char *text;          /* the figure as written, label aside ("1,979 teraFLOPS") */
	struct unit unit;    /* as written */
	int more;            /* a label or a second figure follows */
	int typo;            /* a number, then a word one slip from a unit ("239 TFOPS") */
};

static int read_figure_as_is(struct lift *L, const struct units *u, const char *v,
			     struct cell_figure *f);

/* read_figure_as_is(), with nothing reported: a cell that is no figure
 * only makes its column one of words */
static int read_figure(struct lift *L, const struct units *u, const char *v, struct cell_figure *f)
{
	diag_mute(1);
	int ok = read_figure_as_is(L, u, v, f);
	diag_mute(-1);
	return ok;
}

/* Is v a number and a word one slip from a unit ("239 TFOPS")?  Then it
 * is reported, a warning at the row's line that names the unit meant,
 * and 1 returned: the column stays one of figures, that cell left out of
 * the spec (the check reports it in the chapter too). */
static int near_figure(struct lift *L, const struct units *u, const char *v, int line,
		       struct cell_figure *f)
{
	struct literal lit;
	struct srcloc none = { L->file, 0, 0 };
	size_t n = strlen(v);
	diag_mute(1);
	int rc = literal_parse(u, L->a, v, n, none, LITERAL_NO_RANGE, &lit);
	diag_mute(-1);
	if (rc != 1 || !lit.len)
		return 0;
	size_t w = lit.len;
	while (w < n && is_blank(v[w]))
		w++;
	size_t e = w;
	while (e < n && e - w < 16 && ((v[e] >= 'A' && v[e] <= 'Z') || (v[e] >= 'a' && v[e] <= 'z')))
		e++;
	const char *word = arena_printf(L->a, "%.*s", (int)(e - w), v + w);
	const char *meant = e > w ? units_near(u, L->a, word) : NULL;
	if (!meant)
		return 0;
	memset(f, 0, sizeof *f);
	diag_report(DIAG_WARNING, (struct srcloc){ L->file, line, 0 }, 0,
		    arena_printf(L->a, "hint: did you mean %s? the cell is left out of the spec "
				 "table (a comment there says what it held)", meant),
		    "'%s' is not a unit, in the cell '%s'", word, v);
	return 1;
}

static int read_figure_as_is(struct lift *L, const struct units *u, const char *v,
			     struct cell_figure *f)
{
	struct literal lit;
	struct srcloc none = { L->file, 0, 0 };
	size_t n = strlen(v);
	if (literal_parse(u, L->a, v, n, none, LITERAL_UNIT | LITERAL_KIND, &lit) != 1 ||
	    !lit.has_unit || !lit.q.unit || lit.range ||
	    units_parse(u, L->a, lit.q.unit, strlen(lit.q.unit), none, &f->unit) != 0)
		return 0;
	size_t end = lit.len, rest = skip_label(v, end, n);
	f->more = rest != end;
	while (rest < n && is_blank(v[rest]))
		rest++;
	if (rest < n) {
		/* a second figure of the same dimension (and its label) */
		struct literal two;
		struct unit u2;
		if (literal_parse(u, L->a, v + rest, n - rest, none, LITERAL_UNIT | LITERAL_KIND, &two) != 1 ||
		    !two.has_unit || !two.q.unit ||
		    units_parse(u, L->a, two.q.unit, strlen(two.q.unit), none, &u2) != 0 ||
		    !dim_equal(&u2.dim, &f->unit.dim))
			return 0;
		size_t after = skip_label(v, rest + two.len, n);
		while (after < n && is_blank(v[after]))
			after++;
		if (after < n)
			return 0;
		f->more = 1;
	}
	while (end > 0 && is_blank(v[end - 1]))
		end--;
	f->text = arena_printf(L->a, "%.*s", (int)end, v);
	/* the digits: the figure's text up to its unit, separators out */
	const char *at = strstr(f->text, lit.q.unit);
	size_t dn = at ? (size_t)(at - f->text) : 0;
	struct buf d = BUF_INIT;
	for (size_t i = 0; i < dn; i++)
		if (f->text[i] != ',' && !is_blank(f->text[i]))
			buf_addch(&d, f->text[i]);
	f->number = d.len ? arena_printf(L->a, "%.*s", (int)d.len, d.data) : NULL;
	if (f->number && !plain_number(f->number))
		f->number = NULL;
	buf_release(&d);
	return 1;
}

/* The unit spelled with its prefix as a word, as vendors write it
 * ("teraFLOPS", an alias of units.yaml), is written with the prefix's
 * symbol when that spells the same unit ("TFLOPS"): the column's unit is
 * the book's spelling, not the datasheet's; any other spelling as it is. */
static const char *symbol_spelling(struct lift *L, const struct units *u, const char *name,
				   const struct unit *as)
{
	static const struct { const char *word, *symbol; } words[] = {
		{ "exa", "E" }, { "peta", "P" }, { "tera", "T" }, { "giga", "G" }, { "mega", "M" },
		{ "kilo", "k" },
	};
	for (size_t k = 0; k < sizeof words / sizeof *words; k++) {
		size_t n = strlen(words[k].word);
		if (strncasecmp(name, words[k].word, n) || !name[n])
			continue;
		const char *sym = arena_printf(L->a, "%s%s", words[k].symbol, name + n);
		struct unit v;
		struct srcloc none = { NULL, 0, 0 };
		diag_mute(1);
		int rc = units_parse(u, L->a, sym, strlen(sym), none, &v);
		diag_mute(-1);
		if (rc == 0 && v.scale == as->scale && dim_equal(&v.dim, &as->dim))
			return sym;
	}
	return arena_printf(L->a, "%s", name);
}

/* Column j's unit, when every cell of it is a figure with a unit of one
 * dimension, or a marker: the unit written most often; its values
 * then become numbers in it ("35.58 TFLOPS" is 35.58), a figure in
 * another unit of the dimension keeps its own ("239 TOPS"), and a cell
 * that said more (a label, a second figure) keeps what it said as a
 * comment.  Returns 0 when the column is not one of figures. */
static int figure_column(struct lift *L, const struct units *u, struct lifted *t, size_t j)
{
	struct cell_figure *f = arena_array(L->a, t->nrows + 1, sizeof *f);
	int figures = 0;
	size_t first = 0;
	for (size_t r = 0; r < t->nrows; r++) {
		const char *v = t->values[r][j];
		if (!v || figure_marker(v))
			continue;
		if (!read_figure(L, u, v, &f[r]) && near_figure(L, u, v, t->row_lines[r], &f[r])) {
			f[r].typo = 1;
			continue;
		}
		if (!f[r].unit.name || (figures && !dim_equal(&f[r].unit.dim, &f[first].unit.dim)))
			return 0;
		if (!figures++)
			first = r;
	}
	if (!figures)
		return 0;
	/* the unit written most often (the first of equals) */
	const char *best = NULL;
	size_t best_n = 0;
	for (size_t r = 0; r < t->nrows; r++) {
		const char *v = t->values[r][j];
		if (!v || figure_marker(v) || f[r].typo)
			continue;
		/* the unit, however spelled (teraFLOPS is TFLOPS): the shortest spelling */
		size_t k = 0;
		const char *spelled = f[r].unit.name;
		for (size_t q = 0; q < t->nrows; q++) {
			if (!t->values[q][j] || figure_marker(t->values[q][j]) || f[q].typo ||
			    f[q].unit.scale != f[r].unit.scale)
				continue;
			k++;
			if (strlen(f[q].unit.name) < strlen(spelled))
				spelled = f[q].unit.name;
		}
		if (k > best_n) {
			best_n = k;
			best = spelled;
		}
	}
	struct unit col = f[first].unit;
	for (size_t r = 0; r < t->nrows; r++)
		if (t->values[r][j] && !figure_marker(t->values[r][j]) && !f[r].typo &&
		    !strcmp(f[r].unit.name, best))
			col = f[r].unit;
	t->col_units[j] = (char *)symbol_spelling(L, u, best, &col);
	for (size_t r = 0; r < t->nrows; r++) {
		char *v = t->values[r][j];
		if (!v)
			continue;
		const char *m = figure_marker(v);
		if (f[r].typo) {   /* left out, the cell beside it as a comment */
			t->values[r][j] = NULL;
			t->notes[r][j] = v;
			continue;
		}
		if (m) {
			t->values[r][j] = *m ? (char *)m : NULL;
			continue;
		}
		int same = f[r].unit.scale == col.scale && dim_equal(&f[r].unit.dim, &col.dim);
		t->values[r][j] = same && f[r].number ? f[r].number : f[r].text;
		if (f[r].more || (same && f[r].number && strcmp(f[r].unit.name, best)))
			t->notes[r][j] = v;   /* what the cell said: a comment beside it */
	}
	return 1;
}

/* v without its thousands separators ("18,432": "18432"). */
static char *digits_only(struct arena *a, const char *v)
{
	char *d = arena_printf(a, "%s", v), *q = d;
	for (const char *p = v; *p; p++)
		if (*p != ',')
			*q++ = *p;
	*q = '\0';
	return d;
}

/* The first column whose cells are all there and all different (the
 * model, not the vendor of a table of GPUs), else the first. */
static size_t key_column(struct lifted *t, size_t ncols, char ***cells)
{
	for (size_t k = 0; k < ncols; k++) {
		int ok = t->nrows > 0;
		for (size_t r = 0; r < t->nrows && ok; r++) {
			const char *v = cells[r][k];
			ok = v && *v && !figure_marker(v);
			for (size_t q = 0; q < r && ok; q++)
				ok = strcmp(cells[q][k], v) != 0;
		}
		if (ok)
			return k;
	}
	return 0;
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
	/* the rows' cells, as written and as read (a link's text) */
	size_t nbody = (size_t)(last - first - 1);
	char ***raw = arena_array(a, nbody + 1, sizeof *raw), ***read = arena_array(a, nbody + 1, sizeof *read);
	t->nrows = 0;
	t->row_lines = arena_array(a, nbody + 1, sizeof *t->row_lines);
	for (int l = first + 2; l <= last; l++) {
		s = line_text(L, l, prefix, &len);
		size_t n = pipe_split_row(s, len, &cells, &cap);
		if (!n)
			continue;
		size_t r = t->nrows++;
		t->row_lines[r] = l;
		raw[r] = arena_array(a, ncols + 1, sizeof **raw);
		read[r] = arena_array(a, ncols + 1, sizeof **read);
		for (size_t j = 0; j < ncols; j++) {
			raw[r][j] = j < n ? cell_text(a, s + cells[j].from, cells[j].len) : NULL;
			read[r][j] = raw[r][j] ? plain_text(a, raw[r][j]) : NULL;
		}
	}
	free(cells);
	size_t key = key_column(t, ncols, read);

	char **zh = arena_array(a, ncols + 1, sizeof *zh), **en = arena_array(a, ncols + 1, sizeof *en);
	char **hunit = arena_array(a, ncols + 1, sizeof *hunit);
	header_names(L, p, ncols, u, zh, en, hunit);
	if (pair)
		header_names(L, pair, ncols, u, zh, en, hunit);
	t->ncols = ncols - 1;
	t->col_ids = arena_array(a, t->ncols + 1, sizeof *t->col_ids);
	t->col_names = arena_array(a, t->ncols + 1, sizeof *t->col_names);
	t->col_units = arena_array(a, t->ncols + 1, sizeof *t->col_units);
	t->col_zh = arena_array(a, t->ncols + 1, sizeof *t->col_zh);
	t->col_en = arena_array(a, t->ncols + 1, sizeof *t->col_en);
	t->col_header_units = arena_array(a, t->ncols + 1, sizeof *t->col_header_units);
	for (size_t j = 0, c = 0; c < ncols; c++) {
		if (c == key)
			continue;
		t->col_zh[j] = zh[c];
		t->col_en[j] = en[c];
		t->col_header_units[j] = hunit[c];
		/* the id from the English name, else the Chinese one's Latin letters */
		const char *name = en[c] ? en[c] : zh[c] ? zh[c] : "";
		t->col_names[j] = (char *)name;
		char *id = safe_id(a, name, strlen(name), 'c');
		if (!id)
			id = arena_printf(a, "col%zu", c + 1);
		t->col_ids[j] = unique_id(a, id, t->col_ids, j, reserved);
		j++;
	}
	t->row_ids = arena_array(a, t->nrows + 1, sizeof *t->row_ids);
	t->row_names = arena_array(a, t->nrows + 1, sizeof *t->row_names);
	t->values = arena_array(a, t->nrows + 1, sizeof *t->values);
	t->notes = arena_array(a, t->nrows + 1, sizeof *t->notes);
	for (size_t r = 0; r < t->nrows; r++) {
		t->row_names[r] = read[r][key] ? read[r][key] : "";
		char *id = safe_id(a, t->row_names[r], strlen(t->row_names[r]), 'r');
		if (!id)
			id = arena_printf(a, "row%zu", r + 1);
		t->row_ids[r] = unique_id(a, id, t->row_ids, r, NULL);
		t->values[r] = arena_array(a, t->ncols + 1, sizeof **t->values);
		t->notes[r] = arena_array(a, t->ncols + 1, sizeof **t->notes);
		for (size_t j = 0, c = 0; c < ncols; c++) {
			if (c == key)
				continue;
			char *v = raw[r][c];
			t->values[r][j++] = v && *v ? v : NULL;
		}
	}

	for (size_t j = 0; j < t->ncols; j++) {
		if (figure_column(L, u, t, j))
			continue;
		/* bare numbers under a header that writes their unit: that unit */
		int bare = t->col_header_units[j] != NULL;
		for (size_t r = 0; r < t->nrows && bare; r++)
			bare = !t->values[r][j] || is_marker(t->values[r][j]) || plain_number(t->values[r][j]);
		if (bare)
			t->col_units[j] = t->col_header_units[j];
		/* counts written with separators ("18,432") as YAML reads a number */
		int counts = 1;
		for (size_t r = 0; r < t->nrows && counts; r++) {
			const char *v = t->values[r][j];
			counts = !v || is_marker(v) || figure_marker(v) || plain_number(v) ||
				 (strchr(v, ',') && plain_number(digits_only(a, v)));
		}
		for (size_t r = 0; r < t->nrows && counts; r++)
			if (t->values[r][j] && strchr(t->values[r][j], ','))
				t->values[r][j] = digits_only(a, t->values[r][j]);
		/* "-", "—": nothing there, in any column */
		for (size_t r = 0; r < t->nrows; r++) {
			const char *m = t->values[r][j] ? figure_marker(t->values[r][j]) : NULL;
			if (m && !*m)
				t->values[r][j] = NULL;
		}
	}
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
			if (!v && t->notes[r][j])
				buf_addf(b, "    # %s: %s\n", t->col_ids[j], t->notes[r][j]);
			if (!v)
				continue;
			buf_addf(b, "    %s: ", t->col_ids[j]);
			if (plain_number(v) || is_marker(v))
				buf_adds(b, v);
			else
				yaml_string(b, v);
			if (t->notes[r][j]) {   /* what the cell said beside its figure */
				buf_adds(b, "   # ");
				for (const char *q = t->notes[r][j]; *q; q++)
					buf_addch(b, *q == '\t' ? ' ' : *q);
			}
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
