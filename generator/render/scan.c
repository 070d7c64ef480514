/*
 * scan.c — plain quantities in prose (see scan.h): each quantity read as
 * the block renders, then held against the figures the spans of its section
 * use and the rows its sentence names (both read from cmark's tree the
 * first time a quantity of the chapter, or of the block, needs them),
 * linked or reported.
 */
#define _GNU_SOURCE   /* memmem */
#include "render/scan.h"
#include "render/autolink.h"
#include "render/placeholder.h"
#include "render/pipe.h"
#include "core/alloc.h"
#include "core/bytescan.h"
#include "core/markdown.h"
#include "core/utf8.h"
#include "book/numbers.h"
#include "numbers/format.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* A row named in a sentence of one side of a block. */
struct named {
	size_t sentence;
	const char *row;         /* a row id, or "row.field" for a cell a span states */
};

/* A figure a span of a section states or computes with, so that the same
 * figure written plainly in that section is bound to it: change one and
 * not the other and the plain one is a figure nothing vouches for. */
struct restated {
	size_t section;          /* headings before it */
	struct quantity q;
};

struct side {
	struct named *v;
	size_t n, cap;
	size_t sentences;        /* how many sentences it has */
};

struct column_cursor {
	int line;
	size_t at;
	int col;
};

/* What a table's header names in one spec table: per header cell, the
 * column, and the unit a bare number under it is in. */
struct head_columns {
	const struct spec_column **columns;   /* NULL: the cell names none */
	const char **units;
};

/* The header of the pipe table rendering (render.c), looked up once in
 * each spec table that a row of the table names a row of (rows of several
 * tables may alternate: each lookup is kept). */
struct table_head {
	const char *text;        /* the header row as written */
	const struct pipe_cell *cells;
	size_t ncols;
	long cell;               /* the cell rendering: its column, or -1 */
	int figures;             /* figures judged in that cell so far */
	int line;                /* its line: quantities are looked for on it alone */
	struct head_columns **by_table;   /* by index in numbers_tables(), or NULL */
	const struct head_columns *now;   /* the lookup of the row rendering */
};

struct scan {
	int active;              /* a block is being scanned */
	int paired;
	cmark_node *block, *pair;   /* the block scanned and its translation */
	int rows_read;           /* side[] filled for it (need_rows()) */
	cmark_node *doc;         /* the chapter, for its span figures */
	int figures_read;        /* st filled (need_figures()) */
	struct side side[2];
	int now;                 /* the side rendering */
	size_t sentence;         /* the sentence rendering on it */
	/* where the paragraph rendering is in the source (body lines, as
	 * cmark read them): quantities are looked for from (line, off) on,
	 * so that each is found after the one before it */
	int line, end_line;
	size_t off;
	int lost;                /* a quantity of the paragraph was not found in it */
	struct column_cursor col; /* columns counted on along a line */
	int measured_line;       /* line_length(): the line last measured */
	size_t measured_len;
	/* the chapter's span figures, by section then value; the section
	 * rendering now */
	struct restated *st;
	size_t nst, capst;
	size_t section;
	const char **rows;       /* scratch: the rows of one quantity */
	size_t nrows, caprows;
	struct table_head head;  /* the pipe table rendering, if any */
};

int scan_on(const struct ctx *c)
{
	return c->scan && c->scan->active && !c->in_attr && !c->in_heading;
}

/* ---- sentences ---- */

/* Bytes that may start a quantity or a sentence end: digits, '$', '.',
 * '!', '?', and the lead bytes of 。(E3) and ！？ (EF).  Text is passed
 * over a byte at a time through this table: nearly every byte is none. */
static const unsigned char interesting[256] = {
	['0'] = 1, ['1'] = 1, ['2'] = 1, ['3'] = 1, ['4'] = 1, ['5'] = 1, ['6'] = 1, ['7'] = 1,
	['8'] = 1, ['9'] = 1, ['$'] = 1, ['.'] = 1, ['!'] = 1, ['?'] = 1, [0xE3] = 1, [0xEF] = 1,
};

#ifdef BYTESCAN_SSE2
/* A bit for each of the sixteen bytes at p that the table above holds
 * (bytescan_mask_fn; set is not used). */
static inline unsigned interesting_mask(const char *p, const void *set)
{
	(void)set;
	__m128i v = _mm_loadu_si128((const __m128i *)(const void *)p);
	/* signed compares: bytes from 0x80 up are negative, no digits */
	__m128i hit = _mm_and_si128(_mm_cmpgt_epi8(v, _mm_set1_epi8('0' - 1)),
				    _mm_cmplt_epi8(v, _mm_set1_epi8('9' + 1)));
	hit = _mm_or_si128(hit, _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('$')),
					     _mm_cmpeq_epi8(v, _mm_set1_epi8('.'))));
	hit = _mm_or_si128(hit, _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('!')),
					     _mm_cmpeq_epi8(v, _mm_set1_epi8('?'))));
	hit = _mm_or_si128(hit, _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8((char)0xE3)),
					     _mm_cmpeq_epi8(v, _mm_set1_epi8((char)0xEF))));
	return (unsigned)_mm_movemask_epi8(hit);
}
#endif

/* Returns the index of the first byte from i on that the table above
 * holds, or len: sixteen bytes at a time where SSE2 is there (every
 * x86-64; the last few bytes as the last sixteen, those already seen
 * masked off), the table elsewhere and for a text shorter than that. */
static size_t next_interesting(const char *s, size_t i, size_t len)
{
#ifdef BYTESCAN_SSE2
	i = bytescan_next(s, i, len, interesting_mask, NULL);
#endif
	while (i < len && !interesting[(unsigned char)s[i]])
		i++;
	return i;
}

/* Returns the bytes of a sentence end at s[i] (0: none): 。！？, or . ! ?
 * before a space or the end of the text (not the point of 3.35). */
