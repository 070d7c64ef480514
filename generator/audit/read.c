/*
 * read.c — a folder of Markdown into an audit (read.h).  The tree is
 * cmark-gfm's (core/markdown.h): a table's cells come from its table
 * nodes, as GitHub renders them; a cell's text is its inline text (link
 * text, code, emphasis's words), its place the first figure's in the
 * source row.  Prose is handed over as source lines (paragraphs, headings,
 * list items' paragraphs, quotes'), link destinations blanked with spaces
 * so that columns stay the source's.
 */
#include "audit/read.h"
#include "core/alloc.h"
#include "core/buffer.h"
#include "core/files.h"
#include "core/markdown.h"
#include "numbers/units.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

/* Appends the inline text of n's children (text, code, link text) to b. */
static void plain_text(cmark_node *n, struct buf *b)
{
	for (cmark_node *c = cmark_node_first_child(n); c; c = cmark_node_next(c)) {
		cmark_node_type t = cmark_node_get_type(c);
		if (t == CMARK_NODE_TEXT || t == CMARK_NODE_CODE) {
			const char *s = cmark_node_get_literal(c);
			if (s)
				buf_adds(b, s);
		} else if (t == CMARK_NODE_SOFTBREAK || t == CMARK_NODE_LINEBREAK) {
			buf_addch(b, ' ');
		} else if (t == CMARK_NODE_HTML_INLINE) {
			const char *s = cmark_node_get_literal(c);
			if (s && (!strncmp(s, "<br", 3) || !strncmp(s, "<BR", 3)))
				buf_addch(b, ' ');
		} else {
			plain_text(c, b);
		}
	}
}

struct file_ctx {
	struct audit *au;
	struct arena *a;
	const char *file;
	const char *text;
	size_t len;
	size_t *line_start;   /* byte offset of each line (1-based index) */
	int nlines;
	const char *section;
	int tables_only;      /* a specbook book's chapter: its uncovered tables, no prose */
};

/* The source line n (1-based) as [*from, *to) without its newline. */
static void line_bounds(const struct file_ctx *f, int n, size_t *from, size_t *to)
{
	if (n < 1 || n > f->nlines) {
		*from = *to = f->len;
		return;
	}
	*from = f->line_start[n];
	size_t e = n < f->nlines ? f->line_start[n + 1] : f->len;
	while (e > *from && (f->text[e - 1] == '\n' || f->text[e - 1] == '\r'))
		e--;
	*to = e;
}

/* Where the cell's text stands in its source row: the first occurrence of
 * its first word at or after column col. */
static struct srcloc cell_loc(const struct file_ctx *f, int line, int col, const char *plain)
{
	struct srcloc loc = { f->file, line, col > 0 ? col : 1 };
	size_t from, to;
	line_bounds(f, line, &from, &to);
	if (!plain[0] || from >= to)
		return loc;
	size_t start = from;
	/* col is a byte column (cmark's), 1-based */
	if (col > 1 && (size_t)(col - 1) < to - from)
		start = from + (size_t)(col - 1);
	size_t wl = strcspn(plain, " ");
	if (wl > 16)
		wl = 16;
	for (size_t i = start; i + wl <= to; i++)
		if (!memcmp(f->text + i, plain, wl)) {
			loc.col = diag_column(f->text + from, i - from);
			return loc;
		}
	loc.col = diag_column(f->text + from, start - from);
	return loc;
}

/* Is s[0..len) a part's name: past up to two words of letters (a vendor,
 * a series: `NVIDIA`, `RTX`, `Tesla`), a word that begins with a letter
 * and holds a digit (`H100`, `A6000`) or one of digits after a series
 * (`RTX 4090`); not a memory, a data type or a link (`HBM3`, `DDR5`,
 * `FP16`, `PCIe 4`)? */