static size_t sentence_end(const char *s, size_t len, size_t i)
{
	unsigned char ch = (unsigned char)s[i];
	if (ch == '.' || ch == '!' || ch == '?')
		return i + 1 == len || s[i + 1] == ' ' || s[i + 1] == '\n' || s[i + 1] == ')' ? 1 : 0;
	if (ch == 0xE3 && i + 2 < len && (unsigned char)s[i + 1] == 0x80 && (unsigned char)s[i + 2] == 0x82)
		return 3;   /* 。 */
	if (ch == 0xEF && i + 2 < len && (unsigned char)s[i + 1] == 0xBC &&
	    ((unsigned char)s[i + 2] == 0x81 || (unsigned char)s[i + 2] == 0x9F))
		return 3;   /* ！ ？ */
	return 0;
}

/* Counts the sentence ends in s[from..to) into *sentence. */
static void count_ends(const char *s, size_t len, size_t from, size_t to, size_t *sentence)
{
	for (size_t i = from; i < to; i++) {
		if (!interesting[(unsigned char)s[i]])
			continue;
		size_t n = sentence_end(s, len, i);
		if (n) {
			(*sentence)++;
			i += n - 1;
		}
	}
}

static int word_byte(unsigned char ch);

/* Returns 1 if lit, read from s[0..n), is a figure without a dimension that
 * the scan checks as it checks quantities with a unit: a percentage (17%),
 * a ratio (2.6×, 2.6 倍, 3x) or a count with a magnitude word (4 million,
 * 100 万亿, 6800亿).  A magnitude glued as a letter (70B, 128K) is not: in
 * prose it names a model or a context length ("Llama 3 70B"), a label
 * rather than a claim. */
static int plain_figure(const struct units *u, const char *s, size_t n, const struct literal *lit)
{
	if (!dim_is_none(&lit->q.dim))
		return 0;
	if (lit->has_unit) {
		const char *name = lit->q.unit;
		return name && (!strcmp(name, "%") || !strcmp(name, "\xc3\x97") ||
				!strcmp(name, "\xe5\x80\x8d"));   /* × 倍 */
	}
	size_t last = n;
	while (last > 0 && !(s[last - 1] >= '0' && s[last - 1] <= '9'))
		last--;
	while (last < n && s[last] == ' ')
		last++;
	if (last >= n)
		return 0;
	double factor;
	/* not glued: a word (million) or Chinese (万亿, glued or not) */
	return units_magnitude(u, s + last, n - last, 0, &factor) > 0;
}

/* ---- what a block's sentences name ---- */

static void name_row(struct side *sd, size_t sentence, const char *row)
{
	struct named *nm = ARRAY_PUSH(sd->v, sd->n, sd->cap);
	nm->sentence = sentence;
	nm->row = row;
}

/* The rows a span names: each row.field (or table.row.field) in it. */
static void span_rows(struct ctx *c, struct side *sd, size_t sentence, const char *t, size_t len)
{
	for (size_t i = 0; i < len;) {
		if (!(t[i] >= 'a' && t[i] <= 'z') || (i > 0 && (t[i - 1] == '_' || t[i - 1] == '.' ||
		    (t[i - 1] >= 'a' && t[i - 1] <= 'z') || (t[i - 1] >= '0' && t[i - 1] <= '9')))) {
			i++;
			continue;
		}
		size_t j = i;
		while (j < len && ((t[j] >= 'a' && t[j] <= 'z') || (t[j] >= '0' && t[j] <= '9') || t[j] == '_'))
			j++;
		if (j < len && t[j] == '.') {
			/* row.field: the row, with the cell the span states */
			size_t k = j + 1;
			while (k < len && ((t[k] >= 'a' && t[k] <= 'z') || (t[k] >= '0' && t[k] <= '9') ||
					   t[k] == '_'))
				k++;
			const char *id = arena_strndup(c->a, t + i, j - i);
			const struct spec_table *tb;
			if (numbers_row(c->book->numbers, id, &tb))
				name_row(sd, sentence, arena_strndup(c->a, t + i, k - i));
		}
		i = j;
	}
}

/* The figures with units a span states or computes with (`{500 GB/s ≈
 * grace.cpu_bw}`, `{970× ≈ 200 TB / 192 GiB}`), each read as scan_next()
 * reads prose. */
static void span_figures(struct ctx *c, struct scan *sc, size_t section, const char *t, size_t len)
{
	const struct units *u = numbers_units(c->book->numbers);
	for (size_t i = 0; i < len;) {
		unsigned char ch = (unsigned char)t[i];
		if (!((ch >= '0' && ch <= '9') || ch == '$') || (i > 0 && word_byte((unsigned char)t[i - 1]))) {
			i++;
			continue;
		}
		struct literal lit;
		struct srcloc none = { c->ch->path, 0, 0 };
		diag_mute(1);
		int rc = literal_parse(u, c->a, t + i, len - i, none, LITERAL_UNIT | LITERAL_KIND, &lit);
		diag_mute(-1);
		/* what binds a plain figure: a quantity with a unit, a percentage
		 * or ratio, or a count (104B, 2.664M, 80,000: 1000 or more, so
		 * that the 2 of `2 × …` binds no plain "2 倍") */
		if (rc == 1 && ((lit.has_unit && !dim_is_none(&lit.q.dim)) ||
				plain_figure(u, t + i, lit.len, &lit) ||
				(!lit.has_unit && dim_is_none(&lit.q.dim) &&
				 fabs(lit.q.nominal.lo) >= 1000))) {
			struct restated *r = ARRAY_PUSH(sc->st, sc->nst, sc->capst);
			r->section = section;
			r->q = lit.q;
		}
		size_t j = i + (rc == 1 && lit.len ? lit.len : 1);
		while (j < len && (word_byte((unsigned char)t[j]) || t[j] == ','))
			j++;
		i = j;
	}
}