static int part_name(const char *s, size_t len)
{
	static const char *const not_parts[] = { "hbm", "ddr", "gddr", "lpddr", "fp", "bf", "int", "tf", "pcie",
						 "nvlink", "sxm", NULL };
	size_t i = 0, words = 0;
	while (i < len && s[i] == ' ')
		i++;
	while (i < len && words <= 2) {
		size_t w = i;
		int digit = 0, alpha = 0;
		while (i < len && ((s[i] >= '0' && s[i] <= '9') || (s[i] >= 'A' && s[i] <= 'Z') || (s[i] >= 'a' && s[i] <= 'z'))) {
			digit |= s[i] >= '0' && s[i] <= '9';
			alpha |= !(s[i] >= '0' && s[i] <= '9');
			i++;
		}
		if (i == w)
			return 0;
		for (size_t k = 0; not_parts[k]; k++)
			if (i - w >= strlen(not_parts[k]) && !strncasecmp(s + w, not_parts[k], strlen(not_parts[k])))
				return 0;
		if (digit)
			return alpha ? !(s[w] >= '0' && s[w] <= '9') : words > 0;
		words++;
		if (i >= len || s[i] != ' ')
			return 0;
		i++;
	}
	return 0;
}

/* Splits s[0..len) at '/' into up to max pieces (trimmed, as [off, end)
 * pairs); returns how many, or 0 when one is empty. */
static size_t split_slashes(const char *s, size_t len, size_t *off, size_t *end, size_t max)
{
	size_t n = 0, from = 0;
	for (size_t i = 0; i <= len; i++) {
		if (i < len && s[i] != '/')
			continue;
		if (n == max)
			return 0;
		size_t a = from, b = i;
		while (a < b && s[a] == ' ')
			a++;
		while (b > a && s[b - 1] == ' ')
			b--;
		if (a == b)
			return 0;
		off[n] = a;
		end[n++] = b;
		from = i + 1;
	}
	return n;
}

static int digit_at(const char *s, size_t i)
{
	return s[i] >= '0' && s[i] <= '9';
}

/* A cell's one group of figures for k parts, `989/1979 TFLOPS FP16`,
 * `带宽：448/3000GB/s`: k numbers joined by '/', no other digit in the
 * cell but in words that begin with a letter (FP16); their starts and
 * ends into off[], end[], what follows the last in *rest.  Returns 1 when
 * the cell is such a group. */
static int figure_group(const char *s, size_t len, size_t k, size_t *off, size_t *end, size_t *rest)
{
	size_t n = 0, i = 0;
	while (i < len) {
		if (!digit_at(s, i)) {
			/* a word of letters and digits (FP16, H100) passed over */
			if ((s[i] >= 'A' && s[i] <= 'Z') || (s[i] >= 'a' && s[i] <= 'z'))
				while (i + 1 < len && (digit_at(s, i + 1) || (s[i + 1] >= 'A' && s[i + 1] <= 'Z') ||
						       (s[i + 1] >= 'a' && s[i + 1] <= 'z')))
					i++;
			i++;
			continue;
		}
		if (n)
			return 0;
		/* the group: numbers (1,979 or 3.35) joined by '/' */
		for (;;) {
			if (n == k)
				return 0;
			off[n] = i;
			while (i < len && (digit_at(s, i) || ((s[i] == ',' || s[i] == '.') && i + 1 < len && digit_at(s, i + 1))))
				i++;
			end[n++] = i;
			if (i + 1 < len && s[i] == '/' && digit_at(s, i + 1))
				i++;
			else
				break;
		}
		*rest = i;
	}
	return n == k;
}

/* A row naming two to four parts in one cell, `H100 (80GB) / H200
 * (141GB)`, with a cell of as many figures, `989/1979 TFLOPS FP16` (s43-eval
 * R9, ShinnChou/AI-fundermentals): each figure is its part's, handed over
 * as a table of its own (the parts the key; the header the cell's, with
 * the words after the figures, `TFLOPS FP16`, that name its column). */
static void part_rows(struct file_ctx *f, const struct audit_text *header, const struct audit_text *row,
		      size_t ncols)
{
	enum { MAXP = 4 };
	size_t noff[MAXP], nend[MAXP], k = 0, names = 0;
	for (size_t c = 0; c < ncols && !k; c++) {
		if (!memchr(row[c].text, '/', row[c].len))
			continue;
		k = split_slashes(row[c].text, row[c].len, noff, nend, MAXP);
		for (size_t i = 0; i < k; i++)
			if (!part_name(row[c].text + noff[i], nend[i] - noff[i]))
				k = 0;
		names = c;
	}
	if (k < 2)
		return;
	for (size_t c = 0; c < ncols; c++) {
		size_t foff[MAXP], fend[MAXP], rest = 0;
		const struct audit_text *cell = &row[c];
		if (c == names || !figure_group(cell->text, cell->len, k, foff, fend, &rest))
			continue;
		struct audit_text *t = arena_array(f->a, 2 * (k + 1), sizeof *t);
		const char *tail = arena_strndup(f->a, cell->text + rest, cell->len - rest);
		t[0] = header[names];
		t[1] = header[c];
		const char *words = tail;
		while (*words == ' ')
			words++;
		t[1].text = arena_printf(f->a, "%s %s", header[c].text, words);
		t[1].len = strlen(t[1].text);
		for (size_t i = 0; i < k; i++) {
			const struct audit_text *nc = &row[names];
			t[2 + 2 * i] = (struct audit_text){ arena_strndup(f->a, nc->text + noff[i], nend[i] - noff[i]),
							    nend[i] - noff[i], units_loc_at(nc->loc, nc->text, noff[i]) };
			const char *fig = arena_printf(f->a, "%.*s%s", (int)(fend[i] - foff[i]), cell->text + foff[i], tail);
			t[3 + 2 * i] = (struct audit_text){ fig, strlen(fig), units_loc_at(cell->loc, cell->text, foff[i]) };
		}
		audit_add_table(f->au, t, 2, t + 2, k, f->section);
	}
}

/* Is a cell a data type (`FP16`, `**BF16**`, `INT8`, `TF32`)? */
static int data_type(const char *s, size_t len)
{
	static const char *const types[] = { "FP", "BF", "TF", "INT", NULL };
	while (len && (*s == '*' || *s == ' ')) {
		s++;
		len--;
	}
	while (len && (s[len - 1] == '*' || s[len - 1] == ' '))
		len--;
	if (!len || len > 12)
		return 0;
	for (size_t k = 0; types[k]; k++) {
		size_t tl = strlen(types[k]);
		if (len > tl && !strncasecmp(s, types[k], tl) && digit_at(s, tl)) {
			size_t i = tl;
			while (i < len && digit_at(s, i))
				i++;
			return i == len;
		}
	}
	return 0;
}

/* The part a header names in parentheses (`峰值算力 (H100)`): its start
 * and end in *off, *end; 0 when none. */
static int header_part(const struct audit_text *h, size_t *off, size_t *end)
{
	const char *s = h->text;
	for (size_t i = 0; i < h->len; i++) {
		size_t open = s[i] == '(' ? 1 : (i + 3 <= h->len && !memcmp(s + i, "\xef\xbc\x88", 3)) ? 3 : 0;
		if (!open)
			continue;
		size_t a = i + open, b = a;
		while (b < h->len && s[b] != ')' && !(b + 3 <= h->len && !memcmp(s + b, "\xef\xbc\x89", 3)))
			b++;
		if (b < h->len && b > a && part_name(s + a, b - a)) {
			*off = a;
			*end = b;
			return 1;
		}
	}
	return 0;
}

/* Does a header say its figures are a part's peaks (`峰值算力`, `Peak`,
 * `理论`, `Dense`), not a throughput of something run (`吞吐`, `实测`,
 * `Measured`)? */
static int says_peak(const struct audit_text *h)
{
	static const char *const words[] = { "峰值", "理论", "算力", "peak", "Peak", "PEAK", "theoretical",
					     "Theoretical", "spec", "Spec", "Dense", "dense", "Sparse", "sparse", "稠密",
					     "稀疏", NULL };
	static const char *const runs[] = { "实测", "实际", "达到", "measured", "Measured", "achieved", "Achieved",
					    "actual", "Actual", NULL };
	for (size_t k = 0; runs[k]; k++) {
		size_t wl = strlen(runs[k]);
		for (size_t i = 0; i + wl <= h->len; i++)
			if (!memcmp(h->text + i, runs[k], wl))
				return 0;
	}
	for (size_t k = 0; words[k]; k++) {
		size_t wl = strlen(words[k]);
		for (size_t i = 0; i + wl <= h->len; i++)
			if (!memcmp(h->text + i, words[k], wl))
				return 1;
	}
	return 0;
}

/* A table keyed by data types with a column of one part's figures, named
 * in its header (`| 精度 | 峰值算力 (H100) | 实测 |`, s45-eval S2,
 * ai-infra-notes): that column handed over as the part's row, each data
 * type a column (`FP16 峰值算力`), so the reference data holds it. */