/* Text of a block: its spans' rows, the names the auto-linker finds, its
 * sentence ends. */
static void text_rows(struct ctx *c, struct side *sd, const char *s)
{
	size_t len = strlen(s), from = 0;
	while (from <= len) {
		/* the next span's placeholder, as spans_emit() splits */
		size_t at = from, n = 0;
		const char *text = NULL;
		size_t tlen = 0;
		for (;;) {
			const char *ph = placeholder_find(s + at, len - at);
			if (!ph) {
				at = len;
				break;
			}
			at = (size_t)(ph - s);
			if ((n = placeholder_span(c, s + at, len - at, &text, &tlen)) != 0)
				break;
			at++;
		}
		const char *seg = s + from;
		size_t seglen = at - from, i = 0, counted = 0;
		for (;;) {
			const struct autolink_target *p = NULL;
			size_t k = c->links ? autolink_next(c->links, seg, seglen, i, NULL, 0, &p) : seglen;
			count_ends(seg, seglen, counted, k, &sd->sentences);
			if (k >= seglen)
				break;
			if (p->row)
				name_row(sd, sd->sentences, p->row);
			i = counted = k + p->len;
		}
		if (at >= len)
			break;
		if (!(tlen && text[0] == '?'))   /* an example names nothing */
			span_rows(c, sd, sd->sentences, text, tlen);
		from = at + n;
	}
}

static void block_rows(struct ctx *c, struct side *sd, cmark_node *n, int depth)
{
	if (depth > RENDER_MAX_DEPTH)
		return;
	switch (cmark_node_get_type(n)) {
	case CMARK_NODE_PARAGRAPH:
		sd->sentences++;
		break;
	case CMARK_NODE_TEXT:
		text_rows(c, sd, cmark_node_get_literal(n));
		return;
	case CMARK_NODE_LINK: {
		const char *url = cmark_node_get_url(n);
		const struct spec_table *t;
		const struct spec_row *row;
		if (url && !strncmp(url, "spec:", 5) && (row = numbers_row(c->book->numbers, url + 5, &t)))
			name_row(sd, sd->sentences, row->id);
		break;
	}
	case CMARK_NODE_IMAGE:
	case CMARK_NODE_HEADING:
	case CMARK_NODE_CODE:
	case CMARK_NODE_CODE_BLOCK:
	case CMARK_NODE_HTML_BLOCK:
	case CMARK_NODE_HTML_INLINE:
		return;
	default:
		if (markdown_is_table(n)) {
			/* each row of a table is a sentence of its own, the
			 * alignment row too: the row its first cell names is the
			 * one its cells are held against (render.c calls
			 * scan_sentence() at each) */
			sd->sentences++;
			int body = 0;
			for (cmark_node *k = cmark_node_first_child(n); k; k = cmark_node_next(k)) {
				if (!markdown_table_row_is_header(k))
					sd->sentences += body++ ? 1 : 2;
				block_rows(c, sd, k, depth + 1);
			}
			return;
		}
		break;
	}
	for (cmark_node *k = cmark_node_first_child(n); k; k = cmark_node_next(k))
		block_rows(c, sd, k, depth + 1);
}

static int by_value(const void *x, const void *y)
{
	const struct restated *a = x, *b = y;
	if (a->section != b->section)
		return a->section < b->section ? -1 : 1;
	return a->q.nominal.lo < b->q.nominal.lo ? -1 : a->q.nominal.lo > b->q.nominal.lo;
}

/* The figures of every span of the chapter, by section (a heading starts
 * one: its own spans are its section's). */
static void chapter_figures(struct ctx *c, struct scan *sc, cmark_node *n, size_t *section,
			    int depth)
{
	if (depth > RENDER_MAX_DEPTH)
		return;
	switch (cmark_node_get_type(n)) {
	case CMARK_NODE_HEADING:
		(*section)++;
		break;
	case CMARK_NODE_TEXT: {
		const char *s = cmark_node_get_literal(n);
		size_t len = strlen(s);
		for (size_t i = 0; i < len; i++) {
			const char *ph = placeholder_find(s + i, len - i), *text;
			if (!ph)
				break;
			i = (size_t)(ph - s);
			size_t tlen, k = placeholder_span(c, s + i, len - i, &text, &tlen);
			if (!k)
				continue;
			if (!(tlen && text[0] == '?'))   /* an example binds nothing */
				span_figures(c, sc, *section, text, tlen);
			i += k - 1;
		}
		return;
	}
	case CMARK_NODE_CODE:
	case CMARK_NODE_CODE_BLOCK:
	case CMARK_NODE_HTML_BLOCK:
	case CMARK_NODE_HTML_INLINE:
		return;
	default:
		break;
	}
	for (cmark_node *k = cmark_node_first_child(n); k; k = cmark_node_next(k))
		chapter_figures(c, sc, k, section, depth + 1);
}

void scan_chapter_begin(struct ctx *c, cmark_node *doc)
{
	if (!c->book->numbers)
		return;
	if (!c->scan)
		c->scan = xcalloc(1, sizeof *c->scan);
	c->scan->doc = doc;
	c->scan->section = 0;
}

/* The chapter's span figures, read when the first plain quantity needs
 * them: a chapter without one (most of a generated corpus) pays nothing. */
static void need_figures(struct ctx *c)
{
	struct scan *sc = c->scan;
	if (sc->figures_read || !sc->doc)
		return;
	sc->figures_read = 1;
	size_t section = 0;
	chapter_figures(c, sc, sc->doc, &section, 0);
	if (sc->nst > 1)
		qsort(sc->st, sc->nst, sizeof *sc->st, by_value);
}

void scan_heading(struct ctx *c)
{
	if (c->scan)
		c->scan->section++;
}

int scan_block_begin(struct ctx *c, cmark_node *block, cmark_node *pair)
{
	if (!c->book->numbers || (c->scan && c->scan->active))
		return 0;
	if (!c->scan)
		c->scan = xcalloc(1, sizeof *c->scan);
	struct scan *s = c->scan;
	s->active = 1;
	s->paired = pair != NULL;
	s->block = block;
	s->pair = pair;
	s->rows_read = 0;
	scan_side(c, 0);
	return 1;
}

/* The rows each sentence of the block (and its pair) names, read when its
 * first plain quantity needs them. */
static void need_rows(struct ctx *c)
{
	struct scan *s = c->scan;
	if (s->rows_read)
		return;
	s->rows_read = 1;
	for (int k = 0; k < 2; k++) {
		s->side[k].n = 0;
		s->side[k].sentences = 0;
	}
	block_rows(c, &s->side[0], s->block, 0);
	if (s->pair)
		block_rows(c, &s->side[1], s->pair, 0);
}

void scan_side(struct ctx *c, int side)
{
	if (c->scan) {
		c->scan->now = side;
		c->scan->sentence = 0;
	}
}

void scan_block_end(struct ctx *c, int began)
{
	if (began && c->scan)
		c->scan->active = 0;
}

void scan_paragraph(struct ctx *c, cmark_node *para)
{
	struct scan *s = c->scan;
	if (!s || !s->active)
		return;
	s->sentence++;
	s->line = cmark_node_get_start_line(para);
	s->end_line = cmark_node_get_end_line(para);
	s->off = 0;
	s->lost = 0;
}

void scan_sentence(struct ctx *c)
{
	if (c->scan && c->scan->active)
		c->scan->sentence++;
}

void scan_table_begin(struct ctx *c, const char *head, const struct pipe_cell *cells, size_t ncols)
{
	if (!c->scan)
		return;
	c->scan->head = (struct table_head){ .text = head, .cells = cells, .ncols = ncols, .cell = -1 };
}

void scan_table_cell(struct ctx *c, long column, int line, size_t off)
{
	struct scan *s = c->scan;
	if (!s)
		return;
	if (s->head.line != line)
		s->lost = 0;   /* each row is searched on its own line */
	s->head.cell = column;
	s->head.figures = 0;
	s->head.line = line;
	s->line = line;
	s->off = off;
}

void scan_table_end(struct ctx *c)
{
	if (c->scan)
		c->scan->head = (struct table_head){ .cell = -1 };
}

void scan_free(struct ctx *c)
{
	if (!c->scan)
		return;
	for (int k = 0; k < 2; k++)
		free(c->scan->side[k].v);
	free(c->scan->st);
	free(c->scan->rows);
	free(c->scan);
	c->scan = NULL;
}

/* The rows named in sentence k of side sd (appended to s->rows). */
/* Rows one quantity is held against, at most: a sentence that names more
 * is a list of products, not a statement about one, and comparing each of
 * its figures with every row it names would grow as their product. */
#define SCAN_ROWS_MAX 16

static void rows_of(struct scan *s, const struct side *sd, size_t k)
{
	size_t lo = 0, hi = sd->n;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (sd->v[mid].sentence < k)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (; lo < sd->n && sd->v[lo].sentence == k && s->nrows < SCAN_ROWS_MAX; lo++)
		*ARRAY_PUSH(s->rows, s->nrows, s->caprows) = sd->v[lo].row;
}

/* Returns 1 if a span of the section rendering states or computes with
 * q's figure (the same dimension and nominal value: `about 500 GB/s` and
 * `{500 GB/s ≈ …}`). */
static int restated(const struct scan *sc, const struct quantity *q)
{
	double lo = q->nominal.lo, eps = 1e-9 * fabs(lo);
	size_t a = 0, b = sc->nst;
	while (a < b) {
		size_t mid = a + (b - a) / 2;
		const struct restated *r = &sc->st[mid];
		if (r->section < sc->section || (r->section == sc->section && r->q.nominal.lo < lo - eps))
			a = mid + 1;
		else
			b = mid;
	}
	for (; a < sc->nst && sc->st[a].section == sc->section && sc->st[a].q.nominal.lo <= lo + eps;
	     a++) {
		const struct quantity *r = &sc->st[a].q;
		if (dim_equal(&r->dim, &q->dim) &&
		    fabs(r->nominal.hi - q->nominal.hi) <= 1e-9 * fabs(q->nominal.hi))
			return 1;
	}
	return 0;
}

/* ---- quantities ---- */