static void type_rows(struct file_ctx *f, const struct audit_text *cells, size_t ncols, size_t nrows)
{
	if (nrows < 3 || ncols < 2)
		return;
	size_t types = 0;
	for (size_t r = 1; r < nrows; r++)
		types += data_type(cells[r * ncols].text, cells[r * ncols].len);
	if (types < 2)
		return;
	/* the part its section's heading names (`#### B200`, s45-eval R4:
	 * ziliangpeng/world's B200 FP8 at its FP4 figure) */
	const char *sec = f->section;
	size_t sl = sec ? strlen(sec) : 0;
	int sec_part = sl && sl <= 24 && part_name(sec, sl);
	for (size_t c = 1; c < ncols; c++) {
		size_t off, end;
		const struct audit_text *h = &cells[c];
		int named = header_part(h, &off, &end);
		if ((!named && !sec_part) || !says_peak(h))
			continue;
		/* every row a data type, or one with no figure in this column
		 * (`FP16/BF16 | Higher than Hopper`) */
		int rows_ok = 1;
		for (size_t r = 1; r < nrows && rows_ok; r++)
			if (!data_type(cells[r * ncols].text, cells[r * ncols].len))
				for (size_t i = 0; i < cells[r * ncols + c].len; i++)
					if (digit_at(cells[r * ncols + c].text, i))
						rows_ok = 0;
		if (!rows_ok)
			continue;
		if (!named) {
			off = h->len;
			end = h->len;
		}
		size_t n = nrows;   /* the part's cell, then one a type */
		struct audit_text *t = arena_array(f->a, 2 * n, sizeof *t);
		t[0] = cells[0];
		/* the header without its part: `峰值算力` */
		size_t cut = off;
		while (cut > 0 && (h->text[cut - 1] == '(' || h->text[cut - 1] == ' '))
			cut--;
		if (cut >= 3 && !memcmp(h->text + cut - 3, "\xef\xbc\x88", 3))
			cut -= 3;
		while (cut > 0 && h->text[cut - 1] == ' ')
			cut--;
		t[n] = named ? (struct audit_text){ arena_strndup(f->a, h->text + off, end - off), end - off,
						    units_loc_at(h->loc, h->text, off) }
			     : (struct audit_text){ sec, sl, h->loc };
		for (size_t r = 1; r < nrows; r++) {
			const struct audit_text *type = &cells[r * ncols];
			const char *name = arena_printf(f->a, "%.*s %.*s", (int)type->len, type->text, (int)cut, h->text);
			t[r] = (struct audit_text){ name, strlen(name), type->loc };
			t[n + r] = cells[r * ncols + c];
		}
		audit_add_table(f->au, t, n, t + n, 1, f->section);
	}
}

static void read_table(struct file_ctx *f, cmark_node *table)
{
	unsigned ncols = markdown_table_columns(table);
	if (!ncols)
		return;
	size_t nrows = 0;
	for (cmark_node *r = cmark_node_first_child(table); r; r = cmark_node_next(r))
		nrows++;
	if (nrows < 2)
		return;
	struct audit_text *cells = arena_array(f->a, nrows * ncols, sizeof *cells);
	size_t row = 0;
	for (cmark_node *r = cmark_node_first_child(table); r; r = cmark_node_next(r), row++) {
		int line = cmark_node_get_start_line(r);
		unsigned c = 0;
		for (cmark_node *cell = cmark_node_first_child(r); cell && c < ncols; cell = cmark_node_next(cell), c++) {
			struct buf b;
			buf_init(&b);
			plain_text(cell, &b);
			/* trimmed */
			size_t s = 0, e = b.len;
			while (s < e && (b.data[s] == ' ' || b.data[s] == '\t'))
				s++;
			while (e > s && (b.data[e - 1] == ' ' || b.data[e - 1] == '\t'))
				e--;
			char *text = arena_strndup(f->a, b.data + s, e - s);
			buf_release(&b);
			int col = cmark_node_get_start_column(cell);
			cells[row * ncols + c] = (struct audit_text){ text, strlen(text), cell_loc(f, line, col, text) };
		}
		for (; c < ncols; c++) {
			struct srcloc loc = { f->file, line, 1 };
			cells[row * ncols + c] = (struct audit_text){ "", 0, loc };
		}
	}
	/* in a specbook book, a table with a span ({h100.bf16}) is a spec
	 * table's, checked by the build */
	if (f->tables_only)
		for (size_t i = 0; i < nrows * ncols; i++)
			if (memchr(cells[i].text, '{', cells[i].len))
				return;
	audit_add_table(f->au, cells, ncols, cells + ncols, nrows - 1, f->section);
	for (size_t r = 1; r < nrows; r++)
		part_rows(f, cells, cells + r * ncols, ncols);
	type_rows(f, cells, ncols, nrows);
}

/* Blanks s[from..to) keeping its bytes and its characters' count (so that
 * the columns of what follows stay the source's): ASCII as spaces, each
 * longer character as a blank one of its length (U+00A0, U+3000, U+1F000). */
static void blank(char *s, size_t from, size_t to)
{
	for (size_t k = from; k < to;) {
		unsigned char c = (unsigned char)s[k];
		size_t l = c < 0x80 ? 1 : c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : c >= 0xc0 ? 2 : 1;
		if (k + l > to)
			l = 1;
		static const char *const blanks[] = { " ", "\xc2\xa0", "\xe3\x80\x80", "\xf0\x9f\x80\x80" };
		memcpy(s + k, blanks[l - 1], l);
		k += l;
	}
}

/* Hands block n (paragraph or heading, or an HTML block of a <details>
 * answer, html: its tags blanked) over as its source lines, link
 * destinations blanked. */
static void read_prose(struct file_ctx *f, cmark_node *n, int html)
{
	int first = cmark_node_get_start_line(n), last = cmark_node_get_end_line(n);
	if (first < 1 || last < first || last > f->nlines)
		return;
	size_t from, to, end_from, end_to;
	line_bounds(f, first, &from, &to);
	line_bounds(f, last, &end_from, &end_to);
	int col = cmark_node_get_start_column(n);
	size_t start = from;
	if (col > 1 && (size_t)(col - 1) <= to - from)
		start = from + (size_t)(col - 1);
	if (end_to < start)
		return;
	size_t len = end_to - start;
	char *s = arena_strndup(f->a, f->text + start, len);
	/* "{…}" blanked: a span of a specbook book (checked by check) or a
	 * brace group of TeX, whose numbers are a formula's, not statements */
	for (size_t i = 0; i < len; i++)
		if (s[i] == '{') {
			size_t j = i + 1;
			while (j < len && s[j] != '}' && s[j] != '\n')
				j++;
			if (j < len && s[j] == '}')
				blank(s, i, j + 1);
			i = j;
		}
	/* "<details><summary>Answer</summary>(a) … 282 GB …</details>": the
	 * answer's text, its tags blanked */
	for (size_t i = 0; html && i < len; i++)
		if (s[i] == '<') {
			size_t j = i + 1;
			while (j < len && s[j] != '>' && s[j] != '\n')
				j++;
			if (j < len && s[j] == '>')
				blank(s, i, j + 1);
			i = j;
		}
	/* "](url)" → "](   )": link targets hold numbers that are no figures */
	for (size_t i = 0; i + 1 < len; i++)
		if (s[i] == ']' && s[i + 1] == '(') {
			size_t j = i + 2;
			while (j < len && s[j] != ')' && s[j] != '\n')
				s[j++] = ' ';
			i = j;
		}
	struct srcloc loc = { f->file, first, diag_column(f->text + from, start - from) };
	audit_add_prose(f->au, (struct audit_text){ s, len, loc }, f->section);
}