static int word_byte(unsigned char ch)
{
	return (ch >= '0' && ch <= '9') || (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
	       ch == '_' || ch == '.' || ch == '-' || ch == '/' || ch == '^';
}

static const struct spec_column *header_column(struct ctx *c, const char *row);
static void sentence_rows(struct ctx *c);

/* Returns 1 and fills *f when s[i..i+used), a number without a unit, is
 * all there is in a table's cell whose header names a column with a unit:
 * the number is read in that unit ("989" under "BF16 TFLOPS"). */
static int bare_cell(struct ctx *c, const char *s, size_t len, size_t i, size_t used,
		     struct scan_found *f)
{
	struct scan *sc = c->scan;
	if (sc->head.cell < 0 || (size_t)sc->head.cell >= sc->head.ncols)
		return 0;
	for (size_t k = 0; k < len; k++)
		if ((k < i || k >= i + used) && s[k] != ' ')
			return 0;
	sentence_rows(c);
	const struct spec_column *col = sc->nrows ? header_column(c, sc->rows[0]) : NULL;
	const char *unit = col ? sc->head.now->units[sc->head.cell] : NULL;
	if (!unit)
		return 0;
	const char *t = arena_printf(c->a, "%.*s %s", (int)used, s + i, unit);
	struct srcloc none = { c->ch->path, 0, 0 };
	diag_mute(1);
	int rc = literal_parse(numbers_units(c->book->numbers), c->a, t, strlen(t), none,
			       LITERAL_UNIT | LITERAL_KIND, &f->lit);
	diag_mute(-1);
	if (rc != 1 || !f->lit.has_unit || dim_is_none(&f->lit.q.dim) || f->lit.len < strlen(t))
		return 0;
	f->start = i;
	f->len = used;
	f->widen = 0;
	return 1;
}

/* Does a word go on at s[i], after what looked like a quantity ("128b/130b",
 * "1g.10gb", "2024 the": no quantity)?  A full stop, slash or hyphen goes on
 * only when a letter or digit follows it. */
static int glued_on(const char *s, size_t len, size_t i)
{
	if (i >= len || !word_byte((unsigned char)s[i]))
		return 0;
	if (s[i] != '.' && s[i] != '/' && s[i] != '-')
		return 1;
	unsigned char next = i + 1 < len ? (unsigned char)s[i + 1] : ' ';
	return (next >= '0' && next <= '9') || (next >= 'a' && next <= 'z') || (next >= 'A' && next <= 'Z');
}

/* Returns the bytes from s[i] to the end of a ratio's sign after a number
 * the literal read without a unit, or 0: a × or x glued to the number and
 * followed by a blank or the end ("2.6× the throughput", "3x faster"; the
 * literal reads a × with a word after it as a product, as in a derivation,
 * and "2.6×(…)" or "2×3" are products still), or 倍 after blanks whatever
 * follows (the literal reads "倍以上" as one unknown word). */
static size_t ratio_sign(const char *s, size_t len, size_t i)
{
	size_t n = i + 1 < len && (unsigned char)s[i] == 0xC3 && (unsigned char)s[i + 1] == 0x97 ? 2
		 : i < len && s[i] == 'x' ? 1 : 0;
	if (n)
		return i + n == len || s[i + n] == ' ' ? n : 0;
	size_t j = i;
	while (j < len && s[j] == ' ')
		j++;
	if (j + 2 < len && !memcmp(s + j, "\xe5\x80\x8d", 3))   /* 倍 */
		return j + 3 - i;
	return 0;
}

/* Reads s[0..n) as a number (with a ratio's sign, or a magnitude, and no
 * unit when unit is 0) into *lit; returns 1 when all of it reads so. */
static int reread(struct ctx *c, const char *s, size_t n, int unit, struct literal *lit)
{
	struct srcloc none = { c->ch->path, 0, 0 };
	diag_mute(1);
	int rc = literal_parse(numbers_units(c->book->numbers), c->a, s, n, none,
			       unit ? LITERAL_UNIT : 0, lit);
	diag_mute(-1);
	return rc == 1 && lit->len == n;
}

/* Words before a number that make it approximate (约 900 GB/s, about 1.8 TB/s). */
static int approx_before(const char *s, size_t start)
{
	static const char *const words[] = {
		"\xe7\xba\xa6", "\xe7\xba\xa6\xe4\xb8\xba", "\xe5\xa4\xa7\xe7\xba\xa6",   /* 约 约为 大约 */
		"\xe8\xbf\x91", "\xe6\x8e\xa5\xe8\xbf\x91",                               /* 近 接近 */
		"about", "around", "roughly", "approximately", "nearly", "~", "\xe2\x89\x88", /* ≈ */
	};
	size_t end = start;
	while (end > 0 && s[end - 1] == ' ')
		end--;
	for (size_t k = 0; k < sizeof words / sizeof *words; k++) {
		size_t n = strlen(words[k]);
		if (n <= end && !memcmp(s + end - n, words[k], n) &&
		    (n == end || !(words[k][0] >= 'a' && words[k][0] <= 'z') ||
		     !word_byte((unsigned char)s[end - n - 1])))
			return 1;
	}
	return 0;
}

static size_t near_unit(struct ctx *c, const char *s, size_t len, size_t i, size_t used);

size_t scan_next(struct ctx *c, const char *s, size_t len, size_t from, struct scan_found *f)
{
	struct scan *sc = c->scan;
	const struct units *u = numbers_units(c->book->numbers);
	size_t i = from;
	while (i < len) {
		if ((i = next_interesting(s, i, len)) >= len)
			break;
		unsigned char ch = (unsigned char)s[i];
		int digit = ch >= '0' && ch <= '9';
		if (!(digit || ch == '$') || (i > 0 && word_byte((unsigned char)s[i - 1]))) {
			size_t n = sentence_end(s, len, i);
			if (n)
				sc->sentence++;
			i += n ? n : 1;
			continue;
		}
		struct srcloc none = { c->ch->path, 0, 0 };
		diag_mute(1);
		int rc = literal_parse(u, c->a, s + i, len - i, none, LITERAL_UNIT | LITERAL_KIND, &f->lit);
		if (rc < 0)   /* "falls from 80% to 40%": two figures, not a range run backwards */
			rc = literal_parse(u, c->a, s + i, len - i, none,
					   LITERAL_UNIT | LITERAL_KIND | LITERAL_NO_RANGE, &f->lit);
		diag_mute(-1);
		size_t used = rc == 1 ? f->lit.len : 0;
		while (used && s[i + used - 1] == ' ')
			used--;
		size_t sign = used && !f->lit.has_unit ? ratio_sign(s, len, i + used) : 0;
		struct literal r;
		if (sign && reread(c, s + i, used + sign, 1, &r) && r.has_unit) {
			f->lit = r;
			used += sign;
		}
		/* `80 GB/GPU`, `900 GB/s/GPU`: what it is per names its scope kind */
		int per = 0;
		size_t pn = used && rc == 1 && f->lit.has_unit && i + used + 1 < len &&
			s[i + used] == '/' ? units_kind_per_match(u, s + i + used + 1,
								  len - i - used - 1, &per) : 0;
		if (pn && !f->lit.q.kind[units_kind_family(u, per)] &&
		    !glued_on(s, len, i + used + 1 + pn)) {
			units_kind_set(u, &f->lit.q, per);
			used += 1 + pn;
		}
		/* a count whose next word read as a unit ("1.5 亿 A100": amperes) */
		if (rc == 1 && used && f->lit.has_unit && glued_on(s, len, i + used)) {
			size_t k = used;
			while (k > 0 && s[i + k - 1] != ' ')
				k--;
			while (k > 0 && s[i + k - 1] == ' ')
				k--;
			if (k && reread(c, s + i, k, 0, &r) && plain_figure(u, s + i, k, &r)) {
				f->lit = r;
				used = k;
			}
		}
		if (rc == 1 && used && ((f->lit.has_unit && !dim_is_none(&f->lit.q.dim)) ||
					plain_figure(u, s + i, used, &f->lit)) &&
		    /* 倍, 万: Han text may follow them glued ("2.6 倍以上") */
		    (!glued_on(s, len, i + used) || (unsigned char)s[i + used - 1] >= 0x80)) {
			f->start = i;
			f->len = used;
			f->widen = approx_before(s, i) ? c->book->approx : 0;
			return i;
		}
		if (rc == 1 && !f->lit.has_unit && used && bare_cell(c, s, len, i, used, f))
			return i;
		if (rc == 1 && !f->lit.has_unit && used)
			used += near_unit(c, s, len, i, used);
		/* not a quantity: past its digits (never read again) */
		size_t j = i + (used ? used : 1);
		while (j < len && (word_byte((unsigned char)s[j]) || s[j] == ',') &&
		       !sentence_end(s, len, j))
			j++;
		i = j;
	}
	return len;
}

/* The length of a body line as cmark read it, remembered for the line
 * asked last: a paragraph is often one long line, and measuring it for
 * each of its quantities was quadratic. */
static size_t line_length(struct ctx *c, int line)
{
	struct scan *sc = c->scan;
	if (sc->measured_line != line) {
		sc->measured_line = line;
		sc->measured_len = strcspn(c->md + c->md_lines[line - 1], "\n");
	}
	return sc->measured_len;
}

/* The column, as the author wrote the line (code points, spans as
 * written), of byte off of a body line as cmark read it, counted on from
 * where cur last stood when that was earlier on the same line: columns
 * along a line in order cost the line's length once. */
static int column_at(struct ctx *c, int line, size_t off, struct column_cursor *cur)
{
	if (!c->md || line < 1 || (size_t)line > c->nlines)
		return 1;
	const char *s = c->md + c->md_lines[line - 1];
	size_t len = line_length(c, line);
	if (cur->line != line || cur->at > off)
		*cur = (struct column_cursor){ line, 0, 1 };
	size_t i = cur->at;
	int col = placeholder_columns(c, s, len, &i, off, cur->col);
	cur->at = i;
	cur->col = col;
	return col;
}

/* Where quantity text q (n bytes) stands in the source: found on the
 * paragraph's lines from the cursor on (and the cursor moved past it), or
 * the cursor's line when it cannot be found (an entity, an escape). */
static struct srcloc quantity_loc(struct ctx *c, const char *q, size_t n)
{
	struct scan *s = c->scan;
	/* once one was not found, the rest of the paragraph is not searched:
	 * searching to its end for each would be quadratic */
	int last = s->head.cell >= 0 && s->head.line ? s->head.line : s->end_line;
	for (int line = s->line; !s->lost && line >= 1 && line <= last && (size_t)line <= c->nlines;
	     line++) {
		const char *ls = c->md + c->md_lines[line - 1];
		size_t llen = line_length(c, line);
		size_t off = line == s->line ? s->off : 0;
		const char *hit = off <= llen ? memmem(ls + off, llen - off, q, n) : NULL;
		if (hit) {
			s->line = line;
			s->off = (size_t)(hit - ls) + n;
			return chapter_loc(c, line, column_at(c, line, (size_t)(hit - ls), &s->col));
		}
	}
	s->lost = 1;
	return chapter_loc(c, s->line > 0 ? s->line : 1, 1);
}

static void record_unchecked(struct ctx *c, struct srcloc loc, const char *text, const char *why)
{
	struct unchecked_record *r = ARRAY_PUSH(c->out->unchecked_list, c->out->nunchecked_list,
						c->capunchecked);
	r->loc = loc;
	r->text = text;
	r->why = why;
	c->out->unchecked++;
}

/* A number s[i..i+used) and a word after it that is one slip from a unit
 * ("239 TFOPS"): a warning that names the unit it may be, and the figure
 * is listed as unchecked.  Returns the bytes of the word and the blank
 * before it, or 0 when there is no such word. */
static size_t near_unit(struct ctx *c, const char *s, size_t len, size_t i, size_t used)
{
	size_t w = i + used;
	if (w >= len || s[w] != ' ')
		return 0;   /* glued on, a name more than a unit: 100GbE, 4K60 */
	size_t e = ++w;
	while (e < len && e - w <= 16 && ((s[e] >= 'A' && s[e] <= 'Z') || (s[e] >= 'a' && s[e] <= 'z')))
		e++;
	if (e == w || glued_on(s, len, e))
		return 0;
	const char *word = arena_strndup(c->a, s + w, e - w);
	const char *meant = units_near(numbers_units(c->book->numbers), c->a, word);
	if (!meant)
		return 0;
	const char *text = arena_strndup(c->a, s + i, e - i);
	struct srcloc loc = quantity_loc(c, text, e - i);
	c->out->quantities++;
	record_unchecked(c, loc, text, arena_printf(c->a, "'%s' is not a unit: %s?", word, meant));
	diag_report(DIAG_WARNING, loc, (int)utf8_length(text, e - i),
		    arena_printf(c->a, "hint: did you mean %s? write '%.*s %s', and the figure is "
				 "checked", meant, (int)used, s + i, meant),
		    "'%s' is not a unit: the figure '%s' is not checked", word, text);
	return e - i - used;
}

/* Reads "1 unit" as a literal into *lit: returns 1 when all of it is a
 * quantity with a unit. */
static int unit_reads(struct ctx *c, const char *unit, size_t len, struct literal *lit)
{
	const char *t = arena_printf(c->a, "1 %.*s", (int)len, unit);
	struct srcloc none = { c->ch->path, 0, 0 };
	diag_mute(1);
	int rc = literal_parse(numbers_units(c->book->numbers), c->a, t, strlen(t), none,
			       LITERAL_UNIT | LITERAL_KIND, lit);
	diag_mute(-1);
	return rc == 1 && lit->has_unit && lit->len == strlen(t);
}

/* Returns text[from..to), blanks trimmed, when it is a unit of want's
 * dimension (want: "1 <the column's unit>" read as a literal), else NULL. */
static const char *unit_of(struct ctx *c, const char *text, size_t from, size_t to,
			   const struct literal *want)
{
	struct literal got;
	while (from < to && text[from] == ' ')
		from++;
	while (to > from && text[to - 1] == ' ')
		to--;
	if (to > from && to - from <= 16 && unit_reads(c, text + from, to - from, &got) &&
	    dim_equal(&got.q.dim, &want->q.dim))
		return arena_strndup(c->a, text + from, to - from);
	return NULL;
}

/* The unit a bare number under header text[0..len) naming column col is
 * in: the header's own, in parentheses or as its last word ("Memory (GB)",
 * "显存（GB）", "BF16 TFLOPS"), when it has col's dimension; else col's. */
static const char *header_unit(struct ctx *c, const char *text, size_t len, const struct spec_column *col)
{
	struct literal want;
	if (!col->unit || !unit_reads(c, col->unit, strlen(col->unit), &want))
		return col->unit;
	const char *u = NULL;
	const char *open = memchr(text, '(', len), *wide = memmem(text, len, "\xef\xbc\x88", 3);   /* （ */
	if (open) {
		size_t from = (size_t)(open - text) + 1;
		const char *close = memchr(text + from, ')', len - from);
		u = unit_of(c, text, from, close ? (size_t)(close - text) : len, &want);
	} else if (wide) {
		size_t from = (size_t)(wide - text) + 3;
		const char *close = memmem(text + from, len - from, "\xef\xbc\x89", 3);   /* ） */
		u = unit_of(c, text, from, close ? (size_t)(close - text) : len, &want);
	}
	size_t last = len;
	while (last > 0 && text[last - 1] != ' ')
		last--;
	if (!u)
		u = unit_of(c, text, last, len, &want);
	return u ? u : col->unit;
}

/* The row id of row, a row id or "row.field" (copied only then). */
static const char *row_id(struct ctx *c, const char *row)
{
	size_t n = strcspn(row, ".");
	return row[n] ? arena_strndup(c->a, row, n) : row;
}

/* The column the header names over the table cell rendering, in the table
 * of row (a row id, or "row.field"), or NULL: not in a table, or the
 * header names no column of that table. */
static const struct spec_column *header_column(struct ctx *c, const char *row)
{
	struct table_head *h = &c->scan->head;
	if (h->cell < 0 || (size_t)h->cell >= h->ncols)
		return NULL;
	const struct spec_table *t;
	if (!numbers_row(c->book->numbers, row_id(c, row), &t))
		return NULL;
	size_t ntables, k;
	const struct spec_table *all = numbers_tables(c->book->numbers, &ntables);
	if (!h->by_table)
		h->by_table = arena_array(c->a, ntables + 1, sizeof *h->by_table);
	k = (size_t)(t - all);
	if (!h->by_table[k]) {   /* the first row of that table: look the header up */
		struct head_columns *hc = arena_alloc(c->a, sizeof *hc);
		hc->columns = arena_array(c->a, h->ncols + 1, sizeof *hc->columns);
		hc->units = arena_array(c->a, h->ncols + 1, sizeof *hc->units);
		for (size_t j = 0; j < h->ncols; j++) {
			const char *text = h->text + h->cells[j].from;
			size_t len = h->cells[j].len, last = len;
			hc->columns[j] = numbers_column_named(c->book->numbers, t, text, len);
			/* a name and a unit of its own ("BF16 PFLOPS"): the name */
			while (last > 0 && text[last - 1] != ' ')
				last--;
			struct literal unit;
			if (!hc->columns[j] && last > 0 && len - last <= 16 &&
			    unit_reads(c, text + last, len - last, &unit))
				hc->columns[j] = numbers_column_named(c->book->numbers, t, text, last);
			hc->units[j] = hc->columns[j] ? header_unit(c, text, len, hc->columns[j]) : NULL;
		}
		h->by_table[k] = hc;
	}
	h->now = h->by_table[k];
	return h->now->columns[h->cell];
}

/* The rows the sentence rendering names (or the sentence at its place in
 * the pair) into sc->rows. */
static void sentence_rows(struct ctx *c)
{
	struct scan *sc = c->scan;
	need_rows(c);
	sc->nrows = 0;
	rows_of(sc, &sc->side[sc->now], sc->sentence);
	if (!sc->nrows && sc->paired && sc->side[0].sentences == sc->side[1].sentences)
		rows_of(sc, &sc->side[!sc->now], sc->sentence);
}

static const char unchecked_hint[] =
	"hint: name its spec row in the sentence (or in the paired one), write it as a span "
	"({row.column} or a claim), or mark an example: {?1 GB}";

int scan_judge(struct ctx *c, const char *s, const struct scan_found *f, const char **table,
	       const char **row)
{
	struct scan *sc = c->scan;
	const char *text = arena_strndup(c->a, s + f->start, f->len);
	struct srcloc loc = quantity_loc(c, text, f->len);
	c->out->quantities++;
	/* the figure a span of its section states, and so checks */
	need_figures(c);
	sentence_rows(c);
	/* a table's cell under a header that names a column: that cell only */
	const struct spec_column *col = sc->nrows ? header_column(c, sc->rows[0]) : NULL;
	const char *header = col ? col->id : NULL;
	if (!header && restated(sc, &f->lit.q)) {
		c->out->matched++;
		return 0;
	}
	struct numbers_match m = { 0 };
	/* a cell's second figure, of another of its labels ("369.7 TFLOPS
	 * （Tensor Core）82.58 TFLOPS"), that is not the cell's: it agrees
	 * with another cell of its row, or it is not checked (it is no
	 * contradiction of a cell it does not stand for) */
	int later = header && sc->head.figures++ > 0;
	if (header)
		numbers_match_cell(c->book->numbers, c->a, &f->lit.q, f->lit.range, f->widen,
				   row_id(c, sc->rows[0]), header, &m);
	if (later && m.result != MATCH_AGREES) {
		m = (struct numbers_match){ 0 };
		numbers_match(c->book->numbers, c->a, &f->lit.q, f->lit.range, f->widen, sc->rows,
			      sc->nrows, &m);
		if (m.result == MATCH_AGREES) {
			c->out->matched++;
			*table = m.table;
			*row = m.row;
			return 1;
		}
		record_unchecked(c, loc, text, arena_printf(c->a, "a second figure in its cell, and "
							    "no cell of %s agrees", row_id(c, sc->rows[0])));
		return 0;
	}
	if (!header && sc->nrows)
		numbers_match(c->book->numbers, c->a, &f->lit.q, f->lit.range, f->widen, sc->rows,
			      sc->nrows, &m);
	const char *why = NULL;
	/* a bare number read in its column's unit is marked with that unit */
	const char *example = f->lit.len > f->len && col
		? arena_printf(c->a, "%s %s", text, sc->head.now->units[sc->head.cell]) : text;
	switch (m.result) {
	case MATCH_AGREES:
		c->out->matched++;
		*table = m.table;
		*row = m.row;
		return 1;
	case MATCH_DISAGREES:
		diag_report(DIAG_ERROR, loc, (int)utf8_length(text, f->len),
			    arena_printf(c->a, "%s.%s is %s%s%s\nhint: correct the figure, write it as a "
					 "claim if it is another one, or mark an example: {?%s}",
					 m.row, m.column, m.value, m.hint ? "\n" : "", m.hint ? m.hint : "",
					 example),
			    header ? "'%s' contradicts the cell its row and column name"
				   : "'%s' contradicts the spec row its sentence names", text);
		return 0;
	case MATCH_DIMENSION:
		diag_report(DIAG_ERROR, loc, (int)utf8_length(text, f->len),
			    arena_printf(c->a, "hint: the header of its column names column '%s' of table "
					 "'%s': move the figure to the column its header names, or "
					 "rename the header (under one that names no column, a cell is "
					 "checked as prose is)", m.column, m.table),
			    m.value ? "'%s' cannot be %s.%s, a column in %s"
				    : "'%s' cannot be %s.%s, a column without a unit",
			    text, m.row, m.column, m.value);
		return 0;
	case MATCH_EMPTY:
		why = arena_printf(c->a, "%s.%s holds no figure", m.row, m.column);
		break;
	case MATCH_AMBIGUOUS:
		why = m.near > 1
			? arena_printf(c->a, "several cells of the rows named are near it and none agrees "
				       "(%s)", m.list)
			: arena_printf(c->a, "no cell of its kind in the rows named is near it (%s)", m.list);
		break;
	case MATCH_NONE:
		why = !sc->nrows ? "no spec row named in its sentence"
		    : !f->lit.q.unit && dim_is_none(&f->lit.q.dim) ? "the rows named have no count near it"
		    : arena_printf(c->a, "the rows named have no %s cell",
				   format_unit_name(c->a, numbers_units(c->book->numbers), &f->lit.q));
		break;
	}
	record_unchecked(c, loc, text, why);
	if (c->book->unchecked != UNCHECKED_OFF) {
		diag_report(c->book->unchecked == UNCHECKED_ERROR ? DIAG_ERROR : DIAG_WARNING, loc,
			    (int)utf8_length(text, f->len),
			    m.result == MATCH_EMPTY
				? arena_printf(c->a, "hint: give %s.%s its figure in the spec table, or mark "
					       "an example: {?%s}", m.row, m.column, example)
				: unchecked_hint,
			    "plain quantity '%s' is not checked: %s", text, why);
	}
	return 0;
}

int scan_example(struct ctx *c, const char *text, size_t len, struct srcloc loc)
{
	struct literal lit;
	size_t start = 0;
	while (start < len && text[start] == ' ')
		start++;
	while (len > start && text[len - 1] == ' ')
		len--;
	struct srcloc at = loc;
	at.col += 2;
	int rc = c->book->numbers
		? literal_parse(numbers_units(c->book->numbers), c->a, text + start, len - start, at,
				LITERAL_UNIT | LITERAL_KIND, &lit)
		: 0;
	if (rc < 0)
		return -1;
	if (rc == 0 || lit.len != len - start ||
	    !(lit.has_unit || plain_figure(numbers_units(c->book->numbers), text + start, lit.len, &lit))) {
		diag_report(DIAG_ERROR, loc, (int)utf8_length(text, len) + 2,
			    "hint: an example holds one number with its unit, such as {?1 GB}, "
			    "{?150–200 L/min}, {?17%} or {?4 million}; for a computed one write a claim",
			    "not an example quantity: '{?%.*s}'", (int)(len - start), text + start);
		return -1;
	}
	c->out->quantities++;
	c->out->examples++;
	record_unchecked(c, loc, arena_strndup(c->a, text + start, len - start), "example");
	return 0;
}