static void walk(struct file_ctx *f, cmark_node *root)
{
	cmark_iter *it = cmark_iter_new(root);
	cmark_event_type ev;
	while ((ev = cmark_iter_next(it)) != CMARK_EVENT_DONE) {
		if (ev != CMARK_EVENT_ENTER)
			continue;
		cmark_node *n = cmark_iter_get_node(it);
		if (markdown_is_table(n)) {
			read_table(f, n);
			/* its rows and cells are read; the iterator skips them */
			cmark_iter_reset(it, n, CMARK_EVENT_EXIT);
			continue;
		}
		cmark_node_type t = cmark_node_get_type(n);
		if (t == CMARK_NODE_HEADING) {
			struct buf b;
			buf_init(&b);
			plain_text(n, &b);
			f->section = arena_strndup(f->a, b.data, b.len);
			buf_release(&b);
			if (!f->tables_only)
				read_prose(f, n, 0);
		} else if (t == CMARK_NODE_PARAGRAPH && !f->tables_only) {
			read_prose(f, n, 0);
		} else if (t == CMARK_NODE_HTML_BLOCK && !f->tables_only) {
			/* a collapsed answer is prose a reader opens ("<details>") */
			const char *lit = cmark_node_get_literal(n);
			if (lit && !strncmp(lit, "<details", 8))
				read_prose(f, n, 1);
		}
	}
	cmark_iter_free(it);
}

static void read_text(struct audit *au, struct arena *a, const char *file, const char *text, size_t len,
		      int tables_only)
{
	struct file_ctx f = { au, a, file, text, len, NULL, 0, NULL, tables_only };
	int lines = 1;
	for (size_t i = 0; i < len; i++)
		lines += text[i] == '\n';
	f.line_start = xmalloc(((size_t)lines + 2) * sizeof *f.line_start);   /* only while reading */
	f.line_start[1] = 0;
	f.nlines = 1;
	for (size_t i = 0; i < len; i++)
		if (text[i] == '\n' && i + 1 < len)
			f.line_start[++f.nlines] = i + 1;
	/* a specbook book has registered its chapters by their paths (read
	 * again when a line is quoted): the text need not be kept */
	if (!tables_only)
		diag_source(file, text, len);
	cmark_node *doc = markdown_parse(text, len, CMARK_OPT_SOURCEPOS, NULL);
	if (doc) {
		walk(&f, doc);
		cmark_node_free(doc);
	}
	free(f.line_start);
}

void audit_read_text(struct audit *au, struct arena *a, const char *file, const char *text,
		     size_t len)
{
	read_text(au, a, file, text, len, 0);
}

void audit_read_tables(struct audit *au, struct arena *a, const char *file, const char *text,
		       size_t len)
{
	read_text(au, a, file, text, len, 1);
}

static int skipped_dir(const char *name)
{
	return name[0] == '.' || !strcmp(name, "node_modules") || !strcmp(name, "site") ||
	       !strcmp(name, "_site") || !strcmp(name, "build");
}

static void read_under(struct audit *au, struct arena *a, const char *root, const char *rel,
		       int depth, struct audit_read_stats *stats)
{
	if (depth > AUDIT_READ_MAX_DEPTH)
		return;
	const char *path = rel[0] ? arena_printf(a, "%s/%s", root, rel) : root;
	size_t n;
	char **names = files_list(a, path, "", &n);
	for (size_t i = 0; i < n; i++) {
		const char *child_rel = rel[0] ? arena_printf(a, "%s/%s", rel, names[i]) : names[i];
		const char *child = arena_printf(a, "%s/%s", root, child_rel);
		struct stat st;
		if (lstat(child, &st) != 0 || S_ISLNK(st.st_mode))
			continue;
		if (S_ISDIR(st.st_mode)) {
			if (!skipped_dir(names[i]))
				read_under(au, a, root, child_rel, depth + 1, stats);
			continue;
		}
		size_t nl = strlen(names[i]);
		if (!S_ISREG(st.st_mode) || nl < 3 || strcmp(names[i] + nl - 3, ".md"))
			continue;
		char *text;
		size_t len;
		if (files_read_text(a, child, child_rel, &text, &len) != 0)
			continue;
		stats->files++;
		stats->bytes += (long)len;
		for (size_t k = 0; k < len; k++)
			stats->lines += text[k] == '\n';
		audit_read_text(au, a, child_rel, text, len);
	}
}

int audit_read_dir(struct audit *au, struct arena *a, const char *dir,
		   struct audit_read_stats *stats)
{
	memset(stats, 0, sizeof *stats);
	if (!files_is_dir(dir)) {
		struct srcloc loc = { dir, 0, 0 };
		diag_report(DIAG_ERROR, loc, 0, "hint: give the folder of the book's Markdown: specbook audit DIR",
			    "not a folder");
		return -1;
	}
	read_under(au, a, dir, "", 0, stats);
	return 0;
}
